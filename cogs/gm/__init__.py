from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.gm._cog import GameMasterCog

    await bot.add_cog(GameMasterCog(bot))
