"""A guild's language: public posts use it (RULES: guild setting), Discord's preferred
locale of the guild remembered once."""

from __future__ import annotations

from sqlmodel import select

from bot.db import Database
from bot.models import Guild


async def remember_guild_language(db: Database, *, guild_id: int | None,
                                  language: str | None) -> None:
    """Public posts use the guild's language: by default Discord's preferred locale of the
    guild, set once (RULES: guild setting)."""
    if guild_id is None or language is None:
        return
    async with db.transaction() as session:
        guild = await session.get(Guild, guild_id)
        if guild is None:
            session.add(Guild(id=guild_id, locale=language))
        elif guild.locale is None:
            guild.locale = language


async def guild_language(db: Database, *, guild_id: int | None, default: str) -> str:
    """The language of the guild's public posts, ``default`` when it has none."""
    if guild_id is None:
        return default
    async with db.transaction(write=False) as session:
        row = (await session.exec(select(Guild.locale).where(Guild.id == guild_id))).first()
        return str(row) if row else default
