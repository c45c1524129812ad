"""Flat costs to 100,000 active games (issue 15), on SQLite and PostgreSQL.

Fills 1k, 10k then 100k active games (7 players each, a resolved phase, its sent posts and
three powers' pending orders — copied from a game played through the services, by
``INSERT ... SELECT`` over a counter, so a fill takes seconds) and measures at each size:

- ``next_due``: the scheduler's wake-up query (one round trip), median of 200;
- ``claim``: taking the lease of 20 due games, median of 30;
- ``reminders``: queuing the reminders of 20 due games (a DM to each of the four players
  without orders), median of 10;
- ``pass``: a scheduler pass with nothing due (claim, reminders, posts);
- ``submit``: ``orders.submit_orders`` by game id, median of 200; ``write``: the floor of any
  write, one single-row UPDATE in a transaction of its own;
- ``status``: what ``/game status`` runs (``status.game_status``: one read transaction),
  median of 200;
- ``turn``: a 7-player Spring 1901 turn (lock, adjudicate, persist) and ``turn_post`` the same
  with its post (the map rendered by the poster's process pool), median of 10;

each with the statements it sends (a SQLAlchemy ``before_cursor_execute`` listener; BEGIN is
not counted), transactions (commits), and the CPU time of this process (PostgreSQL's own is
not in it). ``--workers`` also measures adjudications per second with one and with two worker
processes (PostgreSQL, deadline passes without posts); ``--guilds N`` the memory a bot process
holds per guild.

    python -m tools.bench_scale [--max 10000 | --sizes 1000,100000] [--no-sqlite]
                                [--postgres URL] [--workers] [--guilds 5000] [--json]

PostgreSQL is used when ``--postgres`` or ``TEST_POSTGRES_URL`` is given, in a schema of its
own dropped at the end. ``run()`` returns the figures for ``tools/bench.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Engine

from bot.db import Database, migrate
from bot.models import utcnow
from bot.outbox import OutboxPoster, PostMessage
from bot.render_pool import render_pool
from bot.scheduler import Scheduler
from bot.services import games, orders, players, status, surface, turns
from engine import api as engine_api

SIZES = (1_000, 10_000, 100_000)
GM = 1
CHANNEL_BASE = 10**12  # channel of copied game i: CHANNEL_BASE + i
USER_BASE = 10**9  # user of seat s of copied game i: USER_BASE + 10 * i + s
OPENINGS = {
    "austria": "A vie - gal\nA bud - ser\nF tri - alb",
    "england": "F lon - nth\nF edi - nwg\nA lvp - yor",
    "france": "A par - bur\nA mar - spa\nF bre - mao",
    "germany": "A ber - kie\nA mun - ruh\nF kie - den",
    "italy": "A ven - tyr\nA rom - apu\nF nap - ion",
    "russia": "A mos - ukr\nA war - gal\nF sev - bla\nF stp/sc - bot",
    "turkey": "A con - bul\nA smy - con\nF ank - bla",
}
# budgets of issue 15 (ms): at 100k games; and every figure at 100k within 1.5x of 1k
BUDGETS = {"next_due_ms": 1.0, "submit_ms_sqlite": 1.5, "submit_ms_postgresql": 3.0,
           "status_ms": 5.0, "turn_post_ms": 30.0}
FLATNESS = 1.5


class Counter:
    """Statements and transactions of every engine of this process (the async engines'
    sync side and the synchronous SQLite engine of ``Database.run`` alike)."""

    def __init__(self) -> None:
        self.statements = 0
        self.commits = 0

    def __enter__(self) -> Counter:
        event.listen(Engine, "before_cursor_execute", self._statement)
        event.listen(Engine, "commit", self._commit)
        return self

    def __exit__(self, *exc: object) -> None:
        event.remove(Engine, "before_cursor_execute", self._statement)
        event.remove(Engine, "commit", self._commit)

    def _statement(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if not statement.lstrip().upper().startswith("BEGIN"):
            self.statements += 1

    def _commit(self, conn: Any) -> None:
        self.commits += 1


async def _timed(op: Callable[[], Awaitable[Any]], repeats: int,
                 counter: Counter, reset: Callable[[], Awaitable[Any]] | None = None
                 ) -> dict[str, float]:
    """Median and p95 in ms of ``op`` (``reset`` runs untimed between repeats), with the
    statements and transactions of one call."""
    times: list[float] = []
    cpu: list[float] = []
    statements = commits = 0
    for _ in range(repeats):
        if reset is not None:
            await reset()
        s0, c0 = counter.statements, counter.commits
        t0, p0 = time.perf_counter(), time.process_time()
        await op()
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - p0) * 1000)
        statements, commits = counter.statements - s0, counter.commits - c0
    times.sort()
    return {"ms": statistics.median(times), "p95_ms": times[int(0.95 * (len(times) - 1))],
            "cpu_ms": statistics.median(cpu), "statements": float(statements),
            "transactions": float(commits)}


# --- the database --------------------------------------------------------------------------

@asynccontextmanager
async def database(kind: str, pg_url: str | None) -> AsyncIterator[Database]:
    """A migrated empty database: a SQLite file in a temporary folder, or a schema of its
    own on PostgreSQL (dropped afterwards)."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            db = Database(f"sqlite+aiosqlite:///{tmp}/scale.db")
            await migrate(db)
            try:
                yield db
            finally:
                await db.dispose()
        return
    assert pg_url is not None
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = Database(pg_url)
    async with admin.engine.connect() as conn:
        await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        await conn.commit()
    db = Database(pg_url, connect_args={"server_settings": {"search_path": schema}})
    try:
        await migrate(db)
        yield db
    finally:
        await db.dispose()
        async with admin.engine.connect() as conn:
            await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            await conn.commit()
        await admin.dispose()


