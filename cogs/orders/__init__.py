"""``/orders``, ``/order`` and ``/ready``: a player's orders of the phase."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from cogs.orders._cog import OrdersCog

    await bot.add_cog(OrdersCog(bot))
