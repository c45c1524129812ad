"""Deadlines and the outbox: racing schedulers, crashes, restarts, reminders, wake-ups."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta

from sqlmodel import func, select

from bot.db import Database
from bot.models import Game, Outbox, PhaseRecord, utcnow
from bot.outbox import OutboxPoster, PostMessage
from bot.scheduler import Scheduler
from bot.services import games, gm, orders, players
from tests.bot.conftest import GM, T0, new_game, user_of

DUE = T0 + timedelta(hours=48)


class Recorder:
    """The Discord layer's ``send`` as the tests see it: every post, in order."""

    def __init__(self) -> None:
        self.posts: list[PostMessage] = []

    async def __call__(self, message: PostMessage) -> None:
        self.posts.append(message)


class Crash(BaseException):
    """The process dies (not an error the poster could catch and retry)."""


async def _records(db: Database) -> dict[int, int]:
    async with db.transaction(write=False) as session:
        rows = (await session.exec(select(PhaseRecord.game_id, func.count())
                                   .group_by(PhaseRecord.game_id))).all()
    return {int(g): int(n) for g, n in rows}


async def _unsent(db: Database) -> list[Outbox]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(Outbox).where(
            Outbox.sent_at.is_(None)).order_by(Outbox.id))).all())  # type: ignore[union-attr]


async def _games(db: Database, n: int) -> list[int]:
    return [await new_game(db, n_players=2, channel_id=100 + i, seed=i) for i in range(n)]


async def test_two_schedulers_racing_resolve_each_game_once(db: Database) -> None:
    ids = await _games(db, 5)
    a = Scheduler(db, owner="a", batch=2)
    b = Scheduler(db, owner="b", batch=2)
    done = await asyncio.gather(a.run_once(DUE), b.run_once(DUE), a.run_once(DUE))
    assert sum(done) == 5
    assert await _records(db) == dict.fromkeys(ids, 1)
    for game_id in ids:
        view = await games.get_game(db, game_id=game_id)
        assert view.phase == "F1901M" and view.deadline == DUE + timedelta(hours=48)


async def test_nothing_is_resolved_before_its_deadline(db: Database) -> None:
    await _games(db, 2)
    scheduler = Scheduler(db, owner="a")
    assert await scheduler.next_due() == T0 + timedelta(hours=42)  # the reminders
    assert await scheduler.run_once(DUE - timedelta(seconds=1)) == 0
    assert await _records(db) == {}
    assert await scheduler.next_due() == DUE  # reminders sent: the deadline is next


async def test_a_crash_after_commit_reposts_exactly_once(db: Database) -> None:
    (game_id,) = await _games(db, 1)
    await Scheduler(db, owner="a").run_once(DUE)  # resolved and committed, nothing posted

    async def crash(_message: PostMessage) -> None:
        raise Crash

    with contextlib.suppress(Crash):
        await OutboxPoster(db, crash, owner="a", claim_seconds=60).post_pending(now=DUE)
    pending = await _unsent(db)
    assert [o.kind for o in pending] == ["game_created", "game_started", "results"]
    # restart: the claim of the dead process expires, the new one posts everything once
    recorder = Recorder()
    restarted = Scheduler(db, owner="b", send=recorder)
    later = DUE + timedelta(minutes=2)
    assert await restarted.run_once(later) == 0  # never re-adjudicates
    assert await restarted.run_once(later + timedelta(minutes=1)) == 0
    assert [p.kind for p in recorder.posts] == ["game_created", "game_started", "results"]
    assert await _unsent(db) == []
    assert await _records(db) == {game_id: 1}
    results = recorder.posts[-1]
    assert results.channel_id == 100 and results.image is not None
    assert results.image.startswith(b"\x89PNG") and results.results
    assert results.payload["phase"] == "S1901M" and results.payload["next_phase"] == "F1901M"


async def test_a_failed_post_is_retried_later_and_keeps_the_game_order(db: Database) -> None:
    await _games(db, 1)
    calls: list[str] = []

    async def flaky(message: PostMessage) -> None:
        calls.append(message.kind)
        if len(calls) == 1:
            raise ConnectionError("discord down")

    poster = OutboxPoster(db, flaky, owner="a")
    assert await poster.post_pending(now=T0) == 0  # the first failed; the second waits
    assert calls == ["game_created"]
    (first, second) = await _unsent(db)
    assert second.attempts == 0 and second.kind == "game_started"
    assert first.attempts == 1 and "discord down" in (first.last_error or "")
    assert await poster.post_pending(now=T0 + timedelta(seconds=1)) == 0  # back-off
    assert await poster.post_pending(now=T0 + timedelta(minutes=1)) == 2
    assert calls == ["game_created", "game_created", "game_started"]


