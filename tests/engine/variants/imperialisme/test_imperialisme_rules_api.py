"""The JSON API of L'Impérialisme (engine.variants.imperialisme.api) over its STATE: a crisis from the
draw to the annexation, declared crises, exchanges, the end, the ranking, and secrecy."""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from typing import Any

import pytest

from engine.variants.imperialisme import api
from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.maps import map_from_json
from tests.engine.variants.imperialisme.test_imperialisme_rules_support import minimap_json

MAP = map_from_json(minimap_json())


def fresh() -> dict[str, Any]:
    return api.new_state(game_map=MAP)


def refused(code: str, fn: Any, *args: Any, **kwargs: Any) -> ImperialError:
    with pytest.raises(ImperialError) as e:
        fn(*args, game_map=MAP, **kwargs)
    assert e.value.code == code
    return e.value


def with_owners(state: dict[str, Any], **moves: str) -> dict[str, Any]:
    new = copy.deepcopy(state)
    new["owners"].update(moves)
    return new


def declared_crisis(attacker: str, target: str, state: dict[str, Any] | None = None
                    ) -> dict[str, Any]:
    st = api.declare(state or fresh(), attacker, target, game_map=MAP)["state"]
    return api.start_declared(st, game_map=MAP)["state"]


def test_new_state_and_influence_table() -> None:
    st = fresh()
    assert st["variant"] == "imperialisme" and st["crisis"] is None and st["queue"] == []
    assert st["owners"]["par"] == "france" and "swi" not in st["owners"]
    table = api.influence_table(st, game_map=MAP)
    assert table["france"] == {"influence": "6", "uncapped": "6", "territories": 4, "stars": 2}
    moved = with_owners(st, boh="russia")
    assert api.influence_table(moved, game_map=MAP)["russia"]["influence"] == "2.5"
    assert Fraction(api.influence_table(moved, game_map=MAP)["russia"]["influence"]) == \
        Fraction(5, 2)


def test_state_round_trips_and_keeps_unknown_keys() -> None:
    st = fresh()
    st["game_id"] = 42
    out = api.draw_crisis(st, "seed", game_map=MAP)["state"]
    assert out["game_id"] == 42
    assert st["crisis"] is None  # input untouched
    json.dumps(out)  # plain JSON


def test_random_crisis_publishes_commit_then_seed_and_can_be_replayed() -> None:
    st = fresh()
    seed = "a3f1-crise"
    commit = api.commitment(seed)
    audit = api.replay_draw(st, seed, game_map=MAP)
    result = api.draw_crisis(st, seed, game_map=MAP)
    c = result["crisis"]
    assert c["commit"] == commit and c["seed"] == seed and c["number"] == 1
    assert api.verify_commitment(commit, seed)
    assert c["sides"] == [audit["first"], audit["second"]]
    assert audit["second"] in api.neighbours(st, audit["first"], game_map=MAP)
    nxt = result["state"]
    assert nxt["round"] == 1 and nxt["crisis"]["stage"] == "conference"
    refused("crisis_in_progress", api.draw_crisis, nxt, "other")


def test_full_crisis_vote_tally_and_annexation_by_default() -> None:
    st = declared_crisis("germany", "russia")
    opened = api.open_vote(st, game_map=MAP)
    voters = opened["voters"]
    assert set(voters) == set(MAP.power_ids) - {"germany", "russia"}
    assert voters["france"] == "6"
    st = opened["state"]
    assert api.check_vote(st, "france", "Germany", game_map=MAP) == "germany"
    assert api.check_vote(st, "spain", "blanc", game_map=MAP) is None
    refused("belligerent_cannot_vote", api.check_vote, st, "russia", "russia")
    refused("invalid_choice", api.check_vote, st, "spain", "italy")
    # France 6 + Austria 6 for Germany, England 3 for Russia: 12/15 = 4/5 -> 4
    result = api.tally(st, {"france": "germany", "austria": "germany", "england": "russia",
                            "spain": "blank"}, game_map=MAP)
    assert result["outcome"] == {"winner": "germany", "loser": "russia", "territories": 4}
    assert result["eligible"] == ["stp", "war"]
    assert result["annexable"] == 2  # the eligible ones; Russia keeps mos
    done = api.annex(result["state"], "germany", "russia", None, game_map=MAP)
    assert done["annexed"] == ["stp", "war"] and done["by_default"] is True
    owners = done["state"]["owners"]
    assert owners["war"] == owners["stp"] == "germany" and owners["mos"] == "russia"
    assert done["state"]["crisis"] is None


