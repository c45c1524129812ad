"""Round trips of the hot paths (issue 15 budgets): an order submission is one read and one
write statement, with no explicit transaction on PostgreSQL; a turn reads its pending orders
and its next record number once; a scheduler pass wakes the other processes once."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.db import Database
from bot.scheduler import Scheduler
from bot.services import orders, turns
from tests.bot.conftest import GM, T0, new_game, sent, user_of


async def test_a_submission_is_one_read_and_one_write_statement(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    with sent() as seen:
        result = await orders.submit_orders(db, game_id=game_id, user_id=france,
                                            text="A par - pic")
    assert result.replaced
    work = [s for s in seen if not s.startswith(("BEGIN", "COMMIT"))]
    assert [s.split()[0] for s in work] == ["SELECT", "SELECT", "UPDATE"], work
    assert "FOR SHARE" in work[-1] or db.is_sqlite
    if not db.is_sqlite:  # each statement its own transaction: no BEGIN, no COMMIT
        assert len(seen) == 3, seen


async def test_a_turn_reads_its_orders_and_its_record_number_once(db: Database) -> None:
    game_id = await new_game(db)
    for power, text in (("france", "A par - bur"), ("germany", "A ber - kie")):
        await orders.submit_orders(db, game_id=game_id, user_id=await user_of(db, game_id, power),
                                   text=text)
    with sent() as seen:
        await turns.adjudicate_phase(db, game_id=game_id, user_id=GM)
    assert sum(1 for s in seen if s.startswith("SELECT") and "FROM ORDER_SET" in s) == 1
    assert sum(1 for s in seen if "MAX(PHASE_RECORD.SEQ)" in s) == 1
    work = [s for s in seen if not s.startswith(("BEGIN", "COMMIT"))]
    # + one read of the absences announced for the next deadline (seed 004 §3.6)
    assert sum(1 for s in seen if "FROM ABSENCE" in s) <= 1
    assert len(work) <= 10, work


async def test_a_scheduler_pass_wakes_the_other_processes_once(db: Database) -> None:
    """A deadline pass that resolves several games sends one NOTIFY for all of them, after
    the last (each NOTIFY is a PostgreSQL transaction, its commit serialised with every
    other notifying commit): not one per turn."""
    if db.is_sqlite:
        pytest.skip("no NOTIFY on SQLite")
    for channel in range(600, 604):
        await new_game(db, n_players=2, channel_id=channel)
    scheduler = Scheduler(db, owner="once", batch=2)
    if db._notifier is not None:  # the games' start woke the others: done first
        await asyncio.wait_for(db._notifier, 10)
    with sent() as seen:
        assert await scheduler.run_once(T0 + timedelta(days=30)) == 4
        if db._notifier is not None:
            await asyncio.wait_for(db._notifier, 10)
    assert sum(1 for s in seen if "PG_NOTIFY" in s) == 1
