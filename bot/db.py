"""The database: one async engine, a session factory, transactions, migrations.

SQLite (default, ``sqlite+aiosqlite:///data/bot.db``) and PostgreSQL (``postgresql+asyncpg://``)
behave the same for the services:

- SQLite: WAL journal, foreign keys on, a generous busy timeout. SQLAlchemy emits BEGIN itself
  (the sqlite3 driver's own transaction handling is disabled, as the SQLAlchemy docs advise), and
  a write transaction starts with ``BEGIN IMMEDIATE`` so that it holds the write lock from its
  first statement: two writers never both read a phase and then both write it.
- PostgreSQL: a write transaction locks the game row with ``SELECT ... FOR UPDATE``
  (``lock_game``); the scheduler claims games with ``FOR UPDATE SKIP LOCKED``.

Hot paths (an order submission) run a whole transaction as one synchronous function on a
Core ``Connection`` (``Database.run``): on a SQLite file it runs in a worker thread with the
synchronous sqlite3 driver (one thread hop per transaction instead of one per statement
through aiosqlite); elsewhere through the async engine (``AsyncConnection.run_sync``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    async_sessionmaker,
    create_async_engine,
)
from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import Game
from bot.sealing import Sealer

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
WAKE_CHANNEL = "diplomacy_wake"  # PostgreSQL: deadlines changed or posts queued somewhere
log = logging.getLogger(__name__)
_BEGIN_OPTION = "sqlite_begin"
T = TypeVar("T")


def is_sqlite_url(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


class DatabaseBusy(RuntimeError):
    """Another process already serves this SQLite file."""


def hold_sqlite_file(url: str) -> Any:
    """One bot process (or worker) per SQLite file: an exclusive lock on ``<file>.lock``,
    held until the returned file is closed (or the process ends, even by ``kill -9``).
    Several processes share a PostgreSQL database, never a SQLite file (docs/DEPLOY.md).
    None for another database. Raises :class:`DatabaseBusy` with the line to show."""
    parsed = make_url(url)
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:" \
            or database.startswith("file:"):
        return None
    try:
        import fcntl
    except ImportError:  # not on Windows: nothing enforced there
        return None
    path = Path(database).expanduser()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path.with_name(path.name + ".lock"), "a+", encoding="ascii")  # noqa: SIM115
    except OSError as exc:
        raise DatabaseBusy(f"cannot lock {path} (its .lock file beside it): "
                           f"{exc.strerror or exc}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "?"
        handle.close()
        raise DatabaseBusy(f"another bot process (pid {holder}) already uses {path}: one "
                           "process per SQLite file (several processes need PostgreSQL, "
                           "docs/DEPLOY.md)") from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle


def _ensure_sqlite_folder(url: str) -> None:
    database = make_url(url).database
    if database and database != ":memory:" and not database.startswith("file:"):
        Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)


def _sqlite_connection_events(sync_engine: Engine, foreign_keys: bool) -> None:
    """WAL, foreign keys and SQLAlchemy-controlled BEGIN on every connection of the engine."""

    @event.listens_for(sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # let SQLAlchemy emit BEGIN (below) instead of the driver's legacy behaviour
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # durable enough with WAL, much faster
        cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
        cursor.execute("PRAGMA busy_timeout=30000")
        # deleted rows (votes after a tally, bids after a reveal) are overwritten with zeros,
        # not left readable in free pages, whatever this SQLite build's default
        cursor.execute("PRAGMA secure_delete=ON")
        cursor.close()

    @event.listens_for(sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get(_BEGIN_OPTION, "")
        conn.exec_driver_sql(f"BEGIN {mode}".strip())


def _replace_closed_connections(sync_engine: Engine) -> None:
    """A pooled connection that the server has closed (asyncpg saw the socket end) is thrown
    away when taken from the pool, and another opened: what ``pool_pre_ping`` would catch
    after a database restart, without its round trip on every use."""

    @event.listens_for(sync_engine, "checkout")
    def _on_checkout(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        driver = getattr(dbapi_connection, "driver_connection", None)
        closed = getattr(driver, "is_closed", None)
        if callable(closed) and closed():
            raise DisconnectionError("the database closed this connection")


class RedactDriverCalls(logging.Filter):
    """aiosqlite logs every call at DEBUG with its arguments (``executing partial(execute,
    'INSERT INTO vote ...', (crisis, 'france', 'attacker', ...))``): orders, draw votes and
    Impérialisme votes in the logs. Keep the statement, drop its parameters (issue 8)."""

    MESSAGES = frozenset({"executing %s", "operation %s completed"})

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in self.MESSAGES and isinstance(record.args, tuple) and record.args:
            call = record.args[0]
            name = getattr(getattr(call, "func", call), "__name__", "call")
            args = getattr(call, "args", ())
            sql = args[0] if args and isinstance(args[0], str) else ""
            record.args = (f"{name}({sql!r})" if sql else name,)
        return True


def install_log_redaction() -> None:
    """Idempotent: the driver's logger gets the filter once."""
    driver = logging.getLogger("aiosqlite")
    if not any(isinstance(f, RedactDriverCalls) for f in driver.filters):
        driver.addFilter(RedactDriverCalls())


