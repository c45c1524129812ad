"""The duel's typed state (engine/variants/duel/state.py): the ``"duel"`` key of a STATE read
as a ``DuelState`` and written back unchanged, keys it does not know passed back verbatim, and
the keys a hand-written STATE may lack left absent."""

from __future__ import annotations

import json
from typing import Any

from engine.variants.duel import api
from engine.variants.duel.state import DuelState, Seat, duel_from_json, duel_to_json

ALICE_PREFS = "FRA, ENG, GER, ITA, AUS, RUS, TUR"  # alice plays France
BOB_PREFS = "GER, FRA, ENG, ITA, AUS, RUS, TUR"  # bob plays Germany


def new() -> dict[str, Any]:
    return api.new_duel_state("alice", ALICE_PREFS, "bob", BOB_PREFS, seed=1)


def a_year() -> dict[str, Any]:
    state = api.process({"state": new(), "bids": {"alice": "ENG 5", "bob": "RUS 6"}})["state"]
    while state["phase"] != "S1902B":  # Spring, Fall, Winter: nobody orders
        state = api.process({"state": state, "orders": []})["state"]
    return state


def test_the_json_reads_and_writes_back_the_same_in_the_same_order() -> None:
    for state in (new(), a_year()):
        assert json.dumps(duel_to_json(duel_from_json(state))) == json.dumps(state["duel"])


def test_the_typed_state_of_a_played_year() -> None:
    duel = duel_from_json(a_year())
    assert isinstance(duel, DuelState) and duel.income_year == 1901
    # paid 5 for England, earned one credit per French centre (rule 5)
    assert duel.players["alice"] == Seat("france", 20 - 5 + 3, duel.players["alice"].preferences)
    assert duel.countries == {"alice": "france", "bob": "germany"}
    assert duel.minors == ("england", "italy", "austria", "russia", "turkey")
    assert duel.uncontrolled == list(duel.minors)  # the next bidding season is open
    assert [h["kind"] for h in duel.history] == ["countries", "bidding", "income"]


def test_keys_it_does_not_know_are_passed_back_verbatim() -> None:
    state = new()
    state["duel"]["note"] = {"by": "gm"}
    state["duel"]["options"]["house_rule"] = 3
    state["duel"]["players"]["alice"]["nickname"] = "Al"
    out = api.process({"state": state, "bids": {}})["state"]["duel"]
    assert out["note"] == {"by": "gm"} and out["options"]["house_rule"] == 3
    assert out["players"]["alice"]["nickname"] == "Al"


def test_a_hand_written_state_keeps_its_missing_records_absent() -> None:
    state = new()
    del state["duel"]["accounts"], state["duel"]["occupation"]
    out = api.process({"state": state, "bids": {"alice": "ITA 3"}})["state"]["duel"]
    assert "accounts" not in out and "occupation" not in out
    assert out["control"]["italy"] == "alice"


def test_the_new_state_does_not_share_anything_with_the_old() -> None:
    state = new()
    before = json.dumps(state)
    out = api.process({"state": state, "bids": {"alice": "ITA 3"}})["state"]
    out["duel"]["history"][0]["rank"] = 99
    out["units"].clear()
    assert json.dumps(state) == before
