"""After the game: ``/game export|import|timelapse|chart``, subcommands of the ``/game`` group
(``add_commands`` is called from ``GameCog``'s body). Anyone may export, draw the timelapse
or the chart of the game here (public facts only); importing creates a game, so it takes the
permission to create one (Manage Channels)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import has_key, t
from bot.services import archive as archive_service
from bot.services.errors import ServiceError
from bot.ui.archive import chart_file, export_file, timelapse_file
from bot.ui.common import bot_of, channel_ids, game_here, reader_locale
from bot.ui.embeds import COLOUR
from bot.ui.errors import UserFacingError, defer, reply
from engine import variants


async def figure_autocomplete(interaction: discord.Interaction[Any], current: str
                              ) -> list[app_commands.Choice[str]]:
    """What the game here can follow: its variant's chart measures (``Variant.measures``), by
    their labels (``chart.<measure>.axis``, the variant's catalogue)."""
    try:
        game = await game_here(interaction)
    except ServiceError:
        return []
    locale, words = reader_locale(interaction), current.lower().strip()
    labelled = [(m, t(f"chart.{m}.axis", locale)) for m in variants.get(game.variant).measures]
    return [app_commands.Choice(name=label[:100], value=m) for m, label in labelled
            if words in m or words in label.lower()][:25]


class ArchiveCommands(commands.Cog):
    """The callbacks; bound to ``GameCog`` once added to its group (``self`` is that cog;
    this class is never added as a cog of its own)."""

    async def game_export(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        await defer(interaction, ephemeral=True)  # answered first: it reads the whole game
        game = await game_here(interaction)
        export = await archive_service.export_game(bot.db, game_id=game.id)
        file = export_file(export, f"game-{game.id}.json")
        await interaction.followup.send(t("archive.exported", locale, name=game.name,
                                          count=len(export["phases"])),
                                        file=file, ephemeral=True)

    @app_commands.rename(file=L("file"), name=L("name"))
    @app_commands.describe(file=L("A file made by /game export"),
                           name=L("Name of the imported game"))
    @app_commands.checks.has_permissions(manage_channels=True)
    async def game_import(self, interaction: discord.Interaction[Any],
                          file: discord.Attachment, name: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        if file.size > archive_service.MAX_IMPORT_BYTES:
            raise UserFacingError("error.archive.too_big", size=file.size // 1024,
                                  max=archive_service.MAX_IMPORT_BYTES // 1024)
        await defer(interaction, ephemeral=True)
        raw = await file.read()
        channel_id, thread_id = channel_ids(interaction)
        view = await archive_service.import_game(
            bot.db, raw=raw, guild_id=interaction.guild_id, channel_id=channel_id,
            thread_id=thread_id, gm_user_id=interaction.user.id, name=name)
        count = len((await archive_service.timelapse_frames(bot.db, game_id=view.id)).frames)
        await reply(interaction, t("archive.imported", locale, name=view.name, id=view.id,
                                   count=count - 1))

    @app_commands.rename(fmt=L("format"))
    @app_commands.describe(fmt=L("GIF (plays everywhere) or WebP (smaller)"))
    @app_commands.choices(fmt=[app_commands.Choice(name="GIF", value="gif"),
                               app_commands.Choice(name="WebP", value="webp")])
    async def game_timelapse(self, interaction: discord.Interaction[Any],
                             fmt: str = "gif") -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        await defer(interaction)  # answered first: it reads every phase and draws
        game = await game_here(interaction)
        frames = await archive_service.timelapse_frames(bot.db, game_id=game.id)
        file = await timelapse_file(frames, locale=locale, fmt=fmt,
                                    filename=f"timelapse-{game.id}.{fmt}")
        embed = discord.Embed(title=t("archive.timelapse_title", locale, name=game.name,
                                      count=len(frames.frames)), colour=COLOUR)
        embed.set_image(url=f"attachment://{file.filename}")
        await interaction.followup.send(embed=embed, file=file)

    @app_commands.rename(figure=L("figure"))
    @app_commands.describe(figure=L("What to follow (each game offers its own)"))
    @app_commands.autocomplete(figure=figure_autocomplete)
    async def game_chart(self, interaction: discord.Interaction[Any],
                         figure: str = "centres") -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        await defer(interaction)  # answered first: it reads every phase and draws
        game = await game_here(interaction)
        # "centres": what the variant follows first (L'Impérialisme: influence)
        if figure != "centres" and figure not in variants.get(game.variant).measures:
            refusal = f"chart.{figure}.elsewhere"  # the variant that follows it says so
            raise UserFacingError(refusal if has_key(refusal) else "error.archive.not_followed",
                                  measure=figure, known=", ".join(
                                      t(f"chart.{m}.axis", locale)
                                      for m in variants.get(game.variant).measures))
        chart = await archive_service.chart_series(
            bot.db, game_id=game.id, measure=None if figure == "centres" else figure)
        file = await chart_file(chart, locale=locale, filename=f"chart-{game.id}.png",
                                title=t("archive.chart_title", locale, name=game.name,
                                        measure=chart.measure),
                                y_label=t("archive.chart_axis", locale, measure=chart.measure))
        embed = discord.Embed(title=t("archive.chart_title", locale, name=game.name,
                                      measure=chart.measure), colour=COLOUR)
        embed.set_image(url=f"attachment://{file.filename}")
        await interaction.followup.send(embed=embed, file=file)


def add_commands(group: app_commands.Group) -> None:
    """Put the subcommands in ``/game`` (from ``GameCog``'s class body)."""
    c = ArchiveCommands
    group.command(name=L("export"), description=L(
        "The whole game as one file (JSON, replayable)"))(c.game_export)
    group.command(name=L("import"), description=L(
        "Create a game from an exported file (replayed phase by phase)"))(c.game_import)
    group.command(name=L("timelapse"), description=L(
        "The whole game as an animated map"))(c.game_timelapse)
    group.command(name=L("chart"), description=L(
        "Supply centres per power and year, as a chart"))(c.game_chart)
