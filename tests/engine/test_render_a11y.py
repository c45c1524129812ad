"""Maps readable by everyone: powers told apart without colour (WCAG 1.4.1) — every unit,
every owned supply centre and the legend carry the power's letters — in both palettes and
both label languages."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.render import sprites
from engine.render.core import TITLE_H, draw_map
from engine.render.cues import cues
from engine.render.layout import UNIT_RADIUS
from engine.render.mapdata import load
from tools.bench_render import busy_position

GREY = (128, 128, 128)
INK = (24, 24, 28)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("map_name", ["classic", "imperialisme"])
def test_every_power_has_letters_of_its_own(map_name: str, language: str) -> None:
    marks = cues(map_name, language)
    assert set(marks) == {p.id for p in load(map_name).powers}
    assert len(set(marks.values())) == len(marks)
    assert all(1 <= len(m) <= 2 and m[0].isupper() for m in marks.values())


def test_french_letters_follow_the_french_names() -> None:
    marks = cues("classic", "fr")
    assert (marks["england"], marks["germany"], marks["austria"]) == ("An", "Al", "Au")


def test_two_powers_of_one_colour_still_differ() -> None:
    """Sprites of the same colour with two powers' letters: the letters alone tell them
    apart (what a reader who cannot see the hue still sees)."""
    a, b = cues("classic", "en")["france"], cues("classic", "en")["germany"]
    for draw in (lambda m: sprites.army(GREY, INK, (255, 255, 255), 1.0, m),
                 lambda m: sprites.fleet(GREY, INK, (255, 255, 255), 1.0, m),
                 lambda m: sprites.center_marker(GREY, INK, m, (255, 255, 255)),
                 lambda m: sprites.star(GREY, INK, 1.0, m)):
        assert draw(a).tobytes() != draw(b).tobytes()
        assert draw(a).size == draw(b).size


def _tag_at(im: Image.Image, x: float, y: float) -> bool:
    """A cue tag around (x, y): white ground and dark letters together."""
    box = im.crop((round(x) - 6, round(y) - 6, round(x) + 7, round(y) + 7))
    px = list(box.get_flattened_data())
    return (sum(1 for p in px if min(p) >= 235) >= 8
            and sum(1 for p in px if max(p) <= 80) >= 4)


@pytest.mark.parametrize("labels", ["en", "fr"])
@pytest.mark.parametrize("palette", ["standard", "colorblind"])
def test_every_unit_and_the_legend_carry_the_letters(palette: str, labels: str) -> None:
    state, _ = busy_position()
    im = draw_map(state, palette=palette, labels=labels).convert("RGB")
    md = load("classic")
    r = UNIT_RADIUS
    for u in state["units"]:
        x, y = md.anchor(u["location"]) or (0, 0)
        dx, dy = (-0.95 * r, -0.7 * r) if u["type"] == "F" else (-0.85 * r, -0.85 * r)
        assert _tag_at(im, x + dx, y + TITLE_H + dy), (u, palette, labels)
    # the legend's army of each power, in its column
    y0 = TITLE_H + md.height + 10
    cw = md.width / 7
    for i in range(7):
        x = i * cw + 14 + r + 2
        assert _tag_at(im, x - 0.85 * r, y0 + r + 4 - 0.85 * r), (i, palette)


def _mismatch(im: Image.Image, sprite: Image.Image, at: tuple[float, float]) -> float:
    """Mean channel difference between ``im`` and ``sprite`` centred on ``at``, over the
    sprite's opaque pixels."""
    x0, y0 = round(at[0] - sprite.width / 2), round(at[1] - sprite.height / 2)
    crop = im.crop((x0, y0, x0 + sprite.width, y0 + sprite.height))
    diffs = [sum(abs(a - b) for a, b in zip(c, s[:3], strict=True)) / 3
             for c, s in zip(crop.get_flattened_data(), sprite.get_flattened_data(), strict=True) if s[3] == 255]
    return sum(diffs) / len(diffs)


@pytest.mark.parametrize("labels", ["en", "fr"])
@pytest.mark.parametrize("palette", ["standard", "colorblind"])
def test_owned_centres_show_their_owners_letters(palette: str, labels: str) -> None:
    """Each owned centre is drawn with its owner's letters: the map matches the lettered
    marker, not the plain one."""
    from engine.render.base import base_layer

    state, _ = busy_position()
    pal = base_layer("classic", palette).palette
    md = load("classic")
    im = draw_map({**state, "units": []}, palette=palette, labels=labels).convert("RGB")
    marks = cues("classic", labels)
    for power, centres in state["centers"].items():
        lettered = sprites.center_marker(pal.unit(power), pal.outline, marks[power],
                                         pal.glyph(power))
        plain = sprites.center_marker(pal.unit(power), pal.outline)
        for c in centres:
            x, y = md.spaces[c].center or (0, 0)
            at = (x, y + TITLE_H)
            assert _mismatch(im, lettered, at) < 6 < _mismatch(im, plain, at), (power, c)


@pytest.mark.parametrize("labels", ["en", "fr"])
@pytest.mark.parametrize("map_name", ["classic", "imperialisme"])
def test_centre_markers_leave_the_names_readable(map_name: str, labels: str) -> None:
    """No star or centre marker (with its owner's tag) lies on a province name: LAN, COP,
    ATH and the other starred towns of L'Impérialisme get a spot beside their name; at
    most a sliver where the territory leaves no room (Bucharest: ≤ 4 px²)."""
    from engine.render.spots import center_spots, label_boxes, marker_box, overlap

    md = load(map_name)
    names = label_boxes(md, labels)
    spots = center_spots(map_name, labels)
    assert set(spots) == {sid for sid, s in md.spaces.items() if s.is_center}
    covered = {sid: sum(overlap(marker_box(md, at), box) for box in names.values())
               for sid, at in spots.items()}
    assert all(area <= 4 for area in covered.values()), covered
    for sid in ("lan", "cop", "ath") if map_name == "imperialisme" else ():
        assert covered[sid] == 0


@pytest.mark.parametrize(("phase", "en", "fr"), [
    ("C3-VOTE", "Crisis 3 — vote", "Crise 3 — vote"),
    ("C1-PENDING", "Before crisis 1", "Avant la crise 1"),
    ("C2-ANNEXATION", "Crisis 2 — annexation", "Crise 2 — annexion"),
    ("END", "End of the game", "Fin de la partie"),
])
def test_imperialisme_maps_say_the_crisis_in_their_title(phase: str, en: str, fr: str) -> None:
    """As a classic map says its season, an Impérialisme map says its crisis and step, in
    the title band (the game has no years: docs/RULES.md §6)."""
    from engine import api, variants
    from engine.render.text import phase_title

    assert phase_title(phase, "en", "imperialisme") == en
    assert phase_title(phase, "fr", "imperialisme") == fr
    state = {**variants.get("imperialisme").new_state({}), "phase": phase}
    titled = Image.open(io.BytesIO(api.render(state, locale="fr")))
    bare = Image.open(io.BytesIO(api.render(
        {k: v for k, v in state.items() if k != "phase"}, locale="fr")))
    band = (0, 0, 900, TITLE_H)
    assert titled.convert("RGB").crop(band).tobytes() != bare.convert("RGB").crop(band).tobytes()