def test_winner_choice_is_validated_by_the_api() -> None:
    st = api.open_vote(declared_crisis("germany", "russia"), game_map=MAP)["state"]
    st = api.tally(st, {"spain": "germany", "england": "russia"}, game_map=MAP)["state"]
    # Spain 3 against England 3: a tie, nothing changes
    assert st["crisis"] is None
    st = api.open_vote(declared_crisis("germany", "russia"), game_map=MAP)["state"]
    st = api.tally(st, {"spain": "germany", "greece": "germany", "england": "russia"},
                   game_map=MAP)["state"]  # 5 of 8: 2 territories
    options = api.annexation_options(st, game_map=MAP)
    assert options == {"winner": "germany", "loser": "russia", "territories": 2,
                       "eligible": ["stp", "war"], "annexable": 2, "default": ["stp", "war"]}
    refused("not_the_winner", api.annex, st, "russia", "germany", ["mun"])
    refused("not_the_loser", api.annex, st, "germany", "austria", ["boh"])
    refused("not_eligible", api.annex, st, "germany", "russia", ["mos"])
    refused("duplicate_territory", api.annex, st, "germany", "russia", ["war", "war"])
    done = api.annex(st, "Germany", "russia", ["war"], game_map=MAP)
    assert done["annexed"] == ["war"] and done["by_default"] is False


def test_no_winner_leaves_everything_unchanged() -> None:
    before = declared_crisis("spain", "france")
    st = api.open_vote(before, game_map=MAP)["state"]
    for ballots in ({}, {"italy": "blank", "greece": None},
                    {"italy": "spain", "england": "france"}):  # 3 against 3
        result = api.tally(st, ballots, game_map=MAP)
        assert result["outcome"] == {"winner": None, "loser": None, "territories": 0}
        assert result["state"]["owners"] == before["owners"]
        assert result["state"]["crisis"] is None


def test_nothing_to_annex_closes_the_crisis_at_the_tally() -> None:
    st = api.open_vote(declared_crisis("germany", "sweden"), game_map=MAP)["state"]
    result = api.tally(st, {"france": "germany"}, game_map=MAP)
    assert result["outcome"]["winner"] == "germany" and result["annexable"] == 0
    assert result["state"]["crisis"] is None
    assert result["state"]["owners"]["sto"] == "sweden"


def test_the_tally_publishes_no_vote_weight_or_total() -> None:
    # weights 6 (France) + 6 (Austria) = 12 for Germany, 3 (England) for Russia: 12, 15, 4/5
    st = api.open_vote(declared_crisis("germany", "russia"), game_map=MAP)["state"]
    result = api.tally(st, {"france": "germany", "austria": "germany", "england": "russia"},
                       game_map=MAP)
    assert set(result) == {"state", "outcome", "eligible", "annexable"}
    assert result["state"]["crisis"]["weights"] is None
    text = json.dumps({k: v for k, v in result.items() if k != "state"})
    for leak in ("12", "15", "4/5", "0.8", "france", "austria", "england", "blank"):
        assert leak not in text
    crisis_text = json.dumps(result["state"]["crisis"])
    for leak in ("12", "15", "france", "austria", "england"):
        assert leak not in crisis_text


def test_a_changed_vote_counts_once() -> None:
    st = api.open_vote(declared_crisis("germany", "russia"), game_map=MAP)["state"]
    ballots: dict[str, str | None] = {}
    ballots["france"] = "russia"
    ballots["france"] = "germany"  # the last choice replaces the first
    ballots["england"] = "russia"
    result = api.tally(st, ballots, game_map=MAP)  # 6 against 3: 2/3 -> 3
    assert result["outcome"] == {"winner": "germany", "loser": "russia", "territories": 3}


def test_stages_are_enforced() -> None:
    st = fresh()
    refused("no_crisis", api.open_vote, st)
    refused("no_crisis", api.tally, st, {})
    st = declared_crisis("spain", "france")
    refused("wrong_stage", api.tally, st, {})
    refused("wrong_stage", api.annex, st, "spain", "france", None)
    refused("wrong_stage", api.check_vote, st, "italy", "spain")


