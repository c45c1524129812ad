"""Every legal order of a power in the current phase (autocomplete, random play, benchmarks)."""

from __future__ import annotations

from engine.maps import Kind, Map, province_of
from engine.orders.state import GameState, PhaseType, Unit
from engine.orders.types import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    Support,
    Waive,
)
from engine.orders.validate import adjustment_count


def unit_moves(game_map: Map, unit: Unit) -> list[str]:
    """Destinations a unit can reach by land or sea (coast by coast for fleets)."""
    if unit.type == "A":
        return sorted(p for p in game_map.army_adj.get(unit.province, ())
                      if game_map.army_can_be(p))
    return sorted(game_map.fleet_adj.get(unit.location, ()))


def convoy_destinations(game_map: Map, state: GameState, army: Unit) -> list[str]:
    """Coastal provinces an army could reach through the fleets now at sea."""
    if army.type != "A" or game_map.provinces[army.province].kind is not Kind.COAST:
        return []
    fleets = {u.province for u in state.units if u.type == "F"
              and game_map.provinces[u.province].kind is Kind.SEA}
    seen = {f for f in game_map.neighbours(army.province) if f in fleets}
    stack = list(seen)
    out: set[str] = set()
    while stack:
        f = stack.pop()
        for n in game_map.neighbours(f):
            if n in fleets and n not in seen:
                seen.add(n)
                stack.append(n)
            elif game_map.provinces[n].kind is Kind.COAST and n != army.province:
                out.add(n)
    return sorted(out)


def legal_orders(state: GameState, game_map: Map, power: str) -> dict[str, list[Order]]:
    """Per unit location (or "" for builds/waive), the legal orders of ``power``."""
    ptype = state.phase.type
    out: dict[str, list[Order]] = {}
    if ptype is PhaseType.MOVEMENT:
        for unit in state.units_of(power):
            orders: list[Order] = [Hold(unit.type, unit.location)]
            orders += [Move(unit.type, unit.location, d) for d in unit_moves(game_map, unit)]
            orders += [Move("A", unit.location, d, via_convoy=True)
                       for d in convoy_destinations(game_map, state, unit)
                       if not game_map.army_adjacent(unit.province, d)]
            for other in state.units:
                if other is unit:
                    continue
                if game_map.can_reach_province(unit.type, unit.location, other.province):
                    orders.append(Support(unit.type, unit.location, other.location, None,
                                          other.type, other.power))
                for dest in {province_of(d) for d in unit_moves(game_map, other)}:
                    if dest != unit.province and game_map.can_reach_province(
                            unit.type, unit.location, dest):
                        orders.append(Support(unit.type, unit.location, other.location, dest,
                                              other.type, other.power))
                if unit.type == "F" and game_map.provinces[unit.province].kind is Kind.SEA \
                        and other.type == "A" and unit.province in game_map.neighbours(
                            other.province):
                    for dest in convoy_destinations(game_map, state, other):
                        orders.append(Convoy("F", unit.location, other.province, dest,
                                             other.power))
            out[unit.location] = orders
    elif ptype is PhaseType.RETREAT:
        for d in state.dislodged:
            if d.unit.power == power:
                choices: list[Order] = [Retreat(d.unit.type, d.unit.location, r)
                                        for r in d.retreats]
                choices.append(Disband(d.unit.type, d.unit.location))
                out[d.unit.location] = choices
    elif ptype is PhaseType.ADJUSTMENT:
        delta = adjustment_count(state, power)
        if delta > 0:
            builds: list[Order] = []
            for c in game_map.home_centers(power):
                if c in state.centers.get(power, ()) and state.unit_at(c) is None:
                    builds.append(Build("A", c))
                    builds += [Build("F", loc) for loc in game_map.fleet_locations(c)
                               if game_map.provinces[c].kind is Kind.COAST]
            out[""] = [*builds, Waive()]
        elif delta < 0:
            for unit in state.units_of(power):
                out[unit.location] = [Remove(unit.type, unit.location)]
    return out
