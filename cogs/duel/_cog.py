"""Duel-Diplomatie on Discord (issue 6; docs/PLAYING.md): ``/bid`` and ``/bids``
(sealed bids, ephemeral), ``/stalemate`` (rule 10), and the duel flavour of the shared
``/game join``, ``/game start`` and ``/ready`` (``SURFACE``, registered by the extension's
``setup``). Rules live in ``engine.variants.duel``; who may do what is decided by
``bot.services.duel``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import duel as duel_service
from bot.services.common import GameView
from bot.ui.common import bot_of, game_here, reader_locale
from bot.ui.embeds import COLOUR
from bot.ui.errors import in_time, reply
from bot.ui.format import deadline_text, power_name
from bot.ui.surface import VariantSurface

MAX_CHOICES = 25  # Discord's limit of autocomplete choices


def _names(powers: Any, locale: str) -> str:
    return ", ".join(power_name(p, locale) for p in powers)


# --- the duel flavour of /game join, /game start and /ready ------------------------------

async def duel_join(interaction: discord.Interaction[Any], game: GameView,
                    preferences: str | None) -> None:
    """``/game join preferences:`` in a duel: the seven countries ranked, checked by the
    engine (rule 3); joining again replaces the list."""
    bot, locale = bot_of(interaction), reader_locale(interaction)
    joined = await duel_service.join_duel(bot.db, game_id=game.id,
                                          user_id=interaction.user.id,
                                          preferences=preferences or "")
    ranking = " > ".join(power_name(p, locale) for p in joined.preferences)
    key = "duel.join.updated" if joined.updated else "duel.join.done"
    await reply(interaction, t(key, locale, name=game.name, count=joined.players,
                               ranking=ranking))


async def duel_start(interaction: discord.Interaction[Any], game: GameView) -> None:
    """``/game start`` in a duel: countries chosen from the two lists (rule 3), the first
    bidding season opens."""
    bot = bot_of(interaction)
    started = await duel_service.start_duel(bot.db, game_id=game.id,
                                            user_id=interaction.user.id)
    await reply(interaction, t("duel.start.done", reader_locale(interaction),
                               name=started.game.name))
    await bot.post_now()


async def duel_ready(interaction: discord.Interaction[Any], game: GameView, on: bool) -> None:
    """``/ready`` (or ``/bids ready``) in a bidding season: the caller's bids are final (or
    not); when both players' are, they are revealed at once."""
    bot, locale = bot_of(interaction), reader_locale(interaction)
    # both players ready reveal the bids before the reply: deferred if need be
    view = await in_time(interaction, duel_service.set_bids_ready(
        bot.db, game_id=game.id, user_id=interaction.user.id, ready=on))
    if view.revealed is not None:
        await reply(interaction, t("duel.bids.revealed", locale))
        await bot.post_now()
        return
    await reply(interaction, t("duel.ready.on" if on else "duel.ready.off", locale))


async def duel_ready_in_bidding(interaction: discord.Interaction[Any], game: GameView,
                                on: bool) -> bool:
    """``/ready`` in a duel: in a bidding season the bids are final (or not); in any other
    phase the shared ``/ready`` marks the orders (False)."""
    if not str(game.phase).endswith("B"):
        return False
    await duel_ready(interaction, game, on)
    return True


SURFACE = VariantSurface(join=duel_join, start=duel_start, ready=duel_ready_in_bidding)


# --- replies ------------------------------------------------------------------------------------

def bids_embed(view: duel_service.BidsView, locale: str,
               progress: duel_service.BidProgress | None = None) -> discord.Embed:
    """The caller's own sealed bids (ephemeral): one line per minor, total, ready."""
    if not duel_service.is_bidding(view.phase):
        return discord.Embed(title=t("duel.bids.title", locale, year=view.phase[1:-1]),
                             description=t("duel.bids.not_bidding", locale,
                                           credits=view.credits), colour=COLOUR)
    year = view.phase[1:-1]
    embed = discord.Embed(title=t("duel.bids.title", locale, year=year), colour=COLOUR)
    if view.amounts is None:
        embed.description = t("duel.bids.none", locale)
    else:
        embed.description = "\n".join(
            t("label_value", locale, label=power_name(m, locale),
              value=f"**{view.amounts.get(m, 0)}**") for m in view.minors)
    embed.add_field(name=t("duel.bids.total_name", locale),
                    value=t("duel.bids.total", locale, total=view.total,
                            credits=view.credits))
    embed.add_field(name=t("duel.bids.ready_name", locale),
                    value=t("duel.bids.ready_yes" if view.ready else "duel.bids.ready_no",
                            locale))
    if progress is not None:
        embed.add_field(name=t("duel.bids.progress", locale),
                        value=_names(progress.ready, locale) or "—")
    embed.add_field(name=t("game.deadline", locale), value=deadline_text(view.deadline),
                    inline=False)
    embed.set_footer(text=t("duel.bids.footer", locale))
    return embed


