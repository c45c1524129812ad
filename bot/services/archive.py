"""A whole game as one file (``/game export``), in the engine's JSON contract: every phase
played (superseded ones left out), its position, orders, options and results, and the final
position. ``python -m engine replay FILE`` replays it (``engine.replay``). Secrets stay out:
sealed bids appear only once revealed (as the history has them), votes never."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from bot.db import Database
from bot.models import Game, PhaseRecord, Player
from bot.services.classic.turn import engine_options
from bot.services.common import load_game
from bot.services.errors import Conflict
from engine import replay

EXPORTABLE = ("active", "paused", "finished")


def _seats(snapshot: dict[str, Any] | None) -> list[Player]:
    return [Player(game_id=0, user_id=s["user_id"], powers=list(s["powers"]),
                   status=s["status"]) for s in (snapshot or {}).get("players", [])]


async def export_game(db: Database, *, game_id: int) -> dict[str, Any]:
    async with db.transaction(write=False) as session:
        game: Game = await load_game(session, game_id)
        if game.status not in EXPORTABLE or game.state is None:
            raise Conflict("game.wrong_status", status=game.status, expected=list(EXPORTABLE))
        records = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id, col(PhaseRecord.superseded).is_(False))
            .order_by(col(PhaseRecord.seq)))).all()
        phases = []
        for r in records:
            seats = _seats(r.snapshot)
            phases.append({
                "phase": r.phase, "state": r.state,
                # the public inputs as the history has them (a bid only once revealed)
                "orders": [{k: v for k, v in o.items() if k in ("power", "text", "bids")}
                           for o in r.orders],
                "options": engine_options(game, seats) if seats else {},
                "results": r.results, "resolved_at": r.resolved_at.isoformat()})
        return {"format": replay.FORMAT, "variant": game.variant, "name": game.name,
                "status": game.status, "result": game.result, "options": game.options,
                "phases": phases, "final_state": game.state}
