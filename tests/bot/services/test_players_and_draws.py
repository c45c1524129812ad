"""Replacement players (seed 004 §3.6), leaving, kicking; secret unanimous draws (§3.8)."""

from __future__ import annotations

import pytest
from sqlmodel import func, select

from bot.db import Database
from bot.models import DrawProposal, DrawVote, Outbox
from bot.services import draws, games, orders, players
from bot.services.errors import Conflict, Forbidden, NotFound
from tests.bot.conftest import GM, T0, USERS, new_game, user_of


async def _count(db: Database, model: type) -> int:
    async with db.transaction(write=False) as session:
        return int((await session.exec(select(func.count()).select_from(model))).one())


async def _outbox(db: Database) -> list[Outbox]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(Outbox).order_by(Outbox.id))).all())


async def test_replacement_takes_over_the_seat(db: Database) -> None:
    game_id = await new_game(db)
    old = await user_of(db, game_id, "germany")
    new = await players.replace_player(db, game_id=game_id, user_id=GM, new_user_id=900,
                                       power="germany", now=T0)
    assert new.powers == ("germany",) and new.status == "active"
    assert await user_of(db, game_id, "germany") == 900
    view = await games.get_game(db, game_id=game_id)
    assert [p.status for p in view.players if p.user_id == old] == ["replaced"]
    # the new player orders Germany; the old one no longer can
    await orders.submit_orders(db, game_id=game_id, user_id=900, text="A ber - kie")
    with pytest.raises(Forbidden):
        await orders.submit_orders(db, game_id=game_id, user_id=old, text="A ber H")
    with pytest.raises(Forbidden):
        await players.replace_player(db, game_id=game_id, user_id=USERS[0], new_user_id=5,
                                     power="france")


async def test_a_player_who_leaves_is_run_in_civil_disorder_until_replaced(db: Database
                                                                          ) -> None:
    from bot.models import Game, Player
    from bot.services.written_orders import engine_options

    game_id = await new_game(db)
    leaver = await user_of(db, game_id, "italy")
    await players.leave_game(db, game_id=game_id, user_id=leaver)
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        rows = list((await session.exec(select(Player).where(
            Player.game_id == game_id))).all())
    assert game is not None
    assert engine_options(game, rows)["civil_disorder"] == ["italy"]
    await players.replace_player(db, game_id=game_id, user_id=GM, new_user_id=901,
                                 old_user_id=leaver)
    async with db.transaction(write=False) as session:
        rows = list((await session.exec(select(Player).where(
            Player.game_id == game_id))).all())
    assert engine_options(game, rows)["civil_disorder"] == []
    assert "player_left" in [o.kind for o in await _outbox(db)]


async def test_kick_during_signup_removes_the_signup(db: Database) -> None:
    game_id = await new_game(db, n_players=3, start=False)
    await players.kick_player(db, game_id=game_id, user_id=GM, target_user_id=USERS[1])
    view = await games.get_game(db, game_id=game_id)
    assert [p.user_id for p in view.players] == [USERS[0], USERS[2]]
    with pytest.raises(NotFound):
        await players.kick_player(db, game_id=game_id, user_id=GM, target_user_id=USERS[1])


async def test_unanimous_draw_ends_the_game_and_keeps_only_the_outcome(db: Database
                                                                      ) -> None:
    game_id = await new_game(db, n_players=3)
    users = sorted({await user_of(db, game_id, p) for p in ("russia", "england", "austria")})
    first = await draws.propose_draw(db, game_id=game_id, user_id=users[0])
    assert first.status == "pending"
    with pytest.raises(Conflict):
        await draws.propose_draw(db, game_id=game_id, user_id=users[1])
    assert (await draws.vote_draw(db, game_id=game_id, user_id=users[1],
                                  accept=True)).status == "pending"
    done = await draws.vote_draw(db, game_id=game_id, user_id=users[2], accept=True)
    assert done.status == "accepted" and len(done.powers) == 7
    view = await games.get_game(db, game_id=game_id)
    assert view.status == "finished" and view.result is not None
    assert sorted(view.result["draw"]) == sorted(done.powers)
    assert await _count(db, DrawProposal) == 0 and await _count(db, DrawVote) == 0
    posts = await _outbox(db)
    requests = [o for o in posts if o.kind == "draw_vote_request"]
    assert sorted(o.payload["user_id"] for o in requests) == users[1:]
    public = [o for o in posts if o.kind in ("draw_proposed", "draw_accepted")]
    # never who proposed or who voted what
    for post in public:
        assert not any(str(u) in repr(post.payload) for u in users)


async def test_one_refusal_rejects_the_draw_and_deletes_every_vote(db: Database) -> None:
    game_id = await new_game(db, n_players=3)
    users = sorted({await user_of(db, game_id, p) for p in ("russia", "england", "austria")})
    await draws.propose_draw(db, game_id=game_id, user_id=users[0])
    await draws.vote_draw(db, game_id=game_id, user_id=users[1], accept=True)
    refused = await draws.vote_draw(db, game_id=game_id, user_id=users[2], accept=False)
    assert refused.status == "rejected"
    assert await _count(db, DrawProposal) == 0 and await _count(db, DrawVote) == 0
    (notice,) = [o for o in await _outbox(db) if o.kind == "draw_rejected"]
    assert notice.payload == {}
    assert (await games.get_game(db, game_id=game_id)).status == "active"
    with pytest.raises(NotFound):
        await draws.vote_draw(db, game_id=game_id, user_id=users[1], accept=True)


async def test_only_players_of_surviving_powers_vote(db: Database) -> None:
    game_id = await new_game(db, n_players=3)
    with pytest.raises(Forbidden):
        await draws.propose_draw(db, game_id=game_id, user_id=4242)
