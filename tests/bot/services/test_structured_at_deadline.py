"""At the deadline the orders go to the engine as ``check_orders`` read them when they were
sent (structured ORDERs, docs/ENGINE.md), not as text parsed again."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import select

from bot.db import Database
from bot.models import OrderSet, PhaseRecord
from bot.scheduler import Scheduler
from bot.services import orders
from tests.bot.conftest import T0, new_game, user_of

DUE = T0 + timedelta(hours=48)


async def _adjudicated(db: Database, game_id: int) -> list[dict]:
    await Scheduler(db, owner="a", render=lambda *a, **k: b"").run_once(DUE)
    async with db.transaction(write=False) as session:
        record = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id))).one()
    return list(record.results)


async def _rewrite_stored(db: Database, game_id: int, target: str | None) -> None:
    """The stored ORDER of France's one line made to say ``target`` (None: no ORDER kept),
    its text unchanged: which of the two the engine followed shows in the results."""
    async with db.transaction() as session:
        sheet = (await session.exec(select(OrderSet).where(
            OrderSet.game_id == game_id, OrderSet.power == "france"))).one()
        (line,) = sheet.parsed
        if target is None:
            sheet.parsed = [{k: v for k, v in line.items() if k != "order"}]
        else:
            sheet.parsed = [{**line, "order": {**line["order"], "target": target}}]


def _move_of_paris(results: list[dict]) -> dict:
    (move,) = [r for r in results if (r.get("order") or {}).get("location") == "par"]
    return move


async def test_the_stored_order_is_what_the_engine_adjudicates(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    await _rewrite_stored(db, game_id, "pic")
    move = _move_of_paris(await _adjudicated(db, game_id))
    assert move["order"]["target"] == "pic" and move["text"] == "A par - bur"


async def test_a_set_without_its_orders_goes_as_text(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    await _rewrite_stored(db, game_id, None)
    move = _move_of_paris(await _adjudicated(db, game_id))
    assert move["order"]["target"] == "bur" and move["status"] == "succeeds"
