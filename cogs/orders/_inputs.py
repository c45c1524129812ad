"""Inputs of the order commands: autocompletion from the engine's legal orders, the modal
for many lines at once, and the submission both of them end in."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from bot.services import orders as orders_service
from bot.ui.common import bot_of, channel_ids, game_here, reader_locale
from bot.ui.errors import in_time, reply, report_error
from bot.ui.format import local_code, local_order, power_name
from bot.ui.views import legal_for, orders_feedback

MAX_CHOICES = 25  # Discord's limit of autocomplete choices


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
    try:  # one read: asked at each keystroke
        _power, legal = await legal_for(interaction, None)
    except Exception:
        return []
    out = []
    for loc, orders in sorted(legal.items()):
        if not orders:
            continue
        label = f"{orders[0].split(' ')[0]} {local_code(loc, reader_locale(interaction))}" \
            if loc else t(
            "order.builds", reader_locale(interaction))
        if current.lower() in label.lower():
            out.append(app_commands.Choice(name=label, value=loc or "-"))
    return out[:MAX_CHOICES]


async def order_autocomplete(interaction: discord.Interaction[Any], current: str
                             ) -> list[app_commands.Choice[str]]:
    """Legal orders (engine's list) of the unit chosen in ``unit``, or of every unit."""
    try:  # one read: asked at each keystroke
        _power, legal = await legal_for(interaction, None)
    except Exception:
        return []
    unit = getattr(interaction.namespace, "unit", None)
    if unit is not None:
        unit = "" if unit == "-" else str(unit).lower()
        pool = legal.get(unit, [])
    else:
        pool = [o for orders in legal.values() for o in orders]
    # shown with the reader's province abbreviations ("A mun - bou"), found by either
    locale = reader_locale(interaction)
    words = current.lower().split()
    hits = [o for o in pool
            if all(w in o.lower() or w in local_order(o, locale).lower() for w in words)]
    return [app_commands.Choice(name=local_order(o, locale)[:100], value=o[:100])
            for o in hits[:MAX_CHOICES]]


class OrdersModal(discord.ui.Modal):
    """Paste many lines at once (``/orders submit`` without text)."""

    def __init__(self, game_id: int | None, locale: str, power: str | None) -> None:
        super().__init__(title=t("orders.modal_title", locale)[:45], timeout=1800)
        self.game_id, self.power = game_id, power
        self.text: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t("orders.modal_label", locale)[:45], style=discord.TextStyle.paragraph,
            max_length=4000, placeholder="A par - bur\nF bre - mao\nA mar S A par - bur")
        self.add_item(self.text)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await submit(interaction, self.game_id, str(self.text.value), self.power)

    async def on_error(self, interaction: discord.Interaction[Any],  # type: ignore[override]
                       error: Exception, /) -> None:
        await report_error(interaction, error)


async def submit(interaction: discord.Interaction[Any], game_id: int | None, text: str,
                 power: str | None) -> None:
    """``game_id`` None: the game of the interaction's channel, found in the submission's own
    transaction (the hot path: one transaction per command)."""
    bot = bot_of(interaction)
    # a submission still running after a moment (queued behind other writers) is deferred,
    # and answered by a follow-up
    result = await in_time(interaction, orders_service.submit_orders(
        bot.db, game_id=game_id, user_id=interaction.user.id, text=text, power=power,
        channel=channel_ids(interaction) if game_id is None else None))
    embed, view = orders_feedback(result, reader_locale(interaction))
    await reply(interaction, embed=embed, view=view, ephemeral=True)
    # discord.py keeps an ephemeral reply's view (and a timer task) for 15 minutes; its only
    # item, the Ready button, is a DynamicItem dispatched by its custom id, so nothing needs
    # the view once sent: nothing is held per submission (docs/BENCHMARKS.md).
    view.stop()
