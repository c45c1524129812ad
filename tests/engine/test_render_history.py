"""The history drawn: an animated map of a game (one frame per phase, orders drawn), and a
line chart per power in the map's colours."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.render.chart import render_chart
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
    assert hex_rgb("#1f4fa8") in colours  # England's blue
    assert len(png) < 200_000
