"""``/absence`` (days away, docs/RULES.md §3.6) and ``/remind`` (reminders on the player's terms),
with the posts they queue."""

from __future__ import annotations

from discord.ext import commands

from bot.ui import posts


async def setup(bot: commands.Bot) -> None:
    from cogs.absence._cog import AbsenceCog
    from cogs.absence._posts import BUILDERS

    await bot.add_cog(AbsenceCog(bot))
    posts.register_kinds(BUILDERS)


async def teardown(bot: commands.Bot) -> None:
    from cogs.absence._posts import BUILDERS

    posts.unregister_kinds(BUILDERS)
