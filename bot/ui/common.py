"""Helpers shared by cogs and buttons: which game an interaction is about, the reader's
language, and three thin adapters over the database that the service layer does not offer yet
(reported to its owner): the public position of a game, the guild's language, and adding one
order to a power's set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from sqlmodel import select

from bot.i18n import language_of
from bot.models import Game, Guild
from bot.services import games as games_service
from bot.services import orders as orders_service
from bot.services.common import GameView
from bot.services.errors import NotFound
from engine.maps import province_of

if TYPE_CHECKING:
    from bot.client import DiplomacyBot
    from bot.db import Database


def bot_of(interaction: discord.Interaction[Any]) -> DiplomacyBot:
    return interaction.client  # type: ignore[no-any-return]


def reader_locale(interaction: discord.Interaction[Any]) -> str:
    """Replies speak the reader's language (the locale of their Discord client)."""
    return language_of(interaction.locale)


def channel_ids(interaction: discord.Interaction[Any]) -> tuple[int, int | None]:
    """(channel, thread) of the interaction: a forum post or thread is a thread of its
    parent channel."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return int(channel.parent_id), channel.id
    return int(interaction.channel_id or 0), None


async def game_here(interaction: discord.Interaction[Any]) -> GameView:
    """The game of the channel or forum post the command was used in."""
    channel_id, thread_id = channel_ids(interaction)
    db = bot_of(interaction).db
    if thread_id is not None:
        try:
            return await games_service.game_in_channel(db, channel_id=channel_id,
                                                       thread_id=thread_id)
        except NotFound:
            pass  # a thread of a game channel: the channel's game
    return await games_service.game_in_channel(db, channel_id=channel_id)


# --- adapters (no service yet) -----------------------------------------------------------------

async def public_state(db: Database, game_id: int) -> dict[str, Any]:
    """The current position of a game: public information (units and centres), never any
    pending order. Adapter until the services expose it."""
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        if game is None:
            raise NotFound("game.not_found", game_id=game_id)
        return dict(game.state or {})


async def remember_guild_locale(db: Database, guild_id: int | None,
                                locale: discord.Locale | None) -> None:
    """Public posts use the guild's language: default from Discord's preferred locale of the
    guild, set once (RULES: guild setting). Adapter until the services expose it."""
    if guild_id is None or locale is None:
        return
    async with db.transaction() as session:
        guild = await session.get(Guild, guild_id)
        if guild is None:
            session.add(Guild(id=guild_id, locale=language_of(locale)))
        elif guild.locale is None:
            guild.locale = language_of(locale)


async def guild_language(db: Database, guild_id: int | None, default: str) -> str:
    if guild_id is None:
        return default
    async with db.transaction(write=False) as session:
        row = (await session.exec(select(Guild.locale).where(Guild.id == guild_id))).first()
        return str(row) if row else default


async def add_order(db: Database, *, game_id: int, user_id: int, power: str | None,
                    order_text: str) -> orders_service.SubmitResult:
    """One order added to the power's current set: the set's line for the same unit is
    replaced (the last order for a unit counts, seed 004 §3.4.3) and the whole set is sent
    through ``submit_orders`` (checked by the engine, stored or refused as a whole)."""
    current = await orders_service.my_orders(db, game_id=game_id, user_id=user_id)
    new = orders_service.submit_orders
    checked_power = power
    mine = [o for o in current if power is None or o.power == power]
    kept: list[str] = []
    if len(mine) == 1:
        checked_power = checked_power or mine[0].power
        new_loc = _location_of(order_text)
        for line in mine[0].lines:
            loc = (line.order or {}).get("location")
            if loc and new_loc and province_of(str(loc)) == province_of(new_loc):
                continue
            kept.append(line.normalized or line.text)
    text = "\n".join([*kept, order_text])
    return await new(db, game_id=game_id, user_id=user_id, text=text, power=checked_power)


def _location_of(order_text: str) -> str | None:
    """``A par - bur`` -> ``par``; ``F stp/sc - bot`` -> ``stp/sc``: normalised orders written
    by the engine start with the unit type and its location."""
    parts = order_text.split()
    if len(parts) >= 2 and parts[0].upper() in ("A", "F"):
        return parts[1].lower()
    return None
