"""L'Impérialisme on Discord: commands, persistent buttons, posts (issue 8), and its flavour
of the shared ``/game join|start|status|settings``."""

from __future__ import annotations

from discord.ext import commands

from bot.ui import posts, surface


async def setup(bot: commands.Bot) -> None:
    from cogs.imperialisme._cog import SURFACE, ImperialismeCog
    from cogs.imperialisme._posts import HANDLERS, deliver
    from cogs.imperialisme._views import DYNAMIC_ITEMS

    await bot.add_cog(ImperialismeCog(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    posts.register_kinds(dict.fromkeys(HANDLERS, deliver))
    surface.register(bot, "imperialisme", SURFACE)


async def teardown(bot: commands.Bot) -> None:
    from cogs.imperialisme._posts import HANDLERS

    surface.unregister(bot, "imperialisme")
    posts.unregister_kinds(HANDLERS)
