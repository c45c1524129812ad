"""Maps as Discord attachments: the engine's renderer run off the event loop (it is
CPU-bound, docs/ARCHITECTURE.md), the PNG wrapped as a file an embed can show."""

from __future__ import annotations

import asyncio
import functools
import io
from typing import Any

import discord

from bot.scheduler import render_pool
from engine import api as engine_api


async def map_file(state: dict[str, Any], filename: str, **kwargs: Any) -> discord.File:
    """The map of ``state`` (``results``, ``orders``, ``locale``... as ``engine.api.render``
    takes them; the variant adds its legend column) as ``filename``."""
    png = await asyncio.to_thread(engine_api.render, state, **kwargs)
    return discord.File(io.BytesIO(png), filename=filename)


async def pooled_map_file(state: dict[str, Any], filename: str, *,
                          orders: list[dict[str, Any]] | None = None,
                          results: list[dict[str, Any]] | None = None,
                          locale: str = "en", **kwargs: Any) -> discord.File:
    """As ``map_file``, drawn in the render processes (``bot.scheduler.render_pool``) when
    there are any: a map asked for at will (``/sandbox map``) never holds the GIL against
    the bot's other interactions. ``kwargs``: as ``engine.api.render`` takes them (JSON
    values: they go to another process)."""
    draw = functools.partial(engine_api.render, orders=orders, **kwargs)
    pool = render_pool()
    if pool is not None:
        png = await pool.render(draw, state, results=results, locale=locale)
    else:
        png = await asyncio.to_thread(draw, state, results=results, locale=locale)
    return discord.File(io.BytesIO(png), filename=filename)
