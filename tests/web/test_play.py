"""Spring, Fall and Winter 1901 played by three players mixing the web board and the slash
commands, in English and in French: what the page sent, /orders show shows, and the reverse;
Ready on the page and /ready; the builds with their count still due."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import expect

from bot.services import orders as orders_service
from tests.e2e.harness import CHANNEL_ID, Member, running_bot
from tests.web.conftest import board_server, link, map_drawn, open_board, shot
from tests.web.helpers import hit_province, order, orders_listed, sentences, three_player_game

pytestmark = pytest.mark.asyncio(loop_scope="module")

ANNA, BASILE, CLARA = (Member(2001 + i, name) for i, name in enumerate(("anna", "basile", "clara")))


async def reply_text(h, who, command, **options) -> str:
    calls = await h.slash(who, command, channel_id=CHANNEL_ID, **options)
    return "\n".join(c.text() for c in calls)


async def test_three_seasons_on_the_page_and_in_discord(browser, tmp_path: Path) -> None:
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        game_id, seats = await three_player_game(h, [ANNA, BASILE, CLARA])
        db = h.bot.db
        # seats are drawn by lot; each seat's player reads in the language the test wants
        # (a Discord client's locale comes with each interaction)
        west = Member(seats["england"].id, "west", locale="en-GB")
        russia = Member(seats["russia"].id, "russia", locale="fr")
        south = Member(seats["austria"].id, "south", locale="en-GB")
        async with board_server(db) as base:
            ctx_w, page_w = await open_board(browser, link(base, db, game_id, west.id),
                                             locale="en-GB")
            ctx_r, page_r = await open_board(browser, link(base, db, game_id, russia.id),
                                             locale="fr-FR")
            ctx_s, page_s = await open_board(browser, link(base, db, game_id, south.id),
                                             locale="en-GB")
            for page in (page_w, page_r, page_s):
                await map_drawn(page)

            # --- Spring 1901 ------------------------------------------------------------
            # England and France by clicks on the map, Germany typed into the page
            await order(page_w, "england F lon", "nth")
            await order(page_w, "england F edi", "nwg")
            await order(page_w, "england A lvp", "yor")
            await order(page_w, "france F bre", "mao")
            said = await order(page_w, "france A par", "bur")
            assert said == "The army in Paris moves to Burgundy"
            # clicking a unit lights its targets; Escape puts it down again
            await page_w.click('[data-unit="france A mar"]')
            lit = await page_w.locator(".province.lit").evaluate_all(
                "els => els.map(e => e.getAttribute('data-province')).sort()")
            # its moves, its hold (itself) and the units it may support
            assert {"bur", "gas", "mar", "pie", "spa", "par"} <= set(lit)
            assert "lyo" not in lit and "ber" not in lit
            await page_w.keyboard.press("Escape")
            assert await page_w.locator(".province.lit").count() == 0
            await order(page_w, "france A mar", "spa")
            await page_w.fill("#typed-text", "F kie - den; A ber - kie; A mun - ruh")
            await page_w.click("#typed button[type=submit]")
            await page_w.wait_for_selector('[data-order="A mun - ruh"]')
            await shot(page_w, "spring-desktop-en")
            await page_w.get_by_role("button", name="Send orders").click()
            await expect(page_w.locator("#status")).to_contain_text("saved")
            # what the page sent, /orders show shows
            shown = await reply_text(h, west, "orders show")
            for line in ("F lon - nth", "A par - bur", "A mar - spa", "A mun - ruh"):
                assert line in shown

            # Russia in French on the page: a hold is the unit itself
            await order(page_r, "russia F stp/sc", "bot")
            said = await order(page_r, "russia A mos", "ukr")
            assert said == "L'armée de Moscou va en Ukraine"
            said = await order(page_r, "russia A war", "war")
            assert said == "L'armée de Varsovie tient sa position"
            await order(page_r, "russia F sev", "rum")
            assert "La flotte de Sébastopol va en Roumanie" in await sentences(page_r)
            await page_r.get_by_role("button", name="Envoyer les ordres").click()
            await expect(page_r.locator("#status")).to_contain_text("enregistrés")
            await shot(page_r, "spring-desktop-fr")

            # the south by slash commands; the page shows them (the reverse)
            for power, text in (("austria", "F tri - alb; A vie - gal; A bud - ser"),
                                ("italy", "F nap - ion; A rom - apu; A ven H"),
                                ("turkey", "F ank - bla; A con - bul; A smy - arm")):
                await reply_text(h, south, "orders submit", text=text, power=power)
            await page_s.reload()
            await map_drawn(page_s)
            listed = await orders_listed(page_s)
            assert "A vie - gal" in listed and "F ank - bla" in listed and len(listed) == 9

            # ready: the page's toggle, /ready, and the page again: the phase resolves
            await page_w.get_by_role("button", name="Ready").click()
            await page_w.wait_for_selector("#ready[aria-pressed=true]")
            status = await orders_service.order_status(db, game_id=game_id)
            assert "england" in status.ready and "france" in status.ready
            await reply_text(h, russia, "ready")
            await page_s.get_by_role("button", name="Ready").click()
            await expect(page_s.locator("#phase")).to_contain_text("Fall")

            # --- Fall 1901 --------------------------------------------------------------
            for page in (page_w, page_r):
                await page.reload()
                await map_drawn(page)
            await order(page_w, "england F nth", "nwy")
            await order(page_w, "england F nwg", "nwg")
            await order(page_w, "england A yor", "yor")
            await order(page_w, "france F mao", "por")
            # support in two clicks: the supported fleet, then where it goes
            said = await order(page_w, "france A spa", "mao", "por")
            assert said == "The army in Spain supports the fleet in the Mid-Atlantic Ocean " \
                           "moving to Portugal"
            await order(page_w, "france A bur", "bel")
            # a retreat sent ahead, as /orders submit takes it (kept for its phase)
            await page_w.fill("#typed-text", "A bur R pic, gas")
            await page_w.click("#typed button[type=submit]")
            await expect(page_w.locator("#orders")).to_contain_text(
                "Kept for its phase: The army in Burgundy retreats to Picardy, else Gascony")
            await page_w.fill("#typed-text", "F den H; A kie - hol; A ruh S A kie - hol")
            await page_w.click("#typed button[type=submit]")
            await page_w.wait_for_selector('[data-order="A ruh S A kie - hol"]')
            await page_w.get_by_role("button", name="Send orders").click()
            await expect(page_w.locator("#status")).to_contain_text("saved")
            shown = await reply_text(h, west, "orders show")
            assert "A spa S F mao - por" in shown and "A bur R pic, gas" in shown, shown

            # Russia by slash this time; its page shows the orders in French
            await reply_text(h, russia, "orders submit",
                             text="F bot - swe; A ukr H; F rum H; A war H")
            await page_r.reload()
            await map_drawn(page_r)
            assert "La flotte du golfe de Botnie va en Suède" in await sentences(page_r)
            for power, text in (("austria", "F alb - gre; A ser S F alb - gre; A gal H"),
                                ("italy", "F ion - tun; A apu H; A ven H"),
                                ("turkey", "F bla H; A bul H; A arm H")):
                await reply_text(h, south, "orders submit", text=text, power=power)
            await reply_text(h, west, "ready")
            await page_r.get_by_role("button", name="Prêt").click()
            await page_r.wait_for_selector("#ready[aria-pressed=true]")  # stored, then on
            await reply_text(h, south, "ready")

            # --- Winter 1901: builds with the count still due ---------------------------
            for page in (page_w, page_r, page_s):
                await page.reload()
                await map_drawn(page)
            assert "Winter" in str(await page_w.locator("#phase").text_content())
            due = str(await page_w.locator("#due").text_content())
            assert "France: 3 builds due" in due and "England: 1 build due" in due
            await hit_province(page_w, "par")  # an inland centre: an army, no question
            await hit_province(page_w, "bre")
            await page_w.get_by_role("button", name="Build a fleet in Brest").click()
            due = str(await page_w.locator("#due").text_content())
            assert "France: 1 build due" in due
            # a place built on is no longer offered
            assert await page_w.locator('.province.lit[data-province="bre"]').count() == 0
            assert await page_w.locator('.province.lit[data-province="mar"]').count() == 1
            await hit_province(page_w, "lon")
            await page_w.get_by_role("button", name="Build a fleet in London").click()
            await page_w.fill("#typed-text", "build a ber; build f kie")
            await page_w.click("#typed button[type=submit]")
            await page_w.wait_for_selector('[data-order="BUILD F kie"]')
            await shot(page_w, "winter-desktop-en")
            await page_w.get_by_role("button", name="Send orders").click()
            await expect(page_w.locator("#status")).to_contain_text("saved")
            shown = await reply_text(h, west, "orders show")
            assert "BUILD A par" in shown and "BUILD F bre" in shown and "BUILD F lon" in shown
            # read back after a reload: the builds sent count, their places are taken
            await page_w.reload()
            await map_drawn(page_w)
            due = str(await page_w.locator("#due").text_content())
            assert "France: 1 build due" in due and "England: 0 builds due" in due
            assert await page_w.locator('.province.lit[data-province="bre"]').count() == 0

            await hit_province(page_r, "mos")
            assert "Construire une armée à Moscou" in await sentences(page_r)
            await hit_province(page_r, "sev")
            await page_r.get_by_role("button", name="Construire une flotte à Sébastopol").click()
            await page_r.get_by_role("button", name="Envoyer les ordres").click()
            await expect(page_r.locator("#status")).to_contain_text("enregistrés")
            await shot(page_r, "winter-desktop-fr")
            for power, text in (("austria", "build A vie; build A bud"),
                                ("italy", "build F nap"), ("turkey", "build A con")):
                await reply_text(h, south, "orders submit", text=text, power=power)
            await reply_text(h, west, "ready")
            await reply_text(h, russia, "ready")
            await page_s.reload()
            await map_drawn(page_s)
            await page_s.get_by_role("button", name="Ready").click()
            await expect(page_s.locator("#phase")).to_contain_text("1902")
            for unit in ("france A par", "france F bre", "england F lon", "russia A mos",
                         "russia F sev", "germany F kie", "austria A vie", "italy F nap"):
                assert await page_s.locator(f'[data-unit="{unit}"]').count() == 1, unit
            assert not page_w.js_errors and not page_r.js_errors and not page_s.js_errors
            for ctx in (ctx_w, ctx_r, ctx_s):
                await ctx.close()
