"""Legality of parsed orders against the position (docs/RULES.md §3.5.2, DATC 6.A/6.B).

Each order is normalised (real unit type and location, coast filled in when unambiguous) or
refused with an OrderError; an illegal order has no effect and the unit holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from engine.maps import Kind, Map, coast_of, province_of
from engine.orders.errors import OrderError
from engine.orders.state import PROVINCE, GameState, PhaseType, Unit
from engine.orders.types import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    RetreatList,
    Support,
    Waive,
)
from engine.wording import place_params, places_param, unit_param


@dataclass(slots=True)
class Checked:
    order: Order | None  # normalised order, None when refused
    error: OrderError | None = None
    unit: Unit | None = None
    corrected: bool = False  # a wrong unit type or coast was corrected (§3.5.2)
    conditional: bool = False  # a retreat/build sent ahead with movement orders (§3.4.2)
    # how results show it (ORDER, normal form, unit), kept once computed: derived from
    # ``order`` and ``unit`` only, so a shared Checked may carry it
    view: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)


def _name(game_map: Map, loc: str) -> str:
    return loc.upper()


def _place(key: str, game_map: Map, location: str) -> dict[str, Any]:
    return dict(place_params(key, game_map, province_of(location)))


def _unit_str(u: Unit, game_map: Map | None = None) -> Any:
    """A unit in a refusal: "L'armée de Paris" / "The army in Paris" (its board known)."""
    if game_map is None:
        return f"{u.type} {u.location.upper()}"
    return unit_param(game_map, u.type, u.location)


def check_order(order: Order, state: GameState, power: str, game_map: Map) -> Checked:
    """Check one order of ``power`` in ``state``'s phase."""
    ptype = state.phase.type
    if ptype is PhaseType.MOVEMENT:
        if type(order) in _MOVEMENT_ORDERS:  # the usual case first
            return check_movement(order, state, power, game_map)
        if isinstance(order, RetreatList | Build | Remove | Waive):
            return _conditional(order, state, power, game_map)
        if isinstance(order, Retreat):
            return _conditional(RetreatList(order.unit_type, order.location, (order.target,)),
                                state, power, game_map)
        if isinstance(order, Disband):
            return Checked(None, OrderError("wrong_phase", {"phase": str(state.phase)}))
        return check_movement(order, state, power, game_map)
    if ptype is PhaseType.RETREAT:
        return _check_retreat(order, state, power, game_map)
    if ptype is PhaseType.ADJUSTMENT:
        return _check_adjustment(order, state, power, game_map)
    return Checked(None, OrderError("wrong_phase", {"phase": str(state.phase)}))


MOVEMENT_ORDERS = frozenset({Hold, Move, Support, Convoy})
_MOVEMENT_ORDERS = MOVEMENT_ORDERS


def _own_unit(location: str, state: GameState, power: str, game_map: Map
              ) -> tuple[Unit | None, OrderError | None]:
    unit = state.unit_at(province_of(location))
    if unit is None:
        return None, OrderError("no_unit", _place("location", game_map, location))
    if unit.power != power:
        return None, OrderError("not_your_unit", {**_place("location", game_map, unit.province),
                                                  "owner": unit.power})
    return unit, None


@cache
def _answers(game_map: Map) -> tuple[dict[tuple[str, str, str], str], dict[tuple[str, str, str], bool],
                                      dict[str, str]]:
    """What the checks ask of the board, answered once per question (the answers depend on
    the board only, and a game asks the same few hundred): legal move destinations per
    (unit type, unit location, target written), support reach per (unit type, unit location,
    province), a support's target as kept (a coast where the province has coasts)."""
    return {}, {}, {}


@cache
def _checked(game_map: Map) -> dict[tuple[int, int, int], tuple[Order, Unit, Unit | None, Checked]]:
    """Movement orders already found legal on ``game_map``: a movement order's check depends
    on the order, the unit that receives it and (support, convoy) the unit it names — never
    on the rest of the position. Keyed by identity (orders and units are shared values, see
    ``state.unit_value``), each entry keeping its key objects alive and compared on a hit.
    The Checked values are shared: nothing changes them (``view`` is filled once, from
    ``order`` and ``unit`` alone)."""
    return {}


