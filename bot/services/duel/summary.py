"""Reading a duel: public facts only (countries, treasuries, this year's control)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db import Database
from bot.services.common import load_game
from bot.services.duel.common import _require_duel, is_duel
from bot.services.errors import NotFound
from engine.variants.duel.state import duel_from_json


# -- reading a duel ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DuelSummary:
    """Public facts of a running duel: countries, treasuries, this year's control."""

    phase: str
    countries: dict[int, str]  # user id -> own country
    credits: dict[int, int]
    control: dict[str, int | None]  # minor -> user id commanding it this year
    winner: int | None


async def duel_summary(db: Database, *, game_id: int) -> DuelSummary:
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        _require_duel(game)
        if not is_duel(game.state):
            raise NotFound("duel.not_started")
        duel = duel_from_json(game.state or {})
        return DuelSummary(
            phase=str(game.phase),
            countries={int(p): c for p, c in duel.countries.items()},
            credits={int(p): c for p, c in duel.credits.items()},
            control={m: int(p) if p is not None else None for m, p in duel.control.items()},
            winner=int(duel.winner) if duel.winner else None)
