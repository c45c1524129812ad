"""Drawing primitives of a map: cached text masks, order strokes (arrows, dashed and dotted
lines, rings, crosses), unit sprites."""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter, ImageFont

import engine.render.sprites as sprites
from engine.render.layout import LABEL_FONT_SIZE
from engine.render.mapdata import FONTS, MapData, load
from engine.render.palette import RGB, WHITE, Palette, mix

LINE_W = 5
FAILED = ("fails", "illegal", "void")

Pt = tuple[float, float]
Box = tuple[float, float, float, float]


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


# -- geometry helpers ------------------------------------------------------------------------

def shorten(a: Pt, b: Pt, start: float, end: float) -> tuple[Pt, Pt]:
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


def label_boxes(md: MapData, labels: str) -> dict[str, Box]:
    """Each space's name as drawn (bold condensed, centred on its label point)."""
    out: dict[str, Box] = {}
    for sid, s in md.spaces.items():
        if s.kind == "impassable":
            continue
        mask, dx, dy = _text_mask(md.code(sid, labels).upper(), LABEL_FONT_SIZE, True, True, "mm")
        x, y = round(s.label[0]) + dx, round(s.label[1]) + dy
        out[sid] = (x, y, x + mask.width, y + mask.height)
    return out


@lru_cache(maxsize=8)
def label_boxes_of(name: str, labels: str) -> dict[str, Box]:
    """``label_boxes`` of a map, once per label language."""
    return label_boxes(load(name), labels)


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@lru_cache(maxsize=512)
def _halo_mask(text: str) -> tuple[Image.Image, int, int]:
    """A province name's mask grown by 2 px on every side (its halo), and its offset."""
    mask, dx, dy = _text_mask(text, LABEL_FONT_SIZE, True, True, "mm")
    grown = Image.new("L", (mask.width + 4, mask.height + 4), 0)
    grown.paste(mask, (2, 2))
    return grown.filter(ImageFilter.MaxFilter(5)), dx - 2, dy - 2


def _crosses(box: Box, a: Pt, b: Pt, width: float = 6) -> bool:
    """Whether the segment a-b (``width`` px either side) passes over ``box``."""
    for k in range(21):
        x, y = a[0] + (b[0] - a[0]) * k / 20, a[1] + (b[1] - a[1]) * k / 20
        if box[0] - width <= x <= box[2] + width and box[1] - width <= y <= box[3] + width:
            return True
    return False


class Painter:
    """Draws a turn (units, orders, title, legend) on the RGB copy of the static layer."""

    def __init__(self, im: Image.Image, md: MapData, palette: Palette, top: int,
                 cues: dict[str, str] | None = None, labels: str = "en") -> None:
        self.im = im
        self.d = ImageDraw.Draw(im)
        self.p = palette
        self.md = md
        self.top = top
        self.cues = cues or {}  # power -> the letters its units carry (engine.render.cues)
        self.labels = labels
        self.heads: list[tuple[float, float, float, float]] = []  # arrowheads and crosses
        self.shafts: list[tuple[str, Pt, Pt]] = []  # (target space, start, end) of arrows

    def xy(self, pt: Pt) -> Pt:
        return (pt[0], pt[1] + self.top)

    def paste(self, sprite: Image.Image, at: Pt) -> None:
        x = round(at[0] - sprite.width / 2)
        y = round(at[1] - sprite.height / 2)
        self.im.paste(sprite, (x, y), sprite)

    def text(self, at: Pt, text: str, color: RGB, size: int, **kw: Any) -> None:
        draw_text(self.im, at, text, color, size, **kw)

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

        outer = tri(2.5)
        self.heads.append((min(p[0] for p in outer), min(p[1] for p in outer),
                           max(p[0] for p in outer), max(p[1] for p in outer)))
        self.d.polygon(outer, fill=casing)
        self.d.polygon(tri(0), fill=color)

    def clear_names(self) -> None:
        """Province names under an arrowhead or a failure cross are written again over it,
        in a white halo: the orders never hide where they go."""
        if not self.heads and not self.shafts:
            return
        boxes = label_boxes_of(self.md.name, self.labels)
        for sid, box in boxes.items():
            box = (box[0], box[1] + self.top, box[2], box[3] + self.top)
            if not any(_meets(box, h) for h in self.heads) and not any(
                    t == sid and _crosses(box, a, b) for t, a, b in self.shafts):
                continue
            s = self.md.spaces[sid]
            text = self.md.code(sid, self.labels).upper()
            at = (round(s.label[0]), round(s.label[1] + self.top))
            halo, dx, dy = _halo_mask(text)
            self.im.paste(WHITE, (at[0] + dx, at[1] + dy), halo)
            ink = self.p.sea_text if s.kind == "sea" else self.p.text
            draw_text(self.im, at, text, ink, LABEL_FONT_SIZE, condensed=True, anchor="mm")

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
        self.paste(sprites.unit(kind, self.p.unit(power), self.p.outline, self.p.glyph(power),
                                scale, self.cues.get(power, "")), at)
