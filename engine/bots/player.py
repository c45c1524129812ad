"""A heuristic no-press player: orders for one power in the current phase.

How it thinks, in four steps:

1. **Values.** Each supply centre gets a base value from its owner (neutral, an enemy's, or
   ours and under threat); the values are spread over the neighbours a few times, separately
   on the armies' and the fleets' graphs, so that a space near many valuable centres is
   itself worth reaching.
2. **Strength.** For each space, how many units of each other power could enter it this
   phase: the competition for an empty space, the defence of an occupied one.
3. **Plans.** Every unit's hold or move (or convoyed move through one fleet) is a plan,
   strengthened by the supports of the power's other units when they are worth more there
   than on their own; the plans are taken greedily, best first, each space and each unit
   once. The value of a plan is multiplied by a little noise drawn from the seed, so that
   near-equal choices vary and clearly better ones stay chosen.
4. **Left-overs.** A unit that merely holds where nothing threatens it supports a move of
   its own side instead, where that helps.

Every order given is one of ``engine.orders.legal.legal_orders``: the player
chooses, the rules propose. Retreats go to the most valuable free space; builds to the home
centres whose surroundings are worth most for that unit type; removals take the least useful
units. No conditional orders.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from engine.maps import Kind, Map, province_of
from engine.orders.legal import legal_orders
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

# base values of a supply centre (relative: only their ratios matter)
NEUTRAL = 10.0  # nobody's: the cheapest gain
ENEMY = 8.0  # another power's
KEEP = 1.0  # ours, unthreatened
DEFEND = 5.0  # ours, per enemy unit that could enter it (at most two counted)
SPRING_DEFENCE = 0.5  # centres change hands in the Fall only
# spreading: a space is worth its base, plus these shares of its best and average neighbours
SPREAD_MAX, SPREAD_MEAN, SPREAD_ROUNDS = 0.45, 0.25, 5
DISLODGE = 2.0  # an enemy unit dislodged is worth this much besides the space
SUPPORT_COST = 0.8  # the share of what a supporter would gain on its own that supporting costs
CONVOY_COST = 0.5  # the same for a fleet that convoys (it stays at sea, ready for the next)
NOISE = 0.12  # the spread (log-normal) of the noise on a plan's value
MAX_SUPPORTS = 3


@dataclass(frozen=True)
class Board:
    """What the player reads of a map once: graphs by unit type, where each unit reaches."""

    army: dict[str, tuple[str, ...]]  # province -> provinces an army can move to
    fleet: dict[str, tuple[str, ...]]  # province -> provinces a fleet can move to (any coast)
    centres: frozenset[str]
    homes: dict[str, frozenset[str]]


@cache
def board(game_map: Map) -> Board:
    army: dict[str, tuple[str, ...]] = {}
    fleet: dict[str, tuple[str, ...]] = {}
    for pid, prov in game_map.provinces.items():
        if game_map.army_can_be(pid):
            army[pid] = tuple(sorted(p for p in game_map.army_adj.get(pid, ())
                                     if game_map.army_can_be(p)))
        locs = game_map.fleet_locations(pid)
        if locs and prov.kind is not Kind.LAND:
            fleet[pid] = tuple(sorted({province_of(x) for loc in locs
                                       for x in game_map.fleet_adj.get(loc, ())}))
    homes = {p: frozenset(game_map.home_centers(p)) for p in game_map.power_ids}
    return Board(army, fleet, frozenset(game_map.centers), homes)


@cache
def _reach(game_map: Map, utype: str, location: str) -> tuple[str, ...]:
    """The provinces a unit could move to (not by convoy), its own first."""
    b = board(game_map)
    prov = province_of(location)
    if utype == "A":
        return (prov, *b.army.get(prov, ()))
    return (prov, *sorted({province_of(x) for x in game_map.fleet_adj.get(location, ())}))


class Position:
    """One power's view of a position: values, competition and defence estimates."""

    def __init__(self, st: GameState, game_map: Map, me: str, friends: frozenset[str],
                 closed: frozenset[str] = frozenset()) -> None:
        self.st, self.map, self.me = st, game_map, me
        self.friends = friends | {me}
        self.board = b = board(game_map)
        owner: dict[str, str] = {}
        for power, cs in st.centers.items():
            for c in cs:
                owner[c] = power
        self.owner = owner
        # reach[province][power] = units of that power that could be there after this phase
        reach: dict[str, dict[str, int]] = {}
        for u in st.units:
            for p in _reach(game_map, u.type, u.location):
                per = reach.setdefault(p, {})
                per[u.power] = per.get(u.power, 0) + 1
        self.reach = reach
        fall = st.phase.season.value != "S"
        base: dict[str, float] = {}
        sizes = {p: len(cs) for p, cs in st.centers.items()}
        mine = max(sizes.get(me, 0), 1)
        for c in b.centres:
            if game_map.provinces[c].nation in closed:
                continue
            o = owner.get(c)
            if o in self.friends:
                threat = min(self.threat(c), 2)
                base[c] = KEEP + DEFEND * threat * (1.0 if fall else SPRING_DEFENCE)
            elif o is None:
                base[c] = NEUTRAL
            else:  # a weaker owner is an easier and a surer gain
                base[c] = ENEMY * (1.0 + 0.25 * max(-1.0, min(1.0, (mine - sizes.get(o, 0))
                                                               / mine)))
        self.base = base
        # only what is to be gained spreads: our own centres draw the unit that guards them,
        # not every unit around (else the units crowd at home instead of going forward)
        gains = {p: v for p, v in base.items() if owner.get(p) not in self.friends}
        self.army = _spread(b.army, gains)
        self.fleet = _spread(b.fleet, gains)
        for p, v in base.items():
            if owner.get(p) in self.friends:
                for values in (self.army, self.fleet):
                    if p in values:
                        values[p] += v
        self.closed = frozenset(p for p, prov in game_map.provinces.items()
                                if prov.nation in closed)

    def value(self, utype: str, province: str) -> float:
        if province in self.closed:
            return -1.0
        return (self.army if utype == "A" else self.fleet).get(province, 0.0)

    def threat(self, province: str) -> int:
        """The most units one other power could bring into ``province``."""
        per = self.reach.get(province)
        if not per:
            return 0
        return max((n for p, n in per.items() if p not in self.friends), default=0)

    def success(self, strength: int, province: str) -> float:
        """The chance that a move of ``strength`` into ``province`` succeeds (an estimate)."""
        occupant = self.st.unit_at(province)
        per = self.reach.get(province, {})
        if occupant is not None and occupant.power not in self.friends:
            # the occupant holds, helped by the other units of its power that reach it
            need = 1.0 + 0.4 * (per.get(occupant.power, 1) - 1)
        else:
            rivals = max((n for p, n in per.items() if p not in self.friends), default=0)
            if rivals == 0:
                return 1.0
            need = 1.0 + 0.4 * (rivals - 1)
            if strength > need:
                return 0.9
            return 0.5 if strength == need else 0.3
        margin = strength - need
        if margin > 0.5:
            return 0.92
        if margin > 0:
            return 0.7
        return 0.05

    def keep(self, strength: int, province: str) -> float:
        """The chance that a unit holding with ``strength`` stays."""
        threat = self.threat(province)
        if threat == 0:
            return 1.0
        attack = 1.0 + 0.4 * (threat - 1)
        return 0.95 if strength > attack else 0.85  # most threats are never carried out


