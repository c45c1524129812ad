"""The history drawn: an animated map of a game (one frame per phase, orders drawn), and a
line chart per power in the map's colours."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from engine.render.chart import render_chart
from engine.render.mapdata import load
from engine.render.palette import hex_rgb
from engine.render.timelapse import MAX_BYTES, render_timelapse
from tools.bench_timelapse import random_game


@pytest.fixture(scope="module")
def frames() -> list[dict[str, object]]:
    return random_game(years=2, seed=11)


@pytest.mark.parametrize("fmt", ["gif", "webp"])
def test_a_timelapse_has_one_frame_per_phase(frames: list[dict[str, object]],
                                             fmt: str) -> None:
    data = render_timelapse(frames, map_name="classic", fmt=fmt, locale="fr")
    assert len(data) < MAX_BYTES
    with Image.open(io.BytesIO(data)) as im:
        assert im.format == fmt.upper() and im.n_frames == len(frames)
        assert im.size == (900, 852)  # the 1800-px map, halved
        first = im.convert("RGB").copy()
        im.seek(len(frames) - 1)
        assert first.tobytes() != im.convert("RGB").tobytes()  # the game moved on


def test_a_timelapse_needs_frames() -> None:
    with pytest.raises(ValueError):
        render_timelapse([], map_name="classic")


def test_a_chart_draws_each_power_in_its_colour() -> None:
    series = {"france": [("1901", 5.0), ("1902", 6.0), ("1903", 8.0)],
              "england": [("1901", 4.0), ("1902", 4.0), ("1903", 3.0)]}
    png = render_chart(series, map_name="classic", title="Centres", y_label="centres",
                       names={"france": "France", "england": "Angleterre"}, locale="fr")
    with Image.open(io.BytesIO(png)) as im:
        colours = {c for _, c in im.convert("RGB").getcolors(1 << 20)}
    assert hex_rgb("#004bb6") in colours  # England's blue
    assert len(png) < 200_000


def test_lines_at_the_same_value_run_side_by_side() -> None:
    """Seven powers at 3 or 4 centres: a line drawn over another would hide it; each one
    keeps pixels of its own colour along the stretch they share."""
    series = {p: [("1900", 3.0), ("1901", 3.0), ("1902", 3.0)]
              for p in ("austria", "england", "france", "germany", "italy", "turkey")}
    series["russia"] = [("1900", 4.0), ("1901", 4.0), ("1902", 4.0)]
    png = render_chart(series, map_name="classic", title="Centres", y_label="centres")
    colours = {p.id: p.color for p in load("classic").powers}
    with Image.open(io.BytesIO(png)) as im:
        rgb = im.convert("RGB")
        middle = rgb.width // 3  # between two markers, where only the lines are
        # a stretch of columns: a dashed line shows in its dashes
        column = {rgb.getpixel((x, y)) for x in range(middle - 12, middle + 12)
                  for y in range(rgb.height)}
    for power in series:
        assert hex_rgb(colours[power]) in column, power


@pytest.mark.parametrize("map_name", ["classic", "imperialisme"])
def test_every_line_differs_by_more_than_its_colour(map_name: str) -> None:
    """Each power's line has its own pair of marker shape and dash pattern (WCAG 1.4.1)."""
    from engine.render.chart import style_of

    powers = [p.id for p in load(map_name).powers]
    styles = [style_of(i) for i in range(len(powers))]
    assert len(set(styles)) == len(powers)
    for (sa, da), (sb, db) in itertools.combinations(styles, 2):
        assert (sa, da) != (sb, db)
    if map_name == "classic":  # seven lines: all shapes and at least three dash patterns
        assert len({s for s, _ in styles}) == 7 and len({d for _, d in styles}) >= 3


def test_a_line_in_grey_still_tells_its_power() -> None:
    """Two powers' lines drawn in the same grey (as a reader who cannot see their hues sees
    them) still differ: France's dashes and squares are not England's solid line and discs."""
    from PIL import ImageDraw

    from engine.render.chart import _marker, _styled_line, style_of

    def drawn(index: int) -> bytes:
        im = Image.new("RGB", (200, 40), (250, 248, 243))
        d = ImageDraw.Draw(im)
        shape, dashes = style_of(index)
        _styled_line(d, [(10, 20), (190, 20)], (128, 128, 128), dashes)
        _marker(d, shape, 100, 20, 6, (128, 128, 128), (40, 40, 40))
        return im.tobytes()

    images = [drawn(i) for i in range(14)]
    assert len(set(images)) == 14
