"""Votes of L'Impérialisme at rest and under forged input: a stored vote says neither who
nor what without the bot's key; a forged ballot token is refused, never a crash."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.sealing import Sealer, SealError
from bot.services import imperialisme as service
from bot.services.errors import Conflict
from bot.services.imperialisme.tables import Vote
from tests.bot.services.imperialisme.test_service import (
    GM,
    POWERS,
    T0,
    USER,
    declared,
    new_game,
    rows,
)


async def test_a_stored_vote_says_neither_who_nor_what(db: Database) -> None:
    game_id = await new_game(db)
    await declared(db, game_id, "austria", "serbia")
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    await service.cast_vote(db, game_id=game_id, user_id=USER["greece"], number=1,
                            power="greece", choice="serbia", now=T0)
    (vote,) = await rows(db, Vote)
    stored = f"{vote.voter} {vote.choice}"
    assert not any(p in stored for p in POWERS)
    assert "attacker" not in stored and "defender" not in stored
    with pytest.raises(SealError):
        Sealer.ephemeral().unseal(vote.choice)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)  # the tally reads it
    assert await rows(db, Vote) == []


@pytest.mark.parametrize("token", ["é" * 12, "\ud800" * 12, "x" * 5000, "", "ABCDEF012345"])
async def test_a_forged_ballot_token_is_refused(db: Database, token: str) -> None:
    game_id = await new_game(db)
    await declared(db, game_id, "austria", "serbia")
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    with pytest.raises(Conflict) as err:
        await service.cast_vote(db, game_id=game_id, user_id=USER["greece"], number=1,
                                power="greece", token=token, now=T0)
    assert err.value.code == "imp.ballot_expired"
    assert await rows(db, Vote) == []
