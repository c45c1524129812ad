"""Results notation: seed 004 §4.1.1 in French, plain words in English, on real engine
results."""

from __future__ import annotations

from typing import Any

import discord

from bot.ui.embeds import fit_embeds
from bot.ui.format import chunks, english_line, french_line, phase_name, results_by_power
from engine import api as engine_api

START = {"variant": "classic", "phase": "S1901M", "dislodged": [], "contested": [],
         "centers": {"france": ["par"], "germany": ["mun"], "italy": ["ven"],
                     "austria": ["vie"]}}


def play(units: list[tuple[str, str, str]], orders: list[tuple[str, str]]
         ) -> tuple[dict[str, Any], dict[str, Any]]:
    state = {**START, "units": [{"power": p, "type": ty, "location": loc}
                                for p, ty, loc in units]}
    response = engine_api.adjudicate({"state": state, "orders": [
        {"power": p, "text": text} for p, text in orders]})
    return state, response


def test_dislodged_annihilated_cut_and_void_in_french() -> None:
    # Germany attacks Tyrolia with support; the Austrian unit there has nowhere to go
    units = [("germany", "A", "mun"), ("germany", "A", "boh"), ("austria", "A", "tyr"),
             ("italy", "A", "ven"), ("italy", "A", "pie"), ("austria", "A", "tri"),
             ("austria", "A", "vie")]
    orders = [("germany", "A mun - tyr; A boh S A mun - tyr"),
              ("austria", "A tyr S A tri - ven; A vie S A tri; A tri H"),
              ("italy", "A pie S A ven - tyr; A ven H")]
    state, response = play(units, orders)
    fr = results_by_power(response["results"], state, "fr", state_after=response["state"])
    assert "A MUN=TYR" in fr["germany"]
    assert "A BOH S A MUN-TYR" in fr["germany"]
    tyr = next(x for x in fr["austria"] if x.startswith("A TYR"))
    assert "(v)" in tyr  # supports a move that is not made
    assert tyr.endswith("(v) (a)")  # dislodged with nowhere to retreat: annihilated
    assert any("(v)" in x for x in fr["italy"])  # A pie S A ven-tyr: ven holds
    en = results_by_power(response["results"], state, "en", state_after=response["state"])
    assert any("dislodged" in x for x in en["austria"])


def test_cut_support_is_lowercase_s() -> None:
    units = [("france", "A", "par"), ("france", "A", "bur"), ("germany", "A", "ruh"),
             ("germany", "A", "mun")]
    orders = [("france", "A par - pic; A bur S A par - pic"), ("germany", "A ruh - bur")]
    state, response = play(units, orders)
    fr = results_by_power(response["results"], state, "fr", state_after=response["state"])
    assert "A BOU s A PAR-PIC" in fr["france"]
    assert "A MUN H (o)" in fr["germany"]
    en = results_by_power(response["results"], state, "en", state_after=response["state"])
    assert any("support cut" in x for x in en["france"])


def test_illegal_and_ambiguous_orders() -> None:
    units = [("france", "A", "par")]
    state, response = play(units, [("france", "A par - mos")])
    fr = results_by_power(response["results"], state, "fr")
    assert fr["france"][0].endswith("(i)")


def test_phase_names_and_chunks() -> None:
    assert phase_name("F1901R", "fr") == "Automne 1901, retraites"
    assert phase_name("W1905A", "en") == "Winter 1905, adjustments"
    # L'Impérialisme's phases read as words, never as ids
    assert phase_name("C3-VOTE", "en") == "Crisis 3, vote"
    assert phase_name("C12-ANNEXATION", "fr") == "Crise 12, annexion"
    assert phase_name("C4-PENDING", "fr") == "Avant la crise 4"
    assert phase_name("C1-CONFERENCE", "en") == "Crisis 1, conference"
    assert phase_name("X2", "fr") == "Séance d'échanges, échange 2"
    assert phase_name("END", "en") == "End of the game"
    assert phase_name("C3-SOMETHING", "en") == "C3-SOMETHING"
    assert phase_name(None, "en") == "—"
    pieces = chunks(["x" * 600, "y" * 600, "z"], limit=1000)
    assert pieces == ["x" * 600, "y" * 600 + "\nz"]


def test_what_the_rules_did_is_written_as_what_happened() -> None:
    """Seed 004 §4.1.1 comments for a unit nobody ordered: (o) with (a) or (d-xxx)."""
    lines = {
        ("disband", None, "disbanded_no_order", "succeeds"): ("A BOU (o) (a)",
                                                              "had no retreat order: disbanded"),
        ("retreat", "par", "default_retreat", "succeeds"): ("A BOU (o) (d-PAR)",
                                                            "retreats to Paris by default"),
        ("retreat", "par", "default_retreat", "fails"): ("A BOU (o) R:PAR (a)",
                                                         "bounced, so it is disbanded"),
        ("retreat", "pic", None, "fails"): ("A BOU R:PIC (a)", "fails (bounced); disbanded"),
        ("disband", None, "civil_disorder", "succeeds"): ("A BOU (désordre civil) (a)",
                                                          "is disbanded: civil disorder"),
        ("remove", None, "default_removal", "succeeds"): ("- A BOU (o)",
                                                          "had no removal order"),
    }
    for (kind, target, reason, status), (french, english) in lines.items():
        result = {"phase": "F1901R", "power": "france", "status": status,
                  "reason": reason or ("bounced" if status == "fails" else None),
                  "order": {"kind": kind, "unit_type": "A", "location": "bur",
                            "target": target}}
        assert french_line(result, {}) == french
        assert english in english_line(result, {}, "classic")


def test_embeds_are_cut_to_what_discord_accepts() -> None:
    embeds = [discord.Embed(title="t") for _ in range(3)]
    for e in embeds:
        for i in range(5):
            e.add_field(name=f"f{i}", value="x" * 1000)
    fitted = fit_embeds(embeds)
    assert sum(len(e) for e in fitted) <= 6000
    assert all(f.value for e in fitted for f in e.fields)
