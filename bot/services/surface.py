"""Small use cases of the Discord surface that the other service modules do not offer: the
public position of a game, the guild's language (read, and remembered once), and adding one
order to a power's set. Moved here from ``bot.ui.common`` so that ``bot.ui`` opens no
transaction (issue 11)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select

from bot.db import Database
from bot.models import Game, Guild, Outbox, PhaseRecord
from bot.services import orders as orders_service
from bot.services.common import PlayerView, load_players, phase_kind, player_view
from bot.services.errors import NotFound, Stale
from bot.services.written_orders import on_the_brink
from engine import variants
from engine.maps import province_of


async def public_state(db: Database, *, game_id: int) -> dict[str, Any]:
    """The current position of a game: public information (units and centres), never any
    pending order."""
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        if game is None:
            raise NotFound("game.not_found", game_id=game_id)
        return variants.public(dict(game.state or {}))


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


async def retreat_order(db: Database, *, game_id: int, user_id: int, location: str,
                        target: str | None) -> orders_service.SubmitResult:
    """The retreat to ``target`` (None: the disbandment) of the unit dislodged at
    ``location``, added to its power's orders (``add_order``): what a button of the retreat
    DM sends. Checked like any order: the presser must hold the unit's power, the engine
    must allow the retreat."""
    state = await public_state(db, game_id=game_id)
    unit = next((d for d in state.get("dislodged") or []
                 if str(d.get("location")) == location), None)
    if unit is None:  # no such dislodged unit now: the button is of another position
        raise Stale(phase=state.get("phase"))
    order = f"{unit['type']} {location} R {target}" if target else \
        f"{unit['type']} {location} D"
    return await add_order(db, game_id=game_id, user_id=user_id, power=str(unit["power"]),
                           order_text=order)


@dataclass(frozen=True, slots=True)
class MissedOrders:
    """What a turn's results post says about missed orders (seed 004 §3.5.4, §3.6):
    ``declared``: the civil-disorder declarations of the turn (payloads of the rows
    ``track_missed_phases`` queued); ``warned``: players one missed movement phase away from
    civil disorder, told before it hits."""

    declared: tuple[dict[str, Any], ...]
    warned: tuple[PlayerView, ...]
    threshold: int


async def missed_orders(db: Database, *, game_id: int, seq: int | None) -> MissedOrders:
    """For the results post of the turn whose first record is ``seq``. Warnings hold only
    while that record is the game's latest movement phase (a later post would be late)."""
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        if game is None:
            raise NotFound("game.not_found", game_id=game_id)
        threshold = int((game.options or {}).get("nmr_threshold", 2))
        rows = (await session.exec(select(Outbox.payload).where(
            Outbox.game_id == game_id, Outbox.kind == "civil_disorder"))).all()
        declared = tuple(dict(p) for p in rows if seq is not None and p.get("seq") == seq)
        latest = (await session.exec(select(PhaseRecord.seq, PhaseRecord.phase).where(
            PhaseRecord.game_id == game_id, col(PhaseRecord.superseded).is_(False))
            .order_by(col(PhaseRecord.seq).desc()))).all()
        movement = next((row_seq for row_seq, phase in latest if phase_kind(phase) == "M"),
                        None)
        warned: tuple[PlayerView, ...] = ()
        if seq is not None and movement == seq:
            warned = tuple(player_view(p) for p in on_the_brink(
                game, await load_players(session, game_id)))
        return MissedOrders(declared=declared, warned=warned, threshold=threshold)


def _location_of(order_text: str) -> str | None:
    """``A par - bur`` -> ``par``; ``F stp/sc - bot`` -> ``stp/sc``: normalised orders written
    by the engine start with the unit type and its location."""
    parts = order_text.split()
    if len(parts) >= 2 and parts[0].upper() in ("A", "F"):
        return parts[1].lower()
    return None
