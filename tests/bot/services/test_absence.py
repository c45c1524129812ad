"""Absences and reminder offsets on both databases (seed 004 §3.6): the days granted are
stored per game year and count against the allowance; the offsets done are stored with the
reminder queued, so a second pass — another process — queues none again."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
from sqlmodel import select

from bot.db import Database
from bot.models import Absence, Outbox
from bot.scheduler import Scheduler
from bot.services import absence, games, gm, reminders
from bot.services.errors import Invalid
from tests.bot.conftest import GM, T0, new_game, user_of

DUE = T0 + timedelta(hours=48)


async def _reminders(db: Database) -> list[Outbox]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(Outbox).where(Outbox.kind == "reminder")
                                        .order_by(Outbox.id))).all())  # type: ignore[arg-type]


async def test_days_granted_count_per_game_year(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    view = await absence.set_absence(db, game_id=game_id, user_id=france,
                                     starts=DUE.date().isoformat(),
                                     ends=(DUE.date() + timedelta(days=1)).isoformat(),
                                     reason="private", now=T0)
    end = datetime.combine(DUE.date() + timedelta(days=2), time(0), tzinfo=UTC)
    assert view.deadline == end and view.remaining == 14 - 2
    async with db.transaction(write=False) as session:
        (row,) = (await session.exec(select(Absence))).all()
    assert row.used == {"1901": 2} and row.reason and "private" not in row.reason  # sealed
    game = await games.get_game(db, game_id=game_id)
    assert game.deadline == end


async def test_an_offset_is_queued_once_by_racing_schedulers(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await reminders.set_reminders(db, game_id=game_id, user_id=france, hours="24,1", now=T0)
    a, b = Scheduler(db, owner="a"), Scheduler(db, owner="b")
    await a.run_once(DUE - timedelta(hours=24))
    await b.run_once(DUE - timedelta(hours=24))
    await b.run_once(DUE - timedelta(hours=23))
    mine = [o for o in await _reminders(db) if o.payload["user_id"] == france]
    assert [o.payload["hours"] for o in mine] == [24.0]
    await a.run_once(DUE - timedelta(hours=1))
    await b.run_once(DUE - timedelta(minutes=1))
    mine = [o for o in await _reminders(db) if o.payload["user_id"] == france]
    assert [o.payload["hours"] for o in mine] == [24.0, 1.0]


async def test_a_deadline_moved_by_the_gm_keeps_the_chosen_hours(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await reminders.set_reminders(db, game_id=game_id, user_id=france, hours="24", now=T0)
    await gm.extend_deadline(db, game_id=game_id, user_id=GM, minutes=24 * 60, now=T0)
    later = DUE + timedelta(hours=24)
    scheduler = Scheduler(db, owner="a")
    await scheduler.run_once(DUE - timedelta(hours=24))  # the old deadline's hour: nothing
    assert [o for o in await _reminders(db) if o.payload["user_id"] == france] == []
    await scheduler.run_once(later - timedelta(hours=24))
    mine = [o for o in await _reminders(db) if o.payload["user_id"] == france]
    assert [o.payload["deadline"] for o in mine] == [later.isoformat()]


def test_days_are_read_in_iso_and_in_the_french_way() -> None:
    today = date(2026, 11, 26)
    assert absence.parse_day("2026-12-24", today) == date(2026, 12, 24)
    assert absence.parse_day("24/12/2026", today) == date(2026, 12, 24)
    assert absence.parse_day("24/12", today) == date(2026, 12, 24)
    assert absence.parse_day("3/1", today) == date(2027, 1, 3)  # the next 3 January
    assert absence.parse_day("26.11", today) == today
    for bad in ("31/02", "2026-13-01", "24-12", "", "12/24/2026", "demain"):
        with pytest.raises(Invalid):
            absence.parse_day(bad, today)


async def test_an_absence_reason_is_sealed_at_rest(db: Database) -> None:
    """Only the player reads why they are away: the database alone does not tell it."""
    from sqlalchemy import text as sql

    game_id = await new_game(db)
    user = await user_of(db, game_id, "france")
    await absence.set_absence(db, game_id=game_id, user_id=user, starts="2030-01-01",
                              ends="2030-01-03", reason="dentist-appointment", now=T0)
    async with db.transaction(write=False) as session:
        stored = (await session.exec(sql("SELECT reason FROM absence"))).one()  # type: ignore[call-overload]
    assert stored[0] and "dentist" not in stored[0]
    mine = await absence.my_absences(db, game_id=game_id, user_id=user, now=T0)
    assert [a.reason for a in mine] == ["dentist-appointment"]
