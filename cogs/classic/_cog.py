"""Classic games: sign-up, orders, ready, maps, history, draws, press (DESIGN.md "Discord
surface"). Each command reads its arguments, calls one service and formats the reply; who may
do what is decided by the services (a player orders only for their own power)."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import draws as draws_service
from bot.services import games as games_service
from bot.services import orders as orders_service
from bot.services import players as players_service
from bot.ui.common import (
    add_order,
    bot_of,
    channel_ids,
    game_here,
    public_state,
    reader_locale,
    remember_guild_locale,
)
from bot.ui.embeds import (
    COLOUR,
    orders_feedback,
    own_orders_embed,
    results_embeds,
    settings_embed,
    status_embed,
)
from bot.ui.errors import UserFacingError, reply
from bot.ui.format import phase_name, power_name
from bot.ui.views import legal_for, unit_select
from engine import api as engine_api

MAX_CHOICES = 25  # Discord's limit of autocomplete choices


def _render(state: dict[str, Any], **kwargs: Any) -> Any:
    # the renderer is CPU-bound: never on the event loop (DESIGN.md); the variant adds its
    # legend column (Duel: control and credits, Impérialisme: influence)
    return asyncio.to_thread(engine_api.render, state, **kwargs)


def _png(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


async def own_power_autocomplete(interaction: discord.Interaction[Any], current: str
                                 ) -> list[app_commands.Choice[str]]:
    try:
        game = await game_here(interaction)
    except Exception:
        return []
    player = game.player(interaction.user.id)
    if player is None:
        return []
    locale = reader_locale(interaction)
    return [app_commands.Choice(name=power_name(p, locale, game.variant), value=p)
            for p in player.powers if current.lower() in p][:MAX_CHOICES]


async def unit_autocomplete(interaction: discord.Interaction[Any], current: str
                            ) -> list[app_commands.Choice[str]]:
    """The player's own units that can be ordered this phase."""
    try:
        game = await game_here(interaction)
        _power, legal = await legal_for(interaction, game.id)
    except Exception:
        return []
    out = []
    for loc, orders in sorted(legal.items()):
        if not orders:
            continue
        label = f"{orders[0].split(' ')[0]} {loc}" if loc else t(
            "order.builds", reader_locale(interaction))
        if current.lower() in label.lower():
            out.append(app_commands.Choice(name=label, value=loc or "-"))
    return out[:MAX_CHOICES]


async def order_autocomplete(interaction: discord.Interaction[Any], current: str
                             ) -> list[app_commands.Choice[str]]:
    """Legal orders (engine's list) of the unit chosen in ``unit``, or of every unit."""
    try:
        game = await game_here(interaction)
        _power, legal = await legal_for(interaction, game.id)
    except Exception:
        return []
    unit = getattr(interaction.namespace, "unit", None)
    if unit is not None:
        unit = "" if unit == "-" else str(unit).lower()
        pool = legal.get(unit, [])
    else:
        pool = [o for orders in legal.values() for o in orders]
    words = current.lower().split()
    hits = [o for o in pool if all(w in o.lower() for w in words)]
    return [app_commands.Choice(name=o[:100], value=o[:100]) for o in hits[:MAX_CHOICES]]


class OrdersModal(discord.ui.Modal):
    """Paste many lines at once (``/orders submit`` without text)."""

    def __init__(self, game_id: int, locale: str, power: str | None) -> None:
        super().__init__(title=t("orders.modal_title", locale)[:45], timeout=1800)
        self.game_id, self.power = game_id, power
        self.text: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t("orders.modal_label", locale)[:45], style=discord.TextStyle.paragraph,
            max_length=4000, placeholder="A par - bur\nF bre - mao\nA mar S A par - bur")
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await _submit(interaction, self.game_id, str(self.text.value), self.power)

    async def on_error(self, interaction: discord.Interaction[Any],  # type: ignore[override]
                       error: Exception, /) -> None:
        from bot.ui.errors import report_error

        await report_error(interaction, error)


async def _submit(interaction: discord.Interaction[Any], game_id: int | None, text: str,
                  power: str | None) -> None:
    """``game_id`` None: the game of the interaction's channel, found in the submission's own
    transaction (the hot path: one transaction per command)."""
    bot = bot_of(interaction)
    result = await orders_service.submit_orders(
        bot.db, game_id=game_id, user_id=interaction.user.id, text=text, power=power,
        channel=channel_ids(interaction) if game_id is None else None)
    embed, view = orders_feedback(result, reader_locale(interaction))
    await reply(interaction, embed=embed, view=view, ephemeral=True)
    # discord.py keeps an ephemeral reply's view (and a timer task) for 15 minutes; its only
    # item, the Ready button, is a DynamicItem dispatched by its custom id, so nothing needs
    # the view once sent: nothing is held per submission (DESIGN.md "Budgets").
    view.stop()


def _split_names(text: str | None) -> list[str]:
    return [x for x in re.split(r"[,;/\s]+", text or "") if x]


