"""The report of a resolved phase (seed 004 chapter 4), pure: what the results post shows
and an export can reuse.

French reports use the notation of docs/RULES.md §4.1.1 with the French abbreviations of seeds
002/004 (``A VAR S A MOS-UKR``, ``F BRE=MAN``, ``A MUN:BOU``): ``=`` a move succeeds, ``:`` it
fails, ``S`` support given, ``s`` support cut, ``C`` convoy, ``H`` hold; the comments
``(d-xxx)`` dislodged and retreating to xxx, ``(a)`` annihilated, ``(i)`` impossible, ``(o)``
forgotten, ``(u)`` ambiguous, ``(v)`` invalid support or convoy. English reports are plain
words (docs/RULES.md §4.1.1): "The fleet in the North Sea moves to the
English Channel: succeeds."
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine import variants, wording
from engine.maps import load_map, province_of

# engine error codes that mean "open to two readings" (docs/RULES.md §4.1.1 "(u)")
AMBIGUOUS_CODES = frozenset({"ambiguous", "ambiguous_coast", "ambiguous_unit",
                             "ambiguous_order", "ambiguous_name", "ambiguous_power"})
# what the rules did for a unit nobody ordered (engine result reasons)
DEFAULT_WORDS = frozenset({"disbanded_no_order", "default_retreat", "default_removal"})
CIVIL_DISORDER_FR = "(désordre civil)"
COASTS_EN = {"nc": "north coast", "sc": "south coast", "ec": "east coast"}

# The French abbreviations of seeds 002/004 (their reports: "A VAR S A MOS-UKR", "F BRE=MAN",
# "A MUN:BOU") where they differ from the English ids: ``code_fr`` of each province in
# assets/maps/classic/map.json (also an alias there, so orders are read in either language;
# the map draws them too).
FRENCH_CODES: dict[str, str] = {
    p.id: p.code_fr for p in load_map(variants.DEFAULT).provinces.values() if p.code_fr}


def french_code(location: str) -> str:
    """A location's French abbreviation (``bur`` -> ``bou``), the coast kept (``spa/nc`` ->
    ``esp/nc``), the case kept."""
    prov, _, coast = location.partition("/")
    code = FRENCH_CODES.get(prov.lower())
    if code is None:
        return location
    code = code.upper() if prov.isupper() else code
    return f"{code}/{coast}" if coast else code


@cache
def _board(variant: str) -> Any:
    try:
        return variants.game_map(variant)
    except Exception:  # an unknown variant, or a board without provinces
        return None


def place_name(location: str, variant: str = variants.DEFAULT) -> str:
    """A location in an English sentence: "Burgundy", "the North Sea", "Spain (north coast)"."""
    prov, _, coast = location.partition("/")
    board = _board(variant)
    p = getattr(board, "provinces", {}).get(prov) if board is not None else None
    if p is None:
        return location.upper()
    map_name = getattr(variants.get(variant), "map_name", variants.DEFAULT)
    text = wording.place(map_name, prov, p.name_en, "en").the
    return f"{text} ({COASTS_EN[coast]})" if coast in COASTS_EN else text


@cache
def _power_names(variant: str) -> tuple[dict[str, str], re.Pattern[str] | None]:
    board = _board(variant)
    names = {p.id: p.name_en for p in getattr(board, "powers", ())} if board is not None \
        else {}
    if not names:
        return {}, None
    ids = sorted(names, key=len, reverse=True)
    return names, re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")


def power_display(power: str, variant: str = variants.DEFAULT, language: str = "en") -> str:
    """A power's name on the variant's board in ``language``."""
    board = _board(variant)
    for p in getattr(board, "powers", ()) if board is not None else ():
        if p.id == power:
            return str(p.name(language))
    return power.capitalize()


def english_powers(text: str, variant: str = variants.DEFAULT) -> str:
    """An engine text with power ids (``belongs to germany``) with their English names."""
    names, pattern = _power_names(variant)
    return pattern.sub(lambda m: names[m.group(1)], text) if pattern and text else text


def _loc(location: str | None) -> str:
    """A location in the French reports of docs/RULES.md §4.1.1: its French abbreviation."""
    return french_code(location or "?").upper()


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
    """One result in the docs/RULES.md §4.1.1 notation. What the rules did for a unit without an
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
        why = english_powers(str(result.get("message_en") or reason), variant)
        return f"“{(result.get('text') or '').strip()}”: illegal ({why})"

    def name(loc: Any) -> str:
        return place_name(str(loc), variant)

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
    if reason in DEFAULT_WORDS:  # no order: what the rules did (docs/RULES.md §2.14, §3.5.3)
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
        why = words.get(reason) or english_powers(str(result.get("message_en") or ""),
                                                  variant)
        if why and reason not in (status, "void", "fails", "illegal"):
            outcome += f" ({why})"
        if kind == "retreat" and status == "fails":
            outcome += "; disbanded"
    prov = province_of(str(order.get("location") or ""))
    if dislodged is not None and prov in dislodged and kind not in ("retreat", "disband"):
        went = _retreat_of(prov, later)
        if reason == "dislodged" and (went or not dislodged[prov]):
            outcome = "dislodged"  # said once: "holds: dislodged, retreats to Picardy"
        if went:
            outcome += f"{'' if outcome == 'dislodged' else '; dislodged'}, retreats to " \
                f"{name(went)}"
        elif not dislodged[prov]:
            outcome += f"{'' if outcome == 'dislodged' else '; dislodged'} and destroyed " \
                "(no retreat)"
        elif reason != "dislodged":
            outcome += "; dislodged"
    return f"{text}: {outcome}."


