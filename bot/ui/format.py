"""Shared formatting of game facts for Discord: power names, deadlines, results lines.

Results are written in the seed 004 §4.1.1 notation in French (``=`` move succeeds, ``:`` move
fails, ``S`` support given, ``s`` support cut, ``C`` convoy, ``H`` hold, and the comments
``(d-xxx)`` dislodged and retreating to xxx, ``(a)`` annihilated, ``(i)`` impossible, ``(o)``
forgotten, ``(u)`` ambiguous, ``(v)`` invalid support/convoy) and in plain words in English
(RULES.md, Classic Diplomacy, last bullet).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from bot.i18n import language_of, t
from engine import variants, wording
from engine.maps import MAP_ROOTS, Map, province_of

# engine error codes that mean "open to two readings" (seed 004 §4.1.1 "(u)")
AMBIGUOUS_CODES = frozenset({"ambiguous", "ambiguous_coast", "ambiguous_unit",
                             "ambiguous_order", "ambiguous_name", "ambiguous_power"})
# what the rules did for a unit nobody ordered (engine result reasons)
DEFAULT_WORDS = frozenset({"disbanded_no_order", "default_retreat", "default_removal"})
CIVIL_DISORDER_FR = "(désordre civil)"


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


def is_power(value: Any, variant: str = "classic") -> bool:
    return isinstance(value, str) and (value in board_powers(variant)
                                       or value in board_powers("classic"))


def power_name(power: str, locale: Any, variant: str = "classic") -> str:
    """A power's display name in the reader's language (``germany`` -> "Allemagne")."""
    language = language_of(locale)
    for board in (variant, "classic"):
        names = board_powers(board).get(power)
        if names:
            return names[language]
    try:
        return game_map(variant).power(power).name(language)
    except Exception:
        return power.capitalize()


@cache
def _power_ids(variant: str) -> re.Pattern[str] | None:
    ids = sorted({*board_powers(variant), *board_powers("classic")}, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") \
        if ids else None


def name_powers(text: str, locale: Any, variant: str = "classic") -> str:
    """A text written by the engine with power ids (``belongs to germany``) with the powers'
    display names in the reader's language instead."""
    pattern = _power_ids(variant)
    if not text or pattern is None:
        return text
    if language_of(locale) == "fr":  # "appartient à russia" -> "appartient à la Russie"
        text = re.sub(r"\bà " + pattern.pattern,
                      lambda m: french_to(power_name(m.group(1), "fr", variant)),
                      text)
    return pattern.sub(lambda m: power_name(m.group(1), locale, variant), text)


def french_to(name: str) -> str:
    """"à" and a French country name with its article: "à la Russie", "à l'Allemagne",
    "au Portugal", "aux Pays-Bas"."""
    if name[:1].lower() in "aeiouyéèêâîôûh":
        return f"à l'{name}"
    if name.endswith("s"):
        return f"aux {name}"
    return f"à la {name}" if name.endswith("e") else f"au {name}"


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


def province_name(location: str, locale: Any, variant: str = "classic") -> str:
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
        return "classic"


def place_words(location: str, locale: Any, variant: str = "classic") -> wording.Named:
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


def unit_words(unit_type: str, location: str, locale: Any, variant: str = "classic") -> str:
    """A unit in a sentence: "l'armée de Varsovie", "la flotte d'Espagne (côte nord)"; "the
    fleet in the North Sea"."""
    language = language_of(locale)
    prov = province_of(location)
    label = place_words(location, language, variant).name
    return wording.unit(_map_name(variant), unit_type, prov, label, language) + \
        _coast(location, language)


def places_at(locations: Sequence[str], locale: Any, variant: str = "classic") -> str:
    """Places a unit may go to, as a sentence ends: "en Picardie, à Paris ou en Gascogne";
    "Picardy, Paris or Gascony"."""
    words = [place_words(x, locale, variant).at + _coast(x, locale) for x in locations]
    if len(words) < 2:
        return "".join(words)
    return t("words.or", locale, first=", ".join(words[:-1]), last=words[-1])


def power_words(power: str, locale: Any, variant: str = "classic") -> wording.Named:
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


def deadline_text(dt: datetime | str | None) -> str:
    return "—" if dt is None else f"{timestamp(dt, 'f')} ({timestamp(dt, 'R')})"


