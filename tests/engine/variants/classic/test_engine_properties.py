"""Engine invariants over random games (hypothesis): random legal order sets, phase after
phase, through ``engine.api.adjudicate``.

After any phase: no two units share a province; units only leave by the rules (a successful
move or retreat, a dislodgement, a disband, a removal); the number of units only changes in
retreats (disbands), after dislodgements and in adjustments; supply centres only change after
the Fall phases (seed 004 §2.13.1), and then only to the power standing on them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import adjudicate, new_game_state
from engine.maps import Map, load_map, province_of
from engine.orders.legal import legal_orders
from engine.orders.state import state_from_json
from engine.orders.types import format_order

Key = tuple[str, str, str]  # (power, type, location)


def key(u: dict[str, Any]) -> Key:
    return (u["power"], u["type"], u["location"])


def random_legal_orders(state: dict[str, Any], rng: random.Random,
                        game_map: Map) -> list[dict[str, str]]:
    """Random legal orders from ``engine.orders.legal``: each unit picks a kind (moves and supports
    more often than a uniform pick would give), supports prefer the orders actually chosen so
    that attacks are supported and units get dislodged; now and then a unit or a power is left
    without orders (the missed-order rules then apply)."""
    typed = state_from_json(state, game_map)
    chosen: dict[str, tuple[str, Any]] = {}  # unit province -> (power, order)
    later: list[tuple[str, list[Any]]] = []
    orders = []
    for power in game_map.power_ids:
        if rng.random() < 0.1:
            continue  # this power sends nothing
        for loc, options in legal_orders(typed, game_map, power).items():
            if not options or rng.random() < 0.05:
                continue
            if loc == "":  # builds: a few of them, any legal mix
                for order in rng.sample(options, k=min(len(options), rng.randint(0, 3))):
                    orders.append({"power": power, "text": format_order(order)})
                continue
            kinds: dict[str, list[Any]] = {}
            for o in options:
                kinds.setdefault(type(o).__name__, []).append(o)
            names = sorted(kinds)
            kind = rng.choices(names, weights=[WEIGHTS.get(n, 1.0) for n in names])[0]
            if kind in ("Support", "Convoy"):
                later.append((power, kinds[kind]))
            else:
                chosen[province_of(loc)] = (power, rng.choice(kinds[kind]))
    for power, offers in later:
        matching = [o for o in offers if _matches(o, chosen)]
        pick = rng.choice(matching if matching and rng.random() < 0.8 else offers)
        chosen[province_of(pick.location)] = (power, pick)
    orders += [{"power": p, "text": format_order(o)} for p, o in chosen.values()]
    return orders


WEIGHTS = {"Move": 6.0, "Support": 3.0, "Convoy": 1.0, "Hold": 1.0}


def _matches(order: Any, chosen: dict[str, tuple[str, Any]]) -> bool:
    """Does a support/convoy match the order chosen for the unit it names?"""
    name = "supported" if hasattr(order, "supported") else "convoyed"
    other = chosen.get(province_of(getattr(order, name)))
    if other is None:
        return order.target is None if name == "supported" else False
    target = getattr(other[1], "target", None)
    if order.target is None:
        return target is None
    return target is not None and province_of(target) == province_of(order.target)


# -- invariants ----------------------------------------------------------------------------------
def check_position(state: dict[str, Any]) -> None:
    """No two units in one province; a dislodged unit's province holds its attacker."""
    provinces = [province_of(u["location"]) for u in state["units"]]
    assert len(provinces) == len(set(provinces)), Counter(provinces).most_common(3)
    dislodged = [province_of(d["location"]) for d in state["dislodged"]]
    assert len(dislodged) == len(set(dislodged))
    assert set(dislodged) <= set(provinces), "a dislodged unit's province must be taken"
    for d in state["dislodged"]:
        assert d["retreats"], "a unit with no retreat is disbanded at once"
        for r in d["retreats"]:
            assert province_of(r) not in provinces, (d, r)
            # the attacker's origin is closed, unless it came by convoy (DATC 6.H.11)
            assert province_of(r) != d["attacker_from"] or d["by_convoy"], d


