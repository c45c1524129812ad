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
    from engine.render.painter import label_boxes
    from engine.render.spots import center_spots, marker_box, overlap

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


def _order(power: str, kind: str, unit_type: str, location: str, target: str | None = None,
           aux: str | None = None) -> dict[str, object]:
    return {"power": power, "kind": kind, "unit_type": unit_type, "location": location,
            "target": target, "aux": aux, "via_convoy": False, "status": "succeeds"}


def test_a_support_between_neighbours_is_seen() -> None:
    """F alb S A ser - gre: the three provinces touch, so a straight line from the fleet to
    the middle of the move would lie under the fleet; it is drawn as an arc beside it (at
    least 250 px of it outside the units, where a straight line left about 140)."""
    state = {"variant": "classic", "phase": "S1901M", "dislodged": [], "contested": [],
             "centers": {}, "units": [{"power": "austria", "type": "F", "location": "alb"},
                                      {"power": "austria", "type": "A", "location": "ser"}]}
    move = _order("austria", "move", "A", "ser", "gre")
    support = _order("austria", "support", "F", "alb", "gre", "ser")
    without = draw_map(state, orders=[move]).convert("RGB")
    with_it = draw_map(state, orders=[move, support]).convert("RGB")
    md = load("classic")
    units = [md.anchor(x) or (0, 0) for x in ("alb", "ser")]
    seen = 0
    for y in range(1100, 1400):
        for x in range(950, 1200):
            if without.getpixel((x, y)) != with_it.getpixel((x, y)) and all(
                    (x - ux) ** 2 + (y - TITLE_H - uy) ** 2 > (1.6 * UNIT_RADIUS) ** 2
                    for ux, uy in units):
                seen += 1
    assert seen >= 250


def _ink(im: Image.Image, sid: str, text: str, colour: tuple[int, int, int]) -> float:
    """Share of the fully covered pixels of a province name that show its ink."""
    from engine.render.painter import _text_mask

    md = load("classic")
    mask, dx, dy = _text_mask(text, 16, True, True, "mm")
    x0 = round(md.spaces[sid].label[0]) + dx
    y0 = round(md.spaces[sid].label[1] + TITLE_H) + dy
    full = [(x, y) for y in range(mask.height) for x in range(mask.width)
            if mask.getpixel((x, y)) == 255]
    return sum(1 for x, y in full if im.getpixel((x0 + x, y0 + y)) == colour) / len(full)


def _busy_positions() -> list[tuple[dict[str, object], list[dict[str, object]]]]:
    from tools.bench_timelapse import random_game

    out: list[tuple[dict[str, object], list[dict[str, object]]]] = [busy_position()]  # type: ignore[list-item]
    moves = [f for f in random_game(years=4, seed=11)
             if str(f["state"]["phase"]).endswith("M") and f.get("results")]
    for frame in moves[1:7:2]:
        results = frame["results"]
        orders = [{**r["order"], "status": r["status"], "power": r["power"]}
                  for r in results if r.get("order") and r.get("phase") == results[0]["phase"]]
        out.append((frame["state"], orders))
    return out


@pytest.mark.parametrize("labels", ["en", "fr"])
@pytest.mark.parametrize("palette", ["standard", "colorblind"])
def test_no_arrowhead_hides_the_name_it_points_at(palette: str, labels: str) -> None:
    """On busy positions (34 units, every order; turns of a random game) the name of every
    province a move or retreat points at keeps at least 97 % of its ink: under an arrowhead
    or a failure cross it is written again in a white halo."""
    from engine.render.base import base_layer

    md = load("classic")
    pal = base_layer("classic", palette).palette
    for state, orders in _busy_positions():
        im = draw_map(state, orders=orders, palette=palette, labels=labels).convert("RGB")
        targets = {str(o["target"]).split("/")[0] for o in orders
                   if o["kind"] in ("move", "retreat") and o.get("target")}
        assert targets
        for sid in sorted(targets):
            ink = pal.sea_text if md.spaces[sid].kind == "sea" else pal.text
            share = _ink(im, sid, md.code(sid, labels).upper(), ink)
            assert share >= 0.97, (sid, share, state["phase"])
