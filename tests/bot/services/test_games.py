"""Game lifecycle services: creation and options, sign-up, start and power assignment
(seed 004 §3.2, §2.14.2), pause/resume/extend, roll back."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from bot.db import Database
from bot.models import Game, Player
from bot.services import games, gm, history, orders, players, turns
from bot.services import written_orders as classic_turn
from bot.services.errors import Conflict, Forbidden, Invalid, NotFound
from engine import api as engine_api
from tests.bot.conftest import GM, T0, USERS, new_game, user_of

POWERS = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]


async def test_create_game_applies_preset_and_options(db: Database) -> None:
    view = await games.create_game(db, variant="classic", channel_id=1, gm_user_id=GM,
                                   guild_id=9, preset="vortigern",
                                   options={"nmr_threshold": 3, "end_year": 1910},
                                   phase_hours=24, now=T0)
    assert view.status == "signup" and view.phase is None
    assert view.options["preset"] == "vortigern"
    assert view.options["assignment"] == "preferences"  # vortigern: seed 004 §3.2
    assert view.options["nmr_threshold"] == 3 and view.options["end_year"] == 1910
    assert view.phase_minutes["M"] == 24 * 60 and view.phase_minutes["R"] == 12 * 60
    again = await games.game_in_channel(db, channel_id=1)
    assert again.id == view.id and again.name == "classic"


@pytest.mark.parametrize("options", [{"nmr_threshold": 4}, {"nmr_threshold": 0},
                                     {"preset": "miro"}, {"auto_draw": "yes"},
                                     {"end_year": 1800}, {"unknown_rule": 1}])
async def test_create_game_refuses_bad_options(db: Database, options: dict) -> None:
    with pytest.raises(Invalid):
        await games.create_game(db, variant="classic", channel_id=1, gm_user_id=GM,
                                options=options)
    with pytest.raises(NotFound):
        await games.game_in_channel(db, channel_id=1)


async def test_one_unfinished_game_per_channel_or_thread(db: Database) -> None:
    await games.create_game(db, variant="classic", channel_id=1, gm_user_id=GM)
    with pytest.raises(Conflict) as err:
        await games.create_game(db, variant="classic", channel_id=1, gm_user_id=GM)
    assert err.value.code == "game.channel_busy"
    # a forum post (thread) of the same forum channel is another place
    other = await games.create_game(db, variant="duel", channel_id=1, thread_id=77,
                                    gm_user_id=GM)
    assert (await games.game_in_channel(db, channel_id=1, thread_id=77)).id == other.id


async def test_join_leave_and_capacity(db: Database) -> None:
    game_id = await new_game(db, n_players=7, start=False)
    with pytest.raises(Conflict) as err:
        await players.join_game(db, game_id=game_id, user_id=999)
    assert err.value.code == "player.game_full"
    with pytest.raises(Conflict) as err:
        await players.join_game(db, game_id=game_id, user_id=USERS[0])
    assert err.value.code == "player.already_joined"
    await players.leave_game(db, game_id=game_id, user_id=USERS[0])
    view = await games.get_game(db, game_id=game_id)
    assert [p.user_id for p in view.players] == USERS[1:]


async def test_preferences_accept_french_and_english_names(db: Database) -> None:
    game_id = await new_game(db, n_players=0, start=False)
    view = await players.join_game(db, game_id=game_id, user_id=5,
                                   preferences=["Angleterre", "france", "Allemagne"])
    assert view.status == "active"
    game = await games.get_game(db, game_id=game_id)
    assert game.player(5) is not None
    stored = await history.list_players(db, game_id=game_id)
    assert stored[0].preferences == ["england", "france", "germany"]
    with pytest.raises(Invalid) as err:
        await players.join_game(db, game_id=game_id, user_id=6, preferences=["Atlantis"])
    assert err.value.code == "player.preference_unknown"


async def test_start_needs_gm_and_enough_players(db: Database) -> None:
    game_id = await new_game(db, n_players=1, start=False)
    with pytest.raises(Forbidden):
        await games.start_game(db, game_id=game_id, user_id=USERS[0])
    with pytest.raises(Conflict) as err:
        await games.start_game(db, game_id=game_id, user_id=GM)
    assert err.value.code == "player.not_enough"


async def test_start_by_lot_is_reproducible_from_its_seed(db: Database) -> None:
    first = await new_game(db, n_players=7, seed=12345, channel_id=1)
    second = await new_game(db, n_players=7, seed=12345, channel_id=2)
    third = await new_game(db, n_players=7, seed=999, channel_id=3)
    seats = []
    for game_id in (first, second, third):
        view = await games.get_game(db, game_id=game_id)
        seats.append({p.user_id: p.powers for p in view.players})
        assert sorted(pw for p in view.players for pw in p.powers) == POWERS
        assert view.status == "active" and view.phase == "S1901M"
        assert view.deadline == T0 + timedelta(hours=48)
        assert view.options["assignment_seed"] in (12345, 999)
    assert seats[0] == seats[1]
    assert seats[0] != seats[2]  # 1 chance in 5040 of a false failure for a fixed seed pair


async def test_three_players_get_the_official_groups(db: Database) -> None:
    """seed 004 §2.14.2: with three players, one plays Russia, one England/France/Germany,
    one Austria/Italy/Turkey."""
    game_id = await new_game(db, n_players=3)
    view = await games.get_game(db, game_id=game_id)
    groups = sorted(sorted(p.powers) for p in view.players)
    assert groups == sorted(sorted(s) for s in engine_api.assignments("classic", 3))
    assert view.options["neutral"] == []


async def test_two_players_leave_italy_neutral(db: Database) -> None:
    game_id = await new_game(db, n_players=2)
    view = await games.get_game(db, game_id=game_id)
    assert view.options["neutral"] == ["italy"]
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        rows = list((await session.exec(select(Player).where(Player.game_id == game_id))).all())
    assert game is not None
    options = classic_turn.engine_options(game, rows)
    assert options["civil_disorder"] == ["italy"] and options["closed"] == ["italy"]


async def test_start_by_preferences_gives_distinct_first_choices(db: Database) -> None:
    game = await games.create_game(db, variant="classic", channel_id=1, gm_user_id=GM,
                                   options={"assignment": "preferences"})
    wishes = dict(zip(USERS, reversed(POWERS), strict=True))
    for user, power in wishes.items():
        await players.join_game(db, game_id=game.id, user_id=user, preferences=[power])
    await games.start_game(db, game_id=game.id, user_id=GM, seed=1)
    view = await games.get_game(db, game_id=game.id)
    assert {p.user_id: p.powers for p in view.players} == {u: (w,) for u, w in wishes.items()}


async def test_start_by_preferences_minimises_total_rank(db: Database) -> None:
    """Two players both want France first; the one whose second choice (England) is free
    takes England so that the other gets France: total rank 1 instead of 2+."""
    game = await games.create_game(db, variant="classic", channel_id=1, gm_user_id=GM,
                                   options={"assignment": "preferences"})
    await players.join_game(db, game_id=game.id, user_id=1, preferences=["france", "england"])
    await players.join_game(db, game_id=game.id, user_id=2,
                            preferences=["france", "austria"])
    others = ["germany", "italy", "russia", "turkey", "austria"]
    for i, power in enumerate(others[:4]):
        await players.join_game(db, game_id=game.id, user_id=10 + i, preferences=[power])
    await players.join_game(db, game_id=game.id, user_id=20, preferences=["austria"])
    await games.start_game(db, game_id=game.id, user_id=GM, seed=3)
    view = await games.get_game(db, game_id=game.id)
    got = {p.user_id: p.powers[0] for p in view.players}
    assert got[1] == "england" and got[2] == "france" and got[20] == "austria"


async def test_pause_keeps_the_time_left_and_resume_restores_it(db: Database) -> None:
    game_id = await new_game(db)
    await gm.pause_game(db, game_id=game_id, user_id=GM, now=T0 + timedelta(hours=10))
    paused = await games.get_game(db, game_id=game_id)
    assert paused.status == "paused" and paused.deadline is None
    later = T0 + timedelta(days=5)
    resumed = await gm.resume_game(db, game_id=game_id, user_id=GM, now=later)
    assert resumed.deadline == later + timedelta(hours=38)
    with pytest.raises(Forbidden):
        await gm.pause_game(db, game_id=game_id, user_id=USERS[0])


async def test_extend_moves_the_deadline_and_bumps_the_version(db: Database) -> None:
    game_id = await new_game(db)
    before = await games.get_game(db, game_id=game_id)
    view = await gm.extend_deadline(db, game_id=game_id, user_id=GM, minutes=90, now=T0)
    assert view.deadline == T0 + timedelta(hours=48, minutes=90)
    assert view.version == before.version + 1


async def test_rollback_restores_a_recorded_position(db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    first = await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    assert first.next_phase == "F1901M"
    moved = await games.get_game(db, game_id=game_id)
    back = await gm.rollback(db, game_id=game_id, user_id=GM, seq=first.record_seq,
                                now=T0 + timedelta(hours=1))
    assert back.phase == "S1901M" and back.version > moved.version
    assert back.deadline == T0 + timedelta(hours=49)
    assert await history.phase_history(db, game_id=game_id) == []  # superseded
    # the replayed phase resolves again, as a new record
    again = await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    assert again.record_seq == first.record_seq + 1
    with pytest.raises(NotFound):
        await gm.rollback(db, game_id=game_id, user_id=GM, seq=first.record_seq)
