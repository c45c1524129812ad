"""Duel-Diplomatie: ``/bid``, ``/bids``, ``/stalemate`` and its flavour of the shared
``/game join``, ``/game start`` and ``/ready``."""

from __future__ import annotations

from discord.ext import commands

from bot.ui import surface


async def setup(bot: commands.Bot) -> None:
    from cogs.duel._cog import SURFACE, DuelCog

    await bot.add_cog(DuelCog(bot))
    surface.register(bot, "duel", SURFACE)


async def teardown(bot: commands.Bot) -> None:
    surface.unregister(bot, "duel")