async def test_a_killed_scheduler_is_replaced_and_every_deadline_resumes(db: Database
                                                                         ) -> None:
    ids = await _games(db, 3)
    late = await new_game(db, n_players=2, channel_id=999, now=T0 + timedelta(hours=5))
    dead = Scheduler(db, owner="dead", lease_seconds=60)
    claimed = await dead.claim_due(DUE)  # claims, then the process is killed
    assert sorted(c[0] for c in claimed) == ids
    successor = Scheduler(db, owner="next", lease_seconds=60)
    assert await successor.run_once(DUE + timedelta(seconds=30)) == 0  # leases still held
    assert await successor.run_once(DUE + timedelta(seconds=61)) == 3
    assert await _records(db) == dict.fromkeys(ids, 1)
    assert await successor.next_due() == T0 + timedelta(hours=5 + 48)  # the late game
    assert await successor.run_once(T0 + timedelta(hours=53)) == 1
    assert (await _records(db))[late] == 1


async def test_reminders_go_once_to_players_who_have_not_ordered(db: Database) -> None:
    game_id = await new_game(db)  # 48 h phases: reminder 6 h before the deadline
    france = await user_of(db, game_id, "france")
    england = await user_of(db, game_id, "england")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par H")
    await players.set_reminders(db, game_id=game_id, user_id=england, enabled=False)
    scheduler = Scheduler(db, owner="a")
    await scheduler.run_once(T0 + timedelta(hours=41))
    assert [o for o in await _unsent(db) if o.kind == "reminder"] == []
    await scheduler.run_once(T0 + timedelta(hours=42))
    await scheduler.run_once(T0 + timedelta(hours=43))
    reminders = [o for o in await _unsent(db) if o.kind == "reminder"]
    view = await games.get_game(db, game_id=game_id)
    expected = sorted(p.user_id for p in view.players if p.user_id not in (france, england))
    assert sorted(o.payload["user_id"] for o in reminders) == expected
    assert all(o.payload["phase"] == "S1901M" for o in reminders)


async def test_the_loop_wakes_up_when_a_deadline_changes(db: Database) -> None:
    now = utcnow()
    game_id = await new_game(db, n_players=2, now=now)
    recorder = Recorder()
    scheduler = Scheduler(db, owner="live", send=recorder, max_sleep=60)
    task = asyncio.create_task(scheduler.run())
    try:
        await asyncio.sleep(0.3)  # asleep until the reminder, 42 hours away
        assert await _records(db) == {}
        await gm.extend_deadline(db, game_id=game_id, user_id=GM, minutes=-10**6)
        for _ in range(100):
            if await _records(db) == {game_id: 1} and any(
                    p.kind == "results" for p in recorder.posts):
                break
            await asyncio.sleep(0.05)
        assert await _records(db) == {game_id: 1}
        assert "results" in [p.kind for p in recorder.posts]
    finally:
        scheduler.stop()
        await asyncio.wait_for(task, 5)


async def test_idle_games_hold_no_lease(db: Database) -> None:
    await _games(db, 2)
    await Scheduler(db, owner="a").run_once(T0 + timedelta(hours=1))
    async with db.transaction(write=False) as session:
        leases = (await session.exec(select(Game.lease_owner))).all()
    assert set(leases) == {None}


async def test_a_deadline_storm_posts_each_result_as_soon_as_its_turn_is_committed(
        db: Database) -> None:
    ids = await _games(db, 8)
    await OutboxPoster(db, Recorder(), owner="a").post_pending(now=T0)  # the sign-up posts
    # at each results post, how many of the due games are still unresolved
    unresolved_at_post: list[int] = []

    async def send(message: PostMessage) -> None:
        if message.kind == "results":
            records = await _records(db)
            unresolved_at_post.append(sum(1 for g in ids if g not in records))

    # maps drawn at once (the order of events is the point, not the drawing)
    scheduler = Scheduler(db, owner="a", send=send, render=lambda *_a, **_k: b"\x89PNG")
    assert await scheduler.run_once(DUE) == 8
    assert len(unresolved_at_post) == 8
    # the first result went out while turns of the storm were still to be adjudicated
    assert unresolved_at_post[0] > 0, unresolved_at_post
