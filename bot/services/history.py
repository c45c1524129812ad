"""The public history of a game: its resolved phases, orders revealed with the results."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, select

from bot.db import Database
from bot.models import PhaseRecord, Player
from bot.services.common import load_game, load_players
from bot.services.errors import NotFound


@dataclass(frozen=True, slots=True)
class PhaseSummary:
    seq: int
    phase: str
    next_phase: str | None
    resolved_at: datetime


@dataclass(frozen=True, slots=True)
class PhaseDetail:
    """A resolved phase: public, orders included (they were revealed with the results)."""

    seq: int
    phase: str
    next_phase: str | None
    state: dict[str, Any]
    orders: list[dict[str, Any]]
    results: list[dict[str, Any]]
    resolved_at: datetime


async def phase_history(db: Database, *, game_id: int) -> list[PhaseSummary]:
    async with db.transaction(write=False) as session:
        await load_game(session, game_id)
        rows = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id, col(PhaseRecord.superseded).is_(False))
            .order_by(col(PhaseRecord.seq)))).all()
        return [PhaseSummary(r.seq, r.phase, r.next_phase, r.resolved_at) for r in rows]


async def phase_detail(db: Database, *, game_id: int, phase: str | None = None,
                       seq: int | None = None) -> PhaseDetail:
    """One resolved phase by seq or by name (latest record of that name)."""
    async with db.transaction(write=False) as session:
        query = select(PhaseRecord).where(PhaseRecord.game_id == game_id,
                                          col(PhaseRecord.superseded).is_(False))
        if seq is not None:
            query = query.where(PhaseRecord.seq == seq)
        elif phase is not None:
            query = query.where(PhaseRecord.phase == phase.upper())
        r = (await session.exec(query.order_by(col(PhaseRecord.seq).desc()).limit(1))).first()
        if r is None:
            raise NotFound("history.not_found", seq=seq if seq is not None else phase)
        return PhaseDetail(r.seq, r.phase, r.next_phase, r.state, r.orders, r.results,
                           r.resolved_at)


async def latest_detail(db: Database, *, game_id: int) -> PhaseDetail | None:
    """The phase resolved last, None before the first."""
    try:
        return await phase_detail(db, game_id=game_id, seq=None)
    except NotFound:
        return None


async def list_players(db: Database, *, game_id: int) -> list[Player]:
    async with db.transaction(write=False) as session:
        return await load_players(session, game_id)
