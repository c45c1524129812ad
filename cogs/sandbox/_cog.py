"""``/sandbox``: a private what-if board (``bot.services.sandbox``), in a server (replies
only the owner sees) or in DMs. Every subcommand acts on the caller's own sandbox only."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import sandbox as service
from bot.services.errors import NotFound
from bot.ui.common import bot_of, game_here, reader_locale
from bot.ui.errors import UserFacingError, defer, in_time, reply
from bot.ui.format import (
    local_order,
    phase_name,
    power_name,
    variant_named,
    variant_title,
    variant_titles,
)
from cogs.sandbox._views import MAP_NAME, board_embed, board_map, results_embed

MAX_CHOICES = 25
T = TypeVar("T")


def _private(interaction: discord.Interaction[Any]) -> bool:
    """Ephemeral in a server; a DM is private already (a normal message)."""
    return interaction.guild_id is not None


async def _quick(interaction: discord.Interaction[Any], work: Awaitable[T]) -> T:
    """A command's reads and writes: deferred meanwhile when they take long (privately in a
    server, as every answer here)."""
    return await in_time(interaction, work, ephemeral=_private(interaction))


async def _answer(interaction: discord.Interaction[Any], embed: discord.Embed,
                  view: service.SandboxView | None = None) -> None:
    """The embed, with the board's map when ``view`` is given (drawn off the event loop:
    the answer is deferred first)."""
    private = _private(interaction)
    if view is None:
        await reply(interaction, embed=embed, ephemeral=private)
        return
    await defer(interaction, ephemeral=private)
    file = await board_map(view, reader_locale(interaction))
    embed.set_image(url=f"attachment://{MAP_NAME}")
    await interaction.followup.send(embed=embed, file=file, ephemeral=private)


async def _variant_autocomplete(interaction: discord.Interaction[Any], current: str
                                ) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=title, value=name)
            for name, title in variant_titles(reader_locale(interaction))
            if current.lower() in title.lower()][:MAX_CHOICES]


async def _game_autocomplete(interaction: discord.Interaction[Any], current: int | str
                             ) -> list[app_commands.Choice[int]]:
    """The caller's own games (played or refereed), never anyone else's."""
    try:
        games = await service.own_games(bot_of(interaction).db, user_id=interaction.user.id)
    except Exception:
        return []
    locale = reader_locale(interaction)
    out = []
    for g in games:
        label = f"#{g.id} {g.name} — {variant_title(g.variant, locale)}, " \
                f"{phase_name(g.phase, locale, g.variant)}"
        if str(current).lower() in label.lower():
            out.append(app_commands.Choice(name=label[:100], value=g.id))
    return out[:MAX_CHOICES]


async def _phase_autocomplete(interaction: discord.Interaction[Any], current: str
                              ) -> list[app_commands.Choice[str]]:
    """The resolved phases of the game chosen in ``game`` (or of this channel's game), if
    the caller plays or referees it."""
    try:
        game = getattr(interaction.namespace, "game", None)
        if game is None:
            game = (await game_here(interaction)).id
        phases = await service.past_phases(bot_of(interaction).db,
                                           user_id=interaction.user.id, game_id=int(game))
    except Exception:
        return []
    locale = reader_locale(interaction)
    named = [(p, phase_name(p, locale)) for p in phases]
    return [app_commands.Choice(name=n[:100], value=p) for p, n in named
            if current.lower() in n.lower() or current.lower() in p.lower()][:MAX_CHOICES]


async def _power_autocomplete(interaction: discord.Interaction[Any], current: str
                              ) -> list[app_commands.Choice[str]]:
    """The powers with a choice on the caller's board."""
    try:
        view = await service.show(bot_of(interaction).db, user_id=interaction.user.id)
    except Exception:
        return []
    locale = reader_locale(interaction)
    names = [(p, power_name(p, locale, view.variant)) for p in view.to_act]
    return [app_commands.Choice(name=n, value=p) for p, n in names
            if current.lower() in n.lower() or current.lower() in p][:MAX_CHOICES]


class SandboxCog(commands.Cog):
    sandbox = app_commands.Group(
        name=L("sandbox"), description=L("Your private what-if board (a copy; no game changes)"),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True))

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @sandbox.command(name=L("new"), description=L(
        "Start a sandbox (one per person: it replaces yours)"))
    @app_commands.rename(variant=L("variant"), game=L("game"), phase=L("phase"))
    @app_commands.describe(variant=L("From the opening of this variant"),
                           game=L("From one of your games (default: this channel's)"),
                           phase=L("A past phase of that game, e.g. F1901M"))
    @app_commands.autocomplete(variant=_variant_autocomplete, phase=_phase_autocomplete)
    @app_commands.autocomplete(game=_game_autocomplete)
    async def new(self, interaction: discord.Interaction[Any], variant: str | None = None,
                  game: int | None = None, phase: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        name = None
        if variant is not None:
            name = variant_named(variant)
            if name is None:
                raise UserFacingError("error.sandbox.unknown_variant", variant=variant)
        if game is None and name is None and interaction.guild_id is not None:
            with contextlib.suppress(NotFound):  # in a game's channel: that game
                game = (await _quick(interaction, game_here(interaction))).id
        if game is None and phase is not None:
            raise UserFacingError("error.sandbox.game_required")
        view = await _quick(interaction, service.start(
            bot.db, user_id=interaction.user.id, variant=name, game_id=game, phase=phase))
        headline = t("sandbox.started", locale)
        if view.replaced:
            headline = f"{t('sandbox.replaced', locale)}\n{headline}"
        await _answer(interaction, board_embed(view, locale, headline=headline), view)

    @sandbox.command(name=L("order"), description=L(
        "Orders for any power of your sandbox (as /orders submit)"))
    @app_commands.rename(text=L("text"), power=L("power"))
    @app_commands.describe(text=L("Orders separated by ; or , (French or English names)"),
                           power=L("Whose orders (default: the power of each unit)"))
    @app_commands.autocomplete(power=_power_autocomplete)
    async def order(self, interaction: discord.Interaction[Any], text: str,
                    power: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        await _quick(interaction, service.add_orders(bot.db, user_id=interaction.user.id,
                                                     text=text, power=power))
        view = await _quick(interaction, service.show(bot.db, user_id=interaction.user.id))
        await _answer(interaction, board_embed(view, locale,
                                               headline=t("sandbox.added", locale)))

    @sandbox.command(name=L("suggest"), description=L(
        "The bot's orders on your board (nothing is entered)"))
    @app_commands.rename(power=L("power"))
    @app_commands.describe(power=L("Whose orders (default: every power with a choice)"))
    @app_commands.autocomplete(power=_power_autocomplete)
    async def suggest(self, interaction: discord.Interaction[Any],
                      power: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        found = await service.suggest(bot.db, user_id=interaction.user.id, power=power)
        view = await service.show(bot.db, user_id=interaction.user.id)
        embed = discord.Embed(title=t("bots.suggest_title", locale, phase=phase_name(
            view.phase, locale))[:256], description=t("bots.suggest_how", locale))
        for who, lines in list(found.items())[:24]:
            text = "\n".join(f"`{local_order(x, locale)}`" for x in lines)
            embed.add_field(name=power_name(who, locale, view.variant),
                            value=(text or t("bots.report_nothing", locale))[:1024])
        await reply(interaction, embed=embed, ephemeral=_private(interaction))

    @sandbox.command(name=L("clear"), description=L("Forget the orders of this phase"))
    @app_commands.rename(power=L("power"))
    @app_commands.describe(power=L("Only this power's"))
    @app_commands.autocomplete(power=_power_autocomplete)
    async def clear(self, interaction: discord.Interaction[Any],
                    power: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        count = await _quick(interaction, service.clear_orders(
            bot.db, user_id=interaction.user.id, power=power))
        view = await _quick(interaction, service.show(bot.db, user_id=interaction.user.id))
        await _answer(interaction, board_embed(view, locale, headline=t(
            "sandbox.cleared", locale, count=count)))

    @sandbox.command(name=L("resolve"), description=L("Resolve the phase with these orders"))
    async def resolve(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        view = await _quick(interaction, service.resolve(bot.db, user_id=interaction.user.id))
        await _answer(interaction, results_embed(view, locale), view)

    @sandbox.command(name=L("undo"), description=L("Take back your last change"))
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        view = await _quick(interaction, service.undo(bot.db, user_id=interaction.user.id))
        await _answer(interaction, board_embed(view, locale, headline=t(
            "sandbox.undone", locale, phase=phase_name(view.phase, locale))))

    @sandbox.command(name=L("reset"), description=L("Back to the position it started from"))
    async def reset(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        view = await _quick(interaction, service.reset(bot.db, user_id=interaction.user.id))
        await _answer(interaction, board_embed(view, locale, headline=t(
            "sandbox.reset_done", locale, phase=phase_name(view.phase, locale))))

    @sandbox.command(name=L("map"), description=L("The board with your pending orders"))
    async def map(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        view = await _quick(interaction, service.show(bot.db, user_id=interaction.user.id))
        await _answer(interaction, board_embed(view, locale), view)

    @sandbox.command(name=L("show"), description=L("Your sandbox: its orders and phase"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        view = await _quick(interaction, service.show(bot.db, user_id=interaction.user.id))
        await _answer(interaction, board_embed(view, locale))

    @sandbox.command(name=L("end"), description=L("Close your sandbox"))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        await _quick(interaction, service.end(bot.db, user_id=interaction.user.id))
        await reply(interaction, t("sandbox.ended", locale), ephemeral=_private(interaction))
