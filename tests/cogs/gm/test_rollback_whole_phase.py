"""`/gm rollback` restores the whole phase (seed 004 §3.7): the seats as they were (missed
phases, civil disorder), the orders then pending with their ready flags."""

from __future__ import annotations

from sqlmodel import select

from bot.models import OrderSet, Player
from bot.services import games as games_service
from tests.cogs.helpers import GM, started_game
from tests.e2e.harness import CHANNEL_ID, Harness


async def _seat(h: Harness, game_id: int, user_id: int) -> Player:
    async with h.bot.db.transaction(write=False) as session:
        return (await session.exec(select(Player).where(
            Player.game_id == game_id, Player.user_id == user_id))).one()


async def test_rollback_across_a_civil_disorder_undoes_it(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    italy = by["italy"]
    for _ in ("S1901M", "F1901M"):  # Italy misses two movement phases: civil disorder
        for power, member in by.items():
            if power != "italy":
                await harness.slash(member, "ready", channel_id=CHANNEL_ID)
        await harness.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
        game = await games_service.get_game(harness.bot.db, game_id=game_id)
        if game.phase and game.phase.endswith(("R", "A")):
            await harness.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    assert (await _seat(harness, game_id, italy.id)).status == "civil_disorder"

    # back to Spring 1901, where France had sent its orders and said it was ready
    await harness.slash(GM, "gm rollback", channel_id=CHANNEL_ID, phase="S1901M")
    seat = await _seat(harness, game_id, italy.id)
    assert (seat.status, seat.missed_phases) == ("active", 0)
    async with harness.bot.db.transaction(write=False) as session:
        pending = (await session.exec(select(OrderSet).where(
            OrderSet.game_id == game_id, OrderSet.phase == "S1901M"))).all()
    assert {o.power for o in pending if o.ready} == set(by) - {"italy"}

    # the GM forces the phase again: Italy's one miss is not a civil disorder
    await harness.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    seat = await _seat(harness, game_id, italy.id)
    assert (seat.status, seat.missed_phases) == ("active", 1)
