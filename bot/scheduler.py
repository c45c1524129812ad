"""Deadlines and the outbox poster (docs/ARCHITECTURE.md "The turn pipeline").

Deadlines are rows (``Game.deadline``, ``Game.reminder_at``); nothing per game lives in memory.
One loop sleeps until the next due time — or until ``Database.deadlines_changed`` is set by a
service — then:

1. claims due games with a lease, in one statement (``UPDATE ... WHERE id IN (the earliest
   due games [FOR UPDATE SKIP LOCKED on PostgreSQL]) RETURNING``: SQLite's write lock or
   PostgreSQL's row locks), so that several processes never resolve the same game;
2. resolves each claimed game with ``turns.adjudicate_phase`` (which re-checks phase, version
   and deadline under the game lock: a repeated claim never resolves twice);
3. queues reminders when a game's ``reminder_at`` is due: each seat at the hours it chose
   before the deadline (``bot.services.reminders``), each offset once (every due game in one
   transaction);
4. posts pending outbox rows through the ``send`` callback of the Discord layer, rendering the
   map in a process pool (``RenderPool``); a row is stamped sent only after ``send`` returned,
   so a crash between commit and post re-sends after restart — and never re-adjudicates.

Costs stay flat with the number of games (issue 15): every query here is served by a partial
index of ``bot.models`` (``ix_game_due``, ``ix_game_leased``, ``ix_game_reminder``,
``ix_outbox_pending``; ``ix_game_unstarted`` for the turn rules' ``adopt``), whose predicates the queries repeat literally (``status =
'active'``: a bound parameter would not prove the index's predicate to either planner), and
the wake-up time is one statement (``next_due``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import os
import socket
import threading
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, exists, insert, literal_column
from sqlalchemy.engine import Connection
from sqlalchemy.sql.elements import ColumnClause
from sqlmodel import Session, and_, col, or_, select, update

from bot import render_worker
from bot.db import Database
from bot.models import Game, GameStatus, Guild, OrderSet, Outbox, PhaseRecord, Player, utcnow
from bot.services import reminders as reminders_service
from bot.services.common import waiting_powers
from bot.services.errors import ServiceError
from bot.services.options import map_style
from bot.services.registry import rules_for
from bot.services.turns import adjudicate_phase
from engine import api as engine_api
from engine import variants

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8  # a post failing this often is left for a human (last_error says why)
# the predicate of the partial indexes on game, written out (see the module's docstring)
ACTIVE: ColumnClause[str] = literal_column(f"'{GameStatus.ACTIVE.value}'")


@dataclass(frozen=True, slots=True)
class PostMessage:
    """One post for the Discord layer. ``user_id`` set: a DM to that user; otherwise the game's
    thread (if any) or channel. ``image``: PNG of the map when the post has one."""

    outbox_id: int
    game_id: int | None
    kind: str
    payload: dict[str, Any]
    channel_id: int | None
    thread_id: int | None
    user_id: int | None
    locale: str
    image: bytes | None
    results: list[dict[str, Any]] | None  # for "results": every order and its outcome


@dataclass(frozen=True, slots=True)
class _Loaded:
    """What a claimed outbox row's post needs, read in the claim's transaction."""

    row_id: int
    game_id: int | None
    kind: str
    payload: dict[str, Any]
    channel: int | None
    thread: int | None
    locale: str
    state: dict[str, Any] | None
    results: list[dict[str, Any]] | None
    style: dict[str, Any]  # the game's palette and map labels (options.map_style)
    ahead: tuple[int, int] | None  # the map drawn ahead that this post may use


@dataclass(frozen=True, slots=True)
class _Ahead:
    """A map drawn ahead of its post, and what it was drawn with."""

    locale: str
    style: dict[str, Any]
    image: asyncio.Future[bytes | None]


AHEAD_KEPT = 64  # maps drawn ahead kept for their post (a few passes of turns)


def _quiet(task: asyncio.Future[Any]) -> None:
    """A map drawn ahead that nobody awaits: its failure is logged by ``_draw``, not again
    as a task exception never retrieved."""
    if not task.cancelled():
        task.exception()


Send = Callable[[PostMessage], Awaitable[None]]
Render = Callable[..., bytes]


def default_owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(3600, 5 * 2 ** max(0, attempts - 1)))


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


class RenderPool:
    """Maps drawn in worker processes (issue 15): the renderer is CPU-bound Python, so in a
    thread it holds the GIL against every interaction of the bot. The pool is created on first
    use (each worker draws the classic board once, so that its cached base layer is ready),
    sized to the cores; ``shutdown`` ends it. Workers are spawned, not forked: a fork of a
    process running threads (the database's) may inherit a held lock.

    What a worker runs is ``engine.api.render`` (pure; its arguments are JSON values), so a
    worker imports the engine only. A worker that dies breaks the pool: a new one is started
    and the map of that post is drawn in a thread meanwhile."""

    def __init__(self, processes: int, *, warm: bool = True) -> None:
        self.processes = max(1, processes)
        self.warm = warm
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                warm = functools.partial(engine_api.render,
                                         engine_api.new_game_state(variants.DEFAULT)) \
                    if self.warm else None
                self._executor = ProcessPoolExecutor(
                    self.processes, mp_context=multiprocessing.get_context("spawn"),
                    initializer=render_worker.start, initargs=(warm,))
            return self._executor

    async def render(self, render: Render, state: dict[str, Any], *,
                     results: list[dict[str, Any]] | None, locale: str,
                     **style: str) -> bytes:
        return await self.run(render, state, results=results, locale=locale, **style)

    async def run(self, draw: Render, *args: Any, **kwargs: Any) -> bytes:
        """Any pure drawing of the engine (a map, a timelapse) in a worker process."""
        call = functools.partial(draw, *args, **kwargs)
        executor = self._pool()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, call)
        except BrokenProcessPool:
            log.warning("a render process died: the pool is started again")
            with self._lock:  # not a pool started meanwhile by another failed map
                if self._executor is executor:
                    self._executor = None
            executor.shutdown(wait=False, cancel_futures=True)
            return await asyncio.to_thread(call)

    async def warm_up(self) -> None:
        """Start every worker now (each draws the classic board once) rather than at the
        first post."""
        loop = asyncio.get_running_loop()
        pool = self._pool()
        await asyncio.gather(*(loop.run_in_executor(pool, os.getpid)
                               for _ in range(self.processes)))

    def shutdown(self, *, wait: bool = True) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)


_render_pool: RenderPool | None = None
_render_processes: int | None = None  # None: the cores


def configure_render_pool(processes: int | None) -> None:
    """How many processes draw the maps of this process (``RENDER_PROCESSES``): None for one
    per core, 0 to draw in a thread. Called before the first map (the pool is made once)."""
    global _render_processes
    _render_processes = processes


def render_pool() -> RenderPool | None:
    """The one pool of this process (None when maps are drawn in a thread)."""
    global _render_pool
    processes = cores() if _render_processes is None else _render_processes
    if processes <= 0:
        return None
    if _render_pool is None:
        _render_pool = RenderPool(processes)
    return _render_pool


def shutdown_render_pool() -> None:
    """End the render processes (waits for the maps being drawn)."""
    global _render_pool
    pool, _render_pool = _render_pool, None
    if pool is not None:
        pool.shutdown()


class OutboxPoster:
    """Sends pending outbox rows in order; at-least-once, marked sent after ``send``."""

    def __init__(self, db: Database, send: Send, *, owner: str | None = None,
                 render: Render | None = None, claim_seconds: float = 120.0,
                 default_locale: str = "en") -> None:
        self.db = db
        self.send = send
        self.owner = owner or default_owner()
        # engine.api.render draws the variant's legend (duel treasuries, influence); in the
        # process pool unless another renderer is given (a test's: drawn in a thread)
        self.render = render or engine_api.render
        self.pooled = render is None
        self.claim = timedelta(seconds=claim_seconds)
        self.default_locale = default_locale
        # maps being drawn ahead of their post, by (game, seq of the record they show)
        self._ahead: dict[tuple[int, int], _Ahead] = {}
        self._locales: dict[int, str] = {}  # guild -> locale, as the last claim read it

    async def warm_up(self) -> None:
        """Start the render processes now rather than at the first map."""
        pool = render_pool() if self.pooled else None
        if pool is not None:
            await pool.warm_up()

    def draw_ahead(self, game: Game, seq: int, state: dict[str, Any],
                   results: list[dict[str, Any]]) -> None:
        """Start drawing the map of a turn's results post while the turn is written
        (``turns.adjudicate_phase``): on two cores the drawing no longer follows the writing.
        The language is the guild's as this process last read it; the post checks it and
        draws again when it changed (or when the turn was not committed, the map is never
        asked for and is dropped)."""
        locale = self._locales.get(game.guild_id or 0, self.default_locale)
        style = map_style(game.options, locale)
        key = (int(game.id or 0), seq)
        task = asyncio.ensure_future(self._draw(state, results, locale, style, None))
        task.add_done_callback(_quiet)
        old = self._ahead.pop(key, None)
        if old is not None:
            old.image.cancel()
        self._ahead[key] = _Ahead(locale=locale, style=style, image=task)
        while len(self._ahead) > AHEAD_KEPT:  # turns that were never posted here
            self._ahead.pop(next(iter(self._ahead))).image.cancel()

    async def _draw(self, state: dict[str, Any], results: list[dict[str, Any]] | None,
                    locale: str, style: dict[str, Any], row_id: int | None) -> bytes | None:
        """The map, off the loop (in the process pool); None when it cannot be drawn."""
        # the renderer is CPU-bound: never on the event loop (docs/ARCHITECTURE.md). A map that
        # cannot be drawn must not hold back the results: they go out without it.
        try:
            pool = render_pool() if self.pooled else None
            if pool is not None:
                return await pool.render(self.render, state, results=results,
                                         locale=locale, **style)
            return await asyncio.to_thread(functools.partial(
                self.render, state, results=results, locale=locale, **style))
        except Exception:
            log.exception("map of post %s could not be drawn", row_id or "(ahead)")
            return None

    async def post_pending(self, *, now: datetime | None = None, limit: int = 100) -> int:
        """Post every due row (oldest first); returns how many were sent."""
        now = now or utcnow()
        pending = select(Outbox.id, Outbox.game_id, Outbox.claim_until).where(
            col(Outbox.sent_at).is_(None), col(Outbox.attempts) < MAX_ATTEMPTS) \
            .order_by(col(Outbox.id)).limit(limit)
        rows = await self.db.read(pending)
        sent = 0
        # posts of one game go out in order: one that is waiting (claimed elsewhere, or
        # backing off after a failure) holds back the later ones
        blocked: set[int | None] = set()
        for row_id, game_id, claim_until in rows:
            if game_id in blocked:
                continue
            loaded = None
            if claim_until is None or claim_until < now:
                loaded = await self.db.run(functools.partial(self._claim, row_id=row_id,
                                                             now=now))
            if loaded is None:
                blocked.add(game_id)
                continue
            try:
                message = await self._build(loaded)
                await self.send(message)
            except Exception as exc:  # the Discord layer's failure: retry later
                log.warning("post %s failed: %r", row_id, exc)
                blocked.add(game_id)
                await self._failed(row_id, repr(exc), now)
                continue
            await self.db.run(functools.partial(self._sent, row_id=row_id))
            sent += 1
        return sent

    def _claim(self, connection: Connection, *, row_id: int, now: datetime
               ) -> _Loaded | None:
        """Claim the row and load what its post needs, in one transaction; None when
        another process has it."""
        claimed = connection.execute(update(Outbox).where(
            col(Outbox.id) == row_id, col(Outbox.sent_at).is_(None),
            or_(col(Outbox.claim_until).is_(None), col(Outbox.claim_until) < now))
            .values(claim_owner=self.owner, claim_until=now + self.claim)).rowcount
        if claimed != 1:
            return None
        with Session(bind=connection) as session:
            row = session.get(Outbox, row_id)
            assert row is not None and row.id is not None
            game = session.get(Game, row.game_id) if row.game_id is not None else None
            locale = self.default_locale
            if game is not None and game.guild_id is not None:
                guild = session.get(Guild, game.guild_id)
                locale = (guild.locale if guild and guild.locale else locale)
                self._locales[game.guild_id] = locale
            spec = row.payload.get("map") or {}
            state: dict[str, Any] | None = None
            results: list[dict[str, Any]] | None = None
            if spec.get("source") == "record" and game is not None:
                # the map of the first record; the results of every phase the turn resolved
                seqs = row.payload.get("seqs") or [spec.get("seq")]
                records = session.exec(select(PhaseRecord).where(
                    PhaseRecord.game_id == game.id, col(PhaseRecord.seq).in_(seqs))
                    .order_by(col(PhaseRecord.seq))).all()
                if records:
                    state = records[0].state
                    results = [r for record in records for r in record.results]
            elif spec.get("source") == "game" and game is not None and game.state:
                state = game.state
            elif spec.get("source") == "inline" and isinstance(spec.get("state"), dict):
                state = spec["state"]  # the position at the moment of the post
            ahead = (int(row.game_id or 0), int(spec.get("seq") or 0)) \
                if spec.get("source") == "record" else None
            return _Loaded(row_id=row_id, game_id=row.game_id, kind=row.kind,
                           payload=dict(row.payload), ahead=ahead,
                           channel=game.channel_id if game else None,
                           thread=game.thread_id if game else None, locale=locale,
                           state=state, results=results,
                           style=map_style(game.options if game else None, locale))

    @staticmethod
    def _sent(connection: Connection, *, row_id: int) -> None:
        connection.execute(update(Outbox).where(col(Outbox.id) == row_id).values(
            sent_at=utcnow(), claim_owner=None, claim_until=None))

    async def _failed(self, row_id: int | None, error: str, now: datetime) -> None:
        async with self.db.transaction() as session:
            row = await session.get(Outbox, row_id)
            if row is not None:
                row.attempts += 1
                row.last_error = error[:500]
                row.claim_owner = None
                row.claim_until = now + _backoff(row.attempts)
        self.db.notify_deadlines()

    async def _build(self, loaded: _Loaded) -> PostMessage:
        """The post, its map drawn ahead or now, off the loop (in the process pool)."""
        row_id, state, results, locale = (loaded.row_id, loaded.state, loaded.results,
                                          loaded.locale)
        image = None
        ahead = self._ahead.pop(loaded.ahead, None) if loaded.ahead else None
        if ahead is not None and (ahead.locale, ahead.style) == (locale, loaded.style):
            image = await ahead.image  # None when it could not be drawn: drawn again below
        elif ahead is not None:
            ahead.image.cancel()  # the guild's language or the game's map style changed
        if image is None and state is not None:
            image = await self._draw(state, results, locale, loaded.style, row_id)
        return PostMessage(outbox_id=row_id, game_id=loaded.game_id, kind=loaded.kind,
                           payload=loaded.payload, channel_id=loaded.channel,
                           thread_id=loaded.thread, user_id=loaded.payload.get("user_id"),
                           locale=locale, image=image, results=results)


class Scheduler:
    """The deadline loop. ``run()`` forever; ``run_once()`` is one pass (tests, tools)."""

    def __init__(self, db: Database, *, send: Send | None = None, owner: str | None = None,
                 lease_seconds: float = 120.0, max_sleep: float = 300.0,
                 render: Render | None = None, clock: Callable[[], datetime] = utcnow,
                 batch: int = 20) -> None:
        self.db = db
        self.owner = owner or default_owner()
        self.lease = timedelta(seconds=lease_seconds)
        self.max_sleep = max_sleep
        self.clock = clock
        self.batch = batch
        self.poster = OutboxPoster(db, send, owner=self.owner, render=render) \
            if send is not None else None
        self._stopping = asyncio.Event()
        self._adopted = False
        self._next_due = self.next_due_query()  # built once: it has no parameter

    def stop(self) -> None:
        self._stopping.set()
        self.db.notify_deadlines()

    async def run(self) -> None:
        """Loop until ``stop()``: one pass, then sleep until the next due time or a wake-up.
        Errors of one pass are logged; the loop goes on."""
        # PostgreSQL: other processes' changes wake this loop too (LISTEN/NOTIFY)
        relay = asyncio.create_task(self.db.relay_wake_ups(), name="wake-ups")
        try:
            while not self._stopping.is_set():
                self.db.deadlines_changed.clear()  # before the pass: no lost wake-up
                try:
                    await self.run_once()
                    delay = await self.seconds_until_next()
                except Exception:
                    log.exception("scheduler pass failed")
                    delay = min(self.max_sleep, 30.0)
                if self._stopping.is_set():
                    break
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.db.deadlines_changed.wait(), timeout=delay)
        finally:
            relay.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await relay

    async def run_once(self, now: datetime | None = None) -> int:
        """Resolve due games, queue due reminders, post pending rows. Returns the number of
        phases resolved."""
        now = now or self.clock()
        if not self._adopted:
            await self._adopt(now)
        resolved = 0
        for _ in range(10_000):  # bounded: every pass removes its candidates from "due"
            claimed, seen = await self._claim(now)
            progressed = False
            for game_id, phase, version in claimed:
                if await self._resolve(game_id, phase, version, now):
                    resolved += 1
                    progressed = True
            # a step may leave its game due at once (L'Impérialisme: a declared crisis that
            # waited for the one just over, an automatic crisis whose time passed meanwhile)
            if seen < self.batch and not progressed:
                break
        if resolved:
            # one wake-up of the other processes for the whole pass, not one per turn (a
            # PostgreSQL NOTIFY is a transaction of its own, its commit serialised with
            # every other notifying commit)
            self.db.notify_deadlines()
        await self.send_reminders(now)
        if self.poster is not None:
            await self.poster.post_pending(now=now)
        return resolved

    async def _adopt(self, now: datetime) -> None:
        """Once per scheduler: the turn rules that take over games started before the one
        pipeline drove them (``adopt``) do so."""
        self._adopted = True
        for name in variants.names():
            adopt = getattr(rules_for(name), "adopt", None)
            if adopt is not None:
                await adopt(self.db, now)

    async def _resolve(self, game_id: int, phase: str | None, version: int,
                       now: datetime) -> bool:
        try:
            await adjudicate_phase(self.db, game_id=game_id, expected_phase=phase,
                                   expected_version=version, trigger="deadline",
                                   lease_owner=self.owner, now=now, notify=False,
                                   draw_ahead=self.poster.draw_ahead if self.poster else None)
            return True
        except ServiceError as exc:  # someone else resolved it, or the deadline moved
            log.info("game %s not resolved: %s", game_id, exc.code)
            await self._release(game_id)
            return False
        except Exception:
            # engine or database failure: keep the lease, so that the game is retried
            # only when it expires (a natural back-off), and by any process
            log.exception("resolving game %s failed", game_id)
            return False

    async def _release(self, game_id: int) -> None:
        async with self.db.transaction() as session:
            await session.exec(update(Game).where(  # type: ignore[call-overload]
                col(Game.id) == game_id, col(Game.lease_owner) == self.owner)
                .values(lease_owner=None, lease_until=None))

    def _due(self, now: datetime) -> Any:
        """Due and not leased (a lease that expired counts as none): ``ix_game_due``."""
        return and_(col(Game.status) == ACTIVE, col(Game.deadline).is_not(None),
                    col(Game.deadline) <= now,
                    or_(col(Game.lease_until).is_(None), col(Game.lease_until) < now))

    def _earliest(self, query: Any) -> Any:
        """The first rows of ``query``; on PostgreSQL locked, skipping rows another process
        holds (a racing claim, a game being resolved): never a wait, never a deadlock."""
        query = query.limit(self.batch)
        return query if self.db.is_sqlite else query.with_for_update(skip_locked=True)

    async def claim_due(self, now: datetime) -> list[tuple[int, str | None, int]]:
        """Take a lease on due games; returns (id, phase, version) of those this process won."""
        return (await self._claim(now))[0]

    async def _claim(self, now: datetime) -> tuple[list[tuple[int, str | None, int]], int]:
        """(games won, candidates seen): a full batch means there may be more due games.

        One statement: ``UPDATE game SET lease WHERE id IN (the earliest due games) RETURNING
        id, phase, version``. On SQLite the write transaction holds the only write lock; on
        PostgreSQL the sub-select locks the rows it takes and skips those locked elsewhere
        (a row leased meanwhile by another process is re-checked against ``_due`` and
        dropped)."""
        due = self._earliest(select(Game.id).where(self._due(now))
                             .order_by(col(Game.deadline)))
        claim = update(Game).where(col(Game.id).in_(due.scalar_subquery())).values(
            lease_owner=self.owner, lease_until=now + self.lease).returning(
            col(Game.id), col(Game.phase), col(Game.version), col(Game.deadline))
        rows = await self.db.run(lambda c: c.execute(claim).all())
        rows = sorted(rows, key=lambda r: (r[3], r[0]))  # earliest deadline first
        return [(int(r[0] or 0), r[1], int(r[2])) for r in rows], len(rows)

    async def send_reminders(self, now: datetime) -> int:
        """Queue a DM for each seat whose reminder offset is due (``bot.services.reminders``:
        the player's own hours before the deadline, else the default; only while orders are
        missing unless the player asked otherwise). What was sent is written in the same
        transaction, with the game's next ``reminder_at``: a reminder is queued once.

        Every due game of the batch in one transaction: the reminders taken (``UPDATE ...
        RETURNING``, the rows locked as in ``_claim``), their games, players and orders
        (three selects), then the posts (one insert) and the seats and games changed."""
        due = self._earliest(select(Game.id).where(
            col(Game.status) == ACTIVE, col(Game.reminder_at).is_not(None),
            col(Game.reminder_at) <= now).order_by(col(Game.reminder_at)))
        take = update(Game).where(col(Game.id).in_(due.scalar_subquery())).values(
            reminder_at=None).returning(col(Game.id))

        def remind(connection: Connection) -> int:
            ids = [int(r[0] or 0) for r in connection.execute(take).all()]
            if not ids:
                return 0
            with Session(bind=connection) as session:
                found = list(session.exec(select(Game).where(col(Game.id).in_(ids))
                                          .order_by(col(Game.id))).all())
                seats: dict[int, list[Player]] = {game_id: [] for game_id in ids}
                for p in session.exec(select(Player).where(col(Player.game_id).in_(ids))
                                      .order_by(col(Player.id))).all():
                    seats[p.game_id].append(p)
                phase = {game.id: game.phase for game in found}
                # by game (the unique index's first column; SQLite would not use it for
                # (game, phase) pairs), the current phase's kept
                answered = {(o.game_id, o.power) for o in session.exec(
                    select(OrderSet).where(col(OrderSet.game_id).in_(ids))).all()
                    if o.phase == phase.get(o.game_id) and (o.text.strip() or o.ready)}
                posts, marks, following = self._reminders(found, seats, answered, now)
            if posts:
                connection.execute(insert(Outbox), posts)
            if marks:  # the offsets done, with the posts: never queued twice
                connection.execute(self._mark, [{"b_id": k, "b_settings": v}
                                                for k, v in marks.items()])
            if following:
                connection.execute(self._next_reminder, [{"b_id": k, "b_at": v}
                                                         for k, v in following.items()])
            return len(posts)

        queued = await self.db.run(remind)
        if queued:
            self.db.notify_deadlines()
        return queued

    # executemany statements of the reminder pass (built once)
    _mark = update(Player).where(col(Player.id) == bindparam("b_id")).values(
        settings=bindparam("b_settings"))
    _next_reminder = update(Game).where(col(Game.id) == bindparam("b_id")).values(
        reminder_at=bindparam("b_at"))

    @staticmethod
    def _reminders(found: Sequence[Game], seats: dict[int, list[Player]],
                   answered: set[tuple[int, str]], now: datetime
                   ) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]],
                              dict[int, datetime]]:
        """(posts, the seats' new settings, the games' next reminder time)."""
        posts: list[dict[str, Any]] = []
        marks: dict[int, dict[str, Any]] = {}
        following: dict[int, datetime] = {}
        for game in found:
            game_id = int(game.id or 0)
            players = seats[game_id]
            waiting = waiting_powers(players, rules_for(game.variant).choices(game, players))
            done = {pw for g, pw in answered if g == game_id}
            queued, marked, at = reminders_service.due(game, players, waiting, done, now)
            posts += queued
            marks.update(marked)
            if at is not None:
                following[game_id] = at
        return posts, marks, following

    def next_due_query(self) -> Any:
        """One row: the earliest unleased deadline, lease end, reminder and post retry, and
        whether a post is waiting — each a scalar subquery that reads the first entry of a
        partial index, so the cost does not grow with the number of games."""
        active = col(Game.status) == ACTIVE

        def first(column: Any, *where: Any) -> Any:
            return select(column).where(*where, column.is_not(None)) \
                .order_by(column).limit(1).scalar_subquery()

        columns = [
            first(col(Game.deadline), active, col(Game.lease_until).is_(None)),
            first(col(Game.lease_until), active),
            first(col(Game.reminder_at), active),
        ]
        if self.poster is not None:
            pending = (col(Outbox.sent_at).is_(None), col(Outbox.attempts) < MAX_ATTEMPTS)
            columns += [first(col(Outbox.claim_until), *pending),
                        exists().where(*pending, col(Outbox.claim_until).is_(None))]
        return select(*columns)

    async def next_due(self) -> datetime | None:
        """The earliest deadline, reminder, lease end or post retry; now when a post is
        waiting. One statement (``next_due_query``), nothing loaded per game."""
        row = (await self.db.read(self._next_due))[0]
        times = [t for t in row[:4] if isinstance(t, datetime)]
        if self.poster is not None and row[4]:
            times.append(self.clock())
        return min(times) if times else None

    async def seconds_until_next(self) -> float:
        due = await self.next_due()
        if due is None:
            return self.max_sleep
        return max(0.0, min(self.max_sleep, (due - self.clock()).total_seconds()))
