"""Deadlines and the outbox poster (DESIGN.md "Persistence").

Deadlines are rows (``Game.deadline``, ``Game.reminder_at``); nothing per game lives in memory.
One loop sleeps until the next due time — or until ``Database.deadlines_changed`` is set by a
service — then:

1. claims due games with a lease (PostgreSQL: ``FOR UPDATE SKIP LOCKED``; SQLite: an atomic
   ``UPDATE ... WHERE lease expired``), so that several processes never resolve the same game;
2. resolves each claimed game with ``turns.adjudicate_phase`` (which re-checks phase, version
   and deadline under the game lock: a repeated claim never resolves twice);
3. queues reminders for players who have not ordered, when a game's ``reminder_at`` is due;
4. posts pending outbox rows through the ``send`` callback of the Discord layer, rendering the
   map in a thread; a row is stamped sent only after ``send`` returned, so a crash between
   commit and post re-sends after restart — and never re-adjudicates.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import and_, col, func, or_, select, update

from bot.db import Database
from bot.models import Game, GameStatus, Guild, OrderSet, Outbox, PhaseRecord, Player, utcnow
from bot.services.common import SEATED, iso, waiting_powers
from bot.services.errors import ServiceError
from bot.services.registry import rules_for
from bot.services.turns import adjudicate_phase
from engine import api as engine_api
from engine import variants

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8  # a post failing this often is left for a human (last_error says why)


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


Send = Callable[[PostMessage], Awaitable[None]]
Render = Callable[..., bytes]


def default_owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _backoff(attempts: int) -> timedelta:
    return timedelta(seconds=min(3600, 5 * 2 ** max(0, attempts - 1)))


class OutboxPoster:
    """Sends pending outbox rows in order; at-least-once, marked sent after ``send``."""

    def __init__(self, db: Database, send: Send, *, owner: str | None = None,
                 render: Render | None = None, claim_seconds: float = 120.0,
                 default_locale: str = "en") -> None:
        self.db = db
        self.send = send
        self.owner = owner or default_owner()
        # engine.api.render draws the variant's legend (duel treasuries, influence)
        self.render = render or engine_api.render
        self.claim = timedelta(seconds=claim_seconds)
        self.default_locale = default_locale

    async def post_pending(self, *, now: datetime | None = None, limit: int = 100) -> int:
        """Post every due row (oldest first); returns how many were sent."""
        now = now or utcnow()
        async with self.db.transaction(write=False) as session:
            rows = (await session.exec(select(Outbox.id, Outbox.game_id, Outbox.claim_until)
                                       .where(col(Outbox.sent_at).is_(None),
                                              col(Outbox.attempts) < MAX_ATTEMPTS)
                                       .order_by(col(Outbox.id)).limit(limit))).all()
        sent = 0
        # posts of one game go out in order: one that is waiting (claimed elsewhere, or
        # backing off after a failure) holds back the later ones
        blocked: set[int | None] = set()
        for row_id, game_id, claim_until in rows:
            if game_id in blocked:
                continue
            if (claim_until is not None and claim_until >= now) \
                    or not await self._claim(row_id, now):
                blocked.add(game_id)
                continue
            try:
                message = await self._build(row_id)
                await self.send(message)
            except Exception as exc:  # the Discord layer's failure: retry later
                log.warning("post %s failed: %r", row_id, exc)
                blocked.add(game_id)
                await self._failed(row_id, repr(exc), now)
                continue
            await self._sent(row_id)
            sent += 1
        return sent

    async def _claim(self, row_id: int | None, now: datetime) -> bool:
        async with self.db.transaction() as session:
            result = await session.exec(update(Outbox).where(  # type: ignore[call-overload]
                col(Outbox.id) == row_id, col(Outbox.sent_at).is_(None),
                or_(col(Outbox.claim_until).is_(None), col(Outbox.claim_until) < now))
                .values(claim_owner=self.owner, claim_until=now + self.claim))
            return bool(result.rowcount == 1)

    async def _sent(self, row_id: int | None) -> None:
        async with self.db.transaction() as session:
            await session.exec(update(Outbox).where(  # type: ignore[call-overload]
                col(Outbox.id) == row_id).values(sent_at=utcnow(), claim_owner=None,
                                                 claim_until=None))

    async def _failed(self, row_id: int | None, error: str, now: datetime) -> None:
        async with self.db.transaction() as session:
            row = await session.get(Outbox, row_id)
            if row is not None:
                row.attempts += 1
                row.last_error = error[:500]
                row.claim_owner = None
                row.claim_until = now + _backoff(row.attempts)
        self.db.notify_deadlines()

    async def _build(self, row_id: int | None) -> PostMessage:
        """Load what the post needs (short read transaction), then render off the loop."""
        async with self.db.transaction(write=False) as session:
            row = await session.get(Outbox, row_id)
            assert row is not None and row.id is not None
            game = await session.get(Game, row.game_id) if row.game_id is not None else None
            locale = self.default_locale
            if game is not None and game.guild_id is not None:
                guild = await session.get(Guild, game.guild_id)
                locale = (guild.locale if guild and guild.locale else locale)
            spec = row.payload.get("map") or {}
            state: dict[str, Any] | None = None
            results: list[dict[str, Any]] | None = None
            if spec.get("source") == "record" and game is not None:
                # the map of the first record; the results of every phase the turn resolved
                seqs = row.payload.get("seqs") or [spec.get("seq")]
                records = (await session.exec(select(PhaseRecord).where(
                    PhaseRecord.game_id == game.id, col(PhaseRecord.seq).in_(seqs))
                    .order_by(col(PhaseRecord.seq)))).all()
                if records:
                    state = records[0].state
                    results = [r for record in records for r in record.results]
            elif spec.get("source") == "game" and game is not None and game.state:
                state = game.state
            payload = dict(row.payload)
            kind = row.kind
            channel = game.channel_id if game else None
            thread = game.thread_id if game else None
            game_id = row.game_id
        image = None
        if state is not None:
            # the renderer is CPU-bound: never on the event loop (DESIGN.md). A map that
            # cannot be drawn must not hold back the results: they go out without it.
            try:
                image = await asyncio.to_thread(self.render, state, results=results,
                                                locale=locale)
            except Exception:
                log.exception("map of post %s could not be rendered", row_id)
        return PostMessage(outbox_id=row_id or 0, game_id=game_id, kind=kind, payload=payload,
                           channel_id=channel, thread_id=thread,
                           user_id=payload.get("user_id"), locale=locale, image=image,
                           results=results)


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

    def stop(self) -> None:
        self._stopping.set()
        self.db.notify_deadlines()

    async def run(self) -> None:
        """Loop until ``stop()``: one pass, then sleep until the next due time or a wake-up.
        Errors of one pass are logged; the loop goes on."""
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
                          lease_owner=self.owner, now=now)
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
        return and_(col(Game.status) == GameStatus.ACTIVE.value,
                    col(Game.deadline).is_not(None), col(Game.deadline) <= now,
                    or_(col(Game.lease_until).is_(None), col(Game.lease_until) < now))

    async def claim_due(self, now: datetime) -> list[tuple[int, str | None, int]]:
        """Take a lease on due games; returns (id, phase, version) of those this process won."""
        return (await self._claim(now))[0]

    async def _claim(self, now: datetime) -> tuple[list[tuple[int, str | None, int]], int]:
        """(games won, candidates seen): a full batch of candidates means there may be more
        due games even when other processes won all of these."""
        until = now + self.lease
        if not self.db.is_sqlite:
            async with self.db.transaction() as session:
                rows = (await session.exec(select(Game.id, Game.phase, Game.version)
                                           .where(self._due(now))
                                           .order_by(col(Game.deadline)).limit(self.batch)
                                           .with_for_update(skip_locked=True))).all()
                ids = [r[0] for r in rows]
                if ids:
                    await session.exec(update(Game).where(  # type: ignore[call-overload]
                        col(Game.id).in_(ids)).values(lease_owner=self.owner,
                                                      lease_until=until))
                return [(int(r[0] or 0), r[1], int(r[2])) for r in rows], len(rows)
        async with self.db.transaction(write=False) as session:
            rows = (await session.exec(select(Game.id, Game.phase, Game.version)
                                       .where(self._due(now)).order_by(col(Game.deadline))
                                       .limit(self.batch))).all()
        won = []
        for game_id, phase, version in rows:
            async with self.db.transaction() as session:
                result = await session.exec(update(Game).where(  # type: ignore[call-overload]
                    col(Game.id) == game_id, self._due(now))
                    .values(lease_owner=self.owner, lease_until=until))
                if result.rowcount == 1:
                    won.append((int(game_id or 0), phase, int(version)))
        return won, len(rows)

    async def send_reminders(self, now: datetime) -> int:
        """Queue a DM for each player (reminders on) who has a choice but has neither sent
        orders nor said ready; the game's ``reminder_at`` is cleared in the same
        transaction, so a reminder is queued once."""
        async with self.db.transaction(write=False) as session:
            ids = (await session.exec(select(Game.id).where(
                col(Game.status) == GameStatus.ACTIVE.value,
                col(Game.reminder_at).is_not(None), col(Game.reminder_at) <= now)
                .limit(200))).all()
        queued = 0
        for game_id in ids:
            async with self.db.transaction() as session:
                result = await session.exec(update(Game).where(  # type: ignore[call-overload]
                    col(Game.id) == game_id, col(Game.reminder_at).is_not(None),
                    col(Game.reminder_at) <= now).values(reminder_at=None))
                if result.rowcount != 1:
                    continue  # another process took it
                game = await session.get(Game, game_id)
                assert game is not None
                players = list((await session.exec(select(Player).where(
                    Player.game_id == game_id))).all())
                choices = rules_for(game.variant).choices(game, players)
                waiting = waiting_powers(players, choices)
                answered = {o.power for o in (await session.exec(select(OrderSet).where(
                    OrderSet.game_id == game_id, OrderSet.phase == game.phase))).all()
                    if o.text.strip() or o.ready}
                for p in players:
                    missing = sorted(set(p.powers) & waiting - answered)
                    if p.status in SEATED and p.reminders and missing:
                        session.add(Outbox(game_id=game_id, kind="reminder", created_at=now,
                                           payload={"user_id": p.user_id, "phase": game.phase,
                                                    "deadline": iso(game.deadline),
                                                    "powers": missing}))
                        queued += 1
        return queued

    async def next_due(self) -> datetime | None:
        """The earliest deadline, reminder or post retry: three MIN() queries, nothing
        loaded per game."""
        async with self.db.transaction(write=False) as session:
            active = col(Game.status) == GameStatus.ACTIVE.value
            deadline = (await session.exec(select(func.min(Game.deadline)).where(
                active, col(Game.lease_until).is_(None)))).one()
            leased = (await session.exec(select(func.min(Game.lease_until)).where(
                active, col(Game.lease_until).is_not(None)))).one()
            reminder = (await session.exec(select(func.min(Game.reminder_at))
                                           .where(active))).one()
            retry = (await session.exec(select(func.min(Outbox.claim_until)).where(
                col(Outbox.sent_at).is_(None), col(Outbox.attempts) < MAX_ATTEMPTS))).one()
            pending = (await session.exec(select(func.count()).select_from(Outbox).where(
                col(Outbox.sent_at).is_(None), col(Outbox.attempts) < MAX_ATTEMPTS,
                col(Outbox.claim_until).is_(None)))).one() if self.poster else 0
        from bot.models import UTCDateTime

        conv = UTCDateTime()
        dialect = self.db.engine.dialect
        times = [conv.process_result_value(t, dialect) if isinstance(t, datetime) else None
                 for t in (deadline, leased, reminder, retry if self.poster else None)]
        if pending:
            times.append(self.clock())
        found = [t for t in times if t is not None]
        return min(found) if found else None

    async def seconds_until_next(self) -> float:
        due = await self.next_due()
        if due is None:
            return self.max_sleep
        return max(0.0, min(self.max_sleep, (due - self.clock()).total_seconds()))
