"""Issue 14 item 1: a sheet of orders is bounded before it is parsed, and its check holds
neither the write lock nor the event loop (the budget itself: tools/bench_orders_input.py)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from sqlmodel import select

from bot.db import Database, lock_game
from bot.models import OrderSet
from bot.services import orders, players
from bot.services.common import touch
from bot.services.errors import Forbidden, Invalid, OrdersRejected
from engine import api as engine_api
from tests.bot.conftest import GM, T0, dump, new_game, user_of


@pytest.mark.parametrize(("text", "code"), [
    ("q;" * 3000, "orders.too_many_lines"),  # 6,000 characters, within Discord's limit
    ("q\n" * 51, "orders.too_many_lines"),
    ("A par - bur, " * 60, "orders.too_many_lines"),
    ("é" * (orders.MAX_ORDER_CHARS + 1), "orders.too_long"),
])
async def test_a_sheet_beyond_the_bounds_is_refused_unparsed_and_nothing_changes(
        db: Database, monkeypatch: pytest.MonkeyPatch, text: str, code: str) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    before = await dump(db)

    def never(*args: Any) -> Any:
        raise AssertionError("a sheet beyond the bounds was parsed")
    monkeypatch.setattr(engine_api, "check_orders", never)
    with pytest.raises(Invalid) as err:
        await orders.submit_orders(db, game_id=game_id, user_id=france, text=text)
    assert err.value.code == code
    assert await dump(db) == before


async def test_the_longest_sheet_within_the_bounds_is_checked(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    text = "\n".join(["A par - bur"] * orders.MAX_ORDER_LINES)
    with pytest.raises(OrdersRejected):  # by the rules (one unit ordered twice), not bounds
        await orders.submit_orders(db, game_id=game_id, user_id=france, text=text)


async def test_a_slow_check_blocks_neither_other_games_writes_nor_the_event_loop(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check runs in a worker thread outside the write transaction: while one sheet is
    being checked, another game's orders are stored (SQLite: the write lock is free;
    PostgreSQL: the loop is free)."""
    slow_game, other_game = await new_game(db), await new_game(db, channel_id=556)
    slow_user = await user_of(db, slow_game, "france")
    other_user = await user_of(db, other_game, "england")
    checking, release = threading.Event(), threading.Event()
    real = engine_api.check_orders
    done: list[str] = []

    def check(state: dict[str, Any], power: str, text: str) -> dict[str, Any]:
        if text == "A par - bur":
            checking.set()
            release.wait(5)  # a check that takes long (bounded, so a failure cannot hang)
        return real(state, power, text)
    monkeypatch.setattr(engine_api, "check_orders", check)

    async def slow() -> None:
        await orders.submit_orders(db, game_id=slow_game, user_id=slow_user,
                                   text="A par - bur")
        done.append("slow")

    task = asyncio.create_task(slow())
    while not checking.is_set():
        await asyncio.sleep(0.01)
    await orders.submit_orders(db, game_id=other_game, user_id=other_user, text="F lon - nth")
    done.append("other")
    release.set()
    await task
    assert done == ["other", "slow"]


async def test_a_sheet_checked_against_a_position_that_moved_is_checked_again(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    real = engine_api.check_orders
    checks: list[str] = []

    def check(state: dict[str, Any], power: str, text: str) -> dict[str, Any]:
        checks.append(power)
        return real(state, power, text)
    monkeypatch.setattr(engine_api, "check_orders", check)
    store = orders._store_in

    def store_after_a_move(connection: Any, **kwargs: Any) -> Any:
        if len(checks) == 1:  # the game's version moved while the first check ran
            raise orders._Moved
        return store(connection, **kwargs)
    monkeypatch.setattr(orders, "_store_in", store_after_a_move)
    result = await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    assert result.power == "france" and len(checks) == 2


async def test_a_sheet_written_while_a_turn_is_adjudicated_waits_and_is_checked_again(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The one write statement is guarded by the version checked: while a turn holds the
    game (PostgreSQL: FOR UPDATE, which the write's FOR SHARE waits for; SQLite: the write
    lock), the sheet's write waits; the turn moves the version, so the sheet is checked again
    against the new position instead of being stored for a phase already played."""
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    real = engine_api.check_orders
    checks: list[int] = []

    def check(state: dict[str, Any], power: str, text: str) -> dict[str, Any]:
        checks.append(1)
        return real(state, power, text)
    monkeypatch.setattr(engine_api, "check_orders", check)
    async with db.transaction() as session:
        game = await lock_game(session, game_id)
        assert game is not None
        task = asyncio.create_task(orders.submit_orders(db, game_id=game_id, user_id=france,
                                                        text="A par - bur"))
        for _ in range(100):  # read and checked, not written
            await asyncio.sleep(0.02)
            if checks:
                break
        await asyncio.sleep(0.2)
        assert checks == [1] and not task.done()
        touch(game, game.updated_at)  # what a turn does to the game, among others
    result = await task
    assert result.power == "france" and len(checks) == 2
    async with db.transaction(write=False) as session:
        rows = (await session.exec(select(OrderSet))).all()
    assert [(r.power, r.text) for r in rows] == [("france", "A par - bur")]


async def test_a_sheet_whose_player_left_the_seat_meanwhile_is_not_stored(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """The write's guard names the seat too: a player replaced between the read and the
    write stores nothing and is told they are not in the game."""
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    real = engine_api.check_orders

    async def replace() -> None:
        await players.replace_player(db, game_id=game_id, user_id=GM, power="france",
                                     new_user_id=999, now=T0)

    def check(state: dict[str, Any], power: str, text: str) -> dict[str, Any]:
        if not replaced:
            replaced.append(asyncio.run_coroutine_threadsafe(replace(), loop).result(10))
        return real(state, power, text)
    replaced: list[None] = []
    loop = asyncio.get_running_loop()
    monkeypatch.setattr(engine_api, "check_orders", check)
    with pytest.raises(Forbidden) as err:
        await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    assert err.value.code == "player.not_in_game"
    async with db.transaction(write=False) as session:
        assert (await session.exec(select(OrderSet))).all() == []
