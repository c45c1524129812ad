"""Where a supply centre's marker is drawn: at the board's centre point unless the marker (a
star and its owner's tag on L'Impérialisme) would cover a province name; then at the nearest
free spot inside the territory, around its name. Computed once per map and label language."""

from __future__ import annotations

from functools import cache

from engine.render.layout import CENTER_RADIUS
from engine.render.mapdata import MapData, Point, load
from engine.render.painter import Box, label_boxes

GAP = 3  # px kept between a marker and a name


def marker_box(md: MapData, at: Point) -> Box:
    """What a centre marker covers around ``at``: a star and its tag (lower right) on a
    territorial map, a disc elsewhere."""
    if md.territorial:
        r = CENTER_RADIUS * 1.35
        return (at[0] - r - 2, at[1] - r - 2, at[0] + r + 24, at[1] + r + 9)
    r = CENTER_RADIUS + 4
    return (at[0] - r, at[1] - r, at[0] + r, at[1] + r)


def overlap(a: Box, b: Box) -> float:
    """Area shared by two boxes."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _inside(md: MapData, sid: str, p: Point) -> bool:
    x, y = p
    for ring in md.spaces[sid].polygons:
        hit = False
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        if hit:
            return True
    return False


@cache
def center_spots(name: str, labels: str) -> dict[str, Point]:
    """Space -> where its centre marker goes, clear of every name when a spot inside the
    territory allows it."""
    md = load(name)
    names = label_boxes(md, labels)
    out: dict[str, Point] = {}
    for sid, s in md.spaces.items():
        if not (s.is_center and s.center):
            continue
        if not any(overlap(marker_box(md, s.center), box) for box in names.values()):
            out[sid] = s.center
            continue
        lx, ly = s.label
        x0, y0, x1, y1 = names.get(sid, (lx, ly, lx, ly))
        b = marker_box(md, (0, 0))
        below, above = y1 + GAP - b[1], y0 - GAP - b[3]
        right, left = x1 + GAP - b[0], x0 - GAP - b[2]
        candidates = [(lx, below), (lx, above), (right, ly), (left, ly),
                      (right, below), (left, below), (right, above), (left, above)]
        for step in (8, 16, 24, 36, 48):  # then further out, below and above first
            candidates += [(lx, below + step), (lx, above - step), (right + step, ly),
                           (left - step, ly)]
        # inside the territory, clear of every name; else inside and covering the least
        best, least = s.center, sum(overlap(marker_box(md, s.center), nb)
                                    for nb in names.values())
        for c in candidates:
            if not _inside(md, sid, c):
                continue
            covered = sum(overlap(marker_box(md, c), nb) for nb in names.values())
            if covered < least:
                best, least = c, covered
            if covered == 0:
                break
        out[sid] = best
    return out