def _search_path(db: Database) -> str | None:
    settings = db.engine_kwargs.get("connect_args", {}).get("server_settings", {})
    return settings.get("search_path")


async def seven_player_game(db: Database, channel: int, *, now: datetime | None = None
                            ) -> tuple[int, dict[str, int]]:
    view = await games.create_game(db, variant="classic", channel_id=channel, gm_user_id=GM,
                                   guild_id=1, now=now)
    for user in range(10, 17):
        await players.join_game(db, game_id=view.id, user_id=user, now=now)
    await games.start_game(db, game_id=view.id, user_id=GM, seed=channel, now=now)
    started = await games.get_game(db, game_id=view.id)
    return view.id, {p.powers[0]: p.user_id for p in started.players}


async def template_game(db: Database, *, due: bool = False) -> int:
    """A game in Fall 1901 with its Spring resolved and posted, three powers' Fall orders
    in (``due``: still in Spring, every power's orders in, waiting for its deadline)."""
    game_id, users = await seven_player_game(db, 1 if not due else 2)
    for power, user in users.items():
        await orders.submit_orders(db, game_id=game_id, user_id=user, text=OPENINGS[power])
    if due:
        return game_id
    await turns.adjudicate_phase(db, game_id=game_id, user_id=GM)

    async def drop(message: PostMessage) -> None:
        return None

    await OutboxPoster(db, drop, owner="fill", render=lambda *a, **k: b"").post_pending()
    state = await surface.public_state(db, game_id=game_id)
    for power in ("england", "france", "germany"):
        holds = "\n".join(f"{u['type']} {u['location']} H" for u in state["units"]
                          if u["power"] == power)
        await orders.submit_orders(db, game_id=game_id, user_id=users[power], text=holds)
    return game_id


def _deadline_sql(db: Database, minutes: str) -> str:
    """A time ``minutes`` (an SQL expression) after :base, as the dialect stores it."""
    if db.is_sqlite:
        return (f"strftime('%Y-%m-%d %H:%M:%S', :base, '+' || ({minutes}) || ' minutes')"
                " || '.000000'")
    return f"CAST(:base AS timestamptz) + make_interval(mins => CAST({minutes} AS INTEGER))"


