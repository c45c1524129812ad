"""Fast path for the canonical short forms (``A par - bur``, ``F nth C A lon - bel``,
``A bur S A par - mar``, ``F spa/sc H``): what the engine itself prints and what most players
and programs send. Anything else goes to the full parser (``engine.orders.parse``), which
gives the same orders for these forms (tests/engine/test_fast_parse.py checks it)."""

from __future__ import annotations

import re
from functools import cache

from engine.maps import Map
from engine.orders.parse import ParsedLine, parse_orders
from engine.orders.types import Convoy, Hold, Move, Order, Support

_LOC = r"([a-z]{3}(?:/[nse]c)?)"
_LINE = re.compile(
    rf"^(?:([af]) +)?{_LOC} *(?:"
    rf"(?:-|->) *{_LOC}( +via convoy)?"
    rf"|(h|hold)"
    rf"| s +(?:([af]) +)?{_LOC}(?: *(?:-|->) *{_LOC})?"
    rf"| c +(?:a +)?{_LOC} *(?:-|->) *{_LOC}"
    r")$")


@cache
def _locations(game_map: Map) -> frozenset[str]:
    out = set()
    for p in game_map.provinces.values():
        out.add(p.id)
        out.update(f"{p.id}/{c}" for c in p.coasts)
    return frozenset(out)


def _fast_line(line: str, locs: frozenset[str]) -> Order | None:
    m = _LINE.match(line.lower())
    if m is None:
        return None
    utype, loc, mv, via, hold, stype, sup, sdst, cfrom, cto = m.groups()
    if any(x is not None and x not in locs for x in (loc, mv, sup, sdst, cfrom, cto)):
        return None
    ut = utype.upper() if utype else None
    if mv is not None:
        return Move(ut, loc, mv, via is not None)
    if hold is not None:
        return Hold(ut, loc)
    if sup is not None:
        return Support(ut, loc, sup, sdst, stype.upper() if stype else None)
    return Convoy(ut, loc, cfrom, cto)


@cache
def _lines_read(game_map: Map) -> dict[str, Order]:
    """Lines already read in canonical short form on ``game_map``: the same few thousand
    orders make up nearly every game; each is read once and shared (orders are values)."""
    return {}


def parse_many(text: str, game_map: Map) -> list[ParsedLine]:
    """``parse_orders`` with the fast path: when every line is in canonical short form."""
    locs = _locations(game_map)
    read = _lines_read(game_map)
    out: list[ParsedLine] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        order = read.get(line)
        if order is None:
            order = _fast_line(line, locs)
            if order is None:
                return parse_orders(text, game_map)
            if len(read) >= 16_384:
                read.clear()
            read[line] = order
        out.append(ParsedLine(line, order, None, None, n))
    return out
