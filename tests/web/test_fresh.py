"""Board states kept once built (web/fresh.py): never stale, never another's. Each rule
here fails without its part of the ETag: an order sent by slash command, a turn, a deadline,
a replaced seat, the reader's language and session; another power's orders leave a
player's ETag alone (it would tell when they act). The writes come through another
``Database`` on the same file, or the real client (tests/e2e/harness.py): nothing inside
the web process hears of them, the next request reads them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.board_links import board_link
from bot.db import Database
from bot.services import games as games_service
from bot.services import gm as gm_service
from bot.services import orders as orders_service
from bot.services import players as players_service
from bot.services import turns as turns_service
from bot.settings import Settings
from tests.e2e.harness import CHANNEL_ID, Member, running_bot
from tests.web.conftest import GM_ID, board_server, started_classic
from tests.web.helpers import three_player_game
from web import board
from web.app import bound_port, start
from web.fresh import Fresh, Reader

pytestmark = pytest.mark.asyncio(loop_scope="module")
USERS = [2101, 2102, 2103]


async def serve(db: Database) -> tuple[Any, str]:
    settings = Settings(_env_file=None, database_url=db.url,  # type: ignore[call-arg]
                        web_url="http://127.0.0.1")
    runner = await start(db, settings, host="127.0.0.1", port=0)
    return runner, f"http://127.0.0.1:{bound_port(runner)}"


class Page:
    """A player's (or anyone's) polls of a board state, with the ETag of the last answer."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.http, self.url, self.etag = http, url, None

    async def get(self, *, etag: str | None = None, **params: str) -> tuple[int, Any]:
        sent = etag if etag is not None else self.etag
        headers = {"If-None-Match": sent} if sent else {}
        async with self.http.get(self.url, headers=headers, params=params) as answer:
            body = await answer.read()
            if answer.status == 200:
                self.etag = answer.headers["ETag"]
                return 200, await answer.json()
            return answer.status, (await answer.json() if body else None)


async def seat_page(http: aiohttp.ClientSession, base: str, db: Database, game_id: int,
                    user_id: int) -> Page:
    opened = await http.get(board_link(base, db.sealer, game_id=game_id, user_id=user_id))
    assert opened.status == 200
    return Page(http, f"{base}/board/{game_id}/state")


async def power_of(db: Database, game_id: int, user_id: int) -> str:
    view = await games_service.get_game(db, game_id=game_id)
    return next(p.powers[0] for p in view.players if p.user_id == user_id)


async def first_legal(state: dict[str, Any]) -> tuple[str, str]:
    power = state["me"]["acting"][0]
    return power, next(iter(state["me"]["legal"][power].values()))[0]["text"]


async def test_a_304_only_while_nothing_the_player_sees_has_changed(db, tmp_path: Path) -> None:
    game_id = await started_classic(db, USERS, channel_id=701)
    other = Database(db.url, sealer=db.sealer)  # another process's connections
    runner, base = await serve(db)
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as a, \
                aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as b:
            mine = await seat_page(a, base, db, game_id, USERS[0])
            theirs = await seat_page(b, base, db, game_id, USERS[1])
            status, first = await mine.get()
            assert status == 200 and first["me"]["orders"] == []
            assert (await mine.get())[0] == 304  # nothing changed: nothing built, nothing sent
            kept = mine.etag

            # another player's orders: not in my answer, and my ETag does not move
            status, state_b = await theirs.get()
            power_b, text_b = await first_legal(state_b)
            await orders_service.submit_orders(other, game_id=game_id, user_id=USERS[1],
                                               text=text_b, power=power_b)
            assert (await mine.get())[0] == 304
            status, seen_b = await theirs.get()
            assert status == 200 and [o["text"] for o in seen_b["me"]["orders"]] == [text_b]
            # their ETag is not mine: my session never gets a 304 for it
            assert theirs.etag != kept
            assert (await mine.get(etag=theirs.etag))[0] == 200

            # my own orders, written by another process: the next answer has them
            power, text = await first_legal(first)
            await orders_service.submit_orders(other, game_id=game_id, user_id=USERS[0],
                                               text=text, power=power)
            status, state = await mine.get()
            assert status == 200 and [o["text"] for o in state["me"]["orders"]] == [text]
            assert mine.etag != kept
            # ready, then not: each is seen
            await orders_service.set_ready(other, game_id=game_id, user_id=USERS[0])
            status, state = await mine.get()
            assert status == 200 and state["me"]["ready"] is True
            await orders_service.set_ready(other, game_id=game_id, user_id=USERS[0],
                                           ready=False)
            status, state = await mine.get()
            assert status == 200 and state["me"]["ready"] is False
            # cleared: the set is gone, the answer says so
            await orders_service.clear_orders(other, game_id=game_id, user_id=USERS[0])
            status, state = await mine.get()
            assert status == 200 and state["me"]["orders"] == []

            # the GM moves the deadline: seen
            before = state["game"]["deadline"]
            await gm_service.extend_deadline(other, game_id=game_id, user_id=GM_ID, minutes=60)
            status, state = await mine.get()
            assert status == 200 and state["game"]["deadline"] != before

            # the reader's language is part of it
            status, french = await mine.get(lang="fr")
            assert status == 200 and french["lang"] == "fr"
            assert (await mine.get(lang="fr"))[0] == 304
            status, english = await mine.get(etag=mine.etag, lang="en")
            assert status == 200 and english["lang"] == "en"
    finally:
        await runner.cleanup()
        await other.dispose()