def make_engine(url: str, *, foreign_keys: bool = True, **kwargs: Any) -> AsyncEngine:
    """An async engine for ``url``; on SQLite, the folder of the file is created and every
    connection gets WAL, foreign keys and SQLAlchemy-controlled BEGIN. Statement parameters
    never reach logs or error messages (secret orders and votes)."""
    install_log_redaction()
    kwargs.setdefault("hide_parameters", True)
    if not is_sqlite_url(url):
        # no ping before each use (a round trip: it doubled a read's time, issue 15); a
        # connection the server closed (a restart) is replaced when it is taken instead
        kwargs.setdefault("pool_pre_ping", False)
        engine = create_async_engine(url, **kwargs)
        _replace_closed_connections(engine.sync_engine)
        return engine
    _ensure_sqlite_folder(url)
    connect_args = dict(kwargs.pop("connect_args", {}))
    connect_args.setdefault("timeout", 30)  # seconds a writer waits for the lock
    engine = create_async_engine(url, connect_args=connect_args, **kwargs)
    _sqlite_connection_events(engine.sync_engine, foreign_keys)
    return engine


def make_sync_sqlite_engine(url: str, *, foreign_keys: bool = True, **kwargs: Any
                            ) -> Engine | None:
    """A synchronous engine (the sqlite3 driver) on the same SQLite file as ``url``, with the
    same connection settings; None for an in-memory database (another connection would see
    another database)."""
    parsed = make_url(url)
    database = parsed.database
    if not database or database == ":memory:" or "mode=memory" in database:
        return None
    connect_args = dict(kwargs.pop("connect_args", {}))
    connect_args.setdefault("timeout", 30)
    # connections are used by the worker threads of ``Database`` only, one at a time
    connect_args["check_same_thread"] = False
    kwargs.pop("pool_pre_ping", None)
    kwargs.setdefault("hide_parameters", True)  # secret orders never in logs or errors
    engine = create_engine(parsed.set(drivername="sqlite+pysqlite"),
                           connect_args=connect_args, **kwargs)
    _sqlite_connection_events(engine, foreign_keys)
    return engine


def sealer_of(session: AsyncSession) -> Sealer:
    """The sealer of the database a session belongs to (secrets at rest)."""
    return session.info["sealer"]  # type: ignore[no-any-return]


