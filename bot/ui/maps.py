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

MESSAGE_MAX = 2000  # Discord's limit for a message's content


def describe_map(state: dict[str, Any], results: list[dict[str, Any]] | None,
                 locale: str) -> str | None:
    """The map's description for screen readers (WCAG 1.1.1): the phase, what changed, who
    holds what; none rather than no map."""
    try:
        return engine_api.alt_text(state, results=results, locale=locale)
    except engine_api.RequestError:
        return None


async def map_file(state: dict[str, Any], filename: str, **kwargs: Any) -> discord.File:
    """The map of ``state`` (``results``, ``orders``, ``locale``... as ``engine.api.render``
    takes them; the variant adds its legend column) as ``filename``, described."""
    png = await asyncio.to_thread(engine_api.render, state, **kwargs)
    return discord.File(io.BytesIO(png), filename=filename, description=describe_map(
        state, kwargs.get("results"), str(kwargs.get("locale") or "en")))


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
    return discord.File(io.BytesIO(png), filename=filename,
                        description=describe_map(state, results, locale))


def map_in_words(state: dict[str, Any], results: list[dict[str, Any]] | None, locale: str,
                 *, results_state: dict[str, Any] | None = None) -> list[str]:
    """The position in sentences (``engine.api.describe``), cut at line ends into messages
    within Discord's 2,000 characters."""
    text = engine_api.describe(state, results=results, results_state=results_state,
                               locale=locale)
    parts: list[str] = []
    for block in text.split("\n\n"):
        if parts and len(parts[-1]) + 2 + len(block) <= MESSAGE_MAX:
            parts[-1] += "\n\n" + block
            continue
        while len(block) > MESSAGE_MAX:  # one power's orders longer than a message
            cut = block.rfind("\n", 0, MESSAGE_MAX)
            cut = cut if cut > 0 else MESSAGE_MAX
            parts.append(block[:cut])
            block = block[cut:].lstrip("\n")
        parts.append(block)
    return parts
