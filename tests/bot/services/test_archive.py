"""`/game export` round trip: random games played through the services (missed phases and
civil disorder included) are exported and replayed by the engine to the same positions; a
tampered export is refused at the phase that differs."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.db import Database
from bot.models import Game
from bot.services import archive, games, orders, turns
from engine import api
from engine.replay import ReplayError, replay
from tests.bot.conftest import GM, T0, new_game

ROOT = Path(__file__).resolve().parents[3]


async def _random_game(db: Database, seed: int, phases: int) -> int:
    rng = random.Random(seed)
    game_id = await new_game(db, seed=seed)
    lazy = rng.choice(["italy", "turkey", "austria"])  # never orders: civil disorder
    for _ in range(phases):
        view = await games.get_game(db, game_id=game_id)
        if view.status != "active":
            break
        async with db.transaction(write=False) as session:
            row = await session.get(Game, game_id)
            assert row is not None and row.state is not None
            state = row.state
        for power in api.powers_with_choices(state):
            if power == lazy:
                continue
            holder = next((p.user_id for p in view.players if power in p.powers), None)
            if holder is None:
                continue
            options = [o for o in api.legal_orders(state, power).values() if o]
            lines = [rng.choice(o) for o in options]
            checked = api.check_orders(state, power, "\n".join(lines))
            good = [x["text"] for x in checked["lines"] if x["ok"]]
            if good:
                await orders.submit_orders(db, game_id=game_id, user_id=holder,
                                           text="\n".join(good), power=power)
        await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    return game_id


@pytest.mark.parametrize("seed", [1, 2])
async def test_an_export_replays_to_the_same_positions(db: Database, seed: int,
                                                       tmp_path: Path) -> None:
    game_id = await _random_game(db, seed, phases=14)
    export = await archive.export_game(db, game_id=game_id)
    assert export["phases"] and all(p["state"] for p in export["phases"])
    report = replay(export)
    assert report and all(line["ok"] for line in report)
    # the command line says the same, from a file
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert f"{len(report)} phases replayed" in proc.stdout


async def test_a_tampered_export_is_refused_where_it_differs(db: Database) -> None:
    game_id = await _random_game(db, 3, phases=4)
    export = await archive.export_game(db, game_id=game_id)
    first = export["phases"][0]
    first["orders"] = [{"power": "france", "text": "A par - bur\nA mar - spa"}]
    with pytest.raises(ReplayError) as err:
        replay(export)
    assert err.value.phase == "S1901M"
