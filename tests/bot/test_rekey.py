"""``python -m bot rekey``: every value sealed at rest (bids, crisis votes, letters, absence
reasons) and every keyed pseudonym (who agreed to a draw, who cast a crisis vote) moves to a
new key in one transaction; with a key that does not open them, nothing changes."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from bot.db import Database, make_engine, migrate
from bot.models import Absence, PressLetter
from bot.rekey import SEALED, RekeyError, rekey
from bot.sealing import Sealer, SealError
from bot.services import draws, games
from bot.services import duel as duel_service
from bot.services.imperialisme.tables import Crisis, Vote
from tests.bot.conftest import GM, T0, USERS, new_game

ROOT = Path(__file__).resolve().parents[2]


async def _seed(db: Database) -> dict[str, Any]:
    """One value of each sealed kind, written by the services or as they write it."""
    duel = await games.create_game(db, variant="duel", channel_id=77, gm_user_id=GM, now=T0)
    await duel_service.join_duel(db, game_id=duel.id, user_id=USERS[0],
                                 preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR")
    await duel_service.join_duel(db, game_id=duel.id, user_id=USERS[1],
                                 preferences="GER, ENG, FRA, ITA, AUS, RUS, TUR")
    await duel_service.start_duel(db, game_id=duel.id, user_id=GM, seed=1)
    await duel_service.submit_bids(db, game_id=duel.id, user_id=USERS[0], text="ITA 17")
    game_id = await new_game(db)
    view = await games.get_game(db, game_id=game_id)
    first = view.players[0]
    await draws.propose_draw(db, game_id=game_id, user_id=first.user_id)
    old = db.sealer
    async with db.transaction() as session:
        crisis = Crisis(game_id=game_id, seq=1, kind="declared", attacker="france",
                        defender="germany", status="vote")
        session.add(crisis)
        await session.flush()
        session.add(Vote(crisis_id=crisis.id or 0, voter=old.tag("vote", crisis.id, "italy"),
                         choice=old.seal("attacker")))
        session.add(PressLetter(game_id=game_id, sender_user_id=first.user_id,
                                sender_powers=first.powers, recipients=["italy"],
                                recipient_users=[USERS[3]],
                                sealed=old.seal({"text": "meet me in Tyrolia",
                                                 "anonymous": False})))
        session.add(Absence(game_id=game_id, user_id=first.user_id, starts=date(2030, 2, 1),
                            ends=date(2030, 2, 3), reason=old.seal("my wedding")))
    return {"duel": duel.id, "game": game_id, "power": first.powers[0],
            "crisis": crisis.id}


async def _column(db: Database, table: str, column: str) -> list[Any]:
    async with db.transaction(write=False) as session:
        return [r[0] for r in (await session.exec(  # type: ignore[call-overload]
            text(f"SELECT {column} FROM {table} WHERE {column} IS NOT NULL"))).all()]


async def test_rekey_moves_every_sealed_value_and_pseudonym(
        db: Database, database_target: tuple[str, dict[str, Any]]) -> None:
    url, kwargs = database_target
    seeded = await _seed(db)
    old, new = db.sealer, Sealer.ephemeral()
    before = {f"{t}.{c}": await _column(db, t, c) for t, c in SEALED}
    assert all(before.values()), before  # every sealed kind is in the test

    engine = make_engine(url, **kwargs)
    try:
        with pytest.raises(RekeyError):  # a key that opens nothing: nothing moves
            async with engine.begin() as conn:
                await conn.run_sync(rekey, Sealer.ephemeral(), new)
        assert {f"{t}.{c}": await _column(db, t, c) for t, c in SEALED} == before
        async with engine.begin() as conn:
            moved = await conn.run_sync(rekey, old, new)
    finally:
        await engine.dispose()
    assert moved["draw_vote.voter"] == 1 and moved["vote.voter"] == 1
    assert all(moved[name] == len(values) for name, values in before.items())

    for table, column in SEALED:
        for token in await _column(db, table, column):
            new.unseal(token)
            with pytest.raises(SealError):
                old.unseal(token)
    assert await _column(db, "draw_vote", "voter") == [
        new.tag("draw", (await _column(db, "draw_proposal", "id"))[0], seeded["power"])]
    assert await _column(db, "vote", "voter") == [new.tag("vote", seeded["crisis"], "italy")]
    assert [new.unseal(t) for t in await _column(db, "absence", "reason")] == ["my wedding"]

    # the services read them with the new key
    moved_db = Database(url, sealer=new, **kwargs)
    try:
        mine = await duel_service.my_bids(moved_db, game_id=seeded["duel"], user_id=USERS[0])
        assert mine.amounts is not None and mine.amounts["italy"] == 17
    finally:
        await moved_db.dispose()


def test_the_rekey_command_replaces_the_key_file(tmp_path: Path) -> None:
    """The key-file deployment: the new key is the key file afterwards, the old one kept as
    ``.old``; the check then opens the sealed values with it."""
    import asyncio

    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    key_file = tmp_path / "secret.key"
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY_FILE": str(key_file),
           "PYTHONPATH": str(ROOT)}
    env.pop("SECRET_KEY", None)
    old = Sealer.from_file(key_file)

    async def seed() -> None:
        db = Database(url, sealer=old)
        await migrate(db)
        try:
            await _seed(db)
        finally:
            await db.dispose()

    asyncio.run(seed())
    proc = subprocess.run([sys.executable, "-m", "bot", "rekey"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") == 1 and "sealed values moved" in proc.stdout
    assert (tmp_path / "secret.key.old").read_text() != key_file.read_text()
    assert not (tmp_path / "secret.key.new").exists()
    new = Sealer.from_file(key_file)
    import sqlite3
    with sqlite3.connect(tmp_path / "bot.db") as conn:
        (letter,) = conn.execute("SELECT sealed FROM press_letter").fetchone()
    assert new.unseal(letter)["text"] == "meet me in Tyrolia"


async def test_a_lost_key_forgets_only_what_the_new_key_cannot_open(
        db: Database, database_target: tuple[str, dict[str, Any]]) -> None:
    """The old key is gone: the values it sealed are forgotten (bids emptied, ballots,
    draw votes and letters deleted, reasons emptied); the ones sealed with the current key
    are kept."""
    from bot.rekey import forget_unreadable

    url, kwargs = database_target
    await _seed(db)  # sealed with db.sealer, the key now lost
    current = Sealer.ephemeral()
    async with db.transaction() as session:  # one value sealed since with the new key
        session.add(Absence(game_id=1, user_id=USERS[2], starts=date(2030, 3, 1),
                            ends=date(2030, 3, 2), reason=current.seal("holidays")))
    engine = make_engine(url, **kwargs)
    try:
        async with engine.begin() as conn:
            forgotten = await conn.run_sync(forget_unreadable, current)
    finally:
        await engine.dispose()
    assert forgotten == {"bid.sealed": 1, "vote.choice": 1, "press_letter.sealed": 1,
                         "absence.reason": 1, "draw_vote.voter": 1, "vote.voter": 0}
    assert await _column(db, "press_letter", "sealed") == []
    assert await _column(db, "vote", "choice") == []
    assert await _column(db, "draw_vote", "voter") == []
    assert await _column(db, "bid", "sealed") == []
    assert [current.unseal(t) for t in await _column(db, "absence", "reason")] == ["holidays"]