def check_movement(order: Order, state: GameState, power: str, game_map: Map) -> Checked:
    """``check_order`` for a hold, move, support or convoy (``MOVEMENT_ORDERS``) in a
    movement phase: the usual case, one call less."""
    assert not isinstance(order, Waive)
    location = order.location  # type: ignore[union-attr]
    units = state.by_province()
    unit = units.get(PROVINCE[location])
    if unit is None or unit.power != power:
        return Checked(None, _own_unit(location, state, power, game_map)[1])
    cls = type(order)
    other = None
    if cls is Support:
        other = units.get(PROVINCE[order.supported])  # type: ignore[union-attr]
    elif cls is Convoy:
        other = units.get(PROVINCE[order.convoyed])  # type: ignore[union-attr]
    known = _checked(game_map)
    key = (id(order), id(unit), id(other))
    hit = known.get(key)
    if hit is not None and hit[0] is order and hit[1] is unit and hit[2] is other:
        return hit[3]
    checked = _check_movement_order(order, unit, state, game_map)
    if checked.error is None:
        if len(known) >= 8_192:
            known.clear()
        known[key] = (order, unit, other, checked)
    return checked


def _check_movement_order(order: Order, unit: Unit, state: GameState, game_map: Map) -> Checked:
    location = order.location  # type: ignore[union-attr]
    exact = order.unit_type == unit.type and location == unit.location  # type: ignore[union-attr]
    corrected = not exact and (order.unit_type not in (None, unit.type) or (  # type: ignore[union-attr]
        location != unit.location and coast_of(location) is not None))
    if isinstance(order, Move):
        moves = _answers(game_map)[0]
        key = (unit.type, unit.location, order.target)
        dest = moves.get(key)
        if dest is None:
            dest, err = _move_target(unit, order.target, game_map, order.via_convoy)
            if err:
                return Checked(None, err, unit)
            moves[key] = dest
        via = order.via_convoy and unit.type == "A"
        if exact and dest == order.target and via == order.via_convoy:
            return Checked(order, unit=unit)  # already normal: no copy
        return Checked(Move(unit.type, unit.location, dest, via), unit=unit, corrected=corrected)
    if isinstance(order, Support):
        sup_prov = province_of(order.supported)
        if sup_prov == unit.province:
            return Checked(None, OrderError("support_self"), unit)
        _moves, reaches, kept = _answers(game_map)
        reach = province_of(order.target) if order.target else sup_prov
        key = (unit.type, unit.location, reach)
        ok = reaches.get(key)
        if ok is None:
            ok = reaches[key] = game_map.can_reach_province(unit.type, unit.location, reach)
        if not ok:
            return Checked(None, OrderError("support_unreachable",
                                            {"unit": _unit_str(unit, game_map),
                                             **_place("target", game_map, reach)}),
                           unit)
        supported = state.unit_at(sup_prov)
        # support needs no coast; a coast written is kept (DATC 6.B.9)
        target: str | None = None
        if order.target:
            target = kept.get(order.target)
            if target is None:
                target = kept[order.target] = order.target if game_map.is_location(
                    order.target) and game_map.provinces[province_of(order.target)].coasts \
                    else province_of(order.target)
        if supported is not None:
            return Checked(Support(unit.type, unit.location, supported.location, target,
                                   supported.type, supported.power), unit=unit,
                           corrected=corrected)
        return Checked(Support(unit.type, unit.location, sup_prov, target, order.supported_type,
                               order.supported_power), unit=unit, corrected=corrected)
    if isinstance(order, Hold):
        return Checked(order if exact else Hold(unit.type, unit.location), unit=unit,
                       corrected=corrected)
    if isinstance(order, Convoy):
        if unit.type != "F" or game_map.provinces[unit.province].kind is not Kind.SEA:
            return Checked(None, OrderError("convoy_fleet_at_sea"), unit)
        convoyed = state.unit_at(province_of(order.convoyed))
        if convoyed is not None and convoyed.type != "A":
            return Checked(None, OrderError("convoy_army_only"), unit)
        return Checked(Convoy("F", unit.location, province_of(order.convoyed),
                              province_of(order.target), order.convoyed_power),
                       unit=unit, corrected=corrected)
    return Checked(None, OrderError("wrong_phase", {"phase": str(state.phase)}), unit)


