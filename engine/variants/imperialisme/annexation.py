"""Annexation after a crisis (seed 003 points 1/–3/, « Minimum de territoires », docs/RULES.md §6).

The winner takes territories of the loser « avec lesquelles elle avait une frontière terrestre
ou par zone navale avant la crise »: ``eligible`` is computed from the owners when the crisis
broke out and kept with the crisis. The loser always keeps at least one territory. Winning is a
right: the winner may take fewer than it won (an empty choice waives it). If the winner does
not choose by the deadline, the referee takes the most valuable eligible ones: starred first,
then alphabetical by territory id.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.influence import holdings
from engine.variants.imperialisme.maps import ImperialMap


def still_eligible(owners: Mapping[str, str], loser: str,
                   eligible: Iterable[str]) -> tuple[str, ...]:
    """Territories eligible before the crisis that the loser still holds, sorted."""
    return tuple(sorted(t for t in set(eligible) if owners.get(t) == loser))


def allowed_count(owners: Mapping[str, str], loser: str, won: int,
                  eligible: Iterable[str]) -> int:
    """How many territories can really change hands: what was won, no more than the eligible
    ones, and the loser keeps one."""
    available = len(still_eligible(owners, loser, eligible))
    keep_one = max(len(holdings(owners, loser)) - 1, 0)
    return max(0, min(won, available, keep_one))


def default_choice(game_map: ImperialMap, owners: Mapping[str, str], loser: str, won: int,
                   eligible: Iterable[str]) -> tuple[str, ...]:
    """The referee's choice: starred territories first, then by id (docs/RULES.md §6)."""
    candidates = still_eligible(owners, loser, eligible)
    ranked = sorted(candidates, key=lambda t: (not game_map.territory(t).star, t))
    return tuple(ranked[:allowed_count(owners, loser, won, eligible)])


def check_choice(game_map: ImperialMap, owners: Mapping[str, str], winner: str, loser: str,
                 won: int, eligible: Iterable[str], choice: Sequence[str]) -> tuple[str, ...]:
    """The winner's choice checked territory by territory; returns it normalised (ids)."""
    eligible_set = set(eligible)
    seen: list[str] = []
    for raw in choice:
        territory = game_map.resolve_territory(raw)
        if territory in seen:
            raise ImperialError("duplicate_territory", {"territory": territory})
        if owners.get(territory) != loser:
            raise ImperialError("not_loser_territory", {"territory": territory, "loser": loser})
        if territory not in eligible_set:
            raise ImperialError("not_eligible", {"territory": territory, "winner": winner})
        seen.append(territory)
    if len(seen) >= len(holdings(owners, loser)):
        raise ImperialError("loser_keeps_one", {"power": loser})
    allowed = allowed_count(owners, loser, won, eligible_set)
    if len(seen) > allowed:
        raise ImperialError("too_many", {"allowed": allowed})
    return tuple(seen)


def apply_annexation(owners: Mapping[str, str], winner: str,
                     taken: Iterable[str]) -> dict[str, str]:
    """New owners once ``taken`` passed to the winner (inputs untouched)."""
    new = dict(owners)
    for territory in taken:
        new[territory] = winner
    return new
