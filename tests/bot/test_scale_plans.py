"""Flat costs (issue 15): every statement the scheduler and the hot paths send is served by
an index, on both databases. The statements are the ones really sent (a SQLAlchemy
``before_cursor_execute`` listener) during a scheduler's wake-up, a claim, reminders, posts,
a turn, an order submission (its guarded UPDATE and INSERT ... SELECT), a readiness and
``/game status``; each is then explained with
its own parameters: ``EXPLAIN QUERY PLAN`` on SQLite (no ``SCAN`` of a table; an index
walked in order only under a ``LIMIT``), ``EXPLAIN (FORMAT JSON)`` on PostgreSQL with
sequential scans disabled (a plan that still reads a whole table or walks a whole index
without a condition has no index to use) and generic plans forced (what a prepared statement
gets after a few executions: a partial index is usable only when the query states its
predicate literally)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Engine

from bot.db import Database
from bot.models import TABLES
from bot.outbox import PostMessage
from bot.scheduler import Scheduler
from bot.services import orders, status
from tests.bot.conftest import T0, new_game, user_of

DUE = T0 + timedelta(hours=48)
REMIND = T0 + timedelta(hours=42)  # 48 h phases: reminders 6 h before the deadline
PARTIAL = {"ix_game_due", "ix_game_leased", "ix_game_reminder", "ix_outbox_pending",
           "ix_game_unstarted"}
WAKE_UP = PARTIAL - {"ix_game_unstarted"}
NAMES = {str(t.__tablename__) for t in TABLES}
EXPLAINED = ("SELECT", "UPDATE", "DELETE", "WITH", "INSERT")


@contextmanager
def sent_statements() -> Iterator[list[tuple[str, Any]]]:
    """Every (statement, parameters) sent by any engine of this process meanwhile."""
    seen: list[tuple[str, Any]] = []

    def record(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any,
               executemany: bool) -> None:
        if not executemany and statement.lstrip().upper().startswith(EXPLAINED):
            seen.append((statement, parameters))

    event.listen(Engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", record)


async def _noop(message: PostMessage) -> None:
    return None


def _blank(*args: Any, **kwargs: Any) -> bytes:
    return b""


async def _exercise(db: Database) -> list[tuple[str, Any]]:
    game_id = await new_game(db)
    await new_game(db, channel_id=556, seed=8)
    russia = await user_of(db, game_id, "russia")
    france = await user_of(db, game_id, "france")
    scheduler = Scheduler(db, send=_noop, owner="plans", render=_blank, clock=lambda: T0)
    with sent_statements() as statements:
        await scheduler.next_due()
        await orders.submit_orders(db, game_id=game_id, user_id=russia, text="A war - gal")
        await orders.submit_orders(db, user_id=france, text="A par - bur",
                                   channel=(555, None))
        await orders.set_ready(db, game_id=game_id, user_id=france)
        await status.game_status(db, channel_id=555)  # /game status
        await status.game_status(db, channel_id=555, thread_id=777)  # a thread of it
        await scheduler.run_once(REMIND)  # reminders, posts
        await scheduler.run_once(DUE)  # claim, two turns, their posts
        await scheduler.next_due()
    return statements


def _sqlite_problems(statement: str, plan: list[Any]) -> list[str]:
    problems = []
    for row in plan:
        detail = str(row[-1])
        m = re.match(r"SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?", detail)
        if m is None or m.group(1) not in NAMES:
            continue
        if m.group(2) is None or "LIMIT" not in statement.upper():
            problems.append(detail)
    return problems


def _postgres_problems(plan: Any) -> list[str]:
    problems = []

    def walk(node: dict[str, Any]) -> None:
        kind, relation = node.get("Node Type", ""), node.get("Relation Name")
        if relation in NAMES:
            index = node.get("Index Name")
            if kind == "Seq Scan":
                problems.append(f"Seq Scan on {relation}")
            elif kind in ("Index Scan", "Index Only Scan") and index not in PARTIAL \
                    and "Index Cond" not in node:
                problems.append(f"{kind} of all of {index} on {relation}")
        for child in node.get("Plans", []):
            walk(child)

    walk(plan[0]["Plan"])
    return problems


async def _generic_plan(conn: Any, statement: str, parameters: tuple[Any, ...]) -> Any:
    """PostgreSQL's generic plan of ``statement`` (EXPLAIN of the statement itself would plan
    it with its parameters' values). A generic plan does not look at the values: NULLs do."""
    await conn.exec_driver_sql(f"PREPARE plan_check AS {statement}")
    try:
        arguments = ", ".join("NULL" for _ in parameters)
        execute = f"EXECUTE plan_check({arguments})" if parameters else "EXECUTE plan_check"
        return (await conn.exec_driver_sql(f"EXPLAIN (FORMAT JSON) {execute}")).scalar_one()
    finally:
        await conn.exec_driver_sql("DEALLOCATE plan_check")


async def test_scheduler_and_hot_path_statements_are_served_by_indexes(db: Database
                                                                       ) -> None:
    statements = await _exercise(db)
    kinds = {s.split()[0].upper() for s, _ in statements}
    assert {"SELECT", "UPDATE"} <= kinds and len(statements) > 20
    found: dict[str, list[str]] = {}
    async with db.engine.connect() as conn:
        if not db.is_sqlite:
            await conn.execute(text("SET enable_seqscan = off"))
            # the plan a long-running process ends up with: after five executions a
            # prepared statement may get a generic plan, blind to its parameters' values
            await conn.execute(text("SET plan_cache_mode = force_generic_plan"))
            # (EXPLAIN EXECUTE of a prepared statement shows that plan: _generic_plan)
        for statement, parameters in dict.fromkeys(
                (s, tuple(p) if isinstance(p, list) else p) for s, p in statements):
            if db.is_sqlite:
                plan = (await conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}",
                                                   parameters)).all()
                problems = _sqlite_problems(statement, list(plan))
            else:
                plan = await _generic_plan(conn, statement, tuple(parameters or ()))
                problems = _postgres_problems(plan)
            if problems:  # named by what follows the columns: the tables and conditions
                words = " ".join(statement.split())
                found[words[words.find(" FROM "):][:400] or words[:400]] = problems
        await conn.rollback()
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


async def test_the_wake_up_query_reads_the_partial_indexes(db: Database) -> None:
    """The one statement of ``next_due``: each of its parts reads the first entry of its
    partial index (the predicates are written literally, so both planners may use them)."""
    await new_game(db)
    query = Scheduler(db, send=_noop, owner="plans").next_due_query()
    compiled = str(query.compile(db.engine, compile_kwargs={"literal_binds": True}))
    async with db.engine.connect() as conn:
        if db.is_sqlite:
            plan = " ".join(str(r[-1]) for r in (await conn.exec_driver_sql(
                f"EXPLAIN QUERY PLAN {compiled}")).all())
        else:
            await conn.execute(text("SET enable_seqscan = off"))
            plan = " ".join(str(r[0]) for r in (await conn.exec_driver_sql(
                f"EXPLAIN {compiled}")).all())
    for index in WAKE_UP:
        assert index in plan, (index, plan)
