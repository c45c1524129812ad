"""``/game status`` reads everything it shows in one read transaction (issue 15 budget: one
transaction ≤ 5 ms): the game of the channel or thread, its seats, the phase's progress and
the position — the same as the separate services say, and never an order's text."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.services import games, orders, status
from bot.services.errors import NotFound
from tests.bot.conftest import new_game, sent, user_of

CHANNEL, THREAD = 555, 777


async def test_status_is_one_read_transaction_and_says_what_the_services_say(
        db: Database) -> None:
    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france, text="A par - bur")
    await orders.set_ready(db, game_id=game_id, user_id=await user_of(db, game_id, "italy"))
    with sent() as seen:
        view = await status.game_status(db, channel_id=CHANNEL)
    # the game, its seats, who is away today (seed 004 §3.6), the phase's flags
    work = [s for s in seen if not s.startswith(("BEGIN", "COMMIT"))]
    assert len(work) == 4 and seen.count("COMMIT") == 1, seen
    assert view.game == await games.game_in_channel(db, channel_id=CHANNEL)
    assert view.progress == await orders.order_status(db, game_id=game_id)
    assert view.progress is not None and view.progress.submitted == ("france",)
    assert view.progress.ready == ("italy",)
    assert view.state == await games.public_state(db, game_id=game_id)
    assert "A par - bur" not in repr(view) and "par - bur" not in repr(view.progress)


async def test_status_of_a_game_not_started_has_no_progress(db: Database) -> None:
    await new_game(db, start=False)
    view = await status.game_status(db, channel_id=CHANNEL)
    assert view.game.phase is None and view.progress is None and view.state is None


async def test_status_in_a_thread_is_the_thread_game_else_the_channel_game(
        db: Database) -> None:
    channel_game = await new_game(db)
    assert (await status.game_status(db, channel_id=CHANNEL, thread_id=THREAD)
            ).game.id == channel_game
    post_game = await new_game(db, channel_id=CHANNEL, thread_id=THREAD)
    assert (await status.game_status(db, channel_id=CHANNEL, thread_id=THREAD)
            ).game.id == post_game
    assert (await status.game_status(db, channel_id=CHANNEL)).game.id == channel_game


async def test_status_where_there_is_no_game(db: Database) -> None:
    await new_game(db)
    with pytest.raises(NotFound) as err:
        await status.game_status(db, channel_id=CHANNEL + 1)
    assert err.value.code == "game.no_game_here"
