"""Resolving a phase: one transaction, exactly once, history + outbox, missed phases and civil
disorder (docs/RULES.md), end of game (victory, end year, automatic draw)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlmodel import select

from bot.db import Database
from bot.models import Game, Outbox, PhaseRecord, Player
from bot.services import games, history, orders, turns
from bot.services import written_orders as classic_turn
from bot.services.errors import Conflict, Stale
from tests.bot.conftest import GM, T0, new_game, user_of


async def _records(db: Database, game_id: int) -> list[PhaseRecord]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id).order_by(PhaseRecord.seq))).all())


async def _outbox(db: Database, game_id: int) -> list[Outbox]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(Outbox).where(
            Outbox.game_id == game_id).order_by(Outbox.id))).all())


async def _resolve(db: Database, game_id: int, now=T0) -> turns.TurnOutcome:
    return await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=now)


async def test_a_turn_writes_state_history_and_outbox_in_one_go(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    before = await games.get_game(db, game_id=game_id)
    now = T0 + timedelta(hours=3)
    outcome = await _resolve(db, game_id, now)
    after = await games.get_game(db, game_id=game_id)
    assert (outcome.phase, outcome.next_phase) == ("S1901M", "F1901M")
    assert after.phase == "F1901M" and after.version == before.version + 1
    assert after.deadline == now + timedelta(hours=48)
    (record,) = await _records(db, game_id)
    assert record.phase == "S1901M" and record.state["phase"] == "S1901M"
    assert record.orders == [{"power": "france", "text": "A par - bur",
                              "parsed": record.orders[0]["parsed"]}]
    moved = [r for r in record.results if r.get("power") == "france"
             and (r.get("order") or {}).get("target") == "bur"]
    assert moved and moved[0]["status"] == "succeeds"
    kinds = [o.kind for o in await _outbox(db, game_id)]
    assert kinds[-1] == "results"
    # the resolved phase's orders become public with its results
    detail = await history.phase_detail(db, game_id=game_id, phase="s1901m")
    assert detail.orders[0]["text"] == "A par - bur"
    # pending order sets of the resolved phase are gone
    assert await orders.my_orders(db, game_id=game_id, user_id=france) == []


async def test_two_racing_callers_produce_one_new_phase(db: Database) -> None:
    game_id = await new_game(db)
    view = await games.get_game(db, game_id=game_id)
    due = view.deadline
    assert due is not None

    async def call(trigger: str) -> object:
        try:
            return await turns.adjudicate_phase(
                db, game_id=game_id, expected_phase=view.phase,
                expected_version=view.version, trigger=trigger, user_id=GM, now=due)
        except Stale as exc:
            return exc

    results = await asyncio.gather(call("deadline"), call("gm"), call("deadline"))
    assert sum(isinstance(r, turns.TurnOutcome) for r in results) == 1
    assert sum(isinstance(r, Stale) for r in results) == 2
    assert len(await _records(db, game_id)) == 1
    assert [o.kind for o in await _outbox(db, game_id)].count("results") == 1


async def test_deadline_trigger_waits_for_the_deadline(db: Database) -> None:
    game_id = await new_game(db)
    with pytest.raises(Conflict) as err:
        await turns.adjudicate_phase(db, game_id=game_id, trigger="deadline",
                                     now=T0 + timedelta(hours=47))
    assert err.value.code == "game.not_due"
    with pytest.raises(Conflict):
        await turns.adjudicate_phase(db, game_id=game_id, trigger="ready", now=T0)
    assert await _records(db, game_id) == []


async def test_missed_movement_phases_lead_to_civil_disorder(db: Database) -> None:
    """docs/RULES.md: after 2 consecutive missed movement phases (default) a power is in civil
    disorder; the others, who ordered, are not."""
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    first = await _resolve(db, game_id)  # S1901M: nobody ordered
    assert first.new_civil_disorder == ()
    view = await games.get_game(db, game_id=game_id)
    assert {p.missed_phases for p in view.players} == {1}
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par H")
    second = await _resolve(db, game_id)  # F1901M: only France ordered
    view = await games.get_game(db, game_id=game_id)
    assert sorted(second.new_civil_disorder) == sorted(
        p.user_id for p in view.players if p.user_id != france)
    statuses = {p.user_id: (p.status, p.missed_phases) for p in view.players}
    assert statuses[france] == ("active", 0)
    assert all(s == ("civil_disorder", 2) for u, s in statuses.items() if u != france)
    kinds = [o.kind for o in await _outbox(db, game_id)]
    assert kinds.count("civil_disorder") == 6
    # the engine is told who is in civil disorder
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        rows = list((await session.exec(select(Player).where(
            Player.game_id == game_id))).all())
    assert game is not None
    cd = classic_turn.engine_options(game, rows)["civil_disorder"]
    assert "france" not in cd and len(cd) == 6
    # seed 004 §3.6: a player who sends orders again keeps the seat
    england = await user_of(db, game_id, "england")
    await orders.submit_orders(db, game_id=game_id, user_id=england, text="F lon H")
    back = (await games.get_game(db, game_id=game_id)).player(england)
    assert back is not None and (back.status, back.missed_phases) == ("active", 0)


async def test_threshold_one_and_ready_counts_as_an_answer(db: Database) -> None:
    game_id = await new_game(db, options={"nmr_threshold": 1})
    france = await user_of(db, game_id, "france")
    await orders.set_ready(db, game_id=game_id, user_id=france)  # "ready" with no orders
    outcome = await _resolve(db, game_id)
    assert len(outcome.new_civil_disorder) == 6 and france not in outcome.new_civil_disorder


async def test_victory_ends_the_game(db: Database) -> None:
    """The engine's victory (here at 5 centres, option victory_centers) finishes the game:
    no deadline any more, a game_over post."""
    game_id = await new_game(db, options={"victory_centers": 5})
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france,
                               text="A mar - spa\nF bre - mao")
    await _resolve(db, game_id)
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="F mao - por")
    last = await _resolve(db, game_id)  # Fall 1901: Spain and Portugal become French
    assert last.finished and last.result == {"winner": "france"}
    view = await games.get_game(db, game_id=game_id)
    assert view.status == "finished" and view.deadline is None
    assert [o.kind for o in await _outbox(db, game_id)][-1] == "game_over"
    with pytest.raises(Conflict):
        await _resolve(db, game_id)


async def test_end_year_gives_the_game_to_the_most_centres(db: Database) -> None:
    """seed 000 III: a game stopped at an agreed year is won by the most centres (Russia
    starts with four, everyone else three)."""
    game_id = await new_game(db, options={"end_year": 1901})
    await _resolve(db, game_id)
    last = await _resolve(db, game_id)
    assert last.next_phase == "S1902M" and last.finished
    assert last.result is not None and last.result["winner"] == "russia"
    assert last.result["reason"] == "end_year"


async def test_automatic_draw_after_three_years_without_a_centre_changing(db: Database
                                                                          ) -> None:
    """seed 004 §3.8: draw when no supply centre changed hands for 3 game years."""
    game_id = await new_game(db, options={"auto_draw": True})
    outcome = None
    phases = []
    for _ in range(6):
        outcome = await _resolve(db, game_id)
        phases.append(outcome.next_phase)
        if outcome.finished:
            break
    assert outcome is not None and outcome.finished
    assert phases[-1] == "S1904M"
    assert outcome.result is not None and outcome.result["reason"] == "auto_draw"
    assert sorted(outcome.result["draw"]) == ["austria", "england", "france", "germany",
                                              "italy", "russia", "turkey"]


async def test_without_auto_draw_the_game_goes_on(db: Database) -> None:
    game_id = await new_game(db)
    for _ in range(6):
        outcome = await _resolve(db, game_id)
        assert not outcome.finished
