"""One turn of classic Diplomacy over the JSON contract (docs/ENGINE.md).

``process(request)`` parses and checks the orders, resolves the phase, then runs every
following phase in which nobody has a choice (or whose conditional orders cover everyone,
docs/RULES.md §3.4.2), and returns the results and the next state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.maps import Map, load_map, province_of
from engine.orders.errors import OrderError
from engine.orders.fast import parse_many as parse_orders
from engine.orders.names import Ambiguous, resolve_power
from engine.orders.state import (
    PROVINCE,
    Dislodged,
    GameState,
    Phase,
    PhaseType,
    Season,
    Unit,
    power_ids,
    retreat_options,
    state_from_json,
    unit_value,
)
from engine.orders.types import (
    ORDER_JSON,
    ORDER_TEXT,
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
    format_order,
    order_from_json,
)
from engine.orders.validate import (
    MOVEMENT_ORDERS,
    Checked,
    adjustment_count,
    check_movement,
    check_order,
)
from engine.variants.classic.adjudicate import resolve_movement
from engine.variants.classic.phases import (
    default_retreat,
    eliminated,
    resolve_adjustments,
    resolve_retreats,
    update_centers,
    winner,
)


@dataclass(slots=True)
class _Line:
    """One submitted order line and its result."""

    power: str
    text: str
    checked: Checked | None = None
    error: OrderError | None = None
    status: str = "illegal"
    reason: str | None = None
    conditional: bool = False


@dataclass
class Options:
    preset: str = "standard"  # "standard" | "vortigern" (docs/RULES.md §1.2)
    civil_disorder: frozenset[str] = frozenset()
    victory_centers: int = 18
    # docs/RULES.md §2.14.2, two players: Italy is neutral and no unit may enter its territory
    closed: frozenset[str] = frozenset()

    @classmethod
    def from_json(cls, data: dict[str, Any] | None, game_map: Map) -> Options:
        data = data or {}
        cd = frozenset(_power(p, game_map) for p in data.get("civil_disorder", ()) or ())
        closed = frozenset(_power(p, game_map) for p in data.get("closed", ()) or ())
        return cls(preset=str(data.get("preset", "standard")), civil_disorder=cd,
                   victory_centers=int(data.get("victory_centers", 18)), closed=closed)


def _power(text: str, game_map: Map) -> str:
    if text in power_ids(game_map):  # an id already (the usual case): no name resolution
        return text
    try:
        return resolve_power(str(text), game_map) or str(text).lower()
    except Ambiguous:
        return str(text).lower()


def parse_request_orders(state: GameState, entries: list[dict[str, Any]],
                         game_map: Map) -> list[_Line]:
    """Split every entry into lines, parse and check each against the position. An entry
    that carries its orders structured (``order`` or ``orders``, the ORDER of the contract)
    is not parsed: its orders are built from the structure, then checked the same way."""
    lines: list[_Line] = []
    for entry in entries or ():
        power = _power(entry.get("power", ""), game_map)
        if entry.get("orders") is not None or entry.get("order") is not None:
            lines.extend(_structured_lines(state, entry, power, game_map))
            continue
        movement = state.phase.type is PhaseType.MOVEMENT
        for parsed in parse_orders(str(entry.get("text", "")), game_map):
            # an entry's power decides; a "ENG:" prefix only serves entries without one
            line_power = power or _power(getattr(parsed, "power", None) or "", game_map)
            order = parsed.order
            if movement and parsed.error is None and type(order) in MOVEMENT_ORDERS:
                # the usual case
                checked = check_movement(order, state, line_power, game_map)  # type: ignore[arg-type]
                lines.append(_Line(line_power, parsed.text, checked, checked.error))
                continue
            lines.append(_checked_line(state, line_power, parsed.text, order,
                                       parsed.error, game_map))
    return lines


def _checked_line(state: GameState, power: str, text: str, order: Order | None,
                  error: OrderError | None, game_map: Map) -> _Line:
    line = _Line(power=power, text=text)
    if error is not None or order is None:
        line.error = error or OrderError("bad_syntax", {}, text)
    else:
        line.checked = check_order(order, state, power, game_map)
        line.error = line.checked.error
        line.conditional = line.checked.conditional
    return line


def _structured_lines(state: GameState, entry: dict[str, Any], power: str,
                      game_map: Map) -> list[_Line]:
    """The lines of an entry sent structured: ``"order": ORDER`` (its text is the entry's
    ``text``) or ``"orders": [ORDER, ...]`` (each ORDER's ``text``, else its normal form).
    An ORDER that does not read is refused like an unreadable line (``bad_structure``)."""
    if entry.get("orders") is not None:
        items = [(item, item.get("text")) for item in entry["orders"]]
    else:
        items = [(entry["order"], str(entry.get("text", "")).strip())]
    movement = state.phase.type is PhaseType.MOVEMENT
    out = []
    for item, text in items:
        order = _read_order(item, game_map)
        cls = type(order)
        if movement and type(text) is str and (cls is Move or cls is Hold or cls is Convoy or (
                cls is Support and state.unit_at(PROVINCE[order.supported]) is not None)):  # type: ignore[union-attr]
            # the usual case: nothing to read again (see below)
            checked = check_movement(order, state, power, game_map)  # type: ignore[arg-type]
            out.append(_Line(power, text, checked, checked.error))
            continue
        if order is None:
            text = text if isinstance(text, str) else ""
            out.append(_checked_line(state, power, text, None, OrderError(
                "bad_structure", {"words": text or str(item.get("kind"))}, text), game_map))
            continue
        if not isinstance(text, str):
            text = format_order(order)
        elif (type(order) is Support and state.unit_at(province_of(order.supported)) is None
              ) or (movement and type(order) is Retreat):
            # what an ORDER does not say is in its text: the type written for a supported unit
            # that is not there, a list of retreats sent ahead: read that line instead
            parsed = parse_orders(text, game_map)
            if len(parsed) == 1:
                out.append(_checked_line(state, power, parsed[0].text, parsed[0].order,
                                         parsed[0].error, game_map))
                continue
        checked = check_order(order, state, power, game_map)
        out.append(_Line(power, text, checked, checked.error, "illegal", None,
                         checked.conditional))
    return out


@cache
def _orders_read(game_map: Map) -> dict[tuple[Any, ...], Order]:
    """Structured ORDERs already read on ``game_map`` (by their fields): a few thousand
    orders make up nearly every game, read once each."""
    return {}


def _read_order(item: dict[str, Any], game_map: Map) -> Order | None:
    """``order_from_json``, remembered."""
    via = item.get("via_convoy", False)
    if via is not True and via is not False:  # (0 == False: keep it off the shared entries)
        return order_from_json(item, game_map.location_ids)
    key = (item.get("kind"), item.get("unit_type"), item.get("location"), item.get("target"),
           item.get("aux"), via)
    read = _orders_read(game_map)
    try:
        order = read.get(key)
    except TypeError:  # an unhashable part: not an order anyway
        return order_from_json(item, game_map.location_ids)
    if order is None:
        order = order_from_json(item, game_map.location_ids)
        if order is not None:
            if len(read) >= 16_384:
                read.clear()
            read[key] = order
    return order


@dataclass
class Turn:
    state: GameState
    game_map: Map
    options: Options
    results: list[dict[str, Any]] = field(default_factory=list)
    trace: list[dict[str, Any]] | None = None  # each phase resolved, with its position


def process(request: dict[str, Any], game_map: Map | None = None) -> dict[str, Any]:
    """Resolve one phase (and the automatic ones after it) — the engine contract."""
    raw_state = request["state"]
    game_map = game_map or load_map("classic")
    state = state_from_json(raw_state, game_map, normalise_power=lambda p: _power(p, game_map))
    options = Options.from_json(request.get("options"), game_map)
    turn = Turn(state, game_map, options, trace=[] if request.get("trace") else None)
    lines = parse_request_orders(state, request.get("orders", []), game_map)
    if state.phase.type is not PhaseType.MOVEMENT:
        lines = _with_conditionals(turn, lines)
    _resolve_phase(turn, lines)
    # then every phase nobody has to order, or that conditional orders cover entirely
    while turn.state.phase.type is not PhaseType.MOVEMENT and not turn.state.extra.get("winner"):
        if _nothing_to_retreat(turn.state):
            _pass_retreats(turn)  # the usual retreat phase: nobody dislodged
            continue
        if _has_choices(turn) and not _covered_by_conditionals(turn):
            break
        _resolve_phase(turn, _with_conditionals(turn, []))
    response = {"results": turn.results, "state": turn.state.to_json()}
    if turn.trace is not None:
        response["phases"] = turn.trace
    return response


def _nothing_to_retreat(state: GameState) -> bool:
    """A retreat phase with nobody dislodged and nothing sent ahead: it passes at once,
    without a result and without a trace."""
    return state.phase.type is PhaseType.RETREAT and not state.dislodged \
        and not state.extra.get("conditional")


def _pass_retreats(turn: Turn) -> None:
    """What ``_retreats`` does with no dislodged unit and no order, without the work."""
    state = turn.state
    extra = dict(state.extra)
    if state.phase.season is Season.SPRING:
        extra.pop("conditional", None)
    turn.state = _after_phase(state.with_(phase=state.phase.successor(), dislodged=(),
                                          contested=frozenset(), extra=extra), turn)


# -- who has a choice ------------------------------------------------------------------------
def powers_with_choices(state: GameState, game_map: Map, options: Options) -> list[str]:
    """Powers that can order in this phase (a phase where nobody can is skipped)."""
    ptype = state.phase.type
    if ptype is PhaseType.MOVEMENT:
        return sorted({u.power for u in state.units} - options.civil_disorder)
    if ptype is PhaseType.RETREAT:
        return sorted({d.unit.power for d in state.dislodged if d.retreats}
                      - options.civil_disorder)
    if ptype is PhaseType.ADJUSTMENT:
        out = []
        for power in sorted(set(state.centers) | {u.power for u in state.units}):
            delta = adjustment_count(state, power)
            if power in options.civil_disorder:
                continue
            if delta < 0 or (delta > 0 and _buildable(state, game_map, power)):
                out.append(power)
        return out
    return []


def _buildable(state: GameState, game_map: Map, power: str) -> bool:
    return any(state.unit_at(c) is None for c in game_map.home_centers(power)
               if c in state.centers.get(power, ()))


def _has_choices(turn: Turn) -> bool:
    return bool(powers_with_choices(turn.state, turn.game_map, turn.options))


# -- conditional orders (docs/RULES.md §3.4.2) --------------------------------------------------------
def _conditional_lines(turn: Turn) -> list[_Line]:
    cond = turn.state.extra.get("conditional") or {}
    lines: list[_Line] = []
    for power, texts in sorted(cond.items()):
        for text in texts:
            for parsed in parse_orders(text, turn.game_map):
                if parsed.order is None:
                    continue
                line = _Line(power=power, text=parsed.text)
                line.checked = check_order(parsed.order, turn.state, power, turn.game_map)
                line.error = line.checked.error
                if line.error is not None and line.error.code in _MOOT:
                    continue  # a unit that was not dislodged, builds that are not due
                lines.append(line)
    return lines


_MOOT = frozenset({"not_dislodged", "no_unit", "build_no_builds", "remove_no_removals",
                   "wrong_phase"})


def _with_conditionals(turn: Turn, lines: list[_Line]) -> list[_Line]:
    """Conditional orders fill in what the submitted orders leave out: a retreat for a unit
    nobody ordered, the adjustments of a power that sent none."""
    cond = _conditional_lines(turn)
    if not cond:
        return lines
    if turn.state.phase.type is PhaseType.RETREAT:
        ordered = {(ln.power, province_of(ln.checked.order.location))  # type: ignore[union-attr]
                   for ln in lines if ln.checked and ln.checked.order}
        keep = [c for c in cond if c.checked and c.checked.order and
                (c.power, province_of(c.checked.order.location)) not in ordered]  # type: ignore[union-attr]
    else:
        powers = {ln.power for ln in lines}
        keep = [c for c in cond if c.power not in powers]
    return keep + lines


def _is_adjustment(text: str, game_map: Map) -> bool:
    return any(isinstance(p.order, Build | Remove | Waive) for p in parse_orders(text, game_map))


def _adjustments_only(cond: dict[str, list[str]], game_map: Map) -> dict[str, list[str]]:
    kept = {p: [t for t in texts if _is_adjustment(t, game_map)] for p, texts in cond.items()}
    return {p: texts for p, texts in kept.items() if texts}


def _merge_conditionals(before: dict[str, list[str]], sent: dict[str, list[str]],
                        game_map: Map) -> dict[str, list[str]]:
    """Seed 004 §3.4.2: conditional builds and removals wait for the Winter, even when sent
    with the Spring orders; a power's newer conditional builds replace its older ones (its
    latest word counts). Conditional retreats belong to the season they were sent in."""
    merged = _adjustments_only(before, game_map)
    for power, texts in sent.items():
        newer = [t for t in texts if _is_adjustment(t, game_map)]
        if newer:
            merged[power] = newer
        retreats = [t for t in texts if not _is_adjustment(t, game_map)]
        if retreats:
            merged[power] = merged.get(power, []) + retreats
    return {p: texts for p, texts in merged.items() if texts}


def _covered_by_conditionals(turn: Turn) -> bool:
    """Seed 004 §3.4.2: a phase is resolved at once only when conditional orders that belong
    to it cover every choice in it — a conditional retreat never stands for builds."""
    usable = [c for c in _conditional_lines(turn)
              if c.checked is not None and c.checked.order is not None and c.error is None]
    if not usable:
        return False
    state = turn.state
    if state.phase.type is PhaseType.RETREAT:
        covered = {(c.power, province_of(c.checked.order.location))  # type: ignore[union-attr]
                   for c in usable
                   if isinstance(c.checked.order, RetreatList | Retreat | Disband)}  # type: ignore[union-attr]
        return all((d.unit.power, d.unit.province) in covered
                   for d in state.dislodged if d.retreats
                   and d.unit.power not in turn.options.civil_disorder)
    if state.phase.type is PhaseType.ADJUSTMENT:
        adjusting = {c.power for c in usable
                     if isinstance(c.checked.order, Build | Remove | Waive)}  # type: ignore[union-attr]
        needing = powers_with_choices(state, turn.game_map, turn.options)
        return all(p in adjusting for p in needing)
    return False


# -- one phase -----------------------------------------------------------------------------------
def _resolve_phase(turn: Turn, lines: list[_Line]) -> None:
    if turn.trace is not None and _eventful(turn.state):
        turn.trace.append({"phase": str(turn.state.phase), "state": turn.state.to_json()})
    ptype = turn.state.phase.type
    if ptype is PhaseType.MOVEMENT:
        _movement(turn, lines)
    elif ptype is PhaseType.RETREAT:
        _retreats(turn, lines)
    elif ptype is PhaseType.ADJUSTMENT:
        _adjustments(turn, lines)
    else:
        raise ValueError(f"the classic engine does not resolve {turn.state.phase} phases")


def _eventful(state: GameState) -> bool:
    """A phase in which something is decided (a retreat phase with nobody dislodged, or a
    Winter with no build and no removal, passes without a trace)."""
    if state.phase.type is PhaseType.RETREAT:
        return bool(state.dislodged)
    if state.phase.type is PhaseType.ADJUSTMENT:
        powers = set(state.centers) | {u.power for u in state.units}
        return any(adjustment_count(state, p) != 0 for p in powers)
    return True


def _record(turn: Turn, phase: Phase, lines: list[_Line]) -> None:
    """Each line's result: one loop, no call per line (the hot path)."""
    name = str(phase)
    out = turn.results
    for line in lines:
        checked, error = line.checked, line.error
        structured = normalized = label = None
        if checked is not None:
            view = checked.view or _view(checked)
            if view[0] is not None:
                structured = view[0].copy()  # a fresh ORDER each time: answers are not shared
            normalized, label = view[1], view[2]
        if error is None:
            reason, message_en, message_fr = line.reason, None, None
        else:
            reason, message_en, message_fr = error.code, error.message("en"), error.message("fr")
        out.append({
            "power": line.power, "text": line.text, "unit": label,
            "status": line.status, "reason": reason,
            "message_en": message_en, "message_fr": message_fr,
            "order": structured, "normalized": normalized, "phase": name,
        })


