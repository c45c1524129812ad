"""The one map renderer: a STATE (+ structured ORDER dicts with their status) -> PNG bytes.

Pure and thread-safe: reads assets once (cached), draws on a fresh image per call, returns bytes.
Speed (DESIGN.md budget: ≤ 60 ms for 34 units and all orders): the base layer is an index image
(one palette entry per space) so colouring land by owner is a palette swap; icons are cached
antialiased sprites; the result is mapped onto a fixed palette and written as a paletted PNG.
"""

from __future__ import annotations

import io
import itertools
import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.render import sprites
from engine.render.layout import LABEL_FONT_SIZE, UNIT_RADIUS
from engine.render.mapdata import FONTS, MapData, load
from engine.render.palette import RGB, WHITE, Palette, make_palette, mix
from engine.render.text import count, lang, phase_title, word

TITLE_H = 64
LEGEND_ROW_H = 78
LEGEND_EXTRA_H = 26
LEGEND_COLS = 7
FOOTER_H = 18  # attribution line under the legend
LINE_W = 5
CASING_W = 9
FAILED = ("fails", "illegal", "void")

Pt = tuple[float, float]


# -- cached resources ------------------------------------------------------------------------

@lru_cache(maxsize=32)
def font(size: int, bold: bool = True, condensed: bool = False) -> ImageFont.FreeTypeFont:
    name = ("DejaVuSansCondensed-Bold.ttf" if condensed
            else "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(FONTS / name), size)


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, condensed: bool,
               anchor: str) -> tuple[Image.Image, int, int]:
    """Antialiased coverage mask of ``text`` and its offset from the anchor point; cached so a
    render pastes ~100 strings without running FreeType again."""
    f = font(size, bold, condensed)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def draw_text(im: Image.Image, at: Pt, text: str, color: RGB, size: int, *, bold: bool = True,
              condensed: bool = False, anchor: str = "la") -> None:
    mask, dx, dy = _text_mask(text, size, bold, condensed, anchor)
    im.paste(color, (round(at[0]) + dx, round(at[1]) + dy), mask)


_lock = threading.Lock()


@dataclass(frozen=True, eq=False)
class Base:
    """Everything that does not change between turns for one (map, palette)."""
    map: MapData
    palette: Palette
    index: Image.Image  # "P": 0 sea background, 1..n spaces, then fixed colours
    slots: dict[str, int]  # space id -> palette index
    fixed: dict[str, int]  # "border", "title", "legend" -> palette index
    out_palette: Image.Image  # the colours the PNG is written with
    legend_h: int
    top: int  # y of the map below the title band


def _legend_height(n_powers: int) -> int:
    rows = max(1, math.ceil(n_powers / LEGEND_COLS))
    return rows * (LEGEND_ROW_H + LEGEND_EXTRA_H) + 10 + FOOTER_H


def _out_palette(p: Palette) -> Image.Image:
    """Fixed output colours: every flat colour plus blends for antialiased edges."""
    flat = [p.sea, p.sea_text, p.neutral, p.impassable, p.border, p.text, p.title_bg,
            p.title_text, p.legend_bg, p.legend_text, p.outline, p.dislodged, p.failure, WHITE,
            (0, 0, 0), mix(p.outline, WHITE, 0.5)]
    for pid in p.units:
        flat += [p.unit(pid), p.fill(pid), p.faded(pid), p.glyph(pid)]
    grounds = [p.sea, p.neutral, p.legend_bg, p.title_bg, p.impassable]
    grounds += [p.fill(pid) for pid in p.units] + [p.unit(pid) for pid in p.units]
    inks = [p.outline, p.sea_text, WHITE, p.failure]
    blends = []
    for steps in ((0.5,), (0.25, 0.75)):
        for ink in inks:
            for g in grounds:
                blends += [mix(g, ink, t) for t in steps]
    colors: list[RGB] = []
    for c in flat + blends:
        if c not in colors:
            colors.append(c)
    colors = colors[:256]
    colors += [colors[0]] * (256 - len(colors))
    img = Image.new("P", (1, 1))
    img.putpalette([v for c in colors for v in c])
    return img


