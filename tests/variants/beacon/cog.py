"""Beacon Diplomacy on Discord: ``/beacon light`` and the post it makes (``beacon_lit``).
Loaded as an extension (``bot.load_extension("tests.variants.beacon.cog")``); its ``setup``
registers the cog and the post kind, ``teardown`` takes them back."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.outbox import PostMessage
from bot.services import games as games_service
from bot.ui import posts
from bot.ui.common import RefereeBot, bot_of, game_here, reader_locale
from bot.ui.errors import reply
from bot.ui.format import power_name
from tests.variants.beacon import service


async def lit(bot: RefereeBot, post: PostMessage) -> None:
    """The post of its kind, in the guild's language."""
    game = await games_service.get_game(bot.db, game_id=post.game_id or 0)
    power = power_name(str(post.payload.get("power")), post.locale, game.variant)
    await posts.to_game(bot, post, game.name, t("beacon.lit", post.locale, power=power))


BUILDERS: dict[str, posts.Builder] = {service.KIND: lit}


@app_commands.guild_only()
class BeaconCog(commands.GroupCog, group_name=L("beacon"),
                group_description=L("Beacon Diplomacy")):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("light"), description=L("Light your power's beacon"))
    async def light(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        power = await service.light(bot.db, game_id=game.id, user_id=interaction.user.id)
        await reply(interaction, t("beacon.lit_reply", locale,
                                   power=power_name(power, locale, game.variant)),
                    ephemeral=True)
        await bot.post_now()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(BeaconCog(bot))
    posts.register_kinds(BUILDERS)


async def teardown(bot: commands.Bot) -> None:
    posts.unregister_kinds(BUILDERS)
