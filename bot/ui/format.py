"""Shared formatting of game facts for Discord: power names, deadlines, results lines.

Results are written in the docs/RULES.md §4.1.1 notation in French (``=`` move succeeds, ``:`` move
fails, ``S`` support given, ``s`` support cut, ``C`` convoy, ``H`` hold, and the comments
``(d-xxx)`` dislodged and retreating to xxx, ``(a)`` annihilated, ``(i)`` impossible, ``(o)``
forgotten, ``(u)`` ambiguous, ``(v)`` invalid support/convoy) and in plain words in English
(docs/RULES.md §4.1.1).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from functools import cache
from typing import Any

from babel.dates import format_date

from bot.i18n import babel_locale, language_of, t
from engine import report, variants, wording
from engine.maps import MAP_ROOTS, Map, province_of
from engine.report import (  # noqa: F401  (the report's words, used here and by the embeds)
    AMBIGUOUS_CODES,
    FRENCH_CODES,
    centre_counts,
    english_line,
    french_code,
    french_line,
)
from engine.variants.base import Phrase


@cache
def game_map(variant: str) -> Map:
    return variants.game_map(variant)


@cache
def board_powers(variant: str) -> dict[str, dict[str, str]]:
    """The powers of a variant's board (any board format: its ``map.json`` lists them with
    ``name_en`` / ``name_fr``): id -> {language: name}; empty for an unknown variant."""
    try:
        map_name = variants.get(variant).map_name
    except variants.UnknownVariant:
        return {}
    for root in MAP_ROOTS:
        path = root / map_name / "map.json"
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            return {str(p["id"]): {"en": str(p.get("name_en") or p["id"]),
                                   "fr": str(p.get("name_fr") or p.get("name_en") or p["id"])}
                    for p in data.get("powers", []) if isinstance(p, dict) and "id" in p}
    return {}


def is_power(value: Any, variant: str = variants.DEFAULT) -> bool:
    return isinstance(value, str) and (value in board_powers(variant)
                                       or value in board_powers(variants.DEFAULT))


def board_of_powers(ids: Sequence[str]) -> str | None:
    """The registered variant whose board has every power of ``ids`` (None if none has)."""
    return next((name for name in variants.names()
                 if ids and all(i in board_powers(name) for i in ids)), None)


def power_name(power: str, locale: Any, variant: str = variants.DEFAULT) -> str:
    """A power's display name in the reader's language (``germany`` -> "Allemagne")."""
    language = language_of(locale)
    for board in (variant, variants.DEFAULT):
        names = board_powers(board).get(power)
        if names:
            return names[language]
    try:
        return game_map(variant).power(power).name(language)
    except Exception:
        return power.capitalize()


@cache
def _power_ids(variant: str) -> re.Pattern[str] | None:
    ids = sorted({*board_powers(variant), *board_powers(variants.DEFAULT)}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") \
        if ids else None


def name_powers(text: str, locale: Any, variant: str = variants.DEFAULT) -> str:
    """A text written by the engine with power ids (``belongs to germany``) with the powers'
    display names in the reader's language instead."""
    pattern = _power_ids(variant)
    if not text or pattern is None:
        return text
    if language_of(locale) == "fr":  # "appartient à russia" -> "appartient à la Russie"
        text = re.sub(r"\bà " + pattern.pattern,
                      lambda m: power_words(m.group(1), "fr", variant).at,
                      text)
    return pattern.sub(lambda m: power_name(m.group(1), locale, variant), text)


def variant_title(variant: str, locale: Any) -> str:
    """The display name of a registered variant in the reader's language (its ``titles``)."""
    try:
        titles = variants.get(variant).titles
    except variants.UnknownVariant:
        return variant
    return str(titles.get(language_of(locale)) or titles.get("en") or variant)


def variant_titles(locale: Any) -> list[tuple[str, str]]:
    """(name, title) of every registered variant, in the registry's order."""
    return [(name, variant_title(name, locale)) for name in variants.names()]


def variant_named(text: str | None) -> str | None:
    """The registered variant a player typed: its name, or its title in any language
    (case and accents as typed); None when nothing matches."""
    wanted = (text or "").strip().lower()
    for name in variants.names():
        titles = variants.get(name).titles
        if wanted == name.lower() or wanted in (str(x).lower() for x in titles.values()):
            return name
    return None


def province_name(location: str, locale: Any, variant: str = variants.DEFAULT) -> str:
    try:
        prov = game_map(variant).provinces[province_of(location)]
    except KeyError:
        return location.upper()
    name = prov.name(language_of(locale))
    coast = location.split("/", 1)[1] if "/" in location else None
    return f"{name} ({coast.upper()})" if coast else name


def _map_name(variant: str) -> str:
    try:
        return variants.get(variant).map_name
    except variants.UnknownVariant:
        return variants.get(variants.DEFAULT).map_name


def place_words(location: str, locale: Any, variant: str = variants.DEFAULT) -> wording.Named:
    """A province in a sentence, from the board's grammar table ("en Bourgogne", "au
    Portugal", "dans la Manche", "de la Manche"; "the North Sea")."""
    language = language_of(locale)
    prov = province_of(location)
    try:
        label = game_map(variant).provinces[prov].name(language)
    except KeyError:
        label = local_code(prov, language).upper()
    return wording.place(_map_name(variant), prov, label, language)