@app_commands.guild_only()
class ClassicCog(commands.Cog):
    game = app_commands.Group(name=L("game"), description=L("Create, join and follow a game"),
                              guild_only=True)
    orders = app_commands.Group(name=L("orders"), description=L("Send and check your orders"),
                                guild_only=True)
    draw = app_commands.Group(name=L("draw"), description=L("Propose a draw"),
                              guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # --- /game ----------------------------------------------------------------------------
    @game.command(name=L("create"), description=L("Create a game in this channel or forum"))
    @app_commands.rename(variant=L("variant"), name=L("name"),
                         phase_hours=L("phase_hours"), preset=L("preset"))
    @app_commands.describe(variant=L("Which game to play"), name=L("Name of the game"),
                           phase_hours=L("Hours per movement phase"),
                           preset=L("Rule preset"))
    @app_commands.choices(
        variant=[app_commands.Choice(name=L("Classic Diplomacy"), value="classic"),
                 app_commands.Choice(name=L("Duel-Diplomatie"), value="duel"),
                 app_commands.Choice(name=L("L'Impérialisme"), value="imperialisme")],
        preset=[app_commands.Choice(name=L("standard"), value="standard"),
                app_commands.Choice(name=L("vortigern (French correspondence rules)"),
                                    value="vortigern")])
    @app_commands.checks.has_permissions(manage_channels=True)
    async def game_create(self, interaction: discord.Interaction[Any], variant: str,
                          name: str | None = None,
                          phase_hours: app_commands.Range[float, 0.1, 720.0] | None = None,
                          preset: str | None = None) -> None:
        bot = bot_of(interaction)
        locale = reader_locale(interaction)
        # refuse bad options before creating anything on Discord
        games_service.resolve_options(preset, None)
        games_service.resolve_phase_minutes(None, phase_hours)
        title = (name or t("game.default_name", locale, variant=variant))[:100]
        channel = interaction.channel
        channel_id, thread_id = int(interaction.channel_id or 0), None
        if isinstance(channel, discord.Thread):
            channel_id, thread_id = int(channel.parent_id), channel.id
        if isinstance(channel, discord.ForumChannel):
            # a forum: the game lives in a new post of its own
            created = await channel.create_thread(
                name=title, content=t("game.forum_post", locale, name=title))
            thread_id = created.thread.id
        await remember_guild_locale(bot.db, interaction.guild_id, interaction.guild_locale)
        view = await games_service.create_game(
            bot.db, variant=variant, channel_id=channel_id, thread_id=thread_id,
            gm_user_id=interaction.user.id, guild_id=interaction.guild_id, name=title,
            preset=preset, phase_hours=phase_hours)
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
        game = await game_here(interaction)
        if game.variant == "duel":
            from cogs.duel._cog import duel_join

            await duel_join(interaction, game, preferences)
            return
        if game.variant == "imperialisme":
            from cogs.imperialisme._cog import imperial_join

            await imperial_join(interaction, game, preferences)
            return
        await players_service.join_game(bot.db, game_id=game.id, user_id=interaction.user.id,
                                        preferences=_split_names(preferences))
        count = len((await games_service.get_game(bot.db, game_id=game.id)).players)
        await reply(interaction, t("join.done_count", locale, name=game.name, count=count))

    @game.command(name=L("leave"), description=L("Leave the game of this channel"))
    async def game_leave(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        await players_service.leave_game(bot.db, game_id=game.id, user_id=interaction.user.id)
        await reply(interaction, t("leave.done", reader_locale(interaction), name=game.name))
        await bot.post_now()

    @game.command(name=L("start"), description=L("Start the game (game master)"))
    async def game_start(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        if game.variant == "duel":
            from cogs.duel._cog import duel_start

            await duel_start(interaction, game)
            return
        if game.variant == "imperialisme":
            from cogs.imperialisme._cog import imperial_start

            await imperial_start(interaction, game)
            return
        started = await games_service.start_game(bot.db, game_id=game.id,
                                                 user_id=interaction.user.id)
        await reply(interaction, t("start.done", reader_locale(interaction),
                                   name=started.game.name))
        await bot.post_now()

    @game.command(name=L("status"), description=L("Phase, deadline, players and centres"))
    async def game_status(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        progress = await orders_service.order_status(bot.db, game_id=game.id) \
            if game.phase else None
        state = await public_state(bot.db, game.id) if game.phase else None
        await reply(interaction, embed=status_embed(game, locale, progress, state),
                    ephemeral=False)

    @game.command(name=L("settings"), description=L("Rule options of this game"))
    async def game_settings(self, interaction: discord.Interaction[Any]) -> None:
        game = await game_here(interaction)
        await reply(interaction, embed=settings_embed(game, reader_locale(interaction)),
                    ephemeral=False)

    @game.command(name=L("history"), description=L("Past phases, or the results of one"))
    @app_commands.rename(phase=L("phase"))
    @app_commands.describe(phase=L("A phase such as S1901M"))
    async def game_history(self, interaction: discord.Interaction[Any],
                           phase: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        if phase is None:
            rows = await games_service.phase_history(bot.db, game_id=game.id)
            lines = [f"`{r.phase}` — {phase_name(r.phase, locale)}" for r in rows]
            embed = discord.Embed(title=t("history.title", locale, name=game.name),
                                  description="\n".join(lines)[-4000:] or t(
                                      "history.empty", locale), colour=COLOUR)
            await reply(interaction, embed=embed, ephemeral=False)
            return
        await interaction.response.defer(thinking=True)
        detail = await games_service.phase_detail(bot.db, game_id=game.id, phase=phase)
        embeds = results_embeds(detail, locale, game.variant, None, detail.next_phase, None)
        png = await _render(detail.state, results=detail.results, locale=locale)
        file = _png(png, f"{detail.phase}.png")
        embeds[0].set_image(url=f"attachment://{file.filename}")
        await interaction.followup.send(embeds=embeds, file=file)

    # --- /map -----------------------------------------------------------------------------
    @app_commands.command(name=L("map"), description=L("The map now, or of a past phase"))
    @app_commands.rename(phase=L("phase"))
    @app_commands.describe(phase=L("A phase such as S1901M"))
    @app_commands.guild_only()
    async def map(self, interaction: discord.Interaction[Any],
                  phase: str | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        if phase is None:
            state = await public_state(bot.db, game.id)
            if not state:
                raise UserFacingError("map.not_started")
            await interaction.response.defer(thinking=True)
            png = await _render(state, locale=locale)
            shown = str(state.get("phase"))
        else:
            detail = await games_service.phase_detail(bot.db, game_id=game.id, phase=phase)
            await interaction.response.defer(thinking=True)
            png = await _render(detail.state, results=detail.results, locale=locale)
            shown = detail.phase
        file = _png(png, f"{shown}.png")
        embed = discord.Embed(title=t("map.title", locale, name=game.name,
                                      phase=phase_name(shown, locale)), colour=COLOUR)
        embed.set_image(url=f"attachment://{file.filename}")
        await interaction.followup.send(embed=embed, file=file)

    # --- /orders ----------------------------------------------------------------------------
    @orders.command(name=L("submit"), description=L("Send your orders (all of them)"))
    @app_commands.rename(text=L("text"), power=L("power"))
    @app_commands.describe(text=L("Orders separated by ; or , (empty: a form for many lines)"),
                           power=L("Which of your powers (if you have several)"))
    @app_commands.autocomplete(power=own_power_autocomplete)
    async def orders_submit(self, interaction: discord.Interaction[Any],
                            text: str | None = None, power: str | None = None) -> None:
        if text is not None and text.strip():
            await _submit(interaction, None, text, power)
            return
        game = await game_here(interaction)
        if game.player(interaction.user.id) is None:
            raise UserFacingError("error.player.not_in_game")
        await interaction.response.send_modal(
            OrdersModal(game.id, reader_locale(interaction), power))

    @orders.command(name=L("show"), description=L("Your orders, with a private preview map"))
    async def orders_show(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        own = await orders_service.my_orders(bot.db, game_id=game.id,
                                             user_id=interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        state = await public_state(bot.db, game.id)
        embed = own_orders_embed(own, game, locale)
        kwargs: dict[str, Any] = {}
        if state:
            png = await _render(state, orders=[{"power": o.power, "text": o.text}
                                               for o in own], locale=locale)
            file = _png(png, "preview.png")
            embed.set_image(url="attachment://preview.png")
            kwargs["file"] = file
        await interaction.followup.send(embed=embed, ephemeral=True, **kwargs)

    @orders.command(name=L("clear"), description=L("Delete your orders of this phase"))
    async def orders_clear(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        count = await orders_service.clear_orders(bot.db, game_id=game.id,
                                                  user_id=interaction.user.id)
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
        game = await game_here(interaction)
        if order:
            result = await add_order(bot.db, game_id=game.id, user_id=interaction.user.id,
                                     power=None, order_text=order)
            embed, view = orders_feedback(result, locale)
            await reply(interaction, embed=embed, view=view)
            return
        _power, legal = await legal_for(interaction, game.id)
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
        game = await game_here(interaction)
        on = state != "off"
        if game.variant == "duel" and str(game.phase).endswith("B"):
            from cogs.duel._cog import duel_ready  # a bidding season: the bids are final

            await duel_ready(interaction, game, on)
            return
        result = await orders_service.set_ready(bot.db, game_id=game.id,
                                                user_id=interaction.user.id, ready=on)
        key = "ready.on_resolved" if result.turn is not None else (
            "ready.on" if on else "ready.off")
        await reply(interaction, t(key, locale))
        if result.turn is not None:
            await bot.post_now()

    # --- /draw ------------------------------------------------------------------------------
    @draw.command(name=L("propose"), description=L("Propose a draw (secret unanimous vote)"))
    async def draw_propose(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        outcome = await draws_service.propose_draw(bot.db, game_id=game.id,
                                                   user_id=interaction.user.id)
        await reply(interaction, t("draw.proposed" if outcome.status == "pending"
                                   else "draw.accepted_at_once", reader_locale(interaction)))
        await bot.post_now()

    # --- /press -----------------------------------------------------------------------------
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
        from bot.ui.common import guild_language

        public = await guild_language(bot.db, game.guild_id, bot.default_locale)
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
