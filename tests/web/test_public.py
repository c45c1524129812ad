"""Anyone's board (``/g/<game>``, no link): the public position, the last results and every
past phase, never a pending order nor, in gunboat, a player's name. And hostile text (a game
name, display names, press, an order typed) is shown as text, never run."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.e2e.harness import CHANNEL_ID, Member, running_bot
from tests.web.conftest import board_server, link, map_drawn, open_board, shot
from tests.web.helpers import three_player_game

pytestmark = pytest.mark.asyncio(loop_scope="module")

HOSTILE = '<script>alert("x")</script>"><img src=x onerror=alert(1)> \u202eevil\u200f'


async def test_spectators_of_a_gunboat_game_see_no_one(browser, tmp_path) -> None:
    names = [Member(2001, "Zoé Visible"), Member(2002, "Yann Visible"),
             Member(2003, "Xavier Visible")]
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        game_id, seats = await three_player_game(h, names, name="Gunboat",
                                                 options={"press": "gunboat"})
        russia = seats["russia"]
        # a pending order and one kept for later (a conditional retreat)
        await h.slash(russia, "orders submit", channel_id=CHANNEL_ID,
                      text="A mos - ukr; A war R gal")
        async with board_server(h.bot.db, watch_every=0.2) as base:
            ctx, page = await open_board(browser, f"{base}/g/{game_id}")
            await map_drawn(page)
            html = await page.content()
            state = await (await ctx.request.get(f"{base}/g/{game_id}/state")).text()
            for text in (html, state):
                for m in names:
                    assert m.name not in text and str(m.id) not in text
                assert "mos - ukr" not in text and "war R gal" not in text
                assert '"conditional":{' not in text and '"conditional":[' not in text
            assert await page.locator("[data-order]").count() == 0
            assert await page.locator('[data-unit="russia A mos"]').count() == 1
            await shot(page, "spectator-gunboat")

            # the phase resolves: the open page follows by itself (server-sent events), its
            # results and the past phase are public
            for m in {seats[p].id: seats[p] for p in seats}.values():
                await h.slash(m, "ready", channel_id=CHANNEL_ID)
            await expect(page.locator("#phase")).to_contain_text("Fall 1901")
            await expect(page.locator("#results")).to_contain_text(
                "The army in Moscow moves to Ukraine: succeeds.")
            assert await page.locator('[data-unit="russia A ukr"]').count() == 1
            await page.get_by_role("link", name="Spring 1901, movement").click()
            await map_drawn(page)
            assert await page.locator('[data-unit="russia A mos"]').count() == 1
            await expect(page.locator("#phase")).to_contain_text("Fall 1901")
            html = await page.content()
            for m in names:
                assert m.name not in html
            assert not page.js_errors
            await ctx.close()


async def test_hostile_text_is_shown_as_text(browser, tmp_path) -> None:
    players = [Member(2001 + i, HOSTILE) for i in range(3)]
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        game_id, seats = await three_player_game(h, players, name=HOSTILE)
        russia = seats["russia"]
        await h.slash(russia, "press", channel_id=CHANNEL_ID, text=HOSTILE)
        async with board_server(h.bot.db) as base:
            dialogs: list[str] = []
            for url in (link(base, h.bot.db, game_id, russia.id), f"{base}/g/{game_id}"):
                ctx, page = await open_board(browser, url)
                page.on("dialog", lambda d: dialogs.append(d.message))
                await map_drawn(page)
                assert await page.locator("#game-name").text_content() == HOSTILE
                assert HOSTILE in await page.title()
                assert await page.locator("img").count() == 0
                assert await page.locator("body script").count() == 2  # the data, the file
                if "/board/" in page.url:
                    await page.fill("#typed-text", HOSTILE)
                    await page.click("#typed button[type=submit]")
                    await expect(page.locator("#status")).to_contain_text("<img src=x")
                    assert await page.locator("img").count() == 0
                    await shot(page, "hostile-player")
                assert not page.js_errors
                await ctx.close()
            assert dialogs == []
