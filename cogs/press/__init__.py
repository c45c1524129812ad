"""``/press``: press releases posted by the bot in the game."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.press._cog import PressCog

    await bot.add_cog(PressCog(bot))
