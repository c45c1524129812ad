"""Reading a duel: public facts only (countries, treasuries, this year's control)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db import Database
from bot.services.common import load_game
from bot.services.duel.common import _require_duel, is_duel
from bot.services.errors import NotFound


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
        duel = (game.state or {})["duel"]
        return DuelSummary(
            phase=str(game.phase),
            countries={int(p): info["country"] for p, info in duel["players"].items()},
            credits={int(p): int(info["credits"]) for p, info in duel["players"].items()},
            control={m: int(p) if p is not None else None
                     for m, p in (duel.get("control") or {}).items()},
            winner=int(duel["winner"]) if duel.get("winner") else None)
