from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.duel._cog import DuelCog

    await bot.add_cog(DuelCog(bot))
