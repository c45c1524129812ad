"""Helpers shared by cogs and buttons: what the ui needs of the bot (a Protocol, so that
``bot.ui`` never imports ``bot.client``), which game an interaction is about, and the reader's
language. No database access here: the small use cases the cogs need beside the other
services live in ``bot.services`` (``games.public_state``, ``orders.add_order``, ``guilds``)."""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from bot.db import Database
from bot.i18n import language_of
from bot.services import games as games_service
from bot.services.common import GameView
from bot.services.errors import NotFound
from bot.settings import Settings


class RefereeBot(Protocol):
    """What the Discord layer uses of ``bot.client.DiplomacyBot``."""

    @property
    def db(self) -> Database: ...

    @property
    def default_locale(self) -> str: ...

    @property
    def settings(self) -> Settings: ...

    async def post_now(self) -> None:
        """Send the queued posts at once (after a command that changed a game)."""

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None
                                ) -> discord.PartialMessageable: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...


def pinging(user_ids: Any) -> discord.AllowedMentions:
    """A post that pings these users and no one else (no role, no @everyone, and no user
    whose mention a game's or a player's name carries)."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(id=int(u)) for u in user_ids])


def bot_of(interaction: discord.Interaction[Any]) -> RefereeBot:
    return cast(RefereeBot, interaction.client)


def reader_locale(interaction: discord.Interaction[Any]) -> str:
    """Replies speak the reader's language (the locale of their Discord client)."""
    return language_of(interaction.locale)


def guild_language_of(interaction: discord.Interaction[Any]) -> str | None:
    """The language of the guild's Discord preferred locale (None outside a guild)."""
    locale = interaction.guild_locale
    return language_of(locale) if interaction.guild_id is not None and locale else None


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
