"""The map options of a game reach the renderer: ``palette`` (colour-blind) and ``map_labels``
(province abbreviations in French, seeds 002/004: BOU, MAN, VAR), read through the real
client in French and in English; ``/game settings`` says them in sentences."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from typing import Any

from PIL import Image

from bot.models import Game
from bot.services import games as games_service
from engine import api as engine_api
from tests.cogs.helpers import GM, started_game
from tests.e2e.harness import CHANNEL_ID, Harness

NNBSP = "\u202f"
FRENCH_GM = replace(GM, locale="fr")


async def _set_options(h: Harness, game_id: int, **options: Any) -> None:
    async with h.bot.db.transaction() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        game.options = {**game.options, **options}


async def test_settings_say_the_map_labels_in_both_languages(harness: Harness) -> None:
    game_id, _ = await started_game(harness)
    en = (await harness.slash(GM, "game settings", channel_id=CHANNEL_ID))[0].text()
    fr = (await harness.slash(FRENCH_GM, "game settings", channel_id=CHANNEL_ID))[0].text()
    assert "Province abbreviations on the map: in the language of the text they go with" in en
    assert (f"Abréviations des provinces sur la carte{NNBSP}: dans la langue du texte "
            "qu'elles accompagnent") in fr
    await _set_options(harness, game_id, map_labels="fr")
    en = (await harness.slash(GM, "game settings", channel_id=CHANNEL_ID))[0].text()
    fr = (await harness.slash(FRENCH_GM, "game settings", channel_id=CHANNEL_ID))[0].text()
    assert "Province abbreviations on the map: French (BOU, MAN, VAR)" in en
    assert f"sur la carte{NNBSP}: françaises (BOU, MAN, VAR)" in fr
    for text in (en, fr):
        assert "map_labels" not in text and not re.search(r"\b(auto|fr|en)\b", text)


async def _map_png(h: Harness, who: Any) -> bytes:
    calls = await h.slash(who, "map", channel_id=CHANNEL_ID)
    pngs = [png for c in calls for png in c.pngs()]
    assert len(pngs) == 1
    return pngs[0]


async def test_map_draws_with_the_game_palette_and_labels(harness: Harness) -> None:
    game_id, _ = await started_game(harness)
    state = await games_service.public_state(harness.bot.db, game_id=game_id)
    assert state
    # defaults: standard colours, labels in the reader's language
    assert await _map_png(harness, GM) == engine_api.render(state, locale="en")
    assert await _map_png(harness, FRENCH_GM) == engine_api.render(
        state, locale="fr", labels="fr")
    await _set_options(harness, game_id, palette="colorblind", map_labels="fr")
    png = await _map_png(harness, GM)
    assert png == engine_api.render(state, locale="en", palette="colorblind", labels="fr")
    assert png != engine_api.render(state, locale="en", labels="fr")  # the palette counts
    assert png != engine_api.render(state, locale="en", palette="colorblind")  # labels too
    with Image.open(io.BytesIO(png)) as im:
        assert im.size[0] >= 1600
