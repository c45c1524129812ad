"""The map renderer, checked on pixels (issue 3): fills, icons, arrows, failure style, legend."""

from __future__ import annotations

import colorsys
import io
import json
import math
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageFont

from engine.render import render_map
from engine.render.core import TITLE_H, base_layer
from engine.render.layout import CENTER_RADIUS, DISLODGED_OFFSET, LABEL_FONT_SIZE, UNIT_RADIUS
from engine.render.mapdata import ASSETS, load
from engine.render.palette import contrast_ratio, make_palette, shape_pairs, text_pairs
from engine.render.sprites import army, fleet
from tools.bench_render import busy_position

GEOMETRY = ASSETS / "maps" / "classic" / "geometry.json"


def _state(units: list[tuple[str, str, str]] | None = None, phase: str = "S1901M",
           centers: dict[str, list[str]] | None = None, **extra: Any) -> dict[str, Any]:
    return {"variant": "classic", "phase": phase,
            "units": [{"power": p, "type": t, "location": loc} for p, t, loc in units or []],
            "dislodged": [], "contested": [],
            "centers": centers if centers is not None else {
                "england": ["edi", "lon", "lvp"], "france": ["bre", "mar", "par"],
                "germany": ["ber", "kie", "mun"], "italy": ["nap", "rom", "ven"],
                "austria": ["bud", "tri", "vie"], "russia": ["mos", "sev", "stp", "war"],
                "turkey": ["ank", "con", "smy"]}, **extra}


def _order(power: str, kind: str, unit_type: str | None, location: str | None,
           target: str | None = None, aux: str | None = None, status: str = "succeeds",
           via_convoy: bool = False) -> dict[str, Any]:
    return {"power": power, "kind": kind, "unit_type": unit_type, "location": location,
            "target": target, "aux": aux, "via_convoy": via_convoy, "status": status}


