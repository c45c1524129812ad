"""Beacon Diplomacy through the engine and the services: its option is checked by the game's
schema and decides the end, its phases are named its way (texts and map titles), its chart
follows its own measure, and its texts come from its folder — all with nothing registered
but this folder, at run time."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.i18n import has_key, t
from bot.services import archive, games, orders, players, turns
from bot.services.errors import Invalid
from bot.services.options import check_option, resolve_options
from bot.ui.format import phase_name
from engine import variants
from engine.render.text import phase_title
from tests.bot.conftest import GM, T0
from tests.variants.beacon.variant import BeaconVariant

NORTH_USER, SOUTH_USER = 201, 202
NNBSP = "\u202f"


def test_its_texts_come_and_go_with_it(beacon: BeaconVariant) -> None:
    assert t("chart.units.axis", "fr") == "unités" and has_key("beacon.phase")
    variants.unregister("beacon")
    try:
        assert not has_key("beacon.phase"), "its texts are read from its folder only"
    finally:
        variants.register(beacon)
    assert has_key("beacon.phase")


def test_its_phase_names_in_both_languages(beacon: BeaconVariant) -> None:
    assert phase_name("S1901M", "en", "beacon") == "Watch 1: moves"
    assert phase_name("F1901R", "fr", "beacon") == f"Veille 2{NNBSP}: retraites"
    assert phase_name("W1902A", "fr", "beacon") == f"Veille 4{NNBSP}: levées"
    assert phase_name("S1901M", "en") == "Spring 1901, movement"  # other games keep theirs
    assert phase_title("F1901R", "fr", "beacon") == "Veille 2 — Retraites"
    assert phase_title("S1902M", "en", "beacon") == "Watch 3 — Moves"
    assert phase_title("S1902M", "en", "classic") == "Spring 1902 — Movement"


def test_its_option_is_in_the_schema_of_its_games_only(beacon: BeaconVariant) -> None:
    assert resolve_options(None, None, "beacon")["beacons_to_win"] == 3
    assert resolve_options(None, {"beacons_to_win": 2}, "beacon")["beacons_to_win"] == 2
    for bad in (1, 5, "3", True, None):
        with pytest.raises(Invalid) as refused:
            check_option("beacons_to_win", bad, "beacon")
        assert refused.value.code == "options.invalid"
    with pytest.raises(Invalid) as unknown:
        resolve_options(None, {"beacons_to_win": 2}, "classic")
    assert unknown.value.code == "options.unknown"
    assert "beacons_to_win" not in resolve_options(None, None, "classic")


async def play(db: Database, options: dict[str, int] | None) -> list[str]:
    view = await games.create_game(db, variant="beacon", channel_id=900, gm_user_id=GM,
                                   guild_id=42, now=T0, options=options)
    for user in (NORTH_USER, SOUTH_USER):
        await players.join_game(db, game_id=view.id, user_id=user, now=T0)
    started = await games.start_game(db, game_id=view.id, user_id=GM, seed=3, now=T0)
    seats = {powers[0]: user for user, powers in started.seats}
    script = {"S1901M": {"north": "A nor - eas", "south": "A sou - wes"},
              "F1901M": {"north": "A eas H", "south": "A wes H"},
              "W1901A": {"north": "A nor B", "south": "A sou B"}}
    resolved = []
    for _ in range(3):
        game = await games.get_game(db, game_id=view.id)
        if game.status != "active":
            break
        for power, text in script.get(str(game.phase), {}).items():
            await orders.submit_orders(db, game_id=view.id, user_id=seats[power], text=text)
        resolved.append((await turns.adjudicate_phase(db, game_id=view.id, user_id=GM,
                                                      now=T0)).phase)
    return resolved


async def test_its_option_decides_the_end(db: Database, beacon: BeaconVariant) -> None:
    # two centres each after Fall 1901: two beacons win at once, three do not
    assert await play(db, {"beacons_to_win": 2}) == ["S1901M", "F1901M"]
    game = await games.game_in_channel(db, channel_id=900)
    assert game.status == "finished" and game.result is not None
    assert game.options["beacons_to_win"] == 2


async def test_by_default_the_game_goes_on(db: Database, beacon: BeaconVariant) -> None:
    assert await play(db, None) == ["S1901M", "F1901M", "W1901A"]
    game = await games.game_in_channel(db, channel_id=900)
    assert game.status == "active" and game.options["beacons_to_win"] == 3
    chart = await archive.chart_series(db, game_id=game.id, measure="units")
    # units as each watch opens: one each, then the Winter's builds in watch 3
    assert chart.measure == "units"
    assert chart.series == {"north": [("1", 1.0), ("2", 1.0), ("3", 2.0)],
                            "south": [("1", 1.0), ("2", 1.0), ("3", 2.0)]}
