"""Stalemate claims (docs/RULES.md §5.10): once every minor is gone, a player claims, the other
player or the GM confirms, and the country with more centres wins."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.db import Database
from bot.models import GameStatus, utcnow
from bot.services.common import (
    enqueue,
    load_game,
    load_players,
    require_status,
    seated_player,
    set_deadline,
    touch,
)
from bot.services.duel.common import VARIANT, _both, _duel_seat, _notice, _require_duel, refused
from engine import variants
from engine.variants.duel import api as duel_api


# -- stalemate (rule 10) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StalemateOutcome:
    game_id: int
    claimed_by: int | None
    finished: bool
    result: dict[str, Any] | None


async def claim_stalemate(db: Database, *, game_id: int, user_id: int,
                          now: datetime | None = None) -> StalemateOutcome:
    """A player claims a stalemate (allowed once every minor is eliminated); the other
    player or the GM then confirms it."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        _player, pid, state = await _duel_seat(session, game, user_id)
        out = duel_api.claim_stalemate(state, pid)
        if not out["ok"]:
            raise refused(out["error"])
        game.state = out["state"]
        touch(game, now)
        enqueue(session, game, "duel_notice", _notice(
            "stalemate_claim", _both("Stalemate claimed", "Impasse demandée"),
            _both("<@{u}> claims a stalemate: every minor power is eliminated. The other "
                  "player (`/stalemate confirm`) or the game master may confirm it; then "
                  "the country with more centres wins (rules §5.10).",
                  "<@{u}> demande l'impasse : toutes les puissances mineures sont "
                  "éliminées. L'autre joueur (`/impasse confirmer`) ou l'arbitre peut la "
                  "confirmer ; le pays qui a le plus de centres gagne alors (règles §5.10).",
                  u=user_id), user_id=user_id), now)
    return StalemateOutcome(game_id=game_id, claimed_by=user_id, finished=False, result=None)


async def confirm_stalemate(db: Database, *, game_id: int, user_id: int,
                            now: datetime | None = None) -> StalemateOutcome:
    """The other player (or the GM) confirms the claim: the country with more supply
    centres wins; equal centres end the duel in a draw (rule 10)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        _require_duel(game)
        require_status(game, GameStatus.ACTIVE, GameStatus.PAUSED)
        state = dict(game.state or {})
        if user_id == game.gm_user_id and \
                seated_player(await load_players(session, game_id), user_id) is None:
            by = "gm"
        else:
            _player, by, state = await _duel_seat(session, game, user_id)
        out = duel_api.confirm_stalemate(state, by)
        if not out["ok"]:
            raise refused(out["error"])
        game.state = out["state"]
        result = variants.get(VARIANT).end_of_game(out["state"])
        game.status = GameStatus.FINISHED.value
        game.result = result
        touch(game, now)
        set_deadline(game, None, now)
        enqueue(session, game, "game_over", {"result": result, "phase": game.phase}, now)
    db.notify_deadlines()
    return StalemateOutcome(game_id=game_id, claimed_by=None, finished=True, result=result)
