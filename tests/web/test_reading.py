"""The board read as a player reads it: the deadline as a date in the reader's language and
clock, whether the list on the page was sent, and a dislodged unit's report while it still
has its retreat to make (the results post's words, not "destroyed")."""

from __future__ import annotations

from datetime import UTC
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from playwright.async_api import expect

from bot.services import games
from bot.services import orders as orders_service
from tests.web.conftest import board_server, link, map_drawn, open_board, started_classic
from tests.web.helpers import order

pytestmark = pytest.mark.asyncio(loop_scope="module")

WEST, SOUTH, EAST = 11, 12, 13  # seats drawn with seed 1: England, France, Germany for WEST


async def _game(db) -> tuple[int, dict[str, int]]:
    game_id = await started_classic(db, [WEST, SOUTH, EAST])
    game = await games.game_in_channel(db, channel_id=600)
    return game_id, {p: s.user_id for s in game.players for p in s.powers}


async def test_the_deadline_is_a_date_the_readers_way(browser, db) -> None:
    game_id, seats = await _game(db)
    game = await games.game_in_channel(db, channel_id=600)
    deadline = game.deadline.replace(tzinfo=game.deadline.tzinfo or UTC)
    async with board_server(db) as base:
        for locale, zone, month in (("fr-FR", "Europe/Paris", "fr"),
                                    ("en-GB", "America/New_York", "en")):
            ctx, page = await open_board(browser, link(base, db, game_id, seats["france"]),
                                         locale=locale, timezone_id=zone)
            await map_drawn(page)
            text = str(await page.locator("#deadline").text_content())
            local = deadline.astimezone(ZoneInfo(zone))
            # the hour on the reader's clock, the day of the month, the month in their words
            assert f"{local:%H:%M}" in text and f" {local.day} " in text, text
            months = {"fr": ("janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.",
                             "août", "sept.", "oct.", "nov.", "déc."),
                      "en": ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept",
                             "Oct", "Nov", "Dec")}[month]
            assert months[local.month - 1] in text, text
            # two days away: days and hours left, not a count of 48 hours
            assert ("1 j 23 h" in text or "2 j 0 h" in text) if month == "fr" else \
                ("1 d 23 h" in text or "2 d 0 h" in text), text
            assert not page.js_errors
            await ctx.close()


async def test_the_page_says_whether_its_list_was_sent(browser, db) -> None:
    game_id, seats = await _game(db)
    async with board_server(db) as base:
        ctx, page = await open_board(browser, link(base, db, game_id, seats["france"]),
                                     locale="fr-FR")
        await map_drawn(page)
        assert await page.locator("#sync").text_content() == ""
        await order(page, "france A par", "bur")
        await expect(page.locator("#sync")).to_have_text(
            "Pas encore envoyé\u202f: ces changements ne sont que sur cette page tant que vous "
            "n'appuyez pas sur Envoyer les ordres.")
        assert await page.locator("#send.unsent").count() == 1
        await page.get_by_role("button", name="Envoyer les ordres").click()
        await expect(page.locator("#sync")).to_have_text("Envoyé\u202f: l'arbitre a reçu cette liste.")
        assert await page.locator("#send.unsent").count() == 0
        # removing an order is a change too, until it is sent
        await page.locator('[data-order="A par - bur"] button.remove').click()
        await expect(page.locator("#sync")).to_contain_text("Pas encore envoyé")
        assert not page.js_errors
        await ctx.close()


async def test_a_dislodged_unit_is_reported_with_its_retreat_to_make(browser, db,
                                                                    tmp_path: Path) -> None:
    game_id, seats = await _game(db)
    user = seats["france"]
    assert seats["germany"] == user
    await orders_service.submit_orders(db, game_id=game_id, user_id=user, power="germany",
                                       text="A mun - bur")
    await orders_service.submit_orders(db, game_id=game_id, user_id=user, power="france",
                                       text="A mar - gas")
    for u in {WEST, SOUTH, EAST}:
        await orders_service.set_ready(db, game_id=game_id, user_id=u)
    await orders_service.submit_orders(db, game_id=game_id, user_id=user, power="france",
                                       text="A par - bur; A gas S A par - bur")
    for u in {WEST, SOUTH, EAST}:
        await orders_service.set_ready(db, game_id=game_id, user_id=u)
    async with board_server(db) as base:
        for url in (link(base, db, game_id, user), f"{base}/g/{game_id}"):
            ctx, page = await open_board(browser, url)
            await map_drawn(page)
            await expect(page.locator("#phase")).to_contain_text("Fall 1901, retreats")
            results = page.locator("#results")
            await expect(results).to_contain_text("The army in Burgundy holds: fails (dislodged).")
            assert "destroyed" not in str(await results.text_content())
            await ctx.close()


