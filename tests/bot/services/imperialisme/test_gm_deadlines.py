"""The game master's tools on L'Impérialisme, whose stages keep their own deadlines in the
``Crisis`` rows (seed 004 §3.7): extending, pausing, resuming and rolling back move the
deadline of the stage in progress, not only ``Game.deadline``."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.db import Database
from bot.models import Outbox, PhaseRecord
from bot.services import gm
from bot.services import imperialisme as service
from bot.services.errors import Conflict
from bot.services.imperialisme.tables import Crisis
from tests.bot.services.imperialisme.test_service import (
    GM,
    T0,
    USER,
    deadline,
    deadline_passes,
    declared,
    new_game,
    rows,
    state,
)

HOUR = timedelta(hours=1)


async def crisis_deadline(db: Database, number: int = 1) -> object:
    return (await rows(db, Crisis, seq=number))[0].deadline


async def test_an_extended_conference_ends_at_the_new_deadline(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0)
    await declared(db, game_id, "austria", "serbia")
    await gm.extend_deadline(db, game_id=game_id, user_id=GM, minutes=60, now=T0)
    assert await crisis_deadline(db) == T0 + 2 * HOUR == await deadline(db, game_id)
    # another action recomputes the game's deadline from the stage's: the extension holds
    await declared(db, game_id, "russia", "poland")
    assert await deadline(db, game_id) == T0 + 2 * HOUR
    assert await deadline_passes(db, T0 + HOUR) == 0
    assert await deadline_passes(db, T0 + 2 * HOUR) == 1
    assert (await state(db, game_id))["crisis"]["stage"] == "vote"


async def test_a_paused_conference_keeps_its_time_left(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0)
    await declared(db, game_id, "austria", "serbia")
    await gm.pause_game(db, game_id=game_id, user_id=GM, now=T0 + HOUR / 2)
    later = T0 + 5 * HOUR
    await gm.resume_game(db, game_id=game_id, user_id=GM, now=later)
    assert await crisis_deadline(db) == later + HOUR / 2 == await deadline(db, game_id)
    await declared(db, game_id, "russia", "poland")  # recomputes Game.deadline
    assert await deadline(db, game_id) == later + HOUR / 2
    assert await deadline_passes(db, later + HOUR / 4) == 0
    overview = await service.overview(db, game_id=game_id)
    assert overview.crisis is not None and overview.crisis.deadline == later + HOUR / 2


async def test_a_rolled_back_vote_opens_again_with_its_full_length(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0, vote_hours=2.0)
    await declared(db, game_id, "austria", "serbia")
    assert await deadline_passes(db, T0 + HOUR) == 1  # the vote opens
    await service.cast_vote(db, game_id=game_id, user_id=USER["france"], number=1,
                            power="france", choice="austria", now=T0 + HOUR)
    opened = max(r.seq for r in await rows(db, PhaseRecord, game_id=game_id))
    assert await deadline_passes(db, T0 + 3 * HOUR) == 1  # the tally
    assert (await state(db, game_id))["crisis"]["stage"] == "annexation"
    tally = opened + 1
    back = T0 + 10 * HOUR
    await gm.rollback(db, game_id=game_id, user_id=GM, seq=tally, now=back)
    assert (await state(db, game_id))["crisis"]["stage"] == "vote"
    row = (await rows(db, Crisis, seq=1))[0]
    assert row.status == "vote" and row.deadline == back + 2 * HOUR
    assert await deadline(db, game_id) == back + 2 * HOUR
    # the ballots sent at the opening are void: every voter gets a new one, that opens
    ballots = [o.payload for o in sorted(await rows(db, Outbox, kind="imp_ballot"),
                                         key=lambda o: o.id)]
    voters = sorted((await state(db, game_id))["crisis"]["weights"])
    assert len(ballots) == 2 * len(voters)
    assert sorted(b["power"] for b in ballots[len(voters):]) == voters
    assert "austria" not in voters and "serbia" not in voters
    france = await service.ballot(db, game_id=game_id, user_id=USER["france"])
    token = dict(france.tokens)["serbia"]
    await service.cast_vote(db, game_id=game_id, user_id=USER["france"], number=1,
                            power="france", token=token, now=back)


async def test_a_crisis_rolled_back_before_its_start_starts_again(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0)
    await declared(db, game_id, "austria", "serbia")  # starts at once: a step of its own
    first = min(r.seq for r in await rows(db, PhaseRecord, game_id=game_id))
    back = T0 + HOUR / 2
    await gm.rollback(db, game_id=game_id, user_id=GM, seq=first, now=back)
    restored = await state(db, game_id)
    assert restored["crisis"] is None and restored["queue"]
    assert await rows(db, Crisis, seq=1) == []  # undone: it starts again
    assert await deadline(db, game_id) == back  # a declared crisis waits for nothing
    assert await deadline_passes(db, back) == 1
    row = (await rows(db, Crisis, seq=1))[0]
    assert row.status == "conference" and row.deadline == back + HOUR


async def test_extending_when_nothing_waits_for_a_deadline_is_refused(db: Database) -> None:
    """Between crises with no automatic schedule the next crisis waits for the GM: there is
    no deadline to extend, and nothing is announced."""
    game_id = await new_game(db)
    assert await deadline(db, game_id) is None
    queued = len(await rows(db, Outbox))
    with pytest.raises(Conflict) as refused:
        await gm.extend_deadline(db, game_id=game_id, user_id=GM, minutes=60, now=T0)
    assert refused.value.code == "gm.no_deadline"
    assert len(await rows(db, Outbox)) == queued and await deadline(db, game_id) is None