def check_transition(before: dict[str, Any], resp: dict[str, Any], game_map: Map) -> None:
    """What may change between a state and the state the engine returns."""
    after = resp["state"]
    check_position(after)
    kind = before["phase"][-1]
    season = before["phase"][0]
    old = {key(u) for u in before["units"]}
    new = {key(u) for u in after["units"]}
    first = [r for r in resp["results"] if r.get("phase") == before["phase"]]
    if kind == "M":
        moved = {}
        for r in first:
            o = r.get("order")
            if o and o["kind"] == "move" and r["status"] == "succeeds":
                moved[o["location"]] = o["target"]
        entered = {province_of(t) for t in moved.values()}
        gone = {province_of(d["location"]) for d in after["dislodged"]}
        for u in before["units"]:
            power, utype, loc = key(u)
            if loc in moved:
                assert (power, utype, moved[loc]) in new, f"{u} moved but is not there"
            elif (power, utype, loc) not in new:
                # it left without moving: only by being dislodged by a unit that entered
                assert province_of(loc) in entered, f"{u} vanished"
        for u in new:  # nothing appears: each unit stayed or made its own successful move
            assert u in old or any((u[0], u[1], loc) in old and t == u[2]
                                   for loc, t in moved.items()), f"{u} appeared"
        assert len(new) + len(after["dislodged"]) <= len(old)
        assert gone <= entered
    elif kind == "R":
        retreated = {r["order"]["location"]: r["order"]["target"] for r in first
                     if r.get("order") and r["order"]["kind"] in ("retreat", "move")
                     and r["status"] == "succeeds"}
        assert old <= new, "a unit not dislodged cannot leave in a retreat phase"
        added = new - old
        assert len(added) == len(retreated)
        for d in before["dislodged"]:
            if d["location"] in retreated:
                assert (d["power"], d["type"], retreated[d["location"]]) in added
                assert retreated[d["location"]] in d["retreats"]
    else:  # adjustments
        for power in game_map.power_ids:
            centers = before["centers"].get(power, [])
            n_old = sum(1 for u in old if u[0] == power)
            n_new = sum(1 for u in new if u[0] == power)
            mine_old = {u for u in old if u[0] == power}
            mine_new = {u for u in new if u[0] == power}
            if n_old > len(centers):
                assert n_new == len(centers) and mine_new <= mine_old  # removals only
            elif n_old < len(centers):
                assert n_old <= n_new <= len(centers) and mine_old <= mine_new
                for u in mine_new - mine_old:  # builds: owned, empty home centres
                    prov = province_of(u[2])
                    assert game_map.provinces[prov].home == power and prov in centers
                    assert all(province_of(o[2]) != prov for o in old)
            else:
                assert mine_new == mine_old
    # centres: only after the Fall (retreats included), only to the power standing there
    if before["centers"] != after["centers"]:
        assert season == "F", f"centres changed after {before['phase']}"
        owner = {c: p for p, cs in after["centers"].items() for c in cs}
        previous = {c: p for p, cs in before["centers"].items() for c in cs}
        standing = {province_of(u["location"]): u["power"] for u in after["units"]}
        for c, p in owner.items():
            if previous.get(c) != p:
                assert standing.get(c) == p, f"{c} went to {p} without a unit there"


def play(seed: int, years: int, game_map: Map) -> int:
    """Play a random game, checking every transition; returns the phases played."""
    rng = random.Random(seed)
    state = new_game_state()
    phases = 0
    while int(state["phase"][1:5]) < 1901 + years and not state.get("winner"):
        request = {"state": state, "orders": random_legal_orders(state, rng, game_map)}
        resp = adjudicate(request)
        check_transition(state, resp, game_map)
        state = resp["state"]
        phases += 1
    return phases


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), years=st.integers(1, 3))
def test_random_games_keep_the_invariants(seed: int, years: int) -> None:
    assert play(seed, years, load_map("classic")) >= 2 * years


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_spring_movement_never_changes_centres(seed: int) -> None:
    """Whatever happens in Spring, ownership waits for the Fall (seed 004 §2.13.1)."""
    game_map = load_map("classic")
    rng = random.Random(seed)
    state = new_game_state()
    resp = adjudicate({"state": state, "orders": random_legal_orders(state, rng, game_map)})
    assert resp["state"]["centers"] == state["centers"]
    assert resp["state"]["phase"] in ("S1901R", "F1901M")


def test_checker_rejects_a_broken_transition() -> None:
    """The invariant checker itself catches a unit that appears or vanishes."""
    game_map = load_map("classic")
    state = new_game_state()
    resp = adjudicate({"state": state, "orders": []})
    broken = {"results": resp["results"], "state": dict(resp["state"])}
    broken["state"]["units"] = resp["state"]["units"][1:]
    try:
        check_transition(state, broken, game_map)
    except AssertionError:
        pass
    else:
        raise AssertionError("a vanished unit was not noticed")
    twice = {"results": resp["results"], "state": dict(resp["state"])}
    twice["state"]["units"] = resp["state"]["units"] + [resp["state"]["units"][0]]
    try:
        check_transition(state, twice, game_map)
    except AssertionError:
        pass
    else:
        raise AssertionError("two units in one province were not noticed")
