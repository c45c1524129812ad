"""Influence (the weight of a power's vote) and neighbours.

Seed 003, « Système de vote », docs/RULES.md §6.2: each territory gives 1, a starred one 2;
territories held by Russia count half (0.5 / 1); territories held by Germany or Austria-Hungary
count double (2 / 4) for them alone — the bonus belongs to the holder, so a German territory
ceded to France counts 1 for France. Whatever its size, a power's influence is capped at 50.
Exact fractions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from engine.variants.imperialisme.maps import ImperialMap

CAP = Fraction(50)

# seed 003 « Cas spéciaux »: a factor applied to what the holder's territories are worth.
FACTORS: Mapping[str, Fraction] = {
    "russia": Fraction(1, 2),
    "germany": Fraction(2),
    "austria": Fraction(2),
}


@dataclass(frozen=True)
class Influence:
    power: str
    capped: Fraction  # what the vote weighs and what ranks the powers
    uncapped: Fraction  # first tie-break of the final ranking
    territories: int  # second tie-break
    stars: int


def holdings(owners: Mapping[str, str], power: str) -> tuple[str, ...]:
    """The territories ``power`` holds, sorted."""
    return tuple(sorted(t for t, p in owners.items() if p == power))


def influence_of(game_map: ImperialMap, owners: Mapping[str, str], power: str) -> Influence:
    held = holdings(owners, power)
    stars = sum(1 for t in held if game_map.territory(t).star)
    raw = Fraction(len(held) + stars)  # 1 each, +1 more for a star
    uncapped = raw * FACTORS.get(power, Fraction(1))
    return Influence(power=power, capped=min(uncapped, CAP), uncapped=uncapped,
                     territories=len(held), stars=stars)


def influence_table(game_map: ImperialMap, owners: Mapping[str, str]) -> dict[str, Influence]:
    return {p: influence_of(game_map, owners, p) for p in game_map.power_ids}


def in_play(game_map: ImperialMap, owners: Mapping[str, str]) -> tuple[str, ...]:
    """Powers holding at least one territory, in map order (none is ever eliminated)."""
    holders = set(owners.values())
    return tuple(p for p in game_map.power_ids if p in holders)


def bordering(game_map: ImperialMap, owners: Mapping[str, str], holder: str,
              other: str) -> tuple[str, ...]:
    """The territories of ``holder`` touching a territory of ``other`` (land or naval zone),
    sorted: what ``other`` could annex from ``holder`` (seed 003, annexation criterion)."""
    theirs = set(holdings(owners, other))
    return tuple(t for t in holdings(owners, holder)
                 if not theirs.isdisjoint(game_map.touching(t)))


def are_neighbours(game_map: ImperialMap, owners: Mapping[str, str], first: str,
                   second: str) -> bool:
    """Seed 003: a land border, or each holds a territory opening on the same naval zone."""
    return first != second and bool(bordering(game_map, owners, first, second))


def neighbours(game_map: ImperialMap, owners: Mapping[str, str], power: str) -> tuple[str, ...]:
    """The powers neighbouring ``power``, sorted by id."""
    mine = holdings(owners, power)
    found: set[str] = set()
    for t in mine:
        for other in game_map.touching(t):
            holder = owners.get(other)
            if holder is not None and holder != power:
                found.add(holder)
    return tuple(sorted(found))
