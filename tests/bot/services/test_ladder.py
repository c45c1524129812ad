"""A server's record and ladder: games, wins, draws, survivals, reliability and an OpenSkill
rating from the games' scores, one ladder per variant."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.services import draws, games, ladder, orders, turns
from tests.bot.conftest import GM, T0, new_game, user_of

GUILD = 42


async def _russia_wins_in_1901(db: Database) -> tuple[int, dict[str, int]]:
    """end_year 1901 (seed 000 III): after Fall 1901 the most centres wins. Russia takes
    Rumania and Sweden; Italy never orders (two misses: civil disorder)."""
    game_id = await new_game(db, options={"end_year": 1901}, channel_id=601)
    users = {p: await user_of(db, game_id, p) for p in
             ("russia", "italy", "france", "england")}
    await orders.submit_orders(db, game_id=game_id, user_id=users["russia"],
                               text="A war - gal\nF stp/sc - bot\nA mos - ukr\nF sev - bla")
    for p in ("france", "england"):
        await orders.set_ready(db, game_id=game_id, user_id=users[p], ready=True)
    await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    await orders.submit_orders(db, game_id=game_id, user_id=users["russia"],
                               text="A ukr - rum\nF bot - swe\nA gal H\nF bla S A ukr - rum")
    outcome = await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    while not outcome.finished:  # Fall retreats / Winter adjustments, then the end
        outcome = await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    assert outcome.result is not None and outcome.result["winner"] == "russia"
    return game_id, users


async def test_a_solo_and_a_draw_make_the_record_and_the_ladder(db: Database) -> None:
    first, users = await _russia_wins_in_1901(db)
    second = await new_game(db, channel_id=602)
    view = await games.get_game(db, game_id=second)
    await draws.propose_draw(db, game_id=second, user_id=view.players[0].user_id)
    for p in view.players[1:]:
        await draws.vote_draw(db, game_id=second, user_id=p.user_id, accept=True)
    assert (await games.get_game(db, game_id=second)).status == "finished"

    (russia,) = await ladder.player_stats(db, guild_id=GUILD, user_id=users["russia"])
    assert (russia.variant, russia.games, russia.wins, russia.draws) == ("classic", 2, 1, 1)
    assert russia.points == pytest.approx(100 + 100 / 7, abs=1e-3)  # draw size: shared by 7
    (italy,) = await ladder.player_stats(db, guild_id=GUILD, user_id=users["italy"])
    assert (italy.wins, italy.draws, italy.survivals) == (0, 1, 1)
    assert (italy.missed_phases, italy.civil_disorders) == (2, 1)

    board = await ladder.ladder(db, guild_id=GUILD, variant="classic")
    assert board[0].user_id == users["russia"] and len(board) == 7
    assert board[0].rating > board[-1].rating
    assert await ladder.ladder(db, guild_id=GUILD, variant="duel") == []
    assert first != second


def test_each_variant_is_its_own_ladder() -> None:
    a = ladder.Finished(1, "classic", {"winner": "france"}, {1: 100.0, 2: 0.0},
                        {1: "win", 2: "survived"}, {}, {})
    b = ladder.Finished(2, "duel", {"winner": "germany"}, {1: 0.0, 2: 100.0},
                        {1: "survived", 2: "win"}, {}, {})
    records = ladder.rate([a, b])
    assert records[(1, "classic")].rating > records[(2, "classic")].rating
    assert records[(2, "duel")].rating > records[(1, "duel")].rating
