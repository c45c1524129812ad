"""What anyone may see of a position: never the conditional orders a player sent ahead for
a later phase (seed 004 §3.4.2), which stay private to their author until that phase."""

from __future__ import annotations

from bot.db import Database
from bot.models import Game
from bot.services import games
from engine import api as engine_api
from engine import variants
from tests.bot.conftest import new_game


async def test_conditional_orders_sent_ahead_are_not_in_the_public_position(db: Database
                                                                           ) -> None:
    game_id = await new_game(db)
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        # as the engine keeps them after the Fall (engine/variants/classic/game.py)
        game.state = {**(game.state or {}), "conditional": {"france": ["Build A par"]}}
    shown = await games.public_state(db, game_id=game_id)
    assert "conditional" not in shown
    assert shown["units"] == (game.state or {})["units"]
    async with db.transaction(write=False) as session:
        kept = await session.get(Game, game_id)
        assert kept is not None and (kept.state or {})["conditional"]  # the engine still has them


def test_every_variant_hides_its_pending_keys_and_keeps_the_rest() -> None:
    for name in variants.names():
        state = {**engine_api.new_game_state("classic"), "variant": name}
        for key in variants.get(name).pending_keys:
            assert key not in variants.public({**state, key: {"x": 1}})
        assert variants.public(state) == state


async def test_an_unfinished_games_export_hides_conditional_orders_sent_ahead(db: Database
                                                                             ) -> None:
    """A conditional build sent with the Spring orders waits for the Winter (seed 004
    §3.4.2): until the game ends, the export shows neither the line nor the pending key."""
    from bot.services import archive, orders, turns
    from tests.bot.conftest import GM, T0, user_of

    game_id = await new_game(db)
    france = await user_of(db, game_id, "france")
    await orders.submit_orders(db, game_id=game_id, user_id=france,
                               text="A par - bur\nBuild A par")
    await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        assert game is not None and (game.state or {}).get("conditional")
    export = await archive.export_game(db, game_id=game_id)
    text = repr(export)
    assert "conditional" not in text and "Build A par" not in text
    assert "A par - bur" in text  # the movement order, resolved, is public
    assert export["phases"] and export["final_state"]["units"]


async def test_status_says_who_is_away_by_power_in_a_gunboat_game(db: Database) -> None:
    """/game status shows who is away (seed 004 §3.6); in gunboat no player is named, so the
    line names the power, never the player."""
    import discord

    from bot.services import absence, status
    from bot.ui.absence import add_away_field
    from tests.bot.conftest import T0, user_of

    for press, named in (("full", True), ("gunboat", False)):
        game_id = await new_game(db, options={"press": press}, channel_id=700 + named)
        france = await user_of(db, game_id, "france")
        await absence.set_absence(db, game_id=game_id, user_id=france, starts="2030-01-01",
                                  ends="2030-01-05", reason="skiing", now=T0)
        view = await status.game_status(db, channel_id=700 + named,
                                        now=T0.replace(year=2030, month=1, day=2))
        assert [a.user_id for a in view.away] == [france]
        embed = discord.Embed()
        from bot.services import press as press_service
        add_away_field(embed, view.away, "en",
                       names=view.game if press_service.names_hidden(view.game) else None)
        text = embed.fields[0].value or ""
        assert (f"<@{france}>" in text) is named and ("France" in text) is not named
        assert "skiing" not in text
