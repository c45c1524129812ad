"""Map model: provinces, coasts, adjacency, centres, homes (rules data in assets/maps/<name>/).

Adjacency is explicit rules data (never derived from drawings). Locations are province ids
(``"par"``) or coast ids (``"spa/nc"``); armies move between provinces, fleets between
locations (coast by coast).
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, cached_property
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "assets"


class Kind(StrEnum):
    LAND = "land"  # inland: armies only
    COAST = "coast"  # armies and fleets
    SEA = "sea"  # fleets only


@dataclass(frozen=True)
class Power:
    id: str
    name_en: str
    name_fr: str
    abbrev: str
    color: str
    aliases: tuple[str, ...] = ()

    def name(self, locale: str = "en") -> str:
        return self.name_fr if locale.startswith("fr") else self.name_en


@dataclass(frozen=True)
class Province:
    id: str
    name_en: str
    name_fr: str
    kind: Kind
    center: bool
    home: str | None
    coasts: tuple[str, ...]  # ("nc", "sc") for the three two-coast provinces
    aliases: tuple[str, ...] = ()
    nation: str | None = None  # the great power whose home country holds it
    code_fr: str | None = None  # French abbreviation where it differs (seed 002/004: BOU)

    def name(self, locale: str = "en") -> str:
        return self.name_fr if locale.startswith("fr") else self.name_en


def province_of(location: str) -> str:
    """``spa/nc`` -> ``spa``."""
    i = location.find("/")
    return location if i < 0 else location[:i]


def coast_of(location: str) -> str | None:
    return location.split("/", 1)[1] if "/" in location else None


@dataclass(frozen=True)
class StartingUnit:
    power: str
    type: str
    location: str


@dataclass(frozen=True, eq=False)
class Map:
    name: str
    powers: tuple[Power, ...]
    provinces: dict[str, Province]
    army_adj: dict[str, frozenset[str]]  # province -> provinces
    fleet_adj: dict[str, frozenset[str]]  # location -> locations (coast-specific)
    starting_units: tuple[StartingUnit, ...]
    _distance_cache: dict[tuple[str, str], dict[str, int]] = field(default_factory=dict)

    # -- queries -------------------------------------------------------------------------
    @cached_property
    def location_ids(self) -> frozenset[str]:
        """Every exact location id: provinces and their coasts."""
        out = set(self.provinces)
        out.update(f"{p.id}/{c}" for p in self.provinces.values() for c in p.coasts)
        return frozenset(out)

    @property
    def power_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.powers)

    def power(self, power_id: str) -> Power:
        for p in self.powers:
            if p.id == power_id:
                return p
        raise KeyError(power_id)

    @property
    def centers(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.provinces.values() if p.center)

    def home_centers(self, power: str) -> tuple[str, ...]:
        return tuple(sorted(p.id for p in self.provinces.values() if p.home == power))

    def is_location(self, location: str) -> bool:
        prov = self.provinces.get(province_of(location))
        if prov is None:
            return False
        coast = coast_of(location)
        return coast is None or coast in prov.coasts

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet can stand in ``province``: its coasts, or the province itself."""
        prov = self.provinces[province]
        if prov.kind is Kind.LAND:
            return ()
        if prov.coasts:
            return tuple(f"{province}/{c}" for c in prov.coasts)
        return (province,)

    def army_can_be(self, location: str) -> bool:
        prov = self.provinces.get(province_of(location))
        return prov is not None and prov.kind is not Kind.SEA

    def fleet_can_be(self, location: str) -> bool:
        prov = self.provinces.get(province_of(location))
        if prov is None or prov.kind is Kind.LAND:
            return False
        return bool(coast_of(location)) if prov.coasts else coast_of(location) is None

    def army_adjacent(self, src: str, dst: str) -> bool:
        return province_of(dst) in self.army_adj.get(province_of(src), frozenset())

    def fleet_adjacent(self, src: str, dst: str) -> bool:
        """Exact fleet move, coast by coast (``dst`` must name its coast where it has two)."""
        return dst in self.fleet_adj.get(src, frozenset())

    def fleet_reaches(self, src: str, province: str) -> tuple[str, ...]:
        """Coasts (or the province) of ``province`` a fleet at ``src`` can move to."""
        return tuple(loc for loc in self.fleet_locations(province) if self.fleet_adjacent(src, loc))

    def can_move(self, unit_type: str, src: str, dst: str) -> bool:
        """Direct move without convoy; for fleets ``dst`` must carry the coast if needed."""
        if unit_type == "A":
            return self.army_can_be(dst) and self.army_adjacent(src, dst)
        return self.fleet_adjacent(src, dst)

    def can_reach_province(self, unit_type: str, src: str, province: str) -> bool:
        """Could the unit move to ``province`` by land/sea (any coast)? Used for supports:
        support needs no coast (seed 004 §2.7.3.2, DATC 6.B.4)."""
        if unit_type == "A":
            return self.army_can_be(province) and self.army_adjacent(src, province)
        return bool(self.fleet_reaches(src, province))

    def neighbours(self, province: str) -> frozenset[str]:
        """Every province touching ``province`` by land or sea (distance computations)."""
        out = set(self.army_adj.get(province, ()))
        for loc in (province, *(f"{province}/{c}" for c in self.provinces[province].coasts)):
            out.update(province_of(x) for x in self.fleet_adj.get(loc, ()))
        return frozenset(out)

    def distances_from(self, sources: tuple[str, ...], how: str = "any") -> dict[str, int]:
        """Breadth-first distance in provinces from the nearest of ``sources``.

        ``how`` = "any" counts every space whatever its kind (docs/RULES.md §3.5.3);
        "army" / "fleet" walk the adjacency of that unit type (DATC 6.J civil disorder).
        """
        key = (",".join(sorted(sources)), how)
        cached = self._distance_cache.get(key)
        if cached is not None:
            return cached
        dist: dict[str, int] = {s: 0 for s in sources}
        queue = deque(sources)
        while queue:
            cur = queue.popleft()
            for nxt in self._steps(cur, how):
                if nxt not in dist:
                    dist[nxt] = dist[cur] + 1
                    queue.append(nxt)
        self._distance_cache[key] = dist
        return dist

    def _steps(self, province: str, how: str) -> frozenset[str]:
        if how == "any":
            return self.neighbours(province)
        if how == "army":
            return frozenset(self.army_adj.get(province, ()))
        out: set[str] = set()
        for loc in self.fleet_locations(province) or ():
            out.update(province_of(x) for x in self.fleet_adj.get(loc, ()))
        return frozenset(out)


