"""The report of a phase (seed 004 chapter 4), built by the engine: the §4.1.1 notation with
the French abbreviations in French ("A VAR S A MOS-UKR", "A VAR=UKR"), plain words in English
(docs/RULES.md), the same lines for the results post and for an export."""

from __future__ import annotations

from typing import Any

from engine import api, report

START = {"variant": "classic", "phase": "S1901M", "dislodged": [], "contested": [],
         "centers": {"russia": ["mos", "war"], "england": ["lon"], "austria": ["vie"]}}


def play(units: list[tuple[str, str, str]], orders: list[tuple[str, str]]
         ) -> tuple[dict[str, Any], dict[str, Any]]:
    state = {**START, "units": [{"power": p, "type": ty, "location": loc}
                                for p, ty, loc in units]}
    return state, api.adjudicate({"state": state, "orders": [
        {"power": p, "text": text} for p, text in orders]})


def test_the_seed_004_notation_with_french_abbreviations() -> None:
    """§4.1.1: "Un support est noté dans tous les cas A VAR S A MOS-UKR"."""
    state, response = play(
        [("russia", "A", "mos"), ("russia", "A", "war"), ("england", "F", "nth"),
         ("austria", "A", "gal")],
        [("russia", "A mos - ukr; A war S A mos - ukr"), ("england", "F nth - eng"),
         ("austria", "A gal - war")])
    fr = report.build(response["results"], state, "fr", "classic", response["state"])
    assert fr.lines["russia"] == ["A MOS=UKR", "A VAR s A MOS-UKR"]
    assert fr.lines["england"] == ["F NRD=MAN"]
    assert fr.lines["austria"] == ["A GAL:VAR"]
    names = {"russia": "Russie", "england": "Angleterre", "austria": "Autriche"}
    text = fr.text(names.get, title="Printemps 1901")
    assert "Russie\u202f:\n  A MOS=UKR\n  A VAR s A MOS-UKR" in text
    assert "Russie\u202f: 2" in text  # the centres after the phase


def test_english_reports_are_plain_words_with_articles() -> None:
    state, response = play([("england", "F", "nth"), ("russia", "A", "war")],
                           [("england", "F nth - eng"), ("russia", "A war - ruh")])
    en = report.build(response["results"], state, "en", "classic", response["state"])
    assert en.lines["england"] == ["The fleet in the North Sea moves to the English Channel: "
                                   "succeeds."]
    assert en.lines["russia"][0].startswith("“A war - ruh”: illegal (The army in Warsaw "
                                            "cannot reach the Ruhr.)")
    assert "England:\n  The fleet" in en.text()


def test_a_dislodged_unit_is_said_dislodged_once() -> None:
    """A retreat sent ahead (seed 004 §3.4.2) is played at once: the movement report says
    where the unit went, once."""
    state = {**START, "centers": {"france": ["par"], "germany": ["mun"]},
             "units": [{"power": "france", "type": "A", "location": "bur"},
                       {"power": "germany", "type": "A", "location": "mun"},
                       {"power": "germany", "type": "A", "location": "ruh"}]}
    response = api.adjudicate({"state": state, "orders": [
        {"power": "france", "text": "A bur H\nA bur R pic"},
        {"power": "germany", "text": "A mun - bur\nA ruh S A mun - bur"}]})
    en = report.build(response["results"], state, "en", "classic", response["state"])
    assert en.lines["france"][0] == "The army in Burgundy holds: dislodged, retreats to Picardy."
    fr = report.build(response["results"], state, "fr", "classic", response["state"])
    assert fr.lines["france"][0] == "A BOU H (d-PIC)"
