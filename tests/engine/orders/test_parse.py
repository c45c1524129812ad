"""Order parser (issue 2 "Orders — parse, normalise, explain"): every example of issue 2, of
seed 002 (long French forms, the complete Fall 1907 example) and of seed 004 (correspondence
forms and abbreviations, report notation), names, coasts, power headers, lists and errors."""

from __future__ import annotations

import pytest

from engine.maps import load_map
from engine.orders.errors import MESSAGES, OrderError
from engine.orders.names import fold
from engine.orders.parse import ParsedLine, parse_order, parse_orders
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


def p(text: str) -> Order:
    return parse_order(text, M)


def err(text: str) -> OrderError:
    with pytest.raises(OrderError) as info:
        parse_order(text, M)
    return info.value


# -- issue 2 and the task brief, one by one ---------------------------------------------------

ISSUE_2 = [
    # holds
    ("A MUN H", Hold("A", "mun")),
    ("A Mun Hold", Hold("A", "mun")),
    ("A MUN tient", Hold("A", "mun")),
    ("A mun holds", Hold("A", "mun")),
    ("A MUN stands", Hold("A", "mun")),
    ("A MUN reste", Hold("A", "mun")),
    ("A MUN reste sur place", Hold("A", "mun")),
    ("L'armée de Rome tient", Hold("A", "rom")),
    # moves
    ("A Par-Bur", Move("A", "par", "bur")),
    ("A PAR - BUR", Move("A", "par", "bur")),
    ("A PAR -> BUR", Move("A", "par", "bur")),
    ("A Par to Bur", Move("A", "par", "bur")),
    ("Par - Bur", Move(None, "par", "bur")),
    ("Armée Rome à Venise", Move("A", "rom", "ven")),
    ("A LON - BEL via convoy", Move("A", "lon", "bel", True)),
    ("A LON - BEL by convoy", Move("A", "lon", "bel", True)),
    ("A LON - BEL par convoi", Move("A", "lon", "bel", True)),
    ("F MOC - ESP CS", Move("F", "wes", "spa/sc")),
    ("F stp(nc) - nwy", Move("F", "stp/nc", "nwy")),
    ("F spa nc - mao", Move("F", "spa/nc", "mao")),
    ("Flotte Brest à Manche", Move("F", "bre", "eng")),
    ("La flotte de St. Petersburg (Côte Nord) à la Norvège", Move("F", "stp/nc", "nwy")),
    # supports
    ("A BUR S A PAR-MAR", Support("A", "bur", "par", "mar", "A")),
    ("A BUR supports A PAR - MAR", Support("A", "bur", "par", "mar", "A")),
    ("A BOU S A TYR-MUN", Support("A", "bur", "tyr", "mun", "A")),
    ("A SIL S RUSSIE A VAR-PRU", Support("A", "sil", "war", "pru", "A", "russia")),
    ("F NTH S F LON", Support("F", "nth", "lon", None, "F")),
    ("La flotte de Kiel soutient l'armée Ruhr vers la Hollande",
     Support("F", "kie", "ruh", "hol", "A")),
    ("L'armée de Paris soutient la Flotte de Brest", Support("A", "par", "bre", None, "F")),
    ("L'Armée d'Ukraine soutient la Flotte Sevastopol", Support("A", "ukr", "sev", None, "F")),
    ("F lon Supports F wal -> eng", Support("F", "lon", "wal", "eng", "F")),
    ("ENG: F nth Supports A yor", Support("F", "nth", "yor", None, "A")),
    ("A yor Supports A lon -> hol", Support("A", "yor", "lon", "hol", "A")),
    # convoys
    ("F NTH C A LON-BEL", Convoy("F", "nth", "lon", "bel")),
    ("F NRD C A LON-BEL", Convoy("F", "nth", "lon", "bel")),
    ("F nth convoys yor -> yor", Convoy("F", "nth", "yor", "yor")),
    ("F nth convoys bre -> lon", Convoy("F", "nth", "bre", "lon")),
    ("F NTH C Angleterre A LON-BEL", Convoy("F", "nth", "lon", "bel", "england")),
    ("Flotte Mer du Nord convoie l'armée Yorkshire vers la Norvège",
     Convoy("F", "nth", "yor", "nwy")),
    ("La flotte de la mer du Nord convoie l'Armée de Londres à la Hollande",
     Convoy("F", "nth", "lon", "hol")),
    # retreats (a Move in a retreat phase becomes a Retreat in the validator)
    ("F TRI R ALB", Retreat("F", "tri", "alb")),
    ("F TRI - ALB", Move("F", "tri", "alb")),
    ("F TRI retreats to ALB", Retreat("F", "tri", "alb")),
    ("A VIE fait retraite à BUD", Retreat("A", "vie", "bud")),
    ("F TRI disband", Disband("F", "tri")),
    ("F TRI D", Disband("F", "tri")),
    ("dissoudre F TRI", Disband("F", "tri")),
    ("F TRI se dissout", Disband("F", "tri")),
    ("A VIE fait retraite à BUD, TRI, GAL", RetreatList("A", "vie", ("bud", "tri", "gal"))),
    ("A VIE R BUD, TRI, GAL", RetreatList("A", "vie", ("bud", "tri", "gal"))),
    # adjustments
    ("Build A PAR", Build("A", "par")),
    ("Build F stp/nc", Build("F", "stp/nc")),
    ("B F BRE", Build("F", "bre")),
    ("construire F BRE", Build("F", "bre")),
    ("construction A PAR", Build("A", "par")),
    ("F BRE build", Build("F", "bre")),
    ("Remove F KIE", Remove("F", "kie")),
    ("retirer F(HOL)", Remove("F", "hol")),
    ("disband A mun", Disband("A", "mun")),
    ("Waive", Waive()),
    ("renoncer", Waive()),
    ("pas de construction", Waive()),
    # DATC text style
    ("ENG: F nth -> pic", Move("F", "nth", "pic")),
    ("FRA: A bre -> lon", Move("A", "bre", "lon")),
    ("GER: F bel -> eng", Move("F", "bel", "eng")),
    ("ENG: A lon -> bel via Convoy", Move("A", "lon", "bel", True)),
    ("FRA: F spa(nc) -> mao", Move("F", "spa/nc", "mao")),
    ("FRA: F gas -> spa(nc)", Move("F", "gas", "spa/nc")),
    ("FRA: F mar Supports F gas -> spa(nc)", Support("F", "mar", "gas", "spa/nc", "F")),
    ("RUS: F stp(sc) build", Build("F", "stp/sc")),
    ("ENG: A lvp build", Build("A", "lvp")),
    ("GER: A mun disband", Disband("A", "mun")),
    ("remove kie", Remove(None, "kie")),
    ("TUR: F bul(ec) Supports F con", Support("F", "bul/ec", "con", None, "F")),
]