def phase_name(phase: str | None, locale: Any) -> str:
    """``S1901M`` -> "Spring 1901, movement" / "Printemps 1901, mouvements"."""
    if not phase or len(phase) < 6 or phase[0] not in "SFW" or phase[-1] not in "MRAB":
        return phase or "—"
    return t("phase.name", locale, season=t(f"phase.season.{phase[0]}", locale),
             year=phase[1:-1], kind=t(f"phase.kind.{phase[-1]}", locale))


# The French abbreviations of seeds 002/004 (their reports: "A VAR S A MOS-UKR", "F BRE=MAN",
# "A MUN:BOU") where they differ from the English ids; each is an alias of its province in
# assets/maps/classic/map.json, so orders are read in either language.
FRENCH_CODES: dict[str, str] = {
    "aeg": "ege", "bla": "noi", "bot": "gob", "bur": "bou", "den": "dan", "eas": "mor",
    "eng": "man", "iri": "irl", "kie": "fie", "lvn": "lvo", "lvp": "lpl", "lyo": "gli",
    "mao": "amo", "naf": "afn", "nao": "atn", "nth": "nrd", "nwg": "nge", "nwy": "nor",
    "rum": "rou", "sev": "seb", "spa": "esp", "swe": "sue", "tus": "tos", "tys": "mty",
    "war": "var", "wes": "moc",
}
_PROVINCE_TOKEN = re.compile(r"(?<![\w-])([A-Za-z]{3})(?=[/\s\-=:,;)]|$)")


def local_code(location: str, locale: Any) -> str:
    """A location's abbreviation in the reader's language (``bur`` -> ``bou`` in French), the
    coast kept (``spa/nc`` -> ``esp/nc``)."""
    if language_of(locale) != "fr":
        return location
    prov, _, coast = location.partition("/")
    code = FRENCH_CODES.get(prov.lower())
    if code is None:
        return location
    code = code.upper() if prov.isupper() else code
    return f"{code}/{coast}" if coast else code


def local_order(text: str, locale: Any) -> str:
    """An order as the engine writes it (``A mun - bur``), its provinces abbreviated in the
    reader's language (``A mun - bou``)."""
    if language_of(locale) != "fr" or not text:
        return text
    return _PROVINCE_TOKEN.sub(lambda m: local_code(m.group(1), "fr"), text)


def _loc(location: str | None) -> str:
    """A location in the French reports of seed 004 §4.1.1: its French abbreviation."""
    return local_code(location or "?", "fr").upper()


def _unit_at(state: Mapping[str, Any], location: str | None) -> str:
    """Type of the unit standing at ``location`` in ``state`` (for "S A MOS-UKR")."""
    if location:
        prov = province_of(location)
        for u in state.get("units", []):
            if province_of(str(u["location"])) == prov:
                return str(u["type"])
    return "A"


def _retreat_of(unit_location: str, later: Sequence[Mapping[str, Any]]) -> str | None:
    """Where a dislodged unit retreated to, from the retreat results of the same report."""
    prov = province_of(unit_location)
    for r in later:
        order = r.get("order") or {}
        if order.get("kind") == "retreat" and r.get("status") == "succeeds" and \
                province_of(str(order.get("location") or "")) == prov:
            return str(order.get("target") or "")
    return None


def _dislodged_in(state_after: Mapping[str, Any] | None) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for d in (state_after or {}).get("dislodged", []) or []:
        out[province_of(str(d["location"]))] = list(d.get("retreats") or [])
    return out


