"""Migration 0005 (private press) up and down on SQLite and PostgreSQL: the letters' table
comes and goes, nothing else is touched."""

from __future__ import annotations

from sqlalchemy import inspect, text

from bot.db import Database, migrate


async def _tables(db: Database) -> set[str]:
    async with db.engine.connect() as conn:
        return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))


async def test_press_letters_migration_down_and_up(db: Database) -> None:
    async with db.transaction() as session:
        await session.exec(text(  # type: ignore[call-overload]
            "INSERT INTO guild (id, locale, settings, created_at) "
            "VALUES (7, 'fr', '{}', CURRENT_TIMESTAMP)"))
    before = await _tables(db)
    assert "press_letter" in before
    await migrate(db, "0007", downgrade=True)  # the revision before 0005 (later ones go too)
    after = await _tables(db)
    assert "press_letter" not in after and after < before
    await migrate(db)
    assert await _tables(db) == before
    async with db.transaction(write=False) as session:
        kept = (await session.exec(text("SELECT locale FROM guild WHERE id = 7"))).one()  # type: ignore[call-overload]
        columns = await session.run_sync(
            lambda s: {c["name"] for c in inspect(s.connection()).get_columns("press_letter")})
    assert kept[0] == "fr"
    assert {"sealed", "recipients", "recipient_users", "sender_user_id"} <= columns