@pytest.mark.parametrize(("text", "expected"), ISSUE_2, ids=[t for t, _ in ISSUE_2])
def test_issue_2_examples(text: str, expected: Order) -> None:
    assert p(text) == expected


# -- seed 002: the complete Fall 1907 example, field by field ---------------------------------

FALL_1907 = """\
–Allemagne–

  • Armée Ruhr vers la Hollande
  • La flotte de Kiel soutient l’armée Ruhr vers la Hollande
  • L’armée de Munich soutient l’armée Ruhr vers la Hollande
  • L’armée de Prusse soutient l’armée de Silésie
  • L’armée de Silésie soutient l’armée de Prusse

–Angleterre–

  • Armée de Londres à la Hollande
  • La flotte de la mer du Nord convoie l’Armée de Londres à la Hollande (<– un convoi)
  • La flotte Heligoland Bight soutient l’Armée de Londres à la Hollande
  • Armée Danemark à Kiel
  • Armée Picardie à Brest
  • La Flotte de l’Océan Mid-Atlantique soutient l’Armée Picardie à Brest
  • La Flotte de la Manche soutient l’Armée Picardie à Brest

–France–

  • Flotte de Gascogne à l’Océan Mid-Atlantique
  • Flotte de la Mer d’Irlande à la Manche
  • La Flotte de Brest tient
  • L’Armée de Paris soutient la Flotte de Brest
  • Armée Bourgogne à Ruhr

–Russie–

La flotte de Sébastopol tient
L’armée de Moscou soutient la flotte de Sébastopol
La flotte de St. Petersburg (Côte Nord) à la Norvège
L’Armée Finlandaise soutient la Flotte St. Petersburg (Côte Nord) à la Norvège
L’Armée Livonia à la Prusse

–Autriche-Hongrie–

L’Armée d’Ukraine soutient la Flotte Sevastopol
La flotte Trieste tient
L’Armée Budapest soutient la flotte Trieste
L’Armée Vienne soutient la flotte Trieste

–Turquie–

L’Armée de Galice à l’Ukraine
La flotte de la mer Noire à Sébastopol
L’Armée d’Arménie soutient la flotte de la mer Noire à Sébastopol
L’Armée de Roumanie soutient la flotte de la mer Noire à Sébastopol

–Italie–

L’armée Apulia à Trieste
La flotte de la mer Adriatique convoie l’armée Apulia à Trieste
L’armée Venezia soutient l’armée Apulia à Trieste
La flotte Albania soutient l’armée Apulia à Trieste
"""