class Database:
    """Engine + session factory + the event that wakes the scheduler when deadlines change.

    One per process; services receive it and open one transaction per state change.
    """

    def __init__(self, url: str, *, sealer: Sealer | None = None,
                 **engine_kwargs: Any) -> None:
        self.url = url
        # seals secrets at rest; a process-only key unless the caller gives the lasting one
        self.sealer = sealer or Sealer.ephemeral()
        self.engine_kwargs = dict(engine_kwargs)  # reused by migrate(Database)
        self.engine = make_engine(url, **engine_kwargs)
        self.sessions: async_sessionmaker[AsyncSession] = async_sessionmaker(
            self.engine, class_=AsyncSession, expire_on_commit=False,
            info={"sealer": self.sealer})
        self.is_sqlite = is_sqlite_url(url)
        self.deadlines_changed = asyncio.Event()
        # PostgreSQL: the NOTIFY that wakes the other processes (notify_deadlines)
        self._notifier: asyncio.Task[None] | None = None
        self._notify_again = False
        # SQLite has one writer at a time; queueing writers of this process here is much
        # faster than letting them spin in SQLite's busy handler (which sleeps up to 100 ms
        # between tries). Other processes are still held off by BEGIN IMMEDIATE.
        self._sqlite_writer = asyncio.Lock()
        # ``run`` on a SQLite file: synchronous engine + worker threads (made on first use)
        self._sync_engine: Engine | None = None
        self._executor: ThreadPoolExecutor | None = None
        self._sync_checked = not self.is_sqlite

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

    async def run(self, work: Callable[[Connection], T], *, write: bool = True,
                  autocommit: bool = False) -> T:
        """``work(connection)`` inside one transaction (committed when it returns, rolled back
        when it raises), on a Core ``Connection``; its result is returned.

        On a SQLite file the whole transaction runs in a worker thread with the synchronous
        driver: one thread hop instead of one per statement (aiosqlite). Writers are queued by
        the same in-process lock as ``transaction`` and begin with ``BEGIN IMMEDIATE``. On
        other databases ``work`` runs through the async engine, with the same isolation as
        ``transaction`` (use ``with_for_update()`` to lock rows on PostgreSQL). ``work`` must
        not touch asyncio or await anything.

        ``autocommit`` (PostgreSQL only; ignored on SQLite): no transaction around ``work``,
        each statement its own — one round trip per statement instead of BEGIN and COMMIT
        more. Only for work whose every statement is correct on its own (a read whose result
        a guarded write checks again, a write guarded by its own conditions)."""
        sync_engine = self._sync()
        if autocommit and not self.is_sqlite:
            async with self.engine.connect() as connection:
                connection = await connection.execution_options(isolation_level="AUTOCOMMIT")
                return await connection.run_sync(work)
        if sync_engine is None:
            async with self.transaction(write=write) as session:
                connection = await session.connection()
                return await connection.run_sync(work)
        loop = asyncio.get_running_loop()
        if not write:
            return await loop.run_in_executor(self._executor, _run_sync, sync_engine, work, "")
        async with self._sqlite_writer:
            future = loop.run_in_executor(self._executor, _run_sync, sync_engine, work,
                                          "IMMEDIATE")
            try:
                return await asyncio.shield(future)
            except asyncio.CancelledError:
                # the thread ends its transaction anyway (commit or rollback); the next
                # writer of this process waits for it here, not in SQLite's busy handler
                await asyncio.wait([future])
                raise

    async def read(self, statement: Any) -> list[Any]:
        """The rows of one read-only statement, in as few round trips as the database
        allows: on a SQLite file through ``run``'s worker thread (one hop); on PostgreSQL
        outside an explicit transaction (one round trip instead of BEGIN, the query and
        COMMIT — a single statement sees one consistent snapshot anyway)."""
        if self.is_sqlite:
            return await self.run(lambda c: list(c.execute(statement).all()), write=False)
        async with self.engine.connect() as connection:
            connection = await connection.execution_options(isolation_level="AUTOCOMMIT")
            return list((await connection.execute(statement)).all())

    def _sync(self) -> Engine | None:
        if not self._sync_checked:
            self._sync_checked = True
            kwargs = dict(self.engine_kwargs)
            self._sync_engine = make_sync_sqlite_engine(self.url, **kwargs)
            if self._sync_engine is not None:
                # two threads: a reader does not wait behind a writer held by another process
                self._executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="sqlite")
        return self._sync_engine

    def notify_deadlines(self) -> None:
        """Wake the scheduler: a deadline or a reminder time changed, or posts are queued.
        Called after the change is committed. On PostgreSQL the schedulers of the other
        processes are woken too (``NOTIFY``, sent in the background: the caller never waits
        for it; notifications that pile up while one is being sent go as one)."""
        self.deadlines_changed.set()
        if self.is_sqlite:
            return
        self._notify_again = True
        if self._notifier is not None and not self._notifier.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop: nothing runs that could listen
            return
        self._notifier = loop.create_task(self._notify_others(), name="notify-deadlines")

    async def _notify_others(self) -> None:
        while self._notify_again:
            self._notify_again = False
            try:
                async with self.engine.connect() as connection:
                    connection = await connection.execution_options(
                        isolation_level="AUTOCOMMIT")
                    await connection.execute(text("SELECT pg_notify(:channel, '')"),
                                             {"channel": WAKE_CHANNEL})
            except Exception as exc:  # the others wake up at their next safety-net time
                log.warning("could not wake the other processes: %r", exc)

    async def relay_wake_ups(self) -> None:
        """Until cancelled: on PostgreSQL, set ``deadlines_changed`` whenever any process
        notifies (``LISTEN`` on a connection of its own, taken again when it is lost, with a
        back-off). Returns at once on SQLite (one process)."""
        if self.is_sqlite:
            return
        delay = 1.0
        while True:
            started = asyncio.get_running_loop().time()
            try:
                await self._listen()
                log.warning("the connection listening for wake-ups was lost")
            except Exception as exc:
                log.warning("listening for wake-ups failed (%r): again in %.0f s", exc, delay)
            if asyncio.get_running_loop().time() - started > 60:
                delay = 1.0  # it had worked for a while
            await asyncio.sleep(delay)
            delay = min(60.0, delay * 2)

    async def _listen(self) -> None:
        """LISTEN until the connection is lost (or the task cancelled)."""
        lost = asyncio.Event()

        def wake(*_args: Any) -> None:
            self.deadlines_changed.set()

        def dropped(*_args: Any) -> None:
            lost.set()

        async with self.engine.connect() as connection:
            driver: Any = (await connection.get_raw_connection()).driver_connection
            await driver.add_listener(WAKE_CHANNEL, wake)
            driver.add_termination_listener(dropped)
            self.deadlines_changed.set()  # what changed while nobody listened
            try:
                await lost.wait()
            finally:
                with contextlib.suppress(Exception):
                    await driver.remove_listener(WAKE_CHANNEL, wake)
                    driver.remove_termination_listener(dropped)

    async def dispose(self) -> None:
        if self._notifier is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._notifier), timeout=5)
            self._notifier = None
        if self._executor is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._executor.shutdown)
            self._executor = None
        if self._sync_engine is not None:
            self._sync_engine.dispose()
            self._sync_engine = None
            self._sync_checked = False
        await self.engine.dispose()


