"""Names inside sentences (issue: full French names with their articles): the board's grammar
tables give "l'armée de Varsovie", "la flotte de Brest", "en Bourgogne", "de la Manche", with
elision and the contractions de + le = du, à + le = au; English "the North Sea"."""

from __future__ import annotations

import json

import pytest

from engine import api, wording
from engine.maps import load_map, map_dir


def _place(prov: str, language: str) -> wording.Named:
    return wording.place("classic", prov, load_map("classic").provinces[prov].name(language),
                         language)


@pytest.mark.parametrize(("unit_type", "prov", "fr", "en"), [
    ("A", "war", "l'armée de Varsovie", "the army in Warsaw"),
    ("F", "bre", "la flotte de Brest", "the fleet in Brest"),
    ("F", "eng", "la flotte de la Manche", "the fleet in the English Channel"),
    ("A", "por", "l'armée du Portugal", "the army in Portugal"),
    ("A", "edi", "l'armée d'Édimbourg", "the army in Edinburgh"),
    ("A", "hol", "l'armée de Hollande", "the army in Holland"),  # an aspirated h
    ("F", "lyo", "la flotte du golfe du Lion", "the fleet in the Gulf of Lyon"),
    ("A", "ruh", "l'armée de la Ruhr", "the army in the Ruhr"),
])
def test_a_unit_in_a_sentence(unit_type: str, prov: str, fr: str, en: str) -> None:
    names = load_map("classic").provinces[prov]
    assert wording.unit("classic", unit_type, prov, names.name_fr, "fr") == fr
    assert wording.unit("classic", unit_type, prov, names.name_en, "en") == en


@pytest.mark.parametrize(("prov", "at", "of"), [
    ("bur", "en Bourgogne", "de Bourgogne"), ("par", "à Paris", "de Paris"),
    ("por", "au Portugal", "du Portugal"), ("den", "au Danemark", "du Danemark"),
    ("eng", "dans la Manche", "de la Manche"), ("alb", "en Albanie", "d'Albanie"),
    ("nth", "dans la mer du Nord", "de la mer du Nord"),
    ("nao", "dans l'Atlantique Nord", "de l'Atlantique Nord"),
    ("wal", "au Pays de Galles", "du Pays de Galles"),
])
def test_french_places_take_their_article_and_preposition(prov: str, at: str, of: str) -> None:
    named = _place(prov, "fr")
    assert (named.at, named.of) == (at, of)


def test_powers_take_their_article() -> None:
    assert wording.power("classic", "france", "France", "fr").at == "à la France"
    assert wording.power("classic", "germany", "Allemagne", "fr").of == "de l'Allemagne"
    assert wording.power("imperialisme", "austria", "Autriche-Hongrie", "fr").the == \
        "l'Autriche-Hongrie"
    assert wording.power("classic", "france", "France", "en").the == "France"


@pytest.mark.parametrize("board", ["classic", "imperialisme"])
def test_every_name_of_a_board_has_its_grammar(board: str) -> None:
    """The tables beside the maps cover every power and province: a new name without its
    grammar would read "à Xyz" where French says "en Xyz"."""
    data = json.loads((map_dir(board) / "map.json").read_text(encoding="utf-8"))
    table = wording.grammar(board, "fr")
    assert {p["id"] for p in data["powers"]} == set(table["powers"])
    if board == "classic":
        assert {p["id"] for p in data["provinces"]} == set(table["provinces"])
        for entry in table["provinces"].values():
            assert entry["in"] in ("en", "à", "dans")
            assert entry.get("article") in (None, "le", "la", "l'", "les")


def test_refusals_name_units_and_places_in_sentences() -> None:
    state = api.new_game_state("classic")

    def why(text: str) -> tuple[str, str]:
        error = api.check_orders(state, "france", text)["lines"][0]["error"]
        return error["message_fr"], error["message_en"]

    assert why("A bur - par") == ("Il n'y a pas d'unité en Bourgogne.",
                                  "There is no unit in Burgundy.")
    assert why("A par - mun") == ("L'armée de Paris ne peut pas atteindre Munich.",
                                  "The army in Paris cannot reach Munich.")
    assert why("A mar - eng")[0] == "Une armée ne peut pas aller en mer (la Manche)."
    assert why("A par S A mar - ruh")[0].startswith(
        "L'armée de Paris ne peut pas soutenir un mouvement dans la Ruhr")


def test_an_order_read_back_as_a_sentence() -> None:
    from engine import variants, wording

    board = variants.get("classic").game_map()

    def both(order: dict, **kw) -> tuple[str, str]:
        return (wording.order_sentence(board, order, "fr", **kw),
                wording.order_sentence(board, order, "en", **kw))

    move = {"kind": "move", "unit_type": "A", "location": "par", "target": "bur"}
    assert both(move) == ("L'armée de Paris va en Bourgogne",
                          "The army in Paris moves to Burgundy")
    assert both({**move, "via_convoy": True, "location": "lon", "target": "bel"})[0] == \
        "L'armée de Londres va en Belgique par convoi"
    support = {"kind": "support", "unit_type": "A", "location": "spa", "aux": "mao",
               "target": "por"}
    assert both(support, unit_at={"mao": "F"}) == (
        "L'armée d'Espagne soutient la flotte de l'Atlantique moyen qui va au Portugal",
        "The army in Spain supports the fleet in the Mid-Atlantic Ocean moving to Portugal")
    convoy = {"kind": "convoy", "unit_type": "F", "location": "eng", "aux": "lon",
              "target": "bel"}
    assert both(convoy)[0] == "La flotte de la Manche convoie l'armée de Londres vers la " \
                              "Belgique"
    assert both({"kind": "build", "unit_type": "F", "location": "stp/sc"}) == (
        "Construire une flotte à Saint-Pétersbourg (côte sud)",
        "Build a fleet in St Petersburg (south coast)")
    retreat = {"kind": "retreat", "unit_type": "A", "location": "par", "target": "pic"}
    assert both(retreat, targets=["pic", "gas"])[1] == \
        "The army in Paris retreats to Picardy, else Gascony"
    assert both({"kind": "hold", "unit_type": "F", "location": "nth"})[0] == \
        "La flotte de la mer du Nord tient sa position"


def test_legal_order_choices_are_the_legal_orders_structured() -> None:
    state = api.new_game_state("classic")
    texts = api.legal_orders(state, "france")
    choices = api.legal_order_choices(state, "france")
    assert {loc: [c["text"] for c in orders] for loc, orders in choices.items()} == texts
    support = next(c for c in choices["par"] if c["text"] == "A par S A mar - bur")
    assert support == {"kind": "support", "unit_type": "A", "location": "par", "aux": "mar",
                       "target": "bur", "via_convoy": False, "text": "A par S A mar - bur"}