def _img(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _xy(p: list[float] | tuple[float, float]) -> tuple[int, int]:
    return (round(p[0]), round(p[1] + TITLE_H))


def _patch(im: Image.Image, at: tuple[int, int], r: int) -> Counter[tuple[int, int, int]]:
    x, y = at
    return Counter(im.crop((x - r, y - r, x + r + 1, y + r + 1)).get_flattened_data())


@pytest.fixture(scope="module")
def geo() -> dict[str, Any]:
    return json.loads(GEOMETRY.read_text())


@pytest.fixture(scope="module")
def pal() -> Any:
    return base_layer("classic", "standard").palette


# -- file ------------------------------------------------------------------------------------

def test_busy_map_is_a_png_at_least_1600_wide_and_under_500_kb() -> None:
    state, orders = busy_position()
    png = render_map(state, orders=orders)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    im = Image.open(io.BytesIO(png))
    im.verify()
    assert im.width >= 1600
    assert len(png) <= 500_000


def test_same_input_same_bytes_from_two_threads() -> None:
    state, orders = busy_position()
    out: list[bytes] = []
    threads = [threading.Thread(target=lambda: out.append(render_map(state, orders=orders)))
               for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(out) == 2 and out[0] == out[1]


# -- land, centres, labels -------------------------------------------------------------------

@pytest.mark.parametrize("sid,owner", [("par", "france"), ("mos", "russia"), ("lon", "england"),
                                       ("ank", "turkey"), ("bel", None), ("ukr", None)])
def test_fill_at_label_point_is_owner_colour(geo: dict[str, Any], pal: Any, sid: str,
                                             owner: str | None) -> None:
    im = _img(render_map(_state()))
    fill, _ = _patch(im, _xy(geo["spaces"][sid]["label"]), 14).most_common(1)[0]
    assert fill == pal.fill(owner)
    if owner:
        # ...and that colour reads as the owner's: its hue is the owner's icon hue, nearest of all.
        def hue(c: tuple[int, int, int]) -> float:
            return colorsys.rgb_to_hsv(*(v / 255 for v in c))[0] * 360

        def gap(c: tuple[int, int, int]) -> float:
            d = abs(hue(c) - hue(fill)) % 360
            return min(d, 360 - d)
        chromatic = [p for p in pal.units
                     if colorsys.rgb_to_hsv(*(v / 255 for v in pal.unit(p)))[1] > 0.2]
        assert min(chromatic, key=lambda p: gap(pal.unit(p))) == owner


def test_taking_a_centre_recolours_it(geo: dict[str, Any], pal: Any) -> None:
    centers = _state()["centers"]
    centers["germany"] = [*centers["germany"], "hol"]
    before = _img(render_map(_state()))
    after = _img(render_map(_state(centers=centers)))
    at = _xy(geo["spaces"]["hol"]["label"])
    assert _patch(before, at, 10).most_common(1)[0][0] == pal.neutral
    assert _patch(after, at, 10).most_common(1)[0][0] == pal.fill("germany")
    marker = _xy(geo["spaces"]["hol"]["center"])
    assert _patch(after, marker, 4)[pal.unit("germany")] > 0
    assert _patch(before, marker, 4)[pal.unit("germany")] == 0


def test_seas_and_impassable_are_distinct_from_land(geo: dict[str, Any], pal: Any) -> None:
    im = _img(render_map(_state()))
    sea = _patch(im, _xy(geo["spaces"]["nao"]["unit"]), 6).most_common(1)[0][0]
    swi = _patch(im, _xy(geo["spaces"]["swi"]["unit"]), 6).most_common(1)[0][0]
    land = _patch(im, _xy(geo["spaces"]["bel"]["label"]), 14).most_common(1)[0][0]
    assert len({sea, swi, land}) == 3


def _boxes_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_labels_never_collide_with_any_unit_slot(geo: dict[str, Any]) -> None:
    font = ImageFont.truetype(str(ASSETS / "fonts" / "DejaVuSansCondensed-Bold.ttf"),
                              LABEL_FONT_SIZE)
    icons = [army((1, 2, 3), (0, 0, 0), (255, 255, 255)),
             fleet((1, 2, 3), (0, 0, 0), (255, 255, 255))]
    hw = max(i.width for i in icons) / 2 - 2  # sprite minus its transparent margin
    hh = max(i.height for i in icons) / 2 - 2
    slots = [s["unit"] for s in geo["spaces"].values() if s["kind"] != "impassable"]
    slots += [s["dislodged"] for s in geo["spaces"].values() if s.get("dislodged")]
    slots += list(geo["coasts"].values())
    unit_boxes = [(x - hw, y - hh, x + hw, y + hh) for x, y in slots]
    mr = CENTER_RADIUS + 2  # marker and its outline
    markers = [(x - mr, y - mr, x + mr, y + mr)
               for s in geo["spaces"].values() if s.get("center") for x, y in [s["center"]]]
    labels: dict[str, tuple[float, float, float, float]] = {}
    for sid, s in geo["spaces"].items():
        if s["kind"] == "impassable":
            continue
        left, top, right, bottom = font.getbbox(sid.upper(), anchor="mm")
        x, y = s["label"]
        lb = (x + left, y + top, x + right, y + bottom)
        hits = [b for b in unit_boxes if _boxes_overlap(lb, b)]
        assert not hits, f"label {sid} under a unit at {hits}"
        assert not [b for b in markers if _boxes_overlap(lb, b)], f"label {sid} under a marker"
        clash = [o for o, ob in labels.items() if _boxes_overlap(lb, ob)]
        assert not clash, f"label {sid} over label {clash}"
        labels[sid] = lb


def _inside(pt: list[float], ring: list[list[float]]) -> bool:
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_every_anchor_lies_in_its_own_space_and_irish_sea_is_not_in_ireland(
        geo: dict[str, Any]) -> None:
    spaces = geo["spaces"]
    for sid, s in spaces.items():
        for key in ("unit", "center"):
            if s.get(key):
                assert any(_inside(s[key], r) for r in s["polygons"]), (sid, key)
    for cid, p in geo["coasts"].items():
        assert any(_inside(p, r) for r in spaces[cid.split("/")[0]]["polygons"]), cid
    # Known flaw of the source drawing: the Irish Sea's unit point was inside Ireland.
    assert not any(_inside(spaces["iri"]["unit"], r) for r in spaces["ire"]["polygons"])


def test_geometry_covers_the_75_provinces_and_six_coasts(geo: dict[str, Any]) -> None:
    rules = json.loads((ASSETS / "maps" / "classic" / "map.json").read_text())
    ids = {p["id"] for p in rules["provinces"]}
    assert ids <= set(geo["spaces"])
    assert {k for k, s in geo["spaces"].items() if s["kind"] == "impassable"} == {
        "swi", "ire", "ice", "cor", "sar", "sib"}
    coasts = {f"{p['id']}/{c}" for p in rules["provinces"] for c in p["coasts"]}
    assert coasts == set(geo["coasts"])
    assert geo["width"] >= 1600


def test_coast_anchors_sit_on_their_own_coast(geo: dict[str, Any]) -> None:
    """spa/nc is nearer the Mid-Atlantic's north shore than spa/sc is, etc."""
    def centre(sid: str) -> tuple[float, float]:
        return tuple(geo["spaces"][sid]["unit"])  # type: ignore[return-value]

    c = geo["coasts"]
    assert c["spa/nc"][1] < c["spa/sc"][1]  # north coast above south coast (y down)
    assert c["stp/nc"][1] < c["stp/sc"][1]
    assert math.dist(c["bul/ec"], centre("bla")) < math.dist(c["bul/sc"], centre("bla"))
    assert math.dist(c["bul/sc"], centre("aeg")) < math.dist(c["bul/ec"], centre("aeg"))


# -- units ----------------------------------------------------------------------------------

def test_unit_icons_in_power_colour_and_fleets_on_their_coast(geo: dict[str, Any],
                                                              pal: Any) -> None:
    im = _img(render_map(_state([("france", "A", "par"), ("russia", "F", "stp/sc"),
                                 ("turkey", "F", "ank")])))
    assert _patch(im, _xy(geo["spaces"]["par"]["unit"]), UNIT_RADIUS)[pal.unit("france")] > 150
    assert _patch(im, _xy(geo["spaces"]["ank"]["unit"]), UNIT_RADIUS)[pal.unit("turkey")] > 150
    assert _patch(im, _xy(geo["coasts"]["stp/sc"]), UNIT_RADIUS)[pal.unit("russia")] > 150
    assert _patch(im, _xy(geo["coasts"]["stp/nc"]), UNIT_RADIUS)[pal.unit("russia")] == 0
    assert _patch(im, _xy(geo["spaces"]["stp"]["unit"]), 6)[pal.unit("russia")] == 0


def test_army_and_fleet_icons_have_different_shapes() -> None:
    a = army((200, 0, 0), (0, 0, 0), (255, 255, 255)).getchannel("A")
    f = fleet((200, 0, 0), (0, 0, 0), (255, 255, 255)).getchannel("A")
    assert a.size != f.size
    assert f.width > f.height  # a ship is long and low
    assert abs(a.width - a.height) <= 1  # an army is a (rounded) square


def test_dislodged_unit_offset_ringed_and_its_retreats_shown(geo: dict[str, Any],
                                                             pal: Any) -> None:
    state = _state([("germany", "A", "mun"), ("france", "A", "bur")], phase="F1901R")
    state["dislodged"] = [{"power": "germany", "type": "A", "location": "bur",
                           "attacker_from": "mar", "by_convoy": False,
                           "retreats": ["pic", "bel"]}]
    im = _img(render_map(state))
    spot = geo["spaces"]["bur"]["dislodged"]
    assert math.dist(spot, geo["spaces"]["bur"]["unit"]) >= math.hypot(*DISLODGED_OFFSET) - 1
    assert _patch(im, _xy(spot), UNIT_RADIUS)[pal.unit("germany")] > 100
    assert _patch(im, _xy(spot), round(UNIT_RADIUS * 1.7))[pal.dislodged] > 40
    # Retreat options: red dashes on the way to Picardy and Belgium, none towards Paris.
    for dest, expected in (("pic", True), ("bel", True), ("par", False)):
        a, b = spot, geo["spaces"][dest]["unit"]
        mid = _xy(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        assert (_patch(im, mid, 10)[pal.dislodged] > 0) == expected, dest


# -- orders ---------------------------------------------------------------------------------

def _changed(a: Image.Image, b: Image.Image) -> list[tuple[int, int]]:
    from PIL import ImageChops
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    bbox = diff.getbbox()
    if not bbox:
        return []
    x0, y0, x1, y1 = bbox
    data = diff.crop(bbox).load()
    return [(x0 + x, y0 + y) for y in range(y1 - y0) for x in range(x1 - x0) if data[x, y]]


def _seg_dist(p: tuple[int, int], a: tuple[int, int], b: tuple[int, int]) -> float:
    ax, ay = a
    bx, by = b
    t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay))
                     / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


def test_move_arrow_lies_between_the_two_provinces(geo: dict[str, Any], pal: Any) -> None:
    state = _state([("france", "A", "par")])
    plain = _img(render_map(state))
    moved = _img(render_map(state, orders=[_order("france", "move", "A", "par", "bur")]))
    a, b = _xy(geo["spaces"]["par"]["unit"]), _xy(geo["spaces"]["bur"]["unit"])
    changed = _changed(plain, moved)
    assert len(changed) > 150
    assert max(_seg_dist(p, a, b) for p in changed) < 16
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    assert _patch(moved, mid, 2)[pal.unit("france")] > 0


def test_failed_move_is_drawn_faded_with_a_red_cross(geo: dict[str, Any], pal: Any) -> None:
    state = _state([("france", "A", "par")])
    ok = _img(render_map(state, orders=[_order("france", "move", "A", "par", "bur")]))
    bad = _img(render_map(state, orders=[_order("france", "move", "A", "par", "bur",
                                                status="fails")]))
    a, b = _xy(geo["spaces"]["par"]["unit"]), _xy(geo["spaces"]["bur"]["unit"])
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    assert _patch(bad, mid, 2)[pal.unit("france")] == 0
    assert _patch(bad, mid, 2)[pal.faded("france")] > 0
    near_head = _patch(bad, b, UNIT_RADIUS + 6)
    assert near_head[pal.failure] > 20
    assert _patch(ok, b, UNIT_RADIUS + 6)[pal.failure] == 0


def test_support_to_move_aims_at_the_middle_of_the_supported_arrow(geo: dict[str, Any],
                                                                   pal: Any) -> None:
    state = _state([("france", "A", "par"), ("france", "A", "mar")])
    move = _order("france", "move", "A", "par", "bur")
    only_move = _img(render_map(state, orders=[move]))
    both = _img(render_map(state, orders=[move, _order("france", "support", "A", "mar", "bur",
                                                       "par")]))
    changed = _changed(only_move, both)
    a, b = _xy(geo["spaces"]["par"]["unit"]), _xy(geo["spaces"]["bur"]["unit"])
    s = _xy(geo["spaces"]["mar"]["unit"])
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert min(math.dist(p, mid) for p in changed) < 12  # reaches the arrow's middle
    assert max(_seg_dist(p, s, (round(mid[0]), round(mid[1]))) for p in changed) < 16
    # Dashed: along the line some pixels keep the background.
    line = [(s[0] + (mid[0] - s[0]) * t / 40, s[1] + (mid[1] - s[1]) * t / 40)
            for t in range(12, 32)]
    colours = [both.getpixel((round(x), round(y))) for x, y in line]
    assert pal.unit("france") in colours and any(c != pal.unit("france") for c in colours)


def test_support_to_hold_draws_a_ring_round_the_supported_unit(geo: dict[str, Any],
                                                               pal: Any) -> None:
    state = _state([("germany", "A", "mun"), ("germany", "A", "ruh")])
    plain = _img(render_map(state))
    held = _img(render_map(state, orders=[_order("germany", "support", "A", "ruh", None,
                                                 "mun")]))
    ux, uy = _xy(geo["spaces"]["mun"]["unit"])
    ring_r = UNIT_RADIUS * 1.55
    on_ring = [(round(ux + ring_r * math.cos(k / 16 * math.tau)) - 1,
                round(uy + ring_r * math.sin(k / 16 * math.tau)) - 1) for k in range(16)]
    hits = sum(1 for p in on_ring if _patch(held, p, 2)[pal.unit("germany")] > 0)
    assert hits >= 12
    assert sum(1 for p in on_ring if _patch(plain, p, 2)[pal.unit("germany")] > 0) <= 3


def test_convoy_is_a_dotted_path_through_the_fleet(geo: dict[str, Any], pal: Any) -> None:
    state = _state([("england", "A", "lon"), ("england", "F", "nth")])
    orders = [_order("england", "move", "A", "lon", "nwy", via_convoy=True),
              _order("england", "convoy", "F", "nth", "nwy", "lon")]
    plain = _img(render_map(state))
    conv = _img(render_map(state, orders=orders))
    changed = _changed(plain, conv)
    lon = _xy(geo["spaces"]["lon"]["unit"])
    nth = _xy(geo["spaces"]["nth"]["unit"])
    nwy = _xy(geo["spaces"]["nwy"]["unit"])
    # Every changed pixel is on the path lon -> nth -> nwy (or the ring round the fleet).
    assert max(min(_seg_dist(p, lon, nth), _seg_dist(p, nth, nwy)) for p in changed) < 32
    # Not the straight line lon -> nwy: its middle stays untouched unless on the path.
    mid = ((lon[0] + nwy[0]) // 2, (lon[1] + nwy[1]) // 2)
    if min(_seg_dist(mid, lon, nth), _seg_dist(mid, nth, nwy)) > 20:
        assert _patch(conv, mid, 3) == _patch(plain, mid, 3)
    # the path runs under the fleet: the fleet itself is drawn as without the orders
    assert _patch(conv, nth, UNIT_RADIUS // 2) == _patch(plain, nth, UNIT_RADIUS // 2)


def test_build_and_removal_are_marked(geo: dict[str, Any], pal: Any) -> None:
    state = _state([("germany", "A", "mun")], phase="W1901A")
    plain = _img(render_map(state))
    marked = _img(render_map(state, orders=[
        _order("germany", "build", "F", "kie"), _order("germany", "remove", "A", "mun")]))
    kie, mun = _xy(geo["spaces"]["kie"]["unit"]), _xy(geo["spaces"]["mun"]["unit"])
    assert _patch(marked, kie, UNIT_RADIUS)[pal.unit("germany")] > 100  # the new fleet
    assert _patch(plain, kie, UNIT_RADIUS)[pal.unit("germany")] == 0
    assert _patch(marked, mun, UNIT_RADIUS)[pal.failure] > 30  # the X over the removed army


# -- title, legend, palettes -----------------------------------------------------------------

def test_title_in_the_readers_language() -> None:
    en = _img(render_map(_state(), locale="en")).crop((0, 0, 1800, TITLE_H))
    fr = _img(render_map(_state(), locale="fr")).crop((0, 0, 1800, TITLE_H))
    assert en.tobytes() != fr.tobytes()
    from engine.render.text import phase_title
    assert phase_title("S1901M", "fr") == "Printemps 1901 — Mouvements"
    assert phase_title("F1901R", "en") == "Fall 1901 — Retreats"
    assert phase_title("W1901A", "fr") == "Hiver 1901 — Ajustements"


def test_legend_counts_change_only_that_powers_cell() -> None:
    base = _state()
    more = _state()
    more["centers"]["england"] = [*more["centers"]["england"], "nwy"]
    md = load("classic")
    a, b = _img(render_map(base)), _img(render_map(more))
    top = TITLE_H + md.height
    cell = md.width / 7
    diff_cells = []
    for i in range(7):
        box = (round(i * cell), top, round((i + 1) * cell), a.height)
        if a.crop(box).tobytes() != b.crop(box).tobytes():
            diff_cells.append(md.powers[i].id)
    assert diff_cells == ["england"]


def test_extra_legend_column_is_drawn() -> None:
    md = load("classic")
    top = TITLE_H + md.height
    plain = _img(render_map(_state()))
    extra = _img(render_map(_state(), extra_legend={"title": "Crédits",
                                                    "rows": {"italy": "12"}}))
    i = [p.id for p in md.powers].index("italy")
    cell = md.width / 7
    box = (round(i * cell), top, round((i + 1) * cell), plain.height - 20)
    assert plain.crop(box).tobytes() != extra.crop(box).tobytes()
    other = (0, top, round(cell), plain.height - 20)
    assert plain.crop(other).tobytes() == extra.crop(other).tobytes()


@pytest.mark.parametrize("name", ["standard", "colorblind"])
def test_every_text_and_shape_pair_passes_contrast(name: str) -> None:
    rules = json.loads((ASSETS / "maps" / "classic" / "map.json").read_text())
    p = make_palette(name, [(x["id"], x["color"]) for x in rules["powers"]])
    for label, fg, bg in text_pairs(p):
        assert contrast_ratio(fg, bg) >= 4.5 if "label" in label or label in (
            "title", "legend") else contrast_ratio(fg, bg) >= 3, (label, fg, bg)
    for label, fg, bg in shape_pairs(p):
        assert contrast_ratio(fg, bg) >= 3, (label, fg, bg)


def test_contrast_ratio_matches_wcag_reference_values() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio((10, 20, 30), (10, 20, 30)) == pytest.approx(1.0)


def test_colorblind_palette_changes_the_power_colours(geo: dict[str, Any]) -> None:
    std = base_layer("classic", "standard").palette
    cb = base_layer("classic", "colorblind").palette
    assert std.unit("austria") != cb.unit("austria")
    im = _img(render_map(_state([("austria", "A", "vie")]), palette="colorblind"))
    assert _patch(im, _xy(geo["spaces"]["vie"]["unit"]), UNIT_RADIUS)[cb.unit("austria")] > 150


def test_preview_title_names_the_power() -> None:
    state = _state([("france", "A", "par")])
    orders = [_order("france", "move", "A", "par", "bur", status="pending")]
    plain = _img(render_map(state, orders=orders)).crop((0, 0, 1800, TITLE_H))
    prev = _img(render_map(state, orders=orders, preview_power="france")).crop(
        (0, 0, 1800, TITLE_H))
    assert plain.tobytes() != prev.tobytes()


@pytest.mark.skipif(not (ASSETS / "maps" / "imperialisme" / "geometry.json").exists(),
                    reason="the Impérialisme map is not built yet")
def test_imperialisme_land_coloured_by_territory_owner() -> None:
    md = load("imperialisme")
    land = [s for s in md.spaces.values() if s.kind == "land" and s.owner]
    sid = land[0].id
    other = next(p.id for p in md.powers if p.id != land[0].owner)
    pal = base_layer("imperialisme", "standard").palette
    png = render_map({"variant": "imperialisme", "owners": {sid: other}})
    im = _img(png)
    assert im.width >= 1600
    fill, _ = _patch(im, _xy(md.spaces[sid].label), 14).most_common(1)[0]
    assert fill == pal.fill(other)


# -- the converter ---------------------------------------------------------------------------

def test_svg_path_parser_handles_relative_commands_and_curves() -> None:
    pytest.importorskip("shapely")
    from tools.convert_classic_geometry import parse_path

    rings = parse_path("m 10,10 20,0 0,20 -20,0 z m 50,0 L 80,10 80,30 z "
                       "M 0,0 c 0,10 10,10 10,0 h 5 v 5 z")
    assert len(rings) == 3
    assert rings[0] == [(10, 10), (30, 10), (30, 30), (10, 30)]
    assert rings[1][0] == (60, 10)  # relative move from the closed ring's start
    curve = rings[2]
    assert curve[0] == (0, 0) and (10, 0) in curve and curve[-1] == (15, 5)
    assert max(y for _, y in curve) == pytest.approx(7.5)  # flattened cubic's apex


def test_converter_is_reproducible() -> None:
    pytest.importorskip("shapely")
    src = Path(__file__).resolve().parents[2].parent / "shared" / "maps" / "hawkrives-classic.json"
    if not src.exists():
        pytest.skip("reference drawing not available")
    from tools.convert_classic_geometry import parse_path
    data = json.loads(src.read_text())
    spain = next(s for s in data["spaces"] if s["abbrev"] == "SPA")
    rings = [r for p in spain["path"] for r in parse_path(p)]
    geo = json.loads(GEOMETRY.read_text())
    assert len(rings) == len(geo["spaces"]["spa"]["polygons"])