def _spread(graph: dict[str, tuple[str, ...]], base: dict[str, float]) -> dict[str, float]:
    values = {p: base.get(p, 0.0) for p in graph}
    for _ in range(SPREAD_ROUNDS):
        nxt = {}
        for p, nbrs in graph.items():
            if nbrs:
                vs = [values[n] for n in nbrs if n in values]
                spread = SPREAD_MAX * max(vs) + SPREAD_MEAN * sum(vs) / len(vs) if vs else 0.0
            else:
                spread = 0.0
            nxt[p] = base.get(p, 0.0) + spread
        values = nxt
    return values


# -- movement ------------------------------------------------------------------------------
@dataclass
class _Plan:
    value: float
    unit: Unit
    order: Order  # the unit's Hold or Move
    target: str  # the province the unit means to occupy
    supporters: tuple[tuple[Unit, Order], ...] = ()
    fleet: tuple[Unit, Order] | None = None  # the convoying fleet
    strength: int = 1
    deferred: bool = False
    success: float = 1.0  # the estimated chance that the move succeeds


class _Legal:
    """The legal orders of the power's units, indexed by what they do."""

    def __init__(self, legal: dict[str, list[Order]], me: str, st: GameState) -> None:
        self.hold: dict[str, Order] = {}
        self.moves: dict[str, dict[str, list[Move]]] = {}
        self.convoyed: dict[str, dict[str, Move]] = {}
        self.support_move: dict[tuple[str, str], list[tuple[str, Support]]] = {}
        self.support_hold: dict[str, list[tuple[str, Support]]] = {}
        self.convoy: dict[tuple[str, str], list[tuple[str, Convoy]]] = {}
        own = {u.location for u in st.units_of(me)}
        by_loc = {u.location: u for u in st.units}
        for loc, orders in legal.items():
            moves: dict[str, list[Move]] = {}
            convoyed: dict[str, Move] = {}
            for o in orders:
                if isinstance(o, Hold):
                    self.hold[loc] = o
                elif isinstance(o, Move):
                    if o.via_convoy:
                        convoyed[province_of(o.target)] = o
                    else:
                        moves.setdefault(province_of(o.target), []).append(o)
                elif isinstance(o, Support):
                    if o.supported not in own or by_loc.get(o.supported) is None:
                        continue
                    if o.target is None:
                        self.support_hold.setdefault(province_of(o.supported), []).append(
                            (loc, o))
                    else:
                        key = (province_of(o.supported), province_of(o.target))
                        self.support_move.setdefault(key, []).append((loc, o))
                elif isinstance(o, Convoy):
                    self.convoy.setdefault((o.convoyed, province_of(o.target)), []).append(
                        (loc, o))
            self.moves[loc] = moves
            self.convoyed[loc] = convoyed