def _view(checked: Checked) -> tuple[dict[str, Any] | None, str | None, str | None]:
    """A checked order as its results show it — ORDER, normal form, unit — kept with it
    (checked orders of the usual kinds are shared values, see ``validate.check_movement``)."""
    order, unit = checked.order, checked.unit
    view = (ORDER_JSON[type(order)](order) if order is not None else None,
            ORDER_TEXT[type(order)](order) if order is not None else None,
            f"{unit.type} {unit.location}" if unit is not None else None)
    checked.view = view
    return view


def _implicit(power: str, order: Order, unit: Unit, status: str, reason: str) -> _Line:
    line = _Line(power=power, text="", checked=Checked(order, unit=unit), status=status,
                 reason=reason)
    return line


def _movement(turn: Turn, lines: list[_Line]) -> None:
    state, game_map, options = turn.state, turn.game_map, turn.options
    phase = state.phase
    civil, closed = options.civil_disorder, options.closed
    by_unit: dict[str, _Line] = {}
    conditional: dict[str, list[str]] = {}
    for line in lines:
        if civil and line.power in civil:
            line.error = None
            line.status, line.reason = "void", "civil_disorder"
            continue
        checked = line.checked
        if line.error is not None or checked is None or checked.order is None:
            line.status = "illegal"
            continue
        order = checked.order
        if closed and isinstance(order, Move) and order.target and \
                game_map.provinces[province_of(order.target)].nation in closed:
            line.error = OrderError("closed_territory", {"target": province_of(order.target).upper()})
            line.status = "illegal"
            continue
        if line.conditional:  # reported once, in the phase that uses it (docs/RULES.md §3.4.2)
            conditional.setdefault(line.power, []).append(format_order(order))
            continue
        prov = checked.unit.province  # type: ignore[union-attr]  # a movement order's unit
        prev = by_unit.get(prov)
        if prev is not None:  # the last order for a unit counts
            prev.status, prev.reason = "void", "duplicate_order"
        by_unit[prov] = line
    orders = {p: line.checked.order for p, line in by_unit.items()}  # type: ignore[union-attr]
    res = resolve_movement(game_map, state.units, orders,  # type: ignore[arg-type]
                           state.by_province())
    implicit = []
    ordered = list(by_unit.items())
    for u in state.units:
        if u.province not in by_unit:
            line = _implicit(u.power, Hold(u.type, u.location), u, "succeeds",
                             "civil_disorder" if u.power in civil else "no_order")
            implicit.append(line)
            ordered.append((u.province, line))
    moved, dislodged_at, void, path_ok = res.moved, res.dislodged, res.void, res.path_ok
    for prov, line in ordered:
        order = line.checked.order  # type: ignore[union-attr,assignment]
        dislodged = prov in dislodged_at
        if isinstance(order, Move):
            if moved.get(prov, False):
                line.status = "succeeds"
            else:
                line.status = "fails"
                if prov in res.no_route:
                    line.reason = "no_convoy"
                elif prov in res.paradox:
                    line.reason = "paradox"
                elif prov in res.convoyed and not path_ok.get(prov, False):
                    line.reason = "no_convoy"
                else:
                    line.reason = "dislodged" if dislodged else "bounced"
        elif isinstance(order, Support):
            if prov in void:
                line.status, line.reason = "void", "no_matching_order"
            elif res.support_given.get(prov, False):
                line.status = "succeeds"
            else:
                line.status, line.reason = "fails", "dislodged" if dislodged else "cut"
        elif isinstance(order, Convoy):
            army = province_of(order.convoyed)
            if prov in void:
                line.status, line.reason = "void", "no_matching_order"
            elif dislodged:
                line.status, line.reason = "fails", "dislodged"
            elif not path_ok.get(army, False):
                line.status, line.reason = "fails", "paradox" if army in res.paradox \
                    else "no_convoy"
            else:
                line.status = "succeeds"
        else:
            line.status = "fails" if dislodged else "succeeds"
            if dislodged:
                line.reason = "dislodged"
    # new position
    moved_units: list[Unit] = []
    dislodged_units: list[Dislodged] = []
    staying = []
    for u in state.units:
        if moved.get(u.province):
            target: str = orders[u.province].target  # type: ignore[union-attr,assignment]
            moved_units.append(unit_value(game_map, u.power, u.type, target))
        elif u.province in dislodged_at:
            dislodged_units.append(Dislodged(u, *dislodged_at[u.province], retreats=()))
        else:
            staying.append(u)
    units = tuple(staying + moved_units)
    new_dislodged = []
    if dislodged_units:
        occupied = {u.province for u in units}
        for d in dislodged_units:
            retreats = tuple(
                r for r in retreat_options(state, game_map, d.unit, d.attacker_from,
                                           d.by_convoy, occupied=occupied,
                                           contested=res.contested)
                if game_map.provinces[province_of(r)].nation not in closed)
            if retreats and d.unit.power not in civil:  # §2.14.3
                new_dislodged.append(Dislodged(d.unit, d.attacker_from, d.by_convoy, retreats))
    _record(turn, phase, [ln for ln in lines if not ln.conditional] + implicit)
    extra = dict(state.extra)
    kept = _merge_conditionals(state.extra.get("conditional") or {}, conditional, game_map)
    if kept:
        extra["conditional"] = kept
    else:
        extra.pop("conditional", None)
    nxt = state.with_(phase=phase.successor(), units=units, dislodged=tuple(new_dislodged),
                      contested=res.contested, extra=extra)
    turn.state = _after_phase(nxt, turn)


