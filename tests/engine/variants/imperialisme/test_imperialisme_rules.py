"""Rules of L'Impérialisme on typed values (seed 003, docs/RULES.md §6)."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.variants.imperialisme import (
    annexation,
    crisis,
    draw,
    ending,
    exchange,
    influence,
    votes,
)
from engine.variants.imperialisme.crisis import CrisisKind, Stage
from engine.variants.imperialisme.errors import MESSAGES, ImperialError
from engine.variants.imperialisme.maps import ImperialMap, load_imperial_map, map_from_json
from tests.engine.variants.imperialisme.test_imperialisme_rules_support import minimap_json

MAP = map_from_json(minimap_json())
START = MAP.starting_owners()


def owners_with(**moves: str) -> dict[str, str]:
    """Starting owners with some territories given to other powers."""
    new = dict(START)
    new.update(moves)
    return new


def code_of(excinfo: pytest.ExceptionInfo[ImperialError]) -> str:
    return excinfo.value.code


# -- influence (seed 003 « Système de vote », « Cas spéciaux ») ------------------------------
def test_seed_example_four_provinces_two_starred_give_france_six() -> None:
    # « si la France possède 4 provinces dont deux avec étoile noire, elle aura une influence
    # de 6 »: par* bre bur mar* on the mini map.
    assert influence.holdings(START, "france") == ("bre", "bur", "mar", "par")
    inf = influence.influence_of(MAP, START, "france")
    assert inf.capped == 6 and inf.uncapped == 6
    assert (inf.territories, inf.stars) == (4, 2)


def test_influence_is_an_exact_fraction() -> None:
    inf = influence.influence_of(MAP, START, "russia")
    assert isinstance(inf.capped, Fraction) and isinstance(inf.uncapped, Fraction)


def test_russia_counts_half() -> None:
    # mos* war stp: 1 + 0.5 + 0.5
    assert influence.influence_of(MAP, START, "russia").capped == 2
    # plus a plain territory: 2.5, kept exact
    two_and_half = influence.influence_of(MAP, owners_with(boh="russia"), "russia").capped
    assert two_and_half == Fraction(5, 2)


@pytest.mark.parametrize("power", ["germany", "austria"])
def test_germany_and_austria_count_double(power: str) -> None:
    held = influence.holdings(START, power)
    stars = sum(MAP.territory(t).star for t in held)
    plain = len(held) - stars
    assert influence.influence_of(MAP, START, power).capped == 2 * plain + 4 * stars


def test_the_double_is_for_germany_alone_not_for_who_receives_a_german_territory() -> None:
    moved = owners_with(ber="france", mun="france")  # ber* and mun, German at the start
    assert influence.influence_of(MAP, moved, "france").capped == 6 + 2 + 1
    # and a French territory held by Germany counts double for Germany
    moved = owners_with(par="germany")
    assert influence.influence_of(MAP, moved, "germany").capped == (4 + 2 + 2) + 4


def test_influence_is_capped_at_fifty_with_the_uncapped_value_kept() -> None:
    big = {f"t{i}": {"id": f"t{i}", "owner": "germany", "star": True} for i in range(13)}
    data = minimap_json()
    data["territories"] += list(big.values())
    gm = map_from_json(data)
    owners = gm.starting_owners()
    inf = influence.influence_of(gm, owners, "germany")
    assert inf.uncapped == (4 + 2 + 2) + 13 * 4
    assert inf.capped == 50


def test_below_the_cap_nothing_is_cut() -> None:
    table = influence.influence_table(MAP, START)
    assert all(inf.capped == inf.uncapped for inf in table.values())


# -- neighbours --------------------------------------------------------------------------
def test_neighbours_by_land_border() -> None:
    assert influence.are_neighbours(MAP, START, "france", "germany")  # bur-mun
    assert influence.are_neighbours(MAP, START, "austria", "italy")  # vie-ven


def test_neighbours_by_a_common_naval_zone() -> None:
    # no land border at all: Sweden touches Germany and Russia through the Baltic
    assert influence.neighbours(MAP, START, "sweden") == ("germany", "russia")
    assert influence.are_neighbours(MAP, START, "england", "france")  # manche


def test_different_naval_zones_do_not_make_neighbours() -> None:
    assert not influence.are_neighbours(MAP, START, "italy", "spain")  # tyr vs med


def test_switzerland_is_neutral_and_makes_nobody_neighbours() -> None:
    # bur, mar, mun and ven all border swi; France and Italy touch nowhere else
    assert not influence.are_neighbours(MAP, START, "france", "italy")
    assert "swi" not in START
    assert "swi" not in MAP.touching("bur") and not MAP.touch("bur", "swi")


def test_neighbours_follow_the_owners() -> None:
    assert not influence.are_neighbours(MAP, START, "italy", "germany")
    assert influence.are_neighbours(MAP, owners_with(boh="italy"), "italy", "germany")


def test_neighbourhood_is_symmetric_and_irreflexive() -> None:
    for p in MAP.power_ids:
        assert p not in influence.neighbours(MAP, START, p)
        for q in influence.neighbours(MAP, START, p):
            assert p in influence.neighbours(MAP, START, q)


# -- random crisis draw ------------------------------------------------------------------
def test_commitment_is_the_sha256_hex_of_the_seed() -> None:
    seed = "crise-1:3f9a"
    assert draw.commitment(seed) == hashlib.sha256(seed.encode()).hexdigest()
    assert draw.verify_commitment(draw.commitment(seed), seed)
    assert not draw.verify_commitment(draw.commitment(seed), seed + "x")


def test_draw_is_a_pure_function_of_owners_seed_and_number() -> None:
    a = draw.draw_crisis(MAP, START, "graine", 4)
    b = draw.draw_crisis(MAP, dict(START), "graine", 4)
    assert a == b
    assert a.commit == draw.commitment("graine")


def _reference_draw(owners: dict[str, str], seed: str, number: int) -> tuple[str, str]:
    """The documented algorithm re-implemented from its description, as an auditor would."""
    def index(label: str, n: int) -> int:
        k = 0
        while True:
            v = int(hashlib.sha256(f"{seed}:{number}:{label}:{k}".encode()).hexdigest(), 16)
            if v < 2**256 - 2**256 % n:
                return v % n
            k += 1

    def neigh(p: str) -> list[str]:
        out = set()
        for a, pa in owners.items():
            for b, pb in owners.items():
                if pa == p and pb != p and MAP.touch(a, b):
                    out.add(pb)
        return sorted(out)

    candidates = sorted(p for p in set(owners.values()) if neigh(p))
    first = candidates[index("first", len(candidates))]
    return first, neigh(first)[index("second", len(neigh(first)))]


@given(seed=st.text(min_size=1, max_size=20), number=st.integers(1, 500))
@settings(max_examples=60, deadline=None)
def test_anyone_can_rerun_the_draw_from_its_description(seed: str, number: int) -> None:
    d = draw.draw_crisis(MAP, START, seed, number)
    assert (d.first, d.second) == _reference_draw(START, seed, number)
    assert influence.are_neighbours(MAP, START, d.first, d.second)


def test_first_power_uniform_and_never_one_without_neighbours() -> None:
    counts = Counter(draw.draw_crisis(MAP, START, f"s{i}", 1).first for i in range(4000))
    assert "greece" not in counts  # no neighbour: a crisis needs two neighbours (seed 003)
    candidates = [p for p in MAP.power_ids if influence.neighbours(MAP, START, p)]
    assert set(counts) == set(candidates)
    expected = 4000 / len(candidates)
    assert all(abs(n - expected) < 0.2 * expected for n in counts.values())


def test_second_power_uniform_among_the_first_ones_neighbours() -> None:
    seconds: Counter[str] = Counter()
    for i in range(6000):
        d = draw.draw_crisis(MAP, START, f"g{i}", 7)
        if d.first == "germany":
            seconds[d.second] += 1
    around = influence.neighbours(MAP, START, "germany")
    assert set(seconds) == set(around)
    expected = sum(seconds.values()) / len(around)
    assert all(abs(n - expected) < 0.3 * expected for n in seconds.values())


def test_the_crisis_number_changes_the_draw() -> None:
    draws = {(d.first, d.second) for d in (draw.draw_crisis(MAP, START, "same", n)
                                            for n in range(1, 30))}
    assert len(draws) > 3


def test_draw_refuses_an_empty_seed_and_a_map_without_neighbours() -> None:
    with pytest.raises(ImperialError) as e:
        draw.draw_crisis(MAP, START, "", 1)
    assert code_of(e) == "empty_seed"
    lonely = {"ath": "greece"}
    with pytest.raises(ImperialError) as e:
        draw.draw_crisis(MAP, lonely, "x", 1)
    assert code_of(e) == "no_neighbours"


# -- declared crises ---------------------------------------------------------------------
def test_declared_crises_wait_in_announcement_order() -> None:
    q = crisis.declare((), MAP, START, "spain", "france", 1)
    q = crisis.declare(q, MAP, START, "italy", "austria", 2)
    q = crisis.declare(q, MAP, START, "england", "germany", 3)
    head, lapsed, rest = crisis.next_declared(q, MAP, START)
    assert head is not None and (head.attacker, head.target) == ("spain", "france")
    assert lapsed == ()
    assert [(d.attacker, d.target) for d in rest] == [("italy", "austria"),
                                                      ("england", "germany")]


def test_war_can_be_declared_only_on_a_neighbour() -> None:
    with pytest.raises(ImperialError) as e:
        crisis.declare((), MAP, START, "france", "italy", 1)
    assert code_of(e) == "not_neighbours"
    with pytest.raises(ImperialError) as e:
        crisis.declare((), MAP, START, "france", "france", 1)
    assert code_of(e) == "same_power"


def test_the_same_declaration_cannot_be_queued_twice() -> None:
    q = crisis.declare((), MAP, START, "spain", "france", 1)
    with pytest.raises(ImperialError) as e:
        crisis.declare(q, MAP, START, "spain", "france", 2)
    assert code_of(e) == "already_declared"
    assert len(crisis.declare(q, MAP, START, "france", "spain", 2)) == 2


def test_withdrawal_needs_the_targets_consent() -> None:
    q = crisis.declare((), MAP, START, "spain", "france", 1)
    with pytest.raises(ImperialError) as e:
        crisis.withdraw(q, "spain", "france", target_consents=False)
    assert code_of(e) == "withdraw_needs_consent"
    assert crisis.withdraw(q, "spain", "france", target_consents=True) == ()
    with pytest.raises(ImperialError) as e:
        crisis.withdraw(q, "france", "spain", target_consents=True)
    assert code_of(e) == "no_declaration"


def test_a_declaration_lapses_when_the_powers_are_no_longer_neighbours() -> None:
    moved = owners_with(boh="italy")
    q = crisis.declare((), MAP, moved, "italy", "germany", 1)
    q = crisis.declare(q, MAP, moved, "spain", "france", 2)
    head, lapsed, rest = crisis.next_declared(q, MAP, START)  # boh went back to Austria
    assert [(d.attacker, d.target) for d in lapsed] == [("italy", "germany")]
    assert head is not None and head.attacker == "spain" and rest == ()


# -- the vote ----------------------------------------------------------------------------
SIDES = ("france", "germany")


def test_weights_are_the_voters_influence_when_the_vote_opens_belligerents_excluded() -> None:
    c = crisis.start_crisis(MAP, START, 1, CrisisKind.RANDOM, SIDES)
    c = crisis.open_vote(c, MAP, START)
    assert c.stage is Stage.VOTE and c.weights is not None
    assert set(c.weights) == set(MAP.power_ids) - set(SIDES)
    for p, w in c.weights.items():
        assert w == influence.influence_of(MAP, START, p).capped


def test_blank_votes_are_not_expressed() -> None:
    weights = {"spain": Fraction(3), "italy": Fraction(2), "russia": Fraction(100)}
    # 3 against 2 of 5 expressed: 3/5 > 1/2 -> 2 territories; Russia's blank changes nothing
    out = votes.tally(SIDES, weights, {"spain": "france", "italy": "germany",
                                       "russia": votes.BLANK})
    assert out == votes.Outcome("france", "germany", 2)
    assert votes.tally(SIDES, weights, {"spain": "france", "italy": "germany",
                                        "russia": None}) == out


@pytest.mark.parametrize(("for_first", "for_second", "territories"), [
    (2, 1, 3),    # exactly 2/3 -> 3
    (4, 1, 4),    # exactly 4/5 -> 4
    (5, 0, 4),    # unanimity
    (199, 101, 2),  # 199/300 just below 2/3 -> 2
    (79, 21, 3),  # 79/100 just below 4/5 -> 3
    (51, 49, 2),  # relative majority
    (Fraction(3, 2), Fraction(1), 2),  # Russian halves stay exact: 3/5
])
def test_tiers_of_the_majority(for_first: Fraction, for_second: Fraction,
                               territories: int) -> None:
    weights = {"spain": Fraction(for_first), "italy": Fraction(for_second)}
    out = votes.tally(SIDES, weights, {"spain": "france", "italy": "germany"})
    assert out == votes.Outcome("france", "germany", territories)
    swapped = votes.tally(SIDES, weights, {"spain": "germany", "italy": "france"})
    assert swapped == votes.Outcome("germany", "france", territories)


def test_tier_thresholds_against_exact_shares() -> None:
    assert votes.territories_for(Fraction(1, 2)) == 0
    assert votes.territories_for(Fraction(1, 2) + Fraction(1, 10**9)) == 2
    assert votes.territories_for(Fraction(2, 3) - Fraction(1, 10**9)) == 2
    assert votes.territories_for(Fraction(2, 3)) == 3
    assert votes.territories_for(Fraction(4, 5) - Fraction(1, 10**9)) == 3
    assert votes.territories_for(Fraction(4, 5)) == 4


def test_equal_weights_or_nothing_expressed_change_nothing() -> None:
    weights = {"spain": Fraction(3), "italy": Fraction(3), "russia": Fraction(2)}
    assert votes.tally(SIDES, weights, {"spain": "france", "italy": "germany"}) == \
        votes.NO_WINNER
    assert votes.tally(SIDES, weights, {"russia": "blank"}) == votes.NO_WINNER
    assert votes.tally(SIDES, weights, {}) == votes.NO_WINNER


def test_void_votes_count_for_nothing() -> None:
    weights = {"spain": Fraction(3), "italy": Fraction(2), "russia": Fraction(7)}
    ballots = {"spain": "france", "italy": "germany", "russia": "austria",  # not a side
               "france": "france", "germany": "germany",  # belligerents do not vote
               "nobody": "germany"}  # no weight: not a voter
    assert votes.tally(SIDES, weights, ballots) == votes.Outcome("france", "germany", 2)


def test_the_public_outcome_holds_no_total() -> None:
    assert [f for f in votes.Outcome.__dataclass_fields__] == ["winner", "loser", "territories"]
    weights_a = {"spain": Fraction(17), "italy": Fraction(12)}
    weights_b = {"spain": Fraction(3), "italy": Fraction(2)}
    ballots = {"spain": "france", "italy": "germany"}
    # different totals, same tier -> indistinguishable public outcomes
    assert votes.tally(SIDES, weights_a, ballots) == votes.tally(SIDES, weights_b, ballots)
    assert votes.tally(SIDES, weights_a, ballots).to_json() == {
        "winner": "france", "loser": "germany", "territories": 2}


def test_check_vote_refuses_belligerents_non_voters_and_odd_choices() -> None:
    voters = {"spain": Fraction(3)}
    for voter, choice, code in [("france", "germany", "belligerent_cannot_vote"),
                                ("italy", "france", "not_a_voter"),
                                ("spain", "austria", "invalid_choice")]:
        with pytest.raises(ImperialError) as e:
            votes.check_vote(SIDES, voters, voter, choice)
        assert code_of(e) == code
        assert choice not in e.value.message_en and choice not in e.value.message_fr
    votes.check_vote(SIDES, voters, "spain", "germany")
    votes.check_vote(SIDES, voters, "spain", None)


def test_close_vote_keeps_the_outcome_and_forgets_the_weights() -> None:
    c = crisis.open_vote(crisis.start_crisis(MAP, START, 1, CrisisKind.RANDOM, SIDES),
                         MAP, START)
    closed, out = crisis.close_vote(c, {"spain": "france"})
    assert closed.weights is None and closed.outcome == out
    assert out.winner == "france" and out.territories == 4
    with pytest.raises(ImperialError) as e:
        crisis.close_vote(closed, {})
    assert code_of(e) == "wrong_stage"


# -- annexation --------------------------------------------------------------------------
def test_eligible_territories_are_those_bordering_the_winner_before_the_crisis() -> None:
    c = crisis.start_crisis(MAP, START, 1, CrisisKind.DECLARED, ("germany", "france"))
    # Germany touches bur (land: mun) and bre (manche? no: Germany is not on the Channel)
    assert c.eligible["germany"] == ("bur",)
    assert c.eligible["france"] == ("mun",)


def test_annexation_cannot_chain_through_a_territory_taken_in_the_same_crisis() -> None:
    # Germany wins 3 against Russia: only war borders Germany (ber-war, and stp by the Baltic
    # through kie); mos borders only Russian land, even once war is German.
    c = crisis.start_crisis(MAP, START, 1, CrisisKind.DECLARED, ("germany", "russia"))
    assert c.eligible["germany"] == ("stp", "war")
    with pytest.raises(ImperialError) as e:
        annexation.check_choice(MAP, START, "germany", "russia", 3, c.eligible["germany"],
                                ["war", "mos"])
    assert code_of(e) == "not_eligible"
    after = annexation.apply_annexation(START, "germany", ["war"])
    assert "mos" in influence.bordering(MAP, after, "russia", "germany")  # would now border


def test_the_loser_always_keeps_a_territory() -> None:
    # Germany (ber* mun kie) against Sweden (sto*) alone: nothing can be taken
    assert annexation.allowed_count(START, "sweden", 4, ["sto"]) == 0
    with pytest.raises(ImperialError) as e:
        annexation.check_choice(MAP, START, "germany", "sweden", 4, ["sto"], ["sto"])
    assert code_of(e) == "loser_keeps_one"
    # Austria (vie* boh) loses 4 to Germany: both border Germany, only one may go
    owners = owners_with(ven="germany")  # now vie (next to ven) borders Germany too
    assert influence.bordering(MAP, owners, "austria", "germany") == ("boh", "vie")
    assert annexation.allowed_count(owners, "austria", 4, ["boh", "vie"]) == 1
    with pytest.raises(ImperialError) as e:
        annexation.check_choice(MAP, owners, "germany", "austria", 4, ["boh", "vie"],
                                ["boh", "vie"])
    assert code_of(e) == "loser_keeps_one"


def test_default_choice_takes_stars_first_then_alphabetical() -> None:
    # France took kie (Baltic, like stp) and vie* (borders war); Russia wins 2, then 1
    owners = owners_with(kie="france", vie="france")
    eligible = influence.bordering(MAP, owners, "france", "russia")
    assert eligible == ("kie", "vie")  # alphabetical
    assert annexation.default_choice(MAP, owners, "france", 2, eligible) == ("vie", "kie")
    assert annexation.default_choice(MAP, owners, "france", 1, eligible) == ("vie",)
    # among unstarred ones: alphabetical; capped by what is eligible
    owners = owners_with(kie="france", war="france")
    eligible = influence.bordering(MAP, owners, "france", "russia")
    assert eligible == ("kie", "war")
    assert annexation.default_choice(MAP, owners, "france", 4, eligible) == ("kie", "war")


def test_winner_choice_is_checked() -> None:
    owners = owners_with(kie="france", war="france")
    eligible = influence.bordering(MAP, owners, "france", "russia")
    cases = [(["par"], "not_eligible"), (["kie", "kie"], "duplicate_territory"),
             (["mos"], "not_loser_territory"), (["war", "kie"], "too_many"),
             (["atlantis"], "unknown_territory"), (["swi"], "neutral_territory")]
    for choice, code in cases:
        with pytest.raises(ImperialError) as e:
            annexation.check_choice(MAP, owners, "russia", "france", 1, eligible, choice)
        assert code_of(e) == code, choice
    assert annexation.check_choice(MAP, owners, "russia", "france", 2, eligible,
                                   ["KIE", "war"]) == ("kie", "war")


def test_the_winner_may_take_fewer_than_it_won() -> None:
    owners = owners_with(kie="france", war="france")
    eligible = influence.bordering(MAP, owners, "france", "russia")
    assert annexation.check_choice(MAP, owners, "russia", "france", 3, eligible, ["war"]) == \
        ("war",)
    assert annexation.check_choice(MAP, owners, "russia", "france", 3, eligible, []) == ()


# -- exchanges ---------------------------------------------------------------------------
def test_gift_loan_and_swap_take_effect_once_both_accept() -> None:
    gift = exchange.make_proposal(MAP, "france", "greece", ["bre"], [])
    with pytest.raises(ImperialError) as e:
        exchange.apply_exchange(START, gift.accept("france"))
    assert code_of(e) == "not_accepted"
    after = exchange.apply_exchange(START, gift.accept("france").accept("greece"))
    assert after["bre"] == "greece" and START["bre"] == "france"
    swap = exchange.make_proposal(MAP, "Spain", "Sweden-fr", ["bar"], [], ["spain", "sweden"])
    assert exchange.apply_exchange(START, swap)["bar"] == "sweden"
    both = exchange.make_proposal(MAP, "france", "germany", ["bur"], ["mun", "kie"],
                                  ["france", "germany"])
    after = exchange.apply_exchange(START, both)
    assert (after["bur"], after["mun"], after["kie"]) == ("germany", "france", "france")


def test_an_exchange_needs_each_territory_to_belong_to_its_giver() -> None:
    p = exchange.make_proposal(MAP, "france", "germany", ["mun"], [])
    with pytest.raises(ImperialError) as e:
        exchange.check_proposal(START, p)
    assert code_of(e) == "not_giver_territory"


def test_no_power_gives_away_its_last_territory_even_in_a_swap() -> None:
    p = exchange.make_proposal(MAP, "sweden", "germany", ["sto"], [])
    with pytest.raises(ImperialError) as e:
        exchange.check_proposal(START, p)
    assert code_of(e) == "last_territory"
    p = exchange.make_proposal(MAP, "sweden", "germany", ["sto"], ["kie"])
    with pytest.raises(ImperialError) as e:
        exchange.check_proposal(START, p)
    assert code_of(e) == "last_territory"
    p = exchange.make_proposal(MAP, "austria", "germany", ["vie", "boh"], [])
    with pytest.raises(ImperialError) as e:
        exchange.check_proposal(START, p)
    assert code_of(e) == "last_territory"


def test_an_empty_or_self_exchange_is_refused() -> None:
    with pytest.raises(ImperialError) as e:
        exchange.check_proposal(START, exchange.make_proposal(MAP, "france", "spain", [], []))
    assert code_of(e) == "empty_exchange"
    with pytest.raises(ImperialError) as e:
        exchange.make_proposal(MAP, "france", "France", ["bre"], [])
    assert code_of(e) == "same_power"
    with pytest.raises(ImperialError) as e:
        exchange.make_proposal(MAP, "france", "spain", ["bre"], []).accept("italy")
    assert code_of(e) == "not_a_party"


def test_an_accepted_exchange_is_checked_again_when_applied() -> None:
    p = exchange.make_proposal(MAP, "france", "spain", ["bre"], [], ["france", "spain"])
    moved = owners_with(bre="england")
    with pytest.raises(ImperialError) as e:
        exchange.apply_exchange(moved, p)
    assert code_of(e) == "not_giver_territory"


# -- end and ranking ---------------------------------------------------------------------
def test_the_game_ends_when_three_powers_hold_a_single_territory() -> None:
    # at the start: Sweden and Greece hold one each
    assert set(ending.single_territory_powers(MAP, START)) == {"sweden", "greece"}
    assert not ending.is_over(MAP, START)
    assert ending.is_over(MAP, owners_with(boh="germany"))  # Austria down to vie


def test_ranking_by_capped_influence_then_uncapped_then_territories() -> None:
    data = minimap_json()
    data["territories"] += [{"id": f"g{i}", "owner": "germany", "star": True}
                            for i in range(13)]  # Germany: 8 + 52 = 60 uncapped
    data["territories"] += [{"id": f"s{i}", "owner": "spain", "star": False}
                            for i in range(47)]  # Spain: 3 + 47 = 50
    gm = map_from_json(data)
    owners = gm.starting_owners()
    owners.update(par="russia", mar="russia", bre="russia", bur="russia", mos="france",
                  war="france", stp="sweden")
    table = influence.influence_table(gm, owners)
    ranks = ending.ranking(gm, owners)
    order = [s.influence.power for s in ranks]
    assert order[:2] == ["germany", "spain"]  # both capped at 50; 60 uncapped beats 50
    assert table["germany"].capped == table["spain"].capped == 50
    # Russia (par* mar* bre bur: 6 * 1/2 = 3, 4 territories) and France (mos* war: 3,
    # 2 territories) tie on influence and uncapped influence: more territories first
    assert table["russia"].capped == table["france"].capped == 3
    assert order.index("russia") < order.index("france")
    assert ranks[0].rank == 1 and ranks[1].rank == 2


def test_equal_powers_share_their_rank() -> None:
    ranks = {s.influence.power: s.rank for s in ending.ranking(MAP, START)}
    # Italy (rom* ven), Spain (mad* bar), England (lon* edi): 3 each, 2 territories each
    assert ranks["italy"] == ranks["spain"] == ranks["england"]


# -- map loading and messages ------------------------------------------------------------
def test_map_loader_reads_a_file_and_rejects_bad_data(tmp_path: Path) -> None:
    import json

    path = tmp_path / "map.json"
    path.write_text(json.dumps(minimap_json()), encoding="utf-8")
    loaded = load_imperial_map(path)
    assert isinstance(loaded, ImperialMap)
    assert loaded.starting_owners() == START
    bad = minimap_json()
    bad["territories"].append({"id": "zzz", "owner": "narnia", "star": False})
    with pytest.raises(ImperialError) as e:
        map_from_json(bad)
    assert code_of(e) == "bad_map"
    bad = minimap_json()
    bad["land_borders"].append(["par", "nowhere"])
    with pytest.raises(ImperialError) as e:
        map_from_json(bad)
    assert code_of(e) == "bad_map"


def test_names_resolve_in_english_and_french_without_case_or_accents() -> None:
    assert MAP.resolve_power("FRANCE-FR") == "france"
    assert MAP.resolve_territory("Par-FR") == "par"
    with pytest.raises(ImperialError) as e:
        MAP.resolve_power("Atlantide")
    assert code_of(e) == "unknown_power"


def test_every_error_code_raised_has_both_messages() -> None:
    source = "".join(p.read_text(encoding="utf-8") for p in
                     (Path(__file__).parents[4] / "engine" / "variants" / "imperialisme").glob("*.py"))
    assert "def tally" in source
    raised = set(re.findall(r'ImperialError\(\s*"([a-z_]+)"', source))
    assert raised <= set(MESSAGES), raised - set(MESSAGES)
    for code, (en, fr) in MESSAGES.items():
        assert en and fr and en != fr, code
    err = ImperialError("last_territory", {"power": "sweden"})
    assert err.to_json() == {"code": "last_territory",
                             "message_en": "sweden cannot give away its last territory.",
                             "message_fr": "sweden ne peut pas céder son dernier territoire."}
