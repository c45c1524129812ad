"""``/stats [player]``: a player's record on this server, per variant (games, wins, draws,
survivals, missed phases, civil disorders, OpenSkill rating); ``/ladder [variant]``: the
server's ladder of one variant. Public: everything shown is read from finished games."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import ladder as ladder_service
from bot.ui.common import bot_of, reader_locale
from bot.ui.embeds import COLOUR
from bot.ui.errors import UserFacingError, reply
from bot.ui.format import variant_named, variant_title, variant_titles
from engine import variants

LADDER_LINES = 20


def _n(value: float) -> float:
    return round(value, 1)


async def _variants(interaction: discord.Interaction[Any], current: str
                    ) -> list[app_commands.Choice[str]]:
    words = current.lower().strip()
    return [app_commands.Choice(name=title[:100], value=name)
            for name, title in variant_titles(reader_locale(interaction))
            if words in name or words in title.lower()][:25]


@app_commands.guild_only()
class LadderCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("stats"),
                          description=L("A player's record on this server, per game"))
    @app_commands.rename(player=L("player"))
    @app_commands.describe(player=L("The player (you by default)"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[Any],
                    player: discord.User | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        who = player or interaction.user
        records = await ladder_service.player_stats(bot.db, guild_id=interaction.guild_id or 0,
                                                    user_id=who.id)
        embed = discord.Embed(title=t("ladder.stats_title", locale, user=who.display_name),
                              colour=COLOUR)
        if not records:
            embed.description = t("ladder.stats_none", locale, user=who.mention)
        for r in records:
            embed.add_field(name=variant_title(r.variant, locale), inline=False, value=t(
                "ladder.stats_body", locale, games=r.games, wins=r.wins, draws=r.draws,
                survivals=r.survivals, missed=r.missed_phases, disorders=r.civil_disorders,
                rating=_n(r.rating), mu=_n(r.mu), sigma=_n(r.sigma), points=_n(r.points))
                + ("\n" + t("bots.stats_line", locale, count=r.bot_games) if r.bot_games else ""))
        await reply(interaction, embed=embed, ephemeral=False)

    @app_commands.command(name=L("ladder"),
                          description=L("The server's ladder of one game"))
    @app_commands.rename(variant=L("variant"))
    @app_commands.describe(variant=L("Which game (Classic Diplomacy by default)"))
    @app_commands.autocomplete(variant=_variants)
    @app_commands.guild_only()
    async def ladder(self, interaction: discord.Interaction[Any],
                     variant: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        found = variant_named(variant or variants.DEFAULT)
        if found is None:
            raise UserFacingError("variant.unknown", name=variant, known=", ".join(
                title for _name, title in variant_titles(locale)))
        title = variant_title(found, locale)
        rows = await ladder_service.ladder(bot.db, guild_id=interaction.guild_id or 0,
                                           variant=found)
        lines = [t("ladder.line", locale, rank=i, user=f"<@{r.user_id}>",
                   rating=_n(r.rating), games=r.games, wins=r.wins, draws=r.draws)
                 for i, r in enumerate(rows[:LADDER_LINES], start=1)]
        embed = discord.Embed(title=t("ladder.title", locale, variant=title), colour=COLOUR,
                              description="\n".join(lines) or t("ladder.empty", locale,
                                                                variant=title))
        embed.set_footer(text=t("ladder.footer", locale))
        await reply(interaction, embed=embed, ephemeral=False,
                    allowed_mentions=discord.AllowedMentions.none())
