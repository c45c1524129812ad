"""Shared steps of the cog tests: a started 7-player game in the test channel."""

from __future__ import annotations

from bot.services import games as games_service
from tests.e2e.harness import CHANNEL_ID, Harness, Member

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))
PLAYERS = [Member(2001 + i, f"p{i}") for i in range(7)]
OUTSIDER = Member(3001, "outsider")


async def started_game(h: Harness, *, channel_id: int = CHANNEL_ID
                       ) -> tuple[int, dict[str, Member]]:
    await h.slash(GM, "game create", channel_id=channel_id, variant="classic", name="G")
    for p in PLAYERS:
        await h.slash(p, "game join", channel_id=channel_id)
    await h.slash(GM, "game start", channel_id=channel_id)
    game = await games_service.game_in_channel(h.bot.db, channel_id=channel_id)
    members = {m.id: m for m in PLAYERS}
    return game.id, {seat.powers[0]: members[seat.user_id] for seat in game.players}
