from __future__ import annotations

import pytest

from bot.services import games as games_service
from tests.e2e.harness import CHANNEL_ID, Member, running_bot
from tests.web.conftest import board_server, link, map_drawn, open_board, shot

pytestmark = pytest.mark.asyncio(loop_scope="module")
GM = Member(1001, "gm", permissions=str((1 << 50) - 1))
P = [Member(2001 + i, f"p{i}", locale="fr" if i == 1 else "en-GB") for i in range(3)]


async def test_smoke(browser, tmp_path):
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="Web")
        for p in P:
            await h.slash(p, "game join", channel_id=CHANNEL_ID)
        await h.slash(GM, "game start", channel_id=CHANNEL_ID)
        game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
        seat = game.players[0]
        async with board_server(h.bot.db) as base:
            ctx, page = await open_board(browser, link(base, h.bot.db, game.id, seat.user_id))
            await map_drawn(page)
            print(await page.title(), page.url, page.js_errors)
            await shot(page, "smoke-desktop")
            await ctx.close()
            ctx, page = await open_board(browser, link(base, h.bot.db, game.id, seat.user_id),
                                         viewport={"width": 390, "height": 844}, has_touch=True,
                                         is_mobile=True, locale="fr-FR")
            await map_drawn(page)
            await shot(page, "smoke-phone")
            await ctx.close()
