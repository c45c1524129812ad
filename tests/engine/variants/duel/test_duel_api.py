"""Duel-Diplomatie over the JSON contract (engine/variants/duel/api.py): set-up from two ranked lists,
bidding seasons, who commands what, stalemate claims. The turn through the classic engine is
in test_duel_turns.py."""

from __future__ import annotations

from typing import Any

from engine.variants.duel import api

ALICE_PREFS = "FRA, ENG, GER, ITA, AUS, RUS, TUR"
BOB_PREFS = "Allemagne, France, Angleterre, Italie, Autriche, Russie, Turquie"


def new() -> dict[str, Any]:
    return api.new_duel_state("alice", ALICE_PREFS, "bob", BOB_PREFS, seed=7)


def test_new_duel_starts_with_the_first_bidding_season() -> None:
    state = new()
    duel = state["duel"]
    assert state["variant"] == "duel" and state["phase"] == "S1901B"
    assert duel["players"]["alice"]["country"] == "france"
    assert duel["players"]["bob"]["country"] == "germany"
    assert duel["players"]["alice"]["credits"] == 20 and duel["players"]["bob"]["credits"] == 22
    assert sorted(duel["control"]) == ["austria", "england", "italy", "russia", "turkey"]
    assert all(v is None for v in duel["control"].values())
    assert duel["options"] == {"bids_accumulate": False}
    assert len(state["units"]) == 22 and state["centers"]["russia"] == ["mos", "sev", "stp",
                                                                         "war"]


def test_identical_lists_are_drawn_by_lot_reproducibly() -> None:
    one = api.new_duel_state("alice", ALICE_PREFS, "bob", ALICE_PREFS, seed=3)
    two = api.new_duel_state("alice", ALICE_PREFS, "bob", ALICE_PREFS, seed=3)
    assert one == two
    countries = {p: i["country"] for p, i in one["duel"]["players"].items()}
    winner = one["duel"]["history"][0]["lot_winner"]
    loser = "bob" if winner == "alice" else "alice"
    assert (countries[winner], countries[loser]) == ("france", "england")
    winners = {api.new_duel_state("a", ALICE_PREFS, "b", ALICE_PREFS, seed=s)["duel"]
               ["history"][0]["lot_winner"] for s in range(30)}
    assert winners == {"a", "b"}


def test_check_preferences_reports_errors_in_both_languages() -> None:
    ok = api.check_preferences("tur, rus, aut, ita, all, fra, ang")
    assert ok["ok"] and ok["preferences"][0] == "turkey" and ok["preferences"][-1] == "england"
    bad = api.check_preferences("FRA, ENG")
    assert not bad["ok"] and bad["error"]["code"] == "missing_countries"
    assert "Germany" in bad["error"]["message_en"] and "Allemagne" in bad["error"]["message_fr"]


def test_check_bids_refuses_over_budget_and_non_minors() -> None:
    state = new()
    ok = api.check_bids(state, "alice", "ITA 10, ENG 5")
    assert ok == {"ok": True, "error": None,
                  "bids": {"england": 5, "italy": 10, "austria": 0, "russia": 0, "turkey": 0}}
    over = api.check_bids(state, "alice", "ITA 15, ENG 6")
    assert not over["ok"] and over["error"]["code"] == "over_budget"
    assert over["error"]["params"] == {"total": 21, "credits": 20}
    assert api.check_bids(state, "bob", "Allemagne 1")["error"]["code"] == "own_country_bid"
    assert api.check_bids(state, "bob", "FRA 1")["error"]["code"] == "opponent_country_bid"
    assert api.check_bids(state, "carol", "ITA 1")["error"]["code"] == "not_a_player"


def test_bids_are_refused_outside_the_bidding_season() -> None:
    state = new()
    state["phase"] = "S1901M"
    err = api.check_bids(state, "alice", "ITA 1")["error"]
    assert err["code"] == "not_bidding_phase" and "S1901M" in err["message_fr"]


def test_resolve_bids_reveals_pays_and_opens_spring_movement() -> None:
    state = new()
    out = api.resolve_bids(state, {"alice": "ITA 10, ENG 5, TUR 2",
                                   "bob": {"italy": 8, "russia": 6, "turkey": 2}})
    nxt, result = out["state"], out["result"]
    assert nxt["phase"] == "S1901M"
    assert nxt["duel"]["control"] == {"england": "alice", "italy": "alice", "austria": None,
                                      "russia": "bob", "turkey": None}
    assert result["balances"] == {"alice": 5, "bob": 16}
    assert nxt["duel"]["players"]["alice"]["credits"] == 5
    italy = next(m for m in result["minors"] if m["minor"] == "italy")
    assert italy == {"minor": "italy", "bids": {"alice": 10, "bob": 8},
                     "penalties": {"alice": 0, "bob": 0}, "effective": {"alice": 10, "bob": 8},
                     "controller": "alice", "paid": 10}
    assert nxt["duel"]["history"][-1]["kind"] == "bidding"
    assert state["phase"] == "S1901B"  # the input is not modified
    assert api.commanded_powers(nxt, "alice") == ["france", "england", "italy"]
    assert api.commanded_powers(nxt, "bob") == ["germany", "russia"]
    assert api.controller_of(nxt, "Turquie") is None
    assert api.controller_of(nxt, "ITA") == "alice"
    assert api.controller_of(nxt, "germany") == "bob"