async def test_a_turn_changes_both_states(db) -> None:
    game_id = await started_classic(db, USERS, channel_id=702)
    other = Database(db.url, sealer=db.sealer)
    runner, base = await serve(db)
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            mine = await seat_page(http, base, db, game_id, USERS[0])
            anyone = Page(http, f"{base}/g/{game_id}/state")
            status, state = await mine.get()
            status, public = await anyone.get()
            assert status == 200 and public["me"] is None
            assert (await mine.get())[0] == 304 and (await anyone.get())[0] == 304
            await turns_service.adjudicate_phase(other, game_id=game_id, trigger="gm",
                                                 user_id=GM_ID)
            status, after = await mine.get()
            assert status == 200
            assert after["game"]["version"] > state["game"]["version"]
            assert after["game"]["phase"] != state["game"]["phase"]
            status, public_after = await anyone.get()
            assert status == 200 and public_after["game"]["phase"] == after["game"]["phase"]
            assert [h["phase"] for h in public_after["history"]] == [state["game"]["phase"]]
    finally:
        await runner.cleanup()
        await other.dispose()


async def test_a_replaced_players_cookie_is_refused_with_a_warm_cache(db) -> None:
    game_id = await started_classic(db, USERS, channel_id=703)
    other = Database(db.url, sealer=db.sealer)
    runner, base = await serve(db)
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            mine = await seat_page(http, base, db, game_id, USERS[0])
            assert (await mine.get())[0] == 200
            assert (await mine.get())[0] == 304
            await players_service.replace_player(other, game_id=game_id, user_id=GM_ID,
                                                 new_user_id=4101, old_user_id=USERS[0])
            for etag in (mine.etag, ""):  # with the kept ETag, and without
                status, body = await mine.get(etag=etag)
                assert status == 403 and body["refused"] == "replaced"
            # the replacement's own link opens the seat
            async with aiohttp.ClientSession(
                    cookie_jar=aiohttp.CookieJar(unsafe=True)) as new:
                status, state = await (await seat_page(new, base, db, game_id, 4101)).get()
                assert status == 200 and state["me"]["powers"]
    finally:
        await runner.cleanup()
        await other.dispose()


ANNA, BASILE, CLARA = (Member(2201 + i, name) for i, name in enumerate(("anna", "basile", "clara")))


async def test_an_order_sent_by_slash_command_changes_the_next_state(browser, tmp_path: Path
                                                                     ) -> None:
    """Through the real client (the page's requests go through the browser's own stack: the
    harness blocks sockets in this process)."""
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        game_id, seats = await three_player_game(h, [ANNA, BASILE, CLARA])
        db = h.bot.db
        player = seats["russia"]
        async with board_server(db) as base:
            ctx = await browser.new_context()
            try:
                opened = await ctx.request.get(board_link(base, db.sealer, game_id=game_id,
                                                          user_id=player.id))
                assert opened.ok
                url = f"{base}/board/{game_id}/state"
                first = await ctx.request.get(url)
                etag = first.headers["etag"]
                assert (await first.json())["me"]["orders"] == []
                again = await ctx.request.get(url, headers={"If-None-Match": etag})
                assert again.status == 304
                await h.slash(player, "orders submit", channel_id=CHANNEL_ID,
                              text="A mos - ukr")
                after = await ctx.request.get(url, headers={"If-None-Match": etag})
                assert after.status == 200 and after.headers["etag"] != etag
                assert [o["text"] for o in (await after.json())["me"]["orders"]] == \
                    ["A mos - ukr"]
            finally:
                await ctx.close()


async def test_the_open_page_shows_an_order_sent_from_discord(browser, tmp_path: Path) -> None:
    """The phase and version stay the same: the page takes the new state all the same when
    the player comes back to it."""
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        game_id, seats = await three_player_game(h, [ANNA, BASILE, CLARA])
        db = h.bot.db
        player = seats["russia"]
        async with board_server(db) as base:
            ctx = await browser.new_context()
            try:
                page = await ctx.new_page()
                await page.goto(board_link(base, db.sealer, game_id=game_id, user_id=player.id))
                await page.wait_for_selector("[data-unit]")
                assert await page.locator("[data-order]").count() == 0
                await h.slash(player, "orders submit", channel_id=CHANNEL_ID,
                              text="A mos - ukr")
                await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
                await page.wait_for_selector('[data-order="A mos - ukr"]', timeout=5000)
            finally:
                await ctx.close()


async def test_the_loop_read_and_the_usual_read_agree(db) -> None:
    """The loop's own connection and ``Database.run`` (the way taken when the loop's read
    meets a lock, and on PostgreSQL) give the same ETag: else an answer kept by one would
    never be found by the other."""
    game_id = await started_classic(db, USERS, channel_id=704)
    await orders_service.set_ready(db, game_id=game_id, user_id=USERS[0])  # a set, ready
    seat = board.seat_of_user(await board.load(db, game_id), USERS[0])
    assert seat is not None
    fast, usual = Fresh(db, db.sealer), Fresh(db, db.sealer)
    usual.reader = Reader(db, on_loop=False)
    asked: dict[str, Any] = {"user_id": USERS[0], "player_id": seat.id, "csrf": "c",
                             "lang": "en"}
    try:
        one = await fast.player(game_id, **asked)
        two = await usual.player(game_id, **asked)
        assert one.etag is not None and one == two
        assert await fast.anyone(game_id, lang="en", seq=None) == \
            await usual.anyone(game_id, lang="en", seq=None)
        assert fast.reader._raw is not None and usual.reader._raw is None

    finally:
        fast.close()
        usual.close()
