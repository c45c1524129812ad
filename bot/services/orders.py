"""Orders of the current phase: submit (checked by the engine, replacing the power's previous
set), show one's own, clear, ready. Orders stay secret until the phase is resolved: the only
query that returns them answers the player who holds the power."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, cast

from sqlalchemy import and_, bindparam, exists, literal, literal_column, update
from sqlalchemy import select as core_select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel, col, delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import Game, GameStatus, OrderSet, Player, PlayerStatus, utcnow
from bot.services import games
from bot.services.common import (
    SEATED,
    ChannelGame,
    load_game,
    load_players,
    require_status,
    seated_player,
    waiting_powers,
)
from bot.services.errors import (
    Conflict,
    Forbidden,
    Invalid,
    NotFound,
    OrdersRejected,
    Stale,
)
from bot.services.turns import TurnOutcome, resolve_if_ready
from bot.services.written_orders import engine_options, everyone_ready
from engine import api as engine_api
from engine.maps import province_of


@dataclass(frozen=True, slots=True)
class OrderLine:
    text: str
    ok: bool
    normalized: str | None
    order: dict[str, Any] | None
    error: dict[str, Any] | None
    # kept for a later phase (a retreat, build or removal sent with the movement orders,
    # docs/RULES.md §3.4.2): it replaces no order of this phase
    conditional: bool = False


@dataclass(frozen=True, slots=True)
class SubmitResult:
    game_id: int
    phase: str
    power: str
    lines: tuple[OrderLine, ...]
    replaced: bool  # a previous set existed and was replaced
    variant: str | None = None  # the game's (its phase and powers are named its way)


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


# the hot path's statements, built once on the tables (no ORM): building a statement costs
# more than running it on SQLite
_GAME, _PLAYER, _ORDERS = (SQLModel.metadata.tables[name]
                           for name in ("game", "player", "order_set"))
_GAME_COLUMNS = (_GAME.c.id, _GAME.c.status, _GAME.c.phase, _GAME.c.version, _GAME.c.state,
                 _GAME.c.options)
_GAME_BY_ID = core_select(*_GAME_COLUMNS).where(_GAME.c.id == bindparam("game_id"))
_GAME_OF_CHANNEL = ChannelGame(_GAME_COLUMNS)
_PLAYERS_OF_GAME = core_select(
    _PLAYER.c.id, _PLAYER.c.user_id, _PLAYER.c.powers, _PLAYER.c.status,
    _PLAYER.c.missed_phases, _PLAYER.c.seat).where(
    _PLAYER.c.game_id == bindparam("game_id")).order_by(_PLAYER.c.id)
def _literals(*values: str) -> list[Any]:
    """Constants written into the statement: an IN list of parameters would be expanded on
    every execution (a third of the SQLite write's time)."""
    return [literal_column(f"'{v}'") for v in values]


# The write's guard, in the write statement itself: the game is still at the version, phase
# and status checked, and the caller still holds the seat. FOR SHARE on PostgreSQL: a turn
# being adjudicated holds the game FOR UPDATE, so the write waits for it and then finds the
# version moved; submissions to one game do not wait for each other (a shared lock). On
# SQLite the write lock of the transaction does the same.
_STILL_CHECKED = and_(
    exists(core_select(literal(1)).where(
        _GAME.c.id == bindparam("of_game_id"), _GAME.c.version == bindparam("of_version"),
        _GAME.c.phase == bindparam("of_phase"),
        _GAME.c.status.in_(_literals(GameStatus.ACTIVE.value, GameStatus.PAUSED.value)))
        .with_for_update(read=True)),
    exists(core_select(literal(1)).where(
        _PLAYER.c.id == bindparam("of_player_id"), _PLAYER.c.user_id == bindparam("of_user_id"),
        _PLAYER.c.status.in_(_literals(*SEATED)))))
_ORDER_VALUES = ("text", "parsed", "ready", "user_id", "updated_at")
_NEW = {name: bindparam(f"new_{name}", type_=_ORDERS.c[name].type) for name in _ORDER_VALUES}
_REPLACE_ORDERS = update(_ORDERS).where(
    _ORDERS.c.game_id == bindparam("of_game_id"), _ORDERS.c.phase == bindparam("of_phase"),
    _ORDERS.c.power == bindparam("of_power"), _STILL_CHECKED).values(_NEW)
# the first set of the phase: ON CONFLICT DO NOTHING, a set inserted meanwhile by a racing
# submission is replaced on the next try
_ORDER_COLUMNS = ("game_id", "phase", "power", *_ORDER_VALUES)
_INSERT_SELECT = core_select(
    bindparam("of_game_id", type_=_ORDERS.c.game_id.type),
    bindparam("of_phase", type_=_ORDERS.c.phase.type),
    bindparam("of_power", type_=_ORDERS.c.power.type), *_NEW.values()).where(_STILL_CHECKED)
_INSERT_ORDERS = {
    "postgresql": pg_insert(_ORDERS).from_select(_ORDER_COLUMNS, _INSERT_SELECT)
    .on_conflict_do_nothing(index_elements=["game_id", "phase", "power"]),
    "sqlite": sqlite_insert(_ORDERS).from_select(_ORDER_COLUMNS, _INSERT_SELECT)
    .on_conflict_do_nothing(index_elements=["game_id", "phase", "power"]),
}
_BACK_FROM_DISORDER = update(_PLAYER).where(_PLAYER.c.id == bindparam("of_id")).values(
    status=PlayerStatus.ACTIVE.value, missed_phases=0)


def _line(raw: dict[str, Any]) -> OrderLine:
    return OrderLine(text=str(raw.get("text", "")), ok=bool(raw.get("ok")),
                     normalized=raw.get("normalized"), order=raw.get("order"),
                     error=raw.get("error"), conditional=bool(raw.get("conditional")))


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


# Bounds checked before anything is parsed (issue 14): a set within them is checked by the
# engine in well under 20 ms (tools/bench_orders_input.py), one beyond them is refused
# unread. 6,000 characters is Discord's longest text option; 50 orders is more than any
# power owns units (classic: 17 before winning) with a retreat or build of the next phase.
MAX_ORDER_CHARS = 6000
MAX_ORDER_LINES = 50
_SEPARATORS = re.compile(r"[;,]")
_CHECK_TRIES = 3  # the position moved under a check this many times: refused as stale


def bound_orders(text: str) -> None:
    """Refuse a sheet too long to check quickly: more than ``MAX_ORDER_CHARS`` characters,
    or more than ``MAX_ORDER_LINES`` orders (non-blank pieces between new lines, ``;`` and
    ``,``, counted as the parser splits them). Linear in the text, nothing parsed."""
    if len(text) > MAX_ORDER_CHARS:
        raise Invalid("orders.too_long", length=len(text), max=MAX_ORDER_CHARS)
    count = 0
    for raw in text.splitlines():
        for part in _SEPARATORS.split(raw):
            if part.strip():
                count += 1
        if count > MAX_ORDER_LINES:
            raise Invalid("orders.too_many_lines", max=MAX_ORDER_LINES)


@dataclass(frozen=True, slots=True)
class _Sheet:
    """What a submission is checked against, read before the write."""

    game_id: int
    phase: str
    version: int
    power: str
    state: dict[str, Any]
    player_id: int
    returning: bool  # the player comes back from civil disorder (docs/RULES.md §3.6)


class _Moved(Exception):
    """The game changed between the check and the write: check again."""


async def submit_orders(db: Database, *, game_id: int | None = None, user_id: int, text: str,
                        power: str | None = None, ready: bool | None = None,
                        now: datetime | None = None,
                        channel: tuple[int, int | None] | None = None) -> SubmitResult:
    """Check ``text`` (one or many lines) with the engine and store it as the power's orders
    for the current phase, replacing any previous set (docs/RULES.md §3.4.3: a new sheet replaces
    the old one). Any refused line refuses the whole set: nothing is written, and
    ``OrdersRejected`` carries every line with its reason. Sending orders brings a player in
    civil disorder back (docs/RULES.md §3.6).

    The game is ``game_id``, or the game of ``channel`` = (channel id, thread id or None).
    A sheet beyond the bounds (``bound_orders``) is refused before anything is read. One
    read (the game and its seats), then the engine checks the sheet in a worker thread,
    outside any write (a slow check neither holds SQLite's write lock nor stalls the event
    loop), then one write statement stores it only if the game's version, phase and status
    and the caller's seat are still the ones checked (else the sheet is checked again). On
    PostgreSQL neither runs in an explicit transaction: three round trips in all."""
    if game_id is None and channel is None:
        raise ValueError("submit_orders needs game_id or channel")
    bound_orders(text)
    now = now or utcnow()
    for _ in range(_CHECK_TRIES):
        sheet = await db.run(partial(_sheet_in, game_id=game_id, channel=channel,
                                     user_id=user_id, power=power), write=False,
                             autocommit=True)
        lines = await asyncio.to_thread(_checked_lines, sheet, text)
        try:
            # a player coming back from civil disorder: two statements, one transaction
            result = await db.run(partial(_store_in, sheet=sheet, user_id=user_id, text=text,
                                          lines=lines, ready=bool(ready), now=now),
                                  autocommit=not sheet.returning)
        except _Moved:
            game_id = sheet.game_id
            continue
        break
    else:
        raise Stale("game.stale", expected_phase=sheet.phase, phase=sheet.phase,
                    expected_version=sheet.version, version=sheet.version)
    if ready:
        await resolve_if_ready(db, game_id=result.game_id, now=now)
    return result


def _sheet_in(connection: Connection, *, game_id: int | None,
              channel: tuple[int, int | None] | None, user_id: int,
              power: str | None) -> _Sheet:
    """The game, the caller's seat and the power ordered for, read without a lock (on
    PostgreSQL without a transaction: the write checks the version read)."""
    game: Any  # a row of _GAME_COLUMNS, or None
    if game_id is None:
        assert channel is not None
        game = _GAME_OF_CHANNEL.find(connection, channel_id=channel[0], thread_id=channel[1])
    else:
        game = connection.execute(_GAME_BY_ID, {"game_id": game_id}).first()
        if game is None:
            raise NotFound("game.not_found", game_id=game_id)
    require_status(cast(Game, game), GameStatus.ACTIVE, GameStatus.PAUSED)
    players = cast(list[Player], list(
        connection.execute(_PLAYERS_OF_GAME, {"game_id": int(game.id)}).all()))
    player = seated_player(players, user_id)
    if player is None:
        raise Forbidden("player.not_in_game", user_id=user_id)
    state = dict(game.state or {})
    choices = engine_api.powers_with_choices(
        state, engine_options(cast(Game, game), players, returning=player))
    phase = str(game.phase)
    return _Sheet(game_id=int(game.id), phase=phase, version=int(game.version),
                  power=_pick_power(player, power, choices, phase), state=state,
                  player_id=int(player.id or 0),
                  returning=player.status == PlayerStatus.CIVIL_DISORDER.value
                  or bool(player.missed_phases))


def _checked_lines(sheet: _Sheet, text: str) -> tuple[OrderLine, ...]:
    """The engine's check of the sheet (in a worker thread); ``OrdersRejected`` when a line
    is refused."""
    checked = engine_api.check_orders(sheet.state, sheet.power, text)
    lines = tuple(_line(x) for x in checked.get("lines", []))
    if not checked.get("ok"):
        raise OrdersRejected(power=sheet.power, phase=sheet.phase, lines=[
            {"text": x.text, "ok": x.ok, "normalized": x.normalized, "error": x.error}
            for x in lines])
    return lines


def _store_in(connection: Connection, *, sheet: _Sheet, user_id: int, text: str,
              lines: tuple[OrderLine, ...], ready: bool, now: datetime) -> SubmitResult:
    """The submission's write, synchronous (``Database.run``): the hot path of the bot, so
    plain Core statements built once. One statement in the usual case (the power's set
    replaced), two for the phase's first set (the replacement finds none; the insert);
    each is guarded by ``_STILL_CHECKED``, and neither writing means the game moved (or a
    racing first set was inserted): ``_Moved``. Nothing is parsed here."""
    parsed = [{"text": x.text, "normalized": x.normalized, "order": x.order,
               **({"conditional": True} if x.conditional else {})} for x in lines]
    # new orders are not "ready" unless said again: no accidental early resolution
    params = {"of_game_id": sheet.game_id, "of_phase": sheet.phase, "of_power": sheet.power,
              "of_version": sheet.version, "of_player_id": sheet.player_id,
              "of_user_id": user_id, "new_text": text, "new_parsed": parsed,
              "new_ready": ready, "new_user_id": user_id, "new_updated_at": now}
    replaced = connection.execute(_REPLACE_ORDERS, params).rowcount > 0
    if not replaced and connection.execute(
            _INSERT_ORDERS[connection.dialect.name], params).rowcount <= 0:
        raise _Moved
    if sheet.returning:
        connection.execute(_BACK_FROM_DISORDER, {"of_id": sheet.player_id})
    return SubmitResult(game_id=sheet.game_id, phase=sheet.phase, power=sheet.power,
                        lines=lines, replaced=replaced,
                        variant=str(sheet.state.get("variant") or "") or None)


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


_OWN_SETS = core_select(_ORDERS.c.power, _ORDERS.c.phase, _ORDERS.c.text, _ORDERS.c.parsed,
                        _ORDERS.c.ready, _ORDERS.c.updated_at).where(
    _ORDERS.c.game_id == bindparam("game_id"), _ORDERS.c.phase == bindparam("phase"),
    _ORDERS.c.power.in_(bindparam("powers", expanding=True))).order_by(_ORDERS.c.power)


def own_orders_in(connection: Connection, *, game_id: int, phase: str,
                  powers: list[str]) -> list[OwnOrders]:
    """``my_orders`` inside a caller's read (``Database.run``): the sets of ``powers`` —
    the caller's own seat's, checked by the caller — for ``phase``, never another's."""
    if not powers:
        return []
    rows = connection.execute(_OWN_SETS, {"game_id": game_id, "phase": phase,
                                          "powers": list(powers)}).all()
    return [OwnOrders(power=r.power, phase=r.phase, text=r.text,
                      lines=tuple(_line({**x, "ok": True}) for x in r.parsed or []),
                      ready=bool(r.ready), updated_at=r.updated_at) for r in rows]


@dataclass(frozen=True, slots=True)
class OrderStatus:
    """Public progress of a phase: who has sent orders and who is ready, never what.
    ``waiting``: powers with a choice; ``missing``: those of them whose player must act
    and has neither sent orders nor said ready."""

    phase: str
    waiting: tuple[str, ...]
    submitted: tuple[str, ...]
    ready: tuple[str, ...]
    missing: tuple[str, ...] = ()


async def order_status(db: Database, *, game_id: int) -> OrderStatus:
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        players = await load_players(session, game_id)
        choices = engine_api.powers_with_choices(dict(game.state or {}),
                                                 engine_options(game, players)) \
            if game.state else []
        rows = (await session.exec(select(OrderSet).where(
            OrderSet.game_id == game_id, OrderSet.phase == game.phase))).all()
        submitted = {r.power for r in rows if r.text.strip()}
        ready = {r.power for r in rows if r.ready}
        missing = waiting_powers(players, choices) - submitted - ready
        return OrderStatus(phase=str(game.phase), waiting=tuple(sorted(choices)),
                           submitted=tuple(sorted(submitted)), ready=tuple(sorted(ready)),
                           missing=tuple(sorted(missing)))


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


async def add_order(db: Database, *, game_id: int, user_id: int, power: str | None,
                    order_text: str) -> SubmitResult:
    """One order added to the power's current set: the set's line for the same unit is
    replaced (the last order for a unit counts, docs/RULES.md §3.4.3) and the whole set is sent
    through ``submit_orders`` (checked by the engine, stored or refused as a whole)."""
    current = await my_orders(db, game_id=game_id, user_id=user_id)
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
    return await submit_orders(db, game_id=game_id, user_id=user_id, text=text,
                                              power=checked_power)


async def retreat_order(db: Database, *, game_id: int, user_id: int, location: str,
                        target: str | None) -> SubmitResult:
    """The retreat to ``target`` (None: the disbandment) of the unit dislodged at
    ``location``, added to its power's orders (``add_order``): what a button of the retreat
    DM sends. Checked like any order: the presser must hold the unit's power, the engine
    must allow the retreat."""
    state = await games.public_state(db, game_id=game_id)
    unit = next((d for d in state.get("dislodged") or []
                 if str(d.get("location")) == location), None)
    if unit is None:  # no such dislodged unit now: the button is of another position
        raise Stale(phase=state.get("phase"))
    order = f"{unit['type']} {location} R {target}" if target else \
        f"{unit['type']} {location} D"
    return await add_order(db, game_id=game_id, user_id=user_id, power=str(unit["power"]),
                           order_text=order)


def _location_of(order_text: str) -> str | None:
    """``A par - bur`` -> ``par``; ``F stp/sc - bot`` -> ``stp/sc``: normalised orders written
    by the engine start with the unit type and its location."""
    parts = order_text.split()
    if len(parts) >= 2 and parts[0].upper() in ("A", "F"):
        return parts[1].lower()
    return None
