"""Alembic environment: async engine, batch mode for SQLite, the models' naming convention.

``bot.db.migrate`` hands over an open connection (``config.attributes["connection"]``); the
``alembic`` command line gets its URL from the ini file or from the bot's settings.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from alembic import context
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel
from sqlmodel.sql.sqltypes import AutoString

from bot.models import UTCDateTime, all_tables

config = context.config
all_tables()  # registers every table, the variants' too, on SQLModel.metadata
target_metadata = SQLModel.metadata


def render_item(type_: str, obj: Any, autogen_context: Any) -> str | Literal[False]:
    """Write the project's column types as plain SQLAlchemy types in migration scripts, so
    that scripts never import the models (which keep changing)."""
    if type_ == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    if type_ == "type" and isinstance(obj, AutoString):
        return "sa.String()"
    return False


def _configure(**kwargs: Any) -> None:
    context.configure(target_metadata=target_metadata, render_as_batch=True,
                      compare_type=True, render_item=render_item, **kwargs)


def do_run_migrations(connection: Connection) -> None:
    _configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


def _url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if url:
        return url
    from bot.settings import get_settings

    return get_settings().database_url


async def run_async_migrations() -> None:
    from bot.db import is_sqlite_url, make_engine

    url = _url()
    engine = make_engine(url, foreign_keys=False) if is_sqlite_url(url) else make_engine(url)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(do_run_migrations)
            await connection.commit()
    finally:
        await engine.dispose()


def run_migrations_offline() -> None:
    _configure(url=_url(), literal_binds=True, dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
elif (shared := config.attributes.get("connection")) is not None:
    do_run_migrations(shared)
else:
    asyncio.run(run_async_migrations())