async def copy_games(db: Database, template: int, first: int, last: int, base: datetime,
                     *, spread_minutes: int = 10_000) -> None:
    """Games ``first``..``last`` (channels CHANNEL_BASE + i) as copies of ``template``:
    deadlines spread over ``spread_minutes`` after ``base`` (a negative spread: all due at
    ``base``), players, phase records, posts and pending orders."""
    counter = ("WITH RECURSIVE n(i) AS (SELECT CAST(:first AS BIGINT) UNION ALL "
               "SELECT i + 1 FROM n WHERE i < :last) ")
    if spread_minutes > 0:
        deadline = _deadline_sql(db, f"60 + n.i % {spread_minutes}")
        reminder = _deadline_sql(db, f"30 + n.i % {spread_minutes}")
    else:
        deadline, reminder = _deadline_sql(db, "0"), "NULL"
    base_value: Any = base.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S") \
        if db.is_sqlite else base
    params = {"first": first, "last": last, "template": template, "base": base_value,
              "cb": CHANNEL_BASE, "ub": USER_BASE, "lo": CHANNEL_BASE + first,
              "hi": CHANNEL_BASE + last}
    copied = "FROM game g WHERE g.channel_id BETWEEN :lo AND :hi"
    statements = [
        counter + "INSERT INTO game (guild_id, channel_id, name, variant, gm_user_id, status, "
        "options, phase_minutes, phase, state, version, deadline, reminder_at, created_at, "
        "updated_at) SELECT t.guild_id, :cb + n.i, t.name, t.variant, t.gm_user_id, "
        f"t.status, t.options, t.phase_minutes, t.phase, t.state, t.version, {deadline}, "
        f"{reminder}, t.created_at, t.updated_at FROM game t, n WHERE t.id = :template",
        "INSERT INTO player (game_id, user_id, powers, seat, status, missed_phases, "
        "reminders, preferences, settings, joined_at) SELECT g.id, "
        ":ub + 10 * (g.channel_id - :cb) + p.seat, p.powers, p.seat, p.status, "
        "p.missed_phases, p.reminders, p.preferences, p.settings, p.joined_at "
        f"FROM player p, game g WHERE p.game_id = :template AND g.id IN (SELECT g.id {copied})",
        "INSERT INTO phase_record (game_id, seq, phase, state, orders, results, next_phase, "
        "superseded, snapshot, started_at, resolved_at) SELECT g.id, r.seq, r.phase, "
        "r.state, r.orders, r.results, r.next_phase, r.superseded, r.snapshot, r.started_at, "
        "r.resolved_at FROM phase_record r, game g WHERE r.game_id = :template "
        f"AND g.id IN (SELECT g.id {copied})",
        "INSERT INTO order_set (game_id, phase, power, text, parsed, ready, user_id, "
        "updated_at) SELECT g.id, o.phase, o.power, o.text, o.parsed, o.ready, o.user_id, "
        "o.updated_at FROM order_set o, game g WHERE o.game_id = :template "
        f"AND g.id IN (SELECT g.id {copied})",
        "INSERT INTO outbox (game_id, kind, payload, created_at, sent_at, attempts) "
        "SELECT g.id, b.kind, b.payload, b.created_at, b.sent_at, b.attempts "
        "FROM outbox b, game g WHERE b.game_id = :template "
        f"AND g.id IN (SELECT g.id {copied})",
    ]
    async with db.transaction() as session:
        for sql in statements:
            await session.exec(text(sql), params=params)  # type: ignore[call-overload]
    async with db.engine.connect() as conn:
        # settled as a running bot would be: PostgreSQL's statistics up to date (autovacuum
        # would), SQLite's journal written back (the first commits would pay for the fill)
        await conn.execute(text("ANALYZE" if not db.is_sqlite else
                                "PRAGMA wal_checkpoint(TRUNCATE)"))
        await conn.commit()


# --- one size ------------------------------------------------------------------------------

async def _noop(message: PostMessage) -> None:
    return None