def french_line(result: Mapping[str, Any], state: Mapping[str, Any],
                later: Sequence[Mapping[str, Any]] = (),
                dislodged: Mapping[str, list[str]] | None = None) -> str:
    """One result in the seed 004 §4.1.1 notation. What the rules did for a unit without an
    order is written as what happened: a missed retreat is ``(o) (a)`` (disbanded,
    ``standard``) or ``(o) (d-xxx)`` (the default retreat, ``vortigern``, §3.5.3), a default
    removal ``(o)``, a power in civil disorder ``(désordre civil)`` (§2.14.3)."""
    order = result.get("order")
    status = result.get("status")
    reason = result.get("reason") or ""
    if not order:
        comment = "(u)" if reason in AMBIGUOUS_CODES else "(i)"
        return f"{(result.get('text') or '?').strip()} {comment}"
    kind = order.get("kind")
    unit = f"{order.get('unit_type') or ''} {_loc(order.get('location'))}".strip()
    comments = []
    if reason == "civil_disorder":
        comments.append(CIVIL_DISORDER_FR)
    if kind == "move":
        sign = "=" if status == "succeeds" else ":" if status == "fails" else "-"
        via = " (c)" if order.get("via_convoy") else ""
        line = f"{unit}{sign}{_loc(order.get('target'))}{via}"
    elif kind in ("support", "convoy"):
        letter = "C" if kind == "convoy" else ("s" if reason == "cut" else "S")
        other = f"{_unit_at(state, order.get('aux'))} {_loc(order.get('aux'))}"
        tail = f"-{_loc(order.get('target'))}" if order.get("target") else ""
        line = f"{unit} {letter} {other}{tail}"
    elif kind == "hold":
        line = f"{unit} H"
    elif kind == "retreat":
        target = _loc(order.get("target"))
        if reason == "default_retreat":  # no retreat order: the rules chose (§3.5.3)
            line = unit
            comments += ["(o)", f"(d-{target})" if status == "succeeds" else f"R:{target} (a)"]
        else:
            line = f"{unit} R{'=' if status == 'succeeds' else ':'}{target}"
            if status != "succeeds":
                comments.append("(a)")  # a failed retreat destroys the unit
    elif kind == "disband":
        if reason in ("disbanded_no_order", "civil_disorder"):
            line = unit
            comments += ["(o)", "(a)"] if reason == "disbanded_no_order" else ["(a)"]
        else:
            line = f"{unit} disp."
    elif kind == "build":
        line = f"+ {unit}"
    elif kind == "remove":
        line = f"- {unit}"
        if reason == "default_removal":  # chosen by the rules (§3.5.3)
            comments.append("(o)")
    else:  # waive
        line = "(renonce)"
    if status == "illegal":
        comments.append("(u)" if reason in AMBIGUOUS_CODES else "(i)")
    if status == "void" and reason == "no_matching_order":
        comments.append("(v)")
    if status == "fails" and kind in ("build", "remove", "waive"):
        comments.append("(i)")
    if reason == "no_order":
        comments.append("(o)")
    prov = province_of(str(order.get("location") or ""))
    if dislodged is not None and prov in dislodged and kind not in ("retreat", "disband"):
        went = _retreat_of(prov, later)
        if went:
            comments.append(f"(d-{_loc(went)})")
        elif not dislodged[prov]:
            comments.append("(a)")
        else:
            comments.append("(d)")
    return " ".join([line, *comments])


def english_line(result: Mapping[str, Any], state: Mapping[str, Any], variant: str,
                 later: Sequence[Mapping[str, Any]] = (),
                 dislodged: Mapping[str, list[str]] | None = None) -> str:
    """One result in plain English words."""
    order = result.get("order")
    status = str(result.get("status"))
    reason = result.get("reason") or ""
    if not order:
        why = name_powers(str(result.get("message_en") or reason), "en", variant)
        return f"“{(result.get('text') or '').strip()}”: illegal ({why})"

    def name(loc: Any) -> str:
        return province_name(str(loc), "en", variant)

    kind = order.get("kind")
    unit_type = {"A": "army", "F": "fleet"}.get(str(order.get("unit_type")), "unit")
    unit = f"The {unit_type} in {name(order.get('location'))}"
    if kind == "move":
        via = " by convoy" if order.get("via_convoy") else ""
        text = f"{unit} moves to {name(order.get('target'))}{via}"
    elif kind == "support":
        what = (f"the move {name(order.get('aux'))} → {name(order.get('target'))}"
                if order.get("target") else f"{name(order.get('aux'))} holding")
        text = f"{unit} supports {what}"
    elif kind == "convoy":
        text = (f"{unit} convoys {name(order.get('aux'))} → "
                f"{name(order.get('target'))}")
    elif kind == "hold":
        text = f"{unit} holds"
    elif kind == "retreat":
        text = f"{unit} retreats to {name(order.get('target'))}"
    elif kind == "disband":
        text = f"{unit} disbands"
    elif kind == "build":
        text = f"New {unit_type} built in {name(order.get('location'))}"
    elif kind == "remove":
        text = f"{unit} is removed"
    else:
        text = "Build waived"
    outcome = {"succeeds": "succeeds", "fails": "fails", "void": "has no effect",
               "illegal": "is illegal"}.get(status, status)
    if reason in DEFAULT_WORDS:  # no order: what the rules did (seed 004 §2.14, §3.5.3)
        had = f"{unit} had no {'retreat' if kind in ('retreat', 'disband') else 'removal'} order"
        if reason == "default_retreat":
            target = name(order.get("target"))
            text, outcome = had, (f"retreats to {target} by default" if status == "succeeds"
                                  else f"its default retreat to {target} bounced, so it is disbanded")
        elif reason == "disbanded_no_order":
            text, outcome = had, "disbanded"
        else:
            text, outcome = had, "removed by default"
    elif reason == "civil_disorder" and status == "succeeds":
        what = {"hold": "holds", "retreat": f"retreats to {name(order.get('target'))}",
                "disband": "is disbanded", "remove": "is removed"}.get(str(kind), "")
        text, outcome = f"{unit} {what}".strip(), "civil disorder"
    elif reason == "no_order":
        text, outcome = unit, "no order, holds"
    elif reason == "cut":
        outcome = "support cut"
    elif reason and status != "succeeds":
        words = {"bounced": "bounced", "dislodged": "dislodged",
                 "no_convoy": "no convoy route", "paradox": "convoy paradox",
                 "no_matching_order": "the supported unit does not do that",
                 "civil_disorder": "civil disorder", "conditional": "kept for later",
                 "duplicate_order": "another order for this unit counts",
                 "too_many": "more than are due"}
        # a reason without words of its own is not shown as its code ("fails (too_many)")
        why = words.get(reason) or name_powers(str(result.get("message_en") or ""), "en",
                                               variant)
        if why and reason not in (status, "void", "fails", "illegal"):
            outcome += f" ({why})"
        if kind == "retreat" and status == "fails":
            outcome += "; disbanded"
    prov = province_of(str(order.get("location") or ""))
    if dislodged is not None and prov in dislodged and kind not in ("retreat", "disband"):
        went = _retreat_of(prov, later)
        if went:
            outcome += f"; dislodged, retreats to {name(went)}"
        elif not dislodged[prov]:
            outcome += "; dislodged and destroyed (no retreat)"
        elif reason != "dislodged":
            outcome += "; dislodged"
    return f"{text}: {outcome}."


