"""Every interaction gets its first answer (a reply, a deferral, the form) before anything slow:
a command that reads the database or draws defers first, the orders form opens before any
read, and no map is drawn in the bot's own process (the render processes draw, warm from the
start). Observed through the real client: the order of the recorded HTTP calls and of the SQL
statements of this process, and the renderer's caches of this process."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from bot.i18n import t
from bot.render_pool import render_pool, shutdown_render_pool
from bot.services import orders as orders_service
from bot.services import turns
from engine.render import base as render_base
from tests.cogs.helpers import GM, OUTSIDER, started_game
from tests.e2e.harness import CHANNEL_ID, Call, Harness, answer, running_bot


class Statements:
    """When each SQL statement of this process ran (any engine), on the harness's clock."""

    def __init__(self) -> None:
        self.at: list[float] = []

    def __call__(self, *_args: Any) -> None:
        self.at.append(time.perf_counter())

    def between(self, start: float, end: float) -> list[float]:
        return [t for t in self.at if start <= t <= end]


@pytest.fixture(autouse=True)
def unhurried() -> None:
    """Here the deferral after ``QUICK`` is what is tested: its real value stays."""


@pytest.fixture
def statements() -> Iterator[Statements]:
    seen = Statements()
    event.listen(Engine, "before_cursor_execute", seen)
    try:
        yield seen
    finally:
        event.remove(Engine, "before_cursor_execute", seen)


async def _one_turn_played(h: Harness) -> dict[str, Any]:
    game_id, by = await started_game(h)
    await h.slash(by["france"], "orders submit", channel_id=CHANNEL_ID, text="A par - bur")
    await turns.adjudicate_phase(h.bot.db, game_id=game_id, user_id=GM.id)
    return by


def _first_answer(calls: list[Call]) -> Call:
    first = calls[0]
    assert first.is_interaction_response, [(c.method, c.path) for c in calls]
    return first


@pytest.mark.parametrize(("command", "values", "private"), [
    ("map", {}, False), ("map", {"phase": "S1901M"}, False), ("orders show", {}, True),
    ("game status", {}, False), ("game history", {}, False),
    ("game history", {"phase": "S1901M"}, False), ("game timelapse", {}, False),
    ("game chart", {}, False), ("game export", {}, True)])
async def test_a_command_that_reads_or_draws_defers_before_its_first_read(
        harness: Harness, statements: Statements, command: str, values: dict[str, Any],
        private: bool) -> None:
    by = await _one_turn_played(harness)
    start = time.perf_counter()
    calls = await harness.slash(by["france"], command, channel_id=CHANNEL_ID, **values)
    first = _first_answer(calls)
    assert first.response_type == 5 and first.ephemeral == private  # "thinking…"
    assert statements.between(start, first.at) == [], "a read before the first answer"
    assert statements.between(first.at, time.perf_counter()), "the command read after it"
    shown = answer(calls)
    assert shown.via_webhook and shown.ephemeral == private
    assert shown.text() or shown.pngs()


async def test_maps_asked_for_are_drawn_in_the_render_processes(harness: Harness) -> None:
    by = await _one_turn_played(harness)
    assert render_pool() is not None
    for command, values in (("map", {}), ("map", {"phase": "S1901M"}), ("orders show", {}),
                            ("game history", {"phase": "S1901M"})):
        render_base._base_cached.cache_clear()
        render_base._static_cached.cache_clear()
        calls = await harness.slash(by["france"], command, channel_id=CHANNEL_ID, **values)
        assert answer(calls).pngs(), command
        # nothing was drawn in this process: its renderer's caches are still empty
        assert render_base._base_cached.cache_info().currsize == 0, command
        assert render_base._static_cached.cache_info().currsize == 0, command


async def test_the_render_processes_are_started_and_warm_before_any_interaction(
        database_url: str) -> None:
    shutdown_render_pool()  # a process that never drew a map yet
    async with running_bot(database_url, warm_renders=True):  # as ``python -m bot run``
        pool = render_pool()
        assert pool is not None and pool._executor is not None
        processes = list(pool._executor._processes.values())
        assert len(processes) == pool.processes and all(p.is_alive() for p in processes)


async def test_the_orders_form_opens_before_any_read_and_its_sending_checks_the_seat(
        harness: Harness, statements: Statements) -> None:
    game_id, by = await started_game(harness)
    for who in (by["turkey"], OUTSIDER):
        start = time.perf_counter()
        calls = await harness.slash(who, "orders submit", channel_id=CHANNEL_ID)
        first = _first_answer(calls)
        assert first.response_type == 9  # the form
        assert statements.between(start, first.at) == []
    # the outsider's form is refused when sent, privately, and nothing is stored
    modal = first.json["data"]  # type: ignore[index]
    field = modal["components"][0]["components"][0]["custom_id"]
    calls = await harness.submit_modal(OUTSIDER, modal["custom_id"], {field: "A par - bur"},
                                       channel_id=CHANNEL_ID)
    refusal = answer(calls)
    assert refusal.ephemeral and t("error.player.not_in_game", "en") in refusal.text()
    for power in by:
        assert await orders_service.my_orders(harness.bot.db, game_id=game_id,
                                              user_id=by[power].id) == []


@contextlib.asynccontextmanager
async def writer_busy(h: Harness, seconds: float = 2.0) -> AsyncIterator[None]:
    """Another writer of this process holds the database's write lock for ``seconds`` (as a
    deadline storm's turns do): a command that writes waits for it."""
    held, release = asyncio.Event(), asyncio.Event()

    async def hold() -> None:
        async with h.bot.db.transaction():
            held.set()
            await release.wait()

    holder = asyncio.create_task(hold())
    await held.wait()
    asyncio.get_running_loop().call_later(seconds, release.set)
    try:
        yield
    finally:
        release.set()
        await holder


async def test_a_command_or_button_kept_waiting_is_deferred_then_followed_up(
        harness: Harness) -> None:
    _game_id, by = await started_game(harness)
    france = by["france"]
    async with writer_busy(harness):
        calls = await harness.slash(france, "orders submit", channel_id=CHANNEL_ID,
                                    text="A par - bur")
    assert [c.response_type for c in calls][:1] == [5] and calls[0].ephemeral
    assert "A par - bur" in answer(calls).text() and answer(calls).via_webhook
    async with writer_busy(harness):
        calls = await harness.slash(france, "ready", channel_id=CHANNEL_ID)
    assert calls[0].response_type == 5 and calls[0].ephemeral
    assert answer(calls).text() == t("ready.on", "en") and answer(calls).ephemeral
    # a command of a cog whose every answer is private (the draw's)
    async with writer_busy(harness):
        calls = await harness.slash(france, "draw propose", channel_id=CHANNEL_ID)
    assert calls[0].response_type == 5 and calls[0].ephemeral
    assert answer(calls).ephemeral and answer(calls).via_webhook
    # the Ready button under the orders' answer, pressed while the writer is busy
    submitted = await harness.slash(by["italy"], "orders submit", channel_id=CHANNEL_ID,
                                    text="A ven H")
    button = next(i for i in submitted[0].custom_ids() if i.startswith("dip:ready:"))
    async with writer_busy(harness):
        calls = await harness.click(by["italy"], harness.message_of(submitted[0]), button)
    assert calls[0].response_type == 5 and calls[0].ephemeral
    assert answer(calls).text() == t("ready.on", "en") and answer(calls).ephemeral