def _coast(location: str, locale: Any) -> str:
    coast = location.split("/", 1)[1] if "/" in location else ""
    return f" ({t('words.coast.' + coast, locale)})" if coast in ("nc", "sc", "ec") else ""


def unit_words(unit_type: str, location: str, locale: Any, variant: str = variants.DEFAULT) -> str:
    """A unit in a sentence: "l'armée de Varsovie", "la flotte d'Espagne (côte nord)"; "the
    fleet in the North Sea"."""
    language = language_of(locale)
    prov = province_of(location)
    label = place_words(location, language, variant).name
    return wording.unit(_map_name(variant), unit_type, prov, label, language) + \
        _coast(location, language)


def places_at(locations: Sequence[str], locale: Any, variant: str = variants.DEFAULT) -> str:
    """Places a unit may go to, as a sentence ends: "en Picardie, à Paris ou en Gascogne";
    "Picardy, Paris or Gascony"."""
    words = [place_words(x, locale, variant).at + _coast(x, locale) for x in locations]
    if len(words) < 2:
        return "".join(words)
    return t("words.or", locale, first=", ".join(words[:-1]), last=words[-1])


def power_words(power: str, locale: Any, variant: str = variants.DEFAULT) -> wording.Named:
    """A power in a sentence: "la France", "de l'Allemagne", "à la Russie"; "France"."""
    language = language_of(locale)
    return wording.power(_map_name(variant), power, power_name(power, language, variant),
                         language)


def timestamp(dt: datetime | str | None, style: str = "R") -> str:
    """A Discord timestamp (``<t:...:R>``): every reader sees it in their own time zone."""
    if dt is None:
        return "—"
    if isinstance(dt, str):
        dt = datetime.fromisoformat(dt)
    return f"<t:{int(dt.timestamp())}:{style}>"


def day_text(day: date | str, locale: Any) -> str:
    """A calendar day the reader's way (Babel): "2 janvier 2020", "January 2, 2020" (en-US),
    "2 January 2020" (en-GB); never ISO."""
    d = date.fromisoformat(day) if isinstance(day, str) else day
    return format_date(d, format="long", locale=babel_locale(locale))


def deadline_text(dt: datetime | str | None) -> str:
    return "—" if dt is None else f"{timestamp(dt, 'f')} ({timestamp(dt, 'R')})"


def say(phrase: Phrase, locale: Any) -> str:
    """A variant's ``Phrase`` in the reader's language (its fields said first)."""
    return t(phrase.key, locale, **{k: say(v, locale) if isinstance(v, Phrase) else v
                                    for k, v in phrase.fields.items()})


def phase_name(phase: str | None, locale: Any, variant: str | None = None) -> str:
    """What ``variant`` calls a phase id (``Variant.phase_name``): ``S1901M`` -> "Spring 1901,
    movement" / "Printemps 1901, mouvements"; ``C3-VOTE`` -> "Crisis 3, vote" / "Crise 3,
    vote". No variant named (or it does not know the id): the first registered variant that
    does; an id of no known shape as it is."""
    if not phase:
        return "—"
    for name in dict.fromkeys([*([variant] if variant else []), *variants.names()]):
        try:
            phrase = variants.get(name).phase_name(phase)
        except variants.UnknownVariant:
            continue
        if phrase is not None:
            return say(phrase, locale)
    return phase


_PROVINCE_TOKEN = re.compile(r"(?<![\w-])([A-Za-z]{3})(?=[/\s\-=:,;)]|$)")


def local_code(location: str, locale: Any) -> str:
    """A location's abbreviation in the reader's language (``bur`` -> ``bou`` in French, seeds
    002/004), the coast kept (``spa/nc`` -> ``esp/nc``)."""
    return french_code(location) if language_of(locale) == "fr" else location


def local_order(text: str, locale: Any) -> str:
    """An order as the engine writes it (``A mun - bur``), its provinces abbreviated in the
    reader's language (``A mun - bou``)."""
    if language_of(locale) != "fr" or not text:
        return text
    head, _, rest = text.partition(" ")
    if head in _FRENCH_VERBS:  # "BUILD A ber" -> "construire A ber" (the parser reads both)
        text = f"{_FRENCH_VERBS[head]} {rest}".strip()
    if text.endswith(" via convoy"):  # the French words, which the parser reads too
        text = text[: -len(" via convoy")] + " par convoi"
    return _PROVINCE_TOKEN.sub(lambda m: local_code(m.group(1), "fr"), text)


_FRENCH_VERBS = {"BUILD": "construire", "REMOVE": "retirer", "WAIVE": "renoncer"}


def results_by_power(results: Iterable[Mapping[str, Any]], state: Mapping[str, Any],
                     locale: Any, variant: str = variants.DEFAULT,
                     state_after: Mapping[str, Any] | None = None
                     ) -> dict[str, list[str]]:
    """Lines per power in the reader's language (``engine.report``, seed 004 chapter 4)."""
    return report.lines_by_power(results, state, language_of(locale), variant, state_after)


def chunks(lines: Sequence[str], limit: int = 1000) -> list[str]:
    """Lines joined into pieces of at most ``limit`` characters (embed field values)."""
    out: list[str] = []
    cur = ""
    for line in lines:
        line = line[:limit]
        if cur and len(cur) + 1 + len(line) > limit:
            out.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur:
        out.append(cur)
    return out
