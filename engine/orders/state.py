"""Phase, Unit, GameState: immutable values, to/from the JSON of the engine contract."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, cached_property, lru_cache
from operator import attrgetter, itemgetter
from typing import Any

from engine import variants
from engine.maps import Map, province_of
from engine.orders.names import Ambiguous, normalise_location


class Season(StrEnum):
    SPRING = "S"
    FALL = "F"
    WINTER = "W"


class PhaseType(StrEnum):
    MOVEMENT = "M"
    RETREAT = "R"
    ADJUSTMENT = "A"
    BIDDING = "B"  # Duel-Diplomatie's bidding season (docs/RULES.md §5.8)


_PHASE = re.compile(r"^\s*([SFW])\s*(\d{3,4})\s*([MRAB])\s*$", re.IGNORECASE)

SEASON_NAMES = {
    "en": {"S": "Spring", "F": "Fall", "W": "Winter"},
    "fr": {"S": "Printemps", "F": "Automne", "W": "Hiver"},
}
PHASE_NAMES = {
    "en": {"M": "Movement", "R": "Retreats", "A": "Adjustments", "B": "Bidding"},
    "fr": {"M": "Mouvements", "R": "Retraites", "A": "Ajustements", "B": "Enchères"},
}


@dataclass(frozen=True, order=True)
class Phase:
    year: int
    season: Season
    type: PhaseType

    @classmethod
    def parse(cls, text: str) -> Phase:
        if cls is Phase:
            return _parse_phase(text)
        m = _PHASE.match(text)
        if not m:
            raise ValueError(f"bad phase {text!r}: expected e.g. S1901M")
        return cls(int(m.group(2)), Season(m.group(1).upper()), PhaseType(m.group(3).upper()))

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.type}"  # StrEnum: str() is the value

    def label(self, locale: str = "en") -> str:
        lang = "fr" if locale.startswith("fr") else "en"
        return (f"{SEASON_NAMES[lang][self.season.value]} {self.year} — "
                f"{PHASE_NAMES[lang][self.type.value]}")

    def successor(self) -> Phase:
        """The next phase in the fixed order S-M, S-R, F-M, F-R, W-A (docs/RULES.md §2.7.6)."""
        years, s, t = _SUCCESSOR[(self.season, self.type)]
        return Phase(self.year + years, s, t)


_S, _F, _W = Season.SPRING, Season.FALL, Season.WINTER
_M, _R, _A = PhaseType.MOVEMENT, PhaseType.RETREAT, PhaseType.ADJUSTMENT
# (season, type) -> (years to add, season, type) of the next phase
_SUCCESSOR = {(_S, _M): (0, _S, _R), (_S, _R): (0, _F, _M), (_F, _M): (0, _F, _R),
              (_F, _R): (0, _W, _A), (_W, _A): (1, _S, _M), (_S, PhaseType.BIDDING): (0, _S, _M)}


@lru_cache(maxsize=512)
def _parse_phase(text: str) -> Phase:
    """``Phase.parse``, remembered (a game reads the same phase names again and again)."""
    m = _PHASE.match(text)
    if not m:
        raise ValueError(f"bad phase {text!r}: expected e.g. S1901M")
    return Phase(int(m.group(2)), Season(m.group(1).upper()), PhaseType(m.group(3).upper()))


@dataclass(frozen=True)
class Unit:
    power: str
    type: str  # "A" | "F"
    location: str  # province, or coast for a fleet in a two-coast province
    province: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))

    def __str__(self) -> str:
        return f"{self.type} {self.location}"

    def to_json(self) -> dict[str, Any]:
        return {"power": self.power, "type": self.type, "location": self.location}


@dataclass(frozen=True)
class Dislodged:
    unit: Unit
    attacker_from: str | None  # province the successful attack came from
    by_convoy: bool
    retreats: tuple[str, ...]  # legal retreat locations

    def to_json(self) -> dict[str, Any]:
        return {**self.unit.to_json(), "attacker_from": self.attacker_from,
                "by_convoy": self.by_convoy, "retreats": list(self.retreats)}


@dataclass(frozen=True)
class GameState:
    variant: str
    phase: Phase
    units: tuple[Unit, ...]
    centers: dict[str, tuple[str, ...]]
    dislodged: tuple[Dislodged, ...] = ()
    contested: frozenset[str] = frozenset()
    extra: dict[str, Any] = field(default_factory=dict)  # project-specific keys, verbatim

    @cached_property
    def _by_province(self) -> dict[str, Unit]:
        return {u.province: u for u in self.units}

    def unit_at(self, province: str) -> Unit | None:
        return self._by_province.get(province)

    def by_province(self) -> dict[str, Unit]:
        """The units by province (shared: read it, do not change it)."""
        return self._by_province

    def units_of(self, power: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.power == power)

    def owner_of(self, center: str) -> str | None:
        for power, cs in self.centers.items():
            if center in cs:
                return power
        return None

    def with_(self, **changes: Any) -> GameState:
        values: dict[str, Any] = {"variant": self.variant, "phase": self.phase, "units": self.units,
                  "centers": self.centers, "dislodged": self.dislodged,
                  "contested": self.contested, "extra": self.extra}
        values.update(changes)
        return GameState(**values)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.extra)
        out.update({
            "variant": self.variant,
            "phase": str(self.phase),
            "units": [{"power": u.power, "type": u.type, "location": u.location}
                      for u in sorted(self.units, key=_unit_key)],
            "dislodged": [d.to_json() for d in self.dislodged],
            "contested": sorted(self.contested),
            "centers": {p: sorted(cs) for p, cs in sorted(self.centers.items())},
        })
        return out


_unit_key = attrgetter("power", "location")
_UNIT_PARTS = itemgetter("power", "type", "location")


CORE_KEYS = {"variant", "phase", "units", "dislodged", "contested", "centers"}



def retreat_options(state: GameState, game_map: Map, unit: Unit, attacker_from: str | None,
                    by_convoy: bool, occupied: set[str] | None = None,
                    contested: frozenset[str] | None = None) -> tuple[str, ...]:
    """Legal retreats (docs/RULES.md §2.11): adjacent, empty, not left empty by a standoff, not
    where the attacker came from — unless it came by convoy (DATC 6.H.11)."""
    occupied = occupied if occupied is not None else {u.province for u in state.units}
    contested = contested if contested is not None else state.contested
    out = []
    if unit.type == "A":
        cands = sorted(game_map.army_adj.get(unit.province, ()))
        cands = [c for c in cands if game_map.army_can_be(c)]
    else:
        cands = sorted(game_map.fleet_adj.get(unit.location, ()))
    for loc in cands:
        prov = province_of(loc)
        if prov in occupied or prov in contested:
            continue
        if prov == attacker_from and not by_convoy:
            continue
        out.append(loc)
    return tuple(out)

class StateError(ValueError):
    """A STATE that does not describe a legal position (bad phase, unknown place, two units
    in one province, a fleet inland)."""


class _Provinces(dict[str, str]):
    """location -> province (``maps.province_of``), remembered: a dict lookup where the hot
    paths would call a function (the locations are the boards' few hundred)."""

    def __missing__(self, location: str) -> str:
        province = province_of(location)
        if len(self) < 4096:
            self[location] = province
        return province


PROVINCE = _Provinces()


@cache
def power_ids(game_map: Map) -> frozenset[str]:
    """The ids of ``game_map``'s powers, as a set (``Map.power_ids`` builds a tuple)."""
    return frozenset(game_map.power_ids)


@cache
def _unit_cache(game_map: Map) -> dict[tuple[str, str, str], Unit]:
    """(power id, "A"/"F", exact location) -> its Unit, for the units ``state_from_json``
    found well placed on ``game_map`` (bounded by the board: powers x 2 x locations)."""
    return {}


def unit_value(game_map: Map, power: str, utype: str, location: str) -> Unit:
    """``Unit(power, utype, location)``, shared when the board says it may stand there (the
    units of a position are the same few hundred values game after game)."""
    key = (power, utype, location)
    cache = _unit_cache(game_map)
    unit = cache.get(key)
    if unit is None:
        unit = Unit(power, utype, location)
        if power in power_ids(game_map) and location in game_map.location_ids and (
                game_map.fleet_can_be(location) if utype == "F"
                else utype == "A" and location == unit.province
                and game_map.army_can_be(location)):
            cache[key] = unit
    return unit


def state_from_json(data: dict[str, Any], game_map: Map, *, normalise_power=None) -> GameState:
    """Read a STATE (docs/ENGINE.md). ``normalise_power`` maps any spelling to an id."""
    norm = normalise_power or (lambda p: str(p).lower())
    try:
        phase = Phase.parse(str(data.get("phase", "S1901M")))
    except ValueError as exc:
        raise StateError(str(exc)) from exc
    exact = game_map.location_ids
    powers = power_ids(game_map)
    raw_norm = norm
    norm = lambda p: p if p in powers else raw_norm(p)  # noqa: E731
    known = _unit_cache(game_map)

    def place(text: Any) -> str:
        if text in exact:
            return str(text)
        try:
            return normalise_location(str(text), game_map) or str(text)
        except Ambiguous:
            return str(text)

    def unit(raw: dict[str, Any]) -> Unit:
        try:  # ids as NEXT_STATE writes them, a unit seen before
            return known[_UNIT_PARTS(raw)]
        except (KeyError, TypeError):  # the long way, which says what is wrong
            pass
        utype = str(raw.get("type", "")).upper()[:1]
        if utype not in ("A", "F"):
            raise StateError(f"bad unit type {raw.get('type')!r}")
        loc = raw.get("location", "")
        if loc not in exact:
            try:
                loc = normalise_location(str(loc), game_map)
            except Ambiguous:
                loc = None
        if loc is None:
            raise StateError(f"unknown location {raw.get('location')!r}")
        if utype == "F" and not game_map.fleet_can_be(loc):
            # a fleet written without its coast in a two-coast province is ambiguous
            raise StateError(f"a fleet cannot stand at {loc!r}")
        if utype == "A":
            loc = province_of(loc)
            if not game_map.army_can_be(loc):
                raise StateError(f"an army cannot stand at {loc!r}")
        return unit_value(game_map, norm(raw.get("power", "")), utype, loc)

    raw_units = data.get("units", ())
    try:  # the usual case: every unit seen before, written as NEXT_STATE writes it
        units = tuple([known[_UNIT_PARTS(raw)] for raw in raw_units])
    except (KeyError, TypeError):
        units = tuple([unit(u) for u in raw_units])
    if len({u.province for u in units}) != len(units):
        seen: set[str] = set()
        for u in units:
            if u.province in seen:
                raise StateError(f"two units in {u.province}")
            seen.add(u.province)
    dislodged = []
    for raw in data.get("dislodged", ()) or ():
        u = unit(raw)
        att = raw.get("attacker_from")
        att_loc = normalise_location(str(att), game_map) if att else None
        retreats = raw.get("retreats")
        dislodged.append(Dislodged(
            unit=u, attacker_from=province_of(att_loc) if att_loc else None,
            by_convoy=bool(raw.get("by_convoy", False)),
            retreats=tuple(place(r) for r in retreats)
            if retreats is not None else (),
        ) if retreats is not None else _Pending(u, province_of(att_loc) if att_loc else None,
                                                 bool(raw.get("by_convoy", False))))
    provinces = game_map.provinces
    contested = frozenset(
        c if c in provinces else province_of(place(c))
        for c in data.get("contested", ()) or ()
    )
    centers: dict[str, tuple[str, ...]] = {}
    for power, cs in (data.get("centers") or {}).items():
        centers[norm(power)] = tuple(cs) if provinces.keys() >= set(cs) else tuple([
            c if c in provinces else province_of(place(c)) for c in cs
        ])
    extra = {k: v for k, v in data.items() if k not in CORE_KEYS}
    state = GameState(variant=str(data.get("variant", variants.DEFAULT)), phase=phase, units=units,
                      centers=centers, contested=contested, extra=extra,
                      dislodged=tuple(d for d in dislodged if isinstance(d, Dislodged)))
    pending = [d for d in dislodged if isinstance(d, _Pending)]
    if pending:
        state = state.with_(dislodged=state.dislodged + tuple(
            Dislodged(p.unit, p.attacker_from, p.by_convoy,
                      retreat_options(state, game_map, p.unit, p.attacker_from, p.by_convoy))
            for p in pending))
    return state


@dataclass(frozen=True)
class _Pending:
    """A hand-written dislodged unit whose retreats the engine must derive."""

    unit: Unit
    attacker_from: str | None
    by_convoy: bool