FALL_1907_EXPECTED: list[tuple[str, Order]] = [
    ("germany", Move("A", "ruh", "hol")),
    ("germany", Support("F", "kie", "ruh", "hol", "A")),
    ("germany", Support("A", "mun", "ruh", "hol", "A")),
    ("germany", Support("A", "pru", "sil", None, "A")),
    ("germany", Support("A", "sil", "pru", None, "A")),
    ("england", Move("A", "lon", "hol")),
    ("england", Convoy("F", "nth", "lon", "hol")),
    ("england", Support("F", "hel", "lon", "hol", "A")),
    ("england", Move("A", "den", "kie")),
    ("england", Move("A", "pic", "bre")),
    ("england", Support("F", "mao", "pic", "bre", "A")),
    ("england", Support("F", "eng", "pic", "bre", "A")),
    ("france", Move("F", "gas", "mao")),
    ("france", Move("F", "iri", "eng")),
    ("france", Hold("F", "bre")),
    ("france", Support("A", "par", "bre", None, "F")),
    ("france", Move("A", "bur", "ruh")),
    ("russia", Hold("F", "sev")),
    ("russia", Support("A", "mos", "sev", None, "F")),
    ("russia", Move("F", "stp/nc", "nwy")),
    ("russia", Support("A", "fin", "stp/nc", "nwy", "F")),
    ("russia", Move("A", "lvn", "pru")),
    ("austria", Support("A", "ukr", "sev", None, "F")),
    ("austria", Hold("F", "tri")),
    ("austria", Support("A", "bud", "tri", None, "F")),
    ("austria", Support("A", "vie", "tri", None, "F")),
    ("turkey", Move("A", "gal", "ukr")),
    ("turkey", Move("F", "bla", "sev")),
    ("turkey", Support("A", "arm", "bla", "sev", "F")),
    ("turkey", Support("A", "rum", "bla", "sev", "F")),
    ("italy", Move("A", "apu", "tri")),
    ("italy", Convoy("F", "adr", "apu", "tri")),
    ("italy", Support("A", "ven", "apu", "tri", "A")),
    ("italy", Support("F", "alb", "apu", "tri", "A")),
]


def test_seed_002_fall_1907_every_order_field_by_field() -> None:
    """seed 002: the orders of the seven powers for Fall 1907, pasted as written (power
    headers, bullets, typographic apostrophes, a closing remark in brackets)."""
    lines = parse_orders(FALL_1907, M)
    assert [ln.error for ln in lines] == [None] * len(FALL_1907_EXPECTED)
    assert [(ln.power, ln.order) for ln in lines] == FALL_1907_EXPECTED
    # the text kept for each order is its own line, bullet included
    assert lines[0].text == "• Armée Ruhr vers la Hollande"
    assert lines[0].line == 3


SEED_002_OTHERS = [
    ("Italie : L’armée de Rome tient.", Hold("A", "rom")),
    ("Armée Rome à Venise", Move("A", "rom", "ven")),
    ("Flotte Brest à Manche", Move("F", "bre", "eng")),
    ("La Flotte Trieste tient", Hold("F", "tri")),
    ("Armée Venise à Trieste", Move("A", "ven", "tri")),
    ("Armée Munich à Tyrolia", Move("A", "mun", "tyr")),
    ("Armée Venise à Tyrolia", Move("A", "ven", "tyr")),
    ("Armée Yorkshire vers la Norvège", Move("A", "yor", "nwy")),
    ("Flotte Mer du Nord convoie l’armée Yorkshire vers la Norvège",
     Convoy("F", "nth", "yor", "nwy")),
    # the Russian moves "written in a short form"
    ("A Mos H", Hold("A", "mos")),
    ("A War-Gal", Move("A", "war", "gal")),
    ("A Bud S A War-Gal", Support("A", "bud", "war", "gal", "A")),
    ("A Sev-Ank", Move("A", "sev", "ank")),
    ("F Bla C A Sev-Ank", Convoy("F", "bla", "sev", "ank")),
]


@pytest.mark.parametrize(("text", "expected"), SEED_002_OTHERS,
                         ids=[t for t, _ in SEED_002_OTHERS])
def test_seed_002_other_examples(text: str, expected: Order) -> None:
    assert p(text) == expected


def test_seed_002_power_prefix_is_reported() -> None:
    (line,) = parse_orders("Italie : L’armée de Rome tient.", M)
    assert line.power == "italy" and line.order == Hold("A", "rom")


# -- seed 004: correspondence forms, abbreviations, report notation ---------------------------

