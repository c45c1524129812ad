"""Orders of the current phase: submit (checked by the engine, replacing the power's previous
set), show one's own, clear, ready. Orders stay secret until the phase is resolved: the only
query that returns them answers the player who holds the power."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlmodel import col, delete, insert, select, update
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import Game, GameStatus, OrderSet, Player, PlayerStatus, utcnow
from bot.services.common import (
    load_game,
    load_players,
    require_status,
    seated_player,
)
from bot.services.errors import Conflict, Forbidden, NotFound, OrdersRejected
from bot.services.turns import TurnOutcome, engine_options, everyone_ready, resolve_if_ready
from engine import api as engine_api


@dataclass(frozen=True, slots=True)
class OrderLine:
    text: str
    ok: bool
    normalized: str | None
    order: dict[str, Any] | None
    error: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class SubmitResult:
    game_id: int
    phase: str
    power: str
    lines: tuple[OrderLine, ...]
    replaced: bool  # a previous set existed and was replaced


@dataclass(frozen=True, slots=True)
class OwnOrders:
    power: str
    phase: str
    text: str
    lines: tuple[OrderLine, ...]
    ready: bool
    updated_at: datetime | None


@dataclass(frozen=True, slots=True)
class ReadyResult:
    game_id: int
    phase: str
    powers: tuple[str, ...]
    ready: bool
    all_ready: bool
    turn: TurnOutcome | None  # the phase resolved early because everyone was ready


_GAME_COLUMNS = (Game.id, Game.status, Game.phase, Game.state, Game.options)
_PLAYER_COLUMNS = (Player.id, Player.user_id, Player.powers, Player.status,
                   Player.missed_phases, Player.seat)


def _line(raw: dict[str, Any]) -> OrderLine:
    return OrderLine(text=str(raw.get("text", "")), ok=bool(raw.get("ok")),
                     normalized=raw.get("normalized"), order=raw.get("order"),
                     error=raw.get("error"))


async def _orderable(session: AsyncSession, game: Game, user_id: int
                     ) -> tuple[Player, list[Player], list[str]]:
    """The caller's seat, every player, and the powers with a choice this phase."""
    require_status(game, GameStatus.ACTIVE, GameStatus.PAUSED)
    players = await load_players(session, game.id or 0)
    player = seated_player(players, user_id)
    if player is None:
        raise Forbidden("player.not_in_game", user_id=user_id)
    choices = engine_api.powers_with_choices(dict(game.state or {}),
                                             engine_options(game, players, returning=player))
    return player, players, choices


def _pick_power(player: Player, power: str | None, choices: list[str], phase: str) -> str:
    if power is not None:
        power = power.lower()
        if power not in player.powers:
            raise Forbidden("player.not_your_power", power=power)
    else:
        mine = [p for p in player.powers if p in choices] or list(player.powers)
        if len(mine) != 1:
            raise Conflict("player.power_required", powers=mine)
        power = mine[0]
    if power not in choices:
        raise Conflict("orders.no_choice", power=power, phase=phase)
    return power


async def submit_orders(db: Database, *, game_id: int, user_id: int, text: str,
                        power: str | None = None, ready: bool | None = None,
                        now: datetime | None = None) -> SubmitResult:
    """Check ``text`` (one or many lines) with the engine and store it as the power's orders
    for the current phase, replacing any previous set (seed 004 §3.4.3: a new sheet replaces
    the old one). Any refused line refuses the whole set: nothing is written, and
    ``OrdersRejected`` carries every line with its reason. Sending orders brings a player in
    civil disorder back (seed 004 §3.6)."""
    now = now or utcnow()
    async with db.transaction() as session:
        # the hot path of the bot: plain column rows (no ORM identity map, no flush), five
        # statements in all; the game row is locked as in every state change
        game = (await session.exec(select(*_GAME_COLUMNS).where(col(Game.id) == game_id)
                                   .with_for_update())).first()
        if game is None:
            raise NotFound("game.not_found", game_id=game_id)
        require_status(cast(Game, game), GameStatus.ACTIVE, GameStatus.PAUSED)
        rows = (await session.exec(select(*_PLAYER_COLUMNS).where(
            col(Player.game_id) == game_id).order_by(col(Player.id)))).all()
        players = cast(list[Player], list(rows))
        player = seated_player(players, user_id)
        if player is None:
            raise Forbidden("player.not_in_game", user_id=user_id)
        choices = engine_api.powers_with_choices(
            dict(game.state or {}), engine_options(cast(Game, game), players, returning=player))
        phase = str(game.phase)
        power = _pick_power(player, power, choices, phase)
        checked = engine_api.check_orders(dict(game.state or {}), power, text)
        lines = tuple(_line(x) for x in checked.get("lines", []))
        if not checked.get("ok"):
            raise OrdersRejected(power=power, phase=phase, lines=[
                {"text": x.text, "ok": x.ok, "normalized": x.normalized, "error": x.error}
                for x in lines])
        parsed = [{"text": x.text, "normalized": x.normalized, "order": x.order}
                  for x in lines]
        # new orders are not "ready" unless said again: no accidental early resolution.
        # Core UPDATE then INSERT (the game lock excludes a concurrent insert): one round
        # trip in the usual case of a replacement, and no ORM flush.
        values = {"text": text, "parsed": parsed, "ready": bool(ready), "user_id": user_id,
                  "updated_at": now}
        replaced = await session.exec(update(OrderSet).where(  # type: ignore[call-overload]
            col(OrderSet.game_id) == game_id, col(OrderSet.phase) == phase,
            col(OrderSet.power) == power).values(**values))
        if replaced.rowcount == 0:
            await session.exec(insert(OrderSet).values(  # type: ignore[call-overload]
                game_id=game_id, phase=phase, power=power, **values))
        if player.status == PlayerStatus.CIVIL_DISORDER.value or player.missed_phases:
            await session.exec(update(Player).where(  # type: ignore[call-overload]
                col(Player.id) == player.id).values(status=PlayerStatus.ACTIVE.value,
                                                    missed_phases=0))
        result = SubmitResult(game_id=game_id, phase=phase, power=power, lines=lines,
                              replaced=replaced.rowcount > 0)
    if ready:
        await resolve_if_ready(db, game_id=game_id, now=now)
    return result


