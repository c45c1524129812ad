"""Shared pieces of the services: domain views (frozen dataclasses), lookups, deadlines,
outbox rows. Nothing here knows Discord; nothing here returns another player's orders."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy import select as core_select
from sqlalchemy.engine import Connection, Row
from sqlmodel import SQLModel, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import lock_game
from bot.models import Game, GameStatus, OrderSet, Outbox, Player, PlayerStatus, utcnow
from bot.services.errors import Conflict, Forbidden, NotFound

# seats of a game that still play; LEFT/KICKED/REPLACED rows are history
SEATED = (PlayerStatus.ACTIVE.value, PlayerStatus.CIVIL_DISORDER.value)
# players whose powers are run by the rules for civil disorder (docs/RULES.md §2.14.3)
NOT_PLAYING = (PlayerStatus.CIVIL_DISORDER.value, PlayerStatus.LEFT.value,
               PlayerStatus.KICKED.value)

DEFAULT_PHASE_MINUTES = {"M": 48 * 60, "R": 24 * 60, "A": 24 * 60, "*": 48 * 60}
MIN_PHASE_MINUTES = 1
MAX_PHASE_MINUTES = 30 * 24 * 60


@dataclass(frozen=True, slots=True)
class PlayerView:
    user_id: int
    powers: tuple[str, ...]
    status: str
    missed_phases: int
    seat: int | None


@dataclass(frozen=True, slots=True)
class GameView:
    """What anyone may see of a game (no orders of the current phase)."""

    id: int
    name: str
    variant: str
    status: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    gm_user_id: int
    phase: str | None
    version: int
    deadline: datetime | None
    options: dict[str, Any]
    phase_minutes: dict[str, Any]
    result: dict[str, Any] | None
    players: tuple[PlayerView, ...]

    def player(self, user_id: int) -> PlayerView | None:
        for p in self.players:
            if p.user_id == user_id and p.status in SEATED:
                return p
        return None


def player_view(player: Player) -> PlayerView:
    return PlayerView(user_id=player.user_id, powers=tuple(player.powers), status=player.status,
                      missed_phases=player.missed_phases, seat=player.seat)


def game_view(game: Game, players: Iterable[Player]) -> GameView:
    assert game.id is not None
    return GameView(id=game.id, name=game.name, variant=game.variant, status=game.status,
                    guild_id=game.guild_id, channel_id=game.channel_id,
                    thread_id=game.thread_id, gm_user_id=game.gm_user_id, phase=game.phase,
                    version=game.version, deadline=game.deadline, options=dict(game.options),
                    phase_minutes=dict(game.phase_minutes),
                    result=dict(game.result) if game.result else None,
                    players=tuple(player_view(p) for p in
                                  sorted(players, key=lambda p: (p.seat or 0, p.id or 0))))


async def load_game(session: AsyncSession, game_id: int, *, lock: bool = False) -> Game:
    game = await lock_game(session, game_id) if lock else await session.get(Game, game_id)
    if game is None:
        raise NotFound("game.not_found", game_id=game_id)
    return game


async def load_players(session: AsyncSession, game_id: int, *,
                       seated_only: bool = False) -> list[Player]:
    query = select(Player).where(Player.game_id == game_id)
    if seated_only:
        query = query.where(col(Player.status).in_(SEATED))
    return list((await session.exec(query.order_by(col(Player.id)))).all())


async def pending_order_sets(session: AsyncSession, game: Game) -> list[OrderSet]:
    """The order sets of the game's current phase, read once per transaction: a turn's
    readiness check, its snapshot and its step share one statement. For reading only: a
    transaction that changes them reads them with its own query."""
    key = ("pending_order_sets", game.id, game.phase)
    found: list[OrderSet] | None = session.info.get(key)
    if found is None:
        found = list((await session.exec(select(OrderSet).where(
            OrderSet.game_id == game.id, OrderSet.phase == game.phase))).all())
        session.info[key] = found
    return found


class ChannelGame:
    """Statements, built once, that find the game a command used in a channel (or in a thread
    of it) is about, for the synchronous hot paths (``Database.run``): the unfinished game of
    the thread, else the latest game of the thread, else the same for the channel itself (a
    thread of a game channel) — as ``games.game_in_channel`` then ``bot.ui.common.game_here``.
    Built once because building a statement costs more than running it on SQLite."""

    def __init__(self, columns: Sequence[Any], *, lock: bool = False) -> None:
        table = SQLModel.metadata.tables["game"]
        c = table.c
        unfinished = c.status != GameStatus.FINISHED.value
        channel, thread = c.channel_id == bindparam("channel_id"), c.thread_id == bindparam(
            "thread_id")
        queries = {
            # the unfinished game of a thread is found by the thread alone (games.py)
            "thread": (core_select(*columns).where(unfinished, thread).limit(1),
                       core_select(*columns).where(channel, thread)
                       .order_by(c.id.desc()).limit(1)),
            "channel": (core_select(*columns).where(unfinished, channel, c.thread_id.is_(None))
                        .limit(1),
                        core_select(*columns).where(channel, c.thread_id.is_(None))
                        .order_by(c.id.desc()).limit(1)),
        }
        self._queries = {k: tuple(q.with_for_update() if lock else q for q in pair)
                         for k, pair in queries.items()}

    def find(self, connection: Connection, *, channel_id: int, thread_id: int | None = None
             ) -> Row[Any]:
        """The game's row; ``NotFound("game.no_game_here")`` when the channel has none."""
        places = ("thread", "channel") if thread_id is not None else ("channel",)
        params = {"channel_id": channel_id, "thread_id": thread_id}
        for place in places:
            for query in self._queries[place]:
                row = connection.execute(query, params).first()
                if row is not None:
                    return row
        raise NotFound("game.no_game_here", channel_id=channel_id)


