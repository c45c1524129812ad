"""Reminders on the player's terms: at which hours before a deadline a player gets a DM, and
whether only while their orders are missing.

Stored per seat (``Player.settings["remind"]``), so per game: phase lengths differ between
games (a reminder 24 hours ahead means nothing in a game of one-hour phases), the existing
off switch (the button of the reminder DM) is per game, and the scheduler's reminder pass
already loads the seats — no other query. A seat without settings of its own gets the
default: one reminder an eighth of the phase ahead, only while orders are missing.

Each offset is sent at most once per deadline: what was sent is written beside the settings
(``Player.settings["reminded"]``: the deadline and its offsets done) in the transaction that
queues the DM, so a restart never sends it again. A moved deadline starts afresh.
``Game.reminder_at`` is the next time any seat of the game has an offset due (``plan``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from babel.numbers import NumberFormatError, parse_decimal

from bot.db import Database
from bot.models import Game, GameStatus, Player
from bot.services.common import (
    DEFAULT_PHASE_MINUTES,
    MAX_PHASE_MINUTES,
    SEATED,
    iso,
    load_game,
    load_players,
    phase_kind,
    phase_length,
    reminder_lead,
    seated_player,
)
from bot.services.errors import Invalid, NotFound

MAX_OFFSETS = 5
MAX_HOURS = MAX_PHASE_MINUTES // 60


@dataclass(frozen=True, slots=True)
class ReminderSettings:
    """A seat's reminders: ``hours`` empty means the game's default (``default_hours``
    ahead, only while orders are missing)."""

    enabled: bool
    hours: tuple[float, ...]
    only_missing: bool
    default_hours: float
    # how long this game's phases last, in hours, shortest first: an offset not shorter
    # than a phase is never sent before its deadline (it would fall before the phase opened)
    phase_hours: tuple[float, ...] = ()

    def never_sent(self) -> tuple[float, ...]:
        """The offsets no phase of the game is long enough for."""
        return tuple(h for h in self.hours if self.phase_hours and h >= self.phase_hours[-1])

    def sent_in_longer_phases(self) -> tuple[float, ...]:
        """The offsets sent only before the deadlines of the game's longer phases."""
        return tuple(h for h in self.hours
                     if self.phase_hours and self.phase_hours[0] <= h < self.phase_hours[-1])


# what separates two offsets: ";" and spaces always; "," in English, where it is no decimal
# mark; in French "," is the decimal mark ("1,5 h"), so only a comma followed by a space
_SEPARATORS = {"fr": re.compile(r"[;\s]+|,(?=\s)"), "en": re.compile(r"[,;\s]+")}


def parse_hours(text: str, locale: str = "en") -> tuple[float, ...]:
    """``"24, 1.5"`` (en) or ``"24 ; 1,5"`` (fr) -> (24.0, 1.5): up to five offsets in hours,
    numbers read as the reader writes them (Babel, ``locale`` as Babel names it), each above
    0 and at most the longest phase, latest first. ``Invalid("remind.bad_hours")`` for what
    is no number, ``Invalid("remind.ambiguous_hours")`` for a number that could be read two
    ways ("1.5" to a French reader, "1,5,24")."""
    language = locale.split("_")[0].split("-")[0].lower()
    split = _SEPARATORS.get(language, _SEPARATORS["en"])
    pieces = [p for p in split.split(text.strip()) if p]
    hours = set()
    for piece in pieces:
        number = piece.removesuffix("h").strip()
        if re.fullmatch(r"\d+([.,]\d+){2,}", number):  # 1,5,24: which mark separates?
            raise Invalid("remind.ambiguous_hours", value=text, piece=piece)
        try:
            hours.add(float(parse_decimal(number, locale=locale, strict=True)))
        except NumberFormatError as err:
            if err.suggestions:  # a number, but not written the reader's way
                raise Invalid("remind.ambiguous_hours", value=text, piece=piece) from None
            raise Invalid("remind.bad_hours", value=text) from None
        except ValueError:
            raise Invalid("remind.bad_hours", value=text) from None
    if not hours or len(hours) > MAX_OFFSETS or any(
            not 0 < h <= MAX_HOURS or h != h for h in hours):
        raise Invalid("remind.bad_hours", value=text)
    return tuple(sorted(hours, reverse=True))


def _default_hours(game: Game) -> float:
    return reminder_lead(phase_length(game, game.phase)) / timedelta(hours=1)


def _phase_hours(game: Game) -> tuple[float, ...]:
    """The lengths of the game's phases in hours: of its movement, retreat and adjustment
    phases when it plays those, else of its other phases."""
    minutes = game.phase_minutes or DEFAULT_PHASE_MINUTES
    kinds = [k for k in minutes if k != "*"] if phase_kind(game.phase) != "*" else ["*"]
    lengths = {phase_length(game, f"S1901{k}" if k != "*" else game.phase) / timedelta(hours=1)
               for k in kinds}
    return tuple(sorted(lengths))


def settings_of(game: Game, player: Player) -> ReminderSettings:
    own = (player.settings or {}).get("remind") or {}
    return ReminderSettings(enabled=player.reminders,
                            hours=tuple(float(h) for h in own.get("hours") or ()),
                            only_missing=bool(own.get("only_missing", True)) if own else True,
                            default_hours=_default_hours(game),
                            phase_hours=_phase_hours(game))


