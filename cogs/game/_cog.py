"""Games: ``/game create|join|leave|start|status|settings|history`` and ``/map`` (docs/PLAYING.md),
one set of commands for every variant: a variant changes what ``join``,
``start``, ``status`` and ``settings`` do through the hooks its cog registers
(``bot.ui.surface``). Each command reads its arguments, calls one service and formats the
reply; who may do what is decided by the services."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import has_key, language_of, t
from bot.services import bots as bots_service
from bot.services import games as games_service
from bot.services import guilds as guilds_service
from bot.services import history as history_service
from bot.services import options as options_service
from bot.services import players as players_service
from bot.services import press as press_service
from bot.services import status as status_service
from bot.services.common import GameView
from bot.services.options import map_style
from bot.ui.absence import add_away_field
from bot.ui.board import board_reply
from bot.ui.common import bot_of, channel_ids, game_here, guild_language_of, reader_locale
from bot.ui.embeds import COLOUR, results_embeds, settings_embed, status_embed
from bot.ui.errors import UserFacingError, defer, in_time, reply
from bot.ui.format import phase_name, variant_named, variant_title, variant_titles
from bot.ui.maps import map_file, map_in_words
from bot.ui.surface import surface_of
from cogs.game._archive import add_commands as add_archive_commands
from cogs.game._options import options_autocomplete, read_options


def _split_names(text: str | None) -> list[str]:
    return [x for x in re.split(r"[,;/\s]+", text or "") if x]


async def variant_autocomplete(interaction: discord.Interaction[Any], current: str
                               ) -> list[app_commands.Choice[str]]:
    """Every registered variant (``engine.variants``), by its title in the reader's
    language: a variant added to the registry is offered with no change here."""
    words = current.lower().strip()
    return [app_commands.Choice(name=title[:100], value=name)
            for name, title in variant_titles(reader_locale(interaction))
            if words in name or words in title.lower()][:25]


@app_commands.guild_only()
class GameCog(commands.Cog):
    game = app_commands.Group(name=L("game"), description=L("Create, join and follow a game"),
                              guild_only=True)

    add_archive_commands(game)  # /game export|import|timelapse|chart (cogs/game/_archive.py)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @game.command(name=L("create"), description=L("Create a game in this channel or forum"))
    @app_commands.rename(variant=L("variant"), name=L("name"),
                         phase_hours=L("phase_hours"), preset=L("preset"),
                         scoring=L("scoring"), press=L("press_rules"),
                         gm_reads_press=L("gm_reads_press"),
                         civil_disorder=L("civil_disorder"), bots=L("bots"),
                         options=L("options"))
    @app_commands.describe(variant=L("Which game to play"), name=L("Name of the game"),
                           phase_hours=L("Hours per movement phase"),
                           preset=L("Rule preset"), scoring=L("How a finished game scores"),
                           press=L("Who may write: press releases, private letters, gunboat"),
                           gm_reads_press=L(
                               "The game master may read private letters (default no)"),
                           civil_disorder=L("A power in civil disorder: it holds (default) "
                                            "or the bot plays it"),
                           bots=L("Practice game: seats the bot takes at the start (0-6)"),
                           options=L("More rule options: name=value, name=value"))
    @app_commands.autocomplete(variant=variant_autocomplete, options=options_autocomplete)
    @app_commands.choices(
        preset=[app_commands.Choice(name=L("standard"), value="standard"),
                app_commands.Choice(name=L("vortigern (French correspondence rules)"),
                                    value="vortigern")],
        scoring=[app_commands.Choice(name=L("draw size"), value="draw_size"),
                 app_commands.Choice(name=L("sum of squares"), value="sum_of_squares"),
                 app_commands.Choice(name=L("C-Diplo"), value="c_diplo")],
        press=[app_commands.Choice(name=L("press releases and private letters (default)"),
                                   value="full"),
               app_commands.Choice(name=L("press releases only"), value="public"),
               app_commands.Choice(name=L("none"), value="none"),
               app_commands.Choice(name=L("gunboat (anonymous, no player named)"),
                                   value="gunboat")],
        civil_disorder=[app_commands.Choice(name=L("its units hold (default)"), value="hold"),
                        app_commands.Choice(name=L("the bot plays it"), value="bot")])
    @app_commands.checks.has_permissions(manage_channels=True)
    async def game_create(self, interaction: discord.Interaction[Any], variant: str,
                          name: str | None = None,
                          phase_hours: app_commands.Range[float, 0.1, 720.0] | None = None,
                          preset: str | None = None, scoring: str | None = None,
                          press: str | None = None, gm_reads_press: bool = False,
                          civil_disorder: str | None = None,
                          bots: app_commands.Range[int, 0, 6] | None = None,
                          options: str | None = None) -> None:
        bot = bot_of(interaction)
        locale = reader_locale(interaction)
        # refuse bad options before creating anything on Discord
        found = variant_named(variant)
        if found is None:
            raise UserFacingError("variant.unknown", name=variant, known=", ".join(
                title for _name, title in variant_titles(locale)))
        variant = found
        # press rules are fixed at creation (docs/RULES.md §3.4.7): no command changes them later
        # the typed options (the variant's schema), then the parameters of their own
        rule_options = read_options(options, variant, locale)
        rule_options.update({k: v for k, v in (("scoring", scoring), ("press", press),
                                               ("gm_reads_press", gm_reads_press),
                                               ("civil_disorder", civil_disorder),
                                               ("bots", bots)) if v})
        options_service.resolve_options(preset, rule_options, variant)
        bots_service.check_bot_options(variant, rule_options)
        options_service.check_press(variant, rule_options)
        options_service.resolve_phase_minutes(None, phase_hours)
        await guilds_service.remember_guild_language(
            bot.db, guild_id=interaction.guild_id, language=guild_language_of(interaction))
        # what the channel reads is in the guild's language, like every public post
        public = await guilds_service.guild_language(
            bot.db, guild_id=interaction.guild_id, default=guild_language_of(interaction) or
            language_of(locale))
        title = (name or variant_title(variant, public))[:100]
        channel = interaction.channel
        channel_id, thread_id = int(interaction.channel_id or 0), None
        if isinstance(channel, discord.Thread):
            channel_id, thread_id = int(channel.parent_id), channel.id
        if isinstance(channel, discord.ForumChannel):
            # a forum: the game lives in a new post of its own, opened like a referee's post
            how = f"words.forum_how.{variant}"
            created = await channel.create_thread(name=title, content=t(
                "words.forum_post", public, name=title, variant=variant_title(variant, public),
                gm=f"<@{interaction.user.id}>",
                how=t(how if has_key(how) else "words.forum_how.orders", public)))
            thread_id = created.thread.id
        view = await games_service.create_game(
            bot.db, variant=variant, channel_id=channel_id, thread_id=thread_id,
            gm_user_id=interaction.user.id, guild_id=interaction.guild_id, name=title,
            preset=preset, phase_hours=phase_hours, options=rule_options)
        where = f"<#{thread_id or channel_id}>"
        await reply(interaction, t("game.created", locale, name=view.name, id=view.id,
                                   where=where), ephemeral=True)
        await bot.post_now()

    @game.command(name=L("join"), description=L("Sign up for the game of this channel"))
    @app_commands.rename(preferences=L("preferences"))
    @app_commands.describe(preferences=L("Powers you prefer, best first (e.g. France, Italy)"))
    async def game_join(self, interaction: discord.Interaction[Any],
                        preferences: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await in_time(interaction, game_here(interaction))
        hook = surface_of(bot, game.variant).join
        if hook is not None:
            await hook(interaction, game, preferences)
            return

        async def join() -> int:
            await players_service.join_game(bot.db, game_id=game.id,
                                            user_id=interaction.user.id,
                                            preferences=_split_names(preferences))
            # the language of the DMs the bot sends on its own (letters relayed)
            await press_service.remember_language(bot.db, game_id=game.id,
                                                  user_id=interaction.user.id, language=locale)
            return len((await games_service.get_game(bot.db, game_id=game.id)).players)

        count = await in_time(interaction, join())
        await reply(interaction, t("join.done_count", locale, name=game.name, count=count))

    @game.command(name=L("leave"), description=L("Leave the game of this channel"))
    async def game_leave(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)

        async def leave() -> GameView:
            game = await game_here(interaction)
            await players_service.leave_game(bot.db, game_id=game.id,
                                             user_id=interaction.user.id)
            return game

        game = await in_time(interaction, leave())
        await reply(interaction, t("leave.done", reader_locale(interaction), name=game.name))
        await bot.post_now()

    @game.command(name=L("start"), description=L("Start the game (game master)"))
    @app_commands.rename(fill=L("fill"))
    @app_commands.describe(fill=L("Seats nobody took: the bot takes them (a practice game)"))
    @app_commands.choices(fill=[app_commands.Choice(name=L("bots"), value="bots")])
    async def game_start(self, interaction: discord.Interaction[Any],
                         fill: str | None = None) -> None:
        bot = bot_of(interaction)
        game = await in_time(interaction, game_here(interaction))
        hook = surface_of(bot, game.variant).start
        if fill and not bots_service.bots_allowed(game.variant):
            raise UserFacingError("error.bots.unsupported", variant=game.variant)
        if hook is not None:
            await hook(interaction, game)
            return
        started = await in_time(interaction, games_service.start_game(
            bot.db, game_id=game.id, user_id=interaction.user.id, fill_bots=fill == "bots"))
        await reply(interaction, t("start.done", reader_locale(interaction),
                                   name=started.game.name))
        await bot.post_now()

    @game.command(name=L("status"), description=L("Phase, deadline, players and centres"))
    async def game_status(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        await defer(interaction)  # answered first: the read may wait behind a storm
        channel_id, thread_id = channel_ids(interaction)
        # one read transaction (the game of the channel or thread, seats, progress, position)
        status = await status_service.game_status(bot.db, channel_id=channel_id,
                                                  thread_id=thread_id)
        hook = surface_of(bot, status.game.variant).status
        if hook is not None:
            embed = await hook(interaction, status.game)
        else:
            embed = status_embed(status.game, locale, status.progress, status.state)
        add_away_field(embed, status.away, locale,  # docs/RULES.md §3.6
                       names=status.game if press_service.names_hidden(status.game)
                       else None)
        await reply(interaction, embed=embed, ephemeral=False)

    @game.command(name=L("settings"), description=L("Rule options of this game"))
    async def game_settings(self, interaction: discord.Interaction[Any]) -> None:
        async def settings() -> discord.Embed:
            game = await game_here(interaction)
            hook = surface_of(bot_of(interaction), game.variant).settings
            return await hook(interaction, game) if hook is not None else settings_embed(
                game, reader_locale(interaction))

        embed = await in_time(interaction, settings(), ephemeral=False)
        await reply(interaction, embed=embed, ephemeral=False)

    @game.command(name=L("history"), description=L("Past phases, or the results of one"))
    @app_commands.rename(phase=L("phase"))
    @app_commands.describe(phase=L("A phase such as S1901M"))
    async def game_history(self, interaction: discord.Interaction[Any],
                           phase: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        await defer(interaction)  # answered first: it reads, and with a phase draws
        game = await game_here(interaction)
        if phase is None:
            rows = await history_service.phase_history(bot.db, game_id=game.id)
            lines = [f"`{r.phase}` — {phase_name(r.phase, locale, game.variant)}"
                     for r in rows]
            embed = discord.Embed(title=t("history.title", locale, name=game.name),
                                  description="\n".join(lines)[-4000:] or t(
                                      "history.empty", locale), colour=COLOUR)
            await reply(interaction, embed=embed, ephemeral=False)
            return
        detail = await history_service.phase_detail(bot.db, game_id=game.id, phase=phase)
        embeds = results_embeds(detail, locale, game.variant, None, detail.next_phase, None)
        file = await map_file(detail.state, f"{detail.phase}.png", results=detail.results,
                              locale=locale, **map_style(game.options, locale))
        embeds[0].set_image(url=f"attachment://{file.filename}")
        await interaction.followup.send(embeds=embeds, file=file)

    @game.command(name=L("board"), description=L("Open the map of this game"))
    async def game_board(self, interaction: discord.Interaction[Any]) -> None:
        """The web board: inside Discord as an Activity where the application's OAuth2
        client is set, else a link (personal for a seated player, public for anyone else)."""
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        settings = bot.settings
        if settings.web_url and settings.discord_client_id and settings.discord_client_secret:
            await interaction.response.launch_activity()
            return
        text, view = board_reply(bot, game, interaction.user.id, locale)
        await reply(interaction, text, view=view, ephemeral=True)

    # --- /map -----------------------------------------------------------------------------
    @app_commands.command(name=L("map"), description=L("The map now, or of a past phase"))
    @app_commands.rename(phase=L("phase"), text=L("text"))
    @app_commands.describe(phase=L("A phase such as S1901M"),
                           text=L("The whole position in words, for a screen reader"))
    @app_commands.guild_only()
    async def map(self, interaction: discord.Interaction[Any],
                  phase: str | None = None, text: bool = False) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        await defer(interaction, ephemeral=text)  # answered first: it reads and draws
        game = await game_here(interaction)
        if text:
            await self._map_in_words(interaction, game.id, phase, locale)
            return
        if phase is None:
            state = await games_service.public_state(bot.db, game_id=game.id)
            if not state:
                raise UserFacingError("map.not_started")
            shown = str(state.get("phase"))
            file = await map_file(state, f"{shown}.png", locale=locale,
                                  **map_style(game.options, locale))
        else:
            detail = await history_service.phase_detail(bot.db, game_id=game.id, phase=phase)
            shown = detail.phase
            file = await map_file(detail.state, f"{shown}.png", results=detail.results,
                                  locale=locale, **map_style(game.options, locale))
        embed = discord.Embed(title=t("map.title", locale, name=game.name,
                                      phase=phase_name(shown, locale, game.variant)),
                              colour=COLOUR)
        embed.set_image(url=f"attachment://{file.filename}")
        await interaction.followup.send(embed=embed, file=file)

    async def _map_in_words(self, interaction: discord.Interaction[Any], game_id: int,
                            phase: str | None, locale: str) -> None:
        """``/map text:true``: the position and the latest phase's orders in sentences, to
        the reader alone (WCAG 1.1.1: what the map shows, as text)."""
        bot = bot_of(interaction)
        if phase is None:
            state = await games_service.public_state(bot.db, game_id=game_id)
            if not state:
                raise UserFacingError("map.not_started")
            detail = await history_service.latest_detail(bot.db, game_id=game_id)
        else:
            detail = await history_service.phase_detail(bot.db, game_id=game_id, phase=phase)
            state = detail.state
        for part in map_in_words(state, detail.results if detail else None, locale,
                                 results_state=detail.state if detail else None):
            await interaction.followup.send(content=part, ephemeral=True)
