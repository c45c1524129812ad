"""``/draw propose``: a secret unanimous draw vote; every player answers with the buttons of
a DM (``bot.ui.views.DrawVoteButton``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import draws as draws_service
from bot.ui.common import bot_of, game_here, reader_locale
from bot.ui.errors import reply
from bot.ui.format import power_name


@app_commands.guild_only()
class DrawCog(commands.Cog):
    # every answer is private and goes through reply: deferred if slow (GameTree)
    answers_privately = True

    draw = app_commands.Group(name=L("draw"), description=L("Propose a draw"),
                              guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @draw.command(name=L("propose"), description=L("Propose a draw (secret unanimous vote)"))
    async def draw_propose(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        outcome = await draws_service.propose_draw(bot.db, game_id=game.id,
                                                   user_id=interaction.user.id)
        locale = reader_locale(interaction)
        if outcome.status == "pending":
            text = t("draw.proposed", locale)
        elif outcome.by_bot:  # say why nobody else was asked (rules §3.8)
            text = t("draw.accepted_at_once_bots", locale, powers=", ".join(
                power_name(p, locale, game.variant) for p in outcome.by_bot))
        else:
            text = t("draw.accepted_at_once", locale)
        await reply(interaction, text)
        await bot.post_now()