async def measure(db: Database, total: int, template: int, counter: Counter,
                  *, turns_count: int = 10, turns_from: int = 0) -> dict[str, float]:
    now = utcnow()
    figures: dict[str, float] = {}

    def put(name: str, found: dict[str, float]) -> None:
        figures[f"{name}_ms"] = found["ms"]
        figures[f"{name}_p95_ms"] = found["p95_ms"]
        figures[f"{name}_cpu_ms"] = found["cpu_ms"]
        figures[f"{name}_statements"] = found["statements"]
        figures[f"{name}_transactions"] = found["transactions"]

    scheduler = Scheduler(db, send=_noop, owner="bench")
    await scheduler.run_once(now)  # first pass adopts older games (once per process)
    put("pass", await _timed(lambda: scheduler.run_once(now), 10, counter))
    put("next_due", await _timed(scheduler.next_due, 200, counter))

    # 20 games due: claim them (then give them back, untimed)
    lo, hi = CHANNEL_BASE + total // 2, CHANNEL_BASE + total // 2 + 19
    due_at, later = now - timedelta(minutes=1), now + timedelta(days=30)

    async def make_due() -> None:
        async with db.transaction() as session:
            await session.exec(text(  # type: ignore[call-overload]
                "UPDATE game SET deadline = :due, lease_owner = NULL, lease_until = NULL "
                "WHERE channel_id BETWEEN :lo AND :hi"),
                params={"due": _bind(db, due_at), "lo": lo, "hi": hi})

    async def claim() -> None:
        won = await scheduler.claim_due(now)
        assert len(won) == 20, won

    put("claim", await _timed(claim, 30, counter, reset=make_due))
    async with db.transaction() as session:
        await session.exec(text(  # type: ignore[call-overload]
            "UPDATE game SET deadline = :later, lease_owner = NULL, lease_until = NULL "
            "WHERE channel_id BETWEEN :lo AND :hi"),
            params={"later": _bind(db, later), "lo": lo, "hi": hi})

    async def make_reminders_due() -> None:
        async with db.transaction() as session:
            await session.exec(text(  # type: ignore[call-overload]
                "DELETE FROM outbox WHERE kind = 'reminder'"))
            # the default reminder is due (its deadline within 6 hours) and not sent yet
            # for it (the offsets done are kept in the seats' settings)
            await session.exec(text(  # type: ignore[call-overload]
                "UPDATE game SET reminder_at = :due, deadline = :soon "
                "WHERE channel_id BETWEEN :lo AND :hi"),
                params={"due": _bind(db, due_at), "soon": _bind(db, now + timedelta(hours=1)),
                        "lo": lo, "hi": hi})
            await session.exec(text(  # type: ignore[call-overload]
                "UPDATE player SET settings = '{}' WHERE game_id IN "
                "(SELECT id FROM game WHERE channel_id BETWEEN :lo AND :hi)"),
                params={"lo": lo, "hi": hi})

    async def remind() -> None:
        queued = await scheduler.send_reminders(now)
        assert queued == 20 * 4, queued  # the four powers without orders, in 20 games

    put("reminders", await _timed(remind, 10, counter, reset=make_reminders_due))
    async with db.transaction() as session:
        await session.exec(text("DELETE FROM outbox WHERE kind = 'reminder'"))  # type: ignore[call-overload]

    # a player of a game in the middle of the table sends orders; the status of that game
    probe = CHANNEL_BASE + total // 2 + 40
    view = await games.game_in_channel(db, channel_id=probe)
    russia = next(p.user_id for p in view.players if "russia" in p.powers)
    state = await surface.public_state(db, game_id=view.id)
    holds = "\n".join(f"{u['type']} {u['location']} H" for u in state["units"]
                      if u["power"] == "russia")
    put("submit", await _timed(lambda: orders.submit_orders(
        db, game_id=view.id, user_id=russia, text=holds), 200, counter))
    # the floor of any write: one single-row UPDATE in its own transaction (PostgreSQL:
    # BEGIN, UPDATE, COMMIT round trips and the commit's flush to disk)
    touch = text("UPDATE game SET updated_at = updated_at WHERE id = :id")
    put("write", await _timed(lambda: db.run(lambda c: c.execute(touch, {"id": view.id})),
                              200, counter))

    put("status", await _timed(lambda: status.game_status(db, channel_id=probe), 200,
                               counter))

    # full turns of fresh 7-player games, without and with the post (map rendered)
    posted: list[PostMessage] = []

    async def keep(message: PostMessage) -> None:
        posted.append(message)

    poster = OutboxPoster(db, keep, owner="bench-turn")
    await poster.post_pending()
    ready: list[int] = []
    for r in range(2 * turns_count):
        game_id, users = await seven_player_game(db, 5_000_000 + total + turns_from + r)
        for power, user in users.items():
            await orders.submit_orders(db, game_id=game_id, user_id=user,
                                       text=OPENINGS[power])
        ready.append(game_id)
    await poster.post_pending()
    await poster.warm_up()
    pool = render_pool()
    if pool is not None:  # a running bot's render processes have drawn turns before
        state = engine_api.new_game_state("classic")
        results = engine_api.adjudicate({"state": state, "orders": [
            {"power": p, "text": t} for p, t in OPENINGS.items()]})["results"]
        await asyncio.gather(*(pool.render(engine_api.render, state, results=results,
                                           locale="en") for _ in range(4 * pool.processes)))
    queue = iter(ready)

    async def turn(ahead: turns.DrawAhead | None = None) -> None:
        await turns.adjudicate_phase(db, game_id=next(queue), user_id=GM, draw_ahead=ahead)

    async def turn_post() -> None:  # as the scheduler does: the map drawn while written
        await turn(poster.draw_ahead)
        assert await poster.post_pending() == 1 and posted[-1].image is not None

    put("turn", await _timed(turn, turns_count, counter))
    await poster.post_pending()
    put("turn_post", await _timed(turn_post, turns_count, counter))
    return figures


