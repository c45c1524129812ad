"""``/draw``: a secret unanimous draw vote."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.draw._cog import DrawCog

    await bot.add_cog(DrawCog(bot))