SEED_004 = [
    # §2.9.1
    ("A TYR-MUN", Move("A", "tyr", "mun")),
    ("A BOU S A TYR-MUN", Support("A", "bur", "tyr", "mun", "A")),
    ("A SIL S RUSSIE A VAR-PRU", Support("A", "sil", "war", "pru", "A", "russia")),
    # §2.9.6
    ("A MUN H", Hold("A", "mun")),
    ("A BOH S A MUN", Support("A", "boh", "mun", None, "A")),
    ("A MUN-BER", Move("A", "mun", "ber")),
    # §2.12.1, §2.12.2
    ("A LON-BEL", Move("A", "lon", "bel")),
    ("F NRD C A LON-BEL", Convoy("F", "nth", "lon", "bel")),
    ("F NRD C ANGLETERRE A LON-BEL", Convoy("F", "nth", "lon", "bel", "england")),
    ("A LON-TUN", Move("A", "lon", "tun")),
    ("F MAN C A LON-TUN", Convoy("F", "eng", "lon", "tun")),
    ("F AMO C A LON-TUN", Convoy("F", "mao", "lon", "tun")),
    ("F MOR C ANG. A LON-TUN", Convoy("F", "eas", "lon", "tun", "england")),
    # §3.4.1
    ("France: A BOU S ALLEMAGNE A RUH - BEL", Support("A", "bur", "ruh", "bel", "A", "germany")),
    ("F ESP CS - POR", Move("F", "spa/sc", "por")),
    ("F POR - ESP CN", Move("F", "por", "spa/nc")),
    # §3.4.2
    ("A VIE fait retraite à BUD, TRI, GAL, BOH, TYR",
     RetreatList("A", "vie", ("bud", "tri", "gal", "boh", "tyr"))),
    ("retirer F(HOL)", Remove("F", "hol")),
    ("F HOL-NRD", Move("F", "hol", "nth")),
    ("F KIE-HOL", Move("F", "kie", "hol")),
    ("retirer F HOL", Remove("F", "hol")),
    # §3.5.2: the parser keeps what is written, the validator completes the coast
    ("F MOC - ESP", Move("F", "wes", "spa")),
    ("F CON - BUL", Move("F", "con", "bul")),
    ("construire une F STP", Build("F", "stp")),
    # §4.1.1 report notation: "=" succeeded, ":" failed, both are moves
    ("A VAR S A MOS-UKR", Support("A", "war", "mos", "ukr", "A")),
    ("A VAR=UKR", Move("A", "war", "ukr")),
    ("A VAR:UKR", Move("A", "war", "ukr")),
    # Examples 1-14 (chapter 2), one order each
    ("F DAN:FIE", Move("F", "den", "kie")),  # seed 004 writes FIE for Kiel in examples 1-2
    ("F NRD: DAN", Move("F", "nth", "den")),
    ("F HEL S F NRD-DAN", Support("F", "hel", "nth", "den", "F")),
    ("A BER:KIE", Move("A", "ber", "kie")),
    ("F BAL S F SKA-DAN", Support("F", "bal", "ska", "den", "F")),
    ("F SKA:DAN", Move("F", "ska", "den")),
    ("A BOU H", Hold("A", "bur")),
    ("A MUN:BOU", Move("A", "mun", "bur")),
    ("A FIE S AUTRICHE A BOH-MUN", Support("A", "kie", "boh", "mun", "A", "austria")),
    ("A BOH:MUN", Move("A", "boh", "mun")),
    ("A TYR S A BOH-MUN", Support("A", "tyr", "boh", "mun", "A")),
    ("A SER=BUD", Move("A", "ser", "bud")),
    ("A VIE:BUD", Move("A", "vie", "bud")),
    ("A GAL S A AUTRICHE SER-BUD", Support("A", "gal", "ser", "bud", "A", "austria")),
    ("A SER H", Hold("A", "ser")),
    ("A ROU:SER", Move("A", "rum", "ser")),
    ("A BUD S A ROU-SER", Support("A", "bud", "rum", "ser", "A")),
    ("A BUL:SER", Move("A", "bul", "ser")),
    ("A GRE S A BUL-SER", Support("A", "gre", "bul", "ser", "A")),
    ("A BUL:ROU", Move("A", "bul", "rum")),
    ("A ROU=BUL", Move("A", "rum", "bul")),
    ("F NOI S A ROU-BUL", Support("F", "bla", "rum", "bul", "A")),
    ("A SEB=ROU", Move("A", "sev", "rum")),
    ("F NOI S A BUL-ROU", Support("F", "bla", "bul", "rum", "A")),
    ("A SER S A ROU-BUL", Support("A", "ser", "rum", "bul", "A")),
    ("A PRU:VAR", Move("A", "pru", "war")),
    ("A SIL S A PRU-VAR", Support("A", "sil", "pru", "war", "A")),
    ("A VAR H", Hold("A", "war")),
    ("A BOH:SIL", Move("A", "boh", "sil")),
    ("A PRU=VAR", Move("A", "pru", "war")),
    ("A VAR:SIL", Move("A", "war", "sil")),
    ("A BER:PRU", Move("A", "ber", "pru")),
    ("A SIL S A BER-PRU", Support("A", "sil", "ber", "pru", "A")),
    ("A PRU=SIL", Move("A", "pru", "sil")),
    ("A VAR S A PRU-SIL", Support("A", "war", "pru", "sil", "A")),
    ("F BAL:PRU", Move("F", "bal", "pru")),
    ("A BER H", Hold("A", "ber")),
    ("A MUN:SIL", Move("A", "mun", "sil")),
    ("A ESP:NAP", Move("A", "spa", "nap")),
    ("F GLI C A ESP-NAP", Convoy("F", "lyo", "spa", "nap")),
    ("F MTY C A ESP-NAP", Convoy("F", "tys", "spa", "nap")),
    ("F ION=MTY", Move("F", "ion", "tys")),
    ("F TUN S F ION-MTY", Support("F", "tun", "ion", "tys", "F")),
    ("A LON=BEL", Move("A", "lon", "bel")),
    ("F BRE=MAN", Move("F", "bre", "eng")),
    ("F IRL S F BRE-MAN", Support("F", "iri", "bre", "eng", "F")),
    ("F NAP S F ION-MTY", Support("F", "nap", "ion", "tys", "F")),
    ("A HOL=BEL", Move("A", "hol", "bel")),
    ("F BEL=NRD", Move("F", "bel", "nth")),
    ("F NRD=HOL", Move("F", "nth", "hol")),
    ("A BEL=LON", Move("A", "bel", "lon")),
    ("F MAN C A BEL-LON", Convoy("F", "eng", "bel", "lon")),
]


