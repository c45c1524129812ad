"""One turn of classic Diplomacy over the JSON contract (DESIGN.md "The engine contract").

``process(request)`` parses and checks the orders, resolves the phase, then runs every
following phase in which nobody has a choice (or whose conditional orders cover everyone,
seed 004 §3.4.2), and returns the results and the next state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.maps import Map, load_map, province_of
from engine.variants.classic.adjudicate import resolve_movement
from engine.variants.classic.orders.errors import OrderError
from engine.variants.classic.orders.fast import parse_many as parse_orders
from engine.variants.classic.orders.names import Ambiguous, resolve_power
from engine.variants.classic.orders.types import (
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
    order_to_json,
)
from engine.variants.classic.orders.validate import Checked, adjustment_count, check_order
from engine.variants.classic.phases import (
    default_retreat,
    eliminated,
    resolve_adjustments,
    resolve_retreats,
    update_centers,
    winner,
)
from engine.variants.classic.state import (
    Dislodged,
    GameState,
    Phase,
    PhaseType,
    Season,
    Unit,
    retreat_options,
    state_from_json,
)


@dataclass
class _Line:
    """One submitted order line and its result."""

    power: str
    text: str
    checked: Checked | None = None
    error: OrderError | None = None
    status: str = "illegal"
    reason: str | None = None
    conditional: bool = False

    def result(self, phase: str) -> dict[str, Any]:
        order = self.checked.order if self.checked else None
        unit = self.checked.unit if self.checked else None
        return {
            "power": self.power, "text": self.text,
            "unit": str(unit) if unit else None,
            "status": self.status,
            "reason": self.reason if self.error is None else self.error.code,
            "message_en": self.error.message("en") if self.error else None,
            "message_fr": self.error.message("fr") if self.error else None,
            "order": order_to_json(order) if order is not None else None,
            "normalized": format_order(order) if order is not None else None,
            "phase": phase,
        }


@dataclass
class Options:
    preset: str = "standard"  # "standard" | "vortigern" (RULES.md)
    civil_disorder: frozenset[str] = frozenset()
    victory_centers: int = 18
    # seed 004 §2.14.2, two players: Italy is neutral and no unit may enter its territory
    closed: frozenset[str] = frozenset()

    @classmethod
    def from_json(cls, data: dict[str, Any] | None, game_map: Map) -> Options:
        data = data or {}
        cd = frozenset(_power(p, game_map) for p in data.get("civil_disorder", ()) or ())
        closed = frozenset(_power(p, game_map) for p in data.get("closed", ()) or ())
        return cls(preset=str(data.get("preset", "standard")), civil_disorder=cd,
                   victory_centers=int(data.get("victory_centers", 18)), closed=closed)


def _power(text: str, game_map: Map) -> str:
    try:
        return resolve_power(str(text), game_map) or str(text).lower()
    except Ambiguous:
        return str(text).lower()


def parse_request_orders(state: GameState, entries: list[dict[str, Any]],
                         game_map: Map) -> list[_Line]:
    """Split every entry into lines, parse and check each against the position."""
    lines: list[_Line] = []
    for entry in entries or ():
        power = _power(entry.get("power", ""), game_map)
        for parsed in parse_orders(str(entry.get("text", "")), game_map):
            # an entry's power decides; a "ENG:" prefix only serves entries without one
            line_power = power or _power(getattr(parsed, "power", None) or "", game_map)
            line = _Line(power=line_power, text=parsed.text)
            if parsed.error is not None or parsed.order is None:
                line.error = parsed.error or OrderError("bad_syntax", {}, parsed.text)
            else:
                line.checked = check_order(parsed.order, state, line_power, game_map)
                line.error = line.checked.error
                line.conditional = line.checked.conditional
            lines.append(line)
    return lines


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
        if _has_choices(turn) and not _covered_by_conditionals(turn):
            break
        _resolve_phase(turn, _with_conditionals(turn, []))
    response = {"results": turn.results, "state": turn.state.to_json()}
    if turn.trace is not None:
        response["phases"] = turn.trace
    return response


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


# -- conditional orders (seed 004 §3.4.2) --------------------------------------------------------
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
    name = str(phase)
    turn.results.extend(line.result(name) for line in lines)


def _implicit(power: str, order: Order, unit: Unit, status: str, reason: str) -> _Line:
    line = _Line(power=power, text="", checked=Checked(order, unit=unit), status=status,
                 reason=reason)
    return line


def _movement(turn: Turn, lines: list[_Line]) -> None:
    state, game_map, options = turn.state, turn.game_map, turn.options
    phase = state.phase
    by_unit: dict[str, _Line] = {}
    conditional: dict[str, list[str]] = {}
    for line in lines:
        if line.power in options.civil_disorder:
            line.error = None
            line.status, line.reason = "void", "civil_disorder"
            continue
        if line.error is not None or line.checked is None or line.checked.order is None:
            line.status = "illegal"
            continue
        target = getattr(line.checked.order, "target", None)
        if isinstance(line.checked.order, Move) and target and \
                game_map.provinces[province_of(target)].nation in options.closed:
            line.error = OrderError("closed_territory", {"target": province_of(target).upper()})
            line.status = "illegal"
            continue
        if line.conditional:  # reported once, in the phase that uses it (seed 004 §3.4.2)
            conditional.setdefault(line.power, []).append(format_order(line.checked.order))
            continue
        prov = province_of(line.checked.order.location)  # type: ignore[union-attr]
        if prov in by_unit:  # the last order for a unit counts
            prev = by_unit[prov]
            prev.status, prev.reason = "void", "duplicate_order"
        by_unit[prov] = line
    orders = {p: line.checked.order for p, line in by_unit.items()
              if line.checked and line.checked.order}
    res = resolve_movement(game_map, state.units, orders)  # type: ignore[arg-type]
    implicit = []
    for u in state.units:
        if u.province not in by_unit:
            implicit.append(_implicit(u.power, Hold(u.type, u.location), u, "succeeds",
                                      "civil_disorder" if u.power in options.civil_disorder
                                      else "no_order"))
    for line in list(by_unit.values()) + implicit:
        order = line.checked.order  # type: ignore[union-attr]
        prov = province_of(order.location)  # type: ignore[union-attr]
        dislodged = prov in res.dislodged
        if isinstance(order, Move):
            ok = res.moved.get(prov, False)
            line.status = "succeeds" if ok else "fails"
            if not ok:
                if prov in res.no_route:
                    line.reason = "no_convoy"
                elif prov in res.paradox:
                    line.reason = "paradox"
                elif prov in res.convoyed and not res.path_ok.get(prov, False):
                    line.reason = "no_convoy"
                else:
                    line.reason = "dislodged" if dislodged else "bounced"
        elif isinstance(order, Support):
            if prov in res.void:
                line.status, line.reason = "void", "no_matching_order"
            elif res.support_given.get(prov, False):
                line.status = "succeeds"
            else:
                line.status, line.reason = "fails", "dislodged" if dislodged else "cut"
        elif isinstance(order, Convoy):
            army = province_of(order.convoyed)
            if prov in res.void:
                line.status, line.reason = "void", "no_matching_order"
            elif dislodged:
                line.status, line.reason = "fails", "dislodged"
            elif not res.path_ok.get(army, False):
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
        order = orders.get(u.province)
        if isinstance(order, Move) and res.moved.get(u.province):
            moved_units.append(Unit(u.power, u.type, order.target))
        elif u.province in res.dislodged:
            dislodged_units.append(Dislodged(u, *res.dislodged[u.province], retreats=()))
        else:
            staying.append(u)
    units = tuple(staying + moved_units)
    occupied = {u.province for u in units}
    new_dislodged = []
    for d in dislodged_units:
        retreats = tuple(
            r for r in retreat_options(state, game_map, d.unit, d.attacker_from, d.by_convoy,
                                       occupied=occupied, contested=res.contested)
            if game_map.provinces[province_of(r)].nation not in options.closed)
        if retreats and d.unit.power not in options.civil_disorder:  # §2.14.3
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
    """Centres change after the Fall phases are complete (RULES.md); check victory."""
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