def _after_phase(state: GameState, turn: Turn) -> GameState:
    """Centres change after the Fall phases are complete (docs/RULES.md §2.13.1); check victory."""
    if state.phase.type is PhaseType.ADJUSTMENT and state.phase.season is Season.WINTER:
        centers = update_centers(state, turn.game_map)
        state = state.with_(centers=centers)
        extra = dict(state.extra)
        extra["winner"] = winner(state, turn.options.victory_centers)
        extra["eliminated"] = eliminated(state)
        state = state.with_(extra=extra)
    return state


def _retreats(turn: Turn, lines: list[_Line]) -> None:
    state, game_map, options = turn.state, turn.game_map, turn.options
    phase = state.phase
    chosen: dict[str, _Line] = {}
    for line in lines:
        if line.error is not None or line.checked is None or line.checked.order is None:
            line.status = "illegal"
            continue
        prov = province_of(line.checked.order.location)  # type: ignore[union-attr]
        if prov in chosen:
            chosen[prov].status, chosen[prov].reason = "void", "duplicate_order"
        chosen[prov] = line
    orders: dict[str, Retreat | Disband] = {}
    implicit: list[_Line] = []
    for d in state.dislodged:
        chosen_line = chosen.get(d.unit.province)
        if chosen_line is not None:
            orders[d.unit.province] = chosen_line.checked.order  # type: ignore[union-attr,assignment]
            continue
        dest = None if d.unit.power in options.civil_disorder else \
            default_retreat(d, game_map, options.preset)
        order: Retreat | Disband = Retreat(d.unit.type, d.unit.location, dest) if dest \
            else Disband(d.unit.type, d.unit.location)
        orders[d.unit.province] = order
        implicit.append(_implicit(d.unit.power, order, d.unit, "succeeds",
                                  "civil_disorder" if d.unit.power in options.civil_disorder
                                  else "default_retreat" if dest else "disbanded_no_order"))
    outcome = resolve_retreats(state, orders)
    for line in list(chosen.values()) + implicit:
        done = line.checked.order  # type: ignore[union-attr]
        prov = province_of(done.location)  # type: ignore[union-attr]
        if isinstance(done, Retreat):
            ok = prov in outcome.moved
            line.status = "succeeds" if ok else "fails"
            if not ok:
                line.reason = "bounced"
        else:
            line.status = "succeeds"
    units = list(state.units)
    for d in state.dislodged:
        if d.unit.province in outcome.moved:
            units.append(Unit(d.unit.power, d.unit.type, outcome.moved[d.unit.province]))
    _record(turn, phase, lines + implicit)
    extra = dict(state.extra)
    if phase.season is Season.SPRING:
        # a Spring's conditional retreats are spent; its builds wait for the Winter
        kept = _adjustments_only(state.extra.get("conditional") or {}, game_map)
        if kept:
            extra["conditional"] = kept
        else:
            extra.pop("conditional", None)
    nxt = state.with_(phase=phase.successor(), units=tuple(units), dislodged=(),
                      contested=frozenset(), extra=extra)
    turn.state = _after_phase(nxt, turn)