@pytest.mark.parametrize(("text", "expected"), SEED_004, ids=[t for t, _ in SEED_004])
def test_seed_004_examples(text: str, expected: Order) -> None:
    assert p(text) == expected


def test_seed_004_build_list_keeps_its_order() -> None:
    """§3.4.2: ``construire F BRE, A PAR, A MAR`` is three builds, in that order of
    preference, one ParsedLine each."""
    lines = parse_orders("construire F BRE, A PAR, A MAR", M)
    assert [ln.order for ln in lines] == [Build("F", "bre"), Build("A", "par"),
                                          Build("A", "mar")]
    assert all(ln.error is None and ln.line == 1 for ln in lines)
    # a list is several orders: parse_order refuses it rather than keep only one
    assert err("construire F BRE, A PAR, A MAR").code == "several_orders"


def test_seed_004_report_lines_with_a_power_and_commas() -> None:
    """Examples 12 and 14 as printed: the power, then the orders separated by commas."""
    lines = parse_orders("Angleterre\tA LON=BEL, F MAN C A LON-BEL, F NRD C A LON-BEL\n"
                         "France F BRE=MAN, F IRL S F BRE-MAN\n"
                         "Allemagne                A PRU:VAR, A SIL S A PRU-VAR\n"
                         "A HOL=BEL, F BEL=NRD, F NRD=HOL", M)
    assert [(ln.power, ln.order) for ln in lines] == [
        ("england", Move("A", "lon", "bel")),
        ("england", Convoy("F", "eng", "lon", "bel")),
        ("england", Convoy("F", "nth", "lon", "bel")),
        ("france", Move("F", "bre", "eng")),
        ("france", Support("F", "iri", "bre", "eng", "F")),
        ("germany", Move("A", "pru", "war")),
        ("germany", Support("A", "sil", "pru", "war", "A")),
        ("germany", Move("A", "hol", "bel")),
        ("germany", Move("F", "bel", "nth")),
        ("germany", Move("F", "nth", "hol")),
    ]
    assert [ln.text for ln in lines[:2]] == ["Angleterre\tA LON=BEL", "F MAN C A LON-BEL"]


def test_seed_004_conditional_remove_in_brackets_is_a_remark() -> None:
    """§3.4.2 prints ``F HOL-NRD, F KIE-HOL (et retirer F HOL)``: the moves are read, the
    bracketed remark is not an order."""
    lines = parse_orders("F HOL-NRD, F KIE-HOL (et retirer F HOL)", M)
    assert [ln.order for ln in lines] == [Move("F", "hol", "nth"), Move("F", "kie", "hol")]


# -- names ------------------------------------------------------------------------------------

@pytest.mark.parametrize("pid", sorted(M.provinces))
def test_every_province_by_id_names_and_aliases(pid: str) -> None:
    """Every id, English and French name (with and without accents, any case) and alias
    names its province, as the place of the unit and as the destination."""
    prov = M.provinces[pid]
    other = "bur" if pid != "bur" else "par"
    for name in {prov.id, prov.name_en, prov.name_fr, fold(prov.name_fr), prov.name_fr.upper(),
                 prov.name_en.lower(), *prov.aliases}:
        assert p(f"{name} - {other}") == Move(None, pid, other), name
        assert p(f"A {other} - {name}") == Move("A", other, pid), name
        assert p(f"{name} H") == Hold(None, pid), name


