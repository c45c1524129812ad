"""A player's orders: ``/orders submit|show|clear``, the guided ``/order`` and ``/ready``
(docs/PLAYING.md). A variant may take over ``/ready`` (a duel's bidding season)
through its hooks (``bot.ui.surface``). The services decide who may order for which power."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import games as games_service
from bot.services import orders as orders_service
from bot.services.options import map_style
from bot.ui.board import board_url, link_view
from bot.ui.common import bot_of, game_here, reader_locale
from bot.ui.embeds import own_orders_embed
from bot.ui.errors import UserFacingError, defer, in_time, reply
from bot.ui.maps import map_file
from bot.ui.surface import surface_of
from bot.ui.views import legal_for, orders_feedback, unit_select
from cogs.orders._inputs import (
    OrdersModal,
    order_autocomplete,
    own_power_autocomplete,
    submit,
    unit_autocomplete,
)


@app_commands.guild_only()
class OrdersCog(commands.Cog):
    orders = app_commands.Group(name=L("orders"), description=L("Send and check your orders"),
                                guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # --- /orders ----------------------------------------------------------------------------
    @orders.command(name=L("submit"), description=L("Send your orders (all of them)"))
    @app_commands.rename(text=L("text"), power=L("power"))
    @app_commands.describe(text=L("Orders separated by ; or , (empty: a form for many lines)"),
                           power=L("Which of your powers (if you have several)"))
    @app_commands.autocomplete(power=own_power_autocomplete)
    async def orders_submit(self, interaction: discord.Interaction[Any],
                            text: str | None = None, power: str | None = None) -> None:
        if text is not None and text.strip():
            await submit(interaction, None, text, power)
            return
        # the form is the first answer, before any read (a modal cannot follow a deferral);
        # the game of the channel and the seat are checked when it is sent, in the
        # submission's own transaction
        await interaction.response.send_modal(
            OrdersModal(None, reader_locale(interaction), power))

    @orders.command(name=L("show"), description=L("Your orders, with a private preview map"))
    async def orders_show(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        await defer(interaction, ephemeral=True)  # answered first: it reads and draws
        game = await game_here(interaction)
        own = await orders_service.my_orders(bot.db, game_id=game.id,
                                             user_id=interaction.user.id)
        state = await games_service.public_state(bot.db, game_id=game.id)
        embed = own_orders_embed(own, game, locale)
        kwargs: dict[str, Any] = {}
        if state:
            kwargs["file"] = await map_file(
                state, "preview.png", orders=[{"power": o.power, "text": o.text} for o in own],
                locale=locale, **map_style(game.options, locale))
            embed.set_image(url="attachment://preview.png")
        url = board_url(bot, game, interaction.user.id)
        if url is not None:
            kwargs["view"] = link_view(url, locale)
        await interaction.followup.send(embed=embed, ephemeral=True, **kwargs)

    @orders.command(name=L("clear"), description=L("Delete your orders of this phase"))
    async def orders_clear(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)

        async def clear() -> int:
            game = await game_here(interaction)
            return await orders_service.clear_orders(bot.db, game_id=game.id,
                                                     user_id=interaction.user.id)

        count = await in_time(interaction, clear())
        await reply(interaction, t("orders.cleared", reader_locale(interaction), count=count))

    # --- /order (guided) --------------------------------------------------------------------
    @app_commands.command(name=L("order"), description=L("One order, step by step"))
    @app_commands.rename(unit=L("unit"), order=L("order"))
    @app_commands.describe(unit=L("One of your units"), order=L("What it does"))
    @app_commands.autocomplete(unit=unit_autocomplete, order=order_autocomplete)
    @app_commands.guild_only()
    async def order(self, interaction: discord.Interaction[Any], unit: str | None = None,
                    order: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await in_time(interaction, game_here(interaction))
        if order:
            result = await in_time(interaction, orders_service.add_order(
                bot.db, game_id=game.id, user_id=interaction.user.id, power=None,
                order_text=order))
            embed, view = orders_feedback(result, locale)
            await reply(interaction, embed=embed, view=view)
            return
        _power, legal = await in_time(interaction, legal_for(interaction, game.id))
        if not legal:
            raise UserFacingError("order.nothing_to_order")
        await reply(interaction, t("order.start", locale),
                    view=unit_select(game.id, str(game.phase), legal, locale))

    # --- /ready -----------------------------------------------------------------------------
    @app_commands.command(name=L("ready"),
                          description=L("Say you are done: the phase resolves when all are"))
    @app_commands.rename(state=L("state"))
    @app_commands.describe(state=L("on (default) or off"))
    @app_commands.choices(state=[app_commands.Choice(name=L("on"), value="on"),
                                 app_commands.Choice(name=L("off"), value="off")])
    @app_commands.guild_only()
    async def ready(self, interaction: discord.Interaction[Any],
                    state: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await in_time(interaction, game_here(interaction))
        on = state != "off"
        hook = surface_of(bot, game.variant).ready
        if hook is not None and await hook(interaction, game, on):
            return
        # the last ready player resolves the turn before the reply: deferred if need be
        result = await in_time(interaction, orders_service.set_ready(
            bot.db, game_id=game.id, user_id=interaction.user.id, ready=on))
        key = "ready.on_resolved" if result.turn is not None else (
            "ready.on" if on else "ready.off")
        await reply(interaction, t(key, locale))
        if result.turn is not None:
            await bot.post_now()
