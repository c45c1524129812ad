"""Absences announced in advance (docs/RULES.md §3.6): ``/absence set|clear|policy``, and the hook
of the turn pipeline that applies them to a new deadline.

The game option ``absence`` says what an absence does:
- ``extend``: a deadline falling on a day away is moved to the end of the absence (midnight
  UTC after its last day), within the player's yearly allowance (``absence_days``, counted
  per player and game year, the year of the phase whose deadline moves);
- ``replace``: the game master is asked by DM, once per absence, to name a replacement
  (docs/RULES.md §3.6: "en cas d'abandon annoncé à l'avance, un remplacement est immédiatement
  nommé").

A reason is the player's own: it is stored for them and never posted, logged or shown to
anyone else (not to the game master either). Who is away, and until when, is public
(``/game status``): the other players see the deadline move."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlmodel import and_, col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database, sealer_of
from bot.models import Absence, Game, GameStatus, Player
from bot.services import reminders
from bot.services.common import (
    SEATED,
    enqueue,
    iso,
    load_game,
    load_players,
    require_gm,
    seated_player,
    set_deadline,
)
from bot.services.errors import Conflict, Invalid, NotFound
from bot.services.options import ABSENCE_POLICIES, DEFAULT_OPTIONS
from bot.services.registry import own_deadlines

MAX_DAYS = 90  # longer: leave the game, or ask the GM for a replacement
MAX_REASON = 200


@dataclass(frozen=True, slots=True)
class AbsenceView:
    """What the player sees of their own absence (the reason included)."""

    starts: date
    ends: date
    reason: str | None
    policy: str
    deadline: datetime | None  # the game's deadline after the absence was applied
    remaining: int  # days of allowance left in the current game year


@dataclass(frozen=True, slots=True)
class Policy:
    policy: str
    days: int
    remaining: int | None  # the reader's days left this game year; None: not a player
    year: int | None


@dataclass(frozen=True, slots=True)
class Away:
    """A player away now, as anyone may see it: never the reason."""

    user_id: int
    ends: date


def policy_of(game: Game) -> tuple[str, int]:
    options = game.options or {}
    return (str(options.get("absence") or DEFAULT_OPTIONS["absence"]),
            int(options.get("absence_days", DEFAULT_OPTIONS["absence_days"])))


def game_year(game: Game) -> int | None:
    """The year of the current phase ("S1901M" -> 1901), else of the state."""
    phase = game.phase or ""
    if len(phase) >= 5 and phase[1:5].isdigit():
        return int(phase[1:5])
    year = (game.state or {}).get("year")
    return int(year) if isinstance(year, int) else None


def parse_day(text: str, today: date) -> date:
    """A day as ``2026-12-24`` (ISO), ``24/12/2026`` or ``24/12`` (the next such day from
    ``today``). ``Invalid("absence.bad_date")`` otherwise."""
    text = text.strip()
    try:
        if re.fullmatch(r"\d{4}-\d{1,2}-\d{1,2}", text):
            return date.fromisoformat("-".join(p.zfill(2) for p in text.split("-")))
        match = re.fullmatch(r"(\d{1,2})[/.](\d{1,2})(?:[/.](\d{4}))?", text)
        if match:
            day, month = int(match[1]), int(match[2])
            if match[3]:
                return date(int(match[3]), month, day)
            found = date(today.year, month, day)
            return found if found >= today else date(today.year + 1, month, day)
    except ValueError:
        pass
    raise Invalid("absence.bad_date", value=text)


def _end_of(absence: Absence) -> datetime:
    """Midnight UTC after the last day away."""
    return datetime.combine(absence.ends + timedelta(days=1), time(0), tzinfo=UTC)


def _covers(absence: Absence, moment: datetime) -> bool:
    return absence.starts <= moment.astimezone(UTC).date() <= absence.ends


def _used(absences: list[Absence], user_id: int, year: int | None) -> int:
    key = str(year)
    return sum(int((a.used or {}).get(key, 0)) for a in absences if a.user_id == user_id)


async def _absences(session: AsyncSession, game_id: int) -> list[Absence]:
    return list((await session.exec(select(Absence).where(Absence.game_id == game_id)
                                    .order_by(col(Absence.id)))).all())


async def apply_absences(session: AsyncSession, game: Game, players: list[Player],
                         now: datetime, *, extend: bool = True,
                         announce: bool = True) -> list[dict[str, Any]]:
    """The turn pipeline's hook, once the new deadline is set: with the policy ``extend``,
    a deadline on a day a seated player announced away moves to the end of that absence,
    within the player's allowance left for the game year (a partial move when less is
    left). Each move is announced in the game channel (who and until when, never why).
    Returns the moves. The reminders are planned again for the deadline that results.
    ``extend=False``: a deadline the variant set itself (L'Impérialisme's crisis stages,
    whose rows hold their own times) is left alone. ``announce=False``: the caller queues
    the moves' posts itself (``announce_absences``: a game's start posts first)."""
    policy, allowance = policy_of(game)
    moves: list[dict[str, Any]] = []
    # a variant whose deadlines are its own stages' times (registry.own_deadlines:
    # L'Impérialisme's crisis rows) recomputes them from those rows: a move would not hold
    if extend and own_deadlines(game.variant) is None and game.deadline is not None \
            and game.status == GameStatus.ACTIVE.value and policy == "extend":
        seated = {p.user_id for p in players if p.status in SEATED}
        everyone = await _absences(session, int(game.id or 0))
        candidates = [a for a in everyone if not a.cleared and a.user_id in seated]
        year = game_year(game)
        while candidates:  # each absence moves the deadline at most once
            deadline = game.deadline
            absence = next((a for a in candidates if _covers(a, deadline)
                            and _end_of(a) > deadline), None)
            if absence is None:
                break
            candidates.remove(absence)
            wanted = math.ceil((_end_of(absence) - deadline) / timedelta(days=1))
            granted = min(wanted, max(0, allowance - _used(everyone, absence.user_id, year)))
            if granted <= 0:
                continue  # allowance used up: the deadline stays
            moved = _end_of(absence) if granted == wanted \
                else deadline + timedelta(days=granted)
            absence.used = {**(absence.used or {}),
                            str(year): int((absence.used or {}).get(str(year), 0)) + granted}
            session.add(absence)
            set_deadline(game, moved, now)
            move = {"user_id": absence.user_id, "ends": absence.ends.isoformat(),
                    "days": granted, "deadline": iso(moved), "phase": game.phase}
            moves.append(move)
    if announce:
        announce_absences(session, game, moves, now)
    if game.status == GameStatus.ACTIVE.value:
        reminders.plan(game, players, now)
    return moves


def announce_absences(session: AsyncSession, game: Game, moves: list[dict[str, Any]],
                      now: datetime) -> None:
    """The channel's post for each deadline an absence moved (who and until when)."""
    for move in moves:
        enqueue(session, game, "absence_extended", move, now)


