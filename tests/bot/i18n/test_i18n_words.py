"""Issue 13 item 2: what a player reads names things in words — no option key, no ``None``,
no power id, no engine code — read through the real client in French and in English."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import t
from bot.services import games as games_service
from bot.services.errors import RuleRefused
from bot.ui.errors import error_text
from bot.ui.format import english_line, name_powers
from tests.cogs.helpers import GM, PLAYERS, started_game
from tests.e2e.harness import CHANNEL_ID, Harness

NNBSP = "\u202f"
FRENCH_GM = replace(GM, locale="fr")


def private_text(calls: list) -> str:
    assert calls and calls[0].ephemeral
    return calls[0].text()


def public_text(calls: list) -> str:
    assert calls
    return calls[0].text()


async def test_game_settings_in_sentences(harness: Harness) -> None:
    await harness.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="G")
    en = public_text(await harness.slash(GM, "game settings", channel_id=CHANNEL_ID))
    fr = public_text(await harness.slash(FRENCH_GM, "game settings", channel_id=CHANNEL_ID))
    assert "Automatic draw after 3 years without a change: off" in en
    assert "Civil disorder after 2 missed movement phases in a row" in en
    assert "Last year: none" in en and "Victory: 18 supply centres" in en
    assert "Phase lengths: movement 48 h, retreats 24 h, adjustments 24 h" in en
    assert f"Nulle automatique après 3 ans sans changement{NNBSP}: désactivée" in fr
    assert f"Durées des phases{NNBSP}: mouvements 48 h, retraites 24 h, ajustements 24 h" in fr
    for text in (en, fr):
        for raw in ("auto_draw", "end_year", "palette", "nmr_threshold", "None", "False",
                    "True", "*:", "victory_centers", "preset"):
            assert raw not in text, (raw, text)


async def test_game_settings_of_a_duel_say_the_other_phases(harness: Harness) -> None:
    await harness.slash(GM, "game create", channel_id=CHANNEL_ID, variant="duel", name="D")
    game = await games_service.game_in_channel(harness.bot.db, channel_id=CHANNEL_ID)
    en = public_text(await harness.slash(GM, "game settings", channel_id=CHANNEL_ID))
    assert "other phases" in en and "*:" not in en and game.variant == "duel"
    assert "Unspent bids carried over to the next year: off" in en


async def test_a_unit_of_another_power_is_named_by_its_power(harness: Harness) -> None:
    _game_id, by = await started_game(harness)
    french = replace(by["england"], locale="fr")
    en = private_text(await harness.slash(by["england"], "orders submit",
                                          channel_id=CHANNEL_ID, text="A mun - ruh"))
    fr = private_text(await harness.slash(french, "orders submit", channel_id=CHANNEL_ID,
                                          text="A mun - ruh"))
    assert "belongs to Germany, not to you" in en and "germany" not in en
    assert "appartient à l'Allemagne, pas à vous" in fr and "germany" not in fr


async def test_your_power_is_named_in_your_language(harness: Harness) -> None:
    _game_id, by = await started_game(harness)
    french = replace(by["france"], locale="fr")
    fr = private_text(await harness.slash(french, "orders submit", channel_id=CHANNEL_ID,
                                          text="F lon H", power="england"))
    assert "england" not in fr, fr
    assert "Angleterre" in fr


def test_a_rule_refusal_names_the_variant_power() -> None:
    error = RuleRefused("rule.imperialisme.not_the_winner", winner="turkey")
    fr = error_text(error, "fr")
    en = error_text(error, "en")
    assert "Turquie" in fr and "turkey" not in fr
    assert "Turkey" in en and "turkey" not in en


def test_the_powers_of_a_crisis_refusal_are_named_not_ids() -> None:
    """Every parameter that holds a power is named in the reader's language, whatever the
    rule calls it (``first``/``second``, ``attacker``)."""
    for error in (RuleRefused("rule.imperialisme.not_neighbours", first="russia",
                              second="poland"),
                  RuleRefused("rule.imperialisme.no_declaration", attacker="russia",
                              target="poland")):
        fr, en = error_text(error, "fr"), error_text(error, "en")
        assert "Russie" in fr and "Pologne" in fr, fr
        assert "Russia" in en and "Poland" in en, en
        assert "russia" not in fr + en and "poland" not in fr + en


def test_a_game_status_error_names_both_stages() -> None:
    from bot.services.errors import Conflict
    en = error_text(Conflict("game.wrong_status", status="signup",
                             expected=["active", "paused"]), "en")
    assert en == "The game is still signing up players; this can only be done while it is " \
                 "in play or paused."


def test_an_unknown_reason_is_never_shown_as_its_code() -> None:
    result = {"power": "france", "status": "fails", "reason": "some_new_code",
              "order": {"kind": "build", "unit_type": "A", "location": "par"}}
    line = english_line(result, {"units": []}, "classic")
    assert "some_new_code" not in line and line.endswith("fails.")
    too_many = {**result, "reason": "too_many"}
    assert "(too_many)" not in english_line(too_many, {"units": []}, "classic")


def test_engine_texts_name_powers() -> None:
    assert name_powers("The unit in mun belongs to germany, not to you.", "en") == \
        "The unit in mun belongs to Germany, not to you."
    assert name_powers("L'unité en mun appartient à russia, pas à vous.", "fr") == \
        "L'unité en mun appartient à la Russie, pas à vous."
    assert name_powers("a germany-like word", "en") == "a germany-like word"
    assert PLAYERS  # the cog helpers are shared


def test_de_before_a_game_name_elides_before_a_vowel() -> None:
    """French: "Phases d'Empires", "Réglages de Wintergreen"; a comma in a name is no list."""
    assert t("history.title", "fr", name="Empires") == "Phases d'Empires"
    assert t("settings.title", "fr", name="Wintergreen") == "Réglages de Wintergreen"
    assert t("press.inbox.title", "fr", name="Été, saison 2") == "Lettres d'Été, saison 2"
    assert t("history.title", "en", name="Empires") == "Phases of Empires"
