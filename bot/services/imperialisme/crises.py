"""Crises (seed 003, docs/RULES.md §6): the GM's random draw and closing of a stage, declarations of
war (queued, started in announcement order) and their withdrawal with the target's consent.

Whatever moves a crisis to its next stage is one step of the one turn pipeline
(``common.take_step``; the steps themselves are in ``turn``), so each writes a
``PhaseRecord``. A player's part (a declaration, the target's consent) is recorded first;
the step it allows then waits for nothing and is taken at once."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.db import Database
from bot.models import utcnow
from bot.services.common import enqueue, load_players, require_gm
from bot.services.errors import Forbidden
from bot.services.imperialisme.common import (
    CrisisView,
    active_state,
    crisis_row,
    crisis_view,
    current_row,
    imperial_game,
    power_of,
    refresh_deadline,
    refused,
    resolve_power,
    rules,
    set_state,
    settle,
    snapshot,
    take_step,
)
from engine.variants.imperialisme import api as imp
from engine.variants.imperialisme.errors import ImperialError


async def _crisis_now(db: Database, game_id: int) -> CrisisView | None:
    async with db.transaction(write=False) as session:
        game = await imperial_game(session, game_id, lock=False)
        c = (game.state or {}).get("crisis")
        row = await crisis_row(session, game_id, int(c["number"])) if c else None
        return crisis_view(row) if row is not None else None


async def draw_crisis(db: Database, *, game_id: int, user_id: int,
                      now: datetime | None = None) -> CrisisView:
    """GM: a random crisis now, from the seed committed in advance (a declared crisis still
    waiting would start first: seed 003, announcement order)."""
    now = now or utcnow()
    async with db.transaction(write=False) as session:
        game = await imperial_game(session, game_id, lock=False)
        require_gm(game, user_id)
        state = active_state(game)
        if state.get("crisis") is not None:
            raise refused(ImperialError("crisis_in_progress"))
        if state.get("exchange_session"):
            raise refused(ImperialError("exchange_session_open"))
        phase = game.phase
    for _ in range(2):  # declarations that lapsed are dropped first, then the draw
        outcome = await take_step(db, game_id=game_id, trigger="gm", user_id=user_id,
                                  expected_phase=phase, now=now)
        view = await _crisis_now(db, game_id)
        if view is not None:
            return view
        phase = outcome.next_phase
    raise refused(ImperialError("no_crisis"))


async def close_stage(db: Database, *, game_id: int, user_id: int,
                      now: datetime | None = None) -> CrisisView:
    """GM: close the conference (the vote opens) or, during the vote, close the vote."""
    now = now or utcnow()
    async with db.transaction(write=False) as session:
        game = await imperial_game(session, game_id, lock=False)
        require_gm(game, user_id)
        state = active_state(game)
        c = state.get("crisis")
        if c is None:
            raise refused(ImperialError("no_crisis"))
        if c["stage"] not in ("conference", "vote"):
            raise refused(ImperialError("wrong_stage", {"stage": c["stage"]}))
        number, phase = int(c["number"]), game.phase
    await take_step(db, game_id=game_id, trigger="gm", user_id=user_id,
                    expected_phase=phase, now=now)
    async with db.transaction(write=False) as session:
        row = await crisis_row(session, game_id, number)
        assert row is not None
        return crisis_view(row)


async def declare_war(db: Database, *, game_id: int, user_id: int, target: str,
                      now: datetime | None = None) -> CrisisView | int:
    """A power declares war on a neighbour: queued; starts at once when nothing is going on.
    Returns the crisis started, or the declaration's place in the queue."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        state = active_state(game)
        attacker = power_of(await load_players(session, game_id), user_id)
        declared = rules(imp.declare, state, attacker, target)
        d = declared["declaration"]
        set_state(game, declared["state"], now)
        await refresh_deadline(session, game, now)
        enqueue(session, game, "imp_declared", {"attacker": d["attacker"],
                                                "target": d["target"],
                                                "position": d["position"]}, now)
    db.notify_deadlines()
    await settle(db, game_id=game_id, now=now)
    running = await _crisis_now(db, game_id)
    if running is not None and running.kind == "declared" \
            and running.sides == (d["attacker"], d["target"]) \
            and running.number > int(state.get("round") or 0):
        return running
    return int(d["position"])


def _has_declaration(state: Mapping[str, Any], attacker: str, target: str) -> bool:
    queued = any(q["attacker"] == attacker and q["target"] == target
                 for q in state.get("queue") or [])
    c = state.get("crisis")
    running = c is not None and c["kind"] == "declared" and c["sides"] == [attacker, target] \
        and c["stage"] in ("conference", "vote")
    return queued or running


async def request_withdrawal(db: Database, *, game_id: int, user_id: int, target: str,
                             now: datetime | None = None) -> str:
    """The attacker asks to withdraw its declaration: a public post with the target's consent
    buttons (docs/RULES.md §6: only with the target's public consent)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        state = active_state(game)
        attacker = power_of(await load_players(session, game_id), user_id)
        target_id = resolve_power(target)
        if not _has_declaration(state, attacker, target_id):
            c = state.get("crisis")
            if c is not None and c["sides"] == [attacker, target_id]:
                raise refused(ImperialError("too_late_to_withdraw"))
            raise refused(ImperialError("no_declaration",
                                        {"attacker": attacker, "target": target_id}))
        enqueue(session, game, "imp_withdraw_request", {"attacker": attacker,
                                                        "target": target_id}, now)
        return target_id


async def answer_withdrawal(db: Database, *, game_id: int, user_id: int, attacker: str,
                            target: str, consent: bool, now: datetime | None = None) -> str:
    """The target's answer; returns "withdrawn" | "refused". A waiting declaration leaves
    the queue at once; the crisis in progress (until its tally, seed 003) ends in a step of
    its own, which discards the votes already cast."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        state = active_state(game)
        me = power_of(await load_players(session, game_id), user_id)
        if me != target:
            raise Forbidden("imp.not_the_target", target=target)
        if not consent:
            enqueue(session, game, "imp_withdraw_refused", {"attacker": attacker,
                                                            "target": target}, now)
            return "refused"
        done = rules(imp.withdraw, state, attacker, target, target_consents=True)
        if done["withdrawn"] == "crisis":
            try:
                row = await current_row(session, game, state, state["crisis"]["stage"])
            except ImperialError as exc:
                raise refused(exc) from None
            row.data = {**row.data, "withdrawal": True}
        else:
            set_state(game, done["state"], now)
            fact = {"attacker": attacker, "target": target, "what": done["withdrawn"]}
            enqueue(session, game, "imp_withdrawn", {**fact, **snapshot(
                done["state"], [{"event": "withdrawn", **fact}])}, now)
        await refresh_deadline(session, game, now)
    db.notify_deadlines()
    await settle(db, game_id=game_id, now=now)
    return "withdrawn"
