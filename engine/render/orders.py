"""The orders of a turn on the map: moves as arrows, supports dashed, convoys dotted through
the fleets, failures faded with a red cross, builds and removals marked."""

from __future__ import annotations

import math
from typing import Any

from engine.render.layout import UNIT_RADIUS
from engine.render.painter import FAILED, Painter, Pt, label_boxes_of
from engine.render.painter import shorten as _shorten
from engine.render.palette import WHITE


def _chain(start: Pt, fleets: list[Pt], end: Pt) -> list[Pt]:
    """Order the convoying fleets into a path from the army to the destination (nearest first)."""
    path, left, cur = [start], list(fleets), start
    while left:
        nxt = min(left, key=lambda f: math.hypot(f[0] - cur[0], f[1] - cur[1]))
        left.remove(nxt)
        path.append(nxt)
        cur = nxt
    path.append(end)
    return path


def _bent(src: Pt, end: Pt, toward: Pt, bulge: float) -> list[Pt]:
    """A curve from ``src`` to ``end`` bowed ``bulge`` px towards ``toward`` (the supported
    unit, between the two units where the board is free): a support between neighbours, too
    short to be seen as a straight line beside its unit, shows as an arc."""
    mx, my = (src[0] + end[0]) / 2, (src[1] + end[1]) / 2
    dx, dy = end[0] - src[0], end[1] - src[1]
    n = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / n, dx / n
    if nx * (toward[0] - mx) + ny * (toward[1] - my) < 0:
        nx, ny = -nx, -ny
    cx, cy = mx + nx * bulge * 2, my + ny * bulge * 2  # control point: the curve peaks at bulge
    return [((1 - t) ** 2 * src[0] + 2 * (1 - t) * t * cx + t * t * end[0],
             (1 - t) ** 2 * src[1] + 2 * (1 - t) * t * cy + t * t * end[1])
            for t in (i / 16 for i in range(17))]


