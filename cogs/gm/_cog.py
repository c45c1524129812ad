"""Game-master tools (docs/RULES.md §3.6–§3.9): adjudicate now, extend, pause/resume, replace a
player, kick, roll back. Only the game's GM may use them: the services check it and refuse
everyone else with a localised reply."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import gm as gm_service
from bot.services import history as history_service
from bot.services import players as players_service
from bot.services import turns as turns_service
from bot.ui.common import bot_of, game_here, reader_locale
from bot.ui.errors import reply
from bot.ui.format import deadline_text, phase_name


class GameMasterCog(commands.Cog):
    # every answer is private and goes through reply: deferred if slow (GameTree)
    answers_privately = True

    gm = app_commands.Group(name=L("gm"), description=L("Game master tools"), guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @gm.command(name=L("adjudicate"), description=L("Resolve the current phase now"))
    async def adjudicate(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        outcome = await turns_service.adjudicate_phase(
            bot.db, game_id=game.id, expected_phase=game.phase, trigger="gm",
            user_id=interaction.user.id)
        locale = reader_locale(interaction)
        await reply(interaction, t("gm.adjudicated", locale,
                                   phase=phase_name(outcome.phase, locale, game.variant)))
        await bot.post_now()

    @gm.command(name=L("extend"), description=L("Move the deadline (hours, may be negative)"))
    @app_commands.rename(hours=L("hours"))
    @app_commands.describe(hours=L("Hours to add"))
    async def extend(self, interaction: discord.Interaction[Any],
                     hours: app_commands.Range[float, -720.0, 720.0]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        view = await gm_service.extend_deadline(bot.db, game_id=game.id,
                                                   user_id=interaction.user.id,
                                                   minutes=hours * 60)
        await reply(interaction, t("gm.extended", reader_locale(interaction),
                                   deadline=deadline_text(view.deadline)))
        await bot.post_now()

    @gm.command(name=L("map"), description=L("How this game's maps are drawn"))
    @app_commands.rename(labels=L("labels"), palette=L("colours"))
    @app_commands.describe(labels=L("Province abbreviations on the map"),
                           palette=L("Map colours"))
    @app_commands.choices(
        labels=[app_commands.Choice(name=L("in the language of the text"), value="auto"),
                app_commands.Choice(name=L("English (BUR, ENG)"), value="en"),
                app_commands.Choice(name=L("French (BOU, MAN)"), value="fr")],
        palette=[app_commands.Choice(name=L("standard"), value="standard"),
                 app_commands.Choice(name=L("colour-blind friendly"), value="colorblind")])
    async def map_style(self, interaction: discord.Interaction[Any], labels: str | None = None,
                        palette: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        view = await gm_service.set_map_style(bot.db, game_id=game.id,
                                              user_id=interaction.user.id, labels=labels,
                                              palette=palette)
        o = view.options
        await reply(interaction, "\n".join((
            t("gm.map_set", locale, name=view.name),
            t("settings.map_labels", locale, labels=str(o.get("map_labels") or "auto")),
            t("settings.palette", locale, palette=str(o.get("palette") or "standard")))))

    @gm.command(name=L("pause"), description=L("Stop the clock"))
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        await gm_service.pause_game(bot.db, game_id=game.id, user_id=interaction.user.id)
        await reply(interaction, t("gm.paused", reader_locale(interaction)))
        await bot.post_now()

    @gm.command(name=L("resume"), description=L("Restart the clock"))
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        view = await gm_service.resume_game(bot.db, game_id=game.id,
                                               user_id=interaction.user.id)
        await reply(interaction, t("gm.resumed", reader_locale(interaction),
                                   deadline=deadline_text(view.deadline)))
        await bot.post_now()

    @gm.command(name=L("replace"), description=L("Give a seat to a replacement player"))
    @app_commands.rename(power=L("power"), player=L("player"))
    @app_commands.describe(power=L("A power of the seat (e.g. france)"),
                           player=L("The new player"))
    async def replace(self, interaction: discord.Interaction[Any], power: str,
                      player: discord.User) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        await players_service.replace_player(bot.db, game_id=game.id,
                                             user_id=interaction.user.id,
                                             new_user_id=player.id, power=power)
        await reply(interaction, t("gm.replaced", reader_locale(interaction),
                                   user=player.mention))
        await bot.post_now()

    @gm.command(name=L("kick"), description=L("Remove a player from the game"))
    @app_commands.rename(player=L("player"))
    @app_commands.describe(player=L("The player to remove"))
    async def kick(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        await players_service.kick_player(bot.db, game_id=game.id, user_id=interaction.user.id,
                                          target_user_id=player.id)
        await reply(interaction, t("gm.kicked", reader_locale(interaction),
                                   user=player.mention))
        await bot.post_now()

    @gm.command(name=L("rollback"),
                description=L("Go back to the start of a past phase"))
    @app_commands.rename(phase=L("phase"))
    @app_commands.describe(phase=L("A phase such as S1901M"))
    async def rollback(self, interaction: discord.Interaction[Any], phase: str) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        detail = await history_service.phase_detail(bot.db, game_id=game.id, phase=phase)
        await gm_service.rollback(bot.db, game_id=game.id, user_id=interaction.user.id,
                                     seq=detail.seq)
        locale = reader_locale(interaction)
        await reply(interaction, t("gm.rolled_back", locale,
                                   phase=phase_name(detail.phase, locale, game.variant)))
        await bot.post_now()
