"""``/press`` and ``/inbox``: press releases posted by the bot in the game, private letters
relayed by DM."""

from __future__ import annotations

from discord.ext import commands


async def setup(bot: commands.Bot) -> None:
    from bot.ui import posts
    from cogs.press._cog import PressCog
    from cogs.press._posts import KINDS, deliver

    posts.register_kinds(dict.fromkeys(KINDS, deliver))
    await bot.add_cog(PressCog(bot))


async def teardown(bot: commands.Bot) -> None:
    from bot.ui import posts
    from cogs.press._posts import KINDS

    posts.unregister_kinds(KINDS)
