"""Colours of a map: the standard palette (power colours from map.json) and a colour-blind-safe
one (from Okabe & Ito, "Color Universal Design", 2008, moved apart by tools/choose_palette.py),
plus the WCAG contrast check the tests use.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RGB = tuple[int, int, int]

# Okabe–Ito: distinguishable under protanopia, deuteranopia and tritanopia.
OKABE_ITO: dict[str, RGB] = {
    "black": (0, 0, 0), "orange": (230, 159, 0), "sky": (86, 180, 233),
    "green": (0, 158, 115), "yellow": (240, 228, 66), "blue": (0, 114, 178),
    "vermillion": (213, 94, 0), "purple": (204, 121, 167),
}
# Classic powers, from Okabe–Ito hues moved by tools/choose_palette.py until every pair of
# land fills is ≥ 20 CIEDE2000 apart and ≥ 10 as protanopes, deuteranopes and tritanopes see
# them (colorspacious); the letters on units and centres carry the rest.
COLORBLIND_CLASSIC: dict[str, RGB] = {
    "england": (0, 21, 255), "france": (81, 227, 255), "germany": (98, 89, 113),
    "italy": (2, 150, 91), "austria": (203, 35, 0), "russia": (219, 63, 230),
    "turkey": (188, 159, 49),
}
# Further powers (L'Impérialisme has 14), in map order after the classic ones, chosen with
# them by tools/choose_palette.py: neighbours ≥ 20 apart (≥ 10 under each simulated
# dichromacy), any two ≥ 12.
_EXTRA_CB: tuple[RGB, ...] = (
    (214, 253, 235), (110, 0, 2), (132, 60, 7), (189, 170, 255), (0, 52, 35), (149, 52, 109),
    (131, 255, 0),
)


def hex_rgb(value: str) -> RGB:
    v = value.lstrip("#")
    return (int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``t`` of ``b`` into ``a``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def luminance(c: RGB) -> float:
    """WCAG 2.x relative luminance."""
    def chan(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * chan(c[0]) + 0.7152 * chan(c[1]) + 0.0722 * chan(c[2])


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 (same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


WHITE: RGB = (255, 255, 255)
INK: RGB = (24, 24, 28)  # labels, outlines, legend text


def best_ink(background: RGB) -> RGB:
    """White or near-black, whichever reads better on ``background``."""
    return WHITE if contrast_ratio(WHITE, background) > contrast_ratio(INK, background) else INK


def _tint(color: RGB, background: RGB) -> RGB:
    """Land fill of an owned province: the power colour lightened until dark labels read on it
    (≥ 4.5:1) while staying recognisably that power's."""
    t = 0.45
    fill = mix(color, WHITE, t)
    while contrast_ratio(INK, fill) < 4.5 and t < 0.9:
        t += 0.05
        fill = mix(color, WHITE, t)
    return fill


@dataclass(frozen=True)
class Palette:
    name: str
    sea: RGB = (170, 204, 232)
    sea_text: RGB = (22, 58, 96)
    neutral: RGB = (238, 230, 210)
    impassable: RGB = (150, 144, 132)
    border: RGB = (70, 66, 60)
    text: RGB = INK
    title_bg: RGB = (30, 42, 54)
    title_text: RGB = WHITE
    legend_bg: RGB = (246, 243, 236)
    legend_text: RGB = INK
    outline: RGB = INK
    dislodged: RGB = (200, 16, 32)  # ring round a dislodged unit, retreat options
    failure: RGB = (200, 16, 32)  # the X on a failed order
    units: dict[str, RGB] = field(default_factory=dict)  # power -> icon/arrow colour
    fills: dict[str, RGB] = field(default_factory=dict)  # power -> owned land colour

    def unit(self, power: str) -> RGB:
        return self.units.get(power, (128, 128, 128))

    def fill(self, power: str | None) -> RGB:
        return self.fills.get(power, self.neutral) if power else self.neutral

    def faded(self, power: str) -> RGB:
        """Colour of a failed order's line: washed out towards grey."""
        return mix(self.unit(power), (205, 205, 205), 0.6)

    def glyph(self, power: str) -> RGB:
        return best_ink(self.unit(power))


def make_palette(name: str, powers: list[tuple[str, str]]) -> Palette:
    """``powers``: (id, "#rrggbb" from map.json) in map order."""
    base = Palette(name=name)
    units: dict[str, RGB] = {}
    extra = iter(_EXTRA_CB)
    for pid, color in powers:
        if name == "colorblind":
            units[pid] = COLORBLIND_CLASSIC.get(pid) or next(extra, (128, 128, 128))
        else:
            units[pid] = hex_rgb(color)
    fills = {pid: _tint(c, base.neutral) for pid, c in units.items()}
    return Palette(name=name, units=units, fills=fills)


def text_pairs(p: Palette) -> list[tuple[str, RGB, RGB]]:
    """Every (foreground, background) pair the renderer draws text or a glyph with."""
    pairs: list[tuple[str, RGB, RGB]] = [
        ("sea label", p.sea_text, p.sea),
        ("neutral label", p.text, p.neutral),
        ("title", p.title_text, p.title_bg),
        ("legend", p.legend_text, p.legend_bg),
    ]
    for pid in p.units:
        pairs.append((f"{pid} label", p.text, p.fill(pid)))
        pairs.append((f"{pid} glyph", p.glyph(pid), p.unit(pid)))
    return pairs


def shape_pairs(p: Palette) -> list[tuple[str, RGB, RGB]]:
    """Outlines that must stand out from what they are drawn on (non-text, WCAG 1.4.11 ≥ 3:1)."""
    pairs: list[tuple[str, RGB, RGB]] = [
        ("border on neutral", p.border, p.neutral),
        ("failure X on its white halo", p.failure, WHITE),
        ("dislodged ring on its white halo", p.dislodged, WHITE),
    ]
    for pid in p.units:
        for where, bg in (("sea", p.sea), ("neutral", p.neutral), ("own land", p.fill(pid))):
            pairs.append((f"{pid} outline on {where}", p.outline, bg))
    return pairs