def _bind(db: Database, value: datetime) -> Any:
    """A datetime parameter of a text() statement as the dialect stores it."""
    if db.is_sqlite:
        return value.astimezone(UTC).replace(tzinfo=None).strftime("%Y-%m-%d %H:%M:%S.%f")
    return value


async def scale(kind: str, pg_url: str | None, sizes: tuple[int, ...], *, rounds: int = 1,
                log: Callable[[str], None] = print) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    async with database(kind, pg_url) as db:
        template = await template_game(db)
        filled = 0
        base = utcnow()
        with Counter() as counter:
            for size in sizes:
                t0 = time.perf_counter()
                await copy_games(db, template, filled + 1, size, base)
                filled = size
                log(f"{kind}: {size} games filled in {time.perf_counter() - t0:.1f} s")
                # the best of ``rounds`` medians: the one least disturbed by the machine's
                # other work (statements and transactions do not vary)
                found = [await measure(db, size, template, counter, turns_from=10_000 * r)
                         for r in range(rounds)]
                out[str(size)] = {key: min(f[key] for f in found) for key in found[0]}
                log(f"{kind} {size}: " + ", ".join(
                    f"{k} {v:.3g}" for k, v in out[str(size)].items()
                    if k.endswith("_ms") and not k.endswith(("p95_ms", "cpu_ms"))))
    return out


# --- adjudications per second with 1 and 2 worker processes --------------------------------

def _worker_process(url: str, search_path: str | None, owner: str, ready: Any, start: Any,
                    results: Any, finish: Any) -> None:
    async def work() -> None:
        # named, so that the CPU of its PostgreSQL backends can be read (_backends_cpu)
        settings = {"application_name": f"{BACKEND_PREFIX}{owner}"}
        if search_path:
            settings["search_path"] = search_path
        db = Database(url, connect_args={"server_settings": settings})
        scheduler = Scheduler(db, owner=owner, batch=10)
        await scheduler.next_due()  # connected, statements warm
        ready.put(owner)
        start.wait()
        begun, cpu = time.time(), time.process_time()
        resolved = await scheduler.run_once()
        results.put((owner, resolved, begun, time.time(), time.process_time() - cpu))
        finish.wait()  # its backends alive until their CPU is read
        await db.dispose()

    asyncio.run(work())


