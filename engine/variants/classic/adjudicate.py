"""Movement resolution: Kruijswijk's guess-and-check algorithm ("The Math of Adjudication",
DATC §5) with a separate backup rule for cycles: circular movement succeeds, convoy paradoxes
follow the Szykman rule (docs/RULES.md §2.12.4: the convoyed armies in the paradox do not move
and do not
cut support, DATC 6.F.14-6.F.24).

Input are *validated* orders (one per unit, illegal orders already turned into holds, coasts
completed); output is a ``Resolution`` saying which moves succeed, which supports were cut,
which units are dislodged, and which provinces were left empty by a standoff.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from engine.maps import Kind, Map, province_of
from engine.orders.state import PROVINCE, Unit
from engine.orders.types import Convoy, Hold, Move, Order, Support

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2

# decision kinds
_MOVE, _SUPPORT, _PATH = 0, 1, 2


@dataclass(frozen=True)
class Resolution:
    moved: dict[str, bool]  # unit province -> move succeeded (moves only)
    support_given: dict[str, bool]  # supporter province -> support given (matching supports)
    void: frozenset[str]  # supports/convoys that match no order ("(v)")
    convoyed: frozenset[str]  # armies that went (or tried to go) by convoy
    path_ok: dict[str, bool]  # convoyed armies: a convoy route existed
    dislodged: dict[str, tuple[str, bool]]  # province -> (attacker origin, attacker by convoy)
    contested: frozenset[str]  # left empty by a standoff
    paradox: frozenset[str] = field(default_factory=frozenset)  # broken by the backup rule
    no_route: frozenset[str] = field(default_factory=frozenset)  # convoy moves with no fleet


class _Resolver:
    def __init__(self, game_map: Map, units: dict[str, Unit], orders: dict[str, Order]):
        self.map = game_map
        self.units = units  # province -> unit
        self.orders = orders  # province -> validated order
        self.moves: dict[str, str] = {}  # origin province -> destination province
        self.attackers: dict[str, list[str]] = {}  # destination -> origins
        self.convoyed: set[str] = set()
        self.convoy_fleets: dict[str, list[str]] = {}  # army province -> convoying fleets
        self.hold_supports: dict[str, list[str]] = {}  # supported province -> supporters
        self.move_supports: dict[str, list[str]] = {}  # mover province -> supporters
        self.void: set[str] = set()
        self.no_route: set[str] = set()  # convoy moves without any possible route: holds
        self.state: dict[tuple[int, str], int] = {}
        self.result: dict[tuple[int, str], bool] = {}
        self.deps: list[tuple[int, str]] = []
        self.paradox: set[str] = set()
        self.all_seas = _seas(game_map)
        self._fleets_at_sea: frozenset[str] | None = None
        self.supports: list[str] = []  # provinces of the support orders, in order
        self._route_cache: dict[tuple[str, str, bool], frozenset[str]] = {}
        self._prepare()
        # head-to-head opponents (both moving over land into each other): fixed once the
        # orders are read, asked at every strength
        self.h2h: dict[str, str] = {
            p: dst for p, dst in self.moves.items()
            if p not in self.convoyed and self.moves.get(dst) == p and dst not in self.convoyed}

    @property
    def fleets_at_sea(self) -> frozenset[str]:
        """Provinces of the fleets at sea (asked only for armies that may go by convoy)."""
        if self._fleets_at_sea is None:
            self._fleets_at_sea = frozenset(p for p, u in self.units.items()
                                            if u.type == "F" and p in self.all_seas)
        return self._fleets_at_sea

    # -- static analysis -------------------------------------------------------------------
    def _prepare(self) -> None:
        convoys: list[tuple[str, Convoy]] = []
        supports: list[tuple[str, Support]] = []
        for p, order in self.orders.items():
            cls = type(order)
            if cls is Move:
                dst = PROVINCE[order.target]  # type: ignore[union-attr,index]
                self.moves[p] = dst
                self.attackers.setdefault(dst, []).append(p)
            elif cls is Support:
                supports.append((p, order))  # type: ignore[arg-type]
            elif cls is Convoy:
                convoys.append((p, order))  # type: ignore[arg-type]
        for p, convoy in convoys:
            army = province_of(convoy.convoyed)
            if (self.moves.get(army) == province_of(convoy.target)
                    and self.units[army].type == "A" and p in self.all_seas):
                self.convoy_fleets.setdefault(army, []).append(p)
            else:
                self.void.add(p)
        army_adj = self.map.army_adj
        for p, dst in list(self.moves.items()):
            if self.units[p].type != "A":
                continue
            order = self.orders[p]
            assert isinstance(order, Move)
            adjacent = dst in army_adj.get(p, ())
            if not adjacent or order.via_convoy:
                if not self._sea_route(p, dst, self.fleets_at_sea):
                    # DATC 6.D.32: no fleet stands where a route could run: the order is
                    # impossible and the army holds (6.D.8: a fleet there that does not
                    # convoy makes it a failed convoyed move instead)
                    self._drop_move(p)
                    continue
                self.convoyed.add(p)
            elif p in self.convoy_fleets and any(
                    self.units[f].power == self.units[p].power
                    and self._on_chordless_route(p, dst, f) for f in self.convoy_fleets[p]):
                # docs/RULES.md §2.12.6: an army that could walk goes by convoy only if
                # its own power orders a convoy that could carry it: the fleet lies on a
                # route with no shortcut (DATC 6.G.6, 6.G.7 and 6.G.19, 2023 readings)
                self.convoyed.add(p)
        self.supports = [p for p, _support in supports]
        for p, support in supports:
            sup = PROVINCE[support.supported]
            if sup not in self.units:
                self.void.add(p)
            elif support.target is None:
                if sup in self.moves:  # DATC 6.D.7: no hold support for a moving unit
                    self.void.add(p)
                else:
                    self.hold_supports.setdefault(sup, []).append(p)
            elif self.moves.get(sup) == PROVINCE[support.target] and \
                    self._same_coast(support.target, self.orders[sup]):
                self.move_supports.setdefault(sup, []).append(p)
            else:
                self.void.add(p)

    @staticmethod
    def _same_coast(target: str, supported: Order) -> bool:
        """A support naming a coast supports a move to that coast only (DATC 6.B.9)."""
        if "/" not in target or not isinstance(supported, Move) or "/" not in supported.target:
            return True
        return target == supported.target

    def _drop_move(self, p: str) -> None:
        dst = self.moves.pop(p)
        self.attackers[dst].remove(p)
        if not self.attackers[dst]:
            del self.attackers[dst]
        self.no_route.add(p)
        unit = self.units[p]
        self.orders[p] = Hold(unit.type, unit.location)
        for f in self.convoy_fleets.pop(p, []):
            self.void.add(f)

    def _sea_route(self, src: str, dst: str, allowed: frozenset[str] | None = None
                   ) -> frozenset[str]:
        """Sea provinces lying on some chain of seas from ``src`` to ``dst`` (only through
        ``allowed`` seas when given)."""
        seas = self.all_seas if allowed is None else allowed
        key = (src, dst, allowed is None)
        hit = self._route_cache.get(key)
        if hit is None:
            a = _reach(self.map, self.map.neighbours(src) & seas, seas)
            b = _reach(self.map, self.map.neighbours(dst) & seas, seas)
            hit = self._route_cache[key] = frozenset(a & b)
        return hit

    def _on_chordless_route(self, src: str, dst: str, fleet: str) -> bool:
        """Is there a chain of seas src -> ... -> dst through ``fleet`` in which no sea could
        be skipped (no two non-consecutive steps adjacent)?"""
        seas = self._sea_route(src, dst)
        if fleet not in seas:
            return False
        nb = self.map.neighbours

        def extend(path: list[str]) -> bool:
            last = path[-1]
            if dst in nb(last):
                return fleet in path
            if len(path) > 8:
                return False
            for n in sorted(nb(last) & seas):
                if n in path or src in nb(n) or any(n in nb(q) for q in path[:-1]):
                    continue  # a shortcut: this chain would not be minimal
                if extend([*path, n]):
                    return True
            return False

        return any(extend([s]) for s in sorted(nb(src) & seas))

    # -- Kruijswijk's resolve ----------------------------------------------------------------
    def resolve(self, key: tuple[int, str]) -> bool:
        st = self.state.get(key, _UNRESOLVED)
        if st == _RESOLVED:
            return self.result[key]
        if st == _GUESSING:
            if key not in self.deps:
                self.deps.append(key)
            return self.result[key]
        old = len(self.deps)
        self.result[key] = False
        self.state[key] = _GUESSING
        first = self._adjudicate(key)
        if len(self.deps) == old:
            if self.state.get(key) != _RESOLVED:
                self.result[key] = first
                self.state[key] = _RESOLVED
            return first
        if self.deps[old] != key:
            # depends on an older guess: stay a guess, report our dependency upwards
            self.deps.append(key)
            self.result[key] = first
            return first
        # our own guess is part of a cycle: try the other guess
        for d in self.deps[old:]:
            self.state[d] = _UNRESOLVED
        del self.deps[old:]
        self.result[key] = True
        self.state[key] = _GUESSING
        second = self._adjudicate(key)
        if first == second:
            for d in self.deps[old:]:
                self.state[d] = _UNRESOLVED
            del self.deps[old:]
            self.result[key] = first
            self.state[key] = _RESOLVED
            return first
        self._backup_rule(old)
        return self.resolve(key)

    def _backup_rule(self, old: int) -> None:
        cycle = self.deps[old:]
        del self.deps[old:]
        paths = [k for k in cycle if k[0] == _PATH]
        for d in cycle:
            self.state[d] = _UNRESOLVED
        if paths:
            # Szykman: the convoyed armies of the paradox hold (DATC 6.F.14 ff.)
            # an army going by convoy does not fall back on a land route (DATC 6.G.11)
            for k in paths:
                self.paradox.add(k[1])
                self.result[k] = False
                self.state[k] = _RESOLVED
        else:
            # circular movement: every move of the circle succeeds (DATC 6.C.1)
            for k in cycle:
                if k[0] == _MOVE:
                    self.result[k] = True
                    self.state[k] = _RESOLVED

    def _adjudicate(self, key: tuple[int, str]) -> bool:
        kind, p = key
        if kind == _MOVE:
            return self._move_succeeds(p)
        if kind == _SUPPORT:
            return self._support_given(p)
        return self._path(p)

    # -- decisions ------------------------------------------------------------------------
    def _path(self, p: str) -> bool:
        """A convoy route of undislodged fleets carries the army at ``p`` (DATC 6.F)."""
        dst = self.moves[p]
        fleets = self.convoy_fleets.get(p, [])
        if not fleets:
            return False
        candidates = set(fleets)
        seen: set[str] = set()
        start = self.map.neighbours(p)
        queue = deque(f for f in fleets if f in start)
        seen.update(queue)
        while queue:
            f = queue.popleft()
            if self._dislodged(f):
                continue
            if dst in self.map.neighbours(f):
                return True
            for g in self.map.neighbours(f):
                if g in candidates and g not in seen:
                    seen.add(g)
                    queue.append(g)
        return False

    def _dislodged(self, p: str) -> bool:
        """A non-moving unit is dislodged when a move into its province succeeds."""
        return any(self.resolve((_MOVE, a)) for a in self.attackers.get(p, ()))

    def _support_given(self, p: str) -> bool:
        order = self.orders[p]
        assert isinstance(order, Support)
        directed = province_of(order.target) if order.target else province_of(order.supported)
        power = self.units[p].power
        for a in self.attackers.get(p, ()):
            if self.units[a].power == power:
                continue  # DATC 6.D.20: a unit cannot cut the support of its own country
            if a in self.convoyed and not self.resolve((_PATH, a)):
                continue  # DATC 6.F.6: a failed convoy cuts nothing
            if a == directed:
                # DATC 6.D.15: the attacked cannot cut the support, unless it dislodges
                if self.resolve((_MOVE, a)):
                    return False
                continue
            return False
        return True

    def _path_ok(self, p: str) -> bool:
        return p not in self.convoyed or self.resolve((_PATH, p))

    def _h2h(self, p: str) -> str | None:
        """The opponent of a head-to-head battle (both moving over land into each other)."""
        return self.h2h.get(p)

    def _supports(self, supporters: list[str], exclude_power: str | None = None) -> int:
        n = 0
        for s in supporters:
            if exclude_power is not None and self.units[s].power == exclude_power:
                continue
            if self.resolve((_SUPPORT, s)):
                n += 1
        return n

    def _hold_strength(self, q: str) -> int:
        if q not in self.units:
            return 0
        if q in self.moves:
            return 0 if self.resolve((_MOVE, q)) else 1
        return 1 + self._supports(self.hold_supports.get(q, []))

    def _attack_strength(self, p: str) -> int:
        if p in self.convoyed and not self.resolve((_PATH, p)):
            return 0
        dst = self.moves[p]
        defender = self.units.get(dst)
        supporters = self.move_supports.get(p, [])
        if defender is None or (
            dst in self.moves and p not in self.h2h and self.resolve((_MOVE, dst))
        ):
            return 1 + self._supports(supporters)
        if defender.power == self.units[p].power:
            return 0  # docs/RULES.md §2.9.3: no self-dislodgement
        return 1 + self._supports(supporters, exclude_power=defender.power)

    def _defend_strength(self, p: str) -> int:
        return 1 + self._supports(self.move_supports.get(p, []))

    def _prevent_strength(self, p: str) -> int:
        if p in self.convoyed and not self.resolve((_PATH, p)):
            return 0
        opp = self.h2h.get(p)
        if opp is not None and self.resolve((_MOVE, opp)):
            return 0  # DATC 6.E.1: a unit beaten head-to-head has no effect where it aimed
        return 1 + self._supports(self.move_supports.get(p, []))

    def _move_succeeds(self, p: str) -> bool:
        dst = self.moves[p]
        if dst not in self.units and p not in self.convoyed and len(self.attackers[dst]) == 1:
            return True  # to an empty space nobody else goes, over land: nothing to weigh
        attack = self._attack_strength(p)
        if attack == 0:
            return False
        opp = self.h2h.get(p)
        if opp is not None:
            if attack <= self._defend_strength(opp):
                return False
        elif attack <= self._hold_strength(dst):
            return False
        for o in self.attackers[dst]:
            if o != p and attack <= self._prevent_strength(o):
                return False
        return True

    # -- whole phase -------------------------------------------------------------------------
    def run(self) -> Resolution:
        # the decisions nothing can sway are taken as they stand (what ``_move_succeeds`` and
        # ``_support_given`` would find at once): a move over land to a space nobody holds
        # or enters with it; a support nobody attacks
        units, attackers, convoyed = self.units, self.attackers, self.convoyed
        moved = {p: True if dst not in units and p not in convoyed and len(attackers[dst]) == 1
                 else self.resolve((_MOVE, p)) for p, dst in self.moves.items()}
        void = self.void
        support_given = {p: True if p not in attackers else self.resolve((_SUPPORT, p))
                         for p in self.supports if p not in void}
        path_ok = {p: self.resolve((_PATH, p)) for p in self.convoyed}
        dislodged: dict[str, tuple[str, bool]] = {}
        for dst, origins in self.attackers.items():
            winners = [o for o in origins if moved[o]]
            if winners and dst in self.units and not moved.get(dst, False):
                w = winners[0]
                dislodged[dst] = (w, w in self.convoyed)
        after = {p for p in self.units if not moved.get(p, False)} | {
            dst for p, dst in self.moves.items() if moved[p]}
        contested = set()
        for dst, origins in self.attackers.items():
            if dst in after:
                continue
            for o in origins:
                if moved[o] or not self._path_ok(o):
                    continue
                opp = self._h2h(o)
                if opp is not None and moved.get(opp, False):
                    continue  # DATC 6.H.9: a dislodged unit does not contest
                contested.add(dst)
        return Resolution(moved=moved, support_given=support_given, void=frozenset(self.void),
                          convoyed=frozenset(self.convoyed), path_ok=path_ok,
                          dislodged=dislodged, contested=frozenset(contested),
                          paradox=frozenset(self.paradox), no_route=frozenset(self.no_route))


_SEAS: dict[str, frozenset[str]] = {}


def _seas(game_map: Map) -> frozenset[str]:
    seas = _SEAS.get(game_map.name)
    if seas is None:
        seas = _SEAS[game_map.name] = frozenset(
            p.id for p in game_map.provinces.values() if p.kind is Kind.SEA)
    return seas


def _reach(game_map: Map, start: frozenset[str], allowed: frozenset[str]) -> set[str]:
    seen = set(start)
    queue = deque(start)
    while queue:
        f = queue.popleft()
        for g in game_map.neighbours(f):
            if g in allowed and g not in seen:
                seen.add(g)
                queue.append(g)
    return seen


def resolve_movement(game_map: Map, units: tuple[Unit, ...],
                     orders: dict[str, Order],
                     by_province: dict[str, Unit] | None = None) -> Resolution:
    """Resolve a movement phase. ``orders`` maps a unit's province to its validated order;
    a unit without an order holds. ``by_province``: the same units by province, when the
    caller has them (it is not changed)."""
    by_prov = by_province if by_province is not None else {u.province: u for u in units}
    full: dict[str, Order] = {p: orders.get(p) or Hold(u.type, u.location)
                              for p, u in by_prov.items()}
    return _Resolver(game_map, by_prov, full).run()
