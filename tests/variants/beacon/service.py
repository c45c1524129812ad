"""Its one use case: a player lights their power's beacon; the game's channel is told by an
outbox row of the variant's own kind (``beacon_lit``), sent by the poster like any post."""
from __future__ import annotations

from bot.db import Database
from bot.services.common import enqueue, load_game, load_players
from bot.services.errors import Invalid

KIND = "beacon_lit"


async def light(db: Database, *, game_id: int, user_id: int) -> str:
    """The power lit (the caller's first); ``Invalid`` outside a running Beacon game or for
    someone without a seat in it, and nothing is queued."""
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        if game.variant != "beacon" or game.status != "active":
            raise Invalid("beacon.not_here")
        seat = next((p for p in await load_players(session, game_id)
                     if p.user_id == user_id and p.status == "active" and p.powers), None)
        if seat is None:
            raise Invalid("beacon.not_player")
        power = str(seat.powers[0])
        enqueue(session, game, KIND, {"power": power})
        return power
