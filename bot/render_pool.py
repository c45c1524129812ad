"""The render processes: maps (and any pure drawing of the engine) drawn in worker processes,
off the event loop's process (docs/ARCHITECTURE.md "Hot paths (bot)"). The ui, the outbox
poster and the archive commands draw through ``render_pool()``; the engine is all a worker
imports."""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot import render_worker
from engine import api as engine_api
from engine import variants

log = logging.getLogger(__name__)

Render = Callable[..., bytes]


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def warm() -> None:
    """Build the renderer's caches of this process once (boards, base layers, fonts,
    sprites): each board's opening drawn in both languages, with orders. Run by every render
    process as it starts, so that no map asked for later pays for them (cold, a map costs
    several times its warm CPU)."""
    for name in variants.names():
        try:
            state = engine_api.new_game_state(name)
        except engine_api.RequestError:  # an opening that needs its players (the duel's)
            continue
        for locale in ("en", "fr"):
            engine_api.render(state, locale=locale, labels=locale)
    engine_api.render(engine_api.new_game_state(variants.DEFAULT), locale="en",
                      orders=[{"power": "france", "text": "A par - bur; F bre - mao"}])


def _pid_after(seconds: float) -> int:
    """A worker's id, held a moment so that the next task goes to another worker."""
    time.sleep(seconds)
    return os.getpid()


class RenderPool:
    """Maps drawn in worker processes (issue 15): the renderer is CPU-bound Python, so in a
    thread it holds the GIL against every interaction of the bot. The pool is created on first
    use (each worker builds the renderer's caches first: ``warm``),
    sized to the cores; ``shutdown`` ends it. Workers are spawned, not forked: a fork of a
    process running threads (the database's) may inherit a held lock.

    What a worker runs is ``engine.api.render`` (pure; its arguments are JSON values), so a
    worker imports the engine only. A worker that dies breaks the pool: a new one is started
    and the map of that post is drawn in a thread meanwhile."""

    def __init__(self, processes: int, *, warm: bool = True) -> None:
        self.processes = max(1, processes)
        self.warm = warm
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _pool(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = ProcessPoolExecutor(
                    self.processes, mp_context=multiprocessing.get_context("spawn"),
                    initializer=render_worker.start, initargs=(warm if self.warm else None,))
            return self._executor

    async def render(self, render: Render, state: dict[str, Any], *,
                     results: list[dict[str, Any]] | None, locale: str,
                     **style: str) -> bytes:
        return await self.run(render, state, results=results, locale=locale, **style)

    async def run(self, draw: Render, *args: Any, **kwargs: Any) -> bytes:
        """Any pure drawing of the engine (a map, a timelapse) in a worker process."""
        call = functools.partial(draw, *args, **kwargs)
        executor = self._pool()
        try:
            return await asyncio.get_running_loop().run_in_executor(executor, call)
        except BrokenProcessPool:
            log.warning("a render process died: the pool is started again")
            with self._lock:  # not a pool started meanwhile by another failed map
                if self._executor is executor:
                    self._executor = None
            executor.shutdown(wait=False, cancel_futures=True)
            return await asyncio.to_thread(call)

    async def warm_up(self) -> None:
        """Start every worker now and wait until each has built its caches (``warm``), rather
        than at the first map: a worker takes its first task only once warm, so each
        worker answering once means every one is."""
        loop = asyncio.get_running_loop()
        pool = self._pool()
        seen: set[int] = set()
        for _ in range(50):  # bounded: a worker slow to start is waited for a few seconds
            seen |= set(await asyncio.gather(*(loop.run_in_executor(pool, _pid_after, 0.05)
                                               for _ in range(self.processes))))
            if len(seen) >= self.processes:
                return

    def shutdown(self, *, wait: bool = True) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)


_render_pool: RenderPool | None = None
_render_processes: int | None = None  # None: the cores


def configure_render_pool(processes: int | None) -> None:
    """How many processes draw the maps of this process (``RENDER_PROCESSES``): None for one
    per core, 0 to draw in a thread. Called before the first map (the pool is made once)."""
    global _render_processes
    _render_processes = processes


def render_pool() -> RenderPool | None:
    """The one pool of this process (None when maps are drawn in a thread)."""
    global _render_pool
    processes = cores() if _render_processes is None else _render_processes
    if processes <= 0:
        return None
    if _render_pool is None:
        _render_pool = RenderPool(processes)
    return _render_pool


def shutdown_render_pool() -> None:
    """End the render processes (waits for the maps being drawn)."""
    global _render_pool
    pool, _render_pool = _render_pool, None
    if pool is not None:
        pool.shutdown()

