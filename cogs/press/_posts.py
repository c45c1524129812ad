"""The DM that carries a private letter to one recipient (outbox kind ``press_letter``),
registered with the poster (``bot.ui.posts.register_kinds``). The row names the letter and
the reader; the text is opened here, at sending time, and never logged."""

from __future__ import annotations

import logging

import discord

from bot.outbox import PostMessage
from bot.services import games as games_service
from bot.services import press as press_service
from bot.services.errors import NotFound
from bot.ui.common import RefereeBot
from cogs.press._cog import letter_embed

log = logging.getLogger(__name__)
KINDS = ("press_letter",)


async def deliver(bot: RefereeBot, post: PostMessage) -> None:
    user_id = int(post.payload["user_id"])
    try:
        letter, language = await press_service.letter_for(
            bot.db, letter_id=int(post.payload["letter_id"]), user_id=user_id)
    except NotFound:
        return  # the game was deleted meanwhile
    game = await games_service.get_game(bot.db, game_id=post.game_id or 0)
    embed = letter_embed(game, letter, language or post.locale)
    channel = await bot.create_dm(discord.Object(id=user_id))  # type: ignore[arg-type]
    try:
        # the row's own nonce: a row sent again after a crash is not posted twice
        await channel.send(embed=embed, nonce=f"o{post.outbox_id}.1")
    except discord.Forbidden:
        # DMs closed: the letter waits in /inbox (no retry; nothing of it in the log)
        log.warning("cannot DM letter %s to user %s", letter.id, user_id)
