"""Maps as Discord attachments: the engine's renderer run off the event loop (it is
CPU-bound, DESIGN.md), the PNG wrapped as a file an embed can show."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from engine import api as engine_api


async def map_file(state: dict[str, Any], filename: str, **kwargs: Any) -> discord.File:
    """The map of ``state`` (``results``, ``orders``, ``locale``... as ``engine.api.render``
    takes them; the variant adds its legend column) as ``filename``."""
    png = await asyncio.to_thread(engine_api.render, state, **kwargs)
    return discord.File(io.BytesIO(png), filename=filename)
