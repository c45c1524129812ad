"""What the phases of a Diplomacy year are called: ``S1901M`` is Spring 1901, movement (the
bot's texts, ``phase.*`` in its catalogues) and "Spring 1901 — Movement" atop a map."""

from __future__ import annotations

from engine.variants.base import Phrase

SEASONS = {
    "S": {"en": "Spring", "fr": "Printemps"},
    "F": {"en": "Fall", "fr": "Automne"},
    "W": {"en": "Winter", "fr": "Hiver"},
}
STEPS = {
    "M": {"en": "Movement", "fr": "Mouvements"},
    "R": {"en": "Retreats", "fr": "Retraites"},
    "A": {"en": "Adjustments", "fr": "Ajustements"},
}


def phase_name(phase: str, kinds: str = "MRA") -> Phrase | None:
    """``S1901M`` -> ``phase.name`` with its season, year and kind (one of ``kinds``)."""
    if len(phase) >= 6 and phase[0] in "SFW" and phase[-1] in kinds:
        return Phrase("phase.name", {"season": Phrase(f"phase.season.{phase[0]}"),
                                     "year": phase[1:-1],
                                     "kind": Phrase(f"phase.kind.{phase[-1]}")})
    return None


def phase_title(phase: str | None, locale: str) -> str | None:
    """``"S1901M"`` -> ``"Spring 1901 — Movement"`` / ``"Printemps 1901 — Mouvements"``;
    ``None`` when ``phase`` is not a movement, retreat or adjustment phase."""
    if not phase or len(phase) < 3:
        return None
    season, year, step = phase[0].upper(), phase[1:-1], phase[-1].upper()
    if season not in SEASONS or step not in STEPS or not year.isdigit():
        return None
    lg = "fr" if locale.lower().startswith("fr") else "en"
    return f"{SEASONS[season][lg]} {year} — {STEPS[step][lg]}"
