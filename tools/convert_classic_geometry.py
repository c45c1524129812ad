"""Convert Hawken Rives' classic map drawing (MIT) into assets/maps/classic/geometry.json.

Reproducible: ``.venv/bin/python -m tools.convert_classic_geometry SOURCE`` (needs shapely,
pyproject extra ``tools``). SOURCE: Hawken Rives' classic map as JSON, an SVG-path drawing on a
1152×965 canvas whose *points* (unit, supply centre) are stored with the y axis bottom-up while
its *paths* are ordinary top-down SVG. The result is scaled to 1800 px wide, y down.

Fixes of the source's known flaws: the Irish Sea unit point lay inside Ireland;
every unit/coast anchor is checked to lie inside its space and away from the wrong coast; the
file's adjacency lists are ignored (adjacency is rules data in map.json). Labels are placed here
so that they never collide with a unit icon, a dislodged unit or a centre marker.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from typing import Any

from PIL import ImageFont
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.ops import polylabel, unary_union
from shapely.prepared import prep

from engine.render.layout import (
    CENTER_RADIUS,
    DISLODGED_OFFSET,
    LABEL_FONT_SIZE,
    LABEL_MARGIN,
    UNIT_RADIUS,
)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "maps" / "classic" / "geometry.json"
FONT = ROOT / "assets" / "fonts" / "DejaVuSansCondensed-Bold.ttf"
WIDTH = 1800

# The file's abbreviations -> the project's province / coast ids.
IDS = {
    "NAT": "nao", "NRG": "nwg", "BAR": "bar", "GOB": "bot", "BAL": "bal", "SKA": "ska",
    "NTH": "nth", "HLG": "hel", "ECH": "eng", "IRS": "iri", "MAT": "mao", "WME": "wes",
    "GOL": "lyo", "TYN": "tys", "ION": "ion", "ADR": "adr", "AEG": "aeg", "EME": "eas",
    "BLK": "bla", "CLY": "cly", "EDB": "edi", "LVP": "lvp", "YOR": "yor", "WAL": "wal",
    "LND": "lon", "BRE": "bre", "PIC": "pic", "PAR": "par", "BUR": "bur", "GAS": "gas",
    "MAR": "mar", "RUH": "ruh", "MUN": "mun", "KIE": "kie", "BER": "ber", "SIL": "sil",
    "PRU": "pru", "PMT": "pie", "VEN": "ven", "TUS": "tus", "ROM": "rom", "APU": "apu",
    "NAP": "nap", "TYR": "tyr", "BOH": "boh", "VIE": "vie", "TRI": "tri", "BUD": "bud",
    "GAL": "gal", "CON": "con", "ANK": "ank", "SMY": "smy", "ARM": "arm", "SYR": "syr",
    "WAR": "war", "LVN": "lvn", "FIN": "fin", "UKR": "ukr", "SEV": "sev", "MOS": "mos",
    "STP": "stp", "STP (SC)": "stp/sc", "STP (NC)": "stp/nc", "SWE": "swe", "NOR": "nwy",
    "DEN": "den", "HOL": "hol", "BEL": "bel", "POR": "por", "SPA": "spa",
    "SPA (SC)": "spa/sc", "SPA (NC)": "spa/nc", "NAF": "naf", "TUN": "tun", "ALB": "alb",
    "GRE": "gre", "SER": "ser", "BUL": "bul", "BUL (SC)": "bul/sc", "BUL (EC)": "bul/ec",
    "RUM": "rum", "IRE": "ire", "ICE": "ice", "SIB": "sib", "SWZ": "swi", "COR": "cor",
    "SAR": "sar",
}
IMPASSABLE = {"ire", "ice", "sib", "swi", "cor", "sar"}

# Each coast's anchor must sit on the shore of these seas (the coast's own waters).
COAST_SEAS = {
    "spa/nc": ("mao",), "spa/sc": ("wes", "lyo"),
    "stp/nc": ("bar",), "stp/sc": ("bot",),
    "bul/ec": ("bla",), "bul/sc": ("aeg",),
}

# Unit anchors moved by hand (output pixels), checked to lie inside their space.
ANCHOR_OVERRIDES: dict[str, tuple[float, float]] = {"yor": (556.0, 636.0), "lon": (552.0, 740.0)}

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _cubic(p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float],
           p3: tuple[float, float], steps: int = 8) -> list[tuple[float, float]]:
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                    u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1]))
    return out


def _quad(p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float],
          steps: int = 8) -> list[tuple[float, float]]:
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
    return out


def parse_path(d: str) -> list[list[tuple[float, float]]]:
    """SVG path data -> rings of points (curves flattened). Supports M L H V C S Q T Z, both
    absolute and relative, implicit repetition, and exponents (the file has ``2e-6``)."""
    tokens = _TOKEN.findall(d)
    rings: list[list[tuple[float, float]]] = []
    ring: list[tuple[float, float]] = []
    x = y = 0.0
    start = (0.0, 0.0)
    last_ctrl: tuple[float, float] | None = None
    cmd = ""
    i = 0

    def num() -> float:
        nonlocal i
        value = float(tokens[i])
        i += 1
        return value

    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                if ring:
                    rings.append(ring)
                ring = []
                x, y = start
                last_ctrl = None
                continue
        rel = cmd.islower()
        c = cmd.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if c == "M":
            if ring:
                rings.append(ring)
            x, y = ox + num(), oy + num()
            start = (x, y)
            ring = [(x, y)]
            cmd = "l" if rel else "L"  # implicit coordinates after a moveto are linetos
            last_ctrl = None
        elif c == "L":
            x, y = ox + num(), oy + num()
            ring.append((x, y))
            last_ctrl = None
        elif c == "H":
            x = ox + num()
            ring.append((x, y))
            last_ctrl = None
        elif c == "V":
            y = oy + num()
            ring.append((x, y))
            last_ctrl = None
        elif c == "C":
            p1 = (ox + num(), oy + num())
            p2 = (ox + num(), oy + num())
            p3 = (ox + num(), oy + num())
            ring.extend(_cubic((x, y), p1, p2, p3))
            last_ctrl = p2
            x, y = p3
        elif c == "S":
            p1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
            p2 = (ox + num(), oy + num())
            p3 = (ox + num(), oy + num())
            ring.extend(_cubic((x, y), p1, p2, p3))
            last_ctrl = p2
            x, y = p3
        elif c == "Q":
            p1 = (ox + num(), oy + num())
            p2 = (ox + num(), oy + num())
            ring.extend(_quad((x, y), p1, p2))
            last_ctrl = p1
            x, y = p2
        elif c == "T":
            p1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
            p2 = (ox + num(), oy + num())
            ring.extend(_quad((x, y), p1, p2))
            last_ctrl = p1
            x, y = p2
        else:
            raise ValueError(f"unsupported path command {cmd!r}")
    if ring:
        rings.append(ring)
    return [r for r in rings if len(r) >= 3]


def _shape(rings: list[list[tuple[float, float]]]) -> MultiPolygon | Polygon:
    polys = [Polygon(r).buffer(0) for r in rings]
    return unary_union(polys)


def _main_part(shape: Any) -> Polygon:
    if isinstance(shape, Polygon):
        return shape
    return max(shape.geoms, key=lambda g: g.area)


def _inside_point(shape: Any) -> tuple[float, float]:
    """The pole of inaccessibility of the largest part: the most central point of a space."""
    p = polylabel(_main_part(shape), tolerance=0.5)
    return (p.x, p.y)


def _coast_anchor(parent: Any, seas: list[Any], current: tuple[float, float]) -> tuple[float, float]:
    """Keep the file's coast point when it lies inside the province and near its own waters;
    otherwise put it just inside the shore shared with those waters."""
    water = unary_union(seas)
    pt = Point(current)
    if parent.contains(pt) and pt.distance(water) <= 1.5 * UNIT_RADIUS:
        return current
    shore = parent.boundary.intersection(water.buffer(2))
    mid = shore.interpolate(0.5, normalized=True) if shore.length else parent.centroid
    inner = parent.buffer(-UNIT_RADIUS * 0.9)
    target = inner if not inner.is_empty else parent
    from shapely.ops import nearest_points

    q = nearest_points(target, mid)[0]
    return (q.x, q.y)


def _label_box(pt: tuple[float, float], bb: tuple[float, float, float, float]) -> Any:
    """The label's ink box (drawn with anchor "mm" at ``pt``) grown by ``bb``'s margin."""
    return box(pt[0] + bb[0], pt[1] + bb[1], pt[0] + bb[2], pt[1] + bb[3])


def _place_label(shape: Any, bb: tuple[float, float, float, float], blocked: Any,
                 prefer: tuple[float, float],
                 strict: bool) -> tuple[float, tuple[float, float]] | None:
    """Best label centre: the whole label box inside the space (with a small margin) and clear
    of every unit icon / centre marker; among those, the roomiest spot near the space's centre.
    Falls back to boxes that overhang the border (tiny provinces) but never to ones over units."""
    main = _main_part(shape)
    pmain = prep(main)
    minx, miny, maxx, maxy = main.bounds
    step = 3.0
    best: tuple[float, tuple[float, float]] | None = None
    fallback: tuple[float, tuple[float, float]] | None = None
    inner = prep(main.buffer(-2))
    y = miny
    while y <= maxy:
        x = minx
        while x <= maxx:
            b = _label_box((x, y), bb)
            if not blocked.intersects(b) and pmain.contains(Point(x, y)):
                dist = math.hypot(x - prefer[0], y - prefer[1])
                if inner.contains(b):
                    clearance = main.exterior.distance(Point(x, y))
                    score = min(clearance, 40) * 2 - dist * 0.15
                    if best is None or score > best[0]:
                        best = (score, (x, y))
                else:
                    inside = b.intersection(main).area / b.area
                    score = inside * 100 - dist * 0.1
                    if fallback is None or score > fallback[0]:
                        fallback = (score, (x, y))
            x += step
        y += step
    return best if strict else (best or fallback)


def convert(source: Path) -> dict[str, Any]:
    data = json.loads(source.read_text())
    sx = WIDTH / data["width"]
    height = round(data["height"] * sx)
    by_num = {s["id"]: s for s in data["spaces"]}

    def pt(p: dict[str, float]) -> tuple[float, float]:
        # Points are stored bottom-up: flip them.
        return (p["x"] * sx, (data["height"] - p["y"]) * sx)

    shapes: dict[str, Any] = {}
    rings_of: dict[str, list[list[tuple[float, float]]]] = {}
    units: dict[str, tuple[float, float]] = {}
    centers: dict[str, tuple[float, float] | None] = {}
    coasts: dict[str, tuple[float, float]] = {}
    kinds: dict[str, str] = {}
    for s in data["spaces"]:
        sid = IDS[s["abbrev"]]
        if "/" in sid:
            coasts[sid] = pt(s["drawUnit"])
            continue
        paths = s["path"] if isinstance(s["path"], list) else [s["path"]]
        rings = [[(x * sx, y * sx) for x, y in r] for p in paths for r in parse_path(p)]
        rings_of[sid] = rings
        shapes[sid] = _shape(rings)
        units[sid] = pt(s["drawUnit"])
        centers[sid] = pt(s["supply"]) if s.get("supply") else None
        kinds[sid] = ("impassable" if sid in IMPASSABLE
                      else "sea" if s["type"] == "sea" else "land")
    assert len(by_num) == 87 and len(shapes) == 81 and len(coasts) == 6

    # Known flaw: the Irish Sea unit point lies inside Ireland. More generally every unit point
    # must lie well inside its own space, clear of islands drawn over it.
    islands = unary_union([shapes[i] for i in IMPASSABLE])
    for sid, shape in shapes.items():
        if kinds[sid] == "impassable":
            continue
        own = shape.difference(islands) if kinds[sid] == "sea" else shape
        shapes[sid] = own
        p = Point(units[sid])
        if not own.contains(p) or p.distance(own.exterior if isinstance(own, Polygon)
                                             else _main_part(own).exterior) < UNIT_RADIUS * 0.6:
            units[sid] = _inside_point(own)

    # Hand-placed where Britain is too cramped for an icon, a dislodged slot and a label.
    for sid, (x, y) in ANCHOR_OVERRIDES.items():
        assert shapes[sid].contains(Point(x, y)), sid
        units[sid] = (x, y)

    for cid, seas in COAST_SEAS.items():
        coasts[cid] = _coast_anchor(shapes[cid.split("/")[0]], [shapes[s] for s in seas],
                                    coasts[cid])

    # Centre markers must stay visible beside the unit icon.
    for sid, c in centers.items():
        if c is None:
            continue
        u = units[sid]
        if not _main_part(shapes[sid]).contains(Point(c)):
            c = u  # Smyrna's marker sat on an island: keep markers on the mainland
        d = math.hypot(c[0] - u[0], c[1] - u[1])
        need = UNIT_RADIUS * 1.45 + CENTER_RADIUS + 3
        if d < need:
            best = None
            # Tight provinces (Liverpool): accept a marker closer to the icon, or nearer the shore.
            for dist, pad in ((need, CENTER_RADIUS + 2), (UNIT_RADIUS * 1.3 + CENTER_RADIUS, 2),
                              (UNIT_RADIUS + CENTER_RADIUS, 0)):
                inner = shapes[sid].buffer(-pad)
                for k in range(72):
                    a = math.tau * k / 72
                    q = (u[0] + dist * math.cos(a), u[1] + dist * math.sin(a))
                    if inner.contains(Point(q)):
                        score = -math.hypot(q[0] - c[0], q[1] - c[1])
                        if best is None or score > best[0]:
                            best = (score, q)
                if best is not None:
                    break
            if best is None:
                print(f"warning: centre marker of {sid} under its unit", file=sys.stderr)
            else:
                centers[sid] = best[1]

    # Dislodged units are drawn beside the anchor (down-right preferred), labels where no unit
    # can ever be: both are chosen together, space by space.

    def icon_box(q: tuple[float, float], pad: float) -> Any:
        return box(q[0] - (UNIT_RADIUS + pad) * 1.3, q[1] - UNIT_RADIUS - pad,
                   q[0] + (UNIT_RADIUS + pad) * 1.3, q[1] + UNIT_RADIUS + pad)

    main_boxes = [icon_box(q, LABEL_MARGIN)
                  for sid, q in list(units.items()) + list(coasts.items())
                  if kinds.get(sid.split("/")[0]) != "impassable"]
    options: dict[str, list[tuple[float, float]]] = {}
    for sid, (ux, uy) in units.items():
        if kinds[sid] == "impassable":
            continue
        scored = []
        base = math.atan2(DISLODGED_OFFSET[1], DISLODGED_OFFSET[0])
        for dist in (math.hypot(*DISLODGED_OFFSET), math.hypot(*DISLODGED_OFFSET) * 1.3):
            for k in range(16):
                q = (ux + dist * math.cos(base + math.tau * k / 16),
                     uy + dist * math.sin(base + math.tau * k / 16))
                b = icon_box(q, 0)
                inside = b.intersection(shapes[sid]).area / b.area
                others = sum(1 for m in main_boxes
                             if m.intersects(b) and not m.contains(Point(ux, uy)))
                scored.append((inside * 10 - others * 4 - min(k, 16 - k) * 0.3 - dist * 0.02, q))
        scored.sort(key=lambda t: -t[0])
        options[sid] = [q for _, q in scored]
    dislodged = {sid: opts[0] for sid, opts in options.items()}

    font = ImageFont.truetype(str(FONT), LABEL_FONT_SIZE)
    fixed = list(main_boxes) + [Point(c).buffer(CENTER_RADIUS + 2 + LABEL_MARGIN)
                                for c in centers.values() if c is not None]
    labels: dict[str, tuple[float, float]] = {}
    placed: list[Any] = []
    # Tightest spaces first: they get the few free spots; roomy neighbours adapt around them.
    for sid, shape in sorted(shapes.items(), key=lambda kv: kv[1].area):
        if kinds[sid] == "impassable":
            continue
        left, top, right, bottom = font.getbbox(sid.upper(), anchor="mm")
        m = LABEL_MARGIN
        bb = (left - m, top - m, right + m, bottom + m)
        others = [icon_box(q, LABEL_MARGIN) for o, q in dislodged.items() if o != sid]
        prefer = _inside_point(shape)
        found = None
        for strict in (True, False):
            # Inside the space: the first (preferred) dislodged slot that leaves room will do.
            # Overhanging: the slot that lets the label stay most inside its space.
            scored = []
            for q in options[sid]:
                if any(icon_box(q, LABEL_MARGIN).intersects(b) for b in placed):
                    continue  # would cover a label placed earlier
                blocked = prep(unary_union([*fixed, *others, *placed,
                                            icon_box(q, LABEL_MARGIN)]))
                got = _place_label(shape, bb, blocked, prefer, strict)
                if got is not None:
                    scored.append((got[0], q, got[1]))
                    if strict:
                        break
            if scored:
                _, q, spot = max(scored, key=lambda t: t[0])
                found = (q, spot)
                break
        if found is None:
            print(f"warning: label of {sid} overlaps a unit slot", file=sys.stderr)
            found = (dislodged[sid], prefer)
        dislodged[sid], labels[sid] = found
        placed.append(_label_box(found[1], bb))
    for sid in IMPASSABLE:
        labels[sid] = _inside_point(shapes[sid])

    def r2(p: tuple[float, float]) -> list[float]:
        return [round(p[0], 1), round(p[1], 1)]

    spaces: dict[str, Any] = {}
    for sid in sorted(shapes):
        c = centers[sid]
        spaces[sid] = {
            "kind": kinds[sid],
            "polygons": [[r2(p) for p in ring] for ring in rings_of[sid]],
            "label": r2(labels[sid]),
            "unit": r2(units[sid]),
            "center": r2(c) if c else None,
        }
        if sid in dislodged:
            spaces[sid]["dislodged"] = r2(dislodged[sid])
    return {
        "name": "classic",
        "width": WIDTH,
        "height": height,
        "spaces": spaces,
        "coasts": {cid: r2(p) for cid, p in sorted(coasts.items())},
        "attribution": "Classic map drawing © 2014 Hawken Rives, MIT licence (GEOMETRY-LICENSE); "
                       "converted by tools/convert_classic_geometry.py",
    }


def main(argv: list[str]) -> None:
    if len(argv) != 2:
        sys.exit("usage: python -m tools.convert_classic_geometry SOURCE (the map drawing, JSON)")
    source = Path(argv[1])
    result = convert(source)
    OUT.write_text(json.dumps(result, separators=(",", ":")) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(result['spaces'])} spaces, "
          f"{len(result['coasts'])} coasts, {result['width']}×{result['height']}")


if __name__ == "__main__":
    main(sys.argv)