@lru_cache(maxsize=16)
def _base_cached(name: str, palette_name: str) -> Base:
    md = load(name)
    pal = make_palette(palette_name, [(p.id, p.color) for p in md.powers])
    legend_h = _legend_height(len(md.powers))
    W, H = md.width, TITLE_H + md.height + legend_h
    order = [s for k in ("sea", "land", "impassable") for s in md.spaces.values() if s.kind == k]
    slots = {s.id: i + 1 for i, s in enumerate(order)}
    fixed = {"border": 250, "title": 251, "legend": 252}
    assert len(slots) < 250, "too many spaces for one palette"
    idx = Image.new("P", (W, H), 0)
    d = ImageDraw.Draw(idx)
    top = TITLE_H
    for s in order:
        for ring in s.polygons:
            d.polygon([(x, y + top) for x, y in ring], fill=slots[s.id])
    for s in order:
        for ring in s.polygons:
            pts = [(x, y + top) for x, y in ring]
            d.line([*pts, pts[0]], fill=fixed["border"], width=2 if s.kind != "sea" else 1)
    d.rectangle((0, 0, W, TITLE_H - 1), fill=fixed["title"])
    d.rectangle((0, top + md.height, W, H), fill=fixed["legend"])
    return Base(map=md, palette=pal, index=idx, slots=slots, fixed=fixed,
                out_palette=_out_palette(pal), legend_h=legend_h, top=top)


def base_layer(name: str, palette_name: str) -> Base:
    with _lock:
        return _base_cached(name, palette_name)


# -- state reading ---------------------------------------------------------------------------

def owners_of(state: dict[str, Any], md: MapData) -> dict[str, str]:
    """Space -> power colouring it: supply-centre owner (classic, RULES.md: ownership changes
    after Fall), or territory owner (L'Impérialisme)."""
    if md.territorial:
        own = {sid: s.owner for sid, s in md.spaces.items() if s.owner}
        own.update({k: v for k, v in (state.get("owners") or {}).items() if v})
        return own
    out: dict[str, str] = {}
    for power, centers in (state.get("centers") or {}).items():
        for c in centers:
            out[c.split("/")[0]] = power
    return out


# -- geometry helpers ------------------------------------------------------------------------

def _shorten(a: Pt, b: Pt, start: float, end: float) -> tuple[Pt, Pt]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    start = min(start, n * 0.4)
    end = min(end, n * 0.4)
    return (a[0] + ux * start, a[1] + uy * start), (b[0] - ux * end, b[1] - uy * end)