def _move_target(unit: Unit, target: str, game_map: Map,
                 via_convoy: bool = False) -> tuple[str, OrderError | None]:
    prov = province_of(target)
    kind = game_map.provinces[prov].kind
    if prov == unit.province:
        return target, OrderError("move_to_self")
    if unit.type == "A":
        if kind is Kind.SEA:
            return target, OrderError("army_to_sea", _place("target", game_map, prov))
        if game_map.army_adjacent(unit.location, prov):
            return prov, None
        # not adjacent: only by convoy, between two coasts (DATC 6.A.1 otherwise)
        if (game_map.provinces[unit.province].kind is Kind.COAST and kind is Kind.COAST):
            return prov, None
        return target, OrderError("not_adjacent", {"unit": _unit_str(unit, game_map),
                                                   **_place("target", game_map, prov)})
    if kind is Kind.LAND:
        return target, OrderError("fleet_inland", _place("target", game_map, prov))
    options = game_map.fleet_reaches(unit.location, prov)
    if not options:
        return target, OrderError("not_adjacent", {"unit": _unit_str(unit, game_map),
                                                   **_place("target", game_map, prov)})
    if coast_of(target) is not None or game_map.provinces[prov].coasts:
        if coast_of(target) is None:
            if len(options) == 1:  # docs/RULES.md §3.5.2: unambiguous coast filled in
                return options[0], None
            return target, OrderError("ambiguous_coast", {
                **_place("target", game_map, prov), "coasts": ", ".join(o.split("/")[1] for o in options)})
        if target not in options:  # DATC 6.B.3
            return target, OrderError("wrong_coast", {"unit": _unit_str(unit, game_map),
                                                      **_place("target", game_map, prov)})
    return options[0] if len(options) == 1 else target, None


def _conditional(order: Order, state: GameState, power: str, game_map: Map) -> Checked:
    """Retreat preferences and build/removal lists sent ahead (docs/RULES.md §3.4.2): checked for
    form only now; legality is decided when their phase comes."""
    if isinstance(order, RetreatList):
        unit, err = _own_unit(order.location, state, power, game_map)
        if err:
            return Checked(None, err)
        assert unit is not None
        return Checked(RetreatList(unit.type, unit.location, order.targets), unit=unit,
                       conditional=True)
    if isinstance(order, Build):
        # what can be known now is checked now: a home centre of this power, a unit that
        # fits the province; owning it and its being free are known in the Winter
        prov = province_of(order.location)
        if game_map.provinces[prov].home != power:
            return Checked(None, OrderError("build_not_home", _place("location", game_map,
                                                                      prov)))
        built = _build_unit(order, game_map)
        if built.order is None:
            return built
        return Checked(built.order, conditional=True)
    return Checked(order, conditional=True)


def _build_unit(order: Build, game_map: Map) -> Checked:
    """The unit type fits the province (no fleet inland) and a fleet's coast is one of the
    province's: what a build needs of the board alone."""
    prov = province_of(order.location)
    name = _place("location", game_map, prov)
    if order.unit_type == "A":
        return Checked(Build("A", prov))
    if game_map.provinces[prov].kind is not Kind.COAST:
        return Checked(None, OrderError("build_fleet_inland", name))
    locs = game_map.fleet_locations(prov)
    if coast_of(order.location) is None:
        if len(locs) != 1:  # DATC 6.B.14, docs/RULES.md §3.5.2: "construire F STP" is ambiguous
            return Checked(None, OrderError("ambiguous_coast", {
                **_place("target", game_map, prov),
                "coasts": ", ".join(c.split("/")[1] for c in locs)}))
        return Checked(Build("F", locs[0]))
    if order.location not in locs:
        return Checked(None, OrderError("wrong_coast", {
            "unit": unit_param(game_map, "F", prov), **_place("target", game_map, prov)}))
    return Checked(Build("F", order.location))


def _check_retreat(order: Order, state: GameState, power: str, game_map: Map) -> Checked:
    if isinstance(order, Waive | Build | Remove | Support | Convoy | Hold):
        return Checked(None, OrderError("wrong_phase", {"phase": str(state.phase)}))
    prov = province_of(order.location)
    dis = next((d for d in state.dislodged if d.unit.province == prov), None)
    if dis is None:
        if state.unit_at(prov) is not None:
            return Checked(None, OrderError("not_dislodged", _place("location", game_map, prov)))
        return Checked(None, OrderError("no_unit", _place("location", game_map, prov)))
    unit = dis.unit
    if unit.power != power:
        return Checked(None, OrderError("not_your_unit", {**_place("location", game_map, prov),
                                                          "owner": unit.power}))
    if isinstance(order, Disband):
        return Checked(Disband(unit.type, unit.location), unit=unit)
    targets = order.targets if isinstance(order, RetreatList) else (order.target,)  # type: ignore[union-attr]
    last_err: OrderError | None = None
    for t in targets:
        dest = _retreat_target(unit, t, dis.retreats)
        if dest is not None:
            return Checked(Retreat(unit.type, unit.location, dest), unit=unit)
        last_err = OrderError("retreat_illegal", {
            "unit": _unit_str(unit, game_map), **_place("target", game_map, t),
            "options": places_param(game_map, dis.retreats)})
    return Checked(None, last_err, unit)


