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

from bot.outbox import map_description
from bot.render_pool import render_pool
from engine import api as engine_api

MESSAGE_MAX = 2000  # Discord's limit for a message's content


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
    return discord.File(io.BytesIO(png), filename=filename,
                        description=map_description(state, results, locale))


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
