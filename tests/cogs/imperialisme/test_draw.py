"""A draw in L'Impérialisme through the client: every power is still in the game (seed 003:
none loses its last territory), so each seated player votes by DM, as in the other games;
the outcome is published in the guild's language, never who voted what."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.models import Game
from tests.e2e.test_imperialisme_game import GM, PLAYERS, POWERS, Table, imperial_bot


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_the_players_of_a_crisis_game_agree_a_draw(database_url: str,
                                                          locale: str) -> None:
    lang = "fr" if locale == "fr" else "en"
    async with imperial_bot(database_url, guild_locale=locale) as h:
        table = Table(h)
        await table.slash(GM, "game create", variant="imperialisme", name="Empires")
        seated = PLAYERS[:3]
        for member, power in zip(seated, POWERS, strict=False):
            await table.slash(member, "game join", preferences=power)
        await table.slash(GM, "game start")
        await table.find_game()
        mark = table.mark()
        calls = await table.slash(seated[0], "draw propose")
        assert calls[0].ephemeral
        assert calls[0].content == t("draw.proposed", seated[0].locale)
        await h.bot.post_now()
        public = table.posts(mark)
        assert len(public) == 1 and t("post.draw_proposed", lang) in public[0].text()
        for member in seated[1:]:
            ballots = h.fake.dms_to(member.id, mark)
            assert len(ballots) == 1, "one ballot to each other seated player"
            yes = next(c for c in ballots[0].custom_ids() if c.endswith(":y"))
            answer = await h.click(member, h.message_of(ballots[0]), yes, dm=True)
            assert answer[0].ephemeral
        await h.bot.post_now()
        over = "\n".join(c.text() for c in table.posts(mark))
        assert t("post.draw_accepted", lang, powers="")[:12] in over
        assert "<@" not in over  # who voted what is never published
        # seed 003 ranks by influence: the points are each power's share of it
        assert t("archive.scores_title", lang, scoring="influence") in over
        async with table.db.transaction(write=False) as session:
            game = await session.get(Game, table.game_id)
            assert game is not None and game.status == "finished"
            assert game.result == {"draw": sorted(POWERS[:3]), "reason": "vote"}
