"""Scores of a finished game, per power, by a scoring system chosen at creation (a game
option). Pure: the result and the final supply centres in, {power: points} out.

- ``draw_size``: a solo takes 100; a draw shares 100 equally among the powers in it.
- ``sum_of_squares``: a solo takes 100; otherwise each surviving power gets
  100 × centres² / Σ centres² (the larger a power, the larger its share).
- ``c_diplo``: the centre-based tournament system (C-Diplo, used by European tournaments):
  a solo takes 100; otherwise each power gets 1 for playing, 1 per centre, and 38 / 14 / 7 for
  the first / second / third largest (tied powers share those ranks' bonuses equally) —
  100 points in all on the 34-centre board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

SYSTEMS = ("draw_size", "sum_of_squares", "c_diplo")
RANK_BONUS = (38.0, 14.0, 7.0)


def _solo(result: Mapping[str, Any], powers: Sequence[str]) -> dict[str, float] | None:
    winner = result.get("winner")
    if winner is None:
        return None
    return {p: 100.0 if p == winner else 0.0 for p in powers}


def draw_size(result: Mapping[str, Any], centres: Mapping[str, int],
              powers: Sequence[str]) -> dict[str, float]:
    solo = _solo(result, powers)
    if solo is not None:
        return solo
    shared = [p for p in result.get("draw") or () if p in powers] or \
        [p for p in powers if centres.get(p, 0) > 0]
    return {p: round(100.0 / len(shared), 4) if p in shared else 0.0 for p in powers}


def sum_of_squares(result: Mapping[str, Any], centres: Mapping[str, int],
                   powers: Sequence[str]) -> dict[str, float]:
    solo = _solo(result, powers)
    if solo is not None:
        return solo
    total = sum(centres.get(p, 0) ** 2 for p in powers)
    if total == 0:
        return dict.fromkeys(powers, 0.0)
    return {p: round(100.0 * centres.get(p, 0) ** 2 / total, 4) for p in powers}


def c_diplo(result: Mapping[str, Any], centres: Mapping[str, int],
            powers: Sequence[str]) -> dict[str, float]:
    solo = _solo(result, powers)
    if solo is not None:
        return solo
    scores = {p: 1.0 + centres.get(p, 0) for p in powers}
    ranked = sorted({centres.get(p, 0) for p in powers if centres.get(p, 0) > 0},
                    reverse=True)
    place = 0
    for count in ranked:
        tied = [p for p in powers if centres.get(p, 0) == count]
        bonus = sum(RANK_BONUS[place:place + len(tied)])
        for p in tied:
            scores[p] += bonus / len(tied)
        place += len(tied)
        if place >= len(RANK_BONUS):
            break
    return {p: round(v, 4) for p, v in scores.items()}


def score(system: str, result: Mapping[str, Any], centres: Mapping[str, int],
          powers: Sequence[str]) -> dict[str, float]:
    """Points of every power in ``powers`` for a finished game's ``result``
    (``{"winner": power}`` or ``{"draw": [powers]}``) and final ``centres`` counts."""
    systems = {"draw_size": draw_size, "sum_of_squares": sum_of_squares, "c_diplo": c_diplo}
    if system not in systems:
        raise ValueError(f"unknown scoring system {system!r}; one of {', '.join(SYSTEMS)}")
    return systems[system](result, centres, powers)
