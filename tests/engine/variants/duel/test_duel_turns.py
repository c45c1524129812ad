"""Duel turns through the classic engine (engine.variants.duel.api.process wraps engine.variants.classic.game.process):
uncontrolled minors in civil disorder (rule 7), referee builds (rule 8), income after the Fall
(rule 5), the occupation recorded for next year's penalty (rule 6), victory after every phase
(rule 9), no 18-centre victory (rule 10), and the bidding season opened after each Winter."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("engine.variants.classic.game")

from engine.variants.duel import api
from engine.variants.duel.errors import DuelError

ALICE_PREFS = "FRA, ENG, GER, ITA, AUS, RUS, TUR"  # alice plays France
BOB_PREFS = "GER, FRA, ENG, ITA, AUS, RUS, TUR"  # bob plays Germany


def new() -> dict[str, Any]:
    return api.new_duel_state("alice", ALICE_PREFS, "bob", BOB_PREFS, seed=1)


def play(state: dict[str, Any], orders: dict[str, str] | None = None) -> dict[str, Any]:
    return api.process({"state": state, "orders": [{"power": p, "text": t}
                                                   for p, t in (orders or {}).items()]})


def units(state: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(u["power"], u["type"], u["location"]) for u in state["units"]}


def position(phase: str, placed: list[tuple[str, str, str]], centers: dict[str, list[str]],
             credits: tuple[int, int] = (10, 10)) -> dict[str, Any]:
    state = new()
    state["phase"] = phase
    state["units"] = [{"power": p, "type": t, "location": loc} for p, t, loc in placed]
    state["centers"] = centers
    state["duel"]["players"]["alice"]["credits"] = credits[0]
    state["duel"]["players"]["bob"]["credits"] = credits[1]
    return state


def test_a_first_year_bids_civil_disorder_income_referee_build_and_next_bidding() -> None:
    state = api.process({"state": new(), "bids": {"alice": "ENG 5, ITA 5",
                                                  "bob": "RUS 6, AUS 1"}})["state"]
    assert state["phase"] == "S1901M"
    assert state["duel"]["control"]["turkey"] is None
    spring = play(state, {
        "france": "A par - bur\nA mar - spa\nF bre - mao",
        "england": "F lon - nth\nF edi - nwg\nA lvp - yor",
        "germany": "A mun - ruh\nF kie - den\nA ber - kie",
        "turkey": "A con - bul",  # nobody commands Turkey this year: its orders are void
    })
    turkey = [r for r in spring["results"] if r["power"] == "turkey" and r["text"]]
    assert turkey and all(r["status"] == "void" for r in turkey)
    state = spring["state"]
    assert ("turkey", "A", "con") in units(state) and ("england", "F", "nth") in units(state)
    assert state["phase"] == "F1901M"
    fall = play(state, {"france": "A spa - por\nA bur - bel", "england": "F nth - nwy",
                        "germany": "A ruh - hol"})
    state = fall["state"]
    assert state["phase"] == "W1901A"
    # income after the Fall: one credit per centre of the player's own country (rule 5)
    assert state["duel"]["players"]["alice"]["credits"] == 10 + 5  # 20 - 10 paid + 5 centres
    assert state["duel"]["players"]["bob"]["credits"] == 15 + 5  # 22 - 7 paid + 5 centres
    # England (alice's minor) is due one build she does not order: the referee builds a
    # fleet in Édimbourg, the first of its empty home centres in French alphabetical order
    winter = play(state, {})
    state = winter["state"]
    assert ("england", "F", "edi") in units(state)
    built = [r for r in winter["results"] if r.get("reason") == "referee_build"]
    assert [(r["power"], r["order"]["kind"], r["order"]["location"]) for r in built] == \
        [("england", "build", "edi")]
    assert not any(u[0] == "france" and u[2] in ("par", "mar") for u in units(state))  # NMR
    assert state["phase"] == "S1902B"
    assert all(v is None for v in state["duel"]["control"].values())
    kinds = [h["kind"] for h in state["duel"]["history"]]
    assert kinds == ["countries", "bidding", "income", "referee_builds"]
    with pytest.raises(DuelError):
        play(state, {"france": "A bel H"})  # orders in a bidding season are refused


def test_occupation_at_the_end_of_fall_costs_five_at_the_next_bids() -> None:
    state = position("F1905M", [("france", "A", "pie"), ("germany", "A", "ber"),
                                ("italy", "A", "rom")],
                     {"france": ["par", "bre", "mar"], "germany": ["ber", "kie", "mun"],
                      "italy": ["rom", "nap", "ven"]})
    state["duel"]["control"] = {m: None for m in state["duel"]["control"]}
    state = play(state, {"france": "A pie - ven"})["state"]
    assert state["duel"]["occupation"]["alice"] == {"italy": ["ven"]}
    while not state["phase"].endswith("B"):
        state = play(state, {})["state"]
    assert state["phase"] == "S1906B"
    out = api.resolve_bids(state, {"alice": "ITA 8", "bob": "ITA 4"})
    italy = next(m for m in out["result"]["minors"] if m["minor"] == "italy")
    assert italy["penalties"]["alice"] == 5 and italy["controller"] == "bob"


def test_victory_as_soon_as_an_own_unit_occupies_the_opponent_home_centre() -> None:
    state = position("S1905M", [("france", "A", "bur"), ("germany", "A", "ber")],
                     {"france": ["par", "bre", "mar"], "germany": ["ber", "kie", "mun"]})
    out = play(state, {"france": "A bur - mun"})["state"]
    assert out["duel"]["winner"] == "alice"
    assert out["duel"]["victory"]["occupied"]["alice"] == ["mun"]
    assert out["duel"]["victory"]["phase"] == "S1905M"
    with pytest.raises(DuelError):
        play(out, {})


def test_a_commanded_minor_in_the_opponent_home_centre_is_no_victory() -> None:
    state = position("S1905M", [("italy", "A", "bur"), ("germany", "A", "ber")],
                     {"france": ["par"], "germany": ["ber", "kie", "mun"], "italy": ["rom"]})
    state["duel"]["control"]["italy"] = "alice"
    out = play(state, {"italy": "A bur - mun"})["state"]
    assert ("italy", "A", "mun") in units(out)
    assert out["duel"]["winner"] is None


def test_both_at_once_credits_counted_with_the_seasons_income() -> None:
    """Each takes one home centre of the other in the Fall; equal scores and equal balances
    before the Fall, but France's larger income that Fall decides (rule 9)."""
    centers = {"france": ["par", "bre", "mar", "spa", "por"], "germany": ["ber", "kie", "mun"]}
    state = position("F1905M", [("france", "A", "bur"), ("germany", "A", "pic")], centers,
                     credits=(4, 4))
    out = play(state, {"france": "A bur - mun", "germany": "A pic - par"})["state"]
    duel = out["duel"]
    assert duel["victory"]["score"] == {"alice": 1, "bob": 1}
    assert duel["winner"] == "alice" and duel["victory"]["reason"] == "more_credits"


