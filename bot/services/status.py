"""``/game status``: where the game of a channel stands, read in one read transaction.

The game of the channel (or of the thread, else of its channel, as ``bot.ui.common.game_here``
finds it), its seats, the public progress of the phase (who has sent orders and who is
ready, never what) and the position: what ``status_embed`` shows, for every variant. Plain
Core statements built once, through ``Database.run`` (one worker-thread hop on SQLite): 3
statements in the usual case (4 with who is away), where three transactions and 6 were needed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any, cast

from sqlalchemy import bindparam, func
from sqlalchemy import select as core_select
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

from bot.db import Database
from bot.models import Game, Player
from bot.services.absence import Away
from bot.services.common import SEATED, ChannelGame, GameView, game_view, waiting_powers
from bot.services.orders import OrderStatus
from bot.services.written_orders import engine_options
from engine import api as engine_api
from engine import variants

_GAME, _PLAYER, _ORDERS, _ABSENCE = (SQLModel.metadata.tables[name]
                                     for name in ("game", "player", "order_set", "absence"))
_GAME_OF_CHANNEL = ChannelGame(tuple(_GAME.c))
_PLAYERS = core_select(*_PLAYER.c).where(
    _PLAYER.c.game_id == bindparam("game_id")).order_by(_PLAYER.c.id)
# the flags of the phase's order sets, never their text
_FLAGS = core_select(_ORDERS.c.power, _ORDERS.c.ready,
                     (func.trim(_ORDERS.c.text) != "").label("sent")).where(
    _ORDERS.c.game_id == bindparam("game_id"), _ORDERS.c.phase == bindparam("phase"))
# who is away today (docs/RULES.md §3.6): never why
_AWAY = core_select(_ABSENCE.c.user_id, _ABSENCE.c.ends).where(
    _ABSENCE.c.game_id == bindparam("game_id"), _ABSENCE.c.cleared.is_(False),
    _ABSENCE.c.starts <= bindparam("today"), _ABSENCE.c.ends >= bindparam("today")
).order_by(_ABSENCE.c.ends)


@dataclass(frozen=True, slots=True)
class StatusView:
    """A game as ``/game status`` shows it. ``progress`` and ``state`` are None before the
    game has started (no phase)."""

    game: GameView
    progress: OrderStatus | None
    state: dict[str, Any] | None
    away: tuple[Away, ...] = ()  # seated players away today


async def game_status(db: Database, *, channel_id: int, thread_id: int | None = None,
                      now: datetime | None = None) -> StatusView:
    """The status of the game of ``channel_id`` (``thread_id``: a thread or forum post of
    it); ``NotFound("game.no_game_here")`` when there is none."""
    today = (now or datetime.now(UTC)).astimezone(UTC).date()
    return await db.run(partial(_status_in, channel_id=channel_id, thread_id=thread_id,
                                today=today), write=False)


def _status_in(connection: Connection, *, channel_id: int, thread_id: int | None,
               today: Any) -> StatusView:
    game = cast(Game, _GAME_OF_CHANNEL.find(connection, channel_id=channel_id,
                                            thread_id=thread_id))
    players = cast(list[Player], list(connection.execute(_PLAYERS, {"game_id": game.id})))
    view = game_view(game, players)
    seated = {p.user_id for p in players if p.status in SEATED}
    away = tuple(Away(user_id=int(r.user_id), ends=r.ends) for r in connection.execute(
        _AWAY, {"game_id": game.id, "today": today}) if r.user_id in seated)
    if not game.phase:
        return StatusView(game=view, progress=None, state=None, away=away)
    # what anyone may see: not the conditional orders sent ahead (docs/RULES.md §3.4.2)
    state = variants.public(dict(game.state or {}))
    choices = engine_api.powers_with_choices(state, engine_options(game, players)) \
        if state else []
    rows = connection.execute(_FLAGS, {"game_id": game.id, "phase": game.phase}).all()
    submitted = {r.power for r in rows if r.sent}
    ready = {r.power for r in rows if r.ready}
    missing = waiting_powers(players, choices) - submitted - ready
    progress = OrderStatus(phase=str(game.phase), waiting=tuple(sorted(choices)),
                           submitted=tuple(sorted(submitted)), ready=tuple(sorted(ready)),
                           missing=tuple(sorted(missing)))
    return StatusView(game=view, progress=progress, state=state, away=away)
