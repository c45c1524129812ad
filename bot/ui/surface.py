"""Per-variant Discord hooks of the shared commands (issue 11): one ``/game join``, ``/game
start``, ``/game status``, ``/game settings`` and ``/ready`` for every variant.

A variant's cog registers a ``VariantSurface`` in its extension's ``setup()`` under the
variant's name (``engine.variants.names()``); the shared cogs look up the game's variant and
use its hook, or their classic behaviour when it has none. The registry is per bot, so two bots
in one process (tests, a restart) never see each other's extensions.
"""

from __future__ import annotations

import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.services.common import GameView
from engine import variants

Interaction = discord.Interaction[Any]
# each hook answers the interaction itself, except status and settings, which give the embed
# that the shared command posts
JoinHook = Callable[[Interaction, GameView, str | None], Awaitable[None]]
StartHook = Callable[[Interaction, GameView], Awaitable[None]]
EmbedHook = Callable[[Interaction, GameView], Awaitable[discord.Embed]]
# ``/ready on|off``: True when the variant handled it (a duel's bidding season), False to let
# the shared command mark the orders ready
ReadyHook = Callable[[Interaction, GameView, bool], Awaitable[bool]]


@dataclass(frozen=True, slots=True)
class VariantSurface:
    """What a variant changes in the shared commands; None keeps the classic behaviour."""

    join: JoinHook | None = None
    start: StartHook | None = None
    status: EmbedHook | None = None
    settings: EmbedHook | None = None
    ready: ReadyHook | None = None


CLASSIC = VariantSurface()
_registries: weakref.WeakKeyDictionary[Any, dict[str, VariantSurface]] = (
    weakref.WeakKeyDictionary())


def register(bot: Any, variant: str, surface: VariantSurface) -> None:
    """The hooks of ``variant`` on this bot (an extension's ``setup``); registering again
    replaces them (an extension reloaded)."""
    if variant not in variants.names():
        raise ValueError(f"unknown variant {variant!r}; known: {variants.names()}")
    _registries.setdefault(bot, {})[variant] = surface


def unregister(bot: Any, variant: str) -> None:
    """Forget the hooks of ``variant`` (an extension's ``teardown``)."""
    _registries.get(bot, {}).pop(variant, None)


def surface_of(bot: Any, variant: str) -> VariantSurface:
    """The hooks of ``variant`` on this bot; none registered: the classic behaviour."""
    return _registries.get(bot, {}).get(variant, CLASSIC)
