"""Every variant the contract orders on the board: the duel's sealed bids as a form, then
its movement phase by clicks; L'Impérialisme's map and current crisis, read-only."""

from __future__ import annotations

from datetime import timedelta

import pytest
from playwright.async_api import expect

from bot.models import Game
from bot.services import games as games_service
from tests.e2e.harness import CHANNEL_ID, Member, running_bot
from tests.web.conftest import board_server, link, map_drawn, open_board, shot
from tests.web.helpers import GM, order, orders_listed

pytestmark = pytest.mark.asyncio(loop_scope="module")
ALICE = Member(2001, "alice", locale="en-GB")  # France
BOB = Member(2002, "bob", locale="fr")  # Germany


async def test_a_duel_bids_then_moves(browser, tmp_path) -> None:
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="duel", name="Duel")
        await h.slash(ALICE, "game join", channel_id=CHANNEL_ID,
                      preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR")
        await h.slash(BOB, "game join", channel_id=CHANNEL_ID,
                      preferences="GER, ENG, FRA, ITA, AUS, RUS, TUR")
        await h.slash(GM, "game start", channel_id=CHANNEL_ID)
        game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
        assert game.phase == "S1901B"
        async with board_server(h.bot.db) as base:
            ctx, page = await open_board(browser, link(base, h.bot.db, game.id, ALICE.id))
            await map_drawn(page)
            form = page.locator("#bids")
            await expect(form).to_be_visible()
            # a refused set says why, in the reader's language; nothing is stored
            await page.fill("#bids-text", "ENG 15, ITA 10")
            await page.click("#bids button[type=submit]")
            await expect(page.locator("#status")).to_contain_text("25 credits but you have 20")
            await page.fill("#bids-text", "ENG 5, ITA 3")
            await page.click("#bids button[type=submit]")
            await expect(page.locator("#status")).not_to_have_class("status bad")
            await shot(page, "duel-bids")
            # the duel's /bid show reads back what the page sent
            calls = await h.slash(ALICE, "bids show", channel_id=CHANNEL_ID)
            shown = "\n".join(c.text() for c in calls)
            assert "England" in shown and "5" in shown and "Italy" in shown, shown
            await h.slash(BOB, "bid", channel_id=CHANNEL_ID, text="Angleterre 5, Russie 4")
            game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
            assert await h.bot.scheduler.run_once(
                now=game.deadline + timedelta(seconds=1)) == 1

            # movement: France (and Italy, won at auction) by clicks
            await page.reload()
            await map_drawn(page)
            await expect(page.locator("#bids")).to_be_hidden()
            said = await order(page, "france A par", "bur")
            assert said == "The army in Paris moves to Burgundy"
            await order(page, "italy A ven", "apu")
            await page.get_by_role("button", name="Send orders").click()
            await expect(page.locator("#status")).to_contain_text("saved")
            assert await orders_listed(page) == ["A par - bur", "A ven - apu"]
            assert not page.js_errors
            await ctx.close()


async def test_imperialisme_map_and_crisis_read_only(browser, tmp_path) -> None:
    players = [Member(2001 + i, f"p{i}") for i in range(3)]
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="imperialisme",
                      name="Empires")
        game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
        async with h.bot.db.transaction() as session:
            row = await session.get(Game, game.id)
            row.options = {**row.options, "crisis_seeds": "web"}
        for p in players:
            await h.slash(p, "game join", channel_id=CHANNEL_ID)
        await h.slash(GM, "game start", channel_id=CHANNEL_ID)
        await h.slash(GM, "crisis draw", channel_id=CHANNEL_ID)
        async with board_server(h.bot.db) as base:
            ctx, page = await open_board(browser, link(base, h.bot.db, game.id, players[0].id),
                                         locale="fr-FR")
            await map_drawn(page)
            await expect(page.locator("#crisis")).to_be_visible()
            await expect(page.locator("#crisis")).to_contain_text("Crise 1")
            await expect(page.locator("#crisis")).to_contain_text("conférence")
            await expect(page.locator("#panel")).to_be_hidden()
            assert await page.locator("[data-province]").count() > 150
            assert await page.locator(".province.lit").count() == 0
            # nothing to order here: the hint says where the crisis's votes are cast
            hint = page.locator("#hint")
            await expect(hint).to_contain_text("Crise 1")
            await expect(hint).to_contain_text("en message privé avec le bot")
            await expect(hint).not_to_contain_text("rien à ordonner dans cette phase")
            await shot(page, "imperialisme-fr")
            assert not page.js_errors
            await ctx.close()
            ctx, page = await open_board(browser, link(base, h.bot.db, game.id, players[1].id),
                                         locale="en-GB")
            await map_drawn(page)
            hint = page.locator("#hint")
            await expect(hint).to_contain_text("Crisis 1")
            await expect(hint).to_contain_text("by direct message with the bot")
            await expect(hint).not_to_contain_text("nothing to order in this phase")
            assert not page.js_errors
            await ctx.close()