@dataclass(frozen=True, slots=True)
class _Deadline:
    """What every seat's offsets are measured against, computed once per game."""

    at: datetime
    key: str  # the deadline as stored in the seats' "reminded" marks
    longest: float  # the phase length in hours: longer offsets are never sent
    default: float  # the default offset in hours

    @classmethod
    def of(cls, game: Game) -> _Deadline | None:
        if game.deadline is None:
            return None
        length = phase_length(game, game.phase)
        return cls(at=game.deadline, key=game.deadline.isoformat(),
                   longest=length / timedelta(hours=1),
                   default=reminder_lead(length) / timedelta(hours=1))


def _offsets(settings: dict[str, Any], d: _Deadline) -> tuple[list[float], bool]:
    own = settings.get("remind") or {}
    if own.get("hours"):
        return [float(h) for h in own["hours"]], bool(own.get("only_missing", True))
    return [d.default], True


def _done(settings: dict[str, Any], d: _Deadline) -> set[float]:
    """The offsets already sent (or passed over) for the current deadline."""
    mark = settings.get("reminded") or {}
    if mark.get("deadline") != d.key:
        return set()
    return {float(h) for h in mark.get("hours") or ()}


def _pending(player: Player, settings: dict[str, Any], d: _Deadline) -> list[float]:
    """Offsets of a seat still to send before the deadline; those longer than the phase
    would fall before it opened, and are never sent."""
    if player.status not in SEATED or not player.reminders:
        return []
    done = _done(settings, d)
    return [h for h in _offsets(settings, d)[0] if h < d.longest and h not in done]


def _next(players: Sequence[Player], settings: Mapping[int, dict[str, Any]], d: _Deadline,
          now: datetime) -> datetime | None:
    times = [d.at - timedelta(hours=h) for p in players
             for h in _pending(p, settings.get(int(p.id or 0), p.settings or {}), d)]
    later = [x for x in times if x > now]
    return min(later) if later else None


def plan(game: Game, players: Sequence[Player], now: datetime) -> None:
    """Set ``game.reminder_at`` to the next time a seat has an offset due (None: none)."""
    d = _Deadline.of(game)
    game.reminder_at = _next(players, {}, d, now) \
        if d is not None and game.status == GameStatus.ACTIVE.value else None


def due(game: Game, players: Sequence[Player], waiting: set[str],
        answered: set[str], now: datetime
        ) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]], datetime | None]:
    """The reminder pass of one game: (the DM rows to queue, the new settings of the seats
    whose offsets were done, the next reminder time). Several offsets due at once (the bot
    was down) make one DM. ``waiting``: powers that must act now; ``answered``: those that
    sent orders or said ready. Changes no row object: the caller writes the result."""
    posts: list[dict[str, Any]] = []
    marks: dict[int, dict[str, Any]] = {}
    d = _Deadline.of(game)
    if d is None:
        return posts, marks, None
    for p in players:
        mine = set(p.powers) & waiting
        if not mine:
            continue  # nothing to do in this phase: no reminder
        settings = p.settings or {}
        now_due = [h for h in _pending(p, settings, d) if d.at - timedelta(hours=h) <= now]
        if not now_due:
            continue
        missing = sorted(mine - answered)
        if missing or not _offsets(settings, d)[1]:
            posts.append({"game_id": game.id, "kind": "reminder", "created_at": now,
                          "attempts": 0,
                          "payload": {"user_id": p.user_id, "phase": game.phase,
                                      "deadline": d.key, "powers": missing,
                                      "hours": min(now_due)}})
        done = sorted(_done(settings, d) | set(now_due))
        marks[int(p.id or 0)] = {**settings, "reminded": {"deadline": d.key, "hours": done}}
    return posts, marks, _next(players, marks, d, now)


async def _seat(db_session: Any, game_id: int, user_id: int) -> tuple[Game, list[Player],
                                                                       Player]:
    game = await load_game(db_session, game_id, lock=True)
    players = await load_players(db_session, game_id)
    player = seated_player(players, user_id)
    if player is None:
        raise NotFound("player.not_in_game", user_id=user_id)
    return game, players, player


async def set_reminders(db: Database, *, game_id: int, user_id: int, hours: str,
                        only_missing: bool = False, now: datetime,
                        locale: str = "en") -> ReminderSettings:
    """The seat's own offsets (reminders turned on), read as a reader of ``locale`` (Babel's
    name) writes numbers. Offsets already past for the current deadline are counted as done:
    a reminder is never sent late for them."""
    offsets = parse_hours(hours, locale)
    async with db.transaction() as session:
        game, players, player = await _seat(session, game_id, user_id)
        settings = {**(player.settings or {}),
                    "remind": {"hours": list(offsets), "only_missing": only_missing}}
        if game.deadline is not None:
            past = [h for h in offsets if game.deadline - timedelta(hours=h) <= now]
            settings["reminded"] = {"deadline": iso(game.deadline), "hours": past}
        player.settings = settings
        player.reminders = True
        if game.status == GameStatus.ACTIVE.value:
            plan(game, players, now)
        out = settings_of(game, player)
    db.notify_deadlines()
    return out


async def reminders_off(db: Database, *, game_id: int, user_id: int,
                        now: datetime) -> ReminderSettings:
    async with db.transaction() as session:
        game, players, player = await _seat(session, game_id, user_id)
        player.reminders = False
        if game.status == GameStatus.ACTIVE.value:
            plan(game, players, now)
        return settings_of(game, player)


async def reminder_settings(db: Database, *, game_id: int, user_id: int) -> ReminderSettings:
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        player = seated_player(await load_players(session, game_id), user_id)
        if player is None:
            raise NotFound("player.not_in_game", user_id=user_id)
        return settings_of(game, player)