def _dashes(points: list[Pt], on: float, off: float) -> list[tuple[Pt, Pt]]:
    out: list[tuple[Pt, Pt]] = []
    drawing, left = True, on
    for a, b in itertools.pairwise(points):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if drawing:
                t0, t1 = pos / seg, (pos + step) / seg
                out.append(((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                            (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)))
            pos += step
            left -= step
            if left <= 1e-6:
                drawing = not drawing
                left = on if drawing else off
    return out


def _along(points: list[Pt], spacing: float) -> list[Pt]:
    out: list[Pt] = []
    carry = 0.0
    for a, b in itertools.pairwise(points):
        seg = math.hypot(b[0] - a[0], b[1] - a[1])
        pos = carry
        while pos <= seg:
            t = pos / seg if seg else 0
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            pos += spacing
        carry = pos - seg
    return out


# -- drawing primitives ----------------------------------------------------------------------

class Painter:
    def __init__(self, im: Image.Image, base: Base) -> None:
        self.im = im
        self.d = ImageDraw.Draw(im)
        self.p = base.palette
        self.md = base.map
        self.top = base.top

    def xy(self, pt: Pt) -> Pt:
        return (pt[0], pt[1] + self.top)

    def colors(self, power: str, status: str) -> tuple[RGB, RGB]:
        """(line colour, casing colour) of an order in the style of its status."""
        if status in FAILED:
            return self.p.faded(power), mix(self.p.outline, WHITE, 0.5)
        return self.p.unit(power), self.p.outline

    def arrowhead(self, tip: Pt, frm: Pt, color: RGB, casing: RGB, size: float = 1.0) -> None:
        dx, dy = tip[0] - frm[0], tip[1] - frm[1]
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n, dy / n
        length, half = 20 * size, 11 * size

        def tri(grow: float) -> list[Pt]:
            t = (tip[0] + ux * grow, tip[1] + uy * grow)
            b = (tip[0] - ux * (length + grow), tip[1] - uy * (length + grow))
            h = half + grow
            return [t, (b[0] - uy * h, b[1] + ux * h), (b[0] + uy * h, b[1] - ux * h)]

        self.d.polygon(tri(2.5), fill=casing)
        self.d.polygon(tri(0), fill=color)

    def polyline(self, pts: list[Pt], color: RGB, casing: RGB, width: int = LINE_W) -> None:
        self.d.line(pts, fill=casing, width=width + 4, joint="curve")
        for p in (pts[0], pts[-1]):
            r = (width + 4) / 2
            self.d.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=casing)
        self.d.line(pts, fill=color, width=width, joint="curve")

    def dashed(self, pts: list[Pt], color: RGB, casing: RGB, width: int = 4) -> None:
        dashes = _dashes(pts, 13, 8)
        for a, b in dashes:
            self.d.line((a, b), fill=casing, width=width + 4)
        for a, b in dashes:
            self.d.line((a, b), fill=color, width=width)

    def dotted(self, pts: list[Pt], color: RGB, casing: RGB, r: float = 3.6) -> None:
        for x, y in _along(pts, 12):
            self.d.ellipse((x - r - 1.5, y - r - 1.5, x + r + 1.5, y + r + 1.5), fill=casing)
            self.d.ellipse((x - r, y - r, x + r, y + r), fill=color)

    def cross(self, at: Pt, size: float = 9, color: RGB | None = None) -> None:
        """The failure mark: a red X with a white halo."""
        c = color or self.p.failure
        x, y = at
        for w, fill in ((9, WHITE), (5, c)):
            self.d.line((x - size, y - size, x + size, y + size), fill=fill, width=w)
            self.d.line((x - size, y + size, x + size, y - size), fill=fill, width=w)

    def ring(self, at: Pt, r: float, color: RGB, casing: RGB, width: int = 4) -> None:
        x, y = at
        self.d.ellipse((x - r, y - r, x + r, y + r), outline=casing, width=width + 4)
        self.d.ellipse((x - r + 2, y - r + 2, x + r - 2, y + r - 2), outline=color, width=width)

    def unit(self, kind: str, power: str, at: Pt, scale: float = 1.0) -> None:
        sprite = sprites.unit(kind, self.p.unit(power), self.p.outline, self.p.glyph(power), scale)
        sprites.paste(self.im, sprite, at)


# -- orders ----------------------------------------------------------------------------------

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


def _draw_orders(pt: Painter, orders: list[dict[str, Any]], state: dict[str, Any],
                 occupied: set[str], dislodged_at: dict[str, Pt]) -> None:
    md = pt.md
    R = UNIT_RADIUS

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
                moved_by_convoy.add(key)
                if failed:
                    marks.append(("x", path[-1]))
                continue
            a, b = _shorten(src, dst, R * 1.05, R * 0.85)
            pt.polyline([a, b], color, casing)
            pt.arrowhead(b, a, color, casing)
            if failed:
                marks.append(("x", b))
        elif kind == "retreat" and src:
            dst = anchor(target)
            if dst:
                a, b = _shorten(src, dst, R * 1.05, R * 0.85)
                pt.polyline([a, b], color, casing)
                pt.arrowhead(b, a, color, casing)
                if failed:
                    marks.append(("x", b))
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


# -- the map ---------------------------------------------------------------------------------

