"""Player-facing words on a map, in French and English."""

from __future__ import annotations

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
WORDS = {
    "centers": {"en": "centres", "fr": "centres"},
    "center": {"en": "centre", "fr": "centre"},
    "territories": {"en": "territories", "fr": "territoires"},
    "territory": {"en": "territory", "fr": "territoire"},
    "preview": {"en": "orders of {power} (preview)", "fr": "ordres de {power} (aperçu)"},
    "failed": {"en": "failed", "fr": "échoué"},
    "dislodged": {"en": "dislodged", "fr": "délogée"},
}


def lang(locale: str) -> str:
    return "fr" if locale.lower().startswith("fr") else "en"


def word(key: str, locale: str, **kw: str) -> str:
    return WORDS[key][lang(locale)].format(**kw)


def count(n: int, singular: str, plural: str, locale: str) -> str:
    return f"{n} {word(singular if n == 1 or (lang(locale) == 'fr' and n == 0) else plural, locale)}"


def phase_title(phase: str | None, locale: str) -> str | None:
    """``"S1901M"`` -> ``"Spring 1901 — Movement"`` / ``"Printemps 1901 — Mouvements"``; ``None``
    when ``phase`` is not a Diplomacy phase (L'Impérialisme has no seasons)."""
    if not phase or len(phase) < 3:
        return None
    season, year, step = phase[0].upper(), phase[1:-1], phase[-1].upper()
    if season not in SEASONS or step not in STEPS or not year.isdigit():
        return None
    lg = lang(locale)
    return f"{SEASONS[season][lg]} {year} — {STEPS[step][lg]}"
