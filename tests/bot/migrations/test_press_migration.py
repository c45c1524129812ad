"""Migration 0005 (private press) up and down on SQLite and PostgreSQL: the letters' table
comes and goes, nothing else is touched."""

from __future__ import annotations

from sqlalchemy import inspect, text

from bot.db import Database
from tests.bot.conftest import down_and_up


async def test_press_letters_migration_down_and_up(db: Database) -> None:
    async with db.transaction() as session:
        await session.exec(text(  # type: ignore[call-overload]
            "INSERT INTO guild (id, locale, settings, created_at) "
            "VALUES (7, 'fr', '{}', CURRENT_TIMESTAMP)"))
    await down_and_up(db, "press_letter", "0007")  # 0007: the revision before 0005
    async with db.transaction(write=False) as session:
        kept = (await session.exec(text("SELECT locale FROM guild WHERE id = 7"))).one()  # type: ignore[call-overload]
        columns = await session.run_sync(
            lambda s: {c["name"] for c in inspect(s.connection()).get_columns("press_letter")})
    assert kept[0] == "fr"
    assert {"sealed", "recipients", "recipient_users"} <= columns