def test_full_tie_plays_on_until_the_next_fall() -> None:
    centers = {"france": ["bre", "mar", "par"], "germany": ["ber", "kie", "mun"]}
    state = position("S1905M", [("france", "A", "bur"), ("germany", "A", "pic")], centers,
                     credits=(4, 4))
    out = play(state, {"france": "A bur - mun", "germany": "A pic - par"})["state"]
    assert out["duel"]["winner"] is None and out["duel"]["victory_pending"] == "F1905"
    # the Spring tie is decided at the end of the Fall: only France still occupies
    out = play(out, {"germany": "A par - pic"})["state"]
    assert out["duel"]["winner"] == "alice"


def test_eighteen_centres_do_not_end_the_game() -> None:
    centers = {"france": ["par", "bre", "mar", "spa", "por", "bel", "hol", "lon", "edi", "lvp",
                          "nwy", "swe", "den", "tun", "nap", "rom", "ven"],
               "germany": ["ber", "kie", "mun"], "austria": ["tri", "vie", "bud"]}
    state = position("F1910M", [("france", "A", "tyr"), ("germany", "A", "ber")], centers)
    out = play(state, {"france": "A tyr - tri"})["state"]
    assert len(out["centers"]["france"]) == 18
    assert out["duel"]["winner"] is None and not out.get("winner")
    assert out["phase"] in ("W1910A", "S1911B")


