"""A line chart of one figure per power over the years (supply centres, influence, credits),
in the powers' map colours: ``render_chart(...) -> PNG bytes``. Pure, like the map renderer."""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from engine.render.core import draw_text
from engine.render.mapdata import load
from engine.render.palette import INK, RGB, WHITE, make_palette, mix

WIDTH, HEIGHT = 1400, 820
LEFT, RIGHT, TOP, BOTTOM = 90, 270, 112, 80
DODGE = 6  # px between lines running at the same value (a 4 px line in its casing)
GRID: RGB = (222, 218, 208)
BACKGROUND: RGB = (250, 248, 243)


def _ticks(top: float) -> list[float]:
    """About five round steps from 0 to ``top``."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / 5
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return [i * step for i in range(math.ceil(top / step) + 1)]


# Each power's line has a marker shape and a dash pattern of its own as well as its colour
# (WCAG 1.4.1): the map's i-th power gets shape i mod 7 and dashes i mod 4, so that up to 28
# powers differ in the pair.
SHAPES = ("circle", "square", "triangle", "diamond", "down", "hexagon", "star")
DASHES: tuple[tuple[float, ...], ...] = ((), (16, 7), (5, 6), (16, 6, 4, 6))


def style_of(index: int) -> tuple[str, tuple[float, ...]]:
    """(marker shape, dash pattern: on, off, … in px; () solid) of the map's index-th power."""
    return SHAPES[index % len(SHAPES)], DASHES[index % len(DASHES)]


def _marker(draw: ImageDraw.ImageDraw, shape: str, x: float, y: float, r: float,
            fill: RGB, rim: RGB) -> None:
    """One point of a line: its shape in the line's colour, rimmed."""
    def ring(n: int, start: float, radius: float, inner: float | None = None) -> list[tuple[float, float]]:
        pts = []
        for k in range(n * (2 if inner else 1)):
            a = start + k * math.pi / (n if inner else n / 2)
            rad = radius if not inner or k % 2 == 0 else inner
            pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
        return pts

    if shape == "circle":
        draw.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=rim, width=2)
        return
    if shape == "square":
        pts = [(x - r * 0.9, y - r * 0.9), (x + r * 0.9, y - r * 0.9),
               (x + r * 0.9, y + r * 0.9), (x - r * 0.9, y + r * 0.9)]
    elif shape == "triangle":
        pts = ring(3, -math.pi / 2, r * 1.25)
    elif shape == "down":
        pts = ring(3, math.pi / 2, r * 1.25)
    elif shape == "diamond":
        pts = ring(4, 0, r * 1.25)
    elif shape == "hexagon":
        pts = ring(6, 0, r * 1.1)
    else:
        pts = ring(5, -math.pi / 2, r * 1.45, r * 0.65)
    draw.polygon(pts, fill=fill, outline=rim, width=2)


def _styled_line(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: RGB,
                 dashes: tuple[float, ...]) -> None:
    """The line in a white casing, solid or in ``dashes`` (the casing follows the dashes, so
    the gaps show the grid beneath)."""
    if not dashes:
        draw.line(points, fill=WHITE, width=7, joint="curve")
        draw.line(points, fill=colour, width=4, joint="curve")
        return
    pieces: list[tuple[tuple[float, float], tuple[float, float]]] = []
    k, left, on = 0, dashes[0], True
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        seg = math.hypot(bx - ax, by - ay)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                t0, t1 = pos / seg, (pos + step) / seg
                pieces.append(((ax + (bx - ax) * t0, ay + (by - ay) * t0),
                               (ax + (bx - ax) * t1, ay + (by - ay) * t1)))
            pos += step
            left -= step
            if left <= 1e-6:
                k = (k + 1) % len(dashes)
                left, on = dashes[k], not on
    for a, b in pieces:
        draw.line([a, b], fill=WHITE, width=7)
    for a, b in pieces:
        draw.line([a, b], fill=colour, width=4)


