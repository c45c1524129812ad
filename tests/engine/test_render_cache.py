"""The renderer's cached static layer, its labels and its PNG writer: a turn drawn on the
cache equals one drawn from nothing; French games read French abbreviations on the map."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import api
from engine.render.base import _static_cached, clear_caches
from engine.render.core import TITLE_H, draw_map, render_map
from engine.render.mapdata import load
from engine.render.painter import _text_mask
from engine.render.png import encode_paletted
from tools.bench_render import busy_position


@pytest.mark.parametrize("palette", ["standard", "colorblind"])
def test_cache_hit_draws_the_same_pixels_as_a_cold_render(palette: str) -> None:
    state, orders = busy_position()
    clear_caches()
    cold = render_map(state, orders=orders, palette=palette)  # draws the static layer
    render_map({**state, "centers": {}}, palette=palette)  # another layer in between
    hits = _static_cached.cache_info().hits
    warm = render_map(state, orders=orders, palette=palette)
    assert _static_cached.cache_info().hits == hits + 1
    assert warm == cold


@pytest.mark.parametrize("palette", ["standard", "colorblind"])
def test_a_turn_on_the_cached_layer_equals_one_on_a_layer_drawn_anew(palette: str) -> None:
    """The cached layer is already mapped onto the PNG's colours; the palette keeps only
    colours that map to themselves, so the turn drawn on it is the same map. Only where an
    antialiased unit edge falls on an antialiased centre or label edge may a pixel differ."""
    state, orders = busy_position()
    warm = draw_map(state, orders=orders, palette=palette).convert("RGB").tobytes()
    fresh = draw_map(state, orders=orders, palette=palette, cached=False).convert("RGB").tobytes()
    differing = sum(1 for i in range(0, len(warm), 3) if warm[i:i + 3] != fresh[i:i + 3])
    assert differing <= 12  # the cue tags on units reach some centre and label edges


def test_owners_changing_draws_a_new_static_layer() -> None:
    state, _ = busy_position()
    clear_caches()
    draw_map(state)
    moved = {**state, "centers": {**state["centers"],
                                  "turkey": [*state["centers"]["turkey"], "gre"],
                                  "italy": ["nap", "rom", "ven", "tun"]}}
    a = draw_map(moved).convert("RGB")
    assert _static_cached.cache_info().misses == 2
    fresh = draw_map(moved, cached=False).convert("RGB").tobytes()
    warm = a.tobytes()
    assert _static_cached.cache_info().misses == 2  # the layer drawn anew was not cached
    # as above: only where a cue tag's antialiased edge meets a centre's or a label's
    assert sum(1 for i in range(0, len(warm), 3) if warm[i:i + 3] != fresh[i:i + 3]) <= 12


def _label_ink(im: Image.Image, sid: str, text: str) -> float:
    """Share of the fully covered pixels of ``text`` at ``sid``'s label that are label ink."""
    md = load("classic")
    mask, dx, dy = _text_mask(text, 16, True, True, "mm")
    x0 = round(md.spaces[sid].label[0]) + dx
    y0 = round(md.spaces[sid].label[1] + TITLE_H) + dy
    rgb = im.convert("RGB")
    full = [(x, y) for y in range(mask.height) for x in range(mask.width)
            if mask.getpixel((x, y)) == 255]
    colour = (22, 58, 96) if md.spaces[sid].kind == "sea" else (24, 24, 28)  # Palette inks
    return sum(1 for x, y in full if rgb.getpixel((x0 + x, y0 + y)) == colour) / len(full)


def test_french_labels_show_the_french_abbreviations() -> None:
    state, _ = busy_position()
    fr = draw_map(state, labels="fr")
    en = draw_map(state, labels="en")
    assert _label_ink(fr, "bur", "BOU") == 1.0
    assert _label_ink(en, "bur", "BUR") == 1.0
    assert _label_ink(en, "bur", "BOU") < 0.9
    assert _label_ink(fr, "eng", "MAN") == 1.0
    # a province whose abbreviation is the same in both languages
    assert _label_ink(fr, "par", "PAR") == 1.0


def test_labels_follow_the_locale_unless_given() -> None:
    state, _ = busy_position()
    assert _label_ink(draw_map(state, locale="fr"), "war", "VAR") == 1.0
    assert _label_ink(draw_map(state, locale="fr", labels="en"), "war", "WAR") == 1.0


def test_api_render_takes_labels_and_refuses_other_values() -> None:
    state = api.new_game_state("classic")
    png = api.render(state, locale="en", labels="fr")
    with Image.open(io.BytesIO(png)) as im:
        assert _label_ink(im, "bur", "BOU") == 1.0
    with pytest.raises(api.RequestError) as exc:
        api.render(state, labels="de")
    assert exc.value.field == "labels"


def test_png_writer_round_trips_the_paletted_map() -> None:
    state, orders = busy_position()
    im = draw_map(state, orders=orders)
    png = encode_paletted(im)
    with Image.open(io.BytesIO(png)) as back:
        back.load()
        assert back.mode == "P" and back.size == im.size
        assert back.convert("RGB").tobytes() == im.convert("RGB").tobytes()
    assert render_map(state, orders=orders) == png
    assert len(png) < 500_000
