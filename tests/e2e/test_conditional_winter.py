"""Issue 12 items 1 and 2 through the real client (seed 004 §3.4.2): Germany takes Holland in
Fall 1901 and sends a conditional retreat with its Fall orders; its army is not dislodged.
The Winter is played — Germany's build is not lost — in both presets, and the history has
every phase that happened."""

from __future__ import annotations

import pytest

from bot.services import games as games_service
from bot.services import history as history_service
from tests.e2e.correspondence import new_game, pass_deadline, put_position, submit
from tests.e2e.harness import Harness

# every other power at home with as many units as centres: only Germany adjusts in Winter
FALL = {"germany": ["A mun", "A ruh", "F kie"],
        "france": ["A par", "A mar", "F bre"], "england": ["F lon", "F edi", "A lvp"]}


@pytest.mark.parametrize("preset", ["standard", "vortigern"])
async def test_a_conditional_retreat_never_skips_the_winter(h: Harness, preset: str) -> None:
    game_id, by = await new_game(h, preset=preset)
    await put_position(h, game_id, "F1901M", FALL)
    await submit(h, by["germany"], "F kie - hol; A ruh R mun, kie; A ruh H; A mun H")
    await pass_deadline(h, game_id)
    game = await games_service.get_game(h.bot.db, game_id=game_id)
    assert game.phase == "W1901A", "the Winter is Germany's to play: one build due"
    await submit(h, by["germany"], "F kie B")
    await pass_deadline(h, game_id)
    history = [p.phase for p in await history_service.phase_history(h.bot.db, game_id=game_id)]
    assert history[-2:] == ["F1901M", "W1901A"]
    detail = await history_service.phase_detail(h.bot.db, game_id=game_id, phase="W1901A")
    assert any(r.get("normalized") == "BUILD F kie" and r.get("status") == "succeeds"
               for r in detail.results)
