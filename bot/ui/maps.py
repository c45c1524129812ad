"""Maps as Discord attachments: the engine's renderer run in the render processes
(``bot.render_pool``), never in the bot's own process when there are any (it is CPU-bound:
in a thread it holds the GIL against every interaction, docs/ARCHITECTURE.md), the PNG wrapped
as a file an embed can show."""

from __future__ import annotations

import asyncio
import functools
import io
from typing import Any

import discord

from bot.render_pool import render_pool
from engine import api as engine_api


async def map_file(state: dict[str, Any], filename: str, *, locale: str = "en",
                   **kwargs: Any) -> discord.File:
    """The map of ``state`` as ``filename``; ``orders``, ``results``, ``locale`` and
    ``kwargs`` as ``engine.api.render`` takes them (JSON values: they go to another process;
    the variant adds its legend column). In a thread only when the deployment asked for no
    render process (``RENDER_PROCESSES=0``)."""
    results = kwargs.pop("results", None)
    draw = functools.partial(engine_api.render, **kwargs)
    pool = render_pool()
    if pool is not None:
        png = await pool.render(draw, state, results=results, locale=locale)
    else:
        png = await asyncio.to_thread(draw, state, results=results, locale=locale)
    return discord.File(io.BytesIO(png), filename=filename)
