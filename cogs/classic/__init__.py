from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.classic._cog import ClassicCog

    await bot.add_cog(ClassicCog(bot))
