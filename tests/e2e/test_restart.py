"""Restart mid-game: a new bot on the same database continues, the buttons of messages
posted before the restart still work, and nothing is posted twice."""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import t
from bot.services import games as games_service
from tests.cogs.helpers import PLAYERS, started_game
from tests.e2e.harness import CHANNEL_ID, FakeDiscord, running_bot


async def test_restart_mid_game(database_url: str) -> None:
    fake = FakeDiscord().install()
    try:
        async with running_bot(database_url, fake=fake) as first:
            game_id, by = await started_game(first)
            calls = await first.slash(by["russia"], "orders submit", channel_id=CHANNEL_ID,
                                      text="A war - gal")
            ready_id = next(c for c in calls[0].custom_ids() if c.startswith("dip:ready:"))
            ready_message = first.message_of(calls[0])
            # everybody else is ready before the restart
            for power, member in by.items():
                if power != "russia":
                    await first.slash(member, "ready", channel_id=CHANNEL_ID)
        posted_before = len(fake.posts_to(CHANNEL_ID))

        async with running_bot(database_url, fake=fake) as second:
            # the new process has nothing left to post: nothing is posted twice
            await second.bot.scheduler.run_once()
            assert len(fake.posts_to(CHANNEL_ID)) == posted_before
            # the old button works: the last player is ready, the phase resolves
            mark = len(fake.calls)
            calls = await second.click(by["russia"], ready_message, ready_id)
            assert calls[0].ephemeral
            assert calls[0].content == t("ready.on_resolved", "en")
            results = fake.posts_to(CHANNEL_ID, mark)
            assert len(results) == 1 and results[0].pngs()
            game = await games_service.get_game(second.bot.db, game_id=game_id)
            assert game.phase == "F1901M"
            # and the new scheduler resolves the next deadline
            assert game.deadline is not None
            assert await second.bot.scheduler.run_once(
                now=game.deadline + timedelta(seconds=1)) == 1
            # the same old button is now expired
            calls = await second.click(by["russia"], ready_message, ready_id)
            assert calls[0].content == t("button.expired", "en")
            # the join button of the very first post still answers (sign-up is closed)
            created = fake.posts_to(CHANNEL_ID)[0]
            join_id = next(c for c in created.custom_ids() if c.startswith("dip:join:"))
            calls = await second.click(PLAYERS[0], second.message_of(created), join_id)
            assert calls[0].ephemeral and calls[0].content.startswith("The game is in play;")
    finally:
        fake.uninstall()