def test_declared_crises_queue_and_start_in_order() -> None:
    st = fresh()
    st = api.declare(st, "Spain", "france", game_map=MAP)["state"]
    r = api.declare(st, "italy", "austria", game_map=MAP)
    assert r["declaration"] == {"attacker": "italy", "target": "austria", "seq": 2,
                                "position": 2}
    st = r["state"]
    refused("not_neighbours", api.declare, st, "italy", "spain")
    first = api.start_declared(st, game_map=MAP)
    assert first["crisis"]["sides"] == ["spain", "france"] and first["crisis"]["kind"] == \
        "declared"
    assert [q["attacker"] for q in first["state"]["queue"]] == ["italy"]
    refused("crisis_in_progress", api.start_declared, first["state"])
    # declaring during a crisis is allowed: it waits
    waiting = api.declare(first["state"], "england", "germany", game_map=MAP)["state"]
    assert [q["seq"] for q in waiting["queue"]] == [2, 3]


def test_start_declared_drops_declarations_that_lapsed() -> None:
    st = with_owners(fresh(), boh="italy")
    st = api.declare(st, "italy", "germany", game_map=MAP)["state"]
    st = api.declare(st, "spain", "france", game_map=MAP)["state"]
    st["owners"]["boh"] = "austria"
    r = api.start_declared(st, game_map=MAP)
    assert r["lapsed"] == [{"attacker": "italy", "target": "germany", "seq": 1}]
    assert r["crisis"]["sides"] == ["spain", "france"]
    refused("queue_empty", api.start_declared, fresh())


def test_withdrawal_with_consent_from_the_queue_or_until_the_tally() -> None:
    """Seed 003: "peut toujours à tout moment retirer sa déclaration de guerre publique"
    with the target's public consent — during the vote too; once tallied, too late."""
    st = api.declare(fresh(), "spain", "france", game_map=MAP)["state"]
    refused("withdraw_needs_consent", api.withdraw, st, "spain", "france",
            target_consents=False)
    r = api.withdraw(st, "spain", "france", target_consents=True, game_map=MAP)
    assert r["state"]["queue"] == [] and r["withdrawn"] == "declaration"
    running = declared_crisis("spain", "france")
    refused("withdraw_needs_consent", api.withdraw, running, "spain", "france",
            target_consents=False)
    r = api.withdraw(running, "spain", "france", target_consents=True, game_map=MAP)
    assert r["state"]["crisis"] is None and r["withdrawn"] == "crisis"
    voting = api.open_vote(running, game_map=MAP)["state"]
    refused("withdraw_needs_consent", api.withdraw, voting, "spain", "france",
            target_consents=False)
    r = api.withdraw(voting, "spain", "france", target_consents=True, game_map=MAP)
    assert r["state"]["crisis"] is None and r["withdrawn"] == "crisis"
    voters = sorted(voting["crisis"]["weights"])
    tallied = api.tally(voting, dict.fromkeys(voters, "france"), game_map=MAP)["state"]
    assert tallied["crisis"]["stage"] == "annexation"  # France won; it chooses its territories
    refused("too_late_to_withdraw", api.withdraw, tallied, "spain", "france",
            target_consents=True)
    refused("no_declaration", api.withdraw, fresh(), "spain", "france", target_consents=True)


def test_exchanges_need_an_open_session_and_both_acceptances() -> None:
    st = fresh()
    proposal = {"first": "france", "second": "greece", "first_gives": ["bre"],
                "second_gives": []}
    refused("no_exchange_session", api.check_exchange, st, proposal)
    st = api.open_exchange_session(st, game_map=MAP)["state"]
    refused("session_already_open", api.open_exchange_session, st)
    assert api.check_exchange(st, proposal, game_map=MAP)["accepted"] == []
    refused("not_accepted", api.exchange, st, {**proposal, "accepted": ["france"]})
    r = api.exchange(st, {**proposal, "accepted": ["france", "greece"]}, game_map=MAP)
    assert r["state"]["owners"]["bre"] == "greece" and r["ended"] is False
    refused("exchange_session_open", api.draw_crisis, r["state"], "s")
    closed = api.close_exchange_session(r["state"], game_map=MAP)["state"]
    refused("no_exchange_session", api.close_exchange_session, closed)
    running = api.draw_crisis(closed, "s", game_map=MAP)["state"]
    refused("crisis_in_progress", api.open_exchange_session, running)


