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


# -- colours that really differ (CIEDE2000, as land fills; tools/choose_palette.py) ----------

def _simulated(c: RGB, kind: str) -> RGB:
    """``c`` as a dichromat sees it (colorspacious, severity 100)."""
    import numpy as np
    from colorspacious import cspace_convert

    sim = cspace_convert(np.array(c) / 255.0, {"name": "sRGB1+CVD", "cvd_type": kind,
                                               "severity": 100}, "sRGB1")
    return tuple(round(min(1.0, max(0.0, float(v))) * 255) for v in sim)  # type: ignore[return-value]


def _powers(map_name: str) -> list[tuple[str, str]]:
    return [(p["id"], p["color"])
            for p in json.loads((MAPS / map_name / "map.json").read_text())["powers"]]


@pytest.mark.parametrize("palette", ["standard", "colorblind"])
@pytest.mark.parametrize("map_name", ["classic", "imperialisme"])
def test_land_fills_differ_as_much_as_their_nearness_asks(map_name: str, palette: str) -> None:
    """Seven powers: every pair ≥ 20 apart; L'Impérialisme: powers whose starting territories
    lie within two steps ≥ 20, any two ≥ 12 (England and France are no longer two blues;
    Sweden and Romania, Italy and Bulgaria no longer alike); and every power's land ≥ 12
    from neutral land and from the sea."""
    from engine.render.palette import Palette
    from tools.choose_palette import GROUND_DE, requirements

    pal = make_palette(palette, _powers(map_name))
    short = [(a, b, round(_de(pal.fill(a), pal.fill(b)), 1), least)
             for a, b, least, _ in requirements(map_name)
             if _de(pal.fill(a), pal.fill(b)) < least]
    assert short == [], f"{map_name} ({palette}): {short}"
    grounds = (Palette(name="").neutral, Palette(name="").sea)
    faint = [(p, g) for p, _ in _powers(map_name) for g in grounds
             if _de(pal.fill(p), g) < GROUND_DE]
    assert faint == []


@pytest.mark.parametrize("kind", ["protanomaly", "deuteranomaly", "tritanomaly"])
@pytest.mark.parametrize("map_name", ["classic", "imperialisme"])
def test_the_colourblind_palette_holds_under_simulated_dichromacy(map_name: str,
                                                                  kind: str) -> None:
    """The pairs that must differ most stay ≥ 10 apart as a protanope, deuteranope or
    tritanope sees them; beyond that the letters on units and centres tell the powers
    apart (test_render_a11y.py)."""
    from tools.choose_palette import CVD_DE, requirements

    pal = make_palette("colorblind", _powers(map_name))
    short = [(a, b, round(_de(_simulated(pal.fill(a), kind), _simulated(pal.fill(b), kind)), 1))
             for a, b, _, close in requirements(map_name) if close
             and _de(_simulated(pal.fill(a), kind), _simulated(pal.fill(b), kind)) < CVD_DE]
    assert short == [], f"{map_name} under {kind}: {short}"
