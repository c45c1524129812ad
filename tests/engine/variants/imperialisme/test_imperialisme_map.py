"""Data tests of the L'Impérialisme map (issue 7; seed 003; docs/RULES.md §6).

They read the committed files only (``assets/maps/imperialisme``): no shapely at test time. The
geometry checks recompute contacts from the polygons themselves, independently of the build
script, so a wrong adjacency list or a drawing that does not match it fails here.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

MAP_DIR = Path(__file__).resolve().parents[4] / "assets" / "maps" / "imperialisme"

POWERS = {"england", "russia", "romania", "france", "austria", "germany", "italy", "sweden",
          "spain", "turkey", "serbia", "poland", "greece", "bulgaria"}
GREAT_POWERS = {"england", "russia", "france", "austria", "germany", "italy", "turkey"}
WEAKEST = {"poland", "greece", "serbia"}  # seed 003: "les puissances les plus faibles"

Point = tuple[float, float]


@cache
def rules() -> dict:
    return json.loads((MAP_DIR / "map.json").read_text(encoding="utf-8"))


@cache
def geometry() -> dict:
    return json.loads((MAP_DIR / "geometry.json").read_text(encoding="utf-8"))


def territories() -> dict[str, dict]:
    return {t["id"]: t for t in rules()["territories"]}


def sea_ids() -> set[str]:
    return {z["id"] for z in rules()["seas"]}


def owners() -> dict[str, str]:
    return {t["id"]: t["owner"] for t in rules()["territories"] if t["owner"]}


def influence(power: str) -> Fraction:
    """docs/RULES.md §6: 1 per territory, 2 per star; Russia's territories count half, Germany's and
    Austria-Hungary's double (for them alone); capped at 50; exact fractions."""
    factor = {"russia": Fraction(1, 2), "germany": Fraction(2), "austria": Fraction(2)}.get(
        power, Fraction(1))
    total = sum((factor * (2 if territories()[t]["star"] else 1)
                 for t, p in owners().items() if p == power), Fraction(0))
    return min(total, Fraction(50))


def power_neighbours() -> dict[str, set[str]]:
    """docs/RULES.md §6.3: neighbours share a land border or each a territory on one zone."""
    own = owners()
    graph: dict[str, set[str]] = {p: set() for p in POWERS}
    for a, b in rules()["land_borders"]:
        if own[a] != own[b]:
            graph[own[a]].add(own[b])
            graph[own[b]].add(own[a])
    on_zone: dict[str, set[str]] = defaultdict(set)
    for t, zones in rules()["sea_contacts"].items():
        for z in zones:
            on_zone[z].add(own[t])
    for powers in on_zone.values():
        for p in powers:
            graph[p] |= powers - {p}
    return graph


# --------------------------------------------------------------------------- geometry helpers


def inside(point: Point, rings: list[list[list[float]]]) -> bool:
    """Even-odd ray casting over all rings (bridged holes cancel out under this rule)."""
    x, y = point
    crossings = 0
    for ring in rings:
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                crossings += 1
    return crossings % 2 == 1


def edges(space: dict) -> Iterator[tuple[Point, Point]]:
    for ring in space["polygons"]:
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            if a != b:
                yield (a[0], a[1]), (b[0], b[1])


