"""The map in words (engine/describe.py): the description every posted image carries and
the position told as sentences, in French and English; pure and short."""

from __future__ import annotations

import pytest

from engine import variants
from engine.describe import ALT_MAX, alt_text, chart_text, describe, ending
from tools.bench_render import busy_position


def _results() -> tuple[dict[str, object], list[dict[str, object]]]:
    state, orders = busy_position()
    return state, [{"power": o["power"], "status": o["status"], "phase": state["phase"],
                    "order": {k: v for k, v in o.items() if k not in ("power", "status")}}
                   for o in orders]


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_busy_turn_fits_discords_description(locale: str) -> None:
    state, results = _results()
    text = alt_text(state, results, locale)
    assert len(text) <= ALT_MAX
    assert ("Germany takes Sweden" if locale == "en" else "l'Allemagne prend la Suède") in text
    # what cannot fit is dropped whole (names of centres first), never cut mid-word
    long = alt_text(state, results * 3, locale, ending="x " * 400)
    assert len(long) <= ALT_MAX


def test_the_position_in_words_has_no_notation() -> None:
    state, results = _results()
    for locale in ("en", "fr"):
        text = describe(state, results, locale)
        assert "→" not in text and " - " not in text and "|" not in text
        assert all(ord(ch) < 0x2500 for ch in text)  # no emoji, no box drawing
    fr = describe(state, results, "fr")
    assert "La flotte de la mer du Nord convoie l'armée du Yorkshire en Norvège\u202f: réussit." in fr


def test_imperialisme_events_are_not_read_as_orders() -> None:
    state = {**variants.get("imperialisme").new_state({}), "phase": "C2-VOTE"}
    text = describe(state, [{"event": "tally", "winner": "france"}], "en")
    assert "illegal" not in text and "Orders" not in text
    assert alt_text(state, None, "en").startswith("Map: Crisis 2 — vote. Territories: ")


def test_how_the_game_ended() -> None:
    assert ending({"winner": "austria"}, "classic", "fr") == "L'Autriche gagne la partie."
    assert ending({"draw": ["france", "russia"]}, "classic", "en") == (
        "The game ends in a draw between France and Russia.")
    assert ending({"ended_by": "gm"}, "classic", "en").startswith("The game was stopped")
    assert ending(None, "classic", "en") is None


def test_a_chart_is_described() -> None:
    series = {"france": [("1901", 3.0), ("1902", 5.0)], "italy": [("1901", 3.0), ("1902", 3.0)]}
    assert chart_text(series, map_name="classic", title="G", locale="fr") == (
        "Graphique\u202f: G (1901–1902). France de 3 à 5\u202f; Italie 3.")


def _imperial(moved: int = 2) -> tuple[dict[str, object], list[str]]:
    owners = dict(variants.get("imperialisme").new_state({})["owners"])
    taken = sorted(t for t, p in owners.items() if p == "germany")[:moved]
    return {"variant": "imperialisme", "owners": {**owners, **dict.fromkeys(taken, "france")}
            }, taken


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_an_annexation_is_told(locale: str) -> None:
    state, taken = _imperial()
    fact = {"event": "annexation", "number": 2, "winner": "france", "loser": "germany",
            "annexed": taken, "by_default": True}
    text = alt_text(state, [fact], locale)
    assert len(text) <= ALT_MAX
    if locale == "fr":
        assert ("La France annexe 2 territoires de l'Allemagne\u202f: Alsace-Lorraine et "
                "Bavière (choix de l'arbitre).") in text
        assert "France 19\u202f; " in text
    else:
        assert ("France annexes 2 territories from Germany: Alsace-Lorraine and Bavaria "
                "(the referee's choice).") in text
    # the position before the annexation: nothing said of it without its facts
    assert "annex" not in alt_text(state, None, locale)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_crisis_outcome_is_told(locale: str) -> None:
    state, _ = _imperial(0)
    tally = {"event": "tally", "number": 2, "sides": ["germany", "austria"],
             "winner": "austria", "loser": "germany", "territories": 1, "annexable": 0}
    none = {**tally, "winner": None, "loser": None, "annexable": 0}
    fr = locale == "fr"
    assert (("L'Autriche-Hongrie l'emporte sur l'Allemagne dans la crise 2 mais ne peut rien "
             "prendre.") if fr else
            "Austria-Hungary wins crisis 2 against Germany but can take nothing.") in alt_text(
        state, [tally], locale)
    assert (("La crise 2 finit sans vainqueur\u202f: rien ne change." if fr
             else "Crisis 2 ends without a winner: nothing changes.")
            in alt_text(state, [none], locale))
    swap = {"event": "exchange", "first": "italy", "second": "austria",
            "first_gives": ["ven"], "second_gives": [], "cancelled": [7]}
    text = alt_text(state, [swap], locale)
    assert (("L'Italie cède à l'Autriche-Hongrie\u202f: Vénétie" if fr
             else "Italy cedes to Austria-Hungary: Venetia") in text)
    assert ("1 échange est annulé" if fr else "1 exchange is cancelled") in text