def _build(data: dict) -> Map:
    provinces = {
        p["id"]: Province(
            id=p["id"], name_en=p["name_en"], name_fr=p["name_fr"], kind=Kind(p["kind"]),
            center=bool(p["center"]), home=p.get("home"), coasts=tuple(p.get("coasts", ())),
            aliases=tuple(p.get("aliases", ())), nation=p.get("nation"),
            code_fr=p.get("code_fr"),
        )
        for p in data["provinces"]
    }
    army: dict[str, set[str]] = {pid: set() for pid in provinces}
    for a, b in data["army_edges"]:
        army[a].add(b)
        army[b].add(a)
    fleet: dict[str, set[str]] = {}
    for a, b in data["fleet_edges"]:
        fleet.setdefault(a, set()).add(b)
        fleet.setdefault(b, set()).add(a)
    powers = tuple(
        Power(id=p["id"], name_en=p["name_en"], name_fr=p["name_fr"], abbrev=p["abbrev"],
              color=p["color"], aliases=tuple(p.get("aliases", ())))
        for p in data["powers"]
    )
    return Map(
        name=data["name"], powers=powers, provinces=provinces,
        army_adj={k: frozenset(v) for k, v in army.items()},
        fleet_adj={k: frozenset(v) for k, v in fleet.items()},
        starting_units=tuple(StartingUnit(**u) for u in data.get("starting_units", ())),
    )


# Folders holding one sub-folder per map (map.json, geometry.json); a variant shipped outside
# the project adds its own with ``add_map_root``.
MAP_ROOTS: list[Path] = [ASSETS / "maps"]


def add_map_root(root: Path) -> None:
    if root not in MAP_ROOTS:
        MAP_ROOTS.append(root)


def map_dir(name: str) -> Path:
    """The folder of the map called ``name``."""
    for root in MAP_ROOTS:
        if (root / name / "map.json").is_file():
            return root / name
    raise FileNotFoundError(f"no map {name!r} in {', '.join(map(str, MAP_ROOTS))}")


@cache
def load_map(name: str) -> Map:
    """Read ``<map root>/<name>/map.json`` once."""
    with open(map_dir(name) / "map.json", encoding="utf-8") as fh:
        return _build(json.load(fh))
