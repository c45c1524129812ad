"""/gm map: the game master chooses how the game's maps are drawn (French or English
province abbreviations, standard or colour-blind colours), in English and in French; nobody
else may, and a refused change changes nothing."""

from __future__ import annotations

from bot.i18n import t
from bot.services import games as games_service
from tests.e2e.correspondence import GM, language, new_game
from tests.e2e.harness import CHANNEL_ID, Harness, Member


async def test_the_gm_sets_the_map_labels_and_colours(h: Harness) -> None:
    game_id, by = await new_game(h)
    lang = "fr" if language(h) == "fr" else "en"
    gm = Member(GM.id, GM.name, permissions=GM.permissions,
                locale="fr" if lang == "fr" else "en-GB")
    calls = await h.slash(gm, "gm map", channel_id=CHANNEL_ID, labels="fr",
                          palette="colorblind")
    text = calls[0].text()
    assert t("gm.map_set", lang, name="G") in text
    assert t("settings.map_labels", lang, labels="fr") in text
    assert t("settings.palette", lang, palette="colorblind") in text
    game = await games_service.get_game(h.bot.db, game_id=game_id)
    assert game.options["map_labels"] == "fr" and game.options["palette"] == "colorblind"
    # a player may not; the options stay as they were
    calls = await h.slash(by["france"], "gm map", channel_id=CHANNEL_ID, labels="en")
    assert t("error.game.not_gm", lang) in calls[0].text()
    again = await games_service.get_game(h.bot.db, game_id=game_id)
    assert again.options["map_labels"] == "fr"
