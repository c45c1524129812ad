"""The outbox poster (docs/ARCHITECTURE.md "The turn pipeline"): posts pending outbox rows
through the ``send`` callback of the Discord layer, rendering the map in the render processes
(``bot.render_pool``); a row is stamped sent only after ``send`` returned, so a crash between
commit and post re-sends after restart — and never re-adjudicates. Pending rows are read
through ``ix_outbox_pending`` (a partial index of ``bot.models``)."""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy.engine import Connection
from sqlmodel import Session, col, or_, select, update

from bot.db import Database
from bot.models import Game, Guild, Outbox, PhaseRecord, utcnow
from bot.render_pool import Render, render_pool
from bot.services.options import map_style
from engine import api as engine_api

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
    alt: str | None = None  # the image's description for screen readers (engine.describe)


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
                if isinstance(spec.get("results"), list):  # what changed, for its description
                    results = spec["results"]
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
        alt = map_description(state, results, locale) if image is not None and state is not None else None
        return PostMessage(outbox_id=row_id, game_id=loaded.game_id, kind=loaded.kind,
                           payload=loaded.payload, channel_id=loaded.channel,
                           thread_id=loaded.thread, user_id=loaded.payload.get("user_id"),
                           locale=locale, image=image, results=results, alt=alt)


def map_description(state: dict[str, Any], results: list[dict[str, Any]] | None,
                    locale: str) -> str | None:
    """What the map says, for a screen reader (WCAG 1.1.1), for every map the bot posts (the
    outbox's and ``bot.ui.maps``); none rather than no post."""
    try:
        return engine_api.alt_text(state, results=results, locale=locale)
    except Exception:  # an odd STATE still gets its post, without a description
        log.exception("no description for a map")
        return None
