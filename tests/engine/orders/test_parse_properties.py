"""Properties of the order parser (hypothesis): it never raises anything but OrderError on
any text, ``format_order`` output parses back to the same order, case and accents never
matter, and every long French form built from the map's names reads as written."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.maps import Kind, Power, load_map
from engine.orders.errors import OrderError
from engine.orders.parse import parse_order, parse_orders
from engine.orders.types import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    RetreatList,
    Support,
    Waive,
    format_order,
)

M = load_map("classic")
SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

PROVINCES = sorted(M.provinces)
LOCATIONS = sorted({*PROVINCES, *(f"{p}/{c}" for p in PROVINCES
                                  for c in M.provinces[p].coasts)})
# pieces players write, to reach the parser's deeper paths more often than random text does
VOCAB = [
    "A", "F", "a", "f", "?", "-", "->", "=", ":", ",", ";", "/", "(", ")", "S", "C", "H", "R",
    "D", "B", "to", "à", "vers", "de", "la", "l'", "l’", "d'", "le", "via", "convoy", "par",
    "convoi", "supports", "soutient", "convoie", "tient", "hold", "fait", "retraite",
    "build", "construire", "retirer", "remove", "disband", "waive", "renoncer", "Armée",
    "Flotte", "nc", "sc", "ec", "côte", "nord", "sud", "ENG", "England", "Angleterre", "FRA",
    "Russie", "Autriche-Hongrie", "A-H", "Mer", "du", "Nord", "St.", "Petersburg", "Mid",
    "Atlantic", "Nor", "Nort", "Gal", "1.", "•", "#", "//", "(<–", "un", "une", "et", "ou",
    "2", "99", "\t", "\n", "é", "’", "—",
    *PROVINCES, *LOCATIONS[:20], "Espagne", "Saint-Pétersbourg", "Sébastopol", "Manche",
]


def _words() -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(VOCAB), max_size=14).map(
        lambda ws: " ".join(ws) if len(ws) % 2 else "".join(ws))


@SETTINGS
@given(st.text(max_size=200))
def test_parse_order_raises_only_order_error_on_any_text(text: str) -> None:
    try:
        order = parse_order(text, M)
    except OrderError as e:
        assert e.message("en") and e.message("fr")
        assert isinstance(e.to_json()["words"], str)
    else:
        assert order.kind in {"hold", "move", "support", "convoy", "retreat", "retreat_list",
                              "disband", "build", "remove", "waive"}


@SETTINGS
@given(st.one_of(_words(), st.lists(_words(), max_size=4).map("\n".join)))
def test_parse_order_raises_only_order_error_on_order_like_text(text: str) -> None:
    try:
        parse_order(text, M)
    except OrderError as e:
        assert e.message("fr")


@SETTINGS
@given(st.one_of(st.text(max_size=300), st.lists(_words(), max_size=6).map("\n".join)))
def test_parse_orders_never_raises_and_reports_each_line(text: str) -> None:
    lines = parse_orders(text, M)
    for line in lines:
        assert (line.order is None) != (line.error is None)
        assert line.text.strip() and 1 <= line.line <= len(text.splitlines())
        assert line.power is None or line.power in M.power_ids


# -- round trip ---------------------------------------------------------------------------------

types_ = st.sampled_from(["A", "F", None])
locs = st.sampled_from(LOCATIONS)
orders: st.SearchStrategy[Order] = st.one_of(
    st.builds(Hold, types_, locs),
    st.builds(Move, types_, locs, locs, st.booleans()),
    st.builds(Support, types_, locs, locs, st.one_of(st.none(), locs), types_),
    st.builds(Convoy, types_, locs, locs, locs),
    st.builds(Retreat, types_, locs, locs),
    st.builds(RetreatList, types_, locs,
              st.lists(locs, min_size=2, max_size=5).map(tuple)),
    st.builds(Disband, types_, locs),
    st.builds(Build, st.sampled_from(["A", "F"]), locs),
    st.builds(Remove, types_, locs),
    st.just(Waive()),
)


@SETTINGS
@given(orders)
def test_format_order_round_trip(order: Order) -> None:
    text = format_order(order)
    assert parse_order(text, M) == order
    assert parse_order(text.upper(), M) == order
    assert parse_order("  " + text.replace(" ", "   ") + " ", M) == order


@SETTINGS
@given(orders, st.sampled_from(M.powers))
def test_power_prefix_is_reported_and_does_not_change_the_order(order: Order,
                                                                 power: Power) -> None:
    for prefix in (f"{power.abbrev}: ", f"{power.name_fr} : ", f"{power.name_en}: "):
        (line, *rest) = parse_orders(prefix + format_order(order), M)
        assert rest == [] and line.power == power.id and line.order == order


# -- long French forms from the map's names ----------------------------------------------------

def _strip_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


land = st.sampled_from([p for p in PROVINCES if M.provinces[p].kind is not Kind.SEA])
anywhere = st.sampled_from(PROVINCES)


@SETTINGS
@given(land, anywhere, st.booleans(), st.booleans())
def test_long_french_move_from_names(src: str, dst: str, accents: bool, english: bool) -> None:
    """``L'armée de <nom> à <nom>`` / ``Army <name> to <name>`` for every pair of names."""
    a, b = M.provinces[src], M.provinces[dst]
    if english:
        text = f"Army {a.name_en} to {b.name_en}"
    else:
        text = f"L'armée de {a.name_fr} à {b.name_fr}"
    if not accents:
        text = _strip_accents(text)
    assert parse_order(text, M) == Move("A", src, dst)


@SETTINGS
@given(anywhere, land, anywhere)
def test_long_french_support_and_convoy_from_names(sup: str, src: str, dst: str) -> None:
    a, b, c = M.provinces[sup], M.provinces[src], M.provinces[dst]
    text = f"La flotte de {a.name_fr} soutient l'armée de {b.name_fr} vers {c.name_fr}"
    assert parse_order(text, M) == Support("F", sup, src, dst, "A")
    text = f"Flotte {a.name_fr} convoie l'armée {b.name_fr} jusqu'à {c.name_fr}"
    assert parse_order(text, M) == Convoy("F", sup, src, dst)
