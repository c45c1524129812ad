"""Duel-Diplomatie: ``/bid``, ``/bids``, ``/stalemate`` and its flavour of the shared
``/game join``, ``/game start`` and ``/ready``."""

from __future__ import annotations

from discord.ext import commands

from bot.ui import posts, surface


async def setup(bot: commands.Bot) -> None:
    from cogs.duel._cog import SURFACE, DuelCog
    from cogs.duel._posts import BUILDERS

    await bot.add_cog(DuelCog(bot))
    posts.register_kinds(BUILDERS)
    surface.register(bot, "duel", SURFACE)


async def teardown(bot: commands.Bot) -> None:
    from cogs.duel._posts import BUILDERS

    surface.unregister(bot, "duel")
    posts.unregister_kinds(BUILDERS)