def test_players_to_act_follow_who_commands_the_powers_with_a_choice() -> None:
    centers = {"france": ["bre", "mar", "par"], "germany": ["ber", "kie", "mun"],
               "turkey": ["ank", "con", "smy"], "italy": ["nap", "rom", "ven"]}
    placed = [("france", "A", "par"), ("france", "A", "mar"), ("france", "F", "bre"),
              ("germany", "A", "ber"), ("germany", "A", "kie"), ("germany", "A", "mun"),
              ("italy", "A", "rom"), ("italy", "A", "nap")]
    state = position("W1903A", placed, centers)
    # Turkey (uncontrolled) could build three and Italy one; only Italy's controller acts
    state["duel"]["control"]["italy"] = "bob"
    assert api.players_to_act(state) == ["bob"]
    state["duel"]["control"]["italy"] = None
    assert api.players_to_act(state) == []
    state["phase"] = "S1904M"
    assert api.players_to_act(state) == ["alice", "bob"]


def test_referee_completes_builds_the_controller_ordered_only_in_part() -> None:
    """Italy owes two builds; its controller builds F nap and waives the other: the referee
    still builds the second, an army in Venise (Rome before Venise, Rome is occupied)."""
    centers = {"france": ["bre", "mar", "par"], "germany": ["ber", "kie", "mun"],
               "italy": ["nap", "rom", "ven", "tun"]}
    placed = [("france", "A", "par"), ("germany", "A", "ber"), ("italy", "A", "rom"),
              ("italy", "A", "tun")]
    state = position("W1903A", placed, centers)
    state["duel"]["control"]["italy"] = "bob"
    out = play(state, {"italy": "F nap B\nwaive"})
    italy = {u for u in units(out["state"]) if u[0] == "italy"}
    assert italy == {("italy", "A", "rom"), ("italy", "A", "tun"), ("italy", "F", "nap"),
                     ("italy", "A", "ven")}
    referee = [r["unit"] for r in out["results"] if r.get("reason") == "referee_build"]
    assert referee == ["A ven"]
    assert out["state"]["phase"] == "S1904B"


def test_uncontrolled_minor_builds_nothing() -> None:
    centers = {"france": ["bre", "mar", "par"], "germany": ["ber", "kie", "mun"],
               "italy": ["nap", "rom", "ven", "tun"]}
    placed = [("france", "A", "par"), ("germany", "A", "ber"), ("italy", "A", "tun")]
    state = position("W1903A", placed, centers)
    out = play(state, {})
    assert {u for u in units(out["state"]) if u[0] == "italy"} == {("italy", "A", "tun")}


def test_fall_tie_break_waits_for_the_income_paid_after_the_retreats() -> None:
    """Both occupy after the Fall movement while a retreat is pending: bob has more credits
    then, but the season's income (after the retreats) puts alice ahead, and she wins."""
    centers = {"france": ["bre", "mar", "par", "spa", "por"],
               "germany": ["ber", "kie", "mun", "hol"]}
    placed = [("france", "A", "bur"), ("france", "A", "bel"), ("france", "F", "nth"),
              ("germany", "A", "pic"), ("germany", "A", "hol")]
    state = position("F1905M", placed, centers, credits=(4, 5))
    out = play(state, {"france": "A bur - mun\nA bel - hol\nF nth S A bel - hol",
                       "germany": "A pic - par"})["state"]
    assert out["phase"] == "F1905R"
    assert out["duel"]["winner"] is None and out["duel"]["victory_pending"] == "F1905"
    out = play(out, {"germany": "A hol R ruh"})["state"]
    duel = out["duel"]
    assert {p: i["credits"] for p, i in duel["players"].items()} == {"alice": 10, "bob": 8}
    assert duel["winner"] == "alice" and duel["victory"]["reason"] == "more_credits"
