"""Soak: 200 random games of 10 years each through ``engine.api.adjudicate`` without an
exception, every phase leaving a sound position.

Orders are legal by construction and generated cheaply from the adjacency tables (a move to a
neighbouring space, a support of a neighbour's chosen move or hold, a one-fleet convoy, a
retreat from the engine's list, builds in owned empty home centres, removals), so the whole
soak stays well under a minute on two cores. The exhaustive legal-order generator
(``engine.orders.legal``) drives the slower property tests in test_engine_properties.py.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from engine.api import adjudicate, new_game_state
from engine.maps import Kind, Map, load_map, province_of
from tests.engine.variants.classic.test_engine_properties import check_position

GAMES = 200
YEARS = 10


@cache
def _tables() -> tuple[dict[str, list[str]], dict[str, set[str]]]:
    """Per unit location ("A:par", "F:spa/nc"): its moves, and the provinces it can support
    into (any coast: support needs no coast, docs/RULES.md §2.7.3)."""
    game_map = load_map("classic")
    moves: dict[str, list[str]] = {}
    reach: dict[str, set[str]] = {}
    for prov in game_map.provinces.values():
        if prov.kind is not Kind.SEA:
            dests = sorted(p for p in game_map.army_adj.get(prov.id, ())
                           if game_map.army_can_be(p))
            moves["A:" + prov.id] = dests
            reach["A:" + prov.id] = set(dests)
        for loc in game_map.fleet_locations(prov.id):
            dests = sorted(game_map.fleet_adj.get(loc, ()))
            moves["F:" + loc] = dests
            reach["F:" + loc] = {province_of(d) for d in dests}
    return moves, reach


def movement_orders(state: dict[str, Any], rng: random.Random,
                    game_map: Map) -> list[dict[str, str]]:
    moves, reach = _tables()
    units = state["units"]
    by_prov = {province_of(u["location"]): u for u in units}
    plan: dict[str, str | None] = {}  # unit province -> destination province of its move
    text: dict[str, str] = {}
    supporters = []
    for u in units:
        prov = province_of(u["location"])
        r = rng.random()
        if r < 0.1:
            continue  # no order: holds
        if r < 0.2:
            text[prov] = f"{u['type']} {u['location']} H"
            plan[prov] = None
        elif r < 0.7:
            dest = rng.choice(moves[f"{u['type']}:{u['location']}"])
            text[prov] = f"{u['type']} {u['location']} - {dest}"
            plan[prov] = province_of(dest)
        else:
            supporters.append(u)
    for u in supporters:
        prov = province_of(u["location"])
        can = reach[f"{u['type']}:{u['location']}"]
        if u["type"] == "F" and game_map.provinces[prov].kind is Kind.SEA and rng.random() < 0.3:
            armies = [a for p, a in by_prov.items() if a["type"] == "A" and p in can
                      and game_map.provinces[p].kind is Kind.COAST and p not in text]
            coasts = sorted(p for p in can if game_map.provinces[p].kind is Kind.COAST)
            if armies:
                army = rng.choice(armies)
                ends = [c for c in coasts if c != army["location"]]
                if ends:
                    dest = rng.choice(ends)
                    text[army["location"]] = f"A {army['location']} - {dest} via convoy"
                    plan[army["location"]] = dest
                    text[prov] = f"F {u['location']} C A {army['location']} - {dest}"
                    continue
        targets = [(p, d) for p, d in plan.items() if p != prov and (
            (d is not None and d in can and d != prov) or (d is None and p in can))]
        if targets:
            p, d = rng.choice(targets)
            other = by_prov[p]
            what = f"{other['type']} {other['location']}" + (f" - {d}" if d else "")
            text[prov] = f"{u['type']} {u['location']} S {what}"
        else:
            text[prov] = f"{u['type']} {u['location']} H"
    return [{"power": by_prov[p]["power"], "text": t} for p, t in text.items()]


def retreat_orders(state: dict[str, Any], rng: random.Random) -> list[dict[str, str]]:
    out = []
    for d in state["dislodged"]:
        r = rng.random()
        if r < 0.1:
            continue  # no order: disbanded (standard preset)
        unit = f"{d['type']} {d['location']}"
        text = f"{unit} D" if r < 0.25 else f"{unit} R {rng.choice(d['retreats'])}"
        out.append({"power": d["power"], "text": text})
    return out


def adjustment_orders(state: dict[str, Any], rng: random.Random,
                      game_map: Map) -> list[dict[str, str]]:
    out = []
    occupied = {province_of(u["location"]) for u in state["units"]}
    for power in game_map.power_ids:
        mine = [u for u in state["units"] if u["power"] == power]
        centers = state["centers"].get(power, [])
        delta = len(centers) - len(mine)
        if rng.random() < 0.15:
            continue  # nothing sent: no builds, or removals by the referee's rule
        if delta > 0:
            free = [c for c in game_map.home_centers(power) if c in centers and c not in occupied]
            for c in rng.sample(free, k=min(delta, len(free))):
                fleets = game_map.fleet_locations(c) if \
                    game_map.provinces[c].kind is Kind.COAST else ()
                if fleets and rng.random() < 0.5:
                    out.append({"power": power, "text": f"Build F {rng.choice(fleets)}"})
                else:
                    out.append({"power": power, "text": f"Build A {c}"})
        elif delta < 0:
            for u in rng.sample(mine, k=-delta):
                out.append({"power": power, "text": f"Remove {u['type']} {u['location']}"})
    return out


def play_game(seed: int, years: int = YEARS) -> dict[str, int]:
    """One random game; the same game for a seed in every process (no set order is used)."""
    game_map = load_map("classic")
    rng = random.Random(seed)
    state = new_game_state()
    stats = {"phases": 0, "dislodged": 0, "illegal": 0}
    while int(state["phase"][1:5]) < 1901 + years and not state.get("winner"):
        kind = state["phase"][-1]
        if kind == "M":
            orders = movement_orders(state, rng, game_map)
        elif kind == "R":
            orders = retreat_orders(state, rng)
        else:
            orders = adjustment_orders(state, rng, game_map)
        n_before = len(state["units"]) + len(state["dislodged"])
        resp = adjudicate({"state": state, "orders": orders})
        after = resp["state"]
        check_position(after)
        if kind != "A":  # units are only ever added by builds
            assert len(after["units"]) + len(after["dislodged"]) <= n_before
        stats["phases"] += 1
        stats["dislodged"] += len(after["dislodged"])
        stats["illegal"] += sum(r["status"] == "illegal" for r in resp["results"])
        state = after
    return stats


@pytest.mark.slow
def test_soak_200_games_of_10_years() -> None:
    totals = {"phases": 0, "dislodged": 0, "illegal": 0, "games": 0}
    for seed in range(GAMES):
        stats = play_game(seed)
        for k, v in stats.items():
            totals[k] += v
        totals["games"] += 1
    assert totals["games"] == GAMES
    assert totals["phases"] >= GAMES * YEARS * 2  # at least both movement phases each year
    assert totals["dislodged"] > 0  # the games fight: retreat phases were played
    # the cheap generator writes legal orders only; the engine must agree
    assert totals["illegal"] == 0, totals
