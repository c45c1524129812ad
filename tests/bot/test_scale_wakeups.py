"""Several processes on one PostgreSQL (issue 15): a change committed by one process wakes
the schedulers of the others (LISTEN/NOTIFY), so a worker resolves a deadline that a bot
process moved at once, not at its next safety-net wake-up; connections are not pinged before
each use, and those the server closed are replaced without an error."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy import text

from bot.db import Database
from bot.models import utcnow
from bot.outbox import PostMessage
from bot.scheduler import Scheduler
from bot.services import games, gm
from tests.bot.conftest import GM, new_game


async def _noop(message: PostMessage) -> None:
    return None


async def test_a_deadline_moved_elsewhere_wakes_this_scheduler(
        database_target: tuple[str, dict[str, Any]], db: Database) -> None:
    if db.is_sqlite:
        pytest.skip("one process on SQLite: nothing to wake elsewhere")
    url, kwargs = database_target
    worker_db = Database(url, **kwargs)  # the worker process's own connections
    game_id = await new_game(db, n_players=2, now=utcnow())
    worker = Scheduler(worker_db, owner="worker", send=_noop, max_sleep=120,
                       render=lambda *a, **k: b"")
    task = asyncio.create_task(worker.run())
    try:
        await asyncio.sleep(0.5)  # asleep until a reminder hours away
        assert (await games.get_game(db, game_id=game_id)).phase == "S1901M"
        # a bot process (its own Database) moves the deadline into the past
        await gm.extend_deadline(db, game_id=game_id, user_id=GM, minutes=-10**6)
        for _ in range(200):
            if (await games.get_game(db, game_id=game_id)).phase == "F1901M":
                break
            await asyncio.sleep(0.05)
        assert (await games.get_game(db, game_id=game_id)).phase == "F1901M"
    finally:
        worker.stop()
        await asyncio.wait_for(task, 10)
        await worker_db.dispose()


async def test_notifications_pile_up_into_few(db: Database) -> None:
    """Many changes in a row send few NOTIFYs (one in flight, one more at most), and a
    database closes with none pending."""
    if db.is_sqlite:
        pytest.skip("no NOTIFY on SQLite")
    sent = 0
    original = db._notify_others

    async def counted() -> None:
        nonlocal sent
        sent += 1
        await original()

    db._notify_others = counted  # type: ignore[method-assign]
    for _ in range(50):
        db.notify_deadlines()
    await asyncio.sleep(0)
    for _ in range(50):
        db.notify_deadlines()
    assert db._notifier is not None
    await asyncio.wait_for(db._notifier, 10)
    assert sent <= 2


async def test_connections_the_server_closed_are_replaced_without_an_error(
        database_target: tuple[str, dict[str, Any]], db: Database) -> None:
    """No ping before each use (a round trip each time); after a database restart (its
    connections closed by the server) the next requests still succeed."""
    if db.is_sqlite:
        pytest.skip("no server on SQLite")
    url, kwargs = database_target
    name = f"probe_{id(db)}"
    args = {**kwargs.get("connect_args", {})}
    args["server_settings"] = {**args.get("server_settings", {}), "application_name": name}
    probe = Database(url, connect_args=args)
    try:
        assert not probe.engine.pool._pre_ping  # type: ignore[attr-defined]
        await asyncio.gather(*(probe.read(text("SELECT pg_sleep(0.05)")) for _ in range(3)))
        killed = await db.read(text("SELECT count(pg_terminate_backend(pid)) FROM "
                                    "pg_stat_activity WHERE application_name = :name")
                               .bindparams(name=name))
        assert killed[0][0] == 3
        await asyncio.sleep(0.2)  # the client sees the sockets close
        for _ in range(4):
            assert (await probe.read(text("SELECT 1")))[0][0] == 1
            assert await probe.run(lambda c: c.execute(text("SELECT 2")).scalar()) == 2
    finally:
        await probe.dispose()
