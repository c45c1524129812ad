"""L'Impérialisme in the one turn pipeline (issue 11): the scheduler alone takes a game
through a crisis and to the next automatic one, each step one ``PhaseRecord``; racing
schedulers (and a GM racing the scheduler) take each step once; a stale expected phase is
refused; the GM's and the players' steps are recorded too (draw, declaration, withdrawal,
annexation, exchanges); a vote never closes early; no record holds a vote."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlmodel import select

from bot.db import Database
from bot.models import Game, Outbox, PhaseRecord
from bot.scheduler import Scheduler
from bot.services import history, turns
from bot.services import imperialisme as service
from bot.services.errors import ServiceError, Stale
from bot.services.imperialisme.tables import Crisis
from bot.services.registry import rules_for
from tests.bot.conftest import dump

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
GM = 1000
POWERS = ("england", "russia", "romania", "france", "austria", "germany", "italy", "sweden",
          "spain", "turkey", "serbia", "poland", "greece", "bulgaria")
USER = {p: 100 + i for i, p in enumerate(POWERS)}
HOUR = timedelta(hours=1)


async def new_game(db: Database, **timing: Any) -> int:
    view = await service.create_game(db, channel_id=555, gm_user_id=GM, guild_id=42, now=T0)
    for p in POWERS:
        await service.join_game(db, game_id=view.id, user_id=USER[p], power=p, now=T0)
    await service.configure(db, game_id=view.id, user_id=GM, now=T0, **timing)
    await service.start_game(db, game_id=view.id, user_id=GM, seed=1, now=T0)
    return view.id


async def game_of(db: Database, game_id: int) -> Game:
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        assert game is not None
        return game


async def records(db: Database, game_id: int) -> list[PhaseRecord]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id).order_by(PhaseRecord.seq))).all())


async def kinds(db: Database, game_id: int) -> list[str]:
    async with db.transaction(write=False) as session:
        return [o.kind for o in (await session.exec(select(Outbox).where(
            Outbox.game_id == game_id).order_by(Outbox.id))).all()]


async def vote_everyone(db: Database, game_id: int, now: datetime) -> None:
    c = (await game_of(db, game_id)).state["crisis"]
    for p in POWERS:
        if p not in c["sides"]:
            await service.cast_vote(db, game_id=game_id, user_id=USER[p], number=c["number"],
                                    power=p, choice=c["sides"][0], now=now)


async def test_the_scheduler_alone_takes_a_crisis_to_the_next_one(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0, vote_hours=1.0, annexation_hours=1.0,
                             crisis_every_hours=4.0)
    scheduler = Scheduler(db, owner="only")
    game = await game_of(db, game_id)
    assert (game.phase, game.deadline) == ("C1-PENDING", T0 + 4 * HOUR)
    assert await scheduler.run_once(T0 + 4 * HOUR - timedelta(seconds=1)) == 0
    steps = [(4, "C1-CONFERENCE", 5), (5, "C1-VOTE", 6), (6, "C1-ANNEXATION", 7),
             (7, "C2-PENDING", 8), (8, "C2-CONFERENCE", 9)]
    for at, phase, next_at in steps:
        assert await scheduler.run_once(T0 + at * HOUR) == 1, phase
        game = await game_of(db, game_id)
        assert (game.phase, game.deadline) == (phase, T0 + next_at * HOUR)
        assert game.state["phase"] == phase
        if phase == "C1-VOTE":
            await vote_everyone(db, game_id, T0 + at * HOUR)
    done = await records(db, game_id)
    assert [(r.phase, r.next_phase) for r in done] == [
        ("C1-PENDING", "C1-CONFERENCE"), ("C1-CONFERENCE", "C1-VOTE"),
        ("C1-VOTE", "C1-ANNEXATION"), ("C1-ANNEXATION", "C2-PENDING"),
        ("C2-PENDING", "C2-CONFERENCE")]
    assert [r.results[0]["event"] for r in done] == [
        "crisis", "vote_open", "tally", "annexation", "crisis"]
    assert done[0].results[0]["by"] == done[4].results[0]["by"] == "schedule"
    assert done[3].results[0]["by_default"] is True, "the referee's choice"
    assert [k for k in await kinds(db, game_id) if k not in ("imp_ballot", "imp_schedule")
            ][-5:] == ["imp_crisis", "imp_vote_open", "imp_result", "imp_annexed",
                       "imp_crisis"]
    # /game history and /map <phase> find every step by its label
    past = await history.phase_history(db, game_id=game_id)
    assert [h.phase for h in past] == [r.phase for r in done]
    detail = await history.phase_detail(db, game_id=game_id, phase="c1-vote")
    assert detail.state["crisis"]["stage"] == "vote"


async def test_no_record_holds_a_vote(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0, vote_hours=1.0)
    await service.declare_war(db, game_id=game_id, user_id=USER["austria"], target="serbia",
                              now=T0)
    await Scheduler(db, owner="a").run_once(T0 + HOUR)
    await service.cast_vote(db, game_id=game_id, user_id=USER["greece"], number=1,
                            power="greece", choice="serbia", now=T0 + HOUR)
    await service.cast_vote(db, game_id=game_id, user_id=USER["italy"], number=1,
                            power="italy", choice="blank", now=T0 + HOUR)
    await Scheduler(db, owner="a").run_once(T0 + 2 * HOUR)
    tally = (await records(db, game_id))[-1]
    assert tally.phase == "C1-VOTE" and tally.orders == []
    assert set(tally.results[0]) == {"event", "number", "sides", "winner", "loser",
                                     "territories", "annexable"}
    # no choice as the votes store it, no ballot key, anywhere in any record
    values: list[Any] = []
    keys: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            keys.extend(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        else:
            values.append(x)

    walk([r.model_dump(mode="json") for r in await records(db, game_id)])
    assert not {"attacker", "defender", "blank"} & {v for v in values if isinstance(v, str)}
    assert not {"secret", "ballots", "votes", "choice"} & set(keys)


async def test_racing_schedulers_take_each_step_once(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0, vote_hours=1.0, crisis_every_hours=4.0)
    a, b = Scheduler(db, owner="a", batch=1), Scheduler(db, owner="b", batch=1)
    for count, hours in enumerate((4, 5, 6, 8), start=1):  # draw, vote, tally (blank), draw
        now = T0 + hours * HOUR
        taken = await asyncio.gather(a.run_once(now), b.run_once(now), a.run_once(now))
        assert sum(taken) == 1, hours
        assert len(await records(db, game_id)) == count
    assert (await game_of(db, game_id)).phase == "C2-CONFERENCE"


async def test_the_gm_racing_the_scheduler_takes_the_stage_once(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0)
    await service.declare_war(db, game_id=game_id, user_id=USER["austria"], target="serbia",
                              now=T0)
    assert len(await records(db, game_id)) == 1  # the declared crisis started: a step
    now = T0 + HOUR
    got = await asyncio.gather(
        service.close_stage(db, game_id=game_id, user_id=GM, now=now),
        Scheduler(db, owner="s").run_once(now), return_exceptions=True)
    assert [r.phase for r in await records(db, game_id)] == ["C1-PENDING", "C1-CONFERENCE"]
    assert (await game_of(db, game_id)).phase == "C1-VOTE"
    assert all(isinstance(g, Stale | int | service.CrisisView) for g in got), got
    assert (await kinds(db, game_id)).count("imp_vote_open") == 1


async def test_a_stale_expected_phase_is_refused(db: Database) -> None:
    game_id = await new_game(db)
    await service.declare_war(db, game_id=game_id, user_id=USER["austria"], target="serbia",
                              now=T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    before = await dump(db)
    with pytest.raises(Stale):
        await turns.adjudicate_phase(db, game_id=game_id, expected_phase="C1-CONFERENCE",
                                     trigger="gm", user_id=GM, now=T0)
    assert await dump(db) == before
    outcome = await turns.adjudicate_phase(db, game_id=game_id, expected_phase="C1-VOTE",
                                           trigger="gm", user_id=GM, now=T0)
    assert (outcome.phase, outcome.next_phase) == ("C1-VOTE", "C2-PENDING")  # all blank


async def test_a_vote_never_closes_early(db: Database) -> None:
    """Seed 003: a voter may change its vote until the vote closes; closing when everyone
    voted would also tell that nobody abstained."""
    game_id = await new_game(db)
    await service.declare_war(db, game_id=game_id, user_id=USER["austria"], target="serbia",
                              now=T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    await vote_everyone(db, game_id, T0)
    assert await turns.resolve_if_ready(db, game_id=game_id, now=T0) is None
    game = await game_of(db, game_id)
    assert game.phase == "C1-VOTE" and game.deadline == T0 + 24 * HOUR
    assert rules_for("imperialisme").choices(game, []) == [], "no reminder of a vote"


async def test_players_and_gm_steps_are_recorded(db: Database) -> None:
    game_id = await new_game(db)
    await service.draw_crisis(db, game_id=game_id, user_id=GM, now=T0)  # C1 by the GM
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)  # all blank
    # a declaration starts at once; a second waits; its target consents to withdraw the
    # running one: the waiting one starts
    assert isinstance(await service.declare_war(db, game_id=game_id, user_id=USER["austria"],
                                                target="serbia", now=T0), service.CrisisView)
    assert await service.declare_war(db, game_id=game_id, user_id=USER["turkey"],
                                     target="greece", now=T0) == 1
    await service.answer_withdrawal(db, game_id=game_id, user_id=USER["serbia"],
                                    attacker="austria", target="serbia", consent=True, now=T0)
    state = (await game_of(db, game_id)).state
    assert state["crisis"]["sides"] == ["turkey", "greece"] and state["phase"] == "C3-CONFERENCE"
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    await vote_everyone(db, game_id, T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    options = await service.annexation_options(db, game_id=game_id)
    taken = await service.annex(db, game_id=game_id, user_id=USER["turkey"],
                                territories=list(options.eligible[:options.annexable]),
                                now=T0)
    assert taken == tuple(options.eligible[:options.annexable])
    # an exchange session: one record per exchange that takes effect
    await service.open_exchange_session(db, game_id=game_id, user_id=GM, now=T0)
    owners = (await game_of(db, game_id)).state["owners"]
    gifts = sorted(t for t, p in owners.items() if p == "france")[:2]
    for gift in gifts:
        x = await service.propose_exchange(db, game_id=game_id, user_id=USER["france"],
                                           partner="spain", give=[gift], get=[], now=T0)
        done = await service.answer_exchange(db, game_id=game_id, exchange_id=x.id,
                                             user_id=USER["spain"], accept=True, now=T0)
        assert done.status == "done"
    assert (await game_of(db, game_id)).phase == "X3"
    await service.close_exchange_session(db, game_id=game_id, user_id=GM, now=T0)
    assert (await game_of(db, game_id)).phase == "C4-PENDING"
    assert [(r.phase, r.results[0]["event"]) for r in await records(db, game_id)] == [
        ("C1-PENDING", "crisis"), ("C1-CONFERENCE", "vote_open"), ("C1-VOTE", "tally"),
        ("C2-PENDING", "crisis"), ("C2-CONFERENCE", "withdrawn"), ("C3-PENDING", "crisis"),
        ("C3-CONFERENCE", "vote_open"), ("C3-VOTE", "tally"),
        ("C3-ANNEXATION", "annexation"), ("X1", "exchange"), ("X2", "exchange")]
    x1 = await history.phase_detail(db, game_id=game_id, phase="x1")
    assert x1.orders[0]["first_gives"] == [gifts[0]]
    assert x1.state["owners"][gifts[0]] == "france"


async def test_a_game_from_before_the_pipeline_is_taken_over(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0)
    await service.declare_war(db, game_id=game_id, user_id=USER["austria"], target="serbia",
                              now=T0)
    async with db.transaction() as session:  # as the cog's own loop left it
        game = await session.get(Game, game_id)
        assert game is not None
        game.phase, game.deadline = None, None
        game.state = {k: v for k, v in game.state.items() if k != "phase"}
    scheduler = Scheduler(db, owner="new")
    assert await scheduler.run_once(T0 + HOUR) == 1
    game = await game_of(db, game_id)
    assert game.phase == "C1-VOTE" and game.state["crisis"]["stage"] == "vote"
    async with db.transaction(write=False) as session:
        row = (await session.exec(select(Crisis).where(Crisis.game_id == game_id,
                                                       Crisis.seq == 1))).one()
    assert game.deadline == row.deadline == T0 + HOUR + 24 * HOUR


async def test_a_withdrawal_during_the_vote_discards_the_votes(db: Database) -> None:
    """Seed 003: withdrawn with the target's consent until the tally; the votes already cast
    count for nothing and leave no trace."""
    game_id = await new_game(db)
    await service.declare_war(db, game_id=game_id, user_id=USER["austria"], target="serbia",
                              now=T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    await vote_everyone(db, game_id, T0)
    await service.request_withdrawal(db, game_id=game_id, user_id=USER["austria"],
                                     target="serbia", now=T0)
    assert await service.answer_withdrawal(db, game_id=game_id, user_id=USER["serbia"],
                                           attacker="austria", target="serbia", consent=True,
                                           now=T0) == "withdrawn"
    game = await game_of(db, game_id)
    assert game.state["crisis"] is None and game.phase == "C2-PENDING"
    assert (await dump(db))["vote"] == []
    async with db.transaction(write=False) as session:
        row = (await session.exec(select(Crisis).where(Crisis.game_id == game_id,
                                                       Crisis.seq == 1))).one()
    assert row.status == "withdrawn" and "secret" not in row.data
    last = (await records(db, game_id))[-1]
    assert (last.phase, last.orders) == ("C1-VOTE", [])
    assert last.results == [{"event": "withdrawn", "attacker": "austria", "target": "serbia",
                             "what": "crisis"}]
    # once the vote is closed, too late
    await service.declare_war(db, game_id=game_id, user_id=USER["turkey"], target="greece",
                              now=T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    await vote_everyone(db, game_id, T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    with pytest.raises(ServiceError) as late:
        await service.request_withdrawal(db, game_id=game_id, user_id=USER["turkey"],
                                         target="greece", now=T0)
    assert late.value.code == "rule.imperialisme.too_late_to_withdraw"
