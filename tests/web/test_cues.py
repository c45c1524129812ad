"""Powers told apart without colour on the web board (WCAG 1.4.1): every unit, every owned
supply centre and the legend carry the power's letters, the ones the PNG map draws
(``engine.render.cues``), in the language of the labels; the unit's A/F stays its own text."""

from __future__ import annotations

import gzip
import json

import pytest

from bot.services import games
from tests.web.conftest import board_server, link, map_drawn, open_board, shot, started_classic

pytestmark = pytest.mark.asyncio(loop_scope="module")

LETTERS = {
    "en": {"austria": "A", "england": "E", "france": "F", "germany": "G", "italy": "I",
           "russia": "R", "turkey": "T"},
    "fr": {"austria": "Au", "england": "An", "france": "F", "germany": "Al", "italy": "I",
           "russia": "R", "turkey": "T"},
}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


async def test_every_unit_and_owned_centre_shows_its_powers_letters(browser, db) -> None:
    game_id = await started_classic(db, [11, 12, 13])
    game = await games.game_in_channel(db, channel_id=600)
    seats = {p: s.user_id for s in game.players for p in s.powers}
    async with board_server(db) as base:
        for locale, lang in (("en-GB", "en"), ("fr-FR", "fr")):
            ctx, page = await open_board(browser, link(base, db, game_id, seats["france"]),
                                         locale=locale)
            await map_drawn(page)
            units = await page.eval_on_selector_all("[data-unit]", """els => els.map(e => [
                e.getAttribute('data-power'), e.getAttribute('aria-label'),
                e.querySelector('.glyph').textContent,
                (e.querySelector('.cue text') || {}).textContent])""")
            assert len(units) == 22
            for power, label, glyph, cue in units:
                assert cue == LETTERS[lang][power], (lang, power, cue)
                assert glyph in ("A", "F") and label  # the unit's kind and name unchanged
            # the 22 home centres are owned: each carries its owner's letters
            centres = await page.eval_on_selector_all(
                ".centres .cue", "els => els.map(e => e.getAttribute('data-cue'))")
            assert sorted(centres) == sorted(
                LETTERS[lang][p] for p, n in (("austria", 3), ("england", 3), ("france", 3),
                                              ("germany", 3), ("italy", 3), ("russia", 4),
                                              ("turkey", 3)) for _ in range(n))
            legend = await page.eval_on_selector_all(
                "#centres li", "els => els.map(e => [e.getAttribute('data-power'), "
                               "getComputedStyle(e.querySelector('.cue'), '::before').content])")
            assert len(legend) == 7 and all(c == f'"{LETTERS[lang][p]}"' for p, c in legend), legend
            # the letters ride in the board's JSON (with the palette, sent with the page; a
            # poll leaves it out), and a board update stays within its 20 KB
            data = json.loads(str(await page.locator("#board-data").text_content()))
            assert {p: v["cue"] for p, v in data["palette"]["powers"].items()} == LETTERS[lang]
            state = await page.evaluate("fetch(location.pathname + '/state').then(r => r.text())")
            assert len(gzip.compress(state.encode())) <= 20_000  # as sent (gzip)
            await shot(page, f"cues-desktop-{lang}")
            assert not page.js_errors
            await ctx.close()
        ctx, page = await open_board(browser, link(base, db, game_id, seats["france"]),
                                     locale="fr-FR", **PHONE)
        await map_drawn(page)
        assert await page.locator("[data-unit] .cue").count() == 22
        await page.screenshot(path=str((await shot(page, "cues-phone-fr")).parent
                                       / "cues-phone-fr-view.png"))
        assert not page.js_errors
        await ctx.close()
