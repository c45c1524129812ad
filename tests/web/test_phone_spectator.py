"""The public page (``/g/<game>``) on a phone (390 × 844): the map, wider than the screen
so that names stay readable, opens on the middle of the board, not on its top-left corner
(sea and an empty corner); the same for a player with no unit on the map."""

from __future__ import annotations

import pytest

from tests.e2e.harness import Member, running_bot
from tests.web.conftest import board_server, map_drawn, open_board, shot
from tests.web.helpers import three_player_game

pytestmark = pytest.mark.asyncio(loop_scope="module")
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


async def test_a_spectator_on_a_phone_starts_at_the_middle_of_the_map(browser, tmp_path
                                                                      ) -> None:
    names = [Member(2001, "zoe"), Member(2002, "yann"), Member(2003, "xavier")]
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        game_id, _ = await three_player_game(h, names, name="Open")
        async with board_server(h.bot.db) as base:
            for locale in ("fr-FR", "en-GB"):
                ctx, page = await open_board(browser, f"{base}/g/{game_id}", locale=locale,
                                             **PHONE)
                await map_drawn(page)
                frame = await page.evaluate(
                    "(() => { const m = document.getElementById('map'); return {"
                    "x: m.scrollLeft, y: m.scrollTop, w: m.scrollWidth - m.clientWidth,"
                    "h: m.scrollHeight - m.clientHeight}; })()")
                assert frame["w"] > 100 and frame["h"] > 100, frame  # the map is scrolled
                assert abs(frame["x"] - frame["w"] / 2) <= 2, frame
                assert abs(frame["y"] - frame["h"] / 2) <= 2, frame
                await shot(page, f"phone-spectator-{locale[:2]}")
                assert not page.js_errors
                await ctx.close()
