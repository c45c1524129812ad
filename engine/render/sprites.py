"""Antialiased icons (units, centre markers, stars), drawn once at 4× and cached.

Army: a rounded square with a cannon; fleet: a ship silhouette. Both in the power's colour with
a dark outline, so the two shapes differ even in greyscale (issue 3).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from engine.render.layout import CENTER_RADIUS, UNIT_RADIUS
from engine.render.mapdata import FONTS
from engine.render.palette import RGB

SS = 4  # supersampling factor
OUTLINE = 2.5  # px, final size


def _compose(mask: Image.Image, color: RGB, outline: RGB, glyph: Image.Image | None,
             glyph_color: RGB) -> Image.Image:
    """Silhouette ``mask`` (4×) -> RGBA sprite with an outline all round and an inner glyph."""
    grow = round(OUTLINE * SS) * 2 + 1
    ring = mask.filter(ImageFilter.MaxFilter(grow))
    img = Image.new("RGBA", mask.size, (*outline, 0))
    img.putalpha(ring)
    img.paste(Image.new("RGBA", mask.size, (*color, 255)), (0, 0), mask)
    if glyph is not None:
        img.paste(Image.new("RGBA", mask.size, (*glyph_color, 255)), (0, 0), glyph)
    w, h = mask.size
    return img.resize((w // SS, h // SS), Image.Resampling.LANCZOS)


def _canvas(w: float, h: float) -> tuple[Image.Image, float, float]:
    """4× canvas with room for the outline; returns (mask, centre x, centre y) in 4× pixels."""
    pad = math.ceil(OUTLINE) + 1
    W = (math.ceil(w) + 2 * pad) * SS
    H = (math.ceil(h) + 2 * pad) * SS
    return Image.new("L", (W, H), 0), W / 2, H / 2


BADGE_FONT = 12  # px: the power's cue on a unit (bold condensed)


@lru_cache(maxsize=8)
def _badge_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / "DejaVuSansCondensed-Bold.ttf"), size)


@lru_cache(maxsize=256)
def badge(mark: str, outline: RGB, size: int = BADGE_FONT) -> Image.Image:
    """The power's cue (its letters, ``engine.render.cues``) dark on a white tag with a dark
    rim: reads on any power colour, land or sea (WCAG 1.4.1: not by colour alone)."""
    f = _badge_font(size)
    left, _, right, _ = f.getbbox(mark, anchor="mm")
    h = size + 4
    w = max(h, int(right - left) + 7)
    big = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(big).rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=h * SS // 2,
                                          fill=255)
    inner = Image.new("L", (w * SS, h * SS), 0)
    ImageDraw.Draw(inner).rounded_rectangle((2 * SS, 2 * SS, (w - 2) * SS - 1,
                                             (h - 2) * SS - 1), radius=(h - 4) * SS // 2,
                                            fill=255)
    img = Image.new("RGBA", (w, h), (*outline, 0))
    img.putalpha(big.resize((w, h), Image.Resampling.LANCZOS))
    img.paste(Image.new("RGBA", (w, h), (255, 255, 255, 255)), (0, 0),
              inner.resize((w, h), Image.Resampling.LANCZOS))
    ImageDraw.Draw(img).text((w / 2, h / 2 + 0.5), mark, font=f, fill=(*outline, 255),
                             anchor="mm")
    return img


def _with_badge(sprite: Image.Image, mark: str, outline: RGB, dx: float,
                dy: float) -> Image.Image:
    """``sprite`` with the cue's tag centred at (dx, dy) from its centre; the canvas grows
    evenly so that the sprite stays centred where it is pasted."""
    if not mark:
        return sprite
    tag = badge(mark, outline)
    pad = math.ceil(max(abs(dx) + tag.width / 2 - sprite.width / 2,
                        abs(dy) + tag.height / 2 - sprite.height / 2, 0))
    out = Image.new("RGBA", (sprite.width + 2 * pad, sprite.height + 2 * pad), (0, 0, 0, 0))
    out.paste(sprite, (pad, pad))
    cx, cy = out.width / 2 + dx, out.height / 2 + dy
    out.alpha_composite(tag, (round(cx - tag.width / 2), round(cy - tag.height / 2)))
    return out


@lru_cache(maxsize=256)
def army(color: RGB, outline: RGB, glyph_color: RGB, scale: float = 1.0,
         mark: str = "") -> Image.Image:
    r = UNIT_RADIUS * scale
    mask, cx, cy = _canvas(2 * r, 2 * r)
    d = ImageDraw.Draw(mask)
    R = r * SS
    d.rounded_rectangle((cx - R, cy - R, cx + R, cy + R), radius=R * 0.35, fill=255)
    glyph = Image.new("L", mask.size, 0)
    g = ImageDraw.Draw(glyph)
    # Cannon: barrel raised to the right, a wheel, a trail on the ground.
    a = math.radians(-28)
    ux, uy = math.cos(a), math.sin(a)
    nx, ny = -uy, ux
    bx, by = cx - 0.62 * R, cy + 0.28 * R  # breech
    length, t0, t1 = 1.45 * R, 0.20 * R, 0.14 * R
    g.polygon([(bx + nx * t0, by + ny * t0), (bx + ux * length + nx * t1, by + uy * length + ny * t1),
               (bx + ux * length - nx * t1, by + uy * length - ny * t1),
               (bx - nx * t0, by - ny * t0)], fill=255)
    g.ellipse((bx - t0, by - t0, bx + t0, by + t0), fill=255)
    wx, wy, wr = cx - 0.12 * R, cy + 0.38 * R, 0.36 * R
    g.ellipse((wx - wr, wy - wr, wx + wr, wy + wr), fill=255)
    g.ellipse((wx - wr * 0.45, wy - wr * 0.45, wx + wr * 0.45, wy + wr * 0.45), fill=0)
    g.ellipse((wx - wr * 0.18, wy - wr * 0.18, wx + wr * 0.18, wy + wr * 0.18), fill=255)
    g.line((cx - 0.75 * R, cy + 0.74 * R, cx + 0.72 * R, cy + 0.74 * R), fill=255,
           width=round(0.12 * R))
    # the cue at the top left, where the cannon leaves the square empty
    return _with_badge(_compose(mask, color, outline, glyph, glyph_color), mark, outline,
                       -0.85 * r, -0.85 * r)


@lru_cache(maxsize=256)
def fleet(color: RGB, outline: RGB, glyph_color: RGB, scale: float = 1.0,
          mark: str = "") -> Image.Image:
    r = UNIT_RADIUS * scale
    mask, cx, cy = _canvas(2.7 * r, 2.0 * r)
    d = ImageDraw.Draw(mask)
    R = r * SS
    deck = cy + 0.05 * R
    d.polygon([(cx - 1.35 * R, deck), (cx + 1.35 * R, deck - 0.12 * R),
               (cx + 0.95 * R, cy + 0.72 * R), (cx - 1.05 * R, cy + 0.72 * R)], fill=255)
    d.rectangle((cx - 0.7 * R, deck - 0.45 * R, cx + 0.55 * R, deck + 2), fill=255)
    d.rectangle((cx - 0.35 * R, deck - 0.9 * R, cx + 0.2 * R, deck - 0.4 * R), fill=255)
    d.rectangle((cx + 0.5 * R, deck - 0.62 * R, cx + 1.0 * R, deck - 0.42 * R), fill=255)  # gun
    d.rectangle((cx - 0.12 * R, deck - 1.05 * R, cx - 0.02 * R, deck), fill=255)  # mast
    glyph = Image.new("L", mask.size, 0)
    g = ImageDraw.Draw(glyph)
    # A band along the hull and portholes: tells a ship at a glance even when small.
    g.line((cx - 1.0 * R, deck + 0.3 * R, cx + 1.05 * R, deck + 0.27 * R), fill=255,
           width=round(0.13 * R))
    for k in (-0.45, 0.0, 0.45):
        px, py, pr = cx + k * R, deck - 0.2 * R, 0.09 * R
        g.ellipse((px - pr, py - pr, px + pr, py + pr), fill=255)
    # the cue above the bow, left of the superstructure
    return _with_badge(_compose(mask, color, outline, glyph, glyph_color), mark, outline,
                       -0.95 * r, -0.7 * r)


def unit(kind: str, color: RGB, outline: RGB, glyph_color: RGB, scale: float = 1.0,
         mark: str = "") -> Image.Image:
    return (fleet if kind == "F" else army)(color, outline, glyph_color, scale, mark)


@lru_cache(maxsize=64)
def center_marker(color: RGB, outline: RGB, mark: str = "",
                  ink: RGB = (255, 255, 255)) -> Image.Image:
    """Supply centre: a filled disc with a dark ring and a light dot, like the board's; an
    owned one has its owner's cue (``mark``, in ``ink``) in place of the dot, a little
    larger so that two letters fit."""
    r = CENTER_RADIUS + (2 if mark else 0)
    mask, cx, cy = _canvas(2 * r, 2 * r)
    d = ImageDraw.Draw(mask)
    R = r * SS
    d.ellipse((cx - R, cy - R, cx + R, cy + R), fill=255)
    glyph = Image.new("L", mask.size, 0)
    g = ImageDraw.Draw(glyph)
    if mark:
        f = _badge_font((13 if len(mark) == 1 else 10) * SS)
        g.text((cx, cy + SS), mark, font=f, fill=255, anchor="mm")
        return _compose(mask, color, outline, glyph, ink)
    g.ellipse((cx - R * 0.62, cy - R * 0.62, cx + R * 0.62, cy + R * 0.62), fill=255)
    g.ellipse((cx - R * 0.32, cy - R * 0.32, cx + R * 0.32, cy + R * 0.32), fill=0)
    return _compose(mask, color, outline, glyph, outline)


@lru_cache(maxsize=256)
def star(color: RGB, outline: RGB, scale: float = 1.0, mark: str = "") -> Image.Image:
    """Starred territory of L'Impérialisme (worth 2 influence)."""
    r = CENTER_RADIUS * 1.35 * scale
    mask, cx, cy = _canvas(2 * r, 2 * r)
    d = ImageDraw.Draw(mask)
    R = r * SS
    pts = []
    for k in range(10):
        rad = R if k % 2 == 0 else R * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    d.polygon(pts, fill=255)
    # the owner's cue on a tag at the star's lower right
    return _with_badge(_compose(mask, color, outline, None, outline), mark, outline,
                       0.95 * r, 0.75 * r)


def paste(target: Image.Image, sprite: Image.Image, at: tuple[float, float]) -> None:
    """Centre ``sprite`` on ``at``."""
    x = round(at[0] - sprite.width / 2)
    y = round(at[1] - sprite.height / 2)
    target.paste(sprite, (x, y), sprite)
