"""L'Impérialisme on Discord: commands, persistent buttons, posts (issue 8).

``setup`` adds the cog, registers the persistent buttons and routes the ``imp_*`` outbox rows
to this package's posts. Until ``bot.ui.posts.deliver`` dispatches those kinds itself, the
route is a wrapper around the bot's ``deliver`` (and the poster's ``send`` when the
scheduler already exists): every other kind goes to the shared ``deliver`` unchanged.
"""

from __future__ import annotations

from typing import Any

from discord.ext import commands


def install_posts(bot: Any) -> None:
    """Route ``imp_*`` posts here (idempotent)."""
    from cogs.imperialisme import _posts

    current = getattr(bot, "deliver", None)
    if current is None or getattr(current, "imperialisme_route", False):
        return

    async def deliver(post: Any) -> None:
        if str(post.kind).startswith(_posts.PREFIX):
            await _posts.deliver(bot, post)
        else:
            await current(post)

    deliver.imperialisme_route = True  # type: ignore[attr-defined]
    bot.deliver = deliver
    scheduler = getattr(bot, "scheduler", None)
    if scheduler is not None and scheduler.poster is not None:
        scheduler.poster.send = deliver


async def setup(bot: commands.Bot) -> None:
    from cogs.imperialisme._cog import ImperialismeCog
    from cogs.imperialisme._views import DYNAMIC_ITEMS

    await bot.add_cog(ImperialismeCog(bot))
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    install_posts(bot)
