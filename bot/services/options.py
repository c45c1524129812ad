"""Rule options and phase lengths of a game: the schema (the options every game has and its
variant's own, ``Variant.options``), defaults, presets (docs/RULES.md §1.2), checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.services.common import DEFAULT_PHASE_MINUTES, MAX_PHASE_MINUTES, MIN_PHASE_MINUTES
from bot.services.errors import Invalid
from engine import variants
from engine.scoring import SYSTEMS as SCORING_SYSTEMS
from engine.variants.base import Option

PRESS_MODES = ("none", "public", "full", "gunboat")
ABSENCE_POLICIES = ("extend", "replace")
PALETTES = ("standard", "colorblind")  # engine.render.palette
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {"preset": "standard"},
    "vortigern": {"preset": "vortigern", "assignment": "preferences"},
}


def _o(name: str, kind: type, default: Any, en: str, fr: str, help_en: str, help_fr: str,
       **more: Any) -> Option:
    return Option(name, kind, default, label={"en": en, "fr": fr},
                  help={"en": help_en, "fr": help_fr}, **more)


# The rule options every game has (docs/RULES.md §1.2); a variant adds its own
# (``Variant.options``).
# Fixed at creation, shown by /game settings.
COMMON: tuple[Option, ...] = (
    _o("preset", str, "standard", "Rule set", "Règles",
       "standard, or vortigern (rules §1.2)",
       "standard, ou vortigern (règles §1.2)", allowed=tuple(PRESETS)),
    _o("nmr_threshold", int, 2, "Civil disorder after", "Désordre civil après",
       "Consecutive missed movement phases before civil disorder (1-3)",
       "Phases de mouvement manquées d'affilée avant le désordre civil (1-3)",
       minimum=1, maximum=3),
    _o("end_year", int, None, "Last year", "Dernière année",
       "The game ends after this year; most centres wins (rules §2.3)",
       "La partie s'arrête après cette année ; le plus de centres l'emporte (règles §2.3)",
       minimum=1901, maximum=3000, nullable=True),
    _o("auto_draw", bool, False, "Automatic draw", "Nulle automatique",
       "A draw after 3 years without a centre changing hands (rules §3.8)",
       "Nulle après 3 années sans qu'un centre change de main (règles §3.8)"),
    _o("victory_centers", int, 18, "Victory", "Victoire",
       "Supply centres that win the game", "Centres de ravitaillement qui gagnent la partie",
       minimum=1, maximum=200),
    _o("assignment", str, "random", "Powers", "Puissances",
       "random, or by the players' preferences (rules §3.2)",
       "au hasard, ou selon les préférences des joueurs (règles §3.2)",
       allowed=("random", "preferences")),
    _o("palette", str, None, "Map colours", "Couleurs de la carte",
       "standard or colorblind", "standard ou daltonien", allowed=PALETTES, nullable=True),
    _o("scoring", str, "draw_size", "Scoring", "Décompte",
       "draw_size, sum_of_squares or c_diplo (rules §3.8.1)",
       "draw_size, sum_of_squares ou c_diplo (règles §3.8.1)", allowed=SCORING_SYSTEMS),
    _o("map_labels", str, "auto", "Province abbreviations", "Abréviations des provinces",
       "auto (the text's language), en or fr", "auto (la langue du texte), en ou fr",
       allowed=("auto", "en", "fr")),
    _o("press", str, "full", "Press", "Presse",
       "none, public, full or gunboat (rules §3.4.7)",
       "none, public, full ou gunboat (règles §3.4.7)", allowed=PRESS_MODES),
    _o("gm_reads_press", bool, False, "The GM reads the letters", "Le MJ lit les lettres",
       "The game master may read private letters (set at creation only)",
       "Le maître du jeu peut lire les lettres privées (fixé à la création)"),
    _o("absence", str, "extend", "Absences", "Absences",
       "extend the deadline, or replace the player (rules §3.6)",
       "prolonger l'échéance, ou remplacer le joueur (règles §3.6)",
       allowed=ABSENCE_POLICIES),
    _o("absence_days", int, 14, "Days away", "Jours d'absence",
       "Days of deadline extension per player and game year",
       "Jours de prolongation par joueur et année de jeu", minimum=0, maximum=365),
    # the bot at the table (bot.services.bots): Diplomacy only, refused elsewhere
    _o("civil_disorder", str, "hold", "Civil disorder", "Désordre civil",
       "hold (rules §2.14.3), or bot: the bot plays the power",
       "hold (règles §2.14.3), ou bot\u202f: le bot joue la puissance",
       allowed=("hold", "bot")),
    _o("bots", int, 0, "Bots", "Bots",
       "A practice game: seats the bot takes at the start (0-6)",
       "Partie d'entraînement\u202f: sièges que le bot prend au début (0-6)",
       minimum=0, maximum=6),
)
DEFAULT_OPTIONS: dict[str, Any] = {o.name: o.default for o in COMMON}


def schema(variant: str | None = None) -> dict[str, Option]:
    """The options of a game of ``variant``: those every game has, then the variant's own."""
    own: tuple[Option, ...] = ()
    if variant is not None:
        try:
            own = tuple(getattr(variants.get(variant), "options", ()))
        except variants.UnknownVariant:
            own = ()
    return {o.name: o for o in (*COMMON, *own)}


def defaults(variant: str | None = None) -> dict[str, Any]:
    return {name: o.default for name, o in schema(variant).items()}


def map_style(options: Mapping[str, Any] | None, locale: str) -> dict[str, str]:
    """What the renderer takes of a game's options: its palette, and the language of the
    province abbreviations (``auto``: the language of the text the map goes with — the
    guild's for a post, the reader's for his own command)."""
    o = options or {}
    labels = o.get("map_labels") or "auto"
    if labels not in ("en", "fr"):
        labels = "fr" if str(locale).lower().startswith("fr") else "en"
    return {"palette": str(o.get("palette") or "standard"), "labels": labels}


def check_option(key: str, value: Any, variant: str | None = None) -> Any:
    """``value`` for the option ``key`` of a game of ``variant``, or
    ``Invalid("options.unknown")`` / ``Invalid("options.invalid")``."""
    option = schema(variant).get(key)
    if option is None:
        raise Invalid("options.unknown", key=key)
    if not option.accepts(value):
        raise Invalid("options.invalid", key=key, value=value)
    return value


def resolve_options(preset: str | None, options: Mapping[str, Any] | None,
                    variant: str | None = None) -> dict[str, Any]:
    """Defaults (``variant``'s schema), then the preset, then explicit options; unknown keys
    are refused."""
    merged = defaults(variant)
    name = preset or (options or {}).get("preset") or "standard"
    if name not in PRESETS:
        raise Invalid("options.invalid", key="preset", value=name)
    merged.update(PRESETS[name])
    for key, value in (options or {}).items():
        merged[key] = check_option(key, value, variant)
    return merged


def check_press(variant: str, options: Mapping[str, Any]) -> None:
    """Gunboat hides who plays which power (rules §3.4.7): in a game for two, each player
    knows the other is the only one left, so it is refused there rather than promised."""
    if options.get("press") != "gunboat":
        return
    try:
        most = variants.get(variant).max_players
    except variants.UnknownVariant:
        return
    if most <= 2:
        raise Invalid("press.gunboat_two_players")


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
