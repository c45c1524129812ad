"""Links and sessions that open nothing (issue's "who is who"): another game's link, a link
for someone without a seat, an expired or altered link, a write without its CSRF token, the
cookie of a replaced player. Each is refused with a page in the reader's language saying
why, and nothing of the game is shown or changed."""

from __future__ import annotations

import time

import pytest

from bot.board_links import board_token
from bot.services import orders as orders_service
from bot.services import players as players_service
from tests.web.conftest import GM_ID, board_server, link, map_drawn, open_board, started_classic

pytestmark = pytest.mark.asyncio(loop_scope="module")
USERS = [2001, 2002, 2003]
SECRET_NAME = "Partie secrète"


async def refusal(page) -> tuple[str, str]:
    reason = page.locator("#reason")
    text = str(await reason.text_content())
    html = await page.content()
    assert SECRET_NAME not in html and "board-data" not in html, "nothing of the game shown"
    return str(await reason.get_attribute("data-reason")), text


async def test_links_that_open_nothing(browser, db, monkeypatch) -> None:
    game_id = await started_classic(db, USERS, name=SECRET_NAME)
    other_id = await started_classic(db, [3001, 3002, 3003], name="Other", channel_id=601)
    async with board_server(db) as base:
        # a link of another game, opened at this game's address
        token = board_token(db.sealer, game_id=other_id, user_id=3001)
        ctx, page = await open_board(browser, f"{base}/board/{game_id}/open?t={token}")
        assert (await refusal(page))[0] == "other_game"
        await ctx.close()

        # the cookie of another game does not open this one
        ctx, page = await open_board(browser, link(base, db, other_id, 3001))
        await map_drawn(page)
        answer = await page.goto(f"{base}/board/{game_id}")
        assert answer.status == 403
        assert (await refusal(page))[0] == "missing"
        await ctx.close()

        # a link for someone who holds no seat in the game
        ctx, page = await open_board(browser, link(base, db, game_id, 9999))
        assert (await refusal(page))[0] == "not_player"
        await ctx.close()

        # expired (signed two hours ago), in French for a French browser
        with monkeypatch.context() as m:
            then = time.time() - 7200
            m.setattr(time, "time", lambda: then)
            old = board_token(db.sealer, game_id=game_id, user_id=USERS[0])
        ctx, page = await open_board(browser, f"{base}/board/open?t={old}", locale="fr-FR")
        reason, text = await refusal(page)
        assert reason == "expired" and "Ce lien a expiré" in text
        assert await page.locator("html").get_attribute("lang") == "fr"
        await ctx.close()

        # altered: one character changed
        good = board_token(db.sealer, game_id=game_id, user_id=USERS[0])
        bad = good[:-3] + ("A" if good[-3] != "A" else "B") + good[-2:]
        ctx, page = await open_board(browser, f"{base}/board/open?t={bad}")
        reason, text = await refusal(page)
        assert reason == "altered" and "not valid" in text
        await ctx.close()


async def test_writes_need_the_csrf_token_and_a_seat(browser, db) -> None:
    game_id = await started_classic(db, USERS, name=SECRET_NAME)
    async with board_server(db) as base:
        ctx, page = await open_board(browser, link(base, db, game_id, USERS[0]))
        await map_drawn(page)
        # the session's cookie alone (another site's form would carry it) writes nothing
        answer = await ctx.request.post(f"{base}/board/{game_id}/orders",
                                        form={"text": "A mos - ukr"})
        assert answer.status == 403 and (await answer.json())["refused"] == "csrf"
        answer = await ctx.request.post(f"{base}/board/{game_id}/ready",
                                        form={"csrf": "forged", "ready": "1"})
        assert answer.status == 403 and (await answer.json())["refused"] == "csrf"
        assert not await orders_service.my_orders(db, game_id=game_id, user_id=USERS[0])

        # the GM hands the seat to someone else: the old cookie opens nothing, even with
        # its own valid CSRF token
        csrf = await page.evaluate(
            "JSON.parse(document.getElementById('board-data').textContent).me.csrf")
        await players_service.replace_player(db, game_id=game_id, user_id=GM_ID,
                                             new_user_id=4001, old_user_id=USERS[0])
        answer = await ctx.request.post(f"{base}/board/{game_id}/orders",
                                        form={"text": "A mos - ukr", "csrf": csrf})
        assert answer.status == 403 and (await answer.json())["refused"] == "replaced"
        await page.reload()
        reason, text = await refusal(page)
        assert reason == "replaced" and "no longer hold a seat" in text
        assert not await orders_service.my_orders(db, game_id=game_id, user_id=4001)
        # the new player's own link works
        await ctx.close()
        ctx, page = await open_board(browser, link(base, db, game_id, 4001))
        await map_drawn(page)
        assert await page.locator("[data-unit]").count() > 0
        await ctx.close()


async def test_a_page_left_open_across_a_phase_sends_nothing(browser, db) -> None:
    """The version guard: orders picked on Spring's board are not sent into Fall."""
    from playwright.async_api import expect

    from bot.services import games as games_service
    from tests.web.helpers import order

    game_id = await started_classic(db, USERS, channel_id=602)
    game = await games_service.get_game(db, game_id=game_id)
    russia = next(p.user_id for p in game.players if "russia" in p.powers)
    async with board_server(db) as base:
        ctx, page = await open_board(browser, link(base, db, game_id, russia))
        await map_drawn(page)
        await order(page, "russia A mos", "ukr")
        for user in USERS:  # meanwhile everyone says ready in Discord: Spring resolves
            await orders_service.set_ready(db, game_id=game_id, user_id=user)
        await page.get_by_role("button", name="Send orders").click()
        await expect(page.locator("#status")).to_contain_text("moved on")
        await expect(page.locator("#phase")).to_contain_text("Fall 1901")
        assert not await orders_service.my_orders(db, game_id=game_id, user_id=russia)
        assert await page.locator("[data-order]").count() == 0
        await ctx.close()
