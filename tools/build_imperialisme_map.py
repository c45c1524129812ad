"""Build the L'Impérialisme map (issue 7, seed 003): Europe about 1900 for 14 powers.

Build-time only: needs shapely (the ``tools`` extra) and the Natural Earth data carried by the npm
package ``world-atlas`` (``npm pack world-atlas@2.0.2`` and unpack it). Never imported by the bot.

    python tools/build_imperialisme_map.py --atlas /tmp/wa/package \
        [--preview docs/imperialisme-preview.png]

Inputs (the editable source, committed): ``tools/imperialisme/territories.csv`` (id, names, owner,
star, island, seed points), ``tools/imperialisme/seas.csv`` (naval zones and their seed points) and
``tools/imperialisme/regions.json`` (projection, frame, powers and colours, present-day countries
-> powers of 1900, polygon overrides for the borders that moved since).

Method: project the Natural Earth 1:50m country outlines (Lambert conformal conic), simplify every
TopoJSON arc once so shared borders stay shared, assign the countries to powers and apply the
overrides, cut each power into the Voronoi cells of its territories' seed points, cut the sea into
the Voronoi cells of the naval zones' seed points, then derive the adjacency from the geometry
(shared border of positive length) and write it out as data. Outputs (committed):
``assets/maps/imperialisme/map.json``, ``geometry.json`` and ``README.md``. Deterministic: the same
inputs give byte-identical outputs.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel, unary_union

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tools" / "imperialisme"
OUTPUT = ROOT / "assets" / "maps" / "imperialisme"

ARC_TOLERANCE_PX = 0.45  # Douglas-Peucker tolerance applied to every shared arc
MIN_LAND_AREA_PX = 2.0  # smaller islets are dropped (invisible at this scale)
MIN_ISLAND_AREA_PX = 60.0  # a seeded island is grown to at least this (Malta, seed 003: "les petites îles")
SLIVER_AREA_PX = 400.0  # detached pieces smaller than this may change owner to join a neighbour
LAND_BORDER_MIN_PX = 4.0  # about 10 km: shorter contacts are corners, not borders
SEA_CONTACT_MIN_PX = 3.0
EPS = 0.05  # tolerance when measuring shared boundaries
LABEL_STAR_GAP_PX = 14.0  # a name is moved off the star it would overlap
LABEL_CHAR_PX = 6.5  # mean width of a character of a name


# --------------------------------------------------------------------------- source data


@dataclass(frozen=True)
class Seeded:
    """A territory or naval zone as written in the source tables."""

    id: str
    name_en: str
    name_fr: str
    seeds: tuple[tuple[float, float], ...]  # lon, lat
    owner: str = ""
    star: bool = False
    island: bool = False


def _read_csv(path: Path) -> list[dict[str, str]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return list(csv.DictReader(line for line in lines if not line.startswith("#")))


def _parse_seeds(text: str) -> tuple[tuple[float, float], ...]:
    points = []
    for chunk in text.split(";"):
        lon, lat = chunk.split()
        points.append((float(lon), float(lat)))
    return tuple(points)


def load_territories() -> list[Seeded]:
    return [
        Seeded(
            id=row["id"],
            name_en=row["name_en"],
            name_fr=row["name_fr"],
            seeds=_parse_seeds(row["seeds"]),
            owner=row["owner"],
            star=row["star"] == "1",
            island=row["island"] == "1",
        )
        for row in _read_csv(SOURCE / "territories.csv")
    ]


def load_seas() -> list[Seeded]:
    return [
        Seeded(id=row["id"], name_en=row["name_en"], name_fr=row["name_fr"],
               seeds=_parse_seeds(row["seeds"]))
        for row in _read_csv(SOURCE / "seas.csv")
    ]


# --------------------------------------------------------------------------- projection


class Projection:
    """Lambert conformal conic (spherical) from lon/lat degrees to image pixels, y axis down."""

    def __init__(self, regions: dict) -> None:
        p = regions["projection"]
        r = math.radians
        lat1, lat2 = p["parallels"]
        self.lon0 = p["lon0"]
        self.radius = p["earth_radius_km"]
        self.n = math.log(math.cos(r(lat1)) / math.cos(r(lat2))) / math.log(
            math.tan(math.pi / 4 + r(lat2) / 2) / math.tan(math.pi / 4 + r(lat1) / 2)
        )
        self.f = math.cos(r(lat1)) * math.tan(math.pi / 4 + r(lat1) / 2) ** self.n / self.n
        self.rho0 = self._rho(np.array([p["lat0"]]))[0]
        frame = regions["frame_km"]
        self.xmin, self.ymax = frame["xmin"], frame["ymax"]
        self.scale = regions["width_px"] / (frame["xmax"] - frame["xmin"])  # px per km
        self.width = int(regions["width_px"])
        self.height = round((frame["ymax"] - frame["ymin"]) * self.scale)

    def _rho(self, lat: np.ndarray) -> np.ndarray:
        return self.f / np.tan(np.pi / 4 + np.radians(lat) / 2) ** self.n

    def __call__(self, lonlat: np.ndarray) -> np.ndarray:
        lon, lat = lonlat[:, 0], lonlat[:, 1]
        rho = self._rho(lat)
        theta = self.n * np.radians(lon - self.lon0)
        x_km = rho * np.sin(theta) * self.radius
        y_km = (self.rho0 - rho * np.cos(theta)) * self.radius
        return np.column_stack(((x_km - self.xmin) * self.scale, (self.ymax - y_km) * self.scale))

    def point(self, lon: float, lat: float) -> Point:
        x, y = self(np.array([[lon, lat]]))[0]
        return Point(float(x), float(y))

    def polygon(self, lonlat: list[list[float]]) -> Polygon:
        """A lon/lat polygon, densified so that its edges follow the projection's curves."""
        ring = shapely.segmentize(Polygon(lonlat), 0.1)
        return Polygon(self(np.asarray(ring.exterior.coords)))

    @property
    def frame(self) -> Polygon:
        return box(0, 0, self.width, self.height)


