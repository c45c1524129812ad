"""Retreats, adjustments, civil disorder, missed-order defaults, centre ownership, victory.

Each function takes values and returns values; ``engine.variants.classic.game`` strings them into a turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.maps import Map, province_of
from engine.orders.state import Dislodged, GameState, Unit
from engine.orders.types import Build, Disband, Remove, Retreat, Waive

VICTORY_CENTERS = 18  # docs/RULES.md §2.2


@dataclass(frozen=True)
class RetreatOutcome:
    moved: dict[str, str]  # dislodged province -> retreat location
    disbanded: tuple[str, ...]  # dislodged provinces whose unit is removed
    bounced: frozenset[str]  # provinces whose retreat met another one (docs/RULES.md §2.11.2)


def resolve_retreats(state: GameState, orders: dict[str, Retreat | Disband]) -> RetreatOutcome:
    """Two or more retreats to one space: all are disbanded (docs/RULES.md §2.11.2, DATC 6.H.7)."""
    targets: dict[str, list[str]] = {}
    for prov, order in orders.items():
        if isinstance(order, Retreat):
            targets.setdefault(province_of(order.target), []).append(prov)
    moved: dict[str, str] = {}
    bounced = set()
    for dest, origins in targets.items():
        if len(origins) == 1:
            order = orders[origins[0]]
            assert isinstance(order, Retreat)
            moved[origins[0]] = order.target
        else:
            bounced.add(dest)
    disbanded = tuple(sorted(d.unit.province for d in state.dislodged
                             if d.unit.province not in moved))
    return RetreatOutcome(moved, disbanded, frozenset(bounced))


def default_retreat(d: Dislodged, game_map: Map, preset: str) -> str | None:
    """Missing retreat: ``standard`` disbands; ``vortigern`` (docs/RULES.md §3.5.3) retreats to the
    space nearest the home centres, centre before ordinary space, then alphabetical."""
    if preset != "vortigern" or not d.retreats:
        return None
    homes = game_map.home_centers(d.unit.power)

    def key(loc: str) -> tuple[int, int, str]:
        prov = province_of(loc)
        return (_sum_distance(game_map, prov, homes), 0 if game_map.provinces[prov].center else 1,
                loc)

    return min(d.retreats, key=key)


def _sum_distance(game_map: Map, prov: str, homes: tuple[str, ...]) -> int:
    """Sum of the distances to every home centre, whatever the spaces (docs/RULES.md §3.5.3)."""
    total = 0
    for h in homes:
        total += game_map.distances_from((h,), "any").get(prov, 99)
    return total


def removal_order(state: GameState, game_map: Map, power: str, preset: str) -> list[Unit]:
    """Units of ``power`` in the order the referee removes them.

    standard (docs/RULES.md §2.14.4, DATC 6.J, 1971 reading): farthest from the nearest home
    centre, armies counting convoy routes (any space), fleets by sea; fleet before army;
    alphabetical. vortigern (§3.5.3): largest sum of distances to all home centres, ordinary
    space before centre, fleet before army, alphabetical.
    """
    homes = game_map.home_centers(power)
    units = list(state.units_of(power))
    if preset == "vortigern":
        def vkey(u: Unit) -> tuple[int, int, int, str]:
            return (-_sum_distance(game_map, u.province, homes),
                    1 if game_map.provinces[u.province].center else 0,
                    0 if u.type == "F" else 1, u.province)
        return sorted(units, key=vkey)

    def skey(u: Unit) -> tuple[int, int, str]:
        how = "any" if u.type == "A" else "fleet"
        dist = game_map.distances_from(homes, how).get(u.province, 99)
        return (-dist, 0 if u.type == "F" else 1, u.province)

    return sorted(units, key=skey)


def update_centers(state: GameState, game_map: Map) -> dict[str, tuple[str, ...]]:
    """After Fall (retreats included): a centre belongs to the power whose unit stands on it;
    an empty centre keeps its owner (docs/RULES.md §2.13.1)."""
    owner = {c: p for p, cs in state.centers.items() for c in cs}
    for u in state.units:
        if game_map.provinces[u.province].center:
            owner[u.province] = u.power
    out: dict[str, list[str]] = {p: [] for p in state.centers}
    for c, p in owner.items():
        out.setdefault(p, []).append(c)
    return {p: tuple(sorted(cs)) for p, cs in out.items()}


@dataclass(frozen=True)
class AdjustmentOutcome:
    built: tuple[Unit, ...]
    removed: tuple[Unit, ...]
    waived: dict[str, int]  # power -> builds not used
    by_default: tuple[Unit, ...]  # removals made by the referee


def resolve_adjustments(state: GameState, game_map: Map,
                        orders: dict[str, list[Build | Remove | Waive]],
                        preset: str, civil_disorder: frozenset[str] = frozenset(),
                        ) -> tuple[AdjustmentOutcome, dict[tuple[str, int], bool]]:
    """Apply validated build/removal orders in the order given (excess ones fail, DATC 6.I.1,
    6.J.1); missing removals by ``removal_order``; missing builds are lost (both presets).
    Returns the outcome and, per (power, index of order), whether it succeeded."""
    built: list[Unit] = []
    removed: list[Unit] = []
    by_default: list[Unit] = []
    waived: dict[str, int] = {}
    success: dict[tuple[str, int], bool] = {}
    occupied = {u.province for u in state.units}
    for power in sorted(set(state.centers) | {u.power for u in state.units}):
        delta = len(state.centers.get(power, ())) - len(state.units_of(power))
        power_orders = orders.get(power, [])
        if delta > 0:
            left = 0 if power in civil_disorder else delta  # docs/RULES.md §2.14.3: no builds
            for i, o in enumerate(power_orders):
                ok = False
                if left > 0 and isinstance(o, Build) and province_of(o.location) not in occupied:
                    built.append(Unit(power, o.unit_type, o.location))
                    occupied.add(province_of(o.location))
                    left -= 1
                    ok = True
                elif left > 0 and isinstance(o, Waive):
                    left -= 1
                    ok = True
                success[(power, i)] = ok
            if left:
                waived[power] = left
        elif delta < 0:
            need = -delta
            gone: set[str] = set()
            for i, o in enumerate(power_orders):
                ok = False
                if need > 0 and isinstance(o, Remove) and o.location not in gone:
                    unit = next((u for u in state.units_of(power) if u.location == o.location),
                                None)
                    if unit is not None:
                        removed.append(unit)
                        gone.add(unit.location)
                        need -= 1
                        ok = True
                success[(power, i)] = ok
            for unit in removal_order(state, game_map, power, preset):
                if need <= 0:
                    break
                if unit.location in gone:
                    continue
                removed.append(unit)
                by_default.append(unit)
                gone.add(unit.location)
                need -= 1
        else:
            for i in range(len(power_orders)):
                success[(power, i)] = False
    return AdjustmentOutcome(tuple(built), tuple(removed), waived, tuple(by_default)), success


def winner(state: GameState, threshold: int = VICTORY_CENTERS) -> str | None:
    """A power with at least 18 centres wins (docs/RULES.md §2.2)."""
    best = [p for p, cs in state.centers.items() if len(cs) >= threshold]
    if len(best) == 1:
        return best[0]
    return None


def eliminated(state: GameState) -> list[str]:
    """Powers with neither unit nor centre."""
    alive = {u.power for u in state.units} | {p for p, cs in state.centers.items() if cs}
    return sorted(p for p in state.centers if p not in alive)
