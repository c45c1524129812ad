"""Every database test runs on a SQLite file and, when ``TEST_POSTGRES_URL`` is set (``.ci/run``
sets it when the local server answers), on PostgreSQL in a fresh schema dropped afterwards.
The schema is always built by the Alembic migrations, never by ``create_all``."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Engine
from sqlalchemy.ext.asyncio import create_async_engine

from bot.db import Database, migrate
from bot.services import games, players

PG_URL = os.environ.get("TEST_POSTGRES_URL")
T0 = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
GM = 1000
USERS = [101, 102, 103, 104, 105, 106, 107]


@pytest.fixture(params=["sqlite", "postgres"])
async def database_target(request: pytest.FixtureRequest, tmp_path: Path
                          ) -> AsyncIterator[tuple[str, dict[str, Any]]]:
    """(url, engine kwargs) of an empty database."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", {}
        return
    if not PG_URL:
        pytest.skip("TEST_POSTGRES_URL not set")
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_async_engine(PG_URL, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield PG_URL, {"connect_args": {"server_settings": {"search_path": schema}}}
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await admin.dispose()


@pytest.fixture
async def db(database_target: tuple[str, dict[str, Any]]) -> AsyncIterator[Database]:
    url, kwargs = database_target
    database = Database(url, **kwargs)
    await migrate(database)
    try:
        yield database
    finally:
        await database.dispose()


async def new_game(db: Database, *, n_players: int = 7, options: dict[str, Any] | None = None,
                   start: bool = True, seed: int = 7, channel_id: int = 555,
                   now: datetime = T0, **kwargs: Any) -> int:
    """A classic game with ``n_players`` signed up (and started)."""
    view = await games.create_game(db, variant="classic", channel_id=channel_id,
                                   gm_user_id=GM, guild_id=42, options=options, now=now,
                                   **kwargs)
    for user in USERS[:n_players]:
        await players.join_game(db, game_id=view.id, user_id=user, now=now)
    if start:
        await games.start_game(db, game_id=view.id, user_id=GM, seed=seed, now=now)
    return view.id


async def user_of(db: Database, game_id: int, power: str) -> int:
    view = await games.get_game(db, game_id=game_id)
    for p in view.players:
        if power in p.powers and p.status in ("active", "civil_disorder"):
            return p.user_id
    raise AssertionError(f"nobody holds {power}")


async def dump(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table (ordered): to prove that a refused request changed nothing."""
    from bot.models import TABLES

    out: dict[str, list[tuple[Any, ...]]] = {}
    async with db.transaction(write=False) as session:
        for table in TABLES:
            name = table.__tablename__
            rows = (await session.exec(text(f"SELECT * FROM {name} ORDER BY id"))).all()  # type: ignore[call-overload]
            out[str(name)] = [tuple(r) for r in rows]
    return out


@contextmanager
def sent() -> Iterator[list[str]]:
    """Every statement the databases are sent meanwhile (upper case, one line) and
    "COMMIT" for each commit: what a test counts the round trips of a use case with."""
    seen: list[str] = []

    def statement(conn: object, cursor: object, text: str, *args: object) -> None:
        seen.append(" ".join(text.split()).upper())

    def commit(conn: object) -> None:
        seen.append("COMMIT")

    event.listen(Engine, "before_cursor_execute", statement)
    event.listen(Engine, "commit", commit)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", statement)
        event.remove(Engine, "commit", commit)


async def table_names(db: Database) -> set[str]:
    async with db.engine.connect() as conn:
        return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))


async def down_and_up(db: Database, table: str, before_revision: str) -> None:
    """A migration taken back (to ``before_revision``, the one before it: later ones go
    too) drops ``table`` and nothing else it did not add; upgraded again, every table is
    back."""
    before = await table_names(db)
    assert table in before
    await migrate(db, before_revision, downgrade=True)
    after = await table_names(db)
    assert table not in after and after < before
    await migrate(db)
    assert await table_names(db) == before