async def set_absence(db: Database, *, game_id: int, user_id: int, starts: str, ends: str,
                      reason: str | None = None, now: datetime) -> AbsenceView:
    """Announce days away. Refused (nothing changed): a day that cannot be read, a last day
    before the first or already past, longer than ``MAX_DAYS``, overlapping one already
    announced, a game over, a user without a seat."""
    today = now.astimezone(UTC).date()
    first, last = parse_day(starts, today), parse_day(ends, today)
    if last < first:
        raise Invalid("absence.ends_before", starts=first.isoformat(), ends=last.isoformat())
    if last < today:
        raise Invalid("absence.past", ends=last.isoformat())
    if (last - first).days + 1 > MAX_DAYS:
        raise Invalid("absence.too_long", count=(last - first).days + 1, max=MAX_DAYS)
    reason = (reason or "").strip()[:MAX_REASON] or None
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if game.status == GameStatus.FINISHED.value:
            raise Conflict("game.wrong_status", status=game.status,
                           expected=[GameStatus.SIGNUP.value, GameStatus.ACTIVE.value])
        players = await load_players(session, game_id)
        if seated_player(players, user_id) is None:
            raise NotFound("player.not_in_game", user_id=user_id)
        mine = [a for a in await _absences(session, game_id)
                if a.user_id == user_id and not a.cleared]
        for a in mine:
            if a.starts <= last and first <= a.ends:
                raise Conflict("absence.overlaps", starts=a.starts.isoformat(),
                               ends=a.ends.isoformat())
        # sealed at rest: the database alone does not tell why a player is away
        absence = Absence(game_id=game_id, user_id=user_id, starts=max(first, today),
                          ends=last, created_at=now,
                          reason=sealer_of(session).seal(reason) if reason else None)
        session.add(absence)
        await session.flush()
        policy, allowance = policy_of(game)
        if policy == "replace":
            player = seated_player(players, user_id)
            assert player is not None
            # the GM's DM: who, which powers, which days; the reason stays the player's
            enqueue(session, game, "absence_replace", {
                "user_id": game.gm_user_id, "player_id": user_id,
                "powers": list(player.powers), "starts": absence.starts.isoformat(),
                "ends": last.isoformat()}, now)
            absence.gm_asked = True
        else:
            await apply_absences(session, game, players, now)
        everyone = await _absences(session, game_id)
        view = AbsenceView(starts=absence.starts, ends=absence.ends, reason=reason,
                           policy=policy, deadline=game.deadline,
                           remaining=max(0, allowance - _used(everyone, user_id,
                                                              game_year(game))))
    db.notify_deadlines()
    return view