def _movement(pos: Position, legal: dict[str, list[Order]], rng: random.Random) -> list[Order]:
    st, me = pos.st, pos.me
    units = [u for u in st.units_of(me) if u.location in legal]
    if not units:
        return []
    idx = _Legal(legal, me, st)
    by_loc = {u.location: u for u in units}
    own_at = {u.province: u for u in units}

    def move_value(u: Unit, target: str, strength: int) -> float:
        p = pos.success(strength, target)
        occupant = st.unit_at(target)
        gain = pos.value(u.type, target)
        if occupant is not None and occupant.power not in pos.friends:
            gain += DISLODGE
        # a move that fails leaves the unit where it was, a little worse than holding there
        return p * gain + (1 - p) * 0.95 * hold_value(u, 1)

    def hold_value(u: Unit, strength: int) -> float:
        return pos.keep(strength, u.province) * pos.value(u.type, u.province)

    def best_fleet_move(u: Unit, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        return max(moves, key=lambda m: (sum(pos.fleet.get(p, 0.0) for p in _reach(
            pos.map, "F", m.target)[1:]), m.target))

    # what each unit gains on its own over holding: what supporting another plan costs it
    alone: dict[str, float] = {}
    for u in units:
        best = hold_value(u, 1)
        for target in idx.moves[u.location]:
            if target not in pos.closed:
                best = max(best, move_value(u, target, 1))
        alone[u.location] = best - hold_value(u, 1)

    def with_support(u: Unit, order: Order, target: str, hold: bool,
                     free: set[str]) -> _Plan:
        offers = idx.support_hold.get(u.province, []) if hold else \
            idx.support_move.get((u.province, target), [])
        helpers = sorted(((alone[loc], loc, o) for loc, o in offers if loc in free
                          and loc != u.location), key=lambda h: (h[0], h[1]))
        best_k, best_v = 0, -math.inf
        cost = 0.0
        for k in range(min(len(helpers), MAX_SUPPORTS) + 1):
            if k:
                cost += SUPPORT_COST * helpers[k - 1][0]
            gain = hold_value(u, 1 + k) if hold else move_value(u, target, 1 + k)
            gain -= hold_value(u, 1)  # plans are ranked by what they add to holding
            if gain - cost > best_v + 1e-9:
                best_k, best_v = k, gain - cost
        return _Plan(best_v, u, order, target,
                     tuple((by_loc[loc], o) for _v, loc, o in helpers[:best_k]),
                     strength=1 + best_k,
                     success=pos.keep(1 + best_k, target) if hold else pos.success(
                         1 + best_k, target))

    free = set(by_loc)
    heap: list[tuple[float, int, _Plan]] = []
    counter = 0

    def push(plan: _Plan) -> None:
        nonlocal counter
        noisy = plan.value * math.exp(rng.gauss(0.0, NOISE)) if plan.value > 0 else plan.value
        if plan.deferred:  # after every plan that adds something, before the holds
            noisy *= 1e-6
        heapq.heappush(heap, (-noisy, counter, plan))
        counter += 1

    for u in units:
        push(with_support(u, idx.hold[u.location], u.province, True, free))
        for target, moves in sorted(idx.moves[u.location].items()):
            occupant = st.unit_at(target)
            if target in pos.closed or (occupant is not None and occupant.power != me
                                        and occupant.power in pos.friends):
                continue  # (an ally's unit is never attacked)
            order = best_fleet_move(u, moves) if u.type == "F" else moves[0]
            push(with_support(u, order, target, False, free))
        for target, order in sorted(idx.convoyed[u.location].items()):
            if target in pos.closed or st.unit_at(target) is not None:
                continue
            for floc, conv in idx.convoy.get((u.location, target), []):
                if target not in pos.map.neighbours(by_loc[floc].province):
                    continue  # a route of several fleets: not planned (one fleet only)
                push(_Plan(move_value(u, target, 1) - hold_value(u, 1)
                           - CONVOY_COST * alone[floc], u, order,
                           target, fleet=(by_loc[floc], conv)))

    chosen: dict[str, Order] = {}
    plans: dict[str, _Plan] = {}  # unit location -> its accepted plan (moves and holds)
    taken: set[str] = set()  # provinces our units will occupy
    while heap and free:
        _, _, plan = heapq.heappop(heap)
        u = plan.unit
        if u.location not in free or plan.target in taken:
            continue
        if plan.fleet is not None and plan.fleet[0].location not in free:
            continue
        if any(s.location not in free for s, _o in plan.supporters):
            if plan.fleet is None:  # its supporters went elsewhere: weigh it again
                push(with_support(u, plan.order, plan.target, type(plan.order) is Hold,
                                  free))
            continue
        occupant = own_at.get(plan.target)
        if occupant is not None and occupant is not u:
            other = plans.get(occupant.location)
            if occupant.location in free:
                if not plan.deferred and plan.value > 0:  # wait for the occupant to decide
                    plan.deferred = True
                    push(plan)
                continue  # (still undecided when only holds are left: it holds)
            if other is None or type(other.order) is not Move or other.target == u.province \
                    or other.success < 0.5:
                continue  # it stays, or likely bounces, or would swap places with us
        free.discard(u.location)
        chosen[u.location] = plan.order
        plans[u.location] = plan
        taken.add(plan.target)
        for s, o in plan.supporters:
            free.discard(s.location)
            chosen[s.location] = o
            taken.add(s.province)
        if plan.fleet is not None:
            free.discard(plan.fleet[0].location)
            chosen[plan.fleet[0].location] = plan.fleet[1]
            taken.add(plan.fleet[0].province)
    for loc in sorted(free):  # (not reached in practice: every unit has a hold plan)
        chosen[loc] = idx.hold[loc]
        plans[loc] = _Plan(0.0, by_loc[loc], idx.hold[loc], by_loc[loc].province)

    _spare_supports(pos, idx, plans, chosen, move_value)
    return [chosen[u.location] for u in units]


def _spare_supports(pos: Position, idx: _Legal, plans: dict[str, _Plan],
                    chosen: dict[str, Order],
                    move_value: Callable[[Unit, str, int], float]) -> None:
    """A unit holding where nothing threatens it supports the move of its side it helps
    most (or a threatened unit's hold)."""
    for loc, plan in sorted(plans.items()):
        if type(plan.order) is not Hold or plan.supporters or pos.threat(plan.unit.province):
            continue
        best, best_gain = None, 0.5
        for other in plans.values():
            if other is plan:
                continue
            if type(other.order) is Move and other.fleet is None:
                options = idx.support_move.get((other.unit.province, other.target), [])
                gain = (move_value(other.unit, other.target, other.strength + 1)
                        - move_value(other.unit, other.target, other.strength))
            elif type(other.order) is Hold:
                options = idx.support_hold.get(other.unit.province, [])
                gain = (pos.keep(other.strength + 1, other.unit.province)
                        - pos.keep(other.strength, other.unit.province)) * pos.value(
                    other.unit.type, other.unit.province)
            else:
                continue
            for sloc, order in options:
                if sloc == loc and gain > best_gain:
                    best, best_gain = (other, order), gain
        if best is not None:
            other, order = best
            chosen[loc] = order
            other.strength += 1


# -- retreats and adjustments ----------------------------------------------------------------
def _retreats(pos: Position, legal: dict[str, list[Order]], rng: random.Random) -> list[Order]:
    """Each dislodged unit to the most valuable free space (two retreats to one space would
    both be disbanded), the units with the best places choosing first; none: disband."""
    options = {loc: [o for o in orders if isinstance(o, Retreat)
                     and province_of(o.target) not in pos.closed]
               for loc, orders in legal.items()}

    def worth(o: Retreat) -> float:
        return pos.value(o.unit_type or "A", province_of(o.target))

    out: list[Order] = []
    taken: set[str] = set()
    for loc in sorted(legal, key=lambda loc: (-max(map(worth, options[loc]), default=0.0),
                                              loc)):
        choices = [o for o in options[loc] if province_of(o.target) not in taken]
        if not choices:
            out.append(next(o for o in legal[loc] if isinstance(o, Disband)))
            continue
        best = max(choices, key=lambda o: (worth(o) * math.exp(rng.gauss(0.0, NOISE)),
                                           o.target))
        taken.add(province_of(best.target))
        out.append(best)
    return out


def _site_value(pos: Position, utype: str, location: str) -> float:
    around = sorted((pos.value(utype, p) for p in _reach(pos.map, utype, location)[1:]),
                    reverse=True)
    return pos.value(utype, province_of(location)) + sum(around[:3]) / 3


def _adjustments(pos: Position, legal: dict[str, list[Order]],
                 rng: random.Random) -> list[Order]:
    delta = adjustment_count(pos.st, pos.me)
    if delta > 0:
        options = [o for o in legal.get("", []) if isinstance(o, Build)]
        out: list[Order] = []
        used: set[str] = set()
        fleets = sum(1 for u in pos.st.units_of(pos.me) if u.type == "F")
        armies = sum(1 for u in pos.st.units_of(pos.me) if u.type == "A")
        for _ in range(delta):
            scored: list[tuple[float, str, str, Build]] = []
            for o in options:
                prov = province_of(o.location)
                if prov in used:
                    continue
                v = _site_value(pos, o.unit_type, o.location)
                # keep some balance: the type we have fewer of is a little preferred
                mine = fleets if o.unit_type == "F" else armies
                v *= 1.0 / (1.0 + 0.05 * mine) * math.exp(rng.gauss(0.0, NOISE))
                scored.append((v, o.location, o.unit_type, o))
            if not scored:
                break
            best = max(scored, key=lambda s: s[:3])[3]
            out.append(best)
            used.add(province_of(best.location))
            if best.unit_type == "F":
                fleets += 1
            else:
                armies += 1
        if not out and any(type(o) is Waive for o in legal.get("", [])):
            out.append(Waive())
        return out
    if delta < 0:
        units = [u for u in pos.st.units_of(pos.me) if u.location in legal]
        ranked = sorted(units, key=lambda u: (
            _site_value(pos, u.type, u.location) * math.exp(rng.gauss(0.0, NOISE)),
            u.location))
        return [next(o for o in legal[u.location] if isinstance(o, Remove))
                for u in ranked[:-delta]]
    return []


# -- the entry point -------------------------------------------------------------------------
def choose_orders(st: GameState, game_map: Map, power: str, rng: random.Random,
                  friends: Iterable[str] = (), closed: Iterable[str] = ()) -> list[Order]:
    """The orders ``power`` gives in ``st``'s phase, each one of its legal orders.
    ``friends``: powers whose units and centres are not to be attacked (a duel player's
    other commanded powers); ``closed``: nations no unit may enter (docs/RULES.md §2.14.2)."""
    legal = legal_orders(st, game_map, power)
    if not legal:
        return []
    pos = Position(st, game_map, power, frozenset(friends), frozenset(closed))
    ptype = st.phase.type
    if ptype is PhaseType.MOVEMENT:
        return _movement(pos, legal, rng)
    if ptype is PhaseType.RETREAT:
        return _retreats(pos, legal, rng)
    if ptype is PhaseType.ADJUSTMENT:
        return _adjustments(pos, legal, rng)
    return []
