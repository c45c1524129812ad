"""Game master tools: move the deadline, pause, resume, roll back, end (docs/RULES.md §3.7)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import col, delete, select, update

from bot.db import Database
from bot.models import DrawProposal, GameStatus, OrderSet, PhaseRecord, utcnow
from bot.services import reminders
from bot.services.common import (
    GameView,
    enqueue,
    game_view,
    iso,
    load_game,
    load_players,
    require_gm,
    require_status,
    schedule_phase,
    set_deadline,
    touch,
)
from bot.services.errors import Conflict, NotFound
from bot.services.options import check_option
from bot.services.registry import own_deadlines


async def extend_deadline(db: Database, *, game_id: int, user_id: int,
                          minutes: float, now: datetime | None = None) -> GameView:
    """GM moves the current deadline by ``minutes`` (negative: earlier, never before now).
    Refused when nothing waits for a deadline (L'Impérialisme between crises with no
    automatic schedule: the next crisis waits for the GM)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.ACTIVE)
        base = game.deadline or now
        target = max(now, base + timedelta(minutes=minutes))
        own = own_deadlines(game.variant)  # a variant's own stage deadlines move too
        deadline = target if own is None else await own.move_to(session, game, target, now)
        if deadline is None:
            raise Conflict("gm.no_deadline")
        touch(game, now)
        set_deadline(game, deadline, now)
        enqueue(session, game, "deadline_changed", {"phase": game.phase,
                                                    "deadline": iso(deadline)}, now)
        players = await load_players(session, game_id)
        reminders.plan(game, players, now)  # the hours each player chose
        view = game_view(game, players)
    db.notify_deadlines()
    return view


async def set_map_style(db: Database, *, game_id: int, user_id: int,
                        labels: str | None = None, palette: str | None = None,
                        now: datetime | None = None) -> GameView:
    """GM changes how the game's maps are drawn — the province abbreviations (``auto``,
    ``en``, ``fr``) and the colours (``standard``, ``colorblind``): display only, allowed at
    any time before the game ends."""
    now = now or utcnow()
    changes = {k: v for k, v in (("map_labels", labels), ("palette", palette))
               if v is not None}
    for key, value in changes.items():
        check_option(key, value)
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.SIGNUP, GameStatus.ACTIVE, GameStatus.PAUSED)
        game.options = {**(game.options or {}), **changes}
        touch(game, now)
        return game_view(game, await load_players(session, game_id))


async def pause_game(db: Database, *, game_id: int, user_id: int,
                     now: datetime | None = None) -> GameView:
    """The deadline stops; the time left is kept for ``resume_game``."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.ACTIVE)
        remaining = (game.deadline - now).total_seconds() if game.deadline else None
        game.paused_remaining = max(0.0, remaining) if remaining is not None else None
        game.status = GameStatus.PAUSED.value
        touch(game, now)
        set_deadline(game, None, now)
        enqueue(session, game, "paused", {"phase": game.phase}, now)
        view = game_view(game, await load_players(session, game_id))
    db.notify_deadlines()
    return view


async def resume_game(db: Database, *, game_id: int, user_id: int,
                      now: datetime | None = None) -> GameView:
    """The deadline restarts with the time that was left (at least 10 minutes)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.PAUSED)
        remaining = max(600.0, game.paused_remaining or 0.0)
        game.status = GameStatus.ACTIVE.value
        game.paused_remaining = None
        touch(game, now)
        target = now + timedelta(seconds=remaining)
        own = own_deadlines(game.variant)
        set_deadline(game, target if own is None
                     else await own.move_to(session, game, target, now), now)
        enqueue(session, game, "resumed", {"phase": game.phase,
                                           "deadline": iso(game.deadline)}, now)
        players = await load_players(session, game_id)
        reminders.plan(game, players, now)  # the hours each player chose
        view = game_view(game, players)
    db.notify_deadlines()
    return view


async def rollback(db: Database, *, game_id: int, user_id: int, seq: int,
                   now: datetime | None = None) -> GameView:
    """GM restores the phase a record was played from (docs/RULES.md §3.7, referee errors): the
    position (conditional orders included), the seats as they were — powers, status, missed
    phases, so a civil disorder declared since is undone —, the orders then pending with their
    ready flags; a draw proposal of a later phase is dropped. Later records are kept but
    marked superseded; the phase gets a full deadline."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.ACTIVE, GameStatus.PAUSED, GameStatus.FINISHED)
        record = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id, PhaseRecord.seq == seq,
            col(PhaseRecord.superseded).is_(False)))).first()
        if record is None:
            raise NotFound("rollback.not_found", seq=seq)
        await session.exec(update(PhaseRecord).where(  # type: ignore[call-overload]
            col(PhaseRecord.game_id) == game_id, col(PhaseRecord.seq) >= seq)
            .values(superseded=True))
        await session.exec(delete(OrderSet).where(  # type: ignore[call-overload]
            col(OrderSet.game_id) == game_id))
        saved = record.snapshot or {}
        players = await load_players(session, game_id)
        by_id = {p.id: p for p in players}
        for seat in saved.get("players", []):
            player = by_id.get(seat["id"])
            if player is not None:
                player.powers = list(seat["powers"])
                player.status = seat["status"]
                player.missed_phases = int(seat["missed_phases"])
        for pending in saved.get("order_sets", []):
            session.add(OrderSet(game_id=game_id, phase=record.phase, power=pending["power"],
                                 text=pending["text"], parsed=pending["parsed"],
                                 ready=pending["ready"], user_id=pending["user_id"],
                                 updated_at=now))
        await session.exec(delete(DrawProposal).where(  # type: ignore[call-overload]
            col(DrawProposal.game_id) == game_id, col(DrawProposal.phase) != record.phase))
        game.state = record.state
        game.phase = record.phase
        game.result = None
        game.status = GameStatus.ACTIVE.value
        game.paused_remaining = None
        touch(game, now)
        schedule_phase(game, now)
        own = own_deadlines(game.variant)
        if own is not None:
            set_deadline(game, await own.restart(session, game, now), now)
        enqueue(session, game, "rolled_back", {"phase": game.phase, "seq": seq,
                                               "deadline": iso(game.deadline),
                                               "map": {"source": "game"}}, now)
        view = game_view(game, await load_players(session, game_id))
    db.notify_deadlines()
    return view


async def end_game(db: Database, *, game_id: int, user_id: int,
                   now: datetime | None = None) -> GameView:
    """GM ends the game without a result (abandoned)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.SIGNUP, GameStatus.ACTIVE, GameStatus.PAUSED)
        game.status = GameStatus.FINISHED.value
        game.result = {"ended_by": "gm"}
        touch(game, now)
        set_deadline(game, None, now)
        enqueue(session, game, "game_over", {"result": game.result}, now)
        view = game_view(game, await load_players(session, game_id))
    db.notify_deadlines()
    return view