async def clear_absences(db: Database, *, game_id: int, user_id: int, now: datetime) -> int:
    """Withdraw the player's absences not over yet; returns how many. The days an absence
    already granted stay counted against the allowance. A deadline already moved stays."""
    today = now.astimezone(UTC).date()
    async with db.transaction() as session:
        await load_game(session, game_id, lock=True)
        if seated_player(await load_players(session, game_id), user_id) is None:
            raise NotFound("player.not_in_game", user_id=user_id)
        mine = [a for a in await _absences(session, game_id)
                if a.user_id == user_id and not a.cleared and a.ends >= today]
        if not mine:
            raise NotFound("absence.none", user_id=user_id)
        for a in mine:
            if any(a.used.values()):
                a.cleared = True
                session.add(a)
            else:
                await session.delete(a)
        return len(mine)


async def my_absences(db: Database, *, game_id: int, user_id: int, now: datetime
                      ) -> list[AbsenceView]:
    """The player's own absences not over yet, with their reasons (for them only)."""
    today = now.astimezone(UTC).date()
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        everyone = await _absences(session, game_id)
        policy, allowance = policy_of(game)
        left = max(0, allowance - _used(everyone, user_id, game_year(game)))
        sealer = sealer_of(session)
        return [AbsenceView(starts=a.starts, ends=a.ends,
                            reason=sealer.unseal(a.reason) if a.reason else None,
                            policy=policy,
                            deadline=game.deadline, remaining=left)
                for a in everyone if a.user_id == user_id and not a.cleared
                and a.ends >= today]


async def away_now(db: Database, *, game_id: int, now: datetime) -> list[Away]:
    """Seated players away today (for ``/game status``): who and until when, never why."""
    today = now.astimezone(UTC).date()
    async with db.transaction(write=False) as session:
        rows = (await session.exec(select(col(Absence.user_id), col(Absence.ends)).join(
            Player, and_(Player.game_id == Absence.game_id,
                         Player.user_id == Absence.user_id)).where(
            Absence.game_id == game_id, col(Absence.cleared).is_(False),
            col(Absence.starts) <= today, col(Absence.ends) >= today,
            col(Player.status).in_(SEATED)).order_by(col(Absence.ends)))).all()
        return [Away(user_id=int(user_id), ends=ends) for user_id, ends in rows]


async def get_policy(db: Database, *, game_id: int, user_id: int) -> Policy:
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        policy, allowance = policy_of(game)
        seated = seated_player(await load_players(session, game_id), user_id) is not None
        year = game_year(game)
        left = max(0, allowance - _used(await _absences(session, game_id), user_id, year)) \
            if seated else None
        return Policy(policy=policy, days=allowance, remaining=left, year=year)


async def set_policy(db: Database, *, game_id: int, user_id: int, policy: str | None,
                     days: int | None) -> Policy:
    """The game master's choice of the absence policy and allowance (game options
    ``absence`` and ``absence_days``); it applies to deadlines set from now on."""
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        options = dict(game.options or {})
        if policy is not None:
            if policy not in ABSENCE_POLICIES:
                raise Invalid("options.invalid", key="absence", value=policy)
            options["absence"] = policy
        if days is not None:
            if not 0 <= days <= 365:
                raise Invalid("options.invalid", key="absence_days", value=days)
            options["absence_days"] = days
        game.options = options
        chosen, allowance = policy_of(game)
        return Policy(policy=chosen, days=allowance, remaining=None, year=game_year(game))
