"""What the renderer needs of a map, read once from assets/maps/<name>/{map,geometry}.json.

Both rules-data formats are understood: the classic one (``provinces`` with ``center``/``home``)
and L'Impérialisme's (``territories`` with ``owner``/``star``, ``seas``).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.maps import map_dir
from engine.render.layout import DISLODGED_OFFSET

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
FONTS = ASSETS / "fonts"

Point = tuple[float, float]


@dataclass(frozen=True)
class PowerInfo:
    id: str
    name_en: str
    name_fr: str
    color: str

    def name(self, locale: str) -> str:
        return self.name_fr if locale.lower().startswith("fr") else self.name_en


@dataclass(frozen=True)
class Space:
    id: str
    kind: str  # "land" | "sea" | "impassable"
    polygons: tuple[tuple[Point, ...], ...]
    label: Point
    unit: Point
    center: Point | None
    dislodged: Point
    is_center: bool  # a supply centre (classic) or a starred territory (Impérialisme)
    owner: str | None  # initial owner (Impérialisme), None on the classic map


@dataclass(frozen=True, eq=False)
class MapData:
    name: str
    width: int
    height: int
    powers: tuple[PowerInfo, ...]
    spaces: dict[str, Space]
    coasts: dict[str, Point]
    attribution: str
    territorial: bool  # True for L'Impérialisme: land coloured by territory owner, no units
    codes_fr: dict[str, str]  # space -> French abbreviation where it differs (map.json code_fr)

    def code(self, sid: str, labels: str) -> str:
        """The abbreviation a map labels ``sid`` with: ``bur`` is ``bou`` in French."""
        return self.codes_fr.get(sid, sid) if labels == "fr" else sid

    def anchor(self, location: str) -> Point | None:
        """Where a unit at ``location`` (``"spa/nc"`` or ``"par"``) is drawn."""
        if location in self.coasts:
            return self.coasts[location]
        space = self.spaces.get(location.split("/", 1)[0])
        return space.unit if space else None

    def power(self, pid: str) -> PowerInfo | None:
        for p in self.powers:
            if p.id == pid:
                return p
        return None


_lock = threading.Lock()


def _pt(v: Any) -> Point:
    return (float(v[0]), float(v[1]))


@cache
def _load(name: str) -> MapData:
    folder = map_dir(name)
    rules = json.loads((folder / "map.json").read_text(encoding="utf-8"))
    geo = json.loads((folder / "geometry.json").read_text(encoding="utf-8"))
    powers = tuple(PowerInfo(p["id"], p.get("name_en", p["id"]), p.get("name_fr", p["id"]),
                             p.get("color", "#888888")) for p in rules["powers"])
    centers: set[str] = set()
    owners: dict[str, str | None] = {}
    territorial = "territories" in rules
    if territorial:
        for t in rules["territories"]:
            owners[t["id"]] = t.get("owner")
            if t.get("star"):
                centers.add(t["id"])
    else:
        centers = {p["id"] for p in rules.get("provinces", []) if p.get("center")}
    codes_fr = {p["id"]: p["code_fr"] for p in rules.get("provinces", []) if p.get("code_fr")}
    spaces: dict[str, Space] = {}
    for sid, s in geo["spaces"].items():
        unit = _pt(s["unit"]) if s.get("unit") else _pt(s["label"])
        dis = (_pt(s["dislodged"]) if s.get("dislodged")
               else (unit[0] + DISLODGED_OFFSET[0], unit[1] + DISLODGED_OFFSET[1]))
        spaces[sid] = Space(
            id=sid, kind=s["kind"],
            polygons=tuple(tuple(_pt(p) for p in ring) for ring in s["polygons"]),
            label=_pt(s["label"]), unit=unit,
            center=_pt(s["center"]) if s.get("center") else None,
            dislodged=dis, is_center=sid in centers, owner=owners.get(sid),
        )
    return MapData(name=name, width=int(geo["width"]), height=int(geo["height"]),
                   powers=powers, spaces=spaces,
                   coasts={k: _pt(v) for k, v in geo.get("coasts", {}).items()},
                   attribution=geo.get("attribution", ""), territorial=territorial,
                   codes_fr=codes_fr)


def load(name: str) -> MapData:
    with _lock:  # one read per map, even from several worker threads
        return _load(name)