def _run_sync(engine: Engine, work: Callable[[Connection], T], begin: str) -> T:
    """One transaction in the calling (worker) thread: ``BEGIN <begin>``, ``work``, commit
    (rollback when it raises)."""
    with engine.connect() as connection:
        if begin:
            connection.execution_options(**{_BEGIN_OPTION: begin})
        with connection.begin():
            return work(connection)


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


MIGRATION_LOCK = 0x6469706C6F  # any constant; "diplo": the advisory lock of migrations


async def migrate_exclusively(connection: AsyncConnection, *, sqlite: bool) -> None:
    """Begin the migration's transaction so that processes started together (N bot
    processes and a worker) migrate one after the other: the first applies the migrations,
    the others then find the schema at its revision. PostgreSQL: a transaction-level
    advisory lock; SQLite: the write lock from the first statement (``BEGIN IMMEDIATE``)."""
    if sqlite:
        await connection.execution_options(**{_BEGIN_OPTION: "IMMEDIATE"})
        await connection.begin()
        return
    await connection.begin()
    await connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                             {"key": MIGRATION_LOCK})


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
        if isinstance(target, Database):  # migrations that move sealed values use its key
            config.attributes["sealer"] = target.sealer
        if downgrade:
            command.downgrade(config, revision)
        else:
            command.upgrade(config, revision)

    try:
        async with engine.connect() as conn:
            await migrate_exclusively(conn, sqlite=is_sqlite_url(url))
            await conn.run_sync(run)
            if is_sqlite_url(url):
                problems = (await conn.execute(text("PRAGMA foreign_key_check"))).fetchall()
                if problems:  # rolled back: the connection closes without a commit
                    raise RuntimeError(f"foreign key violations after migration: {problems}")
            await conn.commit()
    finally:
        await engine.dispose()