# --------------------------------------------------------------------------- Natural Earth


def load_countries(atlas: Path, names: set[str], proj: Projection) -> dict[str, BaseGeometry]:
    """Decode the wanted countries of ``countries-50m.json`` (TopoJSON) into pixel geometries.

    Each arc is projected and simplified once, so that two countries sharing a border keep
    exactly the same line (no gaps, no overlaps).
    """
    topo = json.loads((atlas / "countries-50m.json").read_text(encoding="utf-8"))
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    objects = [g for g in topo["objects"]["countries"]["geometries"]
               if g.get("properties", {}).get("name") in names]
    missing = names - {g["properties"]["name"] for g in objects}
    if missing:
        raise SystemExit(f"countries not found in Natural Earth: {sorted(missing)}")

    def rings_of(geometry: dict) -> Iterator[list[list[int]]]:
        if geometry["type"] == "Polygon":
            yield geometry["arcs"]
        elif geometry["type"] == "MultiPolygon":
            yield from geometry["arcs"]

    used = {a if a >= 0 else ~a for g in objects for poly in rings_of(g) for ring in poly for a in ring}
    arcs: dict[int, np.ndarray] = {}
    for index in sorted(used):
        deltas = np.asarray(topo["arcs"][index], dtype=float)
        lonlat = np.cumsum(deltas, axis=0) * (sx, sy) + (tx, ty)
        line = LineString(proj(lonlat))
        arcs[index] = np.asarray(line.simplify(ARC_TOLERANCE_PX, preserve_topology=False).coords)

    def ring_coords(ring: list[int]) -> np.ndarray:
        parts = []
        for k, a in enumerate(ring):
            coords = arcs[a] if a >= 0 else arcs[~a][::-1]
            parts.append(coords if k == 0 else coords[1:])
        return np.concatenate(parts)

    countries: dict[str, BaseGeometry] = {}
    for g in objects:
        polygons = []
        for poly in rings_of(g):
            rings = [ring_coords(r) for r in poly]
            if len(rings[0]) < 4:
                continue
            polygons.append(shapely.make_valid(Polygon(rings[0], [r for r in rings[1:] if len(r) >= 4])))
        countries[g["properties"]["name"]] = unary_union(polygons).intersection(proj.frame)
    return countries


# --------------------------------------------------------------------------- geometry helpers


