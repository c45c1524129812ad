"""This variant on the web board: its own board and phase names reach the page with nothing
of the web layer changed (the board is drawn from the variant's geometry and names)."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.web.conftest import board_server, browser, db, link, map_drawn, open_board, shot

pytestmark = pytest.mark.asyncio(loop_scope="module")
__all__ = ["browser", "db"]  # the web tests' fixtures, used here by name


async def test_a_variant_added_from_its_folder_is_played_on_the_board(browser, db) -> None:
    """Beacon Diplomacy (tests/variants/beacon, registered at run time): its own board and
    phase names reach the page with nothing of the web layer changed."""
    from bot.services import games, players
    from bot.services import orders as orders_service
    from engine import variants
    from tests.variants.beacon.variant import register

    variant = register()
    try:
        game = await games.create_game(db, variant="beacon", channel_id=700, gm_user_id=1001,
                                       name="Phares")
        for user in (2001, 2002):
            await players.join_game(db, game_id=game.id, user_id=user)
        await games.start_game(db, game_id=game.id, user_id=1001, seed=1)
        view = await games.get_game(db, game_id=game.id)
        north = next(p.user_id for p in view.players if "north" in p.powers)
        async with board_server(db) as base:
            ctx, page = await open_board(browser, link(base, db, game.id, north))
            await map_drawn(page)
            await expect(page.locator("#phase")).to_contain_text("Watch 1")
            assert await page.locator("[data-province]").count() == 6
            await page.click('[data-unit="north A nor"]')
            lit = await page.locator(".province.lit").evaluate_all(
                "els => els.map(e => e.getAttribute('data-province')).sort()")
            assert "nor" in lit and "gul" not in lit  # itself (hold), never the sea
            target = "mid" if "mid" in lit else next(p for p in lit if p not in ("nor", "sou"))
            await page.click(f'[data-label="{target}"]', force=True)
            await page.get_by_role("button", name="Send orders").click()
            await expect(page.locator("#status")).to_contain_text("saved")
            mine = await orders_service.my_orders(db, game_id=game.id, user_id=north)
            assert [x.normalized for x in mine[0].lines] == [f"A nor - {target}"]
            await shot(page, "beacon-en")
            assert not page.js_errors
            await ctx.close()
    finally:
        variants.unregister(variant.name)
