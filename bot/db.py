"""The database: one async engine, a session factory, transactions, migrations.

SQLite (default, ``sqlite+aiosqlite:///data/bot.db``) and PostgreSQL (``postgresql+asyncpg://``)
behave the same for the services:

- SQLite: WAL journal, foreign keys on, a generous busy timeout. SQLAlchemy emits BEGIN itself
  (the sqlite3 driver's own transaction handling is disabled, as the SQLAlchemy docs advise), and
  a write transaction starts with ``BEGIN IMMEDIATE`` so that it holds the write lock from its
  first statement: two writers never both read a phase and then both write it.
- PostgreSQL: a write transaction locks the game row with ``SELECT ... FOR UPDATE``
  (``lock_game``); the scheduler claims games with ``FOR UPDATE SKIP LOCKED``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import Game

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_BEGIN_OPTION = "sqlite_begin"


def is_sqlite_url(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def _ensure_sqlite_folder(url: str) -> None:
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)


def make_engine(url: str, *, foreign_keys: bool = True, **kwargs: Any) -> AsyncEngine:
    """An async engine for ``url``; on SQLite, the folder of the file is created and every
    connection gets WAL, foreign keys and SQLAlchemy-controlled BEGIN."""
    if not is_sqlite_url(url):
        kwargs.setdefault("pool_pre_ping", True)
        return create_async_engine(url, **kwargs)
    _ensure_sqlite_folder(url)
    connect_args = dict(kwargs.pop("connect_args", {}))
    connect_args.setdefault("timeout", 30)  # seconds a writer waits for the lock
    engine = create_async_engine(url, connect_args=connect_args, **kwargs)

    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # let SQLAlchemy emit BEGIN (below) instead of the driver's legacy behaviour
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # durable enough with WAL, much faster
        cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get(_BEGIN_OPTION, "")
        conn.exec_driver_sql(f"BEGIN {mode}".strip())

    return engine


class Database:
    """Engine + session factory + the event that wakes the scheduler when deadlines change.

    One per process; services receive it and open one transaction per state change.
    """

    def __init__(self, url: str, **engine_kwargs: Any) -> None:
        self.url = url
        self.engine_kwargs = dict(engine_kwargs)  # reused by migrate(Database)
        self.engine = make_engine(url, **engine_kwargs)
        self.sessions: async_sessionmaker[AsyncSession] = async_sessionmaker(
            self.engine, class_=AsyncSession, expire_on_commit=False)
        self.is_sqlite = is_sqlite_url(url)
        self.deadlines_changed = asyncio.Event()
        # SQLite has one writer at a time; queueing writers of this process here is much
        # faster than letting them spin in SQLite's busy handler (which sleeps up to 100 ms
        # between tries). Other processes are still held off by BEGIN IMMEDIATE.
        self._sqlite_writer = asyncio.Lock()

    @asynccontextmanager
    async def transaction(self, *, write: bool = True) -> AsyncIterator[AsyncSession]:
        """A session inside one transaction, committed on success, rolled back on error.

        ``write=True`` on SQLite begins with ``BEGIN IMMEDIATE`` (the write lock is taken
        first, so read-then-write sequences cannot interleave with another writer). Write
        transactions must not be nested in one task (the second would wait for the first)."""
        if not (write and self.is_sqlite):
            async with self.sessions() as session, session.begin():
                yield session
            return
        async with self._sqlite_writer, self.sessions() as session, session.begin():
            await session.connection(execution_options={_BEGIN_OPTION: "IMMEDIATE"})
            yield session

    def notify_deadlines(self) -> None:
        """Wake the scheduler: a deadline or a reminder time changed, or posts are queued."""
        self.deadlines_changed.set()

    async def dispose(self) -> None:
        await self.engine.dispose()


async def lock_game(session: AsyncSession, game_id: int) -> Game | None:
    """The game row, locked until the end of the transaction (FOR UPDATE on PostgreSQL; on
    SQLite the IMMEDIATE transaction already holds the only write lock)."""
    result = await session.exec(
        select(Game).where(Game.id == game_id)
        .with_for_update().execution_options(populate_existing=True))
    return result.first()


def alembic_config(url: str) -> Any:
    """The Alembic configuration of the package, wherever the process was started from."""
    from alembic.config import Config

    config = Config(str(MIGRATIONS_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


async def migrate(target: str | Database, revision: str = "head", *,
                  downgrade: bool = False) -> None:
    """Apply the Alembic migrations (``upgrade head`` by default) to ``target``.

    On SQLite foreign keys are switched off while migrating: batch mode recreates tables, and
    dropping a referenced table with foreign keys on would delete child rows (ON DELETE
    CASCADE). Integrity is checked afterwards instead."""
    from alembic import command

    url = target.url if isinstance(target, Database) else target
    kwargs = dict(target.engine_kwargs) if isinstance(target, Database) else {}
    if is_sqlite_url(url):
        kwargs["foreign_keys"] = False
    engine = make_engine(url, **kwargs)
    config = alembic_config(url)

    def run(connection: Connection) -> None:
        config.attributes["connection"] = connection
        if downgrade:
            command.downgrade(config, revision)
        else:
            command.upgrade(config, revision)

    try:
        async with engine.begin() as conn:
            await conn.run_sync(run)
            if is_sqlite_url(url):
                problems = (await conn.execute(text("PRAGMA foreign_key_check"))).fetchall()
                if problems:
                    raise RuntimeError(f"foreign key violations after migration: {problems}")
    finally:
        await engine.dispose()