ABBREVIATIONS = [
    ("nth", "nth"), ("nrg", "nwg"), ("nat", "nao"), ("naf", "naf"), ("mao", "mao"),
    ("mid", "mao"), ("nwg", "nwg"), ("lyo", "lyo"), ("gol", "lyo"), ("nao", "nao"),
    ("tys", "tys"), ("tyh", "tys"), ("nwy", "nwy"), ("nor", "nwy"),
    # French correspondence abbreviations (seed 004)
    ("NRD", "nth"), ("MAN", "eng"), ("AMO", "mao"), ("IRL", "iri"), ("NGE", "nwg"),
    ("GLI", "lyo"), ("MTY", "tys"), ("NOI", "bla"), ("ESP", "spa"), ("BOU", "bur"),
    ("SEB", "sev"), ("ROU", "rum"), ("DAN", "den"), ("LPL", "lvp"), ("MOC", "wes"),
    ("MOR", "eas"), ("VAR", "war"), ("SUE", "swe"), ("TOS", "tus"),
]


@pytest.mark.parametrize(("abbrev", "pid"), ABBREVIATIONS, ids=[a for a, _ in ABBREVIATIONS])
def test_abbreviations(abbrev: str, pid: str) -> None:
    assert p(f"F {abbrev} H") == Hold("F", pid)


@pytest.mark.parametrize(("prefix", "pid"), [("Bourg", "bur"), ("Edim", "edi"), ("Livo", "lvn"),
                                             ("Mer Tyrrh", "tys"), ("Gulf of Bot", "bot"),
                                             ("Constan", "con"), ("Sébas", "sev")])
def test_unique_prefix_is_accepted(prefix: str, pid: str) -> None:
    assert p(f"A par - {prefix}") == Move("A", "par", pid)


def test_ambiguous_name_is_refused_with_the_candidates() -> None:
    """seed 004 §2.7.4: an order open to two readings has no effect."""
    e = err("F Nort - ska")
    assert e.code == "ambiguous_place"
    assert e.words == "Nort"
    for pid in ("NTH", "NAF", "NAO"):
        assert pid in e.params["candidates"]
    assert "un ordre ambigu est sans effet" in e.message("fr").lower()
    assert "ambiguous order has no effect" in e.message("en").lower()


def test_unknown_place_names_the_word_and_suggests() -> None:
    e = err("A Pariss - Bur")
    assert e.code == "unknown_place" and e.words == "Pariss"
    assert e.suggestion is not None and "PAR" in e.suggestion
    assert "Pariss" in e.message("en") and "Pariss" in e.message("fr")
    assert "Did you mean" in e.message("en") and "Vouliez-vous dire" in e.message("fr")


def test_misspelt_last_word_of_a_long_name_is_not_read_as_a_shorter_name() -> None:
    """"Golfe de Lion" must not become the Gulf of Bothnia ("Golfe de Botnie") because
    "Golfe de" is a prefix of it: the whole name is refused with the right suggestion."""
    e = err("F Golfe de Lion - tys")
    assert e.code == "unknown_place" and e.words == "Golfe de Lion"
    assert e.suggestion is not None and e.suggestion.startswith("LYO")
    assert err("F Mer du Nrd - nwg").words == "Mer du Nrd"
    # a prefix cut inside a word is still a prefix
    assert p("F Mer Tyrrh - ion") == Move("F", "tys", "ion")


def test_accents_and_case_do_not_matter() -> None:
    assert p("ARMÉE DE SÉBASTOPOL TIENT") == p("armee de sebastopol tient") == Hold("A", "sev")
    assert p("a   par   -   bur") == Move("A", "par", "bur")


def test_hyphenated_and_apostrophe_names() -> None:
    assert p("F Saint-Pétersbourg (côte sud) - bot") == Move("F", "stp/sc", "bot")
    assert p("F Mid-Atlantic - bre") == Move("F", "mao", "bre")
    assert p("F mao - Baie d’Héligoland") == Move("F", "mao", "hel")
    assert p("F Golfe du Lion - tys") == Move("F", "lyo", "tys")


# -- powers -----------------------------------------------------------------------------------

@pytest.mark.parametrize("header", ["England:", "Angleterre :", "ENG:", "eng :", "Anglais:",
                                    "–Angleterre–", "Angleterre", "ENGLAND"])
def test_power_header_lines(header: str) -> None:
    lines = parse_orders(f"{header}\nA lvp - yor\nF lon H", M)
    assert [(ln.power, ln.order) for ln in lines] == [("england", Move("A", "lvp", "yor")),
                                                     ("england", Hold("F", "lon"))]


def test_power_prefix_on_the_line() -> None:
    lines = parse_orders("ENG: F nth -> pic\nFRA: A bre -> lon\nGER: F bel -> eng", M)
    assert [ln.power for ln in lines] == ["england", "france", "germany"]
    # parse_order returns the order alone
    assert p("ENG: F nth -> pic") == Move("F", "nth", "pic")


def test_every_power_name_as_a_prefix() -> None:
    for power in M.powers:
        for name in (power.id, power.name_en, power.name_fr, power.abbrev, *power.aliases):
            (line,) = parse_orders(f"{name}: A par H", M)
            assert (line.power, line.order) == (power.id, Hold("A", "par")), name


