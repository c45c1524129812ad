"""Scoring systems of a finished game (a game option)."""

from __future__ import annotations

import pytest

from engine.scoring import score

POWERS = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]


def test_a_solo_takes_everything_in_every_system() -> None:
    centres = {"france": 18, "england": 8, "russia": 8}
    for system in ("draw_size", "sum_of_squares", "c_diplo"):
        s = score(system, {"winner": "france"}, centres, POWERS)
        assert s["france"] == 100 and sum(s.values()) == 100


def test_draw_size_shares_equally_among_the_draw() -> None:
    s = score("draw_size", {"draw": ["england", "france", "russia"]},
              {"england": 10, "france": 12, "russia": 12}, POWERS)
    assert s["england"] == s["france"] == s["russia"] == pytest.approx(33.3333, abs=1e-3)
    assert s["germany"] == 0


def test_sum_of_squares_rewards_the_larger() -> None:
    s = score("sum_of_squares", {"draw": ["england", "france"]},
              {"england": 10, "france": 20, "russia": 4}, POWERS)
    assert s["france"] == pytest.approx(100 * 400 / 516, abs=1e-3)
    assert s["russia"] == pytest.approx(100 * 16 / 516, abs=1e-3)
    assert sum(s.values()) == pytest.approx(100)


def test_c_diplo_is_one_per_centre_plus_rank_bonuses_and_sums_to_100() -> None:
    centres = {"france": 12, "england": 9, "russia": 9, "turkey": 4}
    s = score("c_diplo", {"draw": ["france", "england", "russia"]}, centres, POWERS)
    assert s["france"] == 1 + 12 + 38
    assert s["england"] == s["russia"] == 1 + 9 + (14 + 7) / 2  # tied: second and third
    assert s["turkey"] == 1 + 4 and s["austria"] == 1
    assert sum(s.values()) == pytest.approx(1 * 7 + 34 + 59)


def test_an_unknown_system_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown scoring system"):
        score("elo", {}, {}, POWERS)
