"""The bot player (engine/bots): every order it gives is one of the power's legal orders,
whatever the position; the same seed gives the same orders; it plays the presets of 2 to 7
players, retreats, builds and removals, and a duel's bids."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import api, variants
from engine.bots.selfplay import play
from engine.maps import Kind, load_map
from engine.orders.state import state_from_json
from engine.orders.validate import adjustment_count

MAP = load_map("classic")
POWERS = MAP.power_ids


def random_position(seed: int) -> dict[str, Any]:
    """Any position the rules allow: units anywhere, centres to anyone, any phase (a retreat
    phase with dislodged units whose retreats the engine derives)."""
    rng = random.Random(seed)
    units, dislodged, taken = [], [], set()
    for pid in sorted(MAP.provinces):
        prov = MAP.provinces[pid]
        if rng.random() > 0.45:
            continue
        power = rng.choice(POWERS)
        fleet_ok = prov.kind is not Kind.LAND
        army_ok = prov.kind is not Kind.SEA
        utype = "F" if fleet_ok and (not army_ok or rng.random() < 0.4) else "A"
        loc = rng.choice(MAP.fleet_locations(pid)) if utype == "F" else pid
        units.append({"power": power, "type": utype, "location": loc})
        taken.add(pid)
    centres: dict[str, list[str]] = {p: [] for p in POWERS}
    for c in sorted(MAP.centers):
        if rng.random() < 0.85:
            centres[rng.choice(POWERS)].append(c)
    phase = rng.choice(["S1903M", "F1904M", "W1905A", "S1906R", "F1907R"])
    if phase.endswith("R"):
        for unit in units[: rng.randint(1, 4)]:
            free = [p for p in MAP.neighbours(unit["location"].split("/")[0])
                    if p not in taken]
            dislodged.append({**unit, "attacker_from": rng.choice(free) if free else None})
        units = units[len(dislodged):]
    return {"variant": "classic", "phase": phase, "units": units, "dislodged": dislodged,
            "contested": [], "centers": centres}


def legal_set(state: dict[str, Any], power: str) -> set[str]:
    return {json.dumps(o, sort_keys=True) for o in _legal_json(state, power)}


def _legal_json(state: dict[str, Any], power: str) -> list[dict[str, Any]]:
    from engine.orders.legal import legal_orders
    from engine.orders.types import order_to_json

    st_ = state_from_json(state, MAP)
    return [order_to_json(o) for opts in legal_orders(st_, MAP, power).values() for o in opts]


def assert_legal(state: dict[str, Any], power: str, orders: list[dict[str, Any]]) -> None:
    allowed = legal_set(state, power)
    for order in orders:
        assert json.dumps(order, sort_keys=True) in allowed, (state["phase"], power, order)
    units = [o["location"] for o in orders if o["kind"] not in ("build", "waive")]
    assert len(units) == len(set(units)), "two orders for one unit"
    st_ = state_from_json(state, MAP)
    delta = adjustment_count(st_, power)
    if state["phase"].endswith("A"):
        builds = [o for o in orders if o["kind"] == "build"]
        assert len(builds) <= max(delta, 0)
        assert len({b["location"].split("/")[0] for b in builds}) == len(builds)
        removals = [o for o in orders if o["kind"] == "remove"]
        assert len(removals) == max(-delta, 0)
    # and the engine takes them all
    out = api.adjudicate({"state": state, "orders": [
        {"power": power, "text": "", "orders": orders}]})
    assert not [r for r in out["results"] if r.get("power") == power
                and r.get("status") == "illegal" and r.get("phase") == state["phase"]]


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(POWERS),
       st.integers(min_value=0, max_value=10**6))
def test_every_order_is_legal_in_random_positions(seed: int, power: str, bot_seed: int) -> None:
    state = random_position(seed)
    orders = api.bot_orders(state, power, bot_seed)
    assert_legal(state, power, orders)


def test_every_order_is_legal_along_played_games() -> None:
    """Every power at every phase of games where bots meet random players: over a thousand
    positions, retreats and adjustments among them."""
    rng = random.Random(7)
    seen = 0
    kinds_seen = set()
    for game in range(4):
        state = api.new_game_state()
        while int(state["phase"][1:5]) < 1910 and not state.get("winner"):
            entries = []
            for power in api.powers_with_choices(state):
                if (zlib.crc32(power.encode()) + game) % 2:  # not hash(): PYTHONHASHSEED
                    orders = api.bot_orders(state, power, game)
                    assert_legal(state, power, orders)
                    kinds_seen.update(o["kind"] for o in orders)
                    seen += 1
                    entries.append({"power": power, "text": "", "orders": orders})
                else:
                    lines = [rng.choice(opts) for opts in
                             api.legal_orders(state, power).values() if opts]
                    entries.append({"power": power, "text": "\n".join(lines)})
            state = api.adjudicate({"state": state, "orders": entries})["state"]
    assert seen > 300
    assert {"move", "support", "hold", "build", "retreat"} <= kinds_seen


def test_same_seed_same_orders_and_seeds_vary() -> None:
    state = api.new_game_state()
    first = api.bot_orders(state, "germany", 5)
    assert api.bot_orders(state, "germany", 5) == first
    assert api.bot_orders(state, "germany") == api.bot_orders(state, "germany")
    assert len({json.dumps(api.bot_orders(state, "germany", s)) for s in range(12)}) > 1
    a = play({p: "bot" for p in POWERS}, years=6, seed=3)
    b = play({p: "bot" for p in POWERS}, years=6, seed=3)
    assert a.years == b.years and a.result == b.result


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_presets_play_to_the_end(players: int) -> None:
    seats = api.assignments("classic", players)
    neutral = api.neutral_powers("classic", players)
    options: dict[str, Any] = {"civil_disorder": neutral}
    if players == 2:
        options["closed"] = neutral
    game = play({p: "bot" for seat in seats for p in seat}, years=8, seed=players,
                options=options, seats=seats)
    assert game.illegal == 0
    assert len(game.years) >= 1
    if players == 2:  # seed 004 §2.14.2: nobody enters neutral Italy
        assert all(c.get("italy") == 3 for _y, c in game.years)


@pytest.mark.parametrize("preset", ["standard", "vortigern"])
def test_both_rule_presets(preset: str) -> None:
    """The bot's orders stay legal whatever the preset does with missing orders (RULES.md:
    retreats, removals)."""
    game = play({p: "bot" for p in POWERS[:4]}, years=6, seed=11,
                options={"preset": preset, "civil_disorder": list(POWERS[4:])})
    assert game.illegal == 0 and game.phases > 10


def test_allies_are_never_attacked() -> None:
    state = api.new_game_state()
    state["phase"] = "F1901M"
    state["units"] = [{"power": "france", "type": "A", "location": "bur"},
                      {"power": "france", "type": "A", "location": "ruh"},
                      {"power": "germany", "type": "A", "location": "mun"}]
    state["centers"] = {"germany": ["mun"],
                        "france": sorted(c for c in MAP.centers if c != "mun")}
    assert any(o["target"] == "mun" for o in api.bot_orders(state, "france", 1))
    for seed in range(10):
        orders = api.bot_orders(state, "france", seed, {"allies": ["germany"]})
        assert all(o["target"] != "mun" for o in orders)


def test_the_bot_beats_powers_that_only_hold() -> None:
    game = play({"russia": "bot"}, years=12, seed=1)
    assert game.result == {"winner": "russia"}


def test_duel_bids_within_the_treasury_and_moves_legal() -> None:
    from engine.variants.duel.api import check_bids, commanded_powers, players_to_act

    order = "france, england, germany, italy, austria, russia, turkey"
    state = api.new_game_state("duel", {"players": [["1", order], ["2", "russia, turkey, "
                                                    "germany, italy, austria, france, england"]],
                                        "seed": 4})
    duel = variants.get("duel")
    bid_seasons = 0
    for step in range(40):
        if duel.end_of_game(state):
            break
        if state["phase"].endswith("B"):
            bids = {}
            for player, seat in state["duel"]["players"].items():
                orders = api.bot_orders(state, seat["country"], step)
                assert {o["kind"] for o in orders} == {"bid"}
                assert sum(o["amount"] for o in orders) <= seat["credits"]
                bids[player] = {o["location"]: o["amount"] for o in orders}
                check = check_bids(state, player, ", ".join(
                    f"{m} {n}" for m, n in bids[player].items()))
                assert check["ok"], check
            bid_seasons += 1
            state = api.adjudicate({"state": state, "bids": bids})["state"]
            continue
        entries = []
        for player in players_to_act(state):
            for power in commanded_powers(state, player):
                orders = api.bot_orders(state, power, step)
                assert_legal_duel(state, power, orders)
                entries.append({"power": power, "text": "", "orders": orders})
        state = api.adjudicate({"state": state, "orders": entries})["state"]
    assert bid_seasons >= 2


def assert_legal_duel(state: dict[str, Any], power: str, orders: list[dict[str, Any]]) -> None:
    allowed = legal_set(state, power)
    assert all(json.dumps(o, sort_keys=True) in allowed for o in orders)


def test_no_bot_for_imperialisme() -> None:
    state = api.new_game_state("imperialisme")
    with pytest.raises(api.RequestError) as err:
        api.bot_orders(state, "france")
    assert "no bot" in str(err.value)


def test_cli_bot_and_selfplay() -> None:
    request = {"state": api.new_game_state(), "power": "italy", "seed": 2}
    out = subprocess.run([sys.executable, "-m", "engine", "bot"], input=json.dumps(request),
                         capture_output=True, text=True, check=True)
    answer = json.loads(out.stdout)
    assert answer["power"] == "italy"
    assert answer["orders"] == api.bot_orders(request["state"], "italy", 2)
    bad = subprocess.run([sys.executable, "-m", "engine", "bot"],
                         input=json.dumps({"state": request["state"], "power": 3}),
                         capture_output=True, text=True, check=False)
    assert json.loads(bad.stdout)["field"] == "power"
    assert bad.returncode == 1  # a failed request: exit 1 once the batch is answered
    out = subprocess.run([sys.executable, "-m", "engine", "selfplay", "--powers", "7",
                          "--years", "3", "--seed", "1"], capture_output=True, text=True,
                         check=True)
    lines = out.stdout.splitlines()
    assert lines[0].startswith("1901: ") and lines[-1].startswith("result: ")
    assert len(lines) == 4


def _convoys(state: dict[str, Any]) -> int:
    """How many of twelve seeds convoy; each convoy ordered is carried out."""
    convoys = 0
    for seed in range(12):
        orders = api.bot_orders(state, "england", seed)
        by_kind = {o["kind"]: o for o in orders}
        if "convoy" in by_kind:
            convoys += 1
            move = next(o for o in orders if o["location"] == by_kind["convoy"]["aux"])
            assert move["kind"] == "move" and move["via_convoy"]
            assert by_kind["convoy"]["target"] == move["target"]
            out = api.adjudicate({"state": state, "orders": [
                {"power": "england", "text": "", "orders": orders}]})
            moved = [r for r in out["results"] if r.get("order") == move]
            assert moved and moved[0]["status"] == "succeeds", moved
    return convoys


def test_a_convoy_is_ordered_by_both_units() -> None:
    """An army on an island and its fleet at sea next to free centres: the bot convoys, the
    army's move and the fleet's convoy naming each other. A route through another power's
    fleet is never counted on (one fleet of its own only)."""
    state = api.new_game_state()
    state["phase"] = "S1902M"
    state["units"] = [{"power": "england", "type": "A", "location": "lon"},
                      {"power": "england", "type": "F", "location": "nth"},
                      {"power": "russia", "type": "A", "location": "mos"},
                      {"power": "france", "type": "F", "location": "eng"}]
    state["centers"] = {"england": ["lon", "edi", "lvp"], "russia": ["mos"], "france": []}
    assert _convoys(state)
    # Kiel is worth going to, and reached only through a French fleet too: not planned
    state["units"][-1] = {"power": "france", "type": "F", "location": "hel"}
    state["centers"] = {"england": sorted(c for c in MAP.centers if c not in ("kie", "mos")),
                        "germany": ["kie"], "russia": ["mos"], "france": []}
    _convoys(state)
