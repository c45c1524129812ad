"""What the owner of a sandbox sees: its board as an embed (source, pending orders, who has
a choice), a resolution's results, and the map attached to them."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.services.sandbox import SandboxView
from bot.ui.format import (
    chunks,
    local_order,
    phase_name,
    power_name,
    results_by_power,
    variant_title,
)
from bot.ui.maps import map_file
from engine import variants

MAP_NAME = "sandbox.png"
_FIELDS = 20  # Discord allows 25 fields per embed


def _source(view: SandboxView, locale: str) -> str:
    src = view.source
    if src.get("kind") == "variant":
        return t("sandbox.source.variant", locale,
                 variant=variant_title(view.variant, locale))
    return t(f"sandbox.source.{src.get('kind')}", locale, game_id=src.get("game_id"),
             name=str(src.get("name", "")),
             phase=phase_name(str(src.get("phase")), locale, view.variant))


def _end(view: SandboxView, locale: str) -> str | None:
    if not view.end:
        return None
    if view.end.get("winner"):
        return t("sandbox.winner", locale,
                 winner=power_name(str(view.end["winner"]), locale, view.variant))
    return t("sandbox.draw", locale, powers=", ".join(
        power_name(str(p), locale, view.variant) for p in view.end.get("draw") or []))


def board_embed(view: SandboxView, locale: str, *, headline: str | None = None
                ) -> discord.Embed:
    """The board now: pending orders by power, and the powers still without any."""
    embed = discord.Embed(
        title=t("sandbox.title", locale, variant=variant_title(view.variant, locale),
                phase=phase_name(view.phase, locale, view.variant))[:256],
        description="\n".join(x for x in (headline, _source(view, locale),
                                           t("sandbox.private", locale), _end(view, locale))
                              if x)[:4000])
    for power, lines in list(view.orders.items())[:_FIELDS]:
        text = "\n".join(f"`{local_order(x, locale)}`" for x in lines)
        embed.add_field(name=power_name(power, locale, view.variant), value=text[:1024],
                        inline=True)
    if not view.end:
        waiting = [power_name(p, locale, view.variant) for p in view.to_act
                   if p not in view.orders]
        embed.add_field(name=t("sandbox.to_act", locale),
                        value=(", ".join(waiting) if waiting else t("sandbox.nobody", locale)
                               )[:1024], inline=False)
    embed.set_footer(text=t("sandbox.undo_steps", locale, count=view.undo_steps))
    return embed


def results_embed(view: SandboxView, locale: str) -> discord.Embed:
    """The last resolution, in the words of the game's own results posts."""
    last = view.last or {}
    embed = board_embed(view, locale, headline=t(
        "sandbox.resolved", locale,
        phase=phase_name(str(last.get("phase")), locale, view.variant),
        next=phase_name(view.phase, locale, view.variant)))
    if last.get("bidding"):
        bidding = variants.get(view.variant)
        text = bidding.describe_bidding(  # type: ignore[attr-defined]
            view.state, last["bidding"], locale,
            lambda power: power_name(power, locale, view.variant))
        embed.insert_field_at(0, name=t("sandbox.results", locale), value=text[:1024],
                              inline=False)
        return embed
    per_power = results_by_power(last.get("results") or [], last.get("before") or {},
                                 locale, view.variant, state_after=view.state)
    at = 0
    for power, lines in sorted(per_power.items()):
        for piece in chunks(lines, 1024)[:1]:
            if len(embed.fields) >= 25:
                break
            embed.insert_field_at(at, name=power_name(power, locale, view.variant),
                                  value=piece, inline=False)
            at += 1
    return embed


async def board_map(view: SandboxView, locale: str) -> discord.File:
    """The position with the pending orders drawn (a preview, as ``/orders show``)."""
    orders: list[dict[str, Any]] | None = None
    if view.orders and not view.phase.endswith("B"):  # bids are not drawn
        orders = [{"power": p, "text": "\n".join(lines)} for p, lines in view.orders.items()]
    # the title says it is a what-if, should the picture be shown around
    title = {lang: t("sandbox.map_title", lang, variant=variant_title(view.variant, lang))
             for lang in ("en", "fr")}
    return await map_file(view.state, MAP_NAME, orders=orders, locale=locale, title=title)
