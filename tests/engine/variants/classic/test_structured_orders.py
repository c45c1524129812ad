"""Orders sent structured (the ORDER ``check_orders`` returned when they were submitted) give
exactly the results of the same orders sent as text, phase after phase; a stale or forged
structure is refused like a bad order, in the same results shape; a malformed one is a
``RequestError`` naming the bad field."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engine import api
from engine.maps import load_map
from tests.engine.variants.classic.test_engine_properties import random_legal_orders
from tests.engine.variants.classic.test_soak import (
    adjustment_orders,
    movement_orders,
    retreat_orders,
)

GAME_MAP = load_map("classic")
RESULT_KEYS = {"power", "text", "unit", "status", "reason", "order", "normalized", "phase",
               "message_en", "message_fr"}


def as_structured(state: dict[str, Any], entries: list[dict[str, Any]], rng: random.Random,
                  ) -> list[dict[str, Any]]:
    """Each entry as the bot stores it once accepted: its lines' ORDERs with their text
    (``orders``), or one entry per line (``order``); an entry ``check_orders`` refuses stays
    text, as a player's refused submission is never stored."""
    out: list[dict[str, Any]] = []
    for entry in entries:
        checked = api.check_orders(state, entry["power"], entry["text"])
        if not checked["ok"]:
            out.append(entry)
        elif rng.random() < 0.5:
            out.append({"power": entry["power"], "text": entry["text"],
                        "orders": [{**line["order"], "text": line["text"]}
                                   for line in checked["lines"]]})
        else:
            out += [{"power": entry["power"], "text": line["text"], "order": line["order"]}
                    for line in checked["lines"]]
    return out


EXTRA = ["A vie R bud, tri", "A mar S A bur - gas", "A par S A bur", "build A par",
         "F nth C A yor - nwy", "A bur S par - mar", "F lon - nth\nF edi - nwg",
         "A lvp - yor via convoy", "waive", "remove A par"]


def play(seed: int, years: int = 4) -> int:
    """A random game in which every phase is adjudicated twice, from text and from
    structure, and must come out the same; returns how many phases were compared."""
    rng = random.Random(seed)
    state = api.new_game_state()
    compared = 0
    while int(state["phase"][1:5]) < 1901 + years and not state.get("winner"):
        kind = state["phase"][-1]
        if kind == "M":
            orders = (random_legal_orders(state, rng, GAME_MAP) if seed % 2
                      else movement_orders(state, rng, GAME_MAP))
        elif kind == "R":
            orders = retreat_orders(state, rng)
        else:
            orders = adjustment_orders(state, rng, GAME_MAP)
        for _ in range(rng.randint(0, 2)):  # sent ahead, lossy structures, several lines
            orders.append({"power": rng.choice(GAME_MAP.power_ids), "text": rng.choice(EXTRA)})
        options = {"preset": rng.choice(["standard", "vortigern"])}
        if rng.random() < 0.2:
            options["civil_disorder"] = [rng.choice(GAME_MAP.power_ids)]
        text = {"state": state, "orders": orders, "options": options, "trace": True}
        structured = {**text, "orders": as_structured(state, orders, rng)}
        expected = api.adjudicate(copy.deepcopy(text))
        assert api.adjudicate(copy.deepcopy(structured)) == expected, (seed, state["phase"])
        compared += 1
        state = expected["state"]
    return compared


@pytest.mark.parametrize("seed", range(12))
def test_structured_orders_give_the_same_results_as_text(seed: int) -> None:
    assert play(seed) >= 8


def test_a_structure_that_says_less_than_its_text_is_read_from_its_text() -> None:
    """A list of retreats sent ahead and the type written for a supported unit that is not
    there are not in the ORDER (it keeps the first place, no type): that line is read from
    its text, so nothing is lost."""
    state = {"variant": "classic", "phase": "S1901M", "dislodged": [], "contested": [],
             "units": [{"power": "austria", "type": "A", "location": "vie"},
                       {"power": "austria", "type": "A", "location": "bud"},
                       {"power": "russia", "type": "A", "location": "gal"},
                       {"power": "russia", "type": "A", "location": "boh"},
                       {"power": "france", "type": "A", "location": "mar"}],
             "centers": {"austria": ["vie", "bud", "tri"], "russia": ["mos"],
                         "france": ["mar"]}}
    sent = [("austria", "A vie H"), ("austria", "A vie R bud, tri"), ("russia", "A gal - vie"),
            ("russia", "A boh S A gal - vie"), ("france", "A mar S A bur - gas")]
    by_text = api.adjudicate({"state": state, "orders": [
        {"power": power, "text": text} for power, text in sent]})
    entries = []
    for power, text in sent:
        line = api.check_orders(state, power, text)["lines"][0]
        assert line["ok"]
        entries.append({"power": power, "text": line["text"], "order": line["order"]})
    assert entries[1]["order"]["target"] == "bud"  # the ORDER keeps the first place only
    by_order = api.adjudicate({"state": state, "orders": entries})
    assert by_order == by_text
    # bud is taken: the retreat sent ahead goes to its second place
    assert {"power": "austria", "type": "A", "location": "tri"} in by_order["state"]["units"]
    support = next(r for r in by_order["results"] if r["power"] == "france")
    assert support["normalized"] == "A mar S A bur - gas"


