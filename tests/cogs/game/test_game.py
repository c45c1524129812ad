"""/game across guilds and channels: a French guild gets French posts and notation, a game
created in a forum lives in its own post."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import t
from tests.cogs.helpers import GM, PLAYERS, started_game
from tests.e2e.harness import CHANNEL_ID, FORUM_ID, Harness, running_bot


async def test_french_guild_gets_french_posts_and_notation(database_url: str) -> None:
    async with running_bot(database_url, guild_locale="fr") as h:
        _game_id, by = await started_game(h)
        start_post = h.fake.posts_to(CHANNEL_ID)[-1]
        assert "Printemps 1901, mouvements" in start_post.text()
        await h.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                      text="A par - bur; A mar S A par - bur")
        await h.slash(by["germany"], "orders submit", channel_id=CHANNEL_ID,
                      text="A mun - bur")
        mark = len(h.fake.calls)
        await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
        report = h.fake.posts_to(CHANNEL_ID, mark)[0].text()
        # seed 004 §4.1.1: "=" succeeds, ":" fails, "S" support, "(o)" forgotten unit
        assert "A PAR=BOU" in report and "A MUN:BOU" in report
        assert "A MAR S A PAR-BOU" in report and "F BRE H (o)" in report
        assert "Résultats — Printemps 1901, mouvements" in report
        # a player with an English client still gets English replies
        calls = await h.slash(replace(by["italy"], locale="en-GB"), "ready",
                              channel_id=CHANNEL_ID)
        assert calls[0].content == t("ready.on", "en")


async def test_game_in_a_forum_lives_in_its_own_post(harness: Harness) -> None:
    calls = await harness.slash(GM, "game create", channel_id=FORUM_ID, variant="classic",
                                name="Forum game")
    thread_call = next(c for c in calls if c.path == "/channels/{channel_id}/threads")
    assert thread_call.channel_id == FORUM_ID and thread_call.json["name"] == "Forum game"
    thread_id = int(thread_call.answer["id"])
    created = harness.fake.posts_to(thread_id)
    assert created and any(c.startswith("dip:join:") for c in created[0].custom_ids())
    assert not harness.fake.posts_to(FORUM_ID)
    harness.bot._connection.parse_thread_create(harness.fake.channels[thread_id])
    calls = await harness.slash(PLAYERS[0], "game join", channel_id=thread_id)
    assert calls[0].content.startswith("You joined **Forum game**")
