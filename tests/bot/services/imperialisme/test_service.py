"""The services of L'Impérialisme on a migrated database (SQLite, and PostgreSQL when
``TEST_POSTGRES_URL`` is set): sign-up and powers, commit-reveal draws, the votes (no vote =
blank, a changed vote counts once, nothing kept), deadlines of every stage taken by the
scheduler, the automatic schedule, the queue of declared crises, withdrawals, exchanges, the
end of the game (seed 003, docs/RULES.md §6)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlmodel import select

from bot.db import Database
from bot.models import Game, Outbox
from bot.scheduler import Scheduler
from bot.services import draws, turns
from bot.services import imperialisme as service
from bot.services.errors import Conflict, Forbidden, Invalid, ServiceError
from bot.services.imperialisme.tables import Crisis, Exchange, Vote
from engine.variants.imperialisme import api as imp

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
GM = 1000
POWERS = ("england", "russia", "romania", "france", "austria", "germany", "italy", "sweden",
          "spain", "turkey", "serbia", "poland", "greece", "bulgaria")
USER = {p: 100 + i for i, p in enumerate(POWERS)}


async def new_game(db: Database, powers: tuple[str, ...] = POWERS, **timing: Any) -> int:
    view = await service.create_game(db, channel_id=555, gm_user_id=GM, guild_id=42, now=T0)
    for p in powers:
        await service.join_game(db, game_id=view.id, user_id=USER[p], power=p, now=T0)
    if timing:
        await service.configure(db, game_id=view.id, user_id=GM, now=T0, **timing)
    await service.start_game(db, game_id=view.id, user_id=GM, seed=1, now=T0)
    return view.id


async def rows(db: Database, model: Any, **where: Any) -> list[Any]:
    async with db.transaction(write=False) as session:
        query = select(model)
        for key, value in where.items():
            query = query.where(getattr(model, key) == value)
        return list((await session.exec(query)).all())


async def state(db: Database, game_id: int) -> dict[str, Any]:
    return dict((await rows(db, Game, id=game_id))[0].state)


async def posts(db: Database, kind: str) -> list[dict[str, Any]]:
    return [o.payload for o in sorted(await rows(db, Outbox, kind=kind), key=lambda o: o.id)]


async def deadline(db: Database, game_id: int) -> datetime | None:
    return (await rows(db, Game, id=game_id))[0].deadline


async def deadline_passes(db: Database, now: datetime) -> int:
    """The scheduler alone, at ``now``: how many steps it took."""
    return await Scheduler(db, owner="test").run_once(now)


async def declared(db: Database, game_id: int, attacker: str, target: str) -> Any:
    return await service.declare_war(db, game_id=game_id, user_id=USER[attacker],
                                     target=target, now=T0)


def test_picks_are_honoured_first_come_and_the_rest_drawn_by_lot() -> None:
    picks = ["france", None, "france", "serbia", None]
    a = service.assign_powers(picks, POWERS, seed=3)
    assert a[0] == "france" and a[3] == "serbia" and a[2] != "france"
    assert len(set(a)) == 5 and set(a) <= set(POWERS)
    assert a == service.assign_powers(picks, POWERS, seed=3), "the draw replays from its seed"


async def test_sign_up_refusals(db: Database) -> None:
    view = await service.create_game(db, channel_id=555, gm_user_id=GM, now=T0)
    await service.join_game(db, game_id=view.id, user_id=1, power="France", now=T0)
    with pytest.raises(Conflict) as taken:
        await service.join_game(db, game_id=view.id, user_id=2, power="france", now=T0)
    assert taken.value.code == "imp.power_taken"
    with pytest.raises(Conflict):  # one player is not a game
        await service.start_game(db, game_id=view.id, user_id=GM, now=T0)
    for user in range(2, 15):
        await service.join_game(db, game_id=view.id, user_id=user, now=T0)
    with pytest.raises(Conflict) as full:
        await service.join_game(db, game_id=view.id, user_id=99, now=T0)
    assert full.value.code == "player.game_full"
    with pytest.raises(Forbidden):
        await service.start_game(db, game_id=view.id, user_id=1, now=T0)


async def test_draws_are_committed_in_advance_and_replayable(db: Database) -> None:
    game_id = await new_game(db)
    published = (await posts(db, "imp_started"))[0]["commit"]
    before = await state(db, game_id)
    await service.draw_crisis(db, game_id=game_id, user_id=GM, now=T0)
    first = (await posts(db, "imp_crisis"))[0]
    assert hashlib.sha256(first["seed"].encode()).hexdigest() == published
    assert imp.replay_draw(before, first["seed"])["first"] == first["sides"][0]
    # the commitment of the next draw is published with this one
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)  # all blank
    await service.draw_crisis(db, game_id=game_id, user_id=GM, now=T0)
    second = (await posts(db, "imp_crisis"))[1]
    assert hashlib.sha256(second["seed"].encode()).hexdigest() == first["next_commit"]
    assert second["seed"] != first["seed"]


async def test_a_test_may_make_the_draws_reproducible(db: Database) -> None:
    """``crisis_seeds`` in the options (no command sets it) chains the seeds from a base."""
    view = await service.create_game(db, channel_id=555, gm_user_id=GM, guild_id=42, now=T0)
    async with db.transaction() as session:
        game = await session.get(Game, view.id)
        game.options = {**game.options, "crisis_seeds": "base"}
    for p in POWERS:
        await service.join_game(db, game_id=view.id, user_id=USER[p], power=p, now=T0)
    started = await service.start_game(db, game_id=view.id, user_id=GM, seed=1, now=T0)
    first = hashlib.sha256(b"base:").hexdigest()[:32]
    second = hashlib.sha256(f"base:{first}".encode()).hexdigest()[:32]
    assert started.commit == hashlib.sha256(first.encode()).hexdigest()
    await service.draw_crisis(db, game_id=view.id, user_id=GM, now=T0)
    crisis = (await posts(db, "imp_crisis"))[0]
    assert crisis["seed"] == first
    assert crisis["next_commit"] == hashlib.sha256(second.encode()).hexdigest()


async def test_no_vote_is_blank_and_the_last_vote_counts_once(db: Database) -> None:
    game_id = await new_game(db)
    await declared(db, game_id, "austria", "serbia")
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    assert len(await posts(db, "imp_ballot")) == 12
    # one voter only: first for Serbia, then for Austria-Hungary
    for choice in ("serbia", "austria"):
        await service.cast_vote(db, game_id=game_id, user_id=USER["greece"], number=1,
                                power="greece", choice=choice, now=T0)
    assert len(await rows(db, Vote)) == 1
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    result = (await posts(db, "imp_result"))[0]
    assert (result["winner"], result["territories"]) == ("austria", 4)
    assert await rows(db, Vote) == [], "votes are deleted with the tally"
    row = (await rows(db, Crisis, seq=1))[0]
    assert "secret" not in row.data and row.status == "annexation"
    assert (await state(db, game_id))["crisis"]["weights"] is None


async def test_nothing_expressed_changes_nothing(db: Database) -> None:
    game_id = await new_game(db)
    owners = (await state(db, game_id))["owners"]
    await declared(db, game_id, "austria", "serbia")
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    await service.cast_vote(db, game_id=game_id, user_id=USER["greece"], number=1,
                            power="greece", choice="blank", now=T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    after = await state(db, game_id)
    assert after["owners"] == owners and after["crisis"] is None
    assert (await posts(db, "imp_result"))[0]["winner"] is None
    assert (await rows(db, Crisis, seq=1))[0].status == "resolved"


async def test_who_may_vote(db: Database) -> None:
    game_id = await new_game(db)
    await declared(db, game_id, "austria", "serbia")
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    with pytest.raises(ServiceError) as belligerent:
        await service.ballot(db, game_id=game_id, user_id=USER["serbia"])
    assert belligerent.value.code == "rule.imperialisme.belligerent_cannot_vote"
    with pytest.raises(Forbidden):  # another player's power
        await service.cast_vote(db, game_id=game_id, user_id=USER["italy"], number=1,
                                power="greece", choice="austria", now=T0)
    with pytest.raises(Forbidden):  # not a player
        await service.cast_vote(db, game_id=game_id, user_id=9999, number=1, power="greece",
                                choice="austria", now=T0)
    ballot = await service.ballot(db, game_id=game_id, user_id=USER["greece"])
    assert ballot.weight == "5" and ballot.sides == ("austria", "serbia")
    token = dict(ballot.tokens)["austria"]
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)  # nobody voted
    # a token of crisis 1 is worth nothing in crisis 2
    await declared(db, game_id, "turkey", "greece")
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    with pytest.raises(Conflict) as expired:
        await service.cast_vote(db, game_id=game_id, user_id=USER["italy"], number=1,
                                power="italy", token=token, now=T0)
    assert expired.value.code == "imp.ballot_expired"


async def test_every_stage_ends_at_its_deadline(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0, vote_hours=2.0, annexation_hours=3.0)
    assert await deadline(db, game_id) is None, "no crisis, no schedule: nothing is due"
    await declared(db, game_id, "austria", "serbia")
    assert await deadline(db, game_id) == T0 + timedelta(hours=1)
    assert await deadline_passes(db, T0 + timedelta(minutes=59)) == 0
    assert await deadline_passes(db, T0 + timedelta(hours=1)) == 1
    t1 = T0 + timedelta(hours=1)
    assert (await state(db, game_id))["crisis"]["stage"] == "vote"
    await service.cast_vote(db, game_id=game_id, user_id=USER["france"], number=1,
                            power="france", choice="austria", now=t1)
    assert await deadline(db, game_id) == t1 + timedelta(hours=2)
    assert await deadline_passes(db, t1 + timedelta(hours=2)) == 1
    options = await service.annexation_options(db, game_id=game_id)
    assert options.annexable == 2 and options.deadline == t1 + timedelta(hours=5)
    assert await deadline(db, game_id) == options.deadline
    assert await deadline_passes(db, t1 + timedelta(hours=5)) == 1
    owners = (await state(db, game_id))["owners"]
    assert all(owners[t] == "austria" for t in options.default)
    assert (await posts(db, "imp_annexed"))[0]["by_default"] is True
    assert await deadline(db, game_id) is None


async def test_automatic_crises_wait_for_the_one_in_progress(db: Database) -> None:
    game_id = await new_game(db, crisis_every_hours=6.0, conference_hours=10.0)
    schedule = (await rows(db, Crisis, seq=0))[0]
    assert schedule.deadline == T0 + timedelta(hours=6) == await deadline(db, game_id)
    await declared(db, game_id, "austria", "serbia")  # busy until T0 + 10 h
    assert await deadline(db, game_id) == T0 + timedelta(hours=10)
    assert await deadline_passes(db, T0 + timedelta(hours=6)) == 0
    t10 = T0 + timedelta(hours=10)
    assert await deadline_passes(db, t10) == 1  # the vote opens
    await service.close_stage(db, game_id=game_id, user_id=GM, now=t10)  # nobody voted
    # the crisis is over: the automatic one, due since T0 + 6 h, is drawn at once
    assert await deadline(db, game_id) == T0 + timedelta(hours=6)
    assert await deadline_passes(db, t10) == 1
    crisis = (await state(db, game_id))["crisis"]
    assert crisis["kind"] == "random" and crisis["number"] == 2
    assert (await posts(db, "imp_crisis"))[-1]["by"] == "schedule"
    assert (await rows(db, Crisis, seq=0))[0].deadline == t10 + timedelta(hours=6)
    await service.configure(db, game_id=game_id, user_id=GM, automatic=False, now=t10)
    assert (await rows(db, Crisis, seq=0))[0].deadline is None
    with pytest.raises(Forbidden):
        await service.configure(db, game_id=game_id, user_id=USER["france"], vote_hours=1.0)
    with pytest.raises(Invalid):
        await service.configure(db, game_id=game_id, user_id=GM, vote_hours=0.0)


async def test_declared_crises_in_announcement_order(db: Database) -> None:
    game_id = await new_game(db)
    first = await declared(db, game_id, "austria", "serbia")
    assert first.number == 1, "nothing going on: it starts at once"
    assert await declared(db, game_id, "russia", "poland") == 1
    assert await declared(db, game_id, "turkey", "greece") == 2
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)  # no vote: no winner
    now = (await state(db, game_id))["crisis"]
    assert now["sides"] == ["russia", "poland"] and now["number"] == 2


async def test_withdrawal_needs_the_target(db: Database) -> None:
    game_id = await new_game(db)
    await declared(db, game_id, "austria", "serbia")
    await declared(db, game_id, "russia", "poland")
    with pytest.raises(ServiceError):  # nothing declared on Germany
        await service.request_withdrawal(db, game_id=game_id, user_id=USER["russia"],
                                         target="germany", now=T0)
    await service.request_withdrawal(db, game_id=game_id, user_id=USER["russia"],
                                     target="poland", now=T0)
    with pytest.raises(Forbidden):
        await service.answer_withdrawal(db, game_id=game_id, user_id=USER["russia"],
                                        attacker="russia", target="poland", consent=True)
    assert await service.answer_withdrawal(db, game_id=game_id, user_id=USER["poland"],
                                           attacker="russia", target="poland",
                                           consent=False) == "refused"
    assert (await state(db, game_id))["queue"]
    await service.answer_withdrawal(db, game_id=game_id, user_id=USER["poland"],
                                    attacker="russia", target="poland", consent=True)
    assert (await state(db, game_id))["queue"] == []
    # the running declared crisis too, while its conference lasts; then the next one starts
    await service.answer_withdrawal(db, game_id=game_id, user_id=USER["serbia"],
                                    attacker="austria", target="serbia", consent=True)
    assert (await state(db, game_id))["crisis"] is None
    assert (await rows(db, Crisis, seq=1))[0].status == "withdrawn"


async def test_exchanges(db: Database) -> None:
    game_id = await new_game(db)
    owners = (await state(db, game_id))["owners"]
    serbian = sorted(t for t, p in owners.items() if p == "serbia")
    italian = sorted(t for t, p in owners.items() if p == "italy")
    with pytest.raises(ServiceError):  # no session
        await service.propose_exchange(db, game_id=game_id, user_id=USER["serbia"],
                                       partner="italy", give=serbian[:1], get=[])
    await service.open_exchange_session(db, game_id=game_id, user_id=GM, now=T0)
    with pytest.raises(ServiceError) as last:  # never a power's last territory
        await service.propose_exchange(db, game_id=game_id, user_id=USER["serbia"],
                                       partner="italy", give=serbian, get=[])
    assert last.value.code == "rule.imperialisme.last_territory"
    gift = await service.propose_exchange(db, game_id=game_id, user_id=USER["serbia"],
                                          partner="italy", give=serbian[:1], get=[])
    with pytest.raises(ServiceError):  # not a party
        await service.answer_exchange(db, game_id=game_id, exchange_id=gift.id,
                                      user_id=USER["france"], accept=True)
    done = await service.answer_exchange(db, game_id=game_id, exchange_id=gift.id,
                                         user_id=USER["italy"], accept=True, now=T0)
    assert done.status == "done"
    assert (await state(db, game_id))["owners"][serbian[0]] == "italy"
    pending = await service.propose_exchange(db, game_id=game_id, user_id=USER["italy"],
                                             partner="serbia", give=italian[:1],
                                             get=serbian[1:2])
    assert await service.close_exchange_session(db, game_id=game_id, user_id=GM) == 1
    assert (await rows(db, Exchange, id=pending.id))[0].status == "cancelled"


async def test_the_game_ends_with_the_ranking(db: Database) -> None:
    game_id = await new_game(db)
    for attacker, target in (("austria", "serbia"), ("russia", "poland"),
                             ("turkey", "greece")):
        await declared(db, game_id, attacker, target)
        await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
        for voter in POWERS:
            if voter not in (attacker, target):
                await service.cast_vote(db, game_id=game_id, user_id=USER[voter],
                                        number=(await state(db, game_id))["crisis"]["number"],
                                        power=voter, choice=attacker, now=T0)
        await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
        options = await service.annexation_options(db, game_id=game_id)
        await service.annex(db, game_id=game_id, user_id=USER[attacker],
                            territories=list(options.default), now=T0)
    game = (await rows(db, Game, id=game_id))[0]
    assert game.status == "finished"
    ranking = imp.ranking(game.state)
    assert game.result == {"winner": ranking[0]["power"], "ranking": ranking}
    assert (await posts(db, "imp_game_over"))[0]["ranking"] == ranking
    assert await posts(db, "game_over") == [], "one end-of-game post, not two"
    with pytest.raises(Conflict):
        await service.draw_crisis(db, game_id=game_id, user_id=GM, now=T0)


async def test_unplayed_powers_get_no_ballot(db: Database) -> None:
    game_id = await new_game(db, powers=("austria", "serbia", "france"))
    assert set((await rows(db, Game, id=game_id))[0].options["unplayed"]) == \
        set(POWERS) - {"austria", "serbia", "france"}
    await declared(db, game_id, "austria", "serbia")
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    assert [b["power"] for b in await posts(db, "imp_ballot")] == ["france"]
    # France alone decides: the unplayed powers count as blank
    await service.cast_vote(db, game_id=game_id, user_id=USER["france"], number=1,
                            power="france", choice="serbia", now=T0)
    await service.close_stage(db, game_id=game_id, user_id=GM, now=T0)
    assert (await posts(db, "imp_result"))[0]["winner"] == "serbia"


def test_the_map_shows_each_power_s_influence() -> None:
    from engine import api as engine_api

    state = imp.new_state()
    legend = {"title": "Influence", "rows": {p: v["influence"] for p, v in
                                             imp.influence_table(state).items()}}
    drawn = engine_api.render(state)
    assert drawn == engine_api.render(state, extra_legend=legend)
    assert drawn != engine_api.render(state, extra_legend={})
    assert service.influence_rows(state)["france"] == "20"


async def test_the_players_may_agree_a_draw(db: Database) -> None:
    """Every power is still in the game (seed 003: none loses its last territory), so each
    seated player votes on a draw, as in the other games."""
    game_id = await new_game(db, powers=("england", "russia", "france"))
    assert turns.survivors(await state(db, game_id)) == sorted(POWERS)
    opened = await draws.propose_draw(db, game_id=game_id, user_id=USER["england"], now=T0)
    assert opened.status == "pending"
    await draws.vote_draw(db, game_id=game_id, user_id=USER["russia"], accept=True, now=T0)
    done = await draws.vote_draw(db, game_id=game_id, user_id=USER["france"], accept=True,
                                 now=T0)
    assert done.status == "accepted" and done.powers == ("england", "france", "russia")
    game = (await rows(db, Game, id=game_id))[0]
    assert game.status == "finished" and game.result == {
        "draw": ["england", "france", "russia"], "reason": "vote"}
