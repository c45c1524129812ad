"""A turn's map is drawn while the turn is written: the pipeline tells the poster the results
post's map as soon as the phase is resolved, and the post takes that map only when it shows
what the post would draw (same position, results, language and map style)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlmodel import select

from bot.db import Database
from bot.models import Game, Guild, PhaseRecord
from bot.outbox import OutboxPoster, PostMessage
from bot.scheduler import Scheduler
from bot.services import turns
from engine import api as engine_api
from tests.bot.conftest import GM, T0, new_game

DUE = T0 + timedelta(hours=48)


class Drawing:
    """The real renderer (in a thread: no process pool in a test), noting each map asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str, str]] = []

    def __call__(self, state: dict[str, Any], **kw: Any) -> bytes:
        self.asked.append((str(state.get("phase")), kw["locale"], kw["labels"]))
        return engine_api.render(state, **kw)


async def test_the_pipeline_tells_the_map_of_the_results_post(db: Database) -> None:
    game_id = await new_game(db, n_players=2)
    told: list[tuple[int, int, dict[str, Any], list[dict[str, Any]]]] = []

    def ahead(game: Game, seq: int, state: dict[str, Any],
              results: list[dict[str, Any]]) -> None:
        told.append((int(game.id or 0), seq, state, results))

    await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, draw_ahead=ahead, now=DUE)
    async with db.transaction(write=False) as session:
        record = (await session.exec(select(PhaseRecord))).one()
    assert told == [(game_id, record.seq, record.state, record.results)]
    assert told[0][2]["phase"] == "S1901M"


async def test_the_scheduler_posts_the_map_it_drew_ahead_unless_the_language_changed(
        db: Database) -> None:
    async with db.transaction() as session:
        session.add(Guild(id=42, locale="fr"))
    await new_game(db, n_players=2)
    posts: list[PostMessage] = []

    async def send(message: PostMessage) -> None:
        posts.append(message)

    await OutboxPoster(db, send, owner="b", render=engine_api.render).post_pending(now=T0)
    drawing = Drawing()
    scheduler = Scheduler(db, owner="a", send=send, render=drawing)
    # the first turn of a guild this process has never posted to: drawn ahead in the
    # default language, then again in the guild's
    await scheduler.run_once(DUE)
    assert drawing.asked == [("S1901M", "en", "en"), ("S1901M", "fr", "fr")]
    first = next(p for p in posts if p.kind == "results")
    assert first.locale == "fr" and first.image is not None
    # the next turn: the map drawn ahead is the one posted, drawn once
    drawing.asked.clear()
    await scheduler.run_once(DUE + timedelta(days=30))
    assert drawing.asked == [("F1901M", "fr", "fr")]
    second = [p for p in posts if p.kind == "results"][-1]
    async with db.transaction(write=False) as session:
        record = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.seq == second.payload["seq"]))).one()
    assert second.image == engine_api.render(record.state, results=record.results,
                                             locale="fr", palette="standard", labels="fr")


async def test_a_map_drawn_ahead_for_a_turn_never_committed_is_not_posted(
        db: Database) -> None:
    await new_game(db, n_players=2)
    posts: list[PostMessage] = []

    async def send(message: PostMessage) -> None:
        posts.append(message)

    drawing = Drawing()
    poster = OutboxPoster(db, send, owner="a", render=drawing)
    async with db.transaction(write=False) as session:
        game = (await session.exec(select(Game))).one()
    # a turn that rolled back after telling its map: a map of a position never played
    wrong = engine_api.new_game_state("classic")
    wrong["units"] = []
    poster.draw_ahead(game, 1, wrong, [])
    await turns.adjudicate_phase(db, game_id=int(game.id or 0), user_id=GM,
                                 draw_ahead=poster.draw_ahead, now=DUE)
    assert await poster.post_pending(now=DUE) >= 1
    post = next(p for p in posts if p.kind == "results")
    async with db.transaction(write=False) as session:
        record = (await session.exec(select(PhaseRecord))).one()
    assert post.image == engine_api.render(record.state, results=record.results, locale="en",
                                           palette="standard", labels="en")