def test_the_game_ends_after_an_exchange_and_then_refuses_crises() -> None:
    st = api.open_exchange_session(fresh(), game_map=MAP)["state"]
    assert api.end_check(st, game_map=MAP) == {"ended": False,
                                               "single_territory_powers": ["sweden", "greece"]}
    r = api.exchange(st, {"first": "austria", "second": "germany", "first_gives": ["boh"],
                          "second_gives": [], "accepted": ["austria", "germany"]},
                     game_map=MAP)
    assert r["ended"] is True and r["state"]["ended"] is True
    assert api.end_check(r["state"], game_map=MAP)["ended"] is True
    done = api.close_exchange_session(r["state"], game_map=MAP)["state"]
    refused("game_over", api.draw_crisis, done, "s")
    refused("game_over", api.declare, done, "spain", "france")
    ranking = api.ranking(done, game_map=MAP)
    assert ranking[0]["power"] == "germany" and ranking[0]["rank"] == 1
    assert ranking[0]["influence"] == "10"  # ber* mun kie boh: (2+1+1+1) * 2


def test_errors_carry_a_code_and_both_languages() -> None:
    err = refused("unknown_power", api.declare, fresh(), "atlantis", "france")
    payload = err.to_json()
    assert payload["code"] == "unknown_power"
    assert "atlantis" in payload["message_en"] and "atlantis" in payload["message_fr"]
    assert payload["message_en"] != payload["message_fr"]


def test_bad_states_are_refused_clearly() -> None:
    refused("bad_state", api.influence_table, {"variant": "classic", "owners": {}})
    refused("bad_state", api.influence_table, {"variant": "imperialisme"})
    refused("bad_state", api.influence_table, with_owners(fresh(), swi="france"))
    refused("bad_state", api.influence_table, with_owners(fresh(), par="narnia"))


def test_a_long_random_game_keeps_every_invariant() -> None:
    """Crises with random ballots until the end: nobody is ever eliminated, no territory is
    lost or invented, annexations only take what bordered the winner before the crisis."""
    rng = random.Random(20240601)  # explicit seed: the test is reproducible
    st = fresh()
    total = len(st["owners"])
    for number in range(1, 400):
        if st["ended"]:
            break
        before = dict(st["owners"])
        st = api.draw_crisis(st, f"seed-{number}", game_map=MAP)["state"]
        sides = st["crisis"]["sides"]
        eligible = st["crisis"]["eligible"]
        opened = api.open_vote(st, game_map=MAP)
        ballots = {v: rng.choice([sides[0], sides[1], "blank", None])
                   for v in opened["voters"]}
        result = api.tally(opened["state"], ballots, game_map=MAP)
        st = result["state"]
        winner = result["outcome"]["winner"]
        if st["crisis"] is not None:
            loser = result["outcome"]["loser"]
            pick = None if rng.random() < 0.5 else result["eligible"][:result["annexable"]]
            done = api.annex(st, winner, loser, pick, game_map=MAP)
            assert set(done["annexed"]) <= set(eligible[winner])
            assert all(before[t] == loser for t in done["annexed"])
            st = done["state"]
        owners = st["owners"]
        assert len(owners) == total
        counts = {p: sum(1 for o in owners.values() if o == p) for p in MAP.power_ids}
        assert min(counts.values()) >= 1
        changed = {t for t in owners if owners[t] != before[t]}
        assert all(owners[t] == winner for t in changed)
    assert st["ended"], "the game should reach its end within 400 crises"
    assert api.end_check(st, game_map=MAP)["ended"]


def test_run_dispatches_requests_and_returns_errors_as_json() -> None:
    st = api.run({"op": "new_state"}, game_map=MAP)
    drawn = api.run({"op": "draw_crisis", "state": st, "seed": "cli"}, game_map=MAP)
    assert drawn["crisis"]["commit"] == api.commitment("cli")
    again = api.run({"op": "draw_crisis", "state": drawn["state"], "seed": "cli"}, game_map=MAP)
    assert again["error"]["code"] == "crisis_in_progress"
    assert again["error"]["message_fr"] == "Une crise est déjà en cours."
    missing = api.run({"op": "declare", "state": st, "attacker": "spain"}, game_map=MAP)
    assert missing["error"]["code"] == "bad_request" and "target" in missing["error"]["message_en"]
    unknown = api.run({"op": "vote_for_me"}, game_map=MAP)
    assert unknown["error"]["code"] == "unknown_operation"
    assert "draw_crisis" in unknown["error"]["message_en"]
    json.dumps([st, drawn, again, missing, unknown])
