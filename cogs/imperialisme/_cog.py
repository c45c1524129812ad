"""L'Impérialisme on Discord (issue 8): its flavour of the shared ``/game join``, ``start``,
``status`` and ``settings`` (``SURFACE``, registered by the extension's ``setup``), stage
lengths (``/imperialisme settings``), crises (GM draws, declarations, withdrawals with
consent), the conference, secret votes (DM buttons; ``/vote`` in DMs as a fallback),
annexation, exchange sessions. Each command reads its arguments, calls one service
(``bot.services.imperialisme``) and replies; the services decide who may do what."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import guilds as guilds_service
from bot.services import imperialisme as service
from bot.ui.common import bot_of, game_here, guild_language_of, reader_locale
from bot.ui.embeds import COLOUR
from bot.ui.errors import UserFacingError, reply
from bot.ui.format import deadline_text
from bot.ui.surface import VariantSurface
from cogs.imperialisme._posts import ranking_text, timing_text
from cogs.imperialisme._views import (
    AnnexSelect,
    annex_options,
    ballot_embed,
    ballot_view,
    power_name,
    territory_names,
)

MAX_CHOICES = 25


def _split(text: str | None) -> list[str]:
    return [x.strip() for x in re.split(r"[,;]+", text or "") if x.strip()]


async def _imperial_game(interaction: discord.Interaction[Any]) -> Any:
    game = await game_here(interaction)
    if game.variant != service.VARIANT:
        raise UserFacingError("imp.not_this_game")
    return game


async def power_autocomplete(interaction: discord.Interaction[Any], current: str
                             ) -> list[app_commands.Choice[str]]:
    locale = reader_locale(interaction)
    key = current.casefold()
    out = []
    for p in service.game_map().powers:
        name = p.name(locale)
        if key in name.casefold() or key in p.id:
            out.append(app_commands.Choice(name=name, value=p.id))
    return out[:MAX_CHOICES]


async def vote_autocomplete(interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
    locale = reader_locale(interaction)
    try:
        games = await service.voting_games(bot_of(interaction).db,
                                           user_id=interaction.user.id)
        ballot = await service.ballot(bot_of(interaction).db, game_id=games[0].id,
                                      user_id=interaction.user.id) if games else None
    except Exception:
        return []
    if ballot is None:
        return []
    choices = [app_commands.Choice(name=t("imp.support_button", locale,
                                          power=power_name(s, locale)), value=s)
               for s in ballot.sides]
    choices.append(app_commands.Choice(name=t("imp.blank_button", locale), value="blank"))
    return choices


async def imperial_join(interaction: discord.Interaction[Any], game: Any,
                        power: str | None) -> None:
    """``/game join [preferences]`` of an Impérialisme game: the first name is the power
    wanted."""
    bot, locale = bot_of(interaction), reader_locale(interaction)
    wanted = _split(power.replace("/", ",") if power else None)
    pick = await service.join_game(bot.db, game_id=game.id, user_id=interaction.user.id,
                                   power=wanted[0] if wanted else None)
    count = len((await service.overview(bot.db, game_id=game.id)).game.players)
    await reply(interaction, t("imp.joined", locale, name=game.name, count=count,
                               power=power_name(pick, locale) if pick else t(
                                   "imp.any_power", locale)))


async def imperial_start(interaction: discord.Interaction[Any], game: Any) -> None:
    """``/game start`` of an Impérialisme game."""
    bot = bot_of(interaction)
    await guilds_service.remember_guild_language(
        bot.db, guild_id=interaction.guild_id, language=guild_language_of(interaction))
    started = await service.start_game(bot.db, game_id=game.id, user_id=interaction.user.id)
    await reply(interaction, t("imp.started", reader_locale(interaction),
                               name=started.game.name))
    await bot.post_now()


async def imperial_status(interaction: discord.Interaction[Any], game: Any
                          ) -> discord.Embed:
    """``/game status`` of an Impérialisme game: influence, the crisis in progress, declared
    crises, timing and, at the end, the ranking."""
    bot, locale = bot_of(interaction), reader_locale(interaction)
    o = await service.overview(bot.db, game_id=game.id)
    ranked = sorted(o.influence.items(), key=lambda kv: -float(
        eval_fraction(kv[1]["influence"])))
    lines = [t("imp.status_line", locale, power=power_name(p, locale),
               influence=v["influence"], territories=v["territories"])
             for p, v in ranked]
    embed = discord.Embed(title=game.name, description="\n".join(lines) or None,
                          colour=COLOUR)
    if o.crisis is not None:
        first, second = (power_name(s, locale) for s in o.crisis.sides)
        embed.add_field(name=t("imp.status_crisis", locale, number=o.crisis.number),
                        value=t("imp.status_stage", locale, first=first, second=second,
                                stage=t(f"imp.stage.{o.crisis.stage}", locale),
                                deadline=deadline_text(o.crisis.deadline)),
                        inline=False)
    if o.queue:
        embed.add_field(name=t("imp.status_queue", locale), value="\n".join(
            f"{power_name(a, locale)} → {power_name(b, locale)}" for a, b in o.queue),
            inline=False)
    embed.add_field(name=t("imp.status_timing", locale),
                    value=timing_text(service.timing(game), locale, o.next_crisis),
                    inline=False)
    if o.game.result and o.game.result.get("ranking"):
        embed.add_field(name=t("imp.status_ranking", locale),
                        value=ranking_text(o.game.result["ranking"], locale)[:1024],
                        inline=False)
    return embed


async def imperial_settings(interaction: discord.Interaction[Any], game: Any
                            ) -> discord.Embed:
    """``/game settings`` of an Impérialisme game: stage lengths and the automatic crises
    (set by the GM with ``/imperialisme settings``)."""
    locale = reader_locale(interaction)
    return discord.Embed(title=t("settings.title", locale, name=game.name),
                         description=timing_text(service.timing(game), locale),
                         colour=COLOUR)


SURFACE = VariantSurface(join=imperial_join, start=imperial_start, status=imperial_status,
                         settings=imperial_settings)


class ImperialismeCog(commands.Cog):
    # every answer is private and goes through reply: deferred if slow (GameTree)
    answers_privately = True

    imperialisme = app_commands.Group(
        name=L("imperialisme"),
        description=L("Stage lengths and automatic crises (game master)"), guild_only=True)
    crisis = app_commands.Group(name=L("crisis"), description=L("Crises of L'Impérialisme"),
                                guild_only=True)
    conference = app_commands.Group(name=L("conference"),
                                    description=L("The public conference of a crisis"),
                                    guild_only=True)
    exchange = app_commands.Group(name=L("exchange"),
                                  description=L("Exchange sessions of L'Impérialisme"),
                                  guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # --- /imperialisme (sign-up, start and status: the shared /game commands) ----------
    @imperialisme.command(name=L("settings"),
                          description=L("Stage lengths and automatic crises (game master)"))
    @app_commands.rename(conference_hours=L("conference_hours"), vote_hours=L("vote_hours"),
                         annexation_hours=L("annexation_hours"),
                         crisis_every_hours=L("crisis_every_hours"), automatic=L("automatic"))
    @app_commands.describe(conference_hours=L("Length of a conference"),
                           vote_hours=L("Length of a vote"),
                           annexation_hours=L("Time the winner has to choose"),
                           crisis_every_hours=L("A random crisis every this many hours"),
                           automatic=L("Automatic random crises on or off"))
    async def settings(self, interaction: discord.Interaction[Any],
                       conference_hours: app_commands.Range[float, 0.02, 1440.0] | None = None,
                       vote_hours: app_commands.Range[float, 0.02, 1440.0] | None = None,
                       annexation_hours: app_commands.Range[float, 0.02, 1440.0] | None = None,
                       crisis_every_hours: app_commands.Range[float, 0.02, 1440.0] | None
                       = None, automatic: bool | None = None) -> None:
        bot = bot_of(interaction)
        game = await _imperial_game(interaction)
        timing = await service.configure(
            bot.db, game_id=game.id, user_id=interaction.user.id,
            conference_hours=conference_hours, vote_hours=vote_hours,
            annexation_hours=annexation_hours, crisis_every_hours=crisis_every_hours,
            automatic=automatic)
        await reply(interaction, timing_text(timing, reader_locale(interaction)))
        await bot.post_now()

    # --- /crisis --------------------------------------------------------------------------
    @crisis.command(name=L("draw", key="crisis.draw"), description=L("Draw a random crisis now (game master)"))
    async def crisis_draw(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await _imperial_game(interaction)
        c = await service.draw_crisis(bot.db, game_id=game.id, user_id=interaction.user.id)
        await reply(interaction, t("imp.drawn", locale, number=c.number,
                                   first=power_name(c.sides[0], locale),
                                   second=power_name(c.sides[1], locale)))
        await bot.post_now()

    @crisis.command(name=L("declare"), description=L("Declare war on a neighbour"))
    @app_commands.rename(target=L("target"))
    @app_commands.describe(target=L("The power you declare war on"))
    @app_commands.autocomplete(target=power_autocomplete)
    async def crisis_declare(self, interaction: discord.Interaction[Any], target: str) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await _imperial_game(interaction)
        result = await service.declare_war(bot.db, game_id=game.id,
                                           user_id=interaction.user.id, target=target)
        if isinstance(result, int):
            await reply(interaction, t("imp.declared_queued", locale, position=result))
        else:
            await reply(interaction, t("imp.declared_started", locale, number=result.number))
        await bot.post_now()

    @crisis.command(name=L("withdraw"),
                    description=L("Withdraw your declaration (the target must consent)"))
    @app_commands.rename(target=L("target"))
    @app_commands.describe(target=L("The power you declared war on"))
    @app_commands.autocomplete(target=power_autocomplete)
    async def crisis_withdraw(self, interaction: discord.Interaction[Any],
                              target: str) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await _imperial_game(interaction)
        asked = await service.request_withdrawal(bot.db, game_id=game.id,
                                                 user_id=interaction.user.id, target=target)
        await reply(interaction, t("imp.withdraw_asked", locale,
                                   target=power_name(asked, locale)))
        await bot.post_now()

    # --- /conference ----------------------------------------------------------------------
    @conference.command(name=L("close"),
                        description=L("Close the conference, or the vote (game master)"))
    async def conference_close(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await _imperial_game(interaction)
        c = await service.close_stage(bot.db, game_id=game.id, user_id=interaction.user.id)
        await reply(interaction, t("imp.stage_closed", locale, number=c.number,
                                   stage=t(f"imp.stage.{c.stage}", locale)))
        await bot.post_now()

    # --- /annex ---------------------------------------------------------------------------
    @app_commands.command(name=L("annex"),
                          description=L("Choose the territories you annex (crisis winner)"))
    @app_commands.rename(territories=L("territories"))
    @app_commands.describe(territories=L("Territories separated by commas (empty: a menu)"))
    @app_commands.guild_only()
    async def annex(self, interaction: discord.Interaction[Any],
                    territories: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await _imperial_game(interaction)
        if territories:
            taken = await service.annex(bot.db, game_id=game.id, user_id=interaction.user.id,
                                        territories=_split(territories))
            await reply(interaction, t("imp.annexed_reply", locale,
                                       territories=territory_names(taken, locale)))
            await bot.post_now()
            return
        o = await service.annexation_options(bot.db, game_id=game.id)
        view = discord.ui.View(timeout=None)
        view.add_item(AnnexSelect(game.id, o.number, annex_options(o.eligible, locale),
                                  o.annexable, t("imp.annex_placeholder", locale)))
        await reply(interaction, t("imp.annex_pick", locale, count=o.annexable,
                                   loser=power_name(o.loser, locale),
                                   default=territory_names(o.default, locale),
                                   deadline=deadline_text(o.deadline)), view=view)

    # --- /exchange ------------------------------------------------------------------------
    @exchange.command(name=L("open"), description=L("Open an exchange session (game master)"))
    async def exchange_open(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await _imperial_game(interaction)
        await service.open_exchange_session(bot.db, game_id=game.id,
                                            user_id=interaction.user.id)
        await reply(interaction, t("imp.session_opened_reply", reader_locale(interaction)))
        await bot.post_now()

    @exchange.command(name=L("close"),
                      description=L("Close the exchange session (game master)"))
    async def exchange_close(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await _imperial_game(interaction)
        cancelled = await service.close_exchange_session(bot.db, game_id=game.id,
                                                         user_id=interaction.user.id)
        await reply(interaction, t("imp.session_closed_reply", reader_locale(interaction),
                                   cancelled=cancelled))
        await bot.post_now()

    @exchange.command(name=L("propose"),
                      description=L("Propose an exchange to another power"))
    @app_commands.rename(partner=L("with"), give=L("give"), get=L("get"))
    @app_commands.describe(partner=L("The other power"),
                           give=L("Your territories you give, separated by commas"),
                           get=L("Its territories you receive, separated by commas"))
    @app_commands.autocomplete(partner=power_autocomplete)
    async def exchange_propose(self, interaction: discord.Interaction[Any], partner: str,
                               give: str | None = None, get: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await _imperial_game(interaction)
        x = await service.propose_exchange(bot.db, game_id=game.id,
                                           user_id=interaction.user.id, partner=partner,
                                           give=_split(give), get=_split(get))
        await reply(interaction, t("imp.exchange_sent", locale, id=x.id,
                                   partner=power_name(x.second, locale)))
        await bot.post_now()

    # --- /vote (DMs too) ------------------------------------------------------------------
    @app_commands.command(name=L("vote"),
                          description=L("Your secret vote in the crisis (also in DMs)"))
    @app_commands.rename(choice=L("choice"), game=L("game"))
    @app_commands.describe(choice=L("A power at war, or blank"),
                           game=L("Game number, if you vote in several"))
    @app_commands.autocomplete(choice=vote_autocomplete)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    async def vote(self, interaction: discord.Interaction[Any], choice: str | None = None,
                   game: int | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        games = await service.voting_games(bot.db, user_id=interaction.user.id)
        if game is not None:
            games = [g for g in games if g.id == game]
        if not games:
            raise UserFacingError("error.imp.no_vote_open")
        if len(games) > 1:
            raise UserFacingError("imp.choose_game", games=", ".join(
                f"#{g.id} {g.name}" for g in games))
        ballot = await service.ballot(bot.db, game_id=games[0].id,
                                      user_id=interaction.user.id)
        if choice is None:  # the ballot with its buttons, privately
            await reply(interaction, embed=ballot_embed(ballot, locale),
                        view=ballot_view(ballot, locale), ephemeral=True)
            return
        done = await service.cast_vote(bot.db, game_id=ballot.game_id,
                                       user_id=interaction.user.id, number=ballot.number,
                                       power=ballot.power, choice=choice)
        await reply(interaction, t("imp.vote_recorded", locale,
                                   deadline=deadline_text(done.deadline)), ephemeral=True)


def eval_fraction(text: str) -> float:
    """"6.5" or "13/2" -> 6.5 (sorting only; the rules use exact fractions)."""
    if "/" in text:
        num, den = text.split("/", 1)
        return int(num) / int(den)
    return float(text)