def draw_orders(pt: Painter, orders: list[dict[str, Any]], state: dict[str, Any],
                 occupied: set[str], dislodged_at: dict[str, Pt]) -> None:
    md = pt.md
    R = UNIT_RADIUS
    units = {u["location"]: u for u in state.get("units") or []}

    def anchor(loc: str | None, retreating: bool = False) -> Pt | None:
        if not loc:
            return None
        if retreating and loc.split("/")[0] in dislodged_at:
            return pt.xy(dislodged_at[loc.split("/")[0]])
        a = md.anchor(loc)
        return pt.xy(a) if a else None

    convoys: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for o in orders:
        if o.get("kind") == "convoy" and o.get("aux") and o.get("target"):
            convoys.setdefault((o["aux"].split("/")[0], o["target"].split("/")[0]), []).append(o)

    # Where each move's arrow runs, so that supports can aim at its middle.
    arrows: dict[tuple[str, str], tuple[Pt, Pt]] = {}
    marks: list[tuple[str, Any]] = []  # drawn last, over every line
    moved_by_convoy: set[tuple[str, str]] = set()

    # Supports and convoys first (under the arrows they refer to), then moves.
    def sort_key(o: dict[str, Any]) -> int:
        return {"support": 0, "convoy": 1, "hold": 2}.get(o.get("kind", ""), 3)

    for o in orders:
        if o.get("kind") == "move" and o.get("location") and o.get("target"):
            a, b = anchor(o["location"]), anchor(o["target"])
            if a and b:
                arrows[(o["location"].split("/")[0], o["target"].split("/")[0])] = (a, b)

    def straight_arrow(src: Pt, dst: Pt, color: Any, casing: Any, failed: bool,
                       target: str | None = None) -> None:
        """A move or retreat drawn from unit to unit, crossed out if it failed."""
        a, b = _shorten(src, dst, R * 1.05, R * 0.85)
        pt.polyline([a, b], color, casing)
        pt.arrowhead(b, a, color, casing)
        if target:  # the shaft may cross the name it points at: written again over it
            pt.shafts.append((target.split("/")[0], a, b))
        if failed:
            marks.append(("x", b))

    for o in sorted(orders, key=sort_key):
        kind = o.get("kind")
        power = o.get("power", "")
        status = o.get("status", "succeeds")
        color, casing = pt.colors(power, status)
        failed = status in FAILED
        loc, target, aux = o.get("location"), o.get("target"), o.get("aux")
        src = anchor(loc, retreating=kind in ("retreat", "disband"))
        if kind == "move" and src:
            dst = anchor(target)
            if not dst:
                continue
            key = (loc.split("/")[0], target.split("/")[0])  # type: ignore[union-attr]
            chain = convoys.get(key)
            if chain or o.get("via_convoy"):
                fleets = [a for c in (chain or []) if (a := anchor(c["location"]))]
                path = _chain(src, fleets, dst)
                s0, _ = _shorten(path[0], path[1], R * 1.05, 0)
                _, e1 = _shorten(path[-2], path[-1], 0, R * 0.85)
                path = [s0, *path[1:-1], e1]
                pt.dotted(path, color, casing, r=4.2)
                pt.arrowhead(path[-1], path[-2], color, casing)
                for c in chain or []:  # the route runs under the fleets that carry it
                    unit = units.get(c["location"])
                    if unit is not None and (at := anchor(c["location"])):
                        pt.unit(unit["type"], unit["power"], at)
                moved_by_convoy.add(key)
                if failed:
                    marks.append(("x", path[-1]))
                continue
            straight_arrow(src, dst, color, casing, failed, target)
        elif kind == "retreat" and src:
            dst = anchor(target)
            if dst:
                straight_arrow(src, dst, color, casing, failed, target)
        elif kind == "support" and src:
            sup = anchor(aux)
            if not sup:
                continue
            if target:
                tgt = anchor(target)
                if not tgt:
                    continue
                akey = (aux.split("/")[0], target.split("/")[0])  # type: ignore[union-attr]
                a, b = arrows.get(akey, (sup, tgt))
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                if math.hypot(mid[0] - src[0], mid[1] - src[1]) < R * 4:
                    # neighbours: a straight line would hide under the unit; an arc, on
                    # the side where it crosses fewer names
                    names = [(x0, y0 + pt.top, x1, y1 + pt.top) for x0, y0, x1, y1 in
                             label_boxes_of(md.name, pt.labels).values()]
                    far = (2 * mid[0] - a[0], 2 * mid[1] - a[1])
                    arcs = [[p for p in _bent(src, mid, side, R * 2.2)
                             if math.hypot(p[0] - src[0], p[1] - src[1]) > R * 1.5]
                            for side in (a, far)]
                    path = min(arcs, key=lambda arc: sum(
                        1 for x, y in arc for b in names
                        if b[0] - 4 <= x <= b[2] + 4 and b[1] - 4 <= y <= b[3] + 4))
                    e = path[-1]
                    pt.dashed(path, color, casing)
                else:
                    s, e = _shorten(src, mid, R * 1.0, 5)
                    pt.dashed([s, e], color, casing)
                r = 6
                pt.d.ellipse((e[0] - r - 2, e[1] - r - 2, e[0] + r + 2, e[1] + r + 2), fill=casing)
                pt.d.ellipse((e[0] - r, e[1] - r, e[0] + r, e[1] + r), fill=color)
                if failed:
                    marks.append(("x", e))
            else:
                s, e = _shorten(src, sup, R * 1.0, R * 1.55)
                pt.dashed([s, e], color, casing)
                pt.ring(sup, R * 1.55, color, casing, width=3)
                if failed:
                    marks.append(("x", e))
        elif kind == "convoy" and src:
            pt.ring(src, R * 1.5, color, casing, width=3)
            key = ((aux or "").split("/")[0], (target or "").split("/")[0])
            if failed:
                marks.append(("x", (src[0] + R * 1.05, src[1] - R * 1.05)))
            if key in moved_by_convoy or key not in convoys:
                continue
            # A convoy whose army's move is not shown (a preview): draw the path it offers.
            start, end = anchor(aux), anchor(target)
            if start and end and convoys[key][0] is o:
                fleets = [a for c in convoys[key] if (a := anchor(c["location"]))]
                path = _chain(start, fleets, end)
                s0, _ = _shorten(path[0], path[1], R * 1.05, 0)
                _, e1 = _shorten(path[-2], path[-1], 0, R * 0.85)
                pt.dotted([s0, *path[1:-1], e1], color, casing)
                pt.arrowhead(e1, path[-2], color, casing, 0.8)
        elif kind == "hold" and src and failed:
            # A hold fails only when the unit is dislodged: ring it like a dislodged unit.
            pt.ring(src, R * 1.5, pt.p.dislodged, WHITE, width=3)
            marks.append(("x", (src[0] + R, src[1] - R)))
        elif (kind == "disband" and src) or (kind == "remove" and src):
            marks.append(("x-big", src))
        elif kind == "build" and src:
            if loc and loc.split("/")[0] not in occupied:
                pt.unit(o.get("unit_type") or "A", power, src)
            marks.append(("build", (src, power, failed)))

    for what, arg in marks:
        if what == "x":
            pt.heads.append((arg[0] - 14, arg[1] - 14, arg[0] + 14, arg[1] + 14))
            pt.cross(arg)
        elif what == "x-big":
            pt.cross(arg, size=R * 1.05)
        elif what == "build":
            at, power, failed = arg
            color, casing = pt.colors(power, "fails" if failed else "succeeds")
            pt.ring(at, R * 1.45, color, casing, width=3)
            bx, by = at[0] + R * 1.05, at[1] - R * 1.05
            r = 8
            pt.d.ellipse((bx - r - 2, by - r - 2, bx + r + 2, by + r + 2), fill=pt.p.outline)
            pt.d.ellipse((bx - r, by - r, bx + r, by + r), fill=WHITE)
            pt.d.line((bx - 5, by, bx + 5, by), fill=pt.p.outline, width=3)
            pt.d.line((bx, by - 5, bx, by + 5), fill=pt.p.outline, width=3)
            if failed:
                pt.cross(at)
    pt.clear_names()