def _retreat_target(unit: Unit, target: str, retreats: tuple[str, ...]) -> str | None:
    if target in retreats:
        return target
    same = [r for r in retreats if province_of(r) == province_of(target)]
    if unit.type == "A" and same:
        return same[0]
    if coast_of(target) is None and len(same) == 1:
        return same[0]
    return None


def adjustment_count(state: GameState, power: str) -> int:
    """Builds (> 0) or removals (< 0) due to ``power``."""
    return len(state.centers.get(power, ())) - len(state.units_of(power))


def _check_adjustment(order: Order, state: GameState, power: str, game_map: Map) -> Checked:
    delta = adjustment_count(state, power)
    if isinstance(order, Waive):
        if delta <= 0:
            return Checked(None, OrderError("build_no_builds"))
        return Checked(order)
    if isinstance(order, Build):
        if delta <= 0:
            return Checked(None, OrderError("build_no_builds"))
        prov = province_of(order.location)
        name = _place("location", game_map, prov)
        if game_map.provinces[prov].home != power:
            return Checked(None, OrderError("build_not_home", name))
        if prov not in state.centers.get(power, ()):
            return Checked(None, OrderError("build_not_owned", name))
        if state.unit_at(prov) is not None:
            return Checked(None, OrderError("build_occupied", name))
        return _build_unit(order, game_map)
    if isinstance(order, Remove | Disband):
        if delta >= 0:
            return Checked(None, OrderError("remove_no_removals"))
        unit, err = _own_unit(order.location, state, power, game_map)
        if err:
            return Checked(None, err)
        assert unit is not None
        return Checked(Remove(unit.type, unit.location), unit=unit)
    return Checked(None, OrderError("wrong_phase", {"phase": str(state.phase)}))


def strip_type(order: Order) -> Order:
    """The same order without a unit type (used to compare orders)."""
    if isinstance(order, Waive | Build):
        return order
    return replace(order, unit_type=None)  # type: ignore[arg-type]


def check_set(checked: list[Checked], state: GameState, power: str,
              game_map: Map | None = None) -> dict[int, OrderError]:
    """What only the whole set of one power's orders shows (index -> error), checked when
    the orders are sent rather than at the deadline: more builds or removals than are due,
    two builds in one centre (docs/RULES.md §2.12), two orders for one unit (refused, so that the
    player chooses; at the deadline the last one would count). Conditional orders are left to
    their phase."""
    errors: dict[int, OrderError] = {}
    last: dict[str, int] = {}
    for i, c in enumerate(checked):
        if c.order is None or c.conditional or isinstance(c.order, Build | Waive):
            continue
        prov = province_of(c.order.location)
        if prov in last:
            earlier = checked[last[prov]].unit
            errors[last[prov]] = OrderError("two_orders", {
                "unit": _unit_str(earlier, game_map) if earlier is not None else prov.upper()})
        last[prov] = i
    if state.phase.type is not PhaseType.ADJUSTMENT:
        return errors
    delta = adjustment_count(state, power)
    builds = [i for i, c in enumerate(checked) if isinstance(c.order, Build | Waive)
              and not c.conditional and i not in errors]
    removals = [i for i, c in enumerate(checked) if isinstance(c.order, Remove)
                and not c.conditional and i not in errors]
    sites: set[str] = set()
    for i in builds:
        order = checked[i].order
        if isinstance(order, Build):
            site = province_of(order.location)
            if site in sites:
                errors[i] = OrderError("build_twice")
                continue
            sites.add(site)
    allowed = [i for i in builds if i not in errors]
    for i in allowed[max(delta, 0):]:
        errors[i] = OrderError("too_many_builds", {"count": max(delta, 0)})
    for i in removals[max(-delta, 0):]:
        errors[i] = OrderError("too_many_removals", {"count": max(-delta, 0)})
    return errors
