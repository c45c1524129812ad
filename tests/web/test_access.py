"""The board on a phone (390 × 844, touch, no hover) and by keyboard alone; every unit and
province has an accessible name in the reader's language."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from bot.services import games as games_service
from bot.services import orders as orders_service
from tests.web.conftest import board_server, link, map_drawn, open_board, shot, started_classic
from tests.web.helpers import hit_province, order, orders_listed, sentences

pytestmark = pytest.mark.asyncio(loop_scope="module")
USERS = [2001, 2002, 2003]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}


async def russia_player(db, game_id: int) -> int:
    game = await games_service.get_game(db, game_id=game_id)
    return next(p.user_id for p in game.players if "russia" in p.powers)


async def test_a_phone_with_touch(browser, db) -> None:
    game_id = await started_classic(db, USERS)
    user = await russia_player(db, game_id)
    async with board_server(db) as base:
        ctx, page = await open_board(browser, link(base, db, game_id, user), locale="fr-FR",
                                     **PHONE)
        await map_drawn(page)
        # nothing wider than the screen but the map's own scrolling frame
        assert await page.evaluate("document.documentElement.scrollWidth") <= 390
        await expect(page.get_by_role("button", name="Armée à Moscou")).to_have_count(1)
        # Moscow may move to Sevastopol or support the fleet there: the page asks
        await order(page, "russia A mos", "sev", how="tap")
        await expect(page.locator("#chooser")).to_be_visible()
        await shot(page, "phone-fr-chooser")
        await page.get_by_role("button", name="Annuler").tap()
        await expect(page.locator("#chooser")).to_be_hidden()
        # a tap where the picked unit cannot go puts it down
        await order(page, "russia A mos", how="tap")
        assert await page.locator(".province.lit").count() > 0
        await hit_province(page, "fin", how="tap")
        assert await page.locator(".province.lit").count() == 0
        said = await order(page, "russia A mos", "ukr", how="tap")
        assert said == "L'armée de Moscou va en Ukraine"
        # a tap on the province (not the unit's small mark) picks the unit there
        await hit_province(page, "sev", how="tap")
        await hit_province(page, "bla", how="tap")
        assert "La flotte de Sébastopol va dans la mer Noire" in await sentences(page)
        # the order itself in French abbreviations, as /orders show writes it
        await expect(page.locator('[data-order="F sev - bla"] code')).to_have_text(
            "F seb - noi")
        await shot(page, "phone-fr")
        send = page.get_by_role("button", name="Envoyer les ordres")
        await send.scroll_into_view_if_needed()
        await send.tap()
        await expect(page.locator("#status")).to_contain_text("enregistrés")
        mine = await orders_service.my_orders(db, game_id=game_id, user_id=user)
        assert [x.normalized for x in mine[0].lines] == ["A mos - ukr", "F sev - bla"]
        await page.get_by_role("button", name="Prêt").tap()
        await expect(page.get_by_role("button", name="Prêt")).to_have_attribute(
            "aria-pressed", "true")
        await shot(page, "phone-fr-sent")
        assert not page.js_errors
        await ctx.close()


async def focused(page) -> dict:
    return await page.evaluate(
        "(() => { const e = document.activeElement; return {unit: e.getAttribute('data-unit'),"
        " province: e.getAttribute('data-province'), label: e.getAttribute('aria-label'),"
        " text: e.textContent}; })()")


async def tab_to(page, key: str, value: str, limit: int = 200) -> None:
    for _ in range(limit):
        await page.keyboard.press("Tab")
        if (await focused(page)).get(key) == value:
            return
    raise AssertionError(f"Tab never reached {key}={value}")


async def test_keyboard_alone(browser, db) -> None:
    game_id = await started_classic(db, USERS)
    user = await russia_player(db, game_id)
    async with board_server(db) as base:
        ctx, page = await open_board(browser, link(base, db, game_id, user), locale="en-GB")
        await map_drawn(page)
        # accessible names: units as buttons, provinces by name
        await expect(page.get_by_role("button", name="Army in Warsaw")).to_have_count(1)
        await expect(page.locator('[data-province="war"]')).to_have_attribute(
            "aria-label", "Warsaw")
        await tab_to(page, "unit", "russia A war")
        await page.keyboard.press("Enter")
        assert (await focused(page))["province"], "the focus moves to the lit targets"
        await tab_to(page, "province", "gal", limit=30)
        await page.keyboard.press("Enter")
        assert await orders_listed(page) == ["A war - gal"]
        # Escape puts a picked unit down
        await tab_to(page, "unit", "russia A mos")
        await page.keyboard.press("Enter")
        assert await page.locator(".province.lit").count() > 0
        await page.keyboard.press("Escape")
        assert await page.locator(".province.lit").count() == 0
        assert (await focused(page))["unit"] == "russia A mos"
        # a support by keyboard: the supported unit, then its target. Moscow may also move
        # to Sevastopol, so the page asks; the second button helps the fleet there
        await page.keyboard.press("Enter")
        await tab_to(page, "province", "sev", limit=30)
        await page.keyboard.press("Enter")
        await expect(page.locator("#chooser")).to_be_visible()
        choices = await page.locator("#chooser-list button").all_text_contents()
        assert choices[0] == "The army in Moscow moves to Sevastopol"
        await page.keyboard.press("Tab")
        await page.keyboard.press("Enter")
        assert (await focused(page))["province"] == "sev"  # the fleet's only target: hold
        await page.keyboard.press("Enter")
        listed = await orders_listed(page)
        assert listed == ["A war - gal", "A mos S F sev"]
        assert (await sentences(page))[1] == "The army in Moscow supports the fleet in Sevastopol"
        await tab_to(page, "text", "Send orders")
        await page.keyboard.press("Enter")
        await expect(page.locator("#status")).to_contain_text("saved")
        mine = await orders_service.my_orders(db, game_id=game_id, user_id=user)
        assert {x.normalized for x in mine[0].lines} == set(listed)
        await shot(page, "keyboard-en")
        # a line removed, then Ready without Send: the list is sent first, then ready
        await page.get_by_role("button", name="Remove: The army in Moscow supports the "
                                             "fleet in Sevastopol").press("Enter")
        await tab_to(page, "text", "Ready")
        await page.keyboard.press("Enter")
        await expect(page.get_by_role("button", name="Ready")).to_have_attribute(
            "aria-pressed", "true")
        mine = await orders_service.my_orders(db, game_id=game_id, user_id=user)
        assert [x.normalized for x in mine[0].lines] == ["A war - gal"] and mine[0].ready
        assert not page.js_errors
        await ctx.close()


async def test_a_retreat_on_the_board(browser, db) -> None:
    game_id = await started_classic(db, USERS)
    game = await games_service.get_game(db, game_id=game_id)
    west = next(p.user_id for p in game.players if "france" in p.powers)

    async def turn(orders: dict[str, str]) -> None:
        for power, text in orders.items():
            await orders_service.submit_orders(db, game_id=game_id, user_id=west, text=text,
                                               power=power)
        for user in USERS:
            await orders_service.set_ready(db, game_id=game_id, user_id=user)

    await turn({"france": "A par - bur", "germany": "A ber - mun; A mun - ruh"})
    await turn({"germany": "A ruh - bur; A mun S A ruh - bur"})
    game = await games_service.get_game(db, game_id=game_id)
    assert game.phase == "F1901R"
    async with board_server(db) as base:
        ctx, page = await open_board(browser, link(base, db, game_id, west))
        await map_drawn(page)
        dislodged = page.locator('.unit.dislodged[data-unit="france A bur"]')
        await expect(dislodged).to_have_count(1)
        await dislodged.click()
        lit = await page.locator(".province.lit").evaluate_all(
            "els => els.map(e => e.getAttribute('data-province')).sort()")
        assert "pic" in lit and "bur" in lit and "mun" not in lit  # itself: disband
        await hit_province(page, "pic")
        assert await sentences(page) == ["The army in Burgundy retreats to Picardy"]
        await page.get_by_role("button", name="Send orders").click()
        await expect(page.locator("#status")).to_contain_text("saved")
        mine = await orders_service.my_orders(db, game_id=game_id, user_id=west)
        assert [x.normalized for s in mine for x in s.lines] == ["A bur R pic"]
        await shot(page, "retreat-en")
        assert not page.js_errors
        await ctx.close()


async def test_a_removal_with_the_count_due(browser, db) -> None:
    game_id = await started_classic(db, USERS, channel_id=604)
    game = await games_service.get_game(db, game_id=game_id)
    west = next(p.user_id for p in game.players if "france" in p.powers)
    south = next(p.user_id for p in game.players if "italy" in p.powers)

    async def turn(orders: dict[str, tuple[int, str]]) -> None:
        for power, (user, text) in orders.items():
            await orders_service.submit_orders(db, game_id=game_id, user_id=user, text=text,
                                               power=power)
        for user in USERS:
            await orders_service.set_ready(db, game_id=game_id, user_id=user)

    # Germany walks into Marseilles as France leaves it: France 2 centres, 3 units
    await turn({"germany": (west, "A mun - bur; A ber - mun"), "italy": (south, "A ven - pie")})
    await turn({"germany": (west, "A bur - mar"), "france": (west, "A mar - gas")})
    assert (await games_service.get_game(db, game_id=game_id)).phase == "W1901A"
    async with board_server(db) as base:
        ctx, page = await open_board(browser, link(base, db, game_id, west), locale="fr-FR")
        await map_drawn(page)
        due = page.locator("#due")
        await expect(due).to_contain_text("France\u202f: 1 unité à retirer")
        await expect(due).to_contain_text("Allemagne\u202f: 1 construction à faire")
        await page.click('[data-unit="france A par"]')  # a removal: one click
        assert await sentences(page) == ["L'armée de Paris est retirée du jeu"]
        await expect(due).to_contain_text("France\u202f: 0 unité à retirer")
        await page.get_by_role("button", name="Envoyer les ordres").click()
        await expect(page.locator("#status")).to_contain_text("enregistrés")
        mine = await orders_service.my_orders(db, game_id=game_id, user_id=west)
        assert [x.normalized for s in mine for x in s.lines] == ["REMOVE A par"]
        await shot(page, "removal-fr")
        assert not page.js_errors
        await ctx.close()


async def test_the_page_times_its_own_steps(browser, db) -> None:
    """The marks a benchmark reads (tools/bench_web.py): the board drawn, a click to its lit
    targets, a send to its answer. Only their presence is tested, never their speed."""
    game_id = await started_classic(db, USERS, channel_id=605)
    user = await russia_player(db, game_id)
    async with board_server(db) as base:
        ctx, page = await open_board(browser, link(base, db, game_id, user))
        await map_drawn(page)
        await order(page, "russia A mos", "ukr")
        await page.get_by_role("button", name="Send orders").click()
        await expect(page.locator("#status")).to_contain_text("saved")
        names = await page.evaluate(
            "performance.getEntriesByType('measure').map(m => m.name)")
        assert {"board:drawn", "board:targets", "board:sent"} <= set(names)
        await ctx.close()
