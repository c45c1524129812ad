"""bot.services.sandbox on SQLite and PostgreSQL: the table's migration both ways, one
sandbox per user that no one else reaches, games never written, the duel copied from a game
(bids then orders), undo bounded, and what cannot be copied refused."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.db import Database
from bot.models import Game, PhaseRecord
from bot.services import duel as duel_service
from bot.services import games as games_service
from bot.services import sandbox
from bot.services.errors import Conflict, Forbidden, Invalid, NotFound, OrdersRejected, RuleRefused
from engine import api as engine_api
from tests.bot.conftest import GM, down_and_up, dump, new_game, user_of


async def test_migration_down_and_up(db: Database) -> None:
    await sandbox.start(db, user_id=1, variant="classic")
    await down_and_up(db, "sandbox", "0004")  # 0004: the revision before 0007
    with pytest.raises(NotFound):  # the rows went with the table
        await sandbox.show(db, user_id=1)


def _without_sandbox(rows: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {k: v for k, v in rows.items() if k != "sandbox"}


async def test_one_per_user_private_and_no_game_written(db: Database) -> None:
    game_id = await new_game(db)
    france, germany = await user_of(db, game_id, "france"), await user_of(db, game_id,
                                                                           "germany")
    untouched = _without_sandbox(await dump(db))
    first = await sandbox.start(db, user_id=france, game_id=game_id)
    assert first.source["kind"] == "game" and not first.replaced
    await sandbox.add_orders(db, user_id=france, text="A par - bur; A mun - ruh")
    await sandbox.start(db, user_id=germany, game_id=game_id)
    assert (await sandbox.show(db, user_id=germany)).orders == {}
    assert (await sandbox.show(db, user_id=france)).orders == {
        "france": ["A par - bur"], "germany": ["A mun - ruh"]}
    # the second start of the same user replaces the first
    again = await sandbox.start(db, user_id=france, variant="classic")
    assert again.replaced and again.orders == {} and again.source["kind"] == "variant"
    await sandbox.resolve(db, user_id=germany)
    await sandbox.end(db, user_id=germany)
    with pytest.raises(NotFound):
        await sandbox.undo(db, user_id=germany)
    assert (await sandbox.show(db, user_id=france)).phase == "S1901M"
    assert _without_sandbox(await dump(db)) == untouched
    # someone outside the game cannot copy it; the GM can
    with pytest.raises(Forbidden):
        await sandbox.start(db, user_id=999, game_id=game_id)
    assert (await sandbox.start(db, user_id=GM, game_id=game_id)).phase == "S1901M"
    assert [g.id for g in await sandbox.own_games(db, user_id=GM)] == [game_id]
    assert await sandbox.own_games(db, user_id=999) == []


async def test_undo_is_bounded_and_refusals_change_nothing(db: Database) -> None:
    await sandbox.start(db, user_id=5, variant="classic")
    with pytest.raises(Conflict):
        await sandbox.undo(db, user_id=5)
    for i in range(sandbox.HISTORY_LIMIT + 3):
        await sandbox.add_orders(db, user_id=5, text="A par - bur" if i % 2 else "A par H")
    view = await sandbox.show(db, user_id=5)
    assert view.undo_steps == sandbox.HISTORY_LIMIT
    with pytest.raises(OrdersRejected):
        await sandbox.add_orders(db, user_id=5, text="F bre - par")
    with pytest.raises(OrdersRejected):  # two orders for one unit
        await sandbox.add_orders(db, user_id=5, text="A mar - bur\nA mar - gas")
    assert await sandbox.show(db, user_id=5) == view
    with pytest.raises(Invalid):
        await sandbox.start(db, user_id=5, variant="imperialisme")
    with pytest.raises(Invalid):
        await sandbox.start(db, user_id=5, variant="duel")
    assert await sandbox.show(db, user_id=5) == view
    assert sandbox.phase_id("a1901m") == "F1901M" and sandbox.phase_id("H1901A") == "W1901A"


async def test_a_duel_from_a_game_bids_then_orders(db: Database) -> None:
    game = await games_service.create_game(db, variant="duel", channel_id=9, gm_user_id=GM,
                                           name="Duel")
    await duel_service.join_duel(db, game_id=game.id, user_id=21,
                                 preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR")
    await duel_service.join_duel(db, game_id=game.id, user_id=22,
                                 preferences="GER, ENG, FRA, ITA, AUS, RUS, TUR")
    await duel_service.start_duel(db, game_id=game.id, user_id=GM, seed=7)
    untouched = _without_sandbox(await dump(db))
    view = await sandbox.start(db, user_id=21, game_id=game.id)
    assert view.variant == "duel" and view.phase == "S1901B"
    assert set(view.to_act) == {"france", "germany"}
    with pytest.raises(Invalid):  # whose bids?
        await sandbox.add_orders(db, user_id=21, text="ITA 5")
    with pytest.raises(RuleRefused):  # more than France's 20 credits
        await sandbox.add_orders(db, user_id=21, text="ITA 50", power="france")
    await sandbox.add_orders(db, user_id=21, text="Italie 5", power="france")
    await sandbox.add_orders(db, user_id=21, text="ITA 3, AUS 2", power="germany")
    view = await sandbox.resolve(db, user_id=21)
    assert view.phase == "S1901M" and view.last and view.last["bidding"]
    assert view.state["duel"]["control"]["italy"] == "21"
    await sandbox.add_orders(db, user_id=21, text="A ven - tyr; A par - bur")
    view = await sandbox.resolve(db, user_id=21)
    assert view.phase == "F1901M"
    assert {"power": "italy", "type": "A", "location": "tyr"} in view.state["units"]
    assert _without_sandbox(await dump(db)) == untouched


async def test_orders_sent_at_once_are_all_kept(db: Database) -> None:
    """Checked outside the write: a text checked against a board that changed meanwhile is
    checked again, never written over the other."""
    await sandbox.start(db, user_id=6, variant="classic")
    await asyncio.gather(*(sandbox.add_orders(db, user_id=6, text=text) for text in (
        "A par - bur", "A mun - ruh", "F lon - nth")))
    view = await sandbox.show(db, user_id=6)
    assert view.orders == {"england": ["F lon - nth"], "france": ["A par - bur"],
                           "germany": ["A mun - ruh"]}
    assert view.undo_steps == 3


async def test_nobody_elses_conditional_orders_are_copied(db: Database) -> None:
    """Seed 004 §3.4.2: builds sent with the Spring orders wait in the position until the
    Winter; a copy keeps the copier's own, never another player's (nor the GM's view)."""
    game_id = await new_game(db)
    france, germany = await user_of(db, game_id, "france"), await user_of(db, game_id,
                                                                           "germany")
    opening = engine_api.new_game_state("classic")
    moved = engine_api.adjudicate({"state": opening, "orders": [
        {"power": "france", "text": "A par - bur\nBuild F bre"},
        {"power": "germany", "text": "Build A mun"}]})["state"]
    assert set(moved["conditional"]) == {"france", "germany"}
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        game.state, game.phase = moved, moved["phase"]
        session.add(PhaseRecord(game_id=game_id, seq=1, phase="S1901M", state=moved,
                                next_phase="F1901M"))
    mine = await sandbox.start(db, user_id=france, game_id=game_id)
    assert mine.state["conditional"] == {"france": ["BUILD F bre"]}
    theirs = await sandbox.start(db, user_id=germany, game_id=game_id, phase="S1901M")
    assert theirs.state["conditional"] == {"germany": ["BUILD A mun"]}
    referee = await sandbox.start(db, user_id=GM, game_id=game_id)
    assert "conditional" not in referee.state
