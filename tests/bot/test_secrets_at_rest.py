"""Secrets at rest: the database alone never tells a sealed bid before the reveal, nor who
agreed to a draw; deleted rows are overwritten on SQLite; a sealed value opens only with the
deployment's key."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from bot.db import Database
from bot.sealing import Sealer, SealError, lasting_sealer
from bot.services import draws, games
from bot.services import duel as duel_service
from tests.bot.conftest import GM, T0, USERS, new_game

ALICE, BOB = USERS[0], USERS[1]


async def _rows(db: Database, sql: str) -> list[tuple[object, ...]]:
    async with db.transaction(write=False) as session:
        return [tuple(r) for r in (await session.exec(text(sql))).all()]  # type: ignore[call-overload]


async def test_a_sealed_bid_is_unreadable_without_the_key(db: Database) -> None:
    game = await games.create_game(db, variant="duel", channel_id=77, gm_user_id=GM, now=T0)
    await duel_service.join_duel(db, game_id=game.id, user_id=ALICE,
                                 preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR")
    await duel_service.join_duel(db, game_id=game.id, user_id=BOB,
                                 preferences="GER, ENG, FRA, ITA, AUS, RUS, TUR")
    await duel_service.start_duel(db, game_id=game.id, user_id=GM, seed=1)
    await duel_service.submit_bids(db, game_id=game.id, user_id=ALICE, text="ITA 17, ENG 3")
    rows = await _rows(db, "SELECT season, bidder, sealed, ready FROM bid")
    dumped = repr(rows)
    assert "17" not in dumped.replace(rows[0][2], "")  # type: ignore[arg-type]
    assert "italy" not in dumped and "ITA" not in dumped
    (sealed,) = [r for r in rows if "france" in r]  # the bidder is public, the bid is not
    token = str(sealed[2])
    with pytest.raises(SealError):
        Sealer.ephemeral().unseal(token)
    assert db.sealer.unseal(token) == {"england": 3, "italy": 17, "austria": 0,
                                       "russia": 0, "turkey": 0}
    mine = await duel_service.my_bids(db, game_id=game.id, user_id=ALICE)
    assert mine.amounts is not None and mine.amounts["italy"] == 17  # its author sees it


async def test_draw_votes_do_not_say_who_agreed(db: Database) -> None:
    game_id = await new_game(db)
    view = await games.get_game(db, game_id=game_id)
    await draws.propose_draw(db, game_id=game_id, user_id=view.players[0].user_id)
    dumped = repr(await _rows(db, "SELECT * FROM draw_vote"))
    powers = view.players[0].powers
    assert dumped != "[]" and not any(p in dumped for p in powers)


async def test_deleted_rows_are_overwritten_on_sqlite(db: Database) -> None:
    if not db.is_sqlite:
        pytest.skip("a PostgreSQL page keeps a dead row until VACUUM: ciphertext only")
    assert await _rows(db, "PRAGMA secure_delete") == [(1,)]


def test_the_lasting_key_is_created_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "keys" / "secret.key"
    first = lasting_sealer(None, str(path))
    token = first.seal({"x": 1})
    assert lasting_sealer(None, str(path)).unseal(token) == {"x": 1}  # same key next start
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    with pytest.raises(ValueError):
        lasting_sealer("too-short", str(path))