def test_a_player_who_sends_no_bids_bids_nothing() -> None:
    out = api.resolve_bids(new(), {"alice": "AUS 1"})
    assert out["state"]["duel"]["control"]["austria"] == "alice"
    assert out["state"]["duel"]["control"]["italy"] is None


def test_process_resolves_a_bidding_season_from_the_request() -> None:
    response = api.process({"state": new(), "bids": {"alice": "ITA 3", "bob": "ITA 3"}})
    assert response["state"]["phase"] == "S1901M"
    assert response["bidding"]["control"]["italy"] is None  # 3-3: civil disorder this year
    assert response["results"] == []


def test_penalty_applies_at_the_next_bidding_season() -> None:
    """Rule 6 from the occupation recorded at the end of the Fall (France's army in Rome)."""
    state = new()
    state["phase"] = "S1902B"
    state["duel"]["occupation"] = {"alice": {"italy": ["rom"]}, "bob": {}}
    out = api.resolve_bids(state, {"alice": "ITA 9", "bob": "ITA 5"})
    italy = next(m for m in out["result"]["minors"] if m["minor"] == "italy")
    assert italy["penalties"] == {"alice": 5, "bob": 0}
    assert italy["effective"] == {"alice": 4, "bob": 5}
    assert italy["controller"] == "bob" and out["result"]["balances"] == {"alice": 20, "bob": 17}


def test_bids_accumulate_option_keeps_running_accounts() -> None:
    state = api.new_duel_state("alice", ALICE_PREFS, "bob", BOB_PREFS, seed=7,
                               options={"bids_accumulate": True})
    first = api.resolve_bids(state, {"alice": "ITA 4", "bob": "ITA 6"})["state"]
    assert first["duel"]["control"]["italy"] == "bob"
    first["phase"] = "S1902B"
    second = api.resolve_bids(first, {"alice": "ITA 3", "bob": "ITA 0"})
    # alice's account: 4 + 3 = 7 > bob's 6: she controls Italy and pays this season's 3
    assert second["state"]["duel"]["accounts"]["alice"]["italy"] == 7
    assert second["state"]["duel"]["control"]["italy"] == "alice"
    assert second["result"]["balances"]["alice"] == 17


def eliminated_minors_state() -> dict[str, Any]:
    state = new()
    state["phase"] = "F1910M"
    state["units"] = [{"power": "france", "type": "A", "location": "par"},
                      {"power": "germany", "type": "A", "location": "ber"}]
    state["centers"] = {"france": ["par", "bre", "mar", "spa", "por", "bel", "hol", "lon",
                                   "edi", "lvp", "nwy", "swe", "den", "tun", "nap", "rom",
                                   "ven", "tri", "vie"],
                        "germany": ["ber", "kie", "mun", "war", "mos", "stp", "sev", "bud",
                                    "ser", "gre", "bul", "rum", "con", "ank", "smy"],
                        "england": [], "italy": [], "austria": [], "russia": [],
                        "turkey": []}
    return state


def test_stalemate_claim_needs_every_minor_eliminated() -> None:
    out = api.claim_stalemate(new(), "alice")
    assert not out["ok"] and out["error"]["code"] == "minors_not_eliminated"
    assert "Italy" in out["error"]["message_en"] and "Italie" in out["error"]["message_fr"]


def test_stalemate_confirmed_by_the_other_player_or_gm_gives_more_centres_the_win() -> None:
    claimed = api.claim_stalemate(eliminated_minors_state(), "bob")
    assert claimed["ok"]
    own = api.confirm_stalemate(claimed["state"], "bob")
    assert not own["ok"] and own["error"]["code"] == "own_stalemate_claim"
    agreed = api.confirm_stalemate(claimed["state"], "alice")
    assert agreed["ok"] and agreed["state"]["duel"]["winner"] == "alice"  # 19 centres to 15
    by_gm = api.confirm_stalemate(claimed["state"], "gm")
    assert by_gm["state"]["duel"]["winner"] == "alice"
    assert by_gm["state"]["duel"]["victory"]["kind"] == "stalemate"
    unclaimed = api.confirm_stalemate(eliminated_minors_state(), "gm")
    assert unclaimed["error"]["code"] == "no_stalemate_claim"


def test_reveal_text_shows_bids_penalties_controllers_and_balances_in_both_languages() -> None:
    state = new()
    state["duel"]["occupation"] = {"alice": {"italy": ["ven"]}, "bob": {}}
    result = api.resolve_bids(state, {"alice": "ITA 9, ENG 2", "bob": "ITA 5"})["result"]
    en = api.format_bidding(result, "en", {"alice": "Alice", "bob": "Bob"})
    fr = api.format_bidding(result, "fr", {"alice": "Alice", "bob": "Bob"})
    assert "Italy — Alice 9 (−5 occupation → 4), Bob 5 → Bob (pays 5)" in en
    assert "Italie — Alice 9 (−5 occupation → 4), Bob 5 → Bob (paie 5)" in fr
    assert "Turkey — Alice 0, Bob 0 → nobody (civil disorder)" in en
    assert "Turquie — Alice 0, Bob 0 → personne (désordre civil)" in fr
    assert en.endswith("Balances: Alice 18, Bob 17") and fr.endswith("Soldes : Alice 18, Bob 17")


def test_both_players_act_in_a_bidding_season() -> None:
    assert api.players_to_act(new()) == ["alice", "bob"]
