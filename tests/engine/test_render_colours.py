"""Neighbours in the legend can be told apart at a glance: every pair of powers of every map,
in both palettes (the colour-blind one too), is at least ``MIN_DE`` CIEDE2000 apart once
lightened for land (the fill the map shows), and so are the unit colours."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from coloraide import Color

from engine.render.palette import RGB, make_palette

MIN_DE = 10.0  # ΔE00: a difference seen at a glance, not after a second look
MAPS = Path(__file__).resolve().parents[2] / "assets" / "maps"


def _de(a: RGB, b: RGB) -> float:
    return float(Color("srgb", [v / 255 for v in a]).delta_e(
        Color("srgb", [v / 255 for v in b]), method="2000"))


@pytest.mark.parametrize("palette", ["standard", "colorblind"])
@pytest.mark.parametrize("map_name", ["classic", "imperialisme"])
def test_every_pair_of_land_fills_is_far_enough_apart(map_name: str, palette: str) -> None:
    powers = [(p["id"], p["color"])
              for p in json.loads((MAPS / map_name / "map.json").read_text())["powers"]]
    pal = make_palette(palette, powers)
    close = [(round(_de(pal.fill(a), pal.fill(b)), 1), a, b)
             for (a, _), (b, _) in itertools.combinations(powers, 2)
             if _de(pal.fill(a), pal.fill(b)) < MIN_DE]
    assert close == [], f"land fills too alike on {map_name} ({palette}): {close}"
    units = [(a, b) for (a, _), (b, _) in itertools.combinations(powers, 2)
             if _de(pal.unit(a), pal.unit(b)) < MIN_DE]
    assert units == [], f"unit colours too alike on {map_name} ({palette}): {units}"


def test_sweden_and_romania_italy_and_bulgaria_are_apart() -> None:
    """The pairs players reported: teal and teal, green and green."""
    powers = [(p["id"], p["color"]) for p in
              json.loads((MAPS / "imperialisme" / "map.json").read_text())["powers"]]
    pal = make_palette("standard", powers)
    assert _de(pal.fill("sweden"), pal.fill("romania")) >= MIN_DE
    assert _de(pal.fill("italy"), pal.fill("bulgaria")) >= MIN_DE
