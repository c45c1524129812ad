"""Small use cases of the Discord surface that the other service modules do not offer: the
public position of a game, the guild's language (read, and remembered once), and adding one
order to a power's set. Moved here from ``bot.ui.common`` so that ``bot.ui`` opens no
transaction (issue 11)."""

from __future__ import annotations

from typing import Any

from sqlmodel import select

from bot.db import Database
from bot.models import Game, Guild
from bot.services import orders as orders_service
from bot.services.errors import NotFound
from engine.maps import province_of


async def public_state(db: Database, *, game_id: int) -> dict[str, Any]:
    """The current position of a game: public information (units and centres), never any
    pending order."""
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        if game is None:
            raise NotFound("game.not_found", game_id=game_id)
        return dict(game.state or {})


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


async def add_order(db: Database, *, game_id: int, user_id: int, power: str | None,
                    order_text: str) -> orders_service.SubmitResult:
    """One order added to the power's current set: the set's line for the same unit is
    replaced (the last order for a unit counts, seed 004 §3.4.3) and the whole set is sent
    through ``submit_orders`` (checked by the engine, stored or refused as a whole)."""
    current = await orders_service.my_orders(db, game_id=game_id, user_id=user_id)
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
    return await orders_service.submit_orders(db, game_id=game_id, user_id=user_id, text=text,
                                              power=checked_power)


def _location_of(order_text: str) -> str | None:
    """``A par - bur`` -> ``par``; ``F stp/sc - bot`` -> ``stp/sc``: normalised orders written
    by the engine start with the unit type and its location."""
    parts = order_text.split()
    if len(parts) >= 2 and parts[0].upper() in ("A", "F"):
        return parts[1].lower()
    return None
