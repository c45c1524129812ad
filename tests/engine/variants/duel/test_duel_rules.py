"""Duel-Diplomatie rules (seed 001; docs/RULES.md §5), one test per rule: country
choice (rule 3), credits (rule 5 and its worked example), bids and their reveal (rules 4, 6,
7 and rule 6's worked example), victory (rule 9), stalemate (rule 10), compulsory minor
builds (rule 8)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.orders.state import Unit
from engine.variants.duel.bids import parse_bids, resolve_bidding
from engine.variants.duel.countries import (
    COUNTRIES,
    STARTING_CREDITS,
    assign_countries,
    minors_of,
    parse_country,
    parse_preferences,
)
from engine.variants.duel.errors import DuelError
from engine.variants.duel.rules import (
    check_victory,
    fall_income,
    minors_in_play,
    occupation,
    referee_builds,
    stalemate_winner,
)

STANDARD = ("england", "france", "germany", "italy", "austria", "russia", "turkey")


def refused(code: str, fn, *args, **kwargs) -> DuelError:
    with pytest.raises(DuelError) as info:
        fn(*args, **kwargs)
    err = info.value
    assert err.code == code
    # every refusal explains itself in both languages
    assert err.message("en") and err.message("fr") and err.message("en") != err.message("fr")
    return err


# -- rule 3: country choice ----------------------------------------------------------------------
def test_different_first_choices_each_get_their_first() -> None:
    b = ("turkey", "france", *[c for c in STANDARD if c not in ("turkey", "france")])
    choice = assign_countries(STANDARD, b, random.Random(0))
    assert (choice.country_a, choice.country_b, choice.rank, choice.drawn) == \
        ("england", "turkey", 1, False)


def test_same_first_choice_different_second_each_get_their_second() -> None:
    a = ("france", "germany", "england", "italy", "austria", "russia", "turkey")
    b = ("france", "italy", "england", "germany", "austria", "russia", "turkey")
    choice = assign_countries(a, b, random.Random(0))
    assert (choice.country_a, choice.country_b, choice.rank) == ("germany", "italy", 2)


def test_first_rank_where_lists_differ_decides() -> None:
    a = ("france", "germany", "russia", "italy", "austria", "england", "turkey")
    b = ("france", "germany", "turkey", "italy", "austria", "england", "russia")
    choice = assign_countries(a, b, random.Random(0))
    assert (choice.country_a, choice.country_b, choice.rank) == ("russia", "turkey", 3)


def test_identical_lists_draw_lots_winner_first_loser_second() -> None:
    outcomes = set()
    for seed in range(40):
        choice = assign_countries(STANDARD, STANDARD, random.Random(seed))
        assert choice.drawn and choice.rank is None
        winner_country = choice.country_a if choice.lot_winner == "a" else choice.country_b
        loser_country = choice.country_b if choice.lot_winner == "a" else choice.country_a
        assert (winner_country, loser_country) == ("england", "france")
        outcomes.add(choice.lot_winner)
        # the draw is reproducible from its seed
        assert assign_countries(STANDARD, STANDARD, random.Random(seed)) == choice
    assert outcomes == {"a", "b"}


def test_preferences_accept_abbreviations_french_names_any_case_and_no_accents() -> None:
    assert parse_preferences("FRA, ENG, GER, ITA, AUS, RUS, TUR") == \
        ("france", "england", "germany", "italy", "austria", "russia", "turkey")
    assert parse_preferences("angleterre; ALLEMAGNE; Italie; autriche-hongrie; RUSSIE; "
                             "turquie; France") == \
        ("england", "germany", "italy", "austria", "russia", "turkey", "france")
    assert parse_preferences("1. Turquie\n2. Russie\n3. Autriche\n4. Italie\n5. Allemagne\n"
                             "6. France\n7. Angleterre")[0] == "turkey"
    assert parse_preferences("tur rus aus ita ger fra eng")[-1] == "england"


def test_preferences_refuse_unknown_duplicate_missing_and_empty() -> None:
    err = refused("unknown_country", parse_preferences, "FRA, ENG, GER, ITA, AUS, RUS, Spain")
    assert "Spain" in err.message("en") and "Spain" in err.message("fr")
    refused("duplicate_country", parse_preferences, "FRA, ENG, France, ITA, AUS, RUS, TUR")
    err = refused("missing_countries", parse_preferences, "FRA, ENG, GER, ITA, AUS")
    assert "Russia" in err.message("en") and "Turkey" in err.message("en")
    assert "Russie" in err.message("fr") and "Turquie" in err.message("fr")
    refused("empty_preferences", parse_preferences, "  ")


def test_country_names_resolve_in_both_languages() -> None:
    for text, country in (("Allemagne", "germany"), ("ALL", "germany"), ("Autriche", "austria"),
                          ("aut", "austria"), ("Angleterre", "england"), ("Russie", "russia"),
                          ("turquie", "turkey"), ("Italie", "italy"), ("fra", "france")):
        assert parse_country(text) == country


# -- rule 5: credits -----------------------------------------------------------------------------
def test_starting_credits_follow_the_seed() -> None:
    assert STARTING_CREDITS == {"england": 20, "france": 20, "russia": 20, "turkey": 20,
                                "germany": 22, "austria": 24, "italy": 24}
    assert set(STARTING_CREDITS) == set(COUNTRIES)


def test_income_counts_only_the_players_own_country_centres() -> None:
    centers = {"germany": ["ber", "kie", "mun", "hol", "den"], "austria": ["bud", "vie", "tri"]}
    assert fall_income("germany", centers) == 5
    assert fall_income("france", centers) == 0


def test_seed_rule_5_worked_example() -> None:
    """1901: Italy has 24, England 20; Italy bids its 24, England only 15 and keeps 5.
    1902: Italy built twice (5 centres): 0 + 5 = 5; England built three times (6 centres):
    5 + 6 = 11 credits to bid in 1902."""
    countries = {"it": "italy", "en": "england"}
    credits = {p: STARTING_CREDITS[c] for p, c in countries.items()}
    assert credits == {"it": 24, "en": 20}
    result = resolve_bidding({"it": {"austria": 12, "turkey": 12},
                              "en": {"france": 10, "germany": 5}}, countries, credits)
    assert result.balances == {"it": 0, "en": 5}
    centers = {"italy": ["nap", "rom", "ven", "tun", "gre"],
               "england": ["edi", "lon", "lvp", "nwy", "hol", "bel"]}
    after = {p: result.balances[p] + fall_income(c, centers) for p, c in countries.items()}
    assert after == {"it": 5, "en": 11}


# -- rules 4, 6, 7: bids ---------------------------------------------------------------------------
def test_bids_parse_names_abbreviations_and_separators() -> None:
    bids = parse_bids("ITA 10, GER: 3; Autriche 2\nturquie=1", "france", "england", 20)
    assert bids == {"germany": 3, "italy": 10, "austria": 2, "russia": 0, "turkey": 1}
    assert parse_bids("Russie 4 crédits; 5 sur Italie", "france", "england", 20) == \
        {"germany": 0, "italy": 5, "austria": 0, "russia": 4, "turkey": 0}
    assert parse_bids("rien", "france", "england", 20) == dict.fromkeys(
        minors_of(("france", "england")), 0)


def test_bids_on_own_or_opponent_country_are_refused() -> None:
    refused("own_country_bid", parse_bids, "FRA 10", "france", "england", 20)
    err = refused("opponent_country_bid", parse_bids, "Angleterre 1", "france", "england", 20)
    assert "England" in err.message("en") and "Angleterre" in err.message("fr")


def test_bid_total_above_credits_is_refused_at_entry() -> None:
    err = refused("over_budget", parse_bids, "ITA 15, GER 6", "france", "england", 20)
    assert "21" in err.message("en") and "20" in err.message("fr")
    assert sum(parse_bids("ITA 14, GER 6", "france", "england", 20).values()) == 20


def test_bids_must_be_whole_numbers_at_least_zero_once_per_minor() -> None:
    refused("negative_bid", parse_bids, "ITA -3", "france", "england", 20)
    refused("bid_not_whole", parse_bids, "ITA 2.5", "france", "england", 20)
    refused("duplicate_bid", parse_bids, "ITA 2, Italie 3", "france", "england", 20)
    refused("bad_bid_entry", parse_bids, "ITA lots", "france", "england", 20)
    refused("unknown_country", parse_bids, "Spain 3", "france", "england", 20)


PLAYERS = {"a": "france", "b": "england"}


def outcome(result, minor: str):
    return next(o for o in result.minors if o.minor == minor)


def test_highest_bid_controls_and_only_the_winner_pays() -> None:
    result = resolve_bidding({"a": {"italy": 7, "germany": 2}, "b": {"italy": 5, "germany": 4}},
                             PLAYERS, {"a": 20, "b": 20})
    assert result.control["italy"] == "a" and result.control["germany"] == "b"
    assert outcome(result, "italy").paid == 7 and outcome(result, "germany").paid == 4
    assert result.balances == {"a": 13, "b": 16}  # the losers' 5 and 2 are not taken


def test_equal_bids_leave_the_minor_to_nobody_and_nobody_pays() -> None:
    result = resolve_bidding({"a": {"italy": 6}, "b": {"italy": 6}}, PLAYERS, {"a": 20, "b": 20})
    assert result.control["italy"] is None
    assert result.control["russia"] is None  # 0-0 is a tie too (rule 7)
    assert result.balances == {"a": 20, "b": 20}


def test_occupation_penalty_lowers_the_bid_not_the_credits() -> None:
    """Rule 6: 5 less per occupied home centre of the minor; the winner pays its nominal bid."""
    occupied = {"a": {"germany": 1}}
    lost = resolve_bidding({"a": {"germany": 9}, "b": {"germany": 6}}, PLAYERS,
                           {"a": 20, "b": 20}, occupied=occupied)
    g = outcome(lost, "germany")
    assert (g.penalties, g.effective, g.controller, g.paid) == \
        ({"a": 5, "b": 0}, {"a": 4, "b": 6}, "b", 6)
    assert lost.balances == {"a": 20, "b": 14}
    won = resolve_bidding({"a": {"germany": 12}, "b": {"germany": 6}}, PLAYERS,
                          {"a": 20, "b": 20}, occupied=occupied)
    assert outcome(won, "germany").controller == "a"
    assert won.balances["a"] == 8  # pays the 12 it bid, not the penalised 7


def test_penalty_counts_each_occupied_centre_and_never_goes_below_zero() -> None:
    result = resolve_bidding({"a": {"germany": 12, "italy": 3}, "b": {"germany": 3}}, PLAYERS,
                             {"a": 20, "b": 20}, occupied={"a": {"germany": 2, "italy": 1}})
    assert outcome(result, "germany").effective == {"a": 2, "b": 3}
    assert outcome(result, "germany").controller == "b"
    assert outcome(result, "italy").effective == {"a": 0, "b": 0}
    assert outcome(result, "italy").controller is None  # penalised to 0 against 0: a tie


def test_seed_rule_6_worked_example_with_accumulated_accounts() -> None:
    """Germany controls France with 15 points and England with 8. In the Fall it takes London
    and Paris: before the new bids its 'France' account loses 5 (10 left) and its 'England'
    account 5 (3 left); the new bids start from there (bids_accumulate)."""
    countries = {"de": "germany", "ru": "russia"}
    units = [Unit("germany", "A", "par"), Unit("germany", "F", "lon"),
             Unit("russia", "A", "mos")]
    occ = occupation(units, countries, minors_of(("germany", "russia")))
    assert occ == {"de": {"france": ["par"], "england": ["lon"]}, "ru": {}}
    counts = {p: {m: len(cs) for m, cs in per.items()} for p, per in occ.items()}
    accounts = {"de": {"france": 15, "england": 8}, "ru": {"france": 0, "england": 0}}
    result = resolve_bidding({}, countries, {"de": 4, "ru": 4}, occupied=counts,
                             accounts=accounts)
    assert result.accounts is not None
    assert result.accounts["de"]["france"] == 10 and result.accounts["de"]["england"] == 3
    assert result.control["france"] == "de" and result.control["england"] == "de"
    # new bids add to the running account; the higher account controls
    again = resolve_bidding({"ru": {"france": 4}, "de": {"england": 1}}, countries,
                            {"de": 4, "ru": 4}, accounts=result.accounts)
    assert again.accounts is not None
    assert again.accounts["ru"]["france"] == 4 and again.accounts["de"]["england"] == 4
    assert again.control["france"] == "de"  # 10 against 4
    assert again.balances == {"de": 3, "ru": 4}  # only the winner pays what it bid this season


def test_accumulated_penalty_never_below_zero() -> None:
    countries = {"de": "germany", "ru": "russia"}
    result = resolve_bidding({}, countries, {"de": 0, "ru": 0},
                             occupied={"de": {"italy": 1}},
                             accounts={"de": {"italy": 3}, "ru": {"italy": 0}})
    assert result.accounts is not None and result.accounts["de"]["italy"] == 0
    assert result.control["italy"] is None


def test_units_of_commanded_minors_do_not_count_for_the_penalty() -> None:
    countries = {"a": "france", "b": "england"}
    units = [Unit("italy", "A", "vie"), Unit("france", "A", "mun"), Unit("france", "A", "ber")]
    assert occupation(units, countries, minors_of(("france", "england"))) == \
        {"a": {"germany": ["ber", "mun"]}, "b": {}}


# -- rule 9: victory -------------------------------------------------------------------------------
def test_own_country_unit_in_an_opponent_home_centre_wins() -> None:
    check = check_victory([Unit("france", "F", "lon")], PLAYERS, {"a": 1, "b": 9})
    assert (check.winner, check.reason) == ("a", "occupation")


def test_a_commanded_minor_in_the_opponent_home_centre_does_not_win() -> None:
    # Germany is a minor commanded by either player: its units are not "own-country" units
    check = check_victory([Unit("germany", "A", "par"), Unit("germany", "F", "lon")], PLAYERS,
                          {"a": 1, "b": 1})
    assert check.winner is None and not check.tie


def test_both_occupy_more_centres_wins() -> None:
    units = [Unit("france", "F", "lon"), Unit("france", "A", "edi"), Unit("england", "A", "par")]
    check = check_victory(units, PLAYERS, {"a": 0, "b": 30})
    assert (check.winner, check.reason, check.score) == ("a", "more_centres", {"a": 2, "b": 1})


def test_russias_four_centres_count_as_three() -> None:
    countries = {"r": "russia", "t": "turkey"}
    units = [Unit("turkey", "A", c) for c in ("mos", "sev", "stp", "war")] + \
        [Unit("russia", "A", c) for c in ("ank", "con", "smy")]
    check = check_victory(units, countries, {"r": 12, "t": 10})
    assert check.score == {"r": 3, "t": 3}
    assert (check.winner, check.reason) == ("r", "more_credits")


def test_full_tie_plays_on() -> None:
    units = [Unit("france", "F", "lon"), Unit("england", "A", "par")]
    check = check_victory(units, PLAYERS, {"a": 7, "b": 7})
    assert check.tie and check.winner is None


# -- rule 10: stalemate ----------------------------------------------------------------------------
def test_stalemate_needs_every_minor_without_units_and_centres() -> None:
    minors = minors_of(("france", "england"))
    centers = {"france": ["par", "mun"], "england": ["lon"], "italy": []}
    assert minors_in_play([Unit("france", "A", "par")], centers, minors) == ()
    assert minors_in_play([Unit("italy", "A", "rom")], centers, minors) == ("italy",)
    assert minors_in_play([], {**centers, "turkey": ["ank"]}, minors) == ("turkey",)


def test_stalemate_winner_has_more_centres_and_eighteen_is_no_end() -> None:
    assert stalemate_winner(PLAYERS, {"france": ["par", "bre", "mar"],
                                      "england": ["lon", "edi"]}) == "a"
    assert stalemate_winner(PLAYERS, {"france": ["par"], "england": ["lon"]}) is None


# -- rule 8: compulsory minor builds ---------------------------------------------------------------
def test_referee_builds_fleets_for_england_in_french_alphabetical_order() -> None:
    """Édimbourg, Liverpool, Londres: the French names put lvp before lon."""
    built = referee_builds("england", [], {"england": ["edi", "lon", "lvp", "nwy", "hol"]})
    assert built == [Unit("england", "F", "edi"), Unit("england", "F", "lvp"),
                     Unit("england", "F", "lon")]
    two = referee_builds("england", [Unit("england", "F", "nth")],
                         {"england": ["edi", "lon", "lvp"]})
    assert two == [Unit("england", "F", "edi"), Unit("england", "F", "lvp")]


def test_referee_builds_armies_skipping_occupied_and_lost_home_centres() -> None:
    """Russia: Moscou, Saint-Pétersbourg, Sébastopol, Varsovie (in English Sevastopol would
    come before St Petersburg)."""
    units = [Unit("russia", "A", "mos"), Unit("turkey", "A", "ukr")]
    built = referee_builds("russia", units, {"russia": ["mos", "sev", "stp", "war", "rum"]})
    assert built == [Unit("russia", "A", "stp"), Unit("russia", "A", "sev"),
                     Unit("russia", "A", "war")]
    limited = referee_builds("russia", units, {"russia": ["mos", "sev", "stp"]})
    assert limited == [Unit("russia", "A", "stp"), Unit("russia", "A", "sev")]
    assert referee_builds("russia", [Unit("russia", "A", "mos"), Unit("russia", "A", "ukr")],
                          {"russia": ["mos", "sev"]}) == []


# -- properties ----------------------------------------------------------------------------------
MINORS = minors_of(("france", "england"))
NAMES = {"germany": ("GER", "Allemagne", "germany"), "italy": ("ITA", "Italie", "italy"),
         "austria": ("AUS", "Autriche", "aut"), "russia": ("RUS", "Russie", "russia"),
         "turkey": ("TUR", "Turquie", "turquie")}


@given(st.dictionaries(st.sampled_from(MINORS), st.integers(0, 12)),
       st.lists(st.integers(0, 2), min_size=5, max_size=5),
       st.sampled_from([", ", "; ", "\n"]), st.sampled_from([" ", ": ", "=", " : "]))
def test_typed_bids_read_back_exactly(bids: dict[str, int], spell: list[int], sep: str,
                                      colon: str) -> None:
    text = sep.join(f"{NAMES[m][spell[i]]}{colon}{n}" for i, (m, n) in enumerate(bids.items()))
    parsed = parse_bids(text, "france", "england", 60)
    assert parsed == {m: bids.get(m, 0) for m in MINORS}


bid_sets = st.fixed_dictionaries({m: st.integers(0, 6) for m in MINORS})


@given(bid_sets, bid_sets, st.dictionaries(st.sampled_from(MINORS), st.integers(0, 3)))
def test_reveal_invariants(a: dict[str, int], b: dict[str, int],
                           occupied: dict[str, int]) -> None:
    credits = {"a": 30, "b": 30}
    result = resolve_bidding({"a": a, "b": b}, PLAYERS, credits, occupied={"a": occupied})
    for o in result.minors:
        other = {"a": "b", "b": "a"}
        if o.controller is None:
            assert o.effective["a"] == o.effective["b"] and o.paid == 0
        else:
            assert o.effective[o.controller] > o.effective[other[o.controller]]
            assert o.paid == o.bids[o.controller]
        assert o.effective["b"] == o.bids["b"]  # b occupies nothing
        assert o.effective["a"] == max(0, o.bids["a"] - 5 * occupied.get(o.minor, 0))
    for p in ("a", "b"):
        paid = sum(o.paid for o in result.minors if o.controller == p)
        assert result.balances[p] == credits[p] - paid >= 0
