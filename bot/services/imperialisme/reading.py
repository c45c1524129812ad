"""The public state of a game (``/game status``): influence, the crisis in progress, declared
crises, the exchange session and the next automatic crisis with its published commitment."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.db import Database
from bot.services.common import GameView, game_view, load_players
from bot.services.imperialisme.common import (
    SCHEDULE_SEQ,
    CrisisView,
    crisis_row,
    crisis_view,
    imperial_game,
)
from engine.variants.imperialisme import api as imp


@dataclass(frozen=True, slots=True)
class Overview:
    game: GameView
    influence: dict[str, dict[str, Any]]
    crisis: CrisisView | None
    queue: tuple[tuple[str, str], ...]
    exchange_session: bool
    next_crisis: datetime | None
    next_commit: str | None


async def overview(db: Database, *, game_id: int) -> Overview:
    async with db.transaction(write=False) as session:
        game = await imperial_game(session, game_id, lock=False)
        players = await load_players(session, game_id)
        state = dict(game.state or {})
        influence = imp.influence_table(state) if state else {}
        c = state.get("crisis")
        row = await crisis_row(session, game_id, int(c["number"])) if c else None
        schedule = await crisis_row(session, game_id, SCHEDULE_SEQ)
        return Overview(
            game=game_view(game, players), influence=influence,
            crisis=crisis_view(row) if row else None,
            queue=tuple((q["attacker"], q["target"]) for q in state.get("queue") or []),
            exchange_session=bool(state.get("exchange_session")),
            next_crisis=schedule.deadline if schedule else None,
            next_commit=str(schedule.data.get("commit")) if schedule else None)