def render_map(state: dict[str, Any], *, orders: list[dict[str, Any]] | None = None,
               locale: str = "en", palette: str = "standard",
               extra_legend: dict[str, Any] | None = None,
               preview_power: str | None = None, map_name: str | None = None,
               title: Mapping[str, str] | None = None) -> bytes:
    """PNG of ``state`` on ``map_name`` (default: the STATE's "map", else its "variant");
    ``title``: the game's display name per language, shown beside the phase. ``orders``: structured ORDER dicts with "power" and "status"
    ("succeeds"/"fails"/"illegal"/"void", or "pending" for a preview); ``extra_legend``:
    {"title": str, "rows": {power: str}} (Duel: controller and credits; Impérialisme:
    influence); ``preview_power``: title says whose pending orders these are."""
    return encode(draw_map(state, orders=orders, locale=locale, palette=palette,
                           extra_legend=extra_legend, preview_power=preview_power,
                           map_name=map_name, title=title))


def out_palette(map_name: str, palette: str = "standard") -> Image.Image:
    """The fixed colours a map is written with (one palette for every frame of a GIF)."""
    return base_layer(map_name, palette).out_palette


def encode(im: Image.Image) -> bytes:
    buf = io.BytesIO()
    # Level 1: a paletted map compresses well anyway (~150 KB); higher levels cost 5× the time.
    im.save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def draw_map(state: dict[str, Any], *, orders: list[dict[str, Any]] | None = None,
             locale: str = "en", palette: str = "standard",
             extra_legend: dict[str, Any] | None = None,
             preview_power: str | None = None, map_name: str | None = None,
             title: Mapping[str, str] | None = None, paletted: bool = True) -> Image.Image:
    """The map as a paletted Pillow image (what ``render_map`` encodes); ``paletted=False``:
    the RGB image before the final quantisation (for a caller that scales it first)."""
    base = base_layer(map_name or str(state.get("map") or state.get("variant") or "classic"),
                      palette)
    md, pal = base.map, base.palette
    owners = owners_of(state, md)

    # Colour every space by palette swap: no polygon is filled per call.
    colors: list[RGB] = [pal.sea] * 256
    for sid, s in md.spaces.items():
        i = base.slots[sid]
        colors[i] = (pal.sea if s.kind == "sea" else pal.impassable if s.kind == "impassable"
                     else pal.fill(owners.get(sid)))
    colors[base.fixed["border"]] = pal.border
    colors[base.fixed["title"]] = pal.title_bg
    colors[base.fixed["legend"]] = pal.legend_bg
    idx = base.index.copy()
    idx.putpalette([v for c in colors for v in c])
    im = idx.convert("RGB")
    pt = Painter(im, base)

    # Supply centres / stars in the owner's colour.
    for sid, s in md.spaces.items():
        if s.is_center and s.center:
            owner = owners.get(sid)
            fill = pal.unit(owner) if owner else pal.neutral
            sprite = (sprites.star(fill, pal.outline) if md.territorial
                      else sprites.center_marker(fill, pal.outline))
            sprites.paste(im, sprite, pt.xy(s.center))

    # Labels: placed at conversion time where no unit can be drawn.
    for sid, s in md.spaces.items():
        if s.kind == "impassable":
            continue
        ink = pal.sea_text if s.kind == "sea" else pal.text
        draw_text(im, pt.xy(s.label), sid.upper(), ink, LABEL_FONT_SIZE, condensed=True,
                  anchor="mm")

    # Units, then dislodged units beside them (red ring), then orders over everything.
    occupied: set[str] = set()
    for u in state.get("units") or []:
        at = md.anchor(u["location"])
        if at:
            pt.unit(u["type"], u["power"], pt.xy(at))
            occupied.add(u["location"].split("/")[0])
    dislodged_at: dict[str, Pt] = {}
    retreating = (state.get("phase") or "").upper().endswith("R")
    ordered_retreats = {(o.get("location") or "").split("/")[0] for o in orders or []
                        if o.get("kind") in ("retreat", "disband")}
    for u in state.get("dislodged") or []:
        sid = u["location"].split("/")[0]
        space = md.spaces.get(sid)
        if not space:
            continue
        dislodged_at[sid] = space.dislodged
        at = pt.xy(space.dislodged)
        if retreating and sid not in ordered_retreats:
            # The legal retreats (engine's "retreats" list) as thin dashed red arrows.
            for dest in u.get("retreats") or []:
                d = md.anchor(dest)
                if d:
                    a, b = _shorten(at, pt.xy(d), UNIT_RADIUS * 1.3, UNIT_RADIUS * 0.9)
                    pt.dashed([a, b], pal.dislodged, WHITE, width=2)
                    pt.arrowhead(b, a, pal.dislodged, WHITE, 0.6)
        pt.ring(at, UNIT_RADIUS * 1.5, pal.dislodged, WHITE, width=3)
        pt.unit(u["type"], u["power"], at)

    if orders:
        _draw_orders(pt, orders, state, occupied, dislodged_at)

    _title(pt, base, state, locale, preview_power, title)
    _legend(pt, base, state, owners, locale, extra_legend)
    if not paletted:
        return im
    return im.quantize(palette=base.out_palette, dither=Image.Dither.NONE)