def seated_player(players: Sequence[Player], user_id: int) -> Player | None:
    for p in players:
        if p.user_id == user_id and p.status in SEATED:
            return p
    return None


def require_gm(game: Game, user_id: int) -> None:
    if game.gm_user_id != user_id:
        raise Forbidden("game.not_gm", user_id=user_id)


def require_status(game: Game, *expected: GameStatus) -> None:
    if game.status not in {s.value for s in expected}:
        raise Conflict("game.wrong_status", status=game.status,
                       expected=[s.value for s in expected])


def phase_kind(phase: str | None) -> str:
    """M(ovement), R(etreat), A(djustment) for "S1901M"-style phases; "*" otherwise."""
    if phase and phase[-1] in "MRA" and phase[1:-1].isdigit():
        return phase[-1]
    return "*"


def phase_length(game: Game, phase: str | None) -> timedelta:
    minutes = game.phase_minutes or DEFAULT_PHASE_MINUTES
    kind = phase_kind(phase)
    value = minutes.get(kind, minutes.get("*", minutes.get("M", DEFAULT_PHASE_MINUTES["M"])))
    return timedelta(minutes=float(value))


def reminder_lead(length: timedelta) -> timedelta:
    """How long before a deadline players who have not ordered are reminded: an eighth of the
    phase, at least 10 minutes, at most a day (24 h -> 3 h, 48 h -> 6 h, 1 h -> 10 min)."""
    return max(timedelta(minutes=10), min(timedelta(days=1), length / 8))


def set_deadline(game: Game, deadline: datetime | None, now: datetime) -> None:
    """Deadline and reminder time of the current phase (no reminder when too close)."""
    game.deadline = deadline
    game.reminder_at = None
    if deadline is not None:
        lead = reminder_lead(phase_length(game, game.phase))
        remind = deadline - lead
        if remind > now:
            game.reminder_at = remind
    game.updated_at = now


def schedule_phase(game: Game, now: datetime) -> None:
    """Open the current phase: its full length from now."""
    set_deadline(game, now + phase_length(game, game.phase), now)


def touch(game: Game, now: datetime) -> None:
    game.version += 1
    game.updated_at = now


def enqueue(session: AsyncSession, game: Game | None, kind: str, payload: dict[str, Any],
            now: datetime | None = None) -> Outbox:
    """Queue a post in the current transaction (sent by the poster after commit)."""
    row = Outbox(game_id=game.id if game is not None else None, kind=kind, payload=payload,
                 created_at=now or utcnow())
    session.add(row)
    return row


def iso(dt: datetime | None) -> str | None:
    return dt.isoformat() if dt is not None else None


def waiting_powers(players: Sequence[Player], choices: Sequence[str]) -> set[str]:
    """Powers whose active player is expected to answer in this phase."""
    active = {pw for p in players if p.status == PlayerStatus.ACTIVE.value for pw in p.powers}
    return set(choices) & active
