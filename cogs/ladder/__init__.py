"""``/stats`` and ``/ladder``: a server's records and its ladder per variant."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.ladder._cog import LadderCog

    await bot.add_cog(LadderCog(bot))