@cache
def contact_lengths() -> dict[tuple[str, str], float]:
    """Length of boundary shared by each pair of spaces, measured on the polygons.

    Two edges of different spaces count where they lie on the same line (within 0.15 px: the
    files are rounded to 0.1 px) and overlap. Edges are bucketed on a coarse grid first.
    """
    cell = 25.0
    buckets: dict[tuple[int, int], list[tuple[str, Point, Point]]] = defaultdict(list)
    all_edges = [(sid, a, b) for sid, space in geometry()["spaces"].items()
                 for a, b in edges(space)]
    for sid, a, b in all_edges:
        for gx in range(int(min(a[0], b[0]) // cell), int(max(a[0], b[0]) // cell) + 1):
            for gy in range(int(min(a[1], b[1]) // cell), int(max(a[1], b[1]) // cell) + 1):
                buckets[(gx, gy)].append((sid, a, b))
    lengths: dict[tuple[str, str], float] = defaultdict(float)
    for sid, a, b in all_edges:
        length = math.dist(a, b)
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        seen = set()
        for gx in range(int(min(a[0], b[0]) // cell), int(max(a[0], b[0]) // cell) + 1):
            for gy in range(int(min(a[1], b[1]) // cell), int(max(a[1], b[1]) // cell) + 1):
                for other, r, s in buckets[(gx, gy)]:
                    if other == sid or (other, r, s) in seen:
                        continue
                    seen.add((other, r, s))
                    rx, ry, sx, sy = r[0] - a[0], r[1] - a[1], s[0] - a[0], s[1] - a[1]
                    if abs(ux * ry - uy * rx) > 0.15 or abs(ux * sy - uy * sx) > 0.15:
                        continue
                    tr, ts = ux * rx + uy * ry, ux * sx + uy * sy
                    overlap = min(length, max(tr, ts)) - max(0.0, min(tr, ts))
                    if overlap > 0:
                        lengths[(sid, other)] += overlap
    return lengths


def contact(a: str, b: str) -> float:
    lengths = contact_lengths()
    return max(lengths.get((a, b), 0.0), lengths.get((b, a), 0.0))


def enclosed(territory: str, sea: str) -> bool:
    """An island lying wholly inside a naval zone: zones are drawn by their outer rings only
    (the renderer paints land over sea), so such an island shares no edge with its zone."""
    spaces = geometry()["spaces"]
    return inside(tuple(spaces[territory]["label"]), spaces[sea]["polygons"])


def touches_sea(territory: str, sea: str) -> bool:
    return contact(territory, sea) > 0 or enclosed(territory, sea)


# --------------------------------------------------------------------------- powers


def test_the_fourteen_powers_of_seed_003_with_names_and_distinct_colours() -> None:
    powers = rules()["powers"]
    assert {p["id"] for p in powers} == POWERS
    assert len(powers) == 14
    for key in ("name_en", "name_fr", "color"):
        assert len({p[key].lower() for p in powers}) == 14, key
    for p in powers:
        assert re.fullmatch(r"#[0-9a-f]{6}", p["color"]), p


def _luminance(colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@pytest.mark.parametrize("power", sorted(POWERS))
def test_power_colours_are_readable_with_black_text(power: str) -> None:
    colour = next(p["color"] for p in rules()["powers"] if p["id"] == power)
    contrast = (_luminance(colour) + 0.05) / 0.05  # WCAG contrast ratio against black
    assert contrast >= 4.5, (power, colour, contrast)


def test_power_colours_are_far_apart_and_most_between_land_neighbours() -> None:
    rgb = {p["id"]: tuple(int(p["color"][i:i + 2], 16) for i in (1, 3, 5))
           for p in rules()["powers"]}
    ids = sorted(rgb)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            assert math.dist(rgb[a], rgb[b]) >= 40, (a, b)
    own = owners()
    for a, b in rules()["land_borders"]:
        if own[a] != own[b]:
            assert math.dist(rgb[own[a]], rgb[own[b]]) >= 50, (own[a], own[b])


def test_every_power_starts_with_at_least_two_territories() -> None:
    """Seed 003 ends the game when three powers hold a single territory: not at the start."""
    counts = {p: sum(1 for o in owners().values() if o == p) for p in POWERS}
    assert min(counts.values()) >= 2, counts


def test_every_territory_but_switzerland_belongs_to_a_power() -> None:
    for tid, t in territories().items():
        if tid == "swi":
            assert t["owner"] is None
        else:
            assert t["owner"] in POWERS, t


def test_switzerland_is_neutral_and_neighbours_nothing_in_play() -> None:
    data = rules()
    assert data["neutral"] == ["swi"]
    assert territories()["swi"]["name_fr"] == "Suisse"
    assert all("swi" not in pair for pair in data["land_borders"])
    assert "swi" not in data["sea_contacts"]
    assert geometry()["spaces"]["swi"]["kind"] == "impassable"
    # It really lies among France, Germany, Italy and Austria-Hungary on the drawing.
    touching = {owners()[t] for t in owners() if contact("swi", t) > 10}
    assert touching == {"france", "germany", "italy", "austria"}


def test_the_powers_form_one_connected_neighbourhood() -> None:
    graph = power_neighbours()
    assert all(graph[p] for p in POWERS), graph
    seen, todo = {"england"}, ["england"]
    while todo:
        for q in graph[todo.pop()] - seen:
            seen.add(q)
            todo.append(q)
    assert seen == POWERS


def test_neighbours_follow_land_borders_and_shared_naval_zones() -> None:
    graph = power_neighbours()
    assert "germany" in graph["poland"] and "russia" in graph["poland"]  # land
    assert "austria" in graph["poland"]
    assert "spain" in graph["england"]  # Portugal; also the Atlantic
    assert "turkey" in graph["england"]  # Cyprus and Egypt on the Levantine Sea
    assert "italy" in graph["spain"]  # Balearics and Sardinia on the Western Mediterranean
    assert "poland" not in graph["england"]  # landlocked Congress Poland, far away
    assert "greece" not in graph["poland"]


# --------------------------------------------------------------------------- territories


def test_size_of_the_map_as_issue_7_asks() -> None:
    in_play = owners()
    stars = [t for t in territories().values() if t["star"]]
    assert 110 <= len(in_play) <= 160
    assert 25 <= len(stars) <= 35
    assert 20 <= len(rules()["seas"]) <= 25
    assert all(t["owner"] for t in stars)


def test_names_and_ids_are_unique_in_both_languages() -> None:
    spaces = rules()["territories"] + rules()["seas"]
    ids = [s["id"] for s in spaces]
    assert len(ids) == len(set(ids))
    for key in ("name_en", "name_fr"):
        names = [s[key].casefold() for s in spaces]
        assert len(names) == len(set(names)), key
        assert all(s[key].strip() for s in spaces)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def test_a_name_or_id_typed_by_a_player_means_one_space_only() -> None:
    """Players name territories by id or by name in either language, any case or accent."""
    meaning: dict[str, set[str]] = defaultdict(set)
    for space in rules()["territories"] + rules()["seas"]:
        for key in ("id", "name_en", "name_fr"):
            meaning[_fold(space[key])].add(space["id"])
    assert {word: ids for word, ids in meaning.items() if len(ids) > 1} == {}


def test_capitals_are_starred() -> None:
    capitals = {"england": "lon", "france": "par", "germany": "ber", "austria": "vie",
                "russia": "stp", "italy": "rom", "spain": "mad", "turkey": "con",
                "sweden": "sto", "romania": "buc", "serbia": "bgr", "poland": "war",
                "greece": "ath", "bulgaria": "sof"}
    for power, tid in capitals.items():
        t = territories()[tid]
        assert t["owner"] == power and t["star"], t


@pytest.mark.parametrize(
    ("tid", "owner"),
    [
        ("als", "germany"), ("pos", "germany"), ("pru", "germany"), ("ndl", "germany"),
        ("war", "poland"), ("lub", "poland"), ("cra", "austria"), ("lem", "austria"),
        ("trs", "austria"), ("bos", "austria"), ("tri", "austria"), ("tyr", "austria"),
        ("fin", "russia"), ("est", "russia"), ("bes", "russia"), ("ala", "russia"),
        ("chr", "sweden"), ("jut", "sweden"), ("cop", "sweden"), ("isl", "sweden"),
        ("uls", "england"), ("lis", "england"), ("mlt", "england"), ("cyp", "england"),
        ("egy", "england"), ("bel", "france"), ("cor", "france"), ("alg", "france"),
        ("tun", "france"), ("tng", "spain"), ("blr", "spain"), ("sic", "italy"),
        ("sar", "italy"), ("trp", "turkey"), ("sal", "turkey"), ("alb", "turkey"),
        ("cre", "greece"), ("mnt", "serbia"), ("dob", "romania"), ("plv", "bulgaria"),
    ],
)
def test_owners_around_1900_as_documented(tid: str, owner: str) -> None:
    """The choices listed in the map's README (seed 003: "aux alentours de 1900")."""
    assert territories()[tid]["owner"] == owner


def test_starts_are_unequal_and_poland_greece_serbia_are_among_the_weakest() -> None:
    values = {p: influence(p) for p in POWERS}
    assert max(values.values()) > 2 * min(values.values())
    for weak in WEAKEST:
        assert all(values[weak] < values[g] for g in GREAT_POWERS), values


def test_influence_at_the_start_matches_the_readme_table() -> None:
    text = (MAP_DIR / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| [^|]+ \| [^|]+ \| `(\w+)` \| (\d+) \| (\d+) \| ([\d/]+) \|$", text,
                      re.MULTILINE)
    assert {r[0] for r in rows} == POWERS
    for power, count, stars, value in rows:
        mine = [t for t, p in owners().items() if p == power]
        assert int(count) == len(mine)
        assert int(stars) == sum(1 for t in mine if territories()[t]["star"])
        assert Fraction(value) == influence(power), power


def test_influence_rule_bonuses_and_malus_show_at_the_start() -> None:
    """Germany and Austria-Hungary count double, Russia half (docs/RULES.md §6)."""
    for power, factor in (("germany", 2), ("austria", 2), ("russia", Fraction(1, 2))):
        mine = [t for t, p in owners().items() if p == power]
        raw = sum(2 if territories()[t]["star"] else 1 for t in mine)
        assert influence(power) == min(Fraction(50), raw * factor)


# --------------------------------------------------------------------------- adjacency data


def test_land_borders_are_unique_sorted_pairs_of_known_territories() -> None:
    pairs = [tuple(pair) for pair in rules()["land_borders"]]
    assert pairs == sorted(set(pairs))
    for a, b in pairs:
        assert a < b
        assert a in owners() and b in owners()


def test_sea_contacts_reference_known_ids() -> None:
    for tid, zones in rules()["sea_contacts"].items():
        assert tid in owners()
        assert zones == sorted(set(zones)) and zones
        assert set(zones) <= sea_ids()


def test_every_naval_zone_touches_a_territory() -> None:
    touched = {z for zones in rules()["sea_contacts"].values() for z in zones}
    assert touched == sea_ids()


def test_islands_touch_their_sea_and_have_no_land_border() -> None:
    islands = {tid for tid, t in territories().items() if t["island"]}
    names = {territories()[t]["name_en"] for t in islands}
    assert {"Corsica", "Sardinia", "Sicily", "Balearic Islands", "Malta", "Crete", "Cyprus",
            "Gotland", "Iceland"} <= names
    for tid in islands:
        assert rules()["sea_contacts"].get(tid), tid
        assert all(tid not in pair for pair in rules()["land_borders"]), tid


# --------------------------------------------------------------------------- geometry


def test_geometry_draws_every_territory_sea_and_switzerland() -> None:
    geo = geometry()
    assert geo["name"] == "imperialisme"
    assert geo["width"] >= 1600 and geo["height"] >= 1000
    spaces = geo["spaces"]
    assert set(spaces) == set(territories()) | sea_ids()
    for tid in owners():
        assert spaces[tid]["kind"] == "land"
    for z in sea_ids():
        assert spaces[z]["kind"] == "sea"
        assert spaces[z]["center"] is None


def test_polygons_are_rings_inside_the_frame() -> None:
    geo = geometry()
    for sid, space in geo["spaces"].items():
        assert space["polygons"], sid
        for ring in space["polygons"]:
            assert len(ring) >= 3, sid
            for x, y in ring:
                assert -0.5 <= x <= geo["width"] + 0.5 and -0.5 <= y <= geo["height"] + 0.5


@pytest.mark.parametrize("key", ["label", "unit"])
def test_label_and_unit_points_lie_inside_their_polygon(key: str) -> None:
    outside = [sid for sid, space in geometry()["spaces"].items()
               if not inside(tuple(space[key]), space["polygons"])]
    assert not outside


def test_stars_are_drawn_inside_starred_territories_only() -> None:
    spaces = geometry()["spaces"]
    for tid, t in territories().items():
        center = spaces[tid]["center"]
        if t["star"]:
            assert center is not None and inside(tuple(center), spaces[tid]["polygons"]), tid
        else:
            assert center is None, tid


def test_small_islands_are_visible() -> None:
    """Malta is a point at this scale: it must still be drawn as a visible shape."""
    for tid in ("mlt", "rho", "gtl", "ala"):
        xs = [x for ring in geometry()["spaces"][tid]["polygons"] for x, _ in ring]
        ys = [y for ring in geometry()["spaces"][tid]["polygons"] for _, y in ring]
        assert max(xs) - min(xs) >= 6 and max(ys) - min(ys) >= 6, tid


def test_every_listed_border_and_contact_is_drawn() -> None:
    missing = [pair for pair in rules()["land_borders"] if contact(*pair) <= 0]
    missing += [(t, z) for t, zones in rules()["sea_contacts"].items() for z in zones
                if not touches_sea(t, z)]
    assert not missing


def test_every_drawn_border_is_listed() -> None:
    """A border of 6 px or more on the map (about 15 km) is a land border in the data."""
    listed = {tuple(pair) for pair in rules()["land_borders"]}
    in_play = sorted(owners())
    unlisted = [(a, b) for i, a in enumerate(in_play) for b in in_play[i + 1:]
                if (a, b) not in listed and contact(a, b) >= 6]
    assert not unlisted


def test_every_drawn_coast_is_a_sea_contact() -> None:
    contacts = rules()["sea_contacts"]
    unlisted = [(t, z) for t in owners() for z in sorted(sea_ids())
                if (contact(t, z) >= 6 or enclosed(t, z)) and z not in contacts.get(t, [])]
    assert not unlisted
    coastal = {t for t in owners() if any(touches_sea(t, z) for z in sea_ids())}
    assert coastal == set(contacts)


def test_islands_in_the_middle_of_a_zone_are_enclosed_by_it() -> None:
    assert enclosed("mlt", "scs") and enclosed("gtl", "bal") and enclosed("cyp", "lev")
    assert not enclosed("sic", "scs")  # Sicily lies on the zones' borders, not inside one
    assert not enclosed("par", "man")
