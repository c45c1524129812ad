"""The secret vote of a crisis and its tally (seed 003 « Processus de crise », docs/RULES.md §6).

Every power except the two belligerents votes: support one side, or blank (no vote = blank; a
vote that is neither is void, « annulé d'office »). Weight = the voter's (capped) influence when
the vote opens. Only votes expressed count (blanks and void votes excluded). The side with more
weight wins; its share of the expressed weight sets how many territories it annexes:
> 1/2 -> 2, ≥ 2/3 -> 3, ≥ 4/5 -> 4. Equal weights or nothing expressed -> nothing changes.

Secrecy by construction: ``tally`` returns an ``Outcome`` holding only the winner, the loser and
the number of territories. Weights, totals and shares live in local variables and are never
returned, stored, logged or put in an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.variants.imperialisme.errors import ImperialError

BLANK = "blank"

# (threshold, strict?, territories), best first: seed 003 « majorité relative », 2/3, 4/5.
TIERS: tuple[tuple[Fraction, bool, int], ...] = (
    (Fraction(4, 5), False, 4),
    (Fraction(2, 3), False, 3),
    (Fraction(1, 2), True, 2),
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The public result of a crisis: nothing else is ever published."""

    winner: str | None
    loser: str | None
    territories: int

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "loser": self.loser, "territories": self.territories}


NO_WINNER = Outcome(winner=None, loser=None, territories=0)


def territories_for(share: Fraction) -> int:
    """Territories won for a share of the expressed weight (0 when it is no majority)."""
    for threshold, strict, count in TIERS:
        if share > threshold or (not strict and share == threshold):
            return count
    return 0


def check_vote(sides: tuple[str, str], voters: Mapping[str, object], voter: str,
               choice: str | None) -> None:
    """Refuse a vote a power may not cast; errors never repeat the choice (secrecy)."""
    if voter in sides:
        raise ImperialError("belligerent_cannot_vote")
    if voter not in voters:
        raise ImperialError("not_a_voter")
    if choice is not None and choice != BLANK and choice not in sides:
        raise ImperialError("invalid_choice")


def tally(sides: tuple[str, str], weights: Mapping[str, Fraction],
          votes: Mapping[str, str | None]) -> Outcome:
    """The public outcome of the votes ``{voter: side | "blank" | None}``.

    ``weights`` maps each voter to its influence frozen when the vote opened. A vote by a
    belligerent, by a power without a weight, or for anything but a side is void.
    """
    first, second = sides
    weight_first = Fraction(0)
    weight_second = Fraction(0)
    for voter, choice in votes.items():
        if voter in sides or voter not in weights:
            continue
        if choice == first:
            weight_first += weights[voter]
        elif choice == second:
            weight_second += weights[voter]
    expressed = weight_first + weight_second
    if expressed <= 0 or weight_first == weight_second:
        return NO_WINNER
    if weight_first > weight_second:
        winner, loser, share = first, second, weight_first / expressed
    else:
        winner, loser, share = second, first, weight_second / expressed
    return Outcome(winner=winner, loser=loser, territories=territories_for(share))
