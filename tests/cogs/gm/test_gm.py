"""/gm: extend, pause, resume, adjudicate, rollback, replace, kick."""

from __future__ import annotations

from bot.i18n import t
from bot.services import games as games_service
from tests.cogs.helpers import GM, OUTSIDER, started_game
from tests.e2e.harness import CHANNEL_ID, Harness


async def test_gm_tools(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    before = await games_service.get_game(harness.bot.db, game_id=game_id)
    await harness.slash(GM, "gm extend", channel_id=CHANNEL_ID, hours=5.0)
    after = await games_service.get_game(harness.bot.db, game_id=game_id)
    assert (after.deadline - before.deadline).total_seconds() == 5 * 3600
    await harness.slash(GM, "gm pause", channel_id=CHANNEL_ID)
    assert (await games_service.get_game(harness.bot.db, game_id=game_id)).status == "paused"
    await harness.slash(GM, "gm resume", channel_id=CHANNEL_ID)
    await harness.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                        text="A par - bur")
    await harness.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    assert (await games_service.get_game(harness.bot.db, game_id=game_id)).phase == "F1901M"
    mark = len(harness.fake.calls)
    await harness.slash(GM, "gm rollback", channel_id=CHANNEL_ID, phase="S1901M")
    assert (await games_service.get_game(harness.bot.db, game_id=game_id)).phase == "S1901M"
    assert "went back" in harness.fake.posts_to(CHANNEL_ID, mark)[0].text()
    await harness.slash(GM, "gm replace", channel_id=CHANNEL_ID, power="france",
                        player=str(OUTSIDER.id))
    calls = await harness.slash(OUTSIDER, "orders submit", channel_id=CHANNEL_ID,
                                text="A par - pic")
    assert "✅" in calls[0].text()
    calls = await harness.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                                text="A par - bur")
    assert calls[0].content == t("error.player.not_in_game", "en")
    await harness.slash(GM, "gm kick", channel_id=CHANNEL_ID, player=str(by["italy"].id))
    game = await games_service.get_game(harness.bot.db, game_id=game_id)
    assert game.player(by["italy"].id) is None