def test_eng_is_both_a_power_and_the_channel() -> None:
    assert p("ENG: F nth -> pic") == Move("F", "nth", "pic")
    assert p("F eng - bre") == Move("F", "eng", "bre")
    assert p("eng: pic") == Move(None, "eng", "pic")
    assert p("F lon S eng - nth") == Support("F", "lon", "eng", "nth")
    assert p("F lon S ENG F nth - eng") == Support("F", "lon", "nth", "eng", "F", "england")


def test_nationality_of_a_supported_or_convoyed_unit() -> None:
    """seed 004 §3.4.1: support or convoy of another power's unit names its nationality;
    before or after the unit type, as noun or adjective."""
    assert p("A sil S Russia A war - pru").supported_power == "russia"  # type: ignore[union-attr]
    assert p("A sil S A russe war - pru").supported_power == "russia"  # type: ignore[union-attr]
    assert p("F nth C French A bre - lon").convoyed_power == "france"  # type: ignore[union-attr]
    assert p("A bur S A-H A boh - mun").supported_power == "austria"  # type: ignore[union-attr]


def test_unknown_power_header() -> None:
    e = err("Engand: A lon - nth")
    assert e.code == "unknown_power" and e.words == "Engand"
    assert e.suggestion == "England"


# -- coasts -----------------------------------------------------------------------------------

@pytest.mark.parametrize("written", ["spa/nc", "spa(nc)", "spa (nc)", "spa nc", "SPA/NC",
                                     "ESP CN", "spa north coast", "Espagne (côte nord)",
                                     "Spain (north)", "spa/n", "spa / nc", "Espagne côte nord"])
def test_coast_spellings(written: str) -> None:
    assert p(f"F mao - {written}") == Move("F", "mao", "spa/nc")
    assert p(f"F {written} - mao") == Move("F", "spa/nc", "mao")


def test_bulgaria_east_coast_and_coast_on_a_one_coast_province() -> None:
    assert p("F bla - bul/ec") == Move("F", "bla", "bul/ec")
    assert p("F bla - BUL CE") == Move("F", "bla", "bul/ec")
    # a coast on a one-coast province is redundant and dropped (DATC 6.B.2/6.B.3)
    assert p("F gas - bre(nc)") == Move("F", "gas", "bre")


def test_wrong_coast_is_refused() -> None:
    e = err("F bar - stp/ec")
    assert e.code == "unknown_coast"
    assert e.params["place"] == "STP" and e.params["coasts"] == "nc, sc"


def test_s_after_a_place_is_a_support_not_a_south_coast() -> None:
    assert p("F spa s F mao") == Support("F", "spa", "mao", None, "F")


# -- other forms ------------------------------------------------------------------------------

def test_convoy_route_written_through_the_seas() -> None:
    assert p("A lon - nth - bel") == Move("A", "lon", "bel", True)
    assert err("A par - bur - mun").code == "bad_syntax"  # Burgundy is no sea


@pytest.mark.parametrize("suffix", ["via convoy", "by convoy", "par convoi", "via convoi",
                                    "(via convoy)", "(convoy)", "en convoi"])
def test_via_convoy_spellings(suffix: str) -> None:
    assert p(f"A lon - bel {suffix}") == Move("A", "lon", "bel", True)


def test_long_forms_of_adjustments() -> None:
    lines = parse_orders("construire une armée à Paris et une flotte à Brest", M)
    assert [ln.order for ln in lines] == [Build("A", "par"), Build("F", "bre")]
    assert p("Build a fleet in stp/sc") == Build("F", "stp/sc")
    assert p("retirer l'armée de Munich") == Remove("A", "mun")
    assert p("A mun remove") == Remove("A", "mun")
    assert [ln.order for ln in parse_orders("waive 2", M)] == [Waive(), Waive()]


def test_support_hold_written_with_hold() -> None:
    assert p("A mun S A ber H") == Support("A", "mun", "ber", None, "A")
    assert p("L'armée de Munich soutient l'armée de Berlin qui tient".replace(" qui", "")) == \
        Support("A", "mun", "ber", None, "A")


def test_unit_type_may_be_omitted_everywhere() -> None:
    assert p("bur S par - mar") == Support(None, "bur", "par", "mar", None)
    assert p("nth C lon - bel") == Convoy(None, "nth", "lon", "bel")
    assert p("tri R alb") == Retreat(None, "tri", "alb")


# -- errors -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "code", "words"), [
    ("", "empty", ""),
    ("   ", "empty", ""),
    ("England:", "empty", "England:"),
    ("A PAR", "missing_action", "A PAR"),
    ("A PAR -", "missing_target", "-"),
    ("A PAR S", "missing_unit", "S"),
    ("F NTH C A LON", "missing_target", "LON"),
    ("Build PAR", "missing_unit_type", "Build PAR"),
    ("A PAR - BUR hop", "bad_syntax", "hop"),
    ("A PAR - BUR ?!", "bad_syntax", "?"),
    ("A PAR zz BUR", "bad_syntax", "zz BUR"),  # from the first word not understood
    ("A Xyzzy - BUR", "unknown_place", "Xyzzy"),
])
def test_error_codes_and_offending_words(text: str, code: str, words: str) -> None:
    e = err(text)
    assert (e.code, e.words) == (code, words)


