"""``/orders submit`` through the whole stack (the hot path of docs/BENCHMARKS.md): the game
of the channel is found inside the submission's own transaction, and nothing is held per
submission once the reply is sent."""

from __future__ import annotations

import asyncio

from bot.i18n import t
from bot.services import orders as orders_service
from tests.cogs.helpers import OUTSIDER, started_game
from tests.e2e.harness import CHANNEL_ID, Harness

OTHER_CHANNEL = 600_000_000_000_000_099


async def test_submit_then_ready_button_marks_the_power_ready(harness: Harness) -> None:
    """The Ready button of the reply still works after its view was released."""
    game_id, by = await started_game(harness)
    calls = await harness.slash(by["england"], "orders submit", channel_id=CHANNEL_ID,
                                text="F lon - nth")
    assert calls[0].ephemeral and "✅" in calls[0].text()
    ready_id = next(c for c in calls[0].custom_ids() if c.startswith("dip:ready:"))
    await harness.click(by["england"], harness.message_of(calls[0]), ready_id)
    status = await orders_service.order_status(harness.bot.db, game_id=game_id)
    assert status.submitted == ("england",) and status.ready == ("england",)


async def test_submissions_hold_no_task_or_view(harness: Harness) -> None:
    """discord.py would keep each ephemeral reply's view and a timer task for 15 minutes."""
    _game_id, by = await started_game(harness)
    baseline = len(asyncio.all_tasks())
    for text in ("A par - bur", "A par H", "A par - pic"):
        await harness.slash(by["france"], "orders submit", channel_id=CHANNEL_ID, text=text)
    assert len(asyncio.all_tasks()) == baseline


async def test_submit_where_there_is_no_game_says_so(harness: Harness) -> None:
    calls = await harness.slash(OUTSIDER, "orders submit", channel_id=OTHER_CHANNEL,
                                text="A par - bur")
    assert len(calls) == 1 and calls[0].ephemeral
    assert calls[0].content == t("error.game.no_game_here", "en")


async def test_submit_by_someone_outside_the_game_stores_nothing(harness: Harness) -> None:
    game_id, _by = await started_game(harness)
    calls = await harness.slash(OUTSIDER, "orders submit", channel_id=CHANNEL_ID,
                                text="A par - bur")
    assert len(calls) == 1 and calls[0].content == t("error.player.not_in_game", "en")
    status = await orders_service.order_status(harness.bot.db, game_id=game_id)
    assert status.submitted == ()
