"""The one map renderer: a STATE (+ structured ORDER dicts with their status) -> PNG bytes.

Pure and thread-safe: reads assets once (cached), returns bytes. Speed (a turn with its post
≤ 30 ms): land, sea, borders, centres and names come from a cached paletted layer
(``base.py``); a turn draws only units, orders, title and legend on its RGB copy, maps it
onto the fixed palette and writes the PNG directly, deflated by ISA-L (``png.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

import engine.render.sprites as sprites
from engine import variants
from engine.render.base import (
    LEGEND_COLS,
    LEGEND_EXTRA_H,
    LEGEND_ROW_H,
    TITLE_H,
    Base,
    base_layer,
    draw_static,
    quantize,
    static_layer,
)
from engine.render.cues import cues
from engine.render.layout import UNIT_RADIUS
from engine.render.mapdata import MapData
from engine.render.orders import draw_orders
from engine.render.painter import Painter, Pt, draw_text, shorten
from engine.render.palette import WHITE
from engine.render.png import encode_paletted
from engine.render.text import count, lang, phase_title, word

LABELS = ("en", "fr")

__all__ = ["TITLE_H", "base_layer", "draw_map", "draw_text", "encode", "out_palette",
           "owners_of", "render_map"]


def owners_of(state: dict[str, Any], md: MapData) -> dict[str, str]:
    """Space -> power colouring it: supply-centre owner (classic, docs/RULES.md §2.13.1:
    ownership changes
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


def render_map(state: dict[str, Any], *, orders: list[dict[str, Any]] | None = None,
               locale: str = "en", palette: str = "standard",
               extra_legend: dict[str, Any] | None = None,
               preview_power: str | None = None, map_name: str | None = None,
               title: Mapping[str, str] | None = None, labels: str | None = None) -> bytes:
    """PNG of ``state`` on ``map_name`` (default: the STATE's "map", else its "variant");
    ``title``: the game's display name per language, shown beside the phase. ``orders``:
    structured ORDER dicts with "power" and "status" ("succeeds"/"fails"/"illegal"/"void",
    or "pending" for a preview); ``extra_legend``: {"title": str, "rows": {power: str}} (Duel:
    controller and credits; Impérialisme: influence); ``preview_power``: title says whose
    pending orders these are; ``labels``: "en" or "fr" province abbreviations (default: the
    locale's)."""
    return encode(draw_map(state, orders=orders, locale=locale, palette=palette,
                           extra_legend=extra_legend, preview_power=preview_power,
                           map_name=map_name, title=title, labels=labels))


def out_palette(map_name: str, palette: str = "standard") -> Image.Image:
    """The fixed colours a map is written with (one palette for every frame of a GIF)."""
    return base_layer(map_name, palette).out_palette


def encode(im: Image.Image) -> bytes:
    return encode_paletted(im)


def draw_map(state: dict[str, Any], *, orders: list[dict[str, Any]] | None = None,
             locale: str = "en", palette: str = "standard",
             extra_legend: dict[str, Any] | None = None,
             preview_power: str | None = None, map_name: str | None = None,
             title: Mapping[str, str] | None = None, labels: str | None = None,
             paletted: bool = True, cached: bool = True) -> Image.Image:
    """The map as a paletted Pillow image (what ``render_map`` encodes); ``paletted=False``:
    the RGB image before the final quantisation (for a caller that scales it first);
    ``cached=False``: the static layer drawn anew, not taken from the cache (what a cached
    render equals, pixel for pixel)."""
    name = map_name or str(state.get("map") or state.get("variant")
                           or variants.get(variants.DEFAULT).map_name)
    base = base_layer(name, palette)
    md = base.map
    labels = labels if labels in LABELS else lang(locale)
    owners = owners_of(state, md)
    static = static_layer(name, palette, labels, owners) if cached else None
    im = static.convert("RGB") if static is not None else draw_static(base, labels, owners)
    pt = Painter(im, md, base.palette, base.top, cues(name, labels), labels)
    _draw_turn(pt, base, state, orders, owners, locale, extra_legend, preview_power, title)
    if not paletted:
        return im
    return quantize(base, im)


def _draw_turn(pt: Painter, base: Base, state: dict[str, Any],
               orders: list[dict[str, Any]] | None, owners: dict[str, str], locale: str,
               extra_legend: dict[str, Any] | None, preview_power: str | None,
               title: Mapping[str, str] | None) -> None:
    """Units, then dislodged units beside them (red ring), then orders over everything; the
    title and legend."""
    md, pal = base.map, base.palette
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
                    a, b = shorten(at, pt.xy(d), UNIT_RADIUS * 1.3, UNIT_RADIUS * 0.9)
                    pt.dashed([a, b], pal.dislodged, WHITE, width=2)
                    pt.arrowhead(b, a, pal.dislodged, WHITE, 0.6)
        pt.ring(at, UNIT_RADIUS * 1.5, pal.dislodged, WHITE, width=3)
        pt.unit(u["type"], u["power"], at)

    if orders:
        draw_orders(pt, orders, state, occupied, dislodged_at)

    _title(pt, base, state, locale, preview_power, title)
    _legend(pt, base, state, owners, locale, extra_legend)


def _title(pt: Painter, base: Base, state: dict[str, Any], locale: str,
           preview_power: str | None, names: Mapping[str, str] | None) -> None:
    md, pal = base.map, base.palette
    game = (names or {}).get(lang(locale)) or (names or {}).get("en")
    phase = phase_title(state.get("phase"), locale, state.get("variant"))
    title = phase or state.get("title") or game or ""
    if preview_power:
        info = md.power(preview_power)
        title += " — " + word("preview", locale,
                              power=info.name(locale) if info else preview_power)
    pt.text((24, TITLE_H / 2), title, pal.title_text, 32, anchor="lm")
    if phase and game and md.width >= 1200:  # room for both
        pt.text((md.width - 24, TITLE_H / 2), game, pal.title_text, 24,
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
        pt.paste(sprites.army(pal.unit(p.id), pal.outline, pal.glyph(p.id), 1.0,
                              pt.cues.get(p.id, "")),
                 (x + UNIT_RADIUS + 2, y + UNIT_RADIUS + 4))
        tx = x + 2 * UNIT_RADIUS + 14
        pt.text((tx, y + 2), p.name(locale), pal.legend_text, 21)
        if md.territorial:
            n = sum(1 for o in owners.values() if o == p.id)
            line = count(n, "territory", "territories", locale)
        else:
            n = len((state.get("centers") or {}).get(p.id, []))
            line = count(n, "center", "centers", locale)
        pt.text((tx, y + 30), line, pal.legend_text, 19, bold=False)
        if rows.get(p.id) is not None:
            label = f"{extra.get('title', '')}: {rows[p.id]}" if extra and extra.get("title") \
                else str(rows[p.id])
            pt.text((tx, y + 56), label, pal.legend_text, 17, bold=False)
    note = md.attribution.split(";")[0] if md.attribution else ""
    if note:
        pt.text((md.width - 12, base.top + md.height + base.legend_h - 4), note,
                pal.legend_text, 13, bold=False, anchor="rd")