def test_too_long_is_refused_early() -> None:
    assert err("A par - bur " * 100).code == "too_long"


def test_every_parser_error_has_a_message_in_both_languages() -> None:
    samples = ["", "A PAR", "A PAR -", "A PAR S", "Build PAR", "A PAR - BUR hop", "A Xyzzy H",
               "F Nort H", "Engand: A par H", "F bar - stp/ec", "A par - bur " * 100,
               "construire F BRE, A PAR"]
    codes = set()
    for text in samples:
        e = err(text)
        codes.add(e.code)
        assert e.code in MESSAGES
        for locale in ("en", "fr"):
            msg = e.message(locale)
            assert "{" not in msg and "(" + e.code + ")" not in msg, (e.code, msg)
        assert e.to_json()["message_fr"] != e.to_json()["message_en"]
    assert codes == {"empty", "missing_action", "missing_target", "missing_unit",
                     "missing_unit_type", "bad_syntax", "unknown_place", "ambiguous_place",
                     "unknown_power", "unknown_coast", "too_long", "several_orders"}


def test_error_words_keep_the_player_s_own_spelling() -> None:
    assert err("A Pârys - Bür").words == "Pârys"
    assert err("L’Armée de Galicée à l’Ukraine").words == "Galicée"


# -- many lines -------------------------------------------------------------------------------

def test_parse_orders_lines_separators_comments_and_errors() -> None:
    text = ("# my orders\n"
            "A par - bur; A mar H\n"
            "\n"
            "// Fleet\n"
            "F bre - mao   # then Spain\n"
            "A xyz - bur\n"
            "1. A mun H\n"
            "- A ber - kie\n")
    lines = parse_orders(text, M)
    assert all(isinstance(ln, ParsedLine) for ln in lines)
    assert [(ln.line, ln.order) for ln in lines] == [
        (2, Move("A", "par", "bur")), (2, Hold("A", "mar")), (5, Move("F", "bre", "mao")),
        (6, None), (7, Hold("A", "mun")), (8, Move("A", "ber", "kie"))]
    bad = lines[3]
    assert bad.error is not None and bad.error.code == "unknown_place"
    assert bad.text == "A xyz - bur"


def test_parse_orders_of_nothing() -> None:
    assert parse_orders("", M) == []
    assert parse_orders("\n  \n# nothing\n", M) == []


# -- format_order round trip ------------------------------------------------------------------

ROUND_TRIP: list[Order] = [
    Hold("A", "mun"), Hold(None, "eng"), Move("F", "spa/nc", "mao"), Move("A", "lon", "bel", True),
    Support("A", "bur", "par", "mar", "A"), Support("F", "nth", "lon", None, "F"),
    Support(None, "bur", "par", None, None), Support("F", "mar", "gas", "spa/nc", "F"),
    Convoy("F", "nth", "lon", "bel"), Retreat("F", "tri", "alb"),
    RetreatList("A", "vie", ("bud", "tri", "gal")), Disband("F", "tri"), Build("F", "stp/nc"),
    Build("A", "par"), Remove("F", "kie"), Remove(None, "kie"), Waive(),
]


@pytest.mark.parametrize("order", ROUND_TRIP, ids=[format_order(o) for o in ROUND_TRIP])
def test_format_order_parses_back(order: Order) -> None:
    assert p(format_order(order)) == order
    assert p(format_order(order).upper()) == order


def test_a_sheet_of_gibberish_gets_a_bounded_number_of_suggestions() -> None:
    """Each "did you mean" search scans every name: a sheet pays for at most
    MAX_SUGGESTIONS new ones (bounded checking time), a typo already seen is still answered,
    and the next sheet gets its own allowance."""
    from engine.orders.parse import MAX_SUGGESTIONS, _closest

    _closest(M).clear()
    typos = ["Pariss", "Berlinn", "Munichh", "Viennaa", "Romee", "Venicee", "Londonn",
             "Brestt", "Kiell", "Warsaww", "Moscoww", "Smyrnaa"]
    assert len(typos) == MAX_SUGGESTIONS + 4
    words = [f"A {typo} - bur" for typo in typos]
    lines = parse_orders("\n".join(words), M)
    suggested = [ln.error is not None and ln.error.suggestion is not None for ln in lines]
    assert suggested == [True] * MAX_SUGGESTIONS + [False] * 4
    again = parse_orders(words[0] + "\n" + words[-1], M)
    assert [ln.error is not None and ln.error.suggestion is not None
            for ln in again] == [True, True]
