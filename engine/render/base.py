"""What a turn does not change, drawn once and cached.

``Base`` (per map and palette): an index image with one palette entry per space, so that land
is coloured by owner with a palette swap, and the fixed colours the PNG is written with.
``Static`` (per map, palette, labels and owners — owners change at most once a game-year): the
land, sea, borders, supply centres and province names, already mapped onto those colours. A
turn copies it and draws only units, orders, title and legend.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

import engine.render.sprites as sprites
from engine.render.cues import cues
from engine.render.layout import LABEL_FONT_SIZE
from engine.render.mapdata import MapData, load
from engine.render.painter import draw_text
from engine.render.palette import RGB, WHITE, Palette, make_palette, mix
from engine.render.spots import center_spots

TITLE_H = 64
LEGEND_ROW_H = 78
LEGEND_EXTRA_H = 26
LEGEND_COLS = 7
FOOTER_H = 18  # attribution line under the legend


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
    grounds = [p.sea, p.neutral, p.legend_bg, p.title_bg, p.impassable, WHITE]  # WHITE: cue tags
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
    # Pillow maps a colour to the palette through a coarse cache, so a colour of the palette
    # may map to a neighbour; such colours are dropped until every one maps to itself. The
    # cached static layer (already mapped) then maps again to the same colours, and a turn
    # drawn on it equals one drawn on the layer before mapping.
    while True:
        img = Image.new("P", (1, 1))
        img.putpalette([v for c in colors + [colors[0]] * (256 - len(colors)) for v in c])
        probe = Image.new("RGB", (len(colors), 1))
        probe.putdata(colors)
        mapped = probe.quantize(palette=img, dither=Image.Dither.NONE).convert("RGB").tobytes()
        kept = [c for i, c in enumerate(colors) if tuple(mapped[3 * i:3 * i + 3]) == c]
        if len(kept) == len(colors):
            return img
        colors = kept


_lock = threading.Lock()


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


def draw_static(base: Base, labels: str, owners: Mapping[str, str]) -> Image.Image:
    """The RGB map with nothing of the turn on it: land coloured by owner (a palette swap),
    borders, supply centres in their owner's colour, province names in ``labels``' language."""
    md, pal = base.map, base.palette
    colors: list[RGB] = [pal.sea] * 256
    for sid, s in md.spaces.items():
        colors[base.slots[sid]] = (pal.sea if s.kind == "sea"
                                   else pal.impassable if s.kind == "impassable"
                                   else pal.fill(owners.get(sid)))
    colors[base.fixed["border"]] = pal.border
    colors[base.fixed["title"]] = pal.title_bg
    colors[base.fixed["legend"]] = pal.legend_bg
    idx = base.index.copy()
    idx.putpalette([v for c in colors for v in c])
    im = idx.convert("RGB")
    top = base.top
    marks = cues(md.name, labels)
    spots = center_spots(md.name, labels)  # clear of the names
    for sid, s in md.spaces.items():
        if s.is_center and s.center:
            owner = owners.get(sid)
            fill = pal.unit(owner) if owner else pal.neutral
            mark = marks.get(owner, "") if owner else ""
            sprite = (sprites.star(fill, pal.outline, 1.0, mark) if md.territorial
                      else sprites.center_marker(fill, pal.outline, mark,
                                                 pal.glyph(owner) if owner else pal.outline))
            at = spots.get(sid, s.center)
            sprites.paste(im, sprite, (at[0], at[1] + top))
    # Labels: placed at conversion time where no unit can be drawn.
    for sid, s in md.spaces.items():
        if s.kind == "impassable":
            continue
        ink = pal.sea_text if s.kind == "sea" else pal.text
        draw_text(im, (s.label[0], s.label[1] + top), md.code(sid, labels).upper(), ink,
                  LABEL_FONT_SIZE, condensed=True, anchor="mm")
    return im


def quantize(base: Base, im: Image.Image) -> Image.Image:
    return im.quantize(palette=base.out_palette, dither=Image.Dither.NONE)


@lru_cache(maxsize=16)  # ~3 MB each (one byte a pixel)
def _static_cached(name: str, palette_name: str, labels: str,
                   owners: tuple[tuple[str, str], ...]) -> Image.Image:
    base = _base_cached(name, palette_name)
    return quantize(base, draw_static(base, labels, dict(owners)))


def static_layer(name: str, palette_name: str, labels: str,
                 owners: Mapping[str, str]) -> Image.Image:
    """The paletted static layer (see ``draw_static``), drawn once per map, palette, labels
    and owners."""
    key = tuple(sorted(owners.items()))
    with _lock:
        return _static_cached(name, palette_name, labels, key)


def clear_caches() -> None:
    """Forget every drawn layer (tests: a cold render)."""
    with _lock:
        _static_cached.cache_clear()
        _base_cached.cache_clear()