async def workers(pg_url: str, games_count: int = 300, *,
                  log: Callable[[str], None] = print) -> dict[str, float]:
    """Adjudications per second of one worker process, then of two, each resolving due
    7-player Spring 1901 turns from one PostgreSQL (no posts: the poster's renders have a
    process pool of their own)."""
    out: dict[str, float] = {}
    context = multiprocessing.get_context("spawn")
    async with database("postgresql", pg_url) as db:
        template = await template_game(db, due=True)
        first = 1
        for n in (1, 2):
            base = utcnow() - timedelta(minutes=5)
            await copy_games(db, template, first, first + games_count - 1, base,
                             spread_minutes=0)
            first += games_count
            ready, start, results = context.Queue(), context.Event(), context.Queue()
            finish = context.Event()
            procs = [context.Process(target=_worker_process, args=(
                db.url, _search_path(db), f"w{i}", ready, start, results, finish))
                for i in range(n)]
            for p in procs:
                p.start()
            for _ in procs:  # every process imported and connected before the clock starts
                await asyncio.to_thread(ready.get, timeout=120)
            backends0 = await _backends_cpu(db)
            busy0 = _machine_busy()
            start.set()
            done = [await asyncio.to_thread(results.get, timeout=600) for _ in procs]
            elapsed = max(d[3] for d in done) - min(d[2] for d in done)
            busy = _machine_busy() - busy0
            backends = await _backends_cpu(db)
            finish.set()
            for p in procs:
                p.join(timeout=60)
            pg_cpu = sum(cpu - backends0.get(pid, 0.0) for pid, cpu in backends.items())
            resolved = sum(d[1] for d in done)
            assert resolved == games_count, done
            out[f"adjudications_per_s_{n}_workers"] = resolved / elapsed
            # the workers' own CPU per phase (it should not grow with their number: no
            # contention), and how busy the whole machine was (cores used, all processes:
            # PostgreSQL's and everyone else's too)
            out[f"worker_cpu_ms_per_phase_{n}_workers"] = 1000 * sum(d[4] for d in done) \
                / resolved
            out[f"machine_cores_busy_{n}_workers"] = busy / elapsed
            # the CPU of the PostgreSQL backends serving the workers (not the WAL writer's
            # nor the checkpointer's, shared with everything else)
            out[f"postgres_cpu_ms_per_phase_{n}_workers"] = 1000 * pg_cpu / resolved
            log(f"{n} worker(s): {resolved} phases in {elapsed:.2f} s "
                f"({resolved / elapsed:.0f}/s; {[d[1] for d in done]}; "
                f"{out[f'worker_cpu_ms_per_phase_{n}_workers']:.1f} ms CPU per phase, "
                f"PostgreSQL {out[f'postgres_cpu_ms_per_phase_{n}_workers']:.1f} ms; "
                f"machine {busy / elapsed:.2f} cores busy of {os.cpu_count()})")
    out["workers_speedup"] = out["adjudications_per_s_2_workers"] \
        / out["adjudications_per_s_1_workers"]
    # the ceiling on this machine: every core busy with the workers and their backends
    # alone (nothing else running), over what one worker achieved
    cpu_per_phase = (out["worker_cpu_ms_per_phase_2_workers"]
                     + out["postgres_cpu_ms_per_phase_2_workers"]) / 1000
    out["workers_ceiling_per_s"] = (os.cpu_count() or 1) / cpu_per_phase
    out["workers_speedup_ceiling"] = min(2.0, out["workers_ceiling_per_s"]
                                         / out["adjudications_per_s_1_workers"])
    return out


BACKEND_PREFIX = "bench-"


