"""``/press``: a press release posted by the bot in the game, in the guild's language,
signed with the sender's powers (or anonymous)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import surface as surface_service
from bot.ui.common import bot_of, game_here, reader_locale
from bot.ui.embeds import COLOUR
from bot.ui.errors import UserFacingError, reply
from bot.ui.format import power_name


@app_commands.guild_only()
class PressCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("press"),
                          description=L("A press release posted by the bot in the game"))
    @app_commands.rename(text=L("text"), anonymous=L("anonymous"))
    @app_commands.describe(text=L("Your message"), anonymous=L("Hide who sent it"))
    @app_commands.guild_only()
    async def press(self, interaction: discord.Interaction[Any],
                    text: app_commands.Range[str, 1, 2000], anonymous: bool = False) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        player = game.player(interaction.user.id)
        if player is None and interaction.user.id != game.gm_user_id:
            raise UserFacingError("error.player.not_in_game")
        public = await surface_service.guild_language(bot.db, guild_id=game.guild_id,
                                                      default=bot.default_locale)
        if anonymous:
            author = t("press.anonymous", public)
        elif player is not None:
            author = ", ".join(power_name(p, public, game.variant) for p in player.powers)
        else:
            author = t("press.gm", public)
        embed = discord.Embed(title=t("press.title", public, author=author),
                              description=text, colour=COLOUR)
        if not anonymous:
            embed.set_footer(text=interaction.user.display_name)
        channel = bot.get_partial_messageable(game.thread_id or game.channel_id)
        await channel.send(embed=embed)
        await reply(interaction, t("press.sent", locale))
