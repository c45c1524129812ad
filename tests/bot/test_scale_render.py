"""Maps drawn off the GIL (issue 15): the poster's render pool gives the same map as the
renderer itself, survives a worker that dies, shuts down cleanly, and can be turned off."""

from __future__ import annotations

import os
import signal

import pytest

from bot import render_pool as pooling
from bot.render_pool import RenderPool, configure_render_pool, render_pool
from engine import api as engine_api


async def test_the_pool_draws_the_same_map_survives_a_death_and_shuts_down() -> None:
    pool = RenderPool(1, warm=False)
    try:
        state = engine_api.new_game_state("classic")
        image = await pool.render(engine_api.render, state, results=None, locale="fr")
        assert image == engine_api.render(state, results=None, locale="fr")
        # the worker is killed (out of memory, say): that map is drawn here, the next one
        # by a new pool
        executor = pool._executor
        assert executor is not None
        for pid in list(executor._processes):
            os.kill(pid, signal.SIGKILL)
        again = await pool.render(engine_api.render, state, results=None, locale="fr")
        assert again == image
        assert await pool.render(engine_api.render, state, results=None,
                                 locale="fr") == image
        assert pool._executor is not None and pool._executor is not executor
        processes = list(pool._executor._processes.values())
    finally:
        pool.shutdown()
    assert pool._executor is None and all(not p.is_alive() for p in processes)


def test_render_processes_zero_draws_in_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pooling, "_render_pool", None)
    monkeypatch.setattr(pooling, "_render_processes", None)
    configure_render_pool(0)
    assert render_pool() is None
    configure_render_pool(3)
    made = render_pool()
    assert made is not None and made.processes == 3 and render_pool() is made
    configure_render_pool(None)
    assert RenderPool(0).processes == 1