def parts(geom: BaseGeometry) -> list[Polygon]:
    """The polygons of a geometry, ignoring lines and points left by overlay operations."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [p for g in getattr(geom, "geoms", []) for p in parts(g)]


def clean(geom: BaseGeometry) -> BaseGeometry:
    polygons = [p for p in parts(shapely.make_valid(geom)) if p.area > 1e-6]
    return unary_union(polygons) if polygons else Polygon()


def shared_length(a: BaseGeometry, b: BaseGeometry) -> float:
    """Length of the boundary of ``a`` lying along ``b`` (0 for a mere corner)."""
    if a.distance(b) > EPS:
        return 0.0
    return a.boundary.intersection(b.buffer(EPS)).length


def grow_small_islands(land: BaseGeometry, seeds: list[Point]) -> BaseGeometry:
    """Drop invisible islets; grow the seeded islands that would be too small to see (Malta)."""
    kept = []
    for poly in parts(land):
        seeded = any(poly.buffer(1.0).contains(s) for s in seeds)
        if seeded and poly.area < MIN_ISLAND_AREA_PX:
            radius = 0.5
            while poly.buffer(radius).area < MIN_ISLAND_AREA_PX:
                radius += 0.25
            poly = poly.buffer(radius, quad_segs=4)
        if seeded or poly.area >= MIN_LAND_AREA_PX:
            kept.append(poly)
    return unary_union(kept) if kept else Polygon()


def voronoi_split(area: BaseGeometry, labelled: list[tuple[str, Point]], frame: Polygon
                  ) -> dict[str, BaseGeometry]:
    """Cut ``area`` into the Voronoi cells of the labelled points (cells of one label merged)."""
    if len({label for label, _ in labelled}) == 1:
        return {labelled[0][0]: area}
    cells = shapely.voronoi_polygons(MultiPoint([p for _, p in labelled]), extend_to=frame,
                                     ordered=True)
    pieces: dict[str, list[BaseGeometry]] = {}
    for (label, point), cell in zip(labelled, cells.geoms, strict=True):
        assert cell.buffer(1e-6).contains(point), f"Voronoi cell mismatch for {label}"
        pieces.setdefault(label, []).append(cell)
    return {label: clean(unary_union(cells).intersection(area)) for label, cells in pieces.items()}


def reattach_detached_parts(cells: dict[str, BaseGeometry], seeds: dict[str, list[Point]],
                            group: dict[str, str]) -> dict[str, BaseGeometry]:
    """Give every detached piece of a cell to the neighbour it borders most.

    A Voronoi cell clipped to a coastline may leave pieces that do not touch the part holding its
    seeds (the far side of a bay, a sliver left by an override). Such a piece joins the cell of
    the same group (power, or the sea) whose seeded part it borders most; a small sliver touching
    only other groups joins the longest such border. Pieces touching nothing are islands and
    stay where the Voronoi diagram put them (the nearest seed of their group).
    """
    cells = dict(cells)
    changed = True
    loose_pass = False  # second rule: a piece touching only detached pieces of other cells
    while changed:
        changed = False
        mains = {}
        floating: list[tuple[float, str, Polygon]] = []
        for cid, geom in cells.items():
            main: list[Polygon] = []
            loose: list[Polygon] = []
            for poly in parts(geom):
                (main if any(poly.buffer(EPS).contains(s) for s in seeds[cid]) else loose).append(poly)
            if not main:
                raise SystemExit(f"{cid}: no part of the cell holds a seed point")
            mains[cid] = unary_union(main)
            floating += [(-p.area, cid, p) for p in loose]
        for _, cid, piece in sorted(floating, key=lambda f: (f[0], f[1], f[2].bounds)):
            against = cells if loose_pass else mains
            borders = [(shared_length(piece, against[other]), other) for other in sorted(cells)
                       if other != cid]
            borders = [(length, other) for length, other in borders if length > EPS * 4]
            same = [b for b in borders if group[b[1]] == group[cid]]
            if same:
                target = max(same)[1]
            elif borders and piece.area < SLIVER_AREA_PX:
                target = max(borders)[1]
            else:
                continue
            cells[cid] = clean(cells[cid].difference(piece))
            cells[target] = clean(unary_union([cells[target], piece]))
            mains[target] = clean(unary_union([mains[target], piece]))
            changed = True
            if loose_pass:
                break  # one move, then recompute which parts hold seeds
        if not changed and not loose_pass:
            loose_pass, changed = True, True
        elif changed:
            loose_pass = False
    return cells


def keyhole_rings(poly: Polygon) -> list[list[tuple[float, float]]]:
    """One ring per polygon: holes are joined to the outer ring by a zero-width bridge.

    The fixed geometry format has rings only; a bridged ring fills exactly the polygon minus its
    holes under both the even-odd and the non-zero rule (the bridge's two edges cancel).
    """
    ring = [tuple(c) for c in np.asarray(poly.exterior.coords)[:-1]]
    for hole in sorted(poly.interiors, key=lambda h: -Polygon(h).area):
        hole_pts = [tuple(c) for c in np.asarray(hole.coords)[:-1]]
        a = np.asarray(ring)
        b = np.asarray(hole_pts)
        d = ((a[:, None, :] - b[None, :, :]) ** 2).sum(axis=2)
        i, j = np.unravel_index(int(np.argmin(d)), d.shape)
        bridge = hole_pts[j:] + hole_pts[:j] + [hole_pts[j]]
        ring = ring[: i + 1] + bridge + ring[i:]
    return [ring]


def rounded(points: Iterable[tuple[float, float]]) -> list[list[float]]:
    out: list[list[float]] = []
    for x, y in points:
        p = [round(float(x), 1), round(float(y), 1)]
        if not out or out[-1] != p:
            out.append(p)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


def inside_point(geom: BaseGeometry) -> Point:
    """The centre of the largest circle inside the largest part (where a name fits best)."""
    largest = max(parts(geom), key=lambda p: p.area)
    return polylabel(largest, tolerance=0.25)


# --------------------------------------------------------------------------- the build


@dataclass
class Built:
    proj: Projection
    regions: dict
    territories: list[Seeded]
    seas: list[Seeded]
    land_cells: dict[str, BaseGeometry]
    sea_cells: dict[str, BaseGeometry]
    land_borders: list[tuple[str, str]]
    sea_contacts: dict[str, list[str]]


def power_areas(regions: dict, countries: dict[str, BaseGeometry], proj: Projection
                ) -> dict[str, BaseGeometry]:
    areas = {power["id"]: Polygon() for power in regions["powers"]}
    for power, names in regions["countries"].items():
        areas[power] = unary_union([countries[c] for c in names])
    for override in regions["overrides"]:
        poly = proj.polygon(override["polygon"])
        piece = clean(unary_union([countries[c].intersection(poly) for c in override["countries"]]))
        for power in areas:
            if power != override["power"]:
                areas[power] = clean(areas[power].difference(piece))
        areas[override["power"]] = clean(unary_union([areas[override["power"]], piece]))
    return areas


def build(atlas: Path) -> Built:
    regions = json.loads((SOURCE / "regions.json").read_text(encoding="utf-8"))
    proj = Projection(regions)
    territories = load_territories()
    seas = load_seas()
    names = {c for group in regions["countries"].values() for c in group}
    countries = load_countries(atlas, names, proj)

    island_seeds = [proj.point(*t.seeds[0]) for t in territories if t.island]
    countries = {n: grow_small_islands(g, island_seeds) for n, g in countries.items()}
    areas = power_areas(regions, countries, proj)
    land = unary_union(list(areas.values()))

    # Territories: Voronoi cells of each power's seeds inside that power.
    seeds = {t.id: [proj.point(*s) for s in t.seeds] for t in territories}
    cells: dict[str, BaseGeometry] = {}
    errors = []
    for power, area in sorted(areas.items()):
        mine = [t for t in territories if t.owner == power]
        labelled = [(t.id, p) for t in mine for p in seeds[t.id]]
        for (tid, point), lonlat in zip(labelled, [s for t in mine for s in t.seeds], strict=True):
            if not area.buffer(EPS).contains(point):
                errors.append(f"seed {lonlat} of {tid} lies outside {power or 'the neutral land'}")
        cells.update(voronoi_split(area, labelled, proj.frame))
    if errors:
        raise SystemExit("\n".join(errors))
    owner = {t.id: t.owner for t in territories}
    cells = reattach_detached_parts(cells, seeds, owner)

    # The sea: every water body holding a naval zone's seed; other water (lakes) joins the land.
    water = clean(proj.frame.difference(land))
    sea_seeds = {z.id: [proj.point(*s) for s in z.seeds] for z in seas}
    all_sea_seeds = [p for ps in sea_seeds.values() for p in ps]
    ocean_parts: list[Polygon] = []
    lakes: list[Polygon] = []
    for poly in parts(water):
        (ocean_parts if any(poly.buffer(EPS).contains(s) for s in all_sea_seeds) else lakes).append(poly)
    for lake in sorted(lakes, key=lambda p: (-p.area, p.bounds)):
        best = max(sorted(cells), key=lambda tid: shared_length(lake, cells[tid]))
        cells[best] = clean(unary_union([cells[best], lake]))
    ocean = unary_union(ocean_parts)
    for z in seas:
        for lonlat, point in zip(z.seeds, sea_seeds[z.id], strict=True):
            if not ocean.buffer(EPS).contains(point):
                errors.append(f"seed {lonlat} of naval zone {z.id} is not at sea")
    if errors:
        raise SystemExit("\n".join(errors))
    labelled = [(z.id, p) for z in seas for p in sea_seeds[z.id]]
    sea_cells = voronoi_split(ocean, labelled, proj.frame)
    sea_cells = reattach_detached_parts(sea_cells, sea_seeds, {z.id: "sea" for z in seas})

    # Adjacency, derived from the geometry once and written out as data.
    ids = sorted(cells)
    tree = shapely.STRtree([cells[i] for i in ids])
    land_borders = set()
    for a in ids:
        if a == "swi":
            continue  # Switzerland is out of play: never a neighbour (docs/RULES.md §6, seed 003)
        for k in tree.query(cells[a].buffer(EPS)):
            b = ids[int(k)]
            if b == "swi" or b <= a:
                continue
            if shared_length(cells[a], cells[b]) >= LAND_BORDER_MIN_PX:
                land_borders.add((a, b))
    sea_contacts: dict[str, list[str]] = {}
    for tid in ids:
        if tid == "swi":
            continue
        lengths = {z: shared_length(cells[tid], g) for z, g in sea_cells.items()}
        touching = sorted(z for z, length in lengths.items() if length >= SEA_CONTACT_MIN_PX)
        if not touching and max(lengths.values()) > EPS * 4:
            touching = [max(sorted(lengths), key=lambda z: lengths[z])]
        if touching:
            sea_contacts[tid] = touching

    built = Built(proj, regions, territories, seas, cells, sea_cells, sorted(land_borders),
                  sea_contacts)
    check(built)
    return built


def check(built: Built) -> None:
    """Fail the build on the mistakes the tests would catch later, with a useful message."""
    for t in built.territories:
        if t.island:
            borders = [b for b in built.land_borders if t.id in b]
            if borders:
                raise SystemExit(f"island {t.id} has land borders {borders}")
            if not built.sea_contacts.get(t.id):
                raise SystemExit(f"island {t.id} touches no naval zone")
    for z in built.seas:
        if not any(z.id in zs for zs in built.sea_contacts.values()):
            raise SystemExit(f"naval zone {z.id} touches no territory")


# --------------------------------------------------------------------------- outputs


def influence(owners: dict[str, str], stars: set[str], power: str) -> Fraction:
    """docs/RULES.md §6.2: 1 per territory, 2 per star; Russia's count half, Germany's and
    Austria-Hungary's double (for them alone); capped at 50. Exact fractions."""
    factor = {"russia": Fraction(1, 2), "germany": Fraction(2), "austria": Fraction(2)}.get(
        power, Fraction(1))
    total = sum((factor * (2 if t in stars else 1) for t, p in owners.items() if p == power),
                Fraction(0))
    return min(total, Fraction(50))


def map_json(built: Built) -> dict:
    regions = built.regions
    return {
        "name": "imperialisme",
        "powers": regions["powers"],
        "territories": [
            {"id": t.id, "name_en": t.name_en, "name_fr": t.name_fr, "owner": t.owner or None,
             "star": t.star, "island": t.island}
            for t in built.territories
        ],
        "neutral": [t.id for t in built.territories if not t.owner],
        "seas": [{"id": z.id, "name_en": z.name_en, "name_fr": z.name_fr} for z in built.seas],
        "land_borders": [list(pair) for pair in built.land_borders],
        "sea_contacts": {t: zs for t, zs in sorted(built.sea_contacts.items())},
    }


def space_json(geom: BaseGeometry, kind: str, center: Point | None, name_chars: int = 0
               ) -> dict:
    if kind == "sea":
        # A naval zone is given by its outer rings: the islands inside it are territories,
        # drawn over it (the renderer paints land after sea), so no bridge line shows at sea.
        rings = [rounded(np.asarray(poly.exterior.coords)[:-1])
                 for poly in sorted(parts(geom), key=lambda p: -p.area)]
    else:
        rings = [rounded(r) for poly in sorted(parts(geom), key=lambda p: -p.area)
                 for r in keyhole_rings(poly)]
    label = inside_point(geom)
    unit = label
    half_width = LABEL_CHAR_PX * name_chars / 2  # of the name written at 11-12 px
    if center is not None and (abs(label.x - center.x) < half_width + LABEL_STAR_GAP_PX / 2
                               and abs(label.y - center.y) < LABEL_STAR_GAP_PX):
        # Keep the name clear of the star: move it below (or above, or aside) the star.
        body = max(parts(geom), key=lambda p: p.area)
        options = [Point(center.x + dx, center.y + dy)
                   for dy in (16, -16, 22, -22, 28, -28) for dx in (0, 12, -12, 24, -24)]
        # The roomiest spot near the star (room capped: beyond 10 px any spot will do).
        scored = [(min(body.boundary.distance(p), 10.0), -abs(p.x - center.x), p)
                  for p in options if body.contains(p)]
        if scored:
            label = max(scored, key=lambda s: (s[0], s[1]))[2]
    return {
        "kind": kind,
        "polygons": rings,
        "label": [round(label.x, 1), round(label.y, 1)],
        "unit": [round(unit.x, 1), round(unit.y, 1)],
        "center": None if center is None else [round(center.x, 1), round(center.y, 1)],
    }


# Names placed by hand where two neighbours' roomiest points sit side by side and their
# names would touch on the board (Yorkshire's moved up, clear of Lancashire's).
LABEL_AT = {"yor": (470.0, 718.0)}


def geometry_json(built: Built) -> dict:
    spaces = {}
    for t in built.territories:
        geom = built.land_cells[t.id]
        center = None
        if t.star:
            city = built.proj.point(*t.seeds[0])
            center = city if geom.contains(city) else inside_point(geom)
        spaces[t.id] = space_json(geom, "land" if t.owner else "impassable", center,
                                  max(len(t.name_en), len(t.name_fr)))
        if t.id in LABEL_AT:
            spaces[t.id]["label"] = list(LABEL_AT[t.id])
    for z in built.seas:
        spaces[z.id] = space_json(built.sea_cells[z.id], "sea", None)
    return {
        "name": "imperialisme",
        "width": built.proj.width,
        "height": built.proj.height,
        "spaces": spaces,
        "coasts": {},
        "attribution": "Coastlines and borders: Natural Earth 1:50m (public domain), via the "
        "world-atlas package (ISC). Territories of about 1900 drawn for this project.",
    }


def readme(built: Built) -> str:
    data = map_json(built)
    owners = {t["id"]: t["owner"] for t in data["territories"] if t["owner"]}
    stars = {t["id"] for t in data["territories"] if t["star"]}
    names = {t["id"]: t for t in data["territories"]}
    rows = []
    for power in data["powers"]:
        pid = power["id"]
        mine = sorted(t for t, p in owners.items() if p == pid)
        value = influence(owners, stars, pid)
        rows.append(f"| {power['name_en']} | {power['name_fr']} | `{pid}` | {len(mine)} | "
                    f"{sum(1 for t in mine if t in stars)} | {value} |")
    starred = ", ".join(f"{names[t]['name_en']} (`{t}`)" for t in sorted(stars))
    islands = ", ".join(f"{names[t]['name_en']} (`{t}`)"
                        for t in sorted(t["id"] for t in data["territories"] if t["island"]))
    return "\n".join([
        "# L'Impérialisme — Europe about 1900 (seed 003)",
        "",
        "The map of the crisis game *L'Impérialisme*: 14 powers, neutral Switzerland, "
        f"{len(owners)} territories in play, {len(data['seas'])} naval zones.",
        "",
        "- `map.json` — the rules data read by the engine: powers, territories (owner at the start,",
        "  star, island), the neutral territory, naval zones, land borders and territory–naval-zone",
        "  contacts. Two powers are neighbours when they share a land border or each holds a",
        "  territory touching the same naval zone (docs/RULES.md §6.3).",
        "- `geometry.json` — the drawing read only by the renderer "
        f"({built.proj.width}×{built.proj.height} px, y axis down). Territories are `land`, "
        "Switzerland `impassable`, naval zones `sea`. A naval zone is given by its outer rings: "
        "the islands lying inside it are territories drawn over it (paint sea, then land). "
        "`center` is the starred city (null for other territories), `label` the roomiest point "
        "for the name, moved off the star when they would overlap; `unit` is that roomiest point "
        "(the game has no units); `coasts` is empty.",
        "",
        "## How it was built",
        "",
        "`python tools/build_imperialisme_map.py --atlas <unpacked world-atlas@2.0.2>` "
        "(shapely, build time only) from the editable tables in `tools/imperialisme/`:",
        "",
        "1. Natural Earth 1:50m country outlines, projected with a Lambert conformal conic "
        "(centre 15°E 50°N, standard parallels 38°N and 62°N); every shared arc simplified once "
        "so that borders stay shared.",
        "2. Present-day countries assigned to the powers of about 1900, then corrected by the "
        "polygon overrides of `regions.json` (Alsace-Lorraine, Prussian and Austrian Poland, "
        "Congress Poland, Galicia and Bukovina, Transylvania, Vojvodina, the Sandžak, Ottoman "
        "Macedonia, Epirus and Aegean islands, Kars, Trentino and Trieste, northern Morocco).",
        "3. Each power cut into the Voronoi cells of its territories' seed points; the sea cut "
        "into the Voronoi cells of the naval zones' seed points; detached slivers joined to "
        "their longest neighbour; islets too small to see dropped, Malta grown to stay visible.",
        "4. Adjacency derived from the geometry (shared border of at least "
        f"{LAND_BORDER_MIN_PX:g} px for land, {SEA_CONTACT_MIN_PX:g} px for a naval zone) and "
        "written out as data. Switzerland never borders anything in play.",
        "",
        "## Choices for 1900",
        "",
        "Every territory belongs to a power except Switzerland (seed 003: neutral and out of "
        "play). Lands without a power of their own in the game go to the power that held them or "
        "had most influence there around 1900:",
        "",
        "- Norway, Denmark (with Iceland and the Faroes) with Sweden — the Scandinavian union;",
        "  North Schleswig is German (1864–1920).",
        "- The Netherlands and Luxembourg with Germany (Zollverein); Belgium with France.",
        "- Portugal, Malta, Cyprus and Egypt with England (the old alliance, the Mediterranean "
        "route); Ireland is British.",
        "- Poland: Congress Poland only (\"la Pologne a déjà reçu un début d'indépendance\"); "
        "Posen, West Prussia and Silesia German, Galicia Austrian.",
        "- Montenegro with Serbia; Albania, Macedonia, Kosovo, Epirus, Thrace, Libya (Ottoman "
        "until 1911–1912) and the Levant with Turkey; Crete with Greece.",
        "- Algeria, Tunisia and most of Morocco with France; Tangier and the Rif with Spain.",
        "- Finland, the Baltic provinces, Bessarabia, the Caucasus and Kars with Russia.",
        "- Gibraltar is too small to draw and stays with Andalusia.",
        "",
        f"## Starred territories ({len(stars)}; they count double)",
        "",
        starred + ".",
        "",
        f"## Islands ({len(islands.split(', '))}; each a territory touching its sea)",
        "",
        islands + ".",
        "",
        "## Influence at the start",
        "",
        "docs/RULES.md §6.2: 1 per territory, 2 per star; Russia's territories count half, "
        "Germany's and "
        "Austria-Hungary's double (for them alone); capped at 50. Exact fractions.",
        "",
        "| power | puissance | id | territories | stars | influence |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
        "## Licence",
        "",
        "Coastlines and borders come from [Natural Earth](https://www.naturalearthdata.com/) "
        "(public domain), read from the npm package `world-atlas` 2.0.2 (© Michael Bostock, ISC "
        "licence). The territories, names and naval zones are this project's own work, under the "
        "project's licence.",
        "",
    ])


def write_outputs(built: Built) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / "map.json").write_text(
        json.dumps(map_json(built), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (OUTPUT / "geometry.json").write_text(
        json.dumps(geometry_json(built), ensure_ascii=False, separators=(",", ":")) + "\n",
        encoding="utf-8")
    (OUTPUT / "README.md").write_text(readme(built), encoding="utf-8")


# --------------------------------------------------------------------------- preview


def render_preview(built: Built, path: Path, locale: str = "fr") -> None:
    """A quick look at the map (the shared renderer draws the official pictures)."""
    from PIL import Image, ImageDraw, ImageFont

    geometry = geometry_json(built)
    data = map_json(built)
    colours = {p["id"]: p["color"] for p in data["powers"]}
    owner = {t["id"]: t["owner"] for t in data["territories"]}
    img = Image.new("RGB", (built.proj.width, built.proj.height), "#d4e9f7")
    draw = ImageDraw.Draw(img)

    def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
        name = "DejaVuSansCondensed-Bold.ttf" if bold else "DejaVuSansCondensed.ttf"
        try:
            return ImageFont.truetype(f"/usr/share/fonts/truetype/dejavu/{name}", size)
        except OSError:
            return ImageFont.load_default()

    def pts(coords: Iterable) -> list[tuple[float, float]]:
        return [(float(x), float(y)) for x, y in coords]

    for geom in built.sea_cells.values():
        for poly in parts(geom):
            draw.line(pts(poly.exterior.coords), fill="#9cc3e0", width=1)
    def light(colour: str) -> tuple[int, int, int]:
        # Land is painted lighter than the power's colour so that black names stay legible.
        rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
        r, g, b = (round(v + (255 - v) * 0.45) for v in rgb)
        return r, g, b

    for tid, geom in built.land_cells.items():
        fill = light(colours[owner[tid]]) if owner[tid] else (185, 180, 170)
        for poly in parts(geom):
            draw.polygon(pts(poly.exterior.coords), fill=fill)
            for hole in poly.interiors:
                draw.polygon(pts(hole.coords), fill="#d4e9f7")
    for geom in built.land_cells.values():
        for poly in parts(geom):
            draw.line(pts(poly.exterior.coords), fill="#303030", width=1)
            for hole in poly.interiors:
                draw.line(pts(hole.coords), fill="#303030", width=1)
    small, sea_font = font(11), font(12)
    names = {t["id"]: t[f"name_{locale}"] for t in data["territories"]}
    names.update({z["id"]: z[f"name_{locale}"] for z in data["seas"]})
    for sid, space in geometry["spaces"].items():
        if space["center"]:
            cx, cy = space["center"]
            star = []
            for k in range(10):
                r = 6 if k % 2 == 0 else 2.5
                a = math.pi / 2 + k * math.pi / 5
                star.append((cx + r * math.cos(a), cy - r * math.sin(a)))
            draw.polygon(pts(star), fill="#000000")
        x, y = space["label"]
        if space["kind"] == "sea":
            draw.text((x, y), names[sid], fill="#2c5d8a", font=sea_font,
                      anchor="mm")
        else:
            draw.text((x, y), names[sid], fill="#000000", font=small,
                      anchor="mm")
    # Legend: colours and influence at the start.
    owners = {t: p for t, p in owner.items() if p}
    stars = {t["id"] for t in data["territories"] if t["star"]}
    x0, y0 = 14, 14  # top left, in the Atlantic west of Iceland
    draw.rectangle((x0 - 6, y0 - 6, x0 + 160, y0 + 15 * 17 + 2), fill="#ffffff", outline="#303030")
    title = "Influence au départ" if locale == "fr" else "Influence at the start"
    draw.text((x0, y0), title, fill="#000000", font=font(13, bold=True))
    for k, p in enumerate(data["powers"]):
        yy = y0 + 17 * (k + 1)
        draw.rectangle((x0, yy + 2, x0 + 14, yy + 14), fill=p["color"], outline="#303030")
        value = influence(owners, stars, p["id"])
        draw.text((x0 + 20, yy), f"{p[f'name_{locale}']}: {value}", fill="#000000", font=small)
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atlas", type=Path, required=True,
                        help="unpacked world-atlas@2.0.2 (the folder holding countries-50m.json)")
    parser.add_argument("--preview", type=Path, help="also write a preview PNG here")
    parser.add_argument("--locale", default="fr", choices=["fr", "en"])
    args = parser.parse_args()
    built = build(args.atlas)
    write_outputs(built)
    if args.preview:
        render_preview(built, args.preview, args.locale)
    print(f"{len(built.territories)} territories, {len(built.seas)} naval zones, "
          f"{len(built.land_borders)} land borders, "
          f"{sum(len(v) for v in built.sea_contacts.values())} sea contacts")


if __name__ == "__main__":
    main()
