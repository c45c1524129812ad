"""Alembic owns the schema: the migrations build exactly the models, and round-trip."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from sqlmodel import SQLModel

from bot.db import Database, migrate
from bot.models import TABLES
from tests.bot.conftest import table_names

EXPECTED = {str(t.__tablename__) for t in TABLES}


def _head() -> str:
    """The newest revision of bot/migrations (the chain is linear)."""
    from alembic.script import ScriptDirectory

    from bot.db import alembic_config

    return str(ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head())


async def test_migrated_schema_matches_the_models(db: Database) -> None:
    def diff(conn: Any) -> list[Any]:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(context, SQLModel.metadata))

    async with db.engine.connect() as conn:
        differences = await conn.run_sync(diff)
    assert differences == []
    assert await table_names(db) == EXPECTED | {"alembic_version"}


async def test_downgrade_and_upgrade_round_trip(db: Database) -> None:
    async with db.transaction() as session:
        await session.exec(text(  # type: ignore[call-overload]
            "INSERT INTO guild (id, locale, settings, created_at) "
            "VALUES (1, 'fr', '{}', CURRENT_TIMESTAMP)"))
    await migrate(db, "base", downgrade=True)
    assert await table_names(db) == {"alembic_version"}
    await migrate(db)
    assert await table_names(db) == EXPECTED | {"alembic_version"}
    async with db.transaction(write=False) as session:
        version = (await session.exec(text(  # type: ignore[call-overload]
            "SELECT version_num FROM alembic_version"))).all()
        count = (await session.exec(text("SELECT COUNT(*) FROM guild"))).one()  # type: ignore[call-overload]
    assert [v[0] for v in version] == [_head()]
    assert count[0] == 0  # downgrade dropped the data with the tables


async def test_migrate_is_idempotent(db: Database) -> None:
    await migrate(db)
    await migrate(db)
    assert await table_names(db) == EXPECTED | {"alembic_version"}


async def test_sqlite_connections_use_wal_and_foreign_keys(db: Database) -> None:
    if not db.is_sqlite:
        return
    async with db.transaction(write=False) as session:
        journal = (await session.exec(text("PRAGMA journal_mode"))).one()  # type: ignore[call-overload]
        fks = (await session.exec(text("PRAGMA foreign_keys"))).one()  # type: ignore[call-overload]
    assert journal[0] == "wal"
    assert fks[0] == 1
