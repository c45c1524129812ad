"""Map model of L'Impérialisme: territories, owners at the start, stars, land borders and naval
zones (rules data in ``assets/maps/<name>/map.json``, format fixed in the project brief).

Two territories *touch* when they share a land border or open on a common naval zone
(seed 003: « une frontière par zone navale signifie que les deux puissances ont des
territoires "ouvrant" sur la même zone navale »). Switzerland is neutral and out of play
(seed 003, docs/RULES.md §6): it belongs to nobody, so it never makes two powers neighbours.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.variants.imperialisme.errors import ImperialError

ASSETS = Path(__file__).resolve().parents[3] / "assets"


@dataclass(frozen=True)
class Power:
    id: str
    name_en: str
    name_fr: str
    color: str

    def name(self, locale: str = "en") -> str:
        return self.name_fr if locale.startswith("fr") else self.name_en


@dataclass(frozen=True)
class Territory:
    id: str
    name_en: str
    name_fr: str
    owner: str | None  # at the start; None only for the neutral territory (Switzerland)
    star: bool
    island: bool = False

    def name(self, locale: str = "en") -> str:
        return self.name_fr if locale.startswith("fr") else self.name_en


@dataclass(frozen=True)
class Sea:
    id: str
    name_en: str
    name_fr: str


@dataclass(frozen=True)
class ImperialMap:
    name: str
    powers: tuple[Power, ...]
    territories: Mapping[str, Territory]
    neutral: frozenset[str]
    seas: Mapping[str, Sea]
    land: Mapping[str, frozenset[str]]  # territory -> territories across a land border
    sea_contacts: Mapping[str, frozenset[str]]  # territory -> naval zones it opens on
    adjacent: Mapping[str, frozenset[str]]  # territory -> playable territories it touches

    # -- queries -----------------------------------------------------------------------
    @property
    def power_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.powers)

    def power(self, power_id: str) -> Power:
        for p in self.powers:
            if p.id == power_id:
                return p
        raise ImperialError("unknown_power", {"power": power_id})

    def territory(self, territory_id: str) -> Territory:
        found = self.territories.get(territory_id)
        if found is None:
            raise ImperialError("unknown_territory", {"territory": territory_id})
        return found

    def playable(self) -> tuple[str, ...]:
        """Every territory that can be held (all but the neutral ones), sorted."""
        return tuple(sorted(t for t in self.territories if t not in self.neutral))

    def touch(self, first: str, second: str) -> bool:
        """Land border, or both open on one naval zone (seed 003); never the neutral one."""
        return second in self.adjacent.get(first, frozenset())

    def touching(self, territory: str) -> frozenset[str]:
        """Playable territories touching ``territory`` (itself excluded)."""
        return self.adjacent.get(territory, frozenset())

    def starting_owners(self) -> dict[str, str]:
        return {t.id: t.owner for t in self.territories.values()
                if t.owner is not None and t.id not in self.neutral}

    def resolve_power(self, text: str) -> str:
        """A power id from its id or English/French name, any case or accents."""
        key = _fold(text)
        for p in self.powers:
            if key in (_fold(p.id), _fold(p.name_en), _fold(p.name_fr)):
                return p.id
        raise ImperialError("unknown_power", {"power": text})

    def resolve_territory(self, text: str) -> str:
        key = _fold(text)
        for t in self.territories.values():
            if key in (_fold(t.id), _fold(t.name_en), _fold(t.name_fr)):
                if t.id in self.neutral:
                    raise ImperialError("neutral_territory", {"territory": t.id})
                return t.id
        raise ImperialError("unknown_territory", {"territory": text})


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", str(text).strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def map_from_json(data: Mapping[str, Any]) -> ImperialMap:
    """Build and check a map from its JSON (the assets format, or a synthetic test map)."""
    try:
        powers = tuple(Power(id=str(p["id"]), name_en=str(p.get("name_en", p["id"])),
                             name_fr=str(p.get("name_fr", p.get("name_en", p["id"]))),
                             color=str(p.get("color", "#808080")))
                       for p in data["powers"])
        territories = {
            str(t["id"]): Territory(id=str(t["id"]), name_en=str(t.get("name_en", t["id"])),
                                    name_fr=str(t.get("name_fr", t.get("name_en", t["id"]))),
                                    owner=None if t.get("owner") is None else str(t["owner"]),
                                    star=bool(t.get("star", False)),
                                    island=bool(t.get("island", False)))
            for t in data["territories"]}
        neutral = frozenset(str(n) for n in data.get("neutral", ()))
        seas = {str(s["id"]): Sea(id=str(s["id"]), name_en=str(s.get("name_en", s["id"])),
                                  name_fr=str(s.get("name_fr", s.get("name_en", s["id"]))))
                for s in data.get("seas", ())}
        borders = [(str(a), str(b)) for a, b in data.get("land_borders", ())]
        contacts = {str(t): frozenset(str(z) for z in zones)
                    for t, zones in data.get("sea_contacts", {}).items()}
    except (KeyError, TypeError, ValueError) as exc:
        raise ImperialError("bad_map", {"detail": repr(exc)}) from exc

    power_ids = {p.id for p in powers}
    if len(power_ids) != len(powers):
        raise ImperialError("bad_map", {"detail": "duplicate power id"})
    for t in territories.values():
        if t.owner is None and t.id not in neutral:
            raise ImperialError("bad_map", {"detail": f"{t.id} has no owner"})
        if t.owner is not None and t.owner not in power_ids:
            raise ImperialError("bad_map", {"detail": f"{t.id}: unknown owner {t.owner}"})
    land: dict[str, set[str]] = {t: set() for t in territories}
    for a, b in borders:
        if a not in territories or b not in territories or a == b:
            raise ImperialError("bad_map", {"detail": f"bad land border {a}-{b}"})
        land[a].add(b)
        land[b].add(a)
    for tid, zones in contacts.items():
        if tid not in territories:
            raise ImperialError("bad_map", {"detail": f"sea contact of unknown {tid}"})
        unknown = zones - set(seas)
        if seas and unknown:
            raise ImperialError("bad_map",
                                {"detail": f"{tid} opens on unknown {sorted(unknown)}"})
    by_zone: dict[str, set[str]] = {}
    for tid, zones in contacts.items():
        for zone in zones:
            by_zone.setdefault(zone, set()).add(tid)
    adjacent: dict[str, frozenset[str]] = {}
    for tid in territories:
        near = set(land[tid])
        for zone in contacts.get(tid, frozenset()):
            near |= by_zone[zone]
        near.discard(tid)
        adjacent[tid] = frozenset(near - neutral)
    return ImperialMap(name=str(data.get("name", "imperialisme")), powers=powers,
                       territories=territories, neutral=neutral, seas=seas,
                       land={t: frozenset(n) for t, n in land.items()},
                       sea_contacts=contacts, adjacent=adjacent)


def load_imperial_map(source: str | Path = "imperialisme") -> ImperialMap:
    """Load a map: a name under ``assets/maps/`` (read once, cached) or a path to a JSON file."""
    path = Path(source)
    if isinstance(source, str) and path.suffix != ".json" and "/" not in source:
        return _load_named(source)
    with open(path, encoding="utf-8") as fh:
        return map_from_json(json.load(fh))


@cache
def _load_named(name: str) -> ImperialMap:
    with open(ASSETS / "maps" / name / "map.json", encoding="utf-8") as fh:
        return map_from_json(json.load(fh))
