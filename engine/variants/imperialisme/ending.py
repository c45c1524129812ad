"""End of the game and final ranking (seed 003 « Fin du jeu », docs/RULES.md §6).

The game stops as soon as at least three powers hold a single territory. The winner has the
most influence (capped at 50); ties are broken by uncapped influence, then by the number of
territories; powers still equal share the rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from engine.variants.imperialisme.influence import Influence, holdings, influence_table
from engine.variants.imperialisme.maps import ImperialMap

SINGLE_TERRITORY_POWERS_TO_END = 3


def single_territory_powers(game_map: ImperialMap, owners: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(p for p in game_map.power_ids if len(holdings(owners, p)) == 1)


def is_over(game_map: ImperialMap, owners: Mapping[str, str]) -> bool:
    return len(single_territory_powers(game_map, owners)) >= SINGLE_TERRITORY_POWERS_TO_END


@dataclass(frozen=True)
class Standing:
    rank: int  # 1 = winner; equal keys share a rank
    influence: Influence


def _key(inf: Influence) -> tuple[Fraction, Fraction, int]:
    return (inf.capped, inf.uncapped, inf.territories)


def ranking(game_map: ImperialMap, owners: Mapping[str, str]) -> tuple[Standing, ...]:
    table = influence_table(game_map, owners)
    ordered = sorted(table.values(), key=lambda inf: (_negate(_key(inf)), inf.power))
    out: list[Standing] = []
    for position, inf in enumerate(ordered, start=1):
        if out and _key(out[-1].influence) == _key(inf):
            out.append(Standing(rank=out[-1].rank, influence=inf))
        else:
            out.append(Standing(rank=position, influence=inf))
    return tuple(out)


def _negate(key: tuple[Fraction, Fraction, int]) -> tuple[Fraction, Fraction, int]:
    return (-key[0], -key[1], -key[2])