def test_an_order_without_its_text_is_reported_in_normal_form() -> None:
    state = api.new_game_state()
    response = api.adjudicate({"state": state, "orders": [{"power": "france", "text": "", "orders": [
        {"kind": "move", "unit_type": "A", "location": "par", "target": "bur"}]}]})
    first = response["results"][0]
    assert (first["text"], first["status"], first["normalized"]) == \
        ("A par - bur", "succeeds", "A par - bur")


def result_of(order: dict[str, Any], power: str = "france",
              state: dict[str, Any] | None = None) -> dict[str, Any]:
    state = state or api.new_game_state()
    response = api.adjudicate({"state": state, "orders": [
        {"power": power, "text": "forged", "order": order}]})
    return next(r for r in response["results"] if r["text"] == "forged")


@pytest.mark.parametrize(("order", "reason"), [
    ({"kind": "move", "unit_type": "A", "location": "par", "target": "mos"}, "not_adjacent"),
    ({"kind": "move", "unit_type": "F", "location": "bre", "target": "par"}, "fleet_inland"),
    ({"kind": "hold", "unit_type": "A", "location": "ber"}, "not_your_unit"),
    ({"kind": "support", "unit_type": "A", "location": "par", "aux": "mar", "target": "spa"},
     "support_unreachable"),
    ({"kind": "convoy", "unit_type": "F", "location": "bre", "aux": "par", "target": "lon"},
     "convoy_fleet_at_sea"),
    ({"kind": "move", "unit_type": "A", "location": "bur", "target": "par"}, "no_unit"),
    ({"kind": "disband", "unit_type": "A", "location": "par"}, "wrong_phase"),
    ({"kind": "teleport", "unit_type": "A", "location": "par", "target": "mos"}, "bad_structure"),
    ({"kind": "move", "unit_type": "A", "location": "Paris", "target": "bur"}, "bad_structure"),
    ({"kind": "move", "unit_type": "A", "location": "par", "target": None}, "bad_structure"),
    ({"kind": "move", "unit_type": "army", "location": "par", "target": "bur"},
     "bad_structure"),
    ({"kind": "move", "unit_type": "A", "location": "par", "target": "bur", "via_convoy": 1},
     "bad_structure"),
    ({"kind": "move", "unit_type": "A", "location": ["par"], "target": "bur"}, "bad_structure"),
    ({"kind": "build", "unit_type": None, "location": "par"}, "bad_structure"),
    ({}, "bad_structure"),
])
def test_a_forged_structure_is_refused_like_a_bad_order(order: dict[str, Any],
                                                        reason: str) -> None:
    result = result_of(order)
    assert set(result) == RESULT_KEYS
    assert (result["status"], result["reason"], result["order"]) == ("illegal", reason, None)
    assert result["message_en"] and result["message_fr"]
    # the unit it names holds, as for any illegal order
    state = api.adjudicate({"state": api.new_game_state(), "orders": [
        {"power": "france", "text": "forged", "order": order}]})["state"]
    assert {"power": "france", "type": "A", "location": "par"} in state["units"]


def test_a_stale_structure_is_checked_against_the_position_of_now() -> None:
    state = api.new_game_state()
    line = api.check_orders(state, "france", "A par - bur")["lines"][0]
    later = api.adjudicate({"state": state, "orders": [{"power": "france",
                                                        "text": "A par - bur"}]})["state"]
    result = result_of(line["order"], state=later)
    assert (result["status"], result["reason"]) == ("illegal", "no_unit")


@pytest.mark.parametrize(("entry", "field"), [
    ({"power": "france", "text": "x", "order": "A par - bur"}, "orders[0].order"),
    ({"power": "france", "text": "x", "orders": {"kind": "hold"}}, "orders[0].orders"),
    ({"power": "france", "text": "x", "orders": ["A par H"]}, "orders[0].orders[0]"),
    ({"power": "france", "text": "x", "orders": [{"kind": "hold", "text": 3}]},
     "orders[0].orders[0].text"),
    ({"power": "france", "text": "x", "order": {"kind": "hold"}, "orders": []}, "orders[0]"),
    ({"power": "france", "order": {"kind": "hold"}}, "orders[0].text"),
])
def test_a_malformed_structure_is_a_request_error(entry: dict[str, Any], field: str) -> None:
    with pytest.raises(api.RequestError) as caught:
        api.adjudicate({"state": api.new_game_state(), "orders": [entry]})
    assert caught.value.field == field


def test_answers_are_fresh_values_whatever_is_remembered() -> None:
    """Orders and units read before are shared inside the engine; what it answers is not."""
    state = api.new_game_state()
    line = api.check_orders(state, "france", "A par - bur")["lines"][0]
    request = {"state": state, "orders": [{"power": "france", "text": "A par - bur",
                                           "order": line["order"]}]}
    first = api.adjudicate(copy.deepcopy(request))
    expected = copy.deepcopy(first)
    first["results"][0]["order"]["target"] = "mos"
    first["state"]["units"][0]["location"] = "mos"
    assert api.adjudicate(copy.deepcopy(request)) == expected
    assert line["order"]["target"] == "bur"