def _adjustments(turn: Turn, lines: list[_Line]) -> None:
    state, game_map, options = turn.state, turn.game_map, turn.options
    phase = state.phase
    per_power: dict[str, list[Build | Remove | Waive]] = {}
    index: dict[tuple[str, int], _Line] = {}
    for line in lines:
        if line.error is not None or line.checked is None or line.checked.order is None:
            line.status = "illegal"
            continue
        order = line.checked.order
        if not isinstance(order, Build | Remove | Waive):
            line.status, line.error = "illegal", OrderError("wrong_phase",
                                                            {"phase": str(phase)})
            continue
        lst = per_power.setdefault(line.power, [])
        index[(line.power, len(lst))] = line
        lst.append(order)
    outcome, success = resolve_adjustments(state, game_map, per_power, options.preset,
                                           options.civil_disorder)
    for key, line in index.items():
        ok = success.get(key, False)
        line.status = "succeeds" if ok else "fails"
        if not ok:
            line.reason = "too_many" if line.power not in options.civil_disorder \
                else "civil_disorder"
    implicit = [_implicit(u.power, Remove(u.type, u.location), u, "succeeds",
                          "civil_disorder" if u.power in options.civil_disorder
                          else "default_removal")
                for u in outcome.by_default]
    removed = set(outcome.removed)
    units = tuple(u for u in state.units if u not in removed) + outcome.built
    _record(turn, phase, lines + implicit)
    extra = dict(state.extra)
    extra.pop("conditional", None)
    nxt = state.with_(phase=phase.successor(), units=units, dislodged=(),
                      contested=frozenset(), extra=extra)
    turn.state = _after_phase(nxt, turn)


def new_game_state(variant: str = "classic", game_map: Map | None = None) -> dict[str, Any]:
    game_map = game_map or load_map("classic")
    units = tuple(Unit(s.power, s.type, s.location) for s in game_map.starting_units)
    centers = {p: game_map.home_centers(p) for p in game_map.power_ids}
    state = GameState(variant=variant, phase=Phase.parse("S1901M"), units=units,
                      centers=centers)
    return state.to_json()


__all__ = ["new_game_state", "powers_with_choices", "process"]
