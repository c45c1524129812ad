"""Order submission: engine-checked, replacing the previous set, all-or-nothing, secret."""

from __future__ import annotations

import asyncio

import pytest
from sqlmodel import select

from bot.db import Database
from bot.models import OrderSet
from bot.services import games, history, orders
from bot.services.errors import Conflict, Forbidden, OrdersRejected
from tests.bot.conftest import dump, new_game, user_of


async def _order_sets(db: Database, game_id: int) -> list[OrderSet]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(OrderSet).where(
            OrderSet.game_id == game_id).order_by(OrderSet.power))).all())


async def test_submit_stores_text_and_parsed_orders(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    result = await orders.submit_orders(db, game_id=game_id, user_id=france,
                                        text="A par - bur\nF bre - mao")
    assert result.power == "france" and result.phase == "S1901M" and not result.replaced
    assert [x.normalized for x in result.lines] == ["A par - bur", "F bre - mao"]
    (row,) = await _order_sets(db, game_id)
    assert row.text == "A par - bur\nF bre - mao" and row.user_id == france
    assert [x["order"]["target"] for x in row.parsed] == ["bur", "mao"]


async def test_a_new_submission_replaces_the_previous_set(db: Database) -> None:
    """seed 004 §3.4.3: a new sheet replaces the previous one entirely."""
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france,
                               text="A par - bur\nF bre - mao")
    second = await orders.submit_orders(db, game_id=game_id, user_id=france, text="A mar H")
    assert second.replaced
    (row,) = await _order_sets(db, game_id)
    assert row.text == "A mar H" and len(row.parsed) == 1


async def test_invalid_input_leaves_the_database_unchanged(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    before = await dump(db)
    with pytest.raises(OrdersRejected) as err:
        await orders.submit_orders(db, game_id=game_id, user_id=france,
                                   text="A mar - spa\nA xyz - abc")
    lines = err.value.params["lines"]
    assert [x["ok"] for x in lines] == [True, False]
    assert lines[1]["error"]["code"] and lines[1]["error"]["message_fr"]
    assert await dump(db) == before


async def test_a_player_orders_only_their_own_power(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    with pytest.raises(Forbidden):
        await orders.submit_orders(db, game_id=game_id, user_id=france, text="A vie H",
                                   power="austria")
    with pytest.raises(Forbidden):
        await orders.submit_orders(db, game_id=game_id, user_id=4242, text="A par H")
    # an order for another power's unit is refused by the engine, not stored
    with pytest.raises(OrdersRejected):
        await orders.submit_orders(db, game_id=game_id, user_id=france, text="A vie - gal")
    assert await _order_sets(db, game_id) == []


async def test_a_player_with_several_powers_names_the_power(db: Database) -> None:
    game_id = await new_game(db, n_players=2)
    holder = await user_of(db, game_id, "england")
    with pytest.raises(Conflict) as err:
        await orders.submit_orders(db, game_id=game_id, user_id=holder, text="F lon - nth")
    assert err.value.code == "player.power_required"
    done = await orders.submit_orders(db, game_id=game_id, user_id=holder,
                                      text="F lon - nth", power="England")
    assert done.power == "england"


async def test_orders_stay_secret_from_other_players(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    england = await user_of(db, game_id, "england")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    assert await orders.my_orders(db, game_id=game_id, user_id=england) == []
    mine = await orders.my_orders(db, game_id=game_id, user_id=france)
    assert [o.text for o in mine] == ["A par - bur"]
    progress = await orders.order_status(db, game_id=game_id)
    assert progress.submitted == ("france",)
    assert "A par" not in repr(progress)
    public = await games.get_game(db, game_id=game_id)
    assert "bur" not in repr(public)
    assert await history.phase_history(db, game_id=game_id) == []


async def test_fifty_concurrent_submissions_end_consistent(db: Database) -> None:
    """50 submissions racing on one game: every power ends with exactly one order set, equal
    to one of the texts it sent; nothing is lost or duplicated."""
    game_id = await new_game(db)
    texts = {"france": ["A par - bur", "A par - pic", "A par - gas", "A mar - spa",
                        "F bre - mao", "F bre - eng", "A par H"],
             "germany": ["A ber - kie", "A mun - ruh", "F kie - den", "A mun - bur",
                         "A ber - sil", "F kie - hol", "A mun H"],
             "italy": ["A ven - tyr", "A rom - apu", "F nap - ion", "A ven - pie",
                       "A rom - tus", "F nap - tys", "A ven H"]}
    users = {p: await user_of(db, game_id, p) for p in texts}
    calls = []
    for i in range(50):
        power = list(texts)[i % 3]
        calls.append(orders.submit_orders(db, game_id=game_id, user_id=users[power],
                                          text=texts[power][i % 7]))
    results = await asyncio.gather(*calls)
    assert len(results) == 50
    rows = await _order_sets(db, game_id)
    assert [r.power for r in rows] == sorted(texts)
    for row in rows:
        assert row.text in texts[row.power]
    assert sum(1 for r in results if not r.replaced) == 3


async def test_ready_when_everyone_is_ready_resolves_early(db: Database) -> None:
    game_id = await new_game(db, n_players=3)
    users = sorted({await user_of(db, game_id, p) for p in ("russia", "england", "austria")})
    outcome = None
    for i, user in enumerate(users):
        outcome = await orders.set_ready(db, game_id=game_id, user_id=user)
        assert outcome.all_ready == (i == len(users) - 1)
        assert (outcome.turn is not None) == (i == len(users) - 1)
    assert outcome is not None and outcome.turn is not None
    assert outcome.turn.next_phase == "F1901M"
    assert (await games.get_game(db, game_id=game_id)).phase == "F1901M"


async def test_new_orders_cancel_ready(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.set_ready(db, game_id=game_id, user_id=france)
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    (row,) = await _order_sets(db, game_id)
    assert row.ready is False


async def test_clear_orders(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    assert await orders.clear_orders(db, game_id=game_id, user_id=france) == 1
    assert await _order_sets(db, game_id) == []