def results_by_power(results: Iterable[Mapping[str, Any]], state: Mapping[str, Any],
                     locale: Any, variant: str = "classic",
                     state_after: Mapping[str, Any] | None = None
                     ) -> dict[str, list[str]]:
    """Lines per power, in the reader's language; the first phase of ``results`` only is
    formatted as its own report; retreats appended by the engine are used for (d-xxx)."""
    results = list(results)
    first = results[0].get("phase") if results else None
    main = [r for r in results if r.get("phase", first) == first]
    later = [r for r in results if r.get("phase", first) != first]
    dislodged = _dislodged_after(main, later, state_after)
    french = language_of(locale) == "fr"
    out: dict[str, list[str]] = {}
    for r in main:
        line = (french_line(r, state, later, dislodged) if french
                else english_line(r, state, variant, later, dislodged))
        out.setdefault(str(r.get("power")), []).append(line)
    return out


def _dislodged_after(main: Sequence[Mapping[str, Any]], later: Sequence[Mapping[str, Any]],
                     state_after: Mapping[str, Any] | None) -> dict[str, list[str]]:
    """Province -> retreats of every unit dislodged in the movement results: a unit standing
    where a move succeeded and which did not leave (its own order may be a void support).
    Retreats come from the next position, or from the retreat results the engine appended
    when it resolved that phase at once; none known means annihilated."""
    taken = {province_of(str((r.get("order") or {}).get("target") or ""))
             for r in main if (r.get("order") or {}).get("kind") == "move"
             and r.get("status") == "succeeds"}
    left = {province_of(str((r.get("order") or {}).get("location") or ""))
            for r in main if (r.get("order") or {}).get("kind") == "move"
            and r.get("status") == "succeeds"}
    pending = _dislodged_in(state_after)
    out: dict[str, list[str]] = {}
    for r in main:
        order = r.get("order") or {}
        prov = province_of(str(order.get("location") or ""))
        if order.get("kind") in ("retreat", "disband", "build", "remove", "waive"):
            continue
        if prov in taken and prov not in left:
            out[prov] = pending.get(prov, [])
    for r in later:
        order = r.get("order") or {}
        if order.get("kind") in ("retreat", "disband"):
            prov = province_of(str(order.get("location") or ""))
            out[prov] = [str(order.get("target") or "")] if order.get("target") else []
    return out


def centre_counts(state: Mapping[str, Any]) -> dict[str, int]:
    return {p: len(c) for p, c in (state.get("centers") or {}).items() if c}


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
