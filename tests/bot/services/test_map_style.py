"""The poster draws a game's maps with its options: the colour-blind palette and the
province abbreviations of ``map_labels`` (auto: the post's language)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.db import Database
from bot.models import Guild
from bot.outbox import PostMessage
from bot.scheduler import Scheduler
from bot.services.errors import Invalid
from bot.services.options import map_style, resolve_options
from engine import api as engine_api
from tests.bot.conftest import T0, new_game

DUE = T0 + timedelta(hours=48)


async def _results_post(db: Database) -> PostMessage:
    posts: list[PostMessage] = []

    async def send(message: PostMessage) -> None:
        posts.append(message)

    # the real renderer, in a thread (no process pool in a test)
    await Scheduler(db, owner="a", send=send, render=engine_api.render).run_once(DUE)
    await Scheduler(db, owner="a", send=send, render=engine_api.render).run_once(
        DUE + timedelta(seconds=1))
    results = [p for p in posts if p.kind == "results"]
    assert len(results) == 1 and results[0].image and results[0].results
    return results[0]


def _drawn(post: PostMessage, db_state: dict, **style: str) -> bytes:
    return engine_api.render(db_state, results=post.results, locale=post.locale, **style)


async def test_the_results_map_has_the_game_palette_and_labels(db: Database) -> None:
    await new_game(db, n_players=2, options={"palette": "colorblind", "map_labels": "fr"})
    post = await _results_post(db)
    state = (await _records_state(db))
    assert post.locale == "en"
    assert post.image == _drawn(post, state, palette="colorblind", labels="fr")
    assert post.image != _drawn(post, state)


async def test_auto_labels_follow_the_guild_language(db: Database) -> None:
    async with db.transaction() as session:
        session.add(Guild(id=42, locale="fr"))
    await new_game(db, n_players=2)
    post = await _results_post(db)
    state = await _records_state(db)
    assert post.locale == "fr"
    assert post.image == _drawn(post, state, palette="standard", labels="fr")


async def _records_state(db: Database) -> dict:
    from sqlmodel import select

    from bot.models import PhaseRecord
    async with db.transaction(write=False) as session:
        record = (await session.exec(select(PhaseRecord))).one()
    return dict(record.state)


def test_map_style_of_the_options() -> None:
    assert map_style({}, "fr") == {"palette": "standard", "labels": "fr"}
    assert map_style({"map_labels": "auto"}, "en-GB") == {"palette": "standard", "labels": "en"}
    assert map_style({"map_labels": "en", "palette": "colorblind"}, "fr") == {
        "palette": "colorblind", "labels": "en"}
    assert resolve_options(None, {"map_labels": "fr"})["map_labels"] == "fr"
    assert resolve_options(None, None)["map_labels"] == "auto"
    with pytest.raises(Invalid):
        resolve_options(None, {"map_labels": "de"})