async def bid_text_autocomplete(interaction: discord.Interaction[Any], current: str
                                ) -> list[app_commands.Choice[str]]:
    """A template naming the five minors in the reader's language (and the bids already
    sent): the player only changes the numbers."""
    try:
        game = await game_here(interaction)
        view = await duel_service.my_bids(bot_of(interaction).db, game_id=game.id,
                                          user_id=interaction.user.id)
    except Exception:
        return []
    if not duel_service.is_bidding(view.phase):
        return []
    locale = reader_locale(interaction)
    out = []
    if current.strip():
        out.append(current.strip())
    if view.amounts:
        out.append(", ".join(f"{power_name(m, locale)} {view.amounts.get(m, 0)}"
                             for m in view.minors))
    out.append(", ".join(f"{power_name(m, locale)} 0" for m in view.minors))
    seen: list[str] = []
    for text in out:
        if text not in seen:
            seen.append(text[:100])
    return [app_commands.Choice(name=s, value=s) for s in seen][:MAX_CHOICES]


@app_commands.guild_only()
class DuelCog(commands.Cog):
    bids = app_commands.Group(name=L("bids"), description=L("Your sealed bids (duel)"),
                              guild_only=True)
    stalemate = app_commands.Group(name=L("stalemate"),
                                   description=L("Stalemate in a duel (rules §5.10)"),
                                   guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("bid"),
                          description=L("Sealed bids for the minor powers (duel)"))
    @app_commands.rename(text=L("text"), ready=L("ready"))
    @app_commands.describe(text=L("Bids such as FRA 10, ENG 5 (French names too)"),
                           ready=L("Your bids are final: revealed when both players are"))
    @app_commands.autocomplete(text=bid_text_autocomplete)
    @app_commands.guild_only()
    async def bid(self, interaction: discord.Interaction[Any],
                  text: app_commands.Range[str, 1, 400], ready: bool = False) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        view = await duel_service.submit_bids(bot.db, game_id=game.id,
                                              user_id=interaction.user.id, text=text,
                                              ready=ready)
        embed = bids_embed(view, locale)
        if view.revealed is not None:
            await reply(interaction, t("duel.bids.revealed", locale), embed=embed)
            await bot.post_now()
            return
        await reply(interaction, t("duel.bids.saved", locale), embed=embed)

    @bids.command(name=L("show"), description=L("Your bids of this season (only you see them)"))
    async def bids_show(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        view = await duel_service.my_bids(bot.db, game_id=game.id,
                                          user_id=interaction.user.id)
        progress = await duel_service.bid_progress(bot.db, game_id=game.id)
        await reply(interaction, embed=bids_embed(view, locale, progress))

    @bids.command(name=L("ready"),
                  description=L("Your bids are final: revealed when both players are"))
    @app_commands.rename(state=L("state"))
    @app_commands.describe(state=L("on (default) or off"))
    @app_commands.choices(state=[app_commands.Choice(name=L("on"), value="on"),
                                 app_commands.Choice(name=L("off"), value="off")])
    async def bids_ready(self, interaction: discord.Interaction[Any],
                         state: str | None = None) -> None:
        await duel_ready(interaction, await game_here(interaction), state != "off")

    @stalemate.command(name=L("claim"),
                       description=L("Claim a stalemate once every minor is eliminated"))
    async def stalemate_claim(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        await duel_service.claim_stalemate(bot.db, game_id=game.id,
                                           user_id=interaction.user.id)
        await reply(interaction, t("duel.stalemate.claimed", reader_locale(interaction)))
        await bot.post_now()

    @stalemate.command(name=L("confirm"),
                       description=L("Confirm the stalemate claimed by the other player"))
    async def stalemate_confirm(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        await duel_service.confirm_stalemate(bot.db, game_id=game.id,
                                             user_id=interaction.user.id)
        await reply(interaction, t("duel.stalemate.confirmed", reader_locale(interaction)),
                    ephemeral=False)
        await bot.post_now()