def lines_by_power(results: Iterable[Mapping[str, Any]], state: Mapping[str, Any],
                   language: str, variant: str = variants.DEFAULT,
                   state_after: Mapping[str, Any] | None = None) -> dict[str, list[str]]:
    """Lines per power, in the reader's language; the first phase of ``results`` only is
    formatted as its own report; retreats appended by the engine are used for (d-xxx)."""
    results = list(results)
    first = results[0].get("phase") if results else None
    main = [r for r in results if r.get("phase", first) == first]
    later = [r for r in results if r.get("phase", first) != first]
    dislodged = _dislodged_after(main, later, state_after)
    french = language == "fr"
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


@dataclass(frozen=True)
class Report:
    """One phase's report in one language: each power's lines (power id -> lines, in the
    results' order) and the supply-centre counts after it."""

    phase: str
    language: str
    lines: dict[str, list[str]]
    centres: dict[str, int] = field(default_factory=dict)
    variant: str = variants.DEFAULT

    def text(self, power_label: Any = None, title: str | None = None) -> str:
        """Plain text: a title, a paragraph per power (``power_label(id)`` names it), the
        centre counts — what a player can paste into a game record."""
        label = power_label or (lambda p: power_display(p, self.variant, self.language))
        sep = "\u202f:" if self.language == "fr" else ":"
        out = [title or self.phase, ""]
        for power in sorted(self.lines):
            out.append(f"{label(power)}{sep}")
            out += [f"  {line}" for line in self.lines[power]]
        if self.centres:
            out.append("")
            out += [f"{label(p)}{sep} {n}" for p, n in
                    sorted(self.centres.items(), key=lambda kv: (-kv[1], kv[0]))]
        return "\n".join(out)


def build(results: Iterable[Mapping[str, Any]], state: Mapping[str, Any], language: str,
          variant: str = variants.DEFAULT, state_after: Mapping[str, Any] | None = None) -> Report:
    """The report of the first phase of ``results`` (the retreats the engine appended complete
    its ``(d-xxx)``), in ``language`` ("fr": docs/RULES.md §4.1.1; else plain English)."""
    results = list(results)
    phase = str(results[0].get("phase") or state.get("phase") or "") if results else \
        str(state.get("phase") or "")
    return Report(phase, "fr" if language == "fr" else "en",
                  lines_by_power(results, state, language, variant, state_after),
                  centre_counts(state_after or {}), variant)
