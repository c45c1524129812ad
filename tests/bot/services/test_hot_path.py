"""The synchronous hot path (docs/BENCHMARKS.md: order submissions): ``Database.run`` runs
one whole transaction as a function (a worker thread with the sqlite3 driver on a SQLite file,
the async engine elsewhere), and ``submit_orders`` finds the game of a channel inside its own
transaction, exactly as ``/orders submit`` used to through ``game_here``."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel, col
from sqlmodel import select as sm_select

from bot.db import Database
from bot.models import Guild, OrderSet
from bot.services import gm, orders
from bot.services.errors import Conflict, NotFound
from tests.bot.conftest import GM, T0, new_game, user_of

GUILD = SQLModel.metadata.tables["guild"]
CHANNEL = 555  # new_game's default channel
THREAD = 777


async def _order_sets(db: Database, game_id: int) -> list[tuple[str, str]]:
    async with db.transaction(write=False) as session:
        rows = (await session.exec(sm_select(OrderSet).where(
            OrderSet.game_id == game_id).order_by(col(OrderSet.power)))).all()
    return [(r.power, r.text) for r in rows]


async def _guilds(db: Database) -> list[int]:
    async with db.transaction(write=False) as session:
        return [g.id for g in (await session.exec(sm_select(Guild))).all()]


async def test_run_commits_and_returns_the_result(db: Database) -> None:
    def work(connection: Connection) -> int:
        connection.execute(insert(GUILD).values(id=1, settings={}, created_at=T0))
        return 42

    assert await db.run(work) == 42
    assert await _guilds(db) == [1]
    # a read transaction sees it too
    assert await db.run(lambda c: c.execute(select(GUILD.c.id)).scalar_one(), write=False) == 1


async def test_run_rolls_back_everything_when_the_work_raises(db: Database) -> None:
    def work(connection: Connection) -> None:
        connection.execute(insert(GUILD).values(id=2, settings={}, created_at=T0))
        raise NotFound("game.not_found", game_id=0)

    with pytest.raises(NotFound):
        await db.run(work)
    assert await _guilds(db) == []


async def test_run_errors_do_not_show_statement_parameters(db: Database) -> None:
    """Secrets stay secret: a failing statement's error names the statement, not its
    values (an order text would be one)."""
    secret = "F lon - nth (secret)"
    await db.run(lambda c: c.execute(insert(GUILD).values(id=4, locale="en", settings={},
                                                          created_at=T0)))
    with pytest.raises(IntegrityError) as info:
        await db.run(lambda c: c.execute(insert(GUILD).values(
            id=4, locale=secret, settings={}, created_at=T0)))
    assert secret not in str(info.value)


async def test_concurrent_run_writers_never_interleave(db: Database) -> None:
    """Read-then-write sequences through ``run`` are serialised (one writer at a time): 30
    concurrent increments of one value lose none."""
    await db.run(lambda c: c.execute(insert(GUILD).values(id=3, settings={"n": 0},
                                                          created_at=T0)))

    def increment(connection: Connection) -> None:
        settings = connection.execute(select(GUILD.c.settings).where(GUILD.c.id == 3)
                                      .with_for_update()).scalar_one()
        connection.execute(GUILD.update().where(GUILD.c.id == 3).values(
            settings={"n": settings["n"] + 1}))

    await asyncio.gather(*(db.run(increment) for _ in range(30)))
    final = await db.run(lambda c: c.execute(select(GUILD.c.settings)).scalar_one(),
                         write=False)
    assert final == {"n": 30}


async def test_submit_by_channel_stores_in_the_game_of_the_channel(db: Database) -> None:
    await new_game(db, channel_id=CHANNEL + 1)  # another channel's game is not touched
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    result = await orders.submit_orders(db, user_id=france, text="A par - bur",
                                        channel=(CHANNEL, None))
    assert result.game_id == game_id and result.power == "france"
    assert await _order_sets(db, game_id) == [("france", "A par - bur")]


async def test_submit_in_a_thread_of_a_game_channel_uses_the_channel_game(db: Database
                                                                          ) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    result = await orders.submit_orders(db, user_id=france, text="A par H",
                                        channel=(CHANNEL, THREAD))
    assert result.game_id == game_id


async def test_submit_in_a_forum_post_uses_the_game_of_the_post(db: Database) -> None:
    channel_game = await new_game(db)
    post_game = await new_game(db, channel_id=CHANNEL, thread_id=THREAD)
    england = await user_of(db, post_game, "england")
    result = await orders.submit_orders(db, user_id=england, text="F lon H",
                                        channel=(CHANNEL, THREAD))
    assert result.game_id == post_game != channel_game
    assert await _order_sets(db, channel_game) == []


async def test_submit_where_there_is_no_game_is_refused(db: Database) -> None:
    game_id = await new_game(db)
    with pytest.raises(NotFound) as info:
        await orders.submit_orders(db, user_id=101, text="A par H", channel=(CHANNEL + 9, None))
    assert info.value.code == "game.no_game_here"
    assert await _order_sets(db, game_id) == []


async def test_submit_in_the_channel_of_a_finished_game_is_refused(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await gm.end_game(db, game_id=game_id, user_id=GM, now=T0)
    with pytest.raises(Conflict) as info:
        await orders.submit_orders(db, user_id=france, text="A par H",
                                   channel=(CHANNEL, None))
    assert info.value.code == "game.wrong_status"
    assert await _order_sets(db, game_id) == []
