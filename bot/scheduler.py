"""The deadline loop (docs/ARCHITECTURE.md "The turn pipeline").

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
4. posts pending outbox rows through the outbox poster (``bot.outbox``), which draws the maps
   in the render processes (``bot.render_pool``).

Costs stay flat with the number of games (issue 15): every query here is served by a partial
index of ``bot.models`` (``ix_game_due``, ``ix_game_leased``, ``ix_game_reminder``,
``ix_outbox_pending``; ``ix_game_unstarted`` for the turn rules' ``adopt``), whose predicates the queries repeat literally (``status =
'active'``: a bound parameter would not prove the index's predicate to either planner), and
the wake-up time is one statement (``next_due``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, exists, insert, literal_column
from sqlalchemy.engine import Connection
from sqlalchemy.sql.elements import ColumnClause
from sqlmodel import Session, and_, col, or_, select, update

from bot.db import Database
from bot.models import Game, GameStatus, OrderSet, Outbox, Player, utcnow
from bot.outbox import MAX_ATTEMPTS, OutboxPoster, Send, default_owner
from bot.render_pool import Render
from bot.services import reminders as reminders_service
from bot.services.common import waiting_powers
from bot.services.errors import ServiceError
from bot.services.registry import rules_for
from bot.services.turns import adjudicate_phase
from engine import variants

log = logging.getLogger(__name__)

# the predicate of the partial indexes on game, written out (see the module's docstring)
ACTIVE: ColumnClause[str] = literal_column(f"'{GameStatus.ACTIVE.value}'")


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
        # the posts of a pass go out while its later turns are resolved (each result as soon
        # as its turn is committed): one posting task at a time, asked again after each turn
        self._posting: asyncio.Task[None] | None = None
        self._post_again = False
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
                    self._post_soon(now)
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
            posting = self._posting
            if posting is not None:
                await asyncio.wait([posting])
            await self.poster.post_pending(now=now)
        return resolved

    def _post_soon(self, now: datetime) -> None:
        """Post what a committed turn queued now, in a task of its own, while the next turns
        of the pass are resolved (a deadline storm posts each result as it comes, not all
        turns first and then all posts)."""
        if self.poster is None:
            return
        self._post_again = True
        if self._posting is None or self._posting.done():
            self._posting = asyncio.create_task(self._post_while_asked(now),
                                                name="scheduler-posts")

    async def _post_while_asked(self, now: datetime) -> None:
        assert self.poster is not None
        while self._post_again:
            self._post_again = False
            try:
                await self.poster.post_pending(now=now)
            except Exception:  # the pass posts again at its end; the next one after
                log.exception("posting during a pass failed")

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
