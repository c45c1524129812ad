"""A fourth variant added from its own folder only: the engine contract, the renderer and the
services play it with no change anywhere else (docs/ARCHITECTURE.md "Adding a variant")."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from sqlmodel import select

from bot.db import Database
from bot.models import Game, PhaseRecord
from bot.services import games, orders, players, turns
from bot.services.registry import rules_for
from engine import api, variants
from tests.bot.conftest import GM, T0
from tests.variants.toy.variant import ToyVariant

NORTH_USER, SOUTH_USER = 201, 202


def test_the_registry_knows_the_toy_only_once_registered(toy: ToyVariant) -> None:
    assert "toy" in variants.names()
    variants.unregister("toy")
    with pytest.raises(variants.UnknownVariant):
        variants.get("toy")
    variants.register(toy)
    assert variants.get("toy") is toy


def test_engine_contract_plays_the_toy_board(toy: ToyVariant) -> None:
    state = api.new_game_state("toy")
    assert state["variant"] == "toy" and state["centers"] == {"north": ["nor"],
                                                              "south": ["sou"]}
    assert api.powers_with_choices(state) == ["north", "south"]
    checked = api.check_orders(state, "Nord", "A nor - ouest")  # French names work too
    assert checked["ok"] and checked["lines"][0]["normalized"] == "A nor - wes"
    assert not api.check_orders(state, "north", "A nor - sou")["ok"]  # not adjacent
    out = api.adjudicate({"state": state, "orders": [
        {"power": "north", "text": "A nor - wes"}, {"power": "south", "text": "A sou - wes"}]})
    assert [r["status"] for r in out["results"]] == ["fails", "fails"]  # a standoff
    assert out["state"]["phase"] == "F1901M"
    png = api.render(out["state"], results=out["results"], locale="fr")
    with Image.open(io.BytesIO(png)) as im:
        assert im.size[0] == 600  # the toy's own drawing, not the classic map


async def test_services_play_the_toy_to_its_end(db: Database, toy: ToyVariant) -> None:
    view = await games.create_game(db, variant="toy", channel_id=900, gm_user_id=GM,
                                   guild_id=42, now=T0)
    for user in (NORTH_USER, SOUTH_USER):
        await players.join_game(db, game_id=view.id, user_id=user, now=T0)
    started = await games.start_game(db, game_id=view.id, user_id=GM, seed=3, now=T0)
    seats = dict(started.seats)
    north = next(u for u, powers in seats.items() if powers == ("north",))
    south = next(u for u, powers in seats.items() if powers == ("south",))
    assert rules_for("toy").variant == "toy"  # written orders, as in classic Diplomacy

    script = {  # phase -> (north's orders, south's orders)
        "S1901M": ("A nor - eas", "A sou - wes"), "F1901M": ("A eas H", "A wes H"),
        "W1901A": ("A nor B", "A sou B"),
        "S1902M": ("A eas - mid\nA nor H", "A wes H\nA sou H"),
        "F1902M": ("A mid - wes\nA nor S A mid - wes", "A wes H\nA sou - mid"),
    }
    resolved = []
    for _ in range(8):
        game = await games.get_game(db, game_id=view.id)
        if game.status != "active":
            break
        north_text, south_text = script.get(str(game.phase), ("", ""))
        for user, text in ((north, north_text), (south, south_text)):
            if text:
                await orders.submit_orders(db, game_id=view.id, user_id=user, text=text)
        outcome = await turns.adjudicate_phase(db, game_id=view.id, user_id=GM, now=T0)
        resolved.append(outcome.phase)
    game = await games.get_game(db, game_id=view.id)
    async with db.transaction(write=False) as session:
        records = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == view.id).order_by(PhaseRecord.seq))).all()
        row = await session.get(Game, view.id)
        assert row is not None
    # Fall 1902: the supported attack takes Westmark; the dislodged army has no order and
    # is disbanded (standard preset); North's third centre ends the game. Its Winter is
    # played at once (its only home centre is occupied: no build) and is in the history.
    assert resolved == ["S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "F1902R"]
    assert [r.phase for r in records] == [*resolved, "W1902A"]
    assert game.status == "finished" and game.result == {"winner": "north"}
    assert sorted(row.state["centers"]["north"]) == ["eas", "nor", "wes"]
