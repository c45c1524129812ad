"""``/game`` and ``/map``: one set of game commands for every variant."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.game._cog import GameCog

    await bot.add_cog(GameCog(bot))
