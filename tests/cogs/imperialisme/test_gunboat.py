"""L'Impérialisme in gunboat (the press option): the start post names no player — each
learns their power by DM — and a player whose DMs are closed is not named either."""

from __future__ import annotations

from bot.i18n import t
from bot.models import Game
from bot.services import imperialisme as service
from tests.e2e.harness import CHANNEL_ID
from tests.e2e.test_imperialisme_game import GM, PLAYERS, POWERS, Table, imperial_bot


async def test_a_gunboat_start_names_nobody_and_tells_each_player_by_dm(
        database_url: str) -> None:
    async with imperial_bot(database_url) as h:
        table = Table(h)
        await table.slash(GM, "game create", variant="imperialisme", name="Empires",
                          press="gunboat")
        async with table.db.transaction(write=False) as session:
            game = await session.get(Game, await table.find_game())
            assert game is not None and game.options["press"] == "gunboat"
        for i, p in enumerate(PLAYERS):
            await table.slash(p, "game join", preferences=POWERS[i])
        mark = table.mark()
        await table.slash(GM, "game start")
        await h.bot.post_now()
        public = h.fake.posts_to(CHANNEL_ID, mark)
        assert public, "the start post"
        for call in public:
            assert "<@" not in call.text() and not (call.content or "")
        view = (await service.overview(table.db, game_id=table.game_id)).game
        for seat in view.players:
            member = next(m for m in PLAYERS if m.id == seat.user_id)
            dms = [c.text() for c in h.fake.dms_to(member.id, mark)]
            # in the guild's language, as the public post
            assert any(t("press.seat.title", "en", name="Empires") in d for d in dms), dms
