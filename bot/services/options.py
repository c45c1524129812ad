"""Rule options and phase lengths of a game: defaults, presets (seed 004 chapter 3), checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.services.common import DEFAULT_PHASE_MINUTES, MAX_PHASE_MINUTES, MIN_PHASE_MINUTES
from bot.services.errors import Invalid
from engine.scoring import SYSTEMS as SCORING_SYSTEMS

# Rule options (RULES.md); fixed at creation, shown by /game settings.
DEFAULT_OPTIONS: dict[str, Any] = {
    "preset": "standard",          # standard | vortigern (seed 004 chapter 3)
    "nmr_threshold": 2,            # consecutive missed movement phases -> civil disorder (1-3)
    "end_year": None,              # seed 000 III: game ends after this year, most centres wins
    "auto_draw": False,            # seed 004 §3.8: draw after 3 years without a centre changing
    "victory_centers": 18,
    "assignment": "random",        # random | preferences (seed 004 §3.2)
    "bids_accumulate": False,      # Duel-Diplomatie (RULES.md)
    "palette": None,               # renderer palette name
    "scoring": "draw_size",        # draw_size | sum_of_squares | c_diplo (engine.scoring)
    "map_labels": "auto",          # province abbreviations on maps: auto (the text's language) | en | fr
    "press": "full",               # none | public | full | gunboat (seed 004 §3.4.7)
    "gm_reads_press": False,       # the GM may read private letters (set at creation only)
    "absence": "extend",           # seed 004 §3.6: extend | replace (the GM names a player)
    "absence_days": 14,            # days of deadline extension per player and game year
    "civil_disorder": "hold",      # hold (seed 004 §2.14.3) | bot: the bot plays the power
    "bots": 0,                     # practice game: seats the bot takes at the start (0-6)
}
PRESS_MODES = ("none", "public", "full", "gunboat")
ABSENCE_POLICIES = ("extend", "replace")
PALETTES = ("standard", "colorblind")  # engine.render.palette
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {"preset": "standard"},
    "vortigern": {"preset": "vortigern", "assignment": "preferences"},
}


def _check_option(key: str, value: Any) -> Any:
    def bad() -> Invalid:
        return Invalid("options.invalid", key=key, value=value)

    if key == "preset":
        if value not in PRESETS:
            raise bad()
    elif key == "nmr_threshold":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
            raise bad()
    elif key == "end_year":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 1901 <= value <= 3000):
            raise bad()
    elif key == "victory_centers":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 200:
            raise bad()
    elif key in ("auto_draw", "bids_accumulate", "gm_reads_press"):
        if not isinstance(value, bool):
            raise bad()
    elif key == "press":
        if value not in PRESS_MODES:
            raise bad()
    elif key == "assignment":
        if value not in ("random", "preferences"):
            raise bad()
    elif key == "absence":
        if value not in ABSENCE_POLICIES:
            raise bad()
    elif key == "absence_days":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 365:
            raise bad()
    elif key == "civil_disorder":
        if value not in ("hold", "bot"):
            raise bad()
    elif key == "bots":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 6:
            raise bad()
    elif key == "palette":
        if value is not None and value not in PALETTES:
            raise bad()
    elif (key == "map_labels" and value not in ("auto", "en", "fr")) or \
            (key == "scoring" and value not in SCORING_SYSTEMS):
        raise bad()
    return value


def map_style(options: Mapping[str, Any] | None, locale: str) -> dict[str, str]:
    """What the renderer takes of a game's options: its palette, and the language of the
    province abbreviations (``auto``: the language of the text the map goes with — the
    guild's for a post, the reader's for his own command)."""
    o = options or {}
    labels = o.get("map_labels") or "auto"
    if labels not in ("en", "fr"):
        labels = "fr" if str(locale).lower().startswith("fr") else "en"
    return {"palette": str(o.get("palette") or "standard"), "labels": labels}


def check_option(key: str, value: Any) -> Any:
    """``value`` for the option ``key``, or ``Invalid("options.invalid")``."""
    if key not in DEFAULT_OPTIONS:
        raise Invalid("options.unknown", key=key)
    return _check_option(key, value)


def resolve_options(preset: str | None, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults, then the preset, then explicit options; unknown keys are refused."""
    merged = dict(DEFAULT_OPTIONS)
    name = preset or (options or {}).get("preset") or "standard"
    if name not in PRESETS:
        raise Invalid("options.invalid", key="preset", value=name)
    merged.update(PRESETS[name])
    for key, value in (options or {}).items():
        merged[key] = check_option(key, value)
    return merged


def resolve_phase_minutes(phase_minutes: Mapping[str, Any] | None,
                          phase_hours: float | None) -> dict[str, int]:
    """Minutes per phase kind. ``phase_hours`` sets movement; retreats and adjustments get
    half of it (they need less discussion)."""
    minutes = dict(DEFAULT_PHASE_MINUTES)
    if phase_hours is not None:
        if phase_hours <= 0:
            raise Invalid("phase_length.invalid", key="hours", value=phase_hours)
        movement = round(phase_hours * 60)
        minutes.update({"M": movement, "*": movement,
                        "R": max(MIN_PHASE_MINUTES, movement // 2),
                        "A": max(MIN_PHASE_MINUTES, movement // 2)})
    for key, value in (phase_minutes or {}).items():
        if key not in DEFAULT_PHASE_MINUTES:
            raise Invalid("phase_length.invalid", key=key, value=value)
        minutes[key] = value
    for key, value in minutes.items():
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not MIN_PHASE_MINUTES <= value <= MAX_PHASE_MINUTES:
            raise Invalid("phase_length.invalid", key=key, value=value)
        minutes[key] = int(value)
    return minutes
