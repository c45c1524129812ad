"""What /game chart and /game timelapse draw, read from the public history: L'Impérialisme's
influence per power after each crisis (an annexation moves it), its timelapse frames with
no ballot in them; the scoring option is checked like every rule option."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest

from bot.db import Database
from bot.scheduler import Scheduler
from bot.services import archive, games
from bot.services.errors import Invalid
from bot.services.options import resolve_options
from engine import variants
from engine.render.timelapse import render_timelapse
from engine.variants.imperialisme import api as imperial_api
from tests.bot.services.imperialisme.test_turn import HOUR, T0, game_of, new_game, vote_everyone


async def test_imperialisme_influence_after_each_crisis(db: Database) -> None:
    game_id = await new_game(db, conference_hours=1.0, vote_hours=1.0, annexation_hours=1.0,
                             crisis_every_hours=4.0)
    scheduler = Scheduler(db, owner="only")
    for at in (4, 5, 6, 7):  # crisis 1: drawn, conference, vote, annexation
        assert await scheduler.run_once(T0 + at * HOUR) == 1
        if (await game_of(db, game_id)).phase == "C1-VOTE":
            await vote_everyone(db, game_id, T0 + at * HOUR + timedelta(minutes=1))
    chart = await archive.chart_series(db, game_id=game_id)
    assert chart.measure == "influence" and len(chart.series) == 14
    final = (await game_of(db, game_id)).state
    table = imperial_api.influence_table(final)
    for power, points in chart.series.items():
        assert [x for x, _ in points] == ["0", "1"]
        assert points[-1][1] == float(Fraction(str(table[power]["influence"])))
    moved = [p for p, points in chart.series.items() if points[0][1] != points[-1][1]]
    assert len(moved) == 2, "the annexation moved the winner's and the loser's influence"

    frames = await archive.timelapse_frames(db, game_id=game_id)
    assert len(frames.frames) == 5 and frames.variant == "imperialisme"
    assert "ballot" not in repr(frames.frames).lower()
    gif = render_timelapse(frames.frames[-2:], map_name="imperialisme", reduce=4)
    assert gif[:6] in (b"GIF87a", b"GIF89a")


def test_the_scoring_option_is_checked() -> None:
    assert resolve_options(None, None)["scoring"] == "draw_size"
    assert resolve_options(None, {"scoring": "c_diplo"})["scoring"] == "c_diplo"
    with pytest.raises(Invalid) as err:
        resolve_options(None, {"scoring": "elo"})
    assert err.value.params == {"key": "scoring", "value": "elo"}


def test_an_import_too_large_is_refused_before_it_is_read() -> None:
    with pytest.raises(Invalid) as err:
        archive.read_export(b" " * (archive.MAX_IMPORT_BYTES + 1))
    assert err.value.code == "archive.too_big"


async def test_an_import_is_a_finished_game_with_every_phase(db: Database) -> None:
    import json

    from bot.services import history
    from bot.services.errors import Conflict
    from tests.bot.services.test_archive import _random_game

    game_id = await _random_game(db, 4, phases=5)
    export = await archive.export_game(db, game_id=game_id)
    raw = json.dumps(export).encode()
    # the game's own channel still has it running: an import goes elsewhere
    with pytest.raises(Conflict):
        await archive.import_game(db, raw=raw, guild_id=42, channel_id=555, thread_id=None,
                                  gm_user_id=1)
    view = await archive.import_game(db, raw=raw, guild_id=42, channel_id=556,
                                     thread_id=None, gm_user_id=1, name="Copy")
    assert (view.status, view.name, view.players) == ("finished", "Copy", ())
    past = await history.phase_history(db, game_id=view.id)
    assert [p.phase for p in past] == [p["phase"] for p in export["phases"]]
    again = await archive.export_game(db, game_id=view.id)
    assert [p["state"] for p in again["phases"]] == [p["state"] for p in export["phases"]]
    assert again["final_state"] == export["final_state"]


def test_each_variant_says_how_its_games_score() -> None:
    """Classic and the duel offer the scoring systems; L'Impérialisme scores by influence
    (seed 003 ranks by it) whatever the option says."""
    assert variants.scoring_of("classic", {"scoring": "c_diplo"}) == "c_diplo"
    assert variants.scoring_of("classic", {}) == "draw_size"
    assert variants.scoring_of("duel", {"scoring": "sum_of_squares"}) == "sum_of_squares"
    assert variants.scoring_of("imperialisme", {"scoring": "draw_size"}) == "influence"
    assert variants.scoring_of("imperialisme", None) == "influence"


async def test_a_scoring_system_the_variant_does_not_offer_is_refused(db: Database) -> None:
    with pytest.raises(Invalid) as err:
        await games.create_game(db, variant="imperialisme", channel_id=9, gm_user_id=1,
                                options={"scoring": "c_diplo"})
    assert err.value.params == {"key": "scoring", "value": "c_diplo"}
    made = await games.create_game(db, variant="classic", channel_id=9, gm_user_id=1,
                                   options={"scoring": "c_diplo"})
    assert made.options["scoring"] == "c_diplo"