async def test_the_powers_and_their_centres_are_listed(browser, db) -> None:
    game_id, seats = await _game(db)
    async with board_server(db) as base:
        for url, locale, first in ((f"{base}/g/{game_id}", "en-GB", "Russia 4"),
                                   (link(base, db, game_id, seats["russia"]), "fr-FR",
                                    "Russie 4")):
            ctx, page = await open_board(browser, url, locale=locale)
            await map_drawn(page)
            listed = [str(x).strip() for x in
                      await page.locator("#centres li").all_text_contents()]
            assert len(listed) == 7 and listed[0] == first, listed
            await expect(page.locator("#centres-title")).to_have_text(
                "Supply centres" if locale == "en-GB" else "Centres de ravitaillement")
            assert not page.js_errors
            await ctx.close()


async def test_a_phone_reads_the_order_back_under_the_map(browser, db) -> None:
    game_id, seats = await _game(db)
    async with board_server(db) as base:
        ctx, page = await open_board(browser, link(base, db, game_id, seats["france"]),
                                     locale="fr-FR", viewport={"width": 390, "height": 844},
                                     has_touch=True, is_mobile=True)
        await map_drawn(page)
        await order(page, "france A par", "bur", how="tap")
        hint = page.locator("#hint")
        await expect(hint).to_have_text("✓ Ajouté\u202f: L'armée de Paris va en Bourgogne. "
                                        "Choisissez une autre unité, ou Envoyer les ordres.")
        assert await hint.is_visible()
        box = await hint.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844  # in sight, not scrolled to
        # the next unit picked: its own question again
        await page.locator('[data-unit="france A mar"]').tap()
        await expect(hint).to_contain_text("Armée à Marseille")
        assert not page.js_errors
        await ctx.close()


async def test_the_powers_the_bot_plays_are_marked(browser, db) -> None:
    game_id = await started_classic(db, [WEST], options={"bots": 6}, channel_id=601)
    game = await games.game_in_channel(db, channel_id=601)
    mine = game.players[0].powers[0]
    async with board_server(db) as base:
        for url, locale, word in ((f"{base}/g/{game_id}", "en-GB", "played by the bot"),
                                  (link(base, db, game_id, WEST), "fr-FR",
                                   "jouée par le bot")):
            ctx, page = await open_board(browser, url, locale=locale)
            await map_drawn(page)
            tagged = await page.locator("#centres li:has(.bot-tag)").evaluate_all(
                "els => els.map(e => e.getAttribute('data-power')).sort()")
            assert tagged == sorted(game.options["bot_powers"]) and mine not in tagged
            assert await page.locator(".bot-tag").first.text_content() == word
            await ctx.close()


async def test_a_refusal_says_what_happened_in_plain_words(browser, db) -> None:
    game_id, _seats = await _game(db)
    async with board_server(db) as base:
        for locale, title in (("fr-FR", "La carte ne peut pas être montrée"),
                              ("en-GB", "The board cannot be shown")):
            ctx, page = await open_board(browser, link(base, db, game_id, WEST)[:-4] + "AAAA",
                                         locale=locale)
            await expect(page.locator("h1")).to_have_text(title)
            assert await page.title() == title
            await expect(page.locator("#reason")).to_have_attribute("data-reason", "altered")
            await ctx.close()


async def test_the_duels_auction_shows_its_form_alone(browser, tmp_path: Path) -> None:
    from tests.e2e.harness import CHANNEL_ID, Member, running_bot
    from tests.web.helpers import GM

    alice, bob = Member(2001, "alice", locale="en-GB"), Member(2002, "bob", locale="fr")
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'duel.db'}") as h:
        await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="duel", name="Duel")
        await h.slash(alice, "game join", channel_id=CHANNEL_ID,
                      preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR")
        await h.slash(bob, "game join", channel_id=CHANNEL_ID,
                      preferences="GER, ENG, FRA, ITA, AUS, RUS, TUR")
        await h.slash(GM, "game start", channel_id=CHANNEL_ID)
        game = await games.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
        async with board_server(h.bot.db) as base:
            for who, locale, hint, saved, label in (
                    (alice, "en-GB", "This season is the auction", "Bids saved: /bids show",
                     "Your bids, as /bid takes them"),
                    (bob, "fr-FR", "Cette saison est celle des offres secrètes",
                     "Offres enregistrées\u202f: /offres voir", "Vos offres, comme /enchérir")):
                ctx, page = await open_board(browser, link(base, h.bot.db, game.id, who.id),
                                             locale=locale)
                await map_drawn(page)
                await expect(page.locator("#hint")).to_contain_text(hint)
                for hidden in ("#orders", "#typed", "#send", "#orders-title"):
                    await expect(page.locator(hidden)).to_be_hidden()
                await expect(page.locator("#ready")).to_be_visible()
                await expect(page.locator("label[for=bids-text]")).to_contain_text(label)
                await page.fill("#bids-text", "ENG 5, ITA 3" if who is alice else "ENG 4")
                await page.click("#bids button[type=submit]")
                await expect(page.locator("#status")).to_contain_text(saved)
                assert not page.js_errors
                await ctx.close()