async def clear_orders(db: Database, *, game_id: int, user_id: int,
                       power: str | None = None) -> int:
    """Delete the caller's orders for the current phase (all their powers, or one)."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        player, _players, _choices = await _orderable(session, game, user_id)
        powers = [power.lower()] if power else list(player.powers)
        if any(p not in player.powers for p in powers):
            raise Forbidden("player.not_your_power", power=power)
        result = await session.exec(delete(OrderSet).where(  # type: ignore[call-overload]
            col(OrderSet.game_id) == game_id, col(OrderSet.phase) == game.phase,
            col(OrderSet.power).in_(powers)))
        return int(result.rowcount or 0)


async def my_orders(db: Database, *, game_id: int, user_id: int) -> list[OwnOrders]:
    """The caller's own orders for the current phase — never another player's."""
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        player = seated_player(await load_players(session, game_id), user_id)
        if player is None:
            raise NotFound("player.not_in_game", user_id=user_id)
        rows = (await session.exec(select(OrderSet).where(
            OrderSet.game_id == game_id, OrderSet.phase == game.phase,
            col(OrderSet.power).in_(player.powers)).order_by(col(OrderSet.power)))).all()
        return [OwnOrders(power=r.power, phase=r.phase, text=r.text,
                          lines=tuple(_line({**x, "ok": True}) for x in r.parsed),
                          ready=r.ready, updated_at=r.updated_at) for r in rows]


@dataclass(frozen=True, slots=True)
class OrderStatus:
    """Public progress of a phase: who has sent orders and who is ready, never what."""

    phase: str
    waiting: tuple[str, ...]
    submitted: tuple[str, ...]
    ready: tuple[str, ...]


async def order_status(db: Database, *, game_id: int) -> OrderStatus:
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        players = await load_players(session, game_id)
        choices = engine_api.powers_with_choices(dict(game.state or {}),
                                                 engine_options(game, players)) \
            if game.state else []
        rows = (await session.exec(select(OrderSet).where(
            OrderSet.game_id == game_id, OrderSet.phase == game.phase))).all()
        return OrderStatus(phase=str(game.phase), waiting=tuple(sorted(choices)),
                           submitted=tuple(sorted(r.power for r in rows if r.text.strip())),
                           ready=tuple(sorted(r.power for r in rows if r.ready)))


async def set_ready(db: Database, *, game_id: int, user_id: int, ready: bool = True,
                    now: datetime | None = None) -> ReadyResult:
    """Mark every power of the caller that has a choice ready (or not). When every waiting
    power is ready the phase is resolved at once (its result is in ``turn``)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        player, players, choices = await _orderable(session, game, user_id)
        phase = str(game.phase)
        powers = [p for p in player.powers if p in choices]
        if not powers:
            raise Conflict("orders.no_choice", power=",".join(player.powers), phase=phase)
        rows = {r.power: r for r in (await session.exec(select(OrderSet).where(
            OrderSet.game_id == game_id, OrderSet.phase == phase))).all()}
        for power in powers:
            row = rows.get(power)
            if row is None:
                row = OrderSet(game_id=game_id, phase=phase, power=power, user_id=user_id,
                               updated_at=now)
                session.add(row)
                rows[power] = row
            row.ready = ready
            row.updated_at = now
        if player.status == PlayerStatus.CIVIL_DISORDER.value and ready:
            player.status = PlayerStatus.ACTIVE.value
        all_ready = ready and everyone_ready(players, choices, list(rows.values()))
    turn = await resolve_if_ready(db, game_id=game_id, now=now) if all_ready else None
    return ReadyResult(game_id=game_id, phase=phase, powers=tuple(powers), ready=ready,
                       all_ready=all_ready, turn=turn)
