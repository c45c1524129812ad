"""Board answers kept while what they were built from stays the same, and the small read that
tells (the budget: one web process answers >= 1,000 board-state requests/s).

A board-state answer is a function of a few rows: the game's row (its ``version`` moves with
every change of its state; its phase, status, deadline, name, options, ``updated_at``), the
seats (who holds which power, who is still seated: a replaced player's cookie is refused
from them), and for a player the order sets of their own powers in the phase (every write
sets ``updated_at``; a cleared set is a deleted row). ``Fresh.player``/``Fresh.anyone`` read
only those scalars (never the STATE) and hash them with a key of the deployment's: that is
the answer's ETag. An answer is built once per ETag and served again while the ETag is the
same; a request whose ``If-None-Match`` is the current ETag gets a 304, nothing built.

Never part of it: another power's orders, anyone's bids or ballots (an ETag moving with them
would tell a player when someone else acts). A season of sealed bids (the caller's own
bids are in the answer) is not kept: it is built each time.

The read: on a SQLite file it runs on the event loop's own thread, through a connection of
its own, in one read transaction (a thread hop costs ten times the read). A reader in WAL
mode waits for no writer; should it meet a lock anyway (its busy timeout is zero), the read
goes through ``Database.run`` as any other. On other databases, ``Database.run``.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import sqlite3
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from sqlalchemy import String, bindparam, cast, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.sql import Select

from bot.db import Database, make_sync_sqlite_engine
from bot.models import Game, OrderSet, Player
from bot.sealing import Sealer
from bot.services.common import SEATED
from engine import variants

_G, _P, _O = (Game.__table__, Player.__table__,  # type: ignore[attr-defined]
              OrderSet.__table__)  # type: ignore[attr-defined]
# text casts: the same values whether the driver's raw rows (the loop's connection) or
# SQLAlchemy's (Database.run) are read, so both paths give the same ETag
GAME_PROBE = select(
    _G.c.version, _G.c.phase, _G.c.status, cast(_G.c.deadline, String), _G.c.name,
    _G.c.variant, cast(_G.c.options, String), cast(_G.c.updated_at, String),
).where(_G.c.id == bindparam("game_id"))
SEATS_PROBE = select(
    _P.c.id, _P.c.user_id, _P.c.status, cast(_P.c.powers, String),
).where(_P.c.game_id == bindparam("game_id")).order_by(_P.c.id)
SETS_PROBE = select(
    _O.c.id, _O.c.power, _O.c.text, _O.c.ready, cast(_O.c.updated_at, String),
).where(_O.c.game_id == bindparam("game_id"),
        _O.c.phase == select(_G.c.phase).where(_G.c.id == bindparam("game_id"))
        .scalar_subquery()).order_by(_O.c.id)

Rows = list[tuple[Any, ...]]
R = TypeVar("R")


def _plain(value: Any) -> Any:
    """A value as both paths give it (SQLite's 0/1 and SQLAlchemy's booleans alike)."""
    return value if value is None or isinstance(value, str) else int(value)


def _rows_in(connection: Connection, reads: Sequence[tuple[Select[Any], dict[str, Any]]]
             ) -> list[Rows]:
    return [[tuple(r) for r in connection.execute(statement, params).all()]
            for statement, params in reads]


class Reader:
    """A few small indexed reads in one read transaction, at the lowest cost the database
    allows (the module's docstring)."""

    def __init__(self, db: Database, *, on_loop: bool = True) -> None:
        self.db = db
        self._engine: Engine | None = None
        self._raw: Any = None  # the pooled connection; its driver_connection is sqlite3's
        self._tried = not (db.is_sqlite and on_loop)
        self._sql: dict[int, tuple[str, tuple[str, ...]]] = {}

    def _connection(self) -> sqlite3.Connection | None:
        if not self._tried:
            self._tried = True
            self._engine = make_sync_sqlite_engine(self.db.url)
            if self._engine is not None:
                self._raw = self._engine.raw_connection()
                conn = self._raw.driver_connection
                # never wait on the loop's thread: busy means "read it the usual way"
                conn.execute("PRAGMA busy_timeout=0")
                conn.execute("PRAGMA query_only=ON")
        return None if self._raw is None else self._raw.driver_connection  # type: ignore[no-any-return]

    def _compiled(self, statement: Select[Any]) -> tuple[str, tuple[str, ...]]:
        key = id(statement)
        if key not in self._sql:
            assert self._engine is not None
            compiled = statement.compile(dialect=self._engine.dialect)
            self._sql[key] = (str(compiled), tuple(compiled.positiontup or ()))
        return self._sql[key]

    def _now(self, conn: sqlite3.Connection,
             reads: Sequence[tuple[Select[Any], dict[str, Any]]]) -> list[Rows]:
        cursor = conn.cursor()
        try:
            cursor.execute("BEGIN")
            out = []
            for statement, params in reads:
                sql, names = self._compiled(statement)
                out.append(cursor.execute(sql, tuple(params[n] for n in names)).fetchall())
            cursor.execute("COMMIT")
            return out
        except Exception:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        finally:
            cursor.close()

    async def rows(self, *reads: tuple[Select[Any], dict[str, Any]]) -> list[Rows]:
        conn = self._connection()
        if conn is not None:
            try:
                return self._now(conn, reads)
            except sqlite3.OperationalError:  # a lock this read would wait for
                pass
        return await self.db.run(partial(_rows_in, reads=reads), write=False,
                                 autocommit=True)

    def close(self) -> None:
        if self._raw is not None:
            self._raw.close()
            self._raw = None
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None


@dataclass(frozen=True)
class Probe:
    """What a board-state request learnt from the probe: a refusal reason (``not_found``,
    ``replaced``), or the ETag of the answer (None: not kept, build it the usual way)."""

    refused: str | None = None
    etag: str | None = None


class Fresh:
    """The probes, the ETags and the answers already built (one per ETag, the latest
    ``size`` kept, compressed)."""

    def __init__(self, db: Database, sealer: Sealer, *, size: int = 2048) -> None:
        self.reader = Reader(db)
        self._key = sealer.derived_key("board-etag")
        self._size = size
        self._answers: OrderedDict[str, bytes] = OrderedDict()
        self._building: dict[str, asyncio.Future[bytes | None]] = {}

    def _etag(self, *parts: Any) -> str:
        digest = hashlib.blake2b(repr(parts).encode(), key=self._key, digest_size=15)
        return f'"{digest.hexdigest()}"'

    @staticmethod
    def _game(rows: Rows) -> tuple[Any, ...] | None:
        return tuple(_plain(v) for v in rows[0]) if rows else None

    @staticmethod
    def _kept(game: tuple[Any, ...]) -> bool:
        """A started game outside a season of sealed bids (the caller's bids are in the
        answer): the variant tells from the phase id, no STATE read."""
        phase, variant = game[1], game[5]
        return phase is not None and not variants.bids_in(str(variant), str(phase))

    async def player(self, game_id: int, *, user_id: int, player_id: int, csrf: str,
                     lang: str) -> Probe:
        game_rows, seat_rows, set_rows = await self.reader.rows(
            (GAME_PROBE, {"game_id": game_id}), (SEATS_PROBE, {"game_id": game_id}),
            (SETS_PROBE, {"game_id": game_id}))
        game = self._game(game_rows)
        if game is None:
            return Probe(refused="not_found")
        seats = tuple(tuple(_plain(v) for v in r) for r in seat_rows)
        seat = next((s for s in seats if s[0] == player_id and s[1] == user_id
                     and s[2] in SEATED), None)
        if seat is None:
            return Probe(refused="replaced")
        if not self._kept(game):
            return Probe()
        powers = set(json.loads(seat[3] or "[]"))
        own = tuple(tuple(_plain(v) for v in r) for r in set_rows if r[1] in powers)
        return Probe(etag=self._etag("player", game_id, game, seats, own, player_id, user_id,
                                     csrf, lang))

    async def anyone(self, game_id: int, *, lang: str, seq: int | None) -> Probe:
        (game_rows,) = await self.reader.rows((GAME_PROBE, {"game_id": game_id}))
        game = self._game(game_rows)
        if game is None:
            return Probe(refused="not_found")
        if game[1] is None:  # not started: the usual way says so
            return Probe()
        return Probe(etag=self._etag("anyone", game_id, game, lang, seq))

    async def answer(self, etag: str, build: Callable[[], Awaitable[bytes | R]]) -> bytes | R:
        """The compressed answer of ``etag``: kept, being built by another request (the
        pages of a game all ask at once after a turn), or built now. ``build`` gives the
        JSON, or anything else when it refused (given back, nothing kept)."""
        kept = self._answers.get(etag)
        if kept is not None:
            self._answers.move_to_end(etag)
            return kept
        pending = self._building.get(etag)
        if pending is not None:
            got = await asyncio.shield(pending)
            if got is not None:
                return got
        future: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
        self._building[etag] = future
        packed: bytes | None = None
        try:
            built = await build()
            if not isinstance(built, bytes):
                return built
            packed = gzip.compress(built, 6, mtime=0)
            self._answers[etag] = packed
            while len(self._answers) > self._size:
                self._answers.popitem(last=False)
            return packed
        finally:
            future.set_result(packed)
            if self._building.get(etag) is future:
                del self._building[etag]

    def close(self) -> None:
        self.reader.close()


def not_modified(if_none_match: str | None, etag: str) -> bool:
    if not if_none_match:
        return False
    return any(tag.strip().removeprefix("W/") == etag for tag in if_none_match.split(","))