def _title(pt: Painter, base: Base, state: dict[str, Any], locale: str,
           preview_power: str | None, names: Mapping[str, str] | None) -> None:
    md, pal = base.map, base.palette
    game = (names or {}).get(lang(locale)) or (names or {}).get("en")
    title = phase_title(state.get("phase"), locale) or state.get("title") or game or ""
    if preview_power:
        info = md.power(preview_power)
        title += " — " + word("preview", locale,
                              power=info.name(locale) if info else preview_power)
    draw_text(pt.im, (24, TITLE_H / 2), title, pal.title_text, 32, anchor="lm")
    if phase_title(state.get("phase"), locale) and game and md.width >= 1200:  # room for both
        draw_text(pt.im, (md.width - 24, TITLE_H / 2), game, pal.title_text, 24,
                  bold=False, anchor="rm")


def _legend(pt: Painter, base: Base, state: dict[str, Any], owners: dict[str, str],
            locale: str, extra: dict[str, Any] | None) -> None:
    md, pal = base.map, base.palette
    y0 = base.top + md.height
    cols = min(LEGEND_COLS, len(md.powers))
    cw = md.width / cols
    rows = (extra or {}).get("rows") or {}
    units_of: dict[str, int] = {}
    for u in state.get("units") or []:
        units_of[u["power"]] = units_of.get(u["power"], 0) + 1
    for i, p in enumerate(md.powers):
        r, c = divmod(i, cols)
        x = c * cw + 14
        y = y0 + 10 + r * (LEGEND_ROW_H + LEGEND_EXTRA_H)
        sprites.paste(pt.im, sprites.army(pal.unit(p.id), pal.outline, pal.glyph(p.id)),
                      (x + UNIT_RADIUS + 2, y + UNIT_RADIUS + 4))
        tx = x + 2 * UNIT_RADIUS + 14
        draw_text(pt.im, (tx, y + 2), p.name(locale), pal.legend_text, 21)
        if md.territorial:
            n = sum(1 for o in owners.values() if o == p.id)
            line = count(n, "territory", "territories", locale)
        else:
            n = len((state.get("centers") or {}).get(p.id, []))
            line = count(n, "center", "centers", locale)
        draw_text(pt.im, (tx, y + 30), line, pal.legend_text, 19, bold=False)
        if rows.get(p.id) is not None:
            label = f"{extra.get('title', '')}: {rows[p.id]}" if extra and extra.get("title") \
                else str(rows[p.id])
            draw_text(pt.im, (tx, y + 56), label, pal.legend_text, 17, bold=False)
    note = md.attribution.split(";")[0] if md.attribution else ""
    if note:
        draw_text(pt.im, (md.width - 12, base.top + md.height + base.legend_h - 4), note,
                  pal.legend_text, 13, bold=False, anchor="rd")
