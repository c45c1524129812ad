"""Migration 0008 up and down on SQLite and PostgreSQL: a letter's sender (player and powers)
leaves the plain columns for the letter's sealed value, existing letters moved both ways
with the database's key; nothing else is touched."""

from __future__ import annotations

from typing import Any

from sqlalchemy import inspect, text

from bot.db import Database, migrate
from bot.services import press
from tests.bot.conftest import new_game, user_of


async def _columns(db: Database) -> set[str]:
    async with db.transaction(write=False) as session:
        return await session.run_sync(  # type: ignore[no-any-return]
            lambda s: {c["name"] for c in inspect(s.connection()).get_columns("press_letter")})


async def _rows(db: Database, columns: str) -> list[Any]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(text(  # type: ignore[call-overload]
            f"SELECT {columns} FROM press_letter ORDER BY id"))).all())


async def test_letter_senders_sealed_and_moved_back(db: Database) -> None:
    game_id = await new_game(db)
    england, france = await user_of(db, game_id, "england"), await user_of(db, game_id, "france")
    await press.send_letter(db, game_id=game_id, user_id=england, to="france, italy",
                            text="secret", anonymous=True)
    await press.send_letter(db, game_id=game_id, user_id=france, to="england", text="hello")
    assert not {"sender_user_id", "sender_powers"} & await _columns(db)
    sealed = [db.sealer.unseal(r[0]) for r in await _rows(db, "sealed")]
    assert [(s["sender"], s["powers"]) for s in sealed] == [(england, ["england"]),
                                                             (france, ["france"])]

    await migrate(db, "0006", downgrade=True)
    rows = await _rows(db, "sender_user_id, sender_powers, sealed")
    assert [int(r[0]) for r in rows] == [england, france]
    assert [r[1] if isinstance(r[1], list) else __import__("json").loads(r[1])
            for r in rows] == [["england"], ["france"]]
    assert [db.sealer.unseal(r[2]) for r in rows] == [
        {"text": "secret", "anonymous": True}, {"text": "hello", "anonymous": False}]

    await migrate(db)
    assert not {"sender_user_id", "sender_powers"} & await _columns(db)
    # read again through the service: the sender still finds their letter, the reader of an
    # anonymous one still does not learn who wrote it
    mine = await press.inbox(db, game_id=game_id, user_id=england)
    assert [(x.mine, x.sender) for x in mine] == [(False, ("france",)), (True, ("england",))]
    got = await press.inbox(db, game_id=game_id, user_id=france)
    assert [(x.mine, x.sender, x.text) for x in got] == [
        (True, ("france",), "hello"), (False, (), "secret")]


async def test_the_command_line_migrates_letters_with_the_deployments_key(
        tmp_path: Any, monkeypatch: Any) -> None:
    """``python -m bot migrate`` (and ``run``) hand over a URL, not a Database: the
    migration opens the letters with the deployment's key (``SECRET_KEY`` here)."""
    import base64
    import secrets

    from bot.sealing import Sealer
    from bot.settings import get_settings

    key = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    db = Database(url, sealer=Sealer.from_text(key))
    try:
        await migrate(db)
        game_id = await new_game(db)
        england = await user_of(db, game_id, "england")
        await press.send_letter(db, game_id=game_id, user_id=england, to="france",
                                text="secret", anonymous=True)
        await migrate(db, "0006", downgrade=True)
        monkeypatch.setenv("SECRET_KEY", key)
        monkeypatch.setenv("DATABASE_URL", url)
        get_settings.cache_clear()
        await migrate(url)
        (sealed,) = [r[0] for r in await _rows(db, "sealed")]
        assert db.sealer.unseal(sealed)["sender"] == england
    finally:
        get_settings.cache_clear()
        await db.dispose()
