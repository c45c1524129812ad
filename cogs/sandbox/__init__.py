"""``/sandbox``: a private what-if board, in a server or in DMs."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.sandbox._cog import SandboxCog

    await bot.add_cog(SandboxCog(bot))
