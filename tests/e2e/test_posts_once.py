"""Issue 14 items 5 and 8: every outbox row reaches Discord once — after a crash between
the send and the sent stamp (the row's nonce, with ``enforce_nonce``), after a SIGKILL of
the poster's process at a random moment, and through 429 answers (discord.py's own retries
after ``retry_after``, then the poster's)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord.http import Route
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlmodel import select

from bot.client import DiplomacyBot
from bot.db import Database, migrate
from bot.models import Game, Outbox, utcnow
from bot.outbox import OutboxPoster
from bot.services import games
from bot.settings import Settings
from tests.e2e.harness import CHANNEL_ID, GUILD_ID, FakeDiscord, Harness
from tests.e2e.rest import RestServer

ROOT = Path(__file__).resolve().parents[2]
PG_URL = os.environ.get("TEST_POSTGRES_URL", "")
TRIALS = int(os.environ.get("KILL_TRIALS", "4"))  # per database; the report ran 20
ROWS = 6  # posts queued per trial
TRIAL_SECONDS = 60.0


@pytest.fixture(params=["sqlite", "postgres"])
async def target(request: pytest.FixtureRequest, tmp_path: Path
                 ) -> AsyncIterator[tuple[str, str | None]]:
    """(database url, PostgreSQL schema or None) of an empty, migrated database."""
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
        schema = None
    else:
        if not PG_URL:
            pytest.skip("TEST_POSTGRES_URL not set")
        url, schema = PG_URL, f"t_{uuid.uuid4().hex[:16]}"
        admin = create_async_engine(PG_URL, isolation_level="AUTOCOMMIT")
        async with admin.connect() as conn:
            await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        await admin.dispose()
    db = _database(url, schema)
    await migrate(db)
    await db.dispose()
    try:
        yield url, schema
    finally:
        if schema is not None:
            admin = create_async_engine(PG_URL, isolation_level="AUTOCOMMIT")
            async with admin.connect() as conn:
                await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            await admin.dispose()


def _database(url: str, schema: str | None) -> Database:
    if schema is None:
        return Database(url)
    return Database(url, connect_args={"server_settings": {"search_path": schema}})


async def _game(db: Database) -> int:
    view = await games.create_game(db, variant="classic", channel_id=CHANNEL_ID,
                                   gm_user_id=1, guild_id=GUILD_ID)
    return view.id


async def _queue(db: Database, game_id: int, texts: list[str]) -> None:
    async with db.transaction() as session:
        for body in texts:
            session.add(Outbox(game_id=game_id, kind="press", payload={"text": body}))


async def _unsent(db: Database) -> int:
    async with db.transaction(write=False) as session:
        return len((await session.exec(select(Outbox).where(
            Outbox.sent_at == None))).all())  # noqa: E711


def _created(fake: FakeDiscord) -> Counter[str]:
    """How many messages Discord holds per text (a repeated nonce creates none)."""
    return Counter(call.text() for call in fake.posts_to(CHANNEL_ID))


# --- a crash between the send and the sent stamp (in process) ------------------------------

class _Crash(BaseException):
    """The process dies: nothing after the send runs."""


async def test_a_row_sent_again_after_a_crash_before_its_stamp_is_posted_once(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    db, poster = harness.bot.db, harness.bot.scheduler.poster
    assert poster is not None
    game_id = await _game(db)
    await poster.post_pending()
    await _queue(db, game_id, ["orders are due at noon"])

    def crash(*args: Any, **kwargs: Any) -> None:
        raise _Crash
    with monkeypatch.context() as patch:
        patch.setattr(OutboxPoster, "_sent", staticmethod(crash))
        with pytest.raises(_Crash):
            await poster.post_pending()
    # the restart: the claim has expired, the row is sent again
    async with db.transaction() as session:
        for row in (await session.exec(select(Outbox))).all():
            row.claim_until = None
    await poster.post_pending()
    sent = [c for c in harness.fake.calls if "orders are due at noon" in c.text()]
    assert len(sent) == 2 and sent[1].repeated  # sent twice, created once
    assert sent[0].body["nonce"] == sent[1].body["nonce"] and sent[0].body["enforce_nonce"]
    assert len(str(sent[0].body["nonce"])) <= 25
    assert sum(1 for c in harness.fake.posts_to(CHANNEL_ID)
               if "orders are due at noon" in c.text()) == 1
    assert await _unsent(db) == 0


# --- the poster in its own process, killed with SIGKILL ------------------------------------

def _posted(server: RestServer, since: int) -> int:
    return sum(1 for c in server.fake.calls[since:]
               if c.path == "/channels/{channel_id}/messages")


async def _child(url: str, base: str, schema: str | None) -> asyncio.subprocess.Process:
    args = [sys.executable, "-m", "tests.e2e.poster_child", url, base]
    if schema:
        args.append(schema)
    return await asyncio.create_subprocess_exec(
        *args, cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


async def test_posts_are_sent_once_when_the_poster_is_killed_at_random_moments(
        target: tuple[str, str | None]) -> None:
    """``TRIALS`` trials: a poster process sends ``ROWS`` posts and is killed (SIGKILL) when
    a random one of them reached Discord — while Discord answers (created, never
    acknowledged) or 0–20 ms later (before or after its sent stamp) — then a new poster
    process finishes. No text is posted
    twice, none is lost."""
    url, schema = target
    server = RestServer()
    base = await server.start()
    db = _database(url, schema)
    rng = random.Random(14)
    killed = 0
    try:
        game_id = await _game(db)
        for trial in range(TRIALS):
            await _queue(db, game_id, [f"trial {trial} post {k}" for k in range(ROWS)])
            deadline = time.monotonic() + TRIAL_SECONDS
            process = await _child(url, base, schema)
            at, delay = rng.randrange(1, ROWS + 1), rng.choice([None, 0.0, 0.005, 0.02])
            seen = [0]

            def kill_in_the_answer(process: Any = process, at: int = at,
                                   seen: list[int] = seen) -> None:
                seen[0] += 1
                if seen[0] == at and process.returncode is None:
                    process.send_signal(signal.SIGKILL)  # created, never answered
            server.on_message = kill_in_the_answer if delay is None else None
            mark = len(server.fake.calls)
            while _posted(server, mark) < at and process.returncode is None \
                    and time.monotonic() < deadline:
                await asyncio.sleep(0.001)
            if delay is not None:
                await asyncio.sleep(delay)
            if process.returncode is None:
                process.send_signal(signal.SIGKILL)
            killed += 1
            server.on_message = None
            await process.wait()
            process = await _child(url, base, schema)
            _out, err = await asyncio.wait_for(process.communicate(),
                                              deadline - time.monotonic())
            assert process.returncode == 0, err.decode()[-2000:]
            assert await _unsent(db) == 0
    finally:
        await db.dispose()
        await server.stop()
    created = _created(server.fake)
    doubled = {body: n for body, n in created.items() if n > 1}
    expected = {f"trial {t} post {k}" for t in range(TRIALS) for k in range(ROWS)}
    assert not doubled
    assert {body for body in created if "trial" in body} == {
        body for body in created if any(body.endswith(e) for e in expected)}
    assert sum(1 for body in created for e in expected if body.endswith(e)) == len(expected)
    repeats = sum(1 for c in server.fake.calls if c.repeated)
    print(f"{TRIALS} trials, {killed} kills, {repeats} re-sends answered by their nonce, "
          f"{len(doubled)} duplicates")


# --- 429 from Discord ------------------------------------------------------------------------

async def test_a_429_on_posting_is_retried_after_retry_after_and_the_row_sent_once(
        target: tuple[str, str | None], monkeypatch: pytest.MonkeyPatch) -> None:
    url, schema = target
    server = RestServer()
    monkeypatch.setattr(Route, "BASE", await server.start())
    db = _database(url, schema)
    settings = Settings(_env_file=None, database_url=url,  # type: ignore[call-arg]
                        discord_token="fake-token", default_locale="en")
    bot = DiplomacyBot(settings, db=db, run_scheduler=False)
    try:
        await bot.login("fake-token")
        poster = bot.scheduler.poster if bot.scheduler else None
        assert poster is not None
        game_id = await _game(db)
        await poster.post_pending()
        # two 429s: discord.py sleeps retry_after and tries again, within one send
        await _queue(db, game_id, ["first"])
        server.fake.rate_limit(2, retry_after=0.3)
        started = time.monotonic()
        assert await poster.post_pending() == 1
        assert time.monotonic() - started >= 0.6 and server.answered_429 == 2
        # more 429s than discord.py tries (5): the send fails, the row stays, sent later once
        await _queue(db, game_id, ["second"])
        server.fake.rate_limit(5, retry_after=0.01)
        assert await poster.post_pending() == 0
        assert await _unsent(db) == 1
        async with db.transaction() as session:
            row = (await session.exec(select(Outbox).where(
                Outbox.sent_at == None))).one()  # noqa: E711
            assert row.attempts == 1 and "429" in (row.last_error or "")
            row.claim_until = None  # its back-off over
        assert await poster.post_pending(now=utcnow()) == 1
        assert await _unsent(db) == 0
        texts = [c.text() for c in server.fake.posts_to(CHANNEL_ID)]
        assert sum("first" in x for x in texts) == 1 and sum("second" in x for x in texts) == 1
        async with db.transaction(write=False) as session:
            assert (await session.get(Game, game_id)) is not None
    finally:
        await bot.close()
        await db.dispose()
        await server.stop()