async def _backends_cpu(db: Database) -> dict[int, float]:
    """CPU seconds (user + system) of each PostgreSQL backend serving a bench worker, read
    from /proc (the server runs on this machine)."""
    rows = await db.read(text("SELECT pid FROM pg_stat_activity WHERE application_name "
                              f"LIKE '{BACKEND_PREFIX}%'"))
    found: dict[int, float] = {}
    for (pid,) in rows:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[int(pid)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


# --- guilds a bot process holds ------------------------------------------------------------

async def guilds(count: int = 5_000, channels: int = 6) -> dict[str, float]:
    """Memory of the guilds a bot process caches (GUILD_CREATE of ``count`` guilds with
    ``channels`` text channels each, as the gateway sends them; no member is cached: the bot
    asks for no privileged intent), per guild."""
    import gc
    import tracemalloc

    from tests.e2e.harness import Harness, running_bot

    with tempfile.TemporaryDirectory() as tmp:
        async with running_bot(f"sqlite+aiosqlite:///{tmp}/g.db") as h:
            def add(first: int, n: int) -> None:
                for g in range(first, first + n):
                    h.guild_id = 10**15 + g
                    h.add_guild(channels=[Harness.text_channel(10**16 + g * 10 + c, f"c{c}")
                                          for c in range(channels)], name=f"guild {g}")

            add(0, count // 10)  # warm: caches and tables sized once
            gc.collect()
            tracemalloc.start()
            rss0 = _rss_kb()
            add(count // 10, count)
            gc.collect()
            heap = tracemalloc.get_traced_memory()[0]
            tracemalloc.stop()
            rss = _rss_kb() - rss0
            held = len(h.bot.guilds)
    return {"guilds": float(held), "heap_kb_per_guild": heap / 1024 / count,
            "rss_kb_per_guild": rss / count}


def settle(*, idle_cores: float = 0.3, longest: float = 180.0,
           log: Callable[[str], None] = print) -> float:
    """Wait until the machine is quiet (fewer than ``idle_cores`` cores busy over a second,
    at most ``longest`` seconds): after 100k games were written and their schema dropped,
    PostgreSQL's autovacuum keeps a core busy for a while, and a worker measured then shares
    the machine with it. Returns the cores busy when measuring starts."""
    waited = 0.0
    while True:
        before = _machine_busy()
        time.sleep(1.0)
        busy = _machine_busy() - before
        if busy < idle_cores or waited >= longest:
            break
        waited += 1.0
    log(f"machine quiet after {waited:.0f} s ({busy:.2f} cores busy)")
    return busy


def _machine_busy() -> float:
    """Seconds of CPU the whole machine has spent busy since boot (every core, every
    process), from /proc/stat."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(x) for x in stat.readline().split()[1:]]
    except OSError:
        return 0.0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _rss_kb() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


# --- report --------------------------------------------------------------------------------

def verdicts(report: dict[str, Any]) -> dict[str, bool]:
    checks: dict[str, bool] = {}
    for kind in ("sqlite", "postgresql"):
        sizes = report.get(kind)
        if not sizes:
            continue
        top = max(sizes, key=int)
        big, small = sizes[top], sizes[min(sizes, key=int)]
        checks[f"{kind}: next-due <= 1 ms at {top}"] = big["next_due_ms"] <= BUDGETS["next_due_ms"]
        limit = BUDGETS[f"submit_ms_{kind}"]
        checks[f"{kind}: submission <= {limit:g} ms at {top}"] = big["submit_ms"] <= limit
        checks[f"{kind}: /game status <= 5 ms at {top}"] = big["status_ms"] <= BUDGETS["status_ms"]
        checks[f"{kind}: 7-player turn with its post <= 30 ms"] = \
            big["turn_post_ms"] <= BUDGETS["turn_post_ms"]
        for name in ("next_due", "claim", "reminders", "pass", "submit", "status", "turn"):
            checks[f"{kind}: {name} at {top} within {FLATNESS}x of {min(sizes, key=int)}"] = \
                big[f"{name}_ms"] <= FLATNESS * small[f"{name}_ms"]
    if "workers" in report:
        checks["2 workers >= 1.8x one"] = report["workers"]["workers_speedup"] >= 1.8
    return checks


def run(quick: bool = False) -> dict[str, float]:
    """``tools/bench.py``'s section: SQLite (and PostgreSQL when TEST_POSTGRES_URL is set)
    up to 10k games, flattened to one level of figures."""
    pg_url = os.environ.get("TEST_POSTGRES_URL")
    sizes = (1_000, 10_000)
    figures: dict[str, float] = {}
    for kind in ("sqlite", "postgresql"):
        if kind == "postgresql" and not pg_url:
            continue
        found = asyncio.run(scale(kind, pg_url, sizes, rounds=2,
                                  log=lambda s: print(s, file=sys.stderr)))
        for size, values in found.items():
            for key, value in values.items():
                if not key.endswith(("p95_ms", "cpu_ms", "transactions")):
                    figures[f"{kind}_{size}_{key}"] = value
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=SIZES[-1],
                        help="largest number of games (default 100000; 10000 for a quick run)")
    parser.add_argument("--sizes", default=None,
                        help="the sizes measured, comma-separated (the table is filled up to "
                             "each in turn), e.g. 1000,100000; default every size to --max")
    parser.add_argument("--no-sqlite", action="store_true", help="PostgreSQL only")
    parser.add_argument("--postgres", default=os.environ.get("TEST_POSTGRES_URL"),
                        help="postgresql+asyncpg:// URL (default: TEST_POSTGRES_URL)")
    parser.add_argument("--workers", action="store_true",
                        help="adjudications per second with 1 and 2 worker processes")
    parser.add_argument("--workers-only", action="store_true", help="only that")
    parser.add_argument("--guilds", type=int, default=0,
                        help="also the memory of this many guilds in a bot process")
    parser.add_argument("--rounds", type=int, default=3,
                        help="measure each size this many times, keep the best (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    sizes = tuple(s for s in SIZES if s <= args.max) or (args.max,)
    if args.sizes:
        sizes = tuple(sorted(int(x) for x in args.sizes.split(",")))

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    report: dict[str, Any] = {}
    if not args.workers_only:
        if not args.no_sqlite:
            report["sqlite"] = asyncio.run(scale("sqlite", None, sizes, rounds=args.rounds,
                                                 log=log))
        if args.postgres:
            report["postgresql"] = asyncio.run(scale("postgresql", args.postgres, sizes,
                                                     rounds=args.rounds, log=log))
    if (args.workers or args.workers_only) and args.postgres:
        settle(log=log)
        report["workers"] = asyncio.run(workers(args.postgres, log=log))
    if args.guilds:
        report["guilds"] = asyncio.run(guilds(args.guilds))
    checks = verdicts(report)
    if args.json:
        print(json.dumps({"figures": report, "budgets": checks}, indent=1))
    else:
        _print_table(report)
        for name, ok in checks.items():
            print(f"{'ok    ' if ok else 'MISSED'} {name}")
    return 0 if all(checks.values()) else 1


def _print_table(report: dict[str, Any]) -> None:
    names = ("next_due", "claim", "reminders", "pass", "submit", "write", "status", "turn",
             "turn_post")
    for kind in ("sqlite", "postgresql"):
        sizes = report.get(kind)
        if not sizes:
            continue
        print(f"\n{kind}: ms (median), cpu ms of this process, statements, transactions")
        print(f"{'games':>8}" + "".join(f"{n:>26}" for n in names))
        for size, f in sizes.items():
            print(f"{size:>8}" + "".join(
                f"{f[n + '_ms']:>8.3f} {f[n + '_cpu_ms']:>7.3f}c {int(f[n + '_statements']):>3}s"
                f"{int(f[n + '_transactions']):>2}t" for n in names))
    for section in ("workers", "guilds"):
        if section in report:
            print("\n" + "  ".join(f"{k} {v:.2f}" for k, v in report[section].items()))


if __name__ == "__main__":
    sys.exit(main())