def _number(value: float, locale: str) -> str:
    text = f"{value:g}"
    return text.replace(".", ",") if locale.startswith("fr") else text


def render_chart(series: Mapping[str, Sequence[tuple[str, float]]], *, map_name: str,
                 title: str, y_label: str, names: Mapping[str, str] | None = None,
                 locale: str = "en", palette: str = "standard") -> bytes:
    """``series``: power -> [(x label, value)] in order (every power on the same x labels);
    ``names``: power -> display name for the legend."""
    md = load(map_name)
    pal = make_palette(palette, [(p.id, p.color) for p in md.powers])
    names = names or {}
    im = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(im)
    labels: list[str] = []
    for values in series.values():
        for x, _ in values:
            if x not in labels:
                labels.append(x)
    top = max((v for values in series.values() for _, v in values), default=0.0)
    ticks = _ticks(top)
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM, TOP

    def px(i: int) -> float:
        return x0 + (x1 - x0) * (i / max(1, len(labels) - 1))

    def py(v: float) -> float:
        return y0 - (y0 - y1) * (v / ticks[-1])

    draw_text(im, (24, 24), title, INK, 30)
    for v in ticks:
        draw.line([(x0, py(v)), (x1, py(v))], fill=GRID, width=1)
        draw_text(im, (x0 - 12, py(v)), _number(v, locale), INK, 17, bold=False, anchor="rm")
    every = max(1, math.ceil(len(labels) / 14))  # no crowded labels on a long game
    for i, label in enumerate(labels):
        if i % every == 0 or i == len(labels) - 1:
            draw.line([(px(i), y0), (px(i), y0 + 6)], fill=INK, width=2)
            draw_text(im, (px(i), y0 + 12), label, INK, 17, bold=False, anchor="ma")
    draw.line([(x0, y0), (x1, y0)], fill=INK, width=2)
    draw.line([(x0, y0), (x0, y1)], fill=INK, width=2)
    draw_text(im, (x0, y1 - 16), y_label, INK, 18, bold=False, anchor="ld")
    legend = sorted(series, key=lambda p: (-(series[p][-1][1] if series[p] else 0),
                                           names.get(p, p)))
    value_at = {p: dict(values) for p, values in series.items()}

    def dodged(power: str, label: str, v: float) -> float:
        """Powers with the same value at a point side by side (in the legend's order), so
        that no line hides another where they run together."""
        level = [p for p in legend if value_at[p].get(label) == v]
        return py(v) + (level.index(power) - (len(level) - 1) / 2) * DODGE

    # lines, the largest last so they stay on top; each with a white casing and markers
    index = {p.id: i for i, p in enumerate(md.powers)}
    styles = {p: style_of(index.get(p, i)) for i, p in enumerate(series)}
    order = sorted(series, key=lambda p: (series[p][-1][1] if series[p] else 0))
    for power in order:
        colour = pal.unit(power)
        points = [(px(labels.index(label)), dodged(power, label, v))
                  for label, v in series[power]]
        if len(points) > 1:
            _styled_line(draw, points, colour, styles[power][1])
        for cx, cy in points:
            _marker(draw, styles[power][0], cx, cy, 6, colour, mix(colour, INK, 0.6))
    for row, power in enumerate(legend):
        y = TOP + 10 + row * 36
        colour = pal.unit(power)
        shape, dashes = styles[power]
        _styled_line(draw, [(x1 + 16, y + 11), (x1 + 72, y + 11)], colour, dashes)
        _marker(draw, shape, x1 + 44, y + 11, 6, colour, mix(colour, INK, 0.6))
        last = series[power][-1][1] if series[power] else 0
        draw_text(im, (x1 + 82, y + 11), f"{names.get(power, power)} ({_number(last, locale)})",
                  INK, 18, bold=False, anchor="lm")
    buf = io.BytesIO()
    im.save(buf, "PNG", optimize=False, compress_level=6)
    return buf.getvalue()
