"""Sign-up, the start (one power per player, seed 003: 14 powers) and the GM's timing (stage
lengths, the automatic crisis schedule)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.db import Database
from bot.models import GameStatus, Player, utcnow
from bot.services import games as games_service
from bot.services.common import (
    GameView,
    enqueue,
    game_view,
    iso,
    load_players,
    require_gm,
    require_status,
    seated_player,
)
from bot.services.errors import Conflict, Invalid
from bot.services.imperialisme.common import (
    MAX_MINUTES,
    MAX_PLAYERS,
    MIN_MINUTES,
    MIN_PLAYERS,
    VARIANT,
    game_map,
    imperial_game,
    refresh_deadline,
    resolve_power,
    schedule_row,
    set_state,
    snapshot,
    timing,
)
from engine.variants.imperialisme import api as imp


async def create_game(db: Database, *, channel_id: int, gm_user_id: int,
                      guild_id: int | None = None, thread_id: int | None = None,
                      name: str | None = None, now: datetime | None = None) -> GameView:
    return await games_service.create_game(
        db, variant=VARIANT, channel_id=channel_id, gm_user_id=gm_user_id, guild_id=guild_id,
        thread_id=thread_id, name=name, now=now)


async def join_game(db: Database, *, game_id: int, user_id: int, power: str | None = None,
                    now: datetime | None = None) -> str | None:
    """Sign up (or change one's pick): ``power`` is the power the player wants; first come,
    first served. Returns the pick."""
    now = now or utcnow()
    pick = resolve_power(power) if power else None
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        require_status(game, GameStatus.SIGNUP)
        players = await load_players(session, game_id, seated_only=True)
        me = seated_player(players, user_id)
        if pick is not None:
            for p in players:
                if p.user_id != user_id and pick in p.preferences:
                    raise Conflict("imp.power_taken", power=pick)
        if me is None:
            if len(players) >= MAX_PLAYERS:
                raise Conflict("player.game_full", max=MAX_PLAYERS)
            me = Player(game_id=game_id, user_id=user_id, joined_at=now)
            session.add(me)
        me.preferences = [pick] if pick else []
        return pick


@dataclass(frozen=True, slots=True)
class Started:
    game: GameView
    seed: int
    seats: tuple[tuple[int, str], ...]  # (user id, power)
    unplayed: tuple[str, ...]
    commit: str


def assign_powers(picks: Sequence[str | None], powers: Sequence[str], seed: int) -> list[str]:
    """A power for each player: their pick when free (sign-up order), else drawn by lot."""
    rng = random.Random(seed)
    out: list[str | None] = []
    taken: set[str] = set()
    for pick in picks:
        if pick and pick in powers and pick not in taken:
            out.append(pick)
            taken.add(pick)
        else:
            out.append(None)
    free = [p for p in powers if p not in taken]
    rng.shuffle(free)
    return [p if p is not None else free.pop() for p in out]


async def start_game(db: Database, *, game_id: int, user_id: int, seed: int | None = None,
                     now: datetime | None = None) -> Started:
    """GM starts: each player gets one power (seed 003: 14 powers; powers nobody plays are
    unplayed: they never declare and their vote is blank)."""
    now = now or utcnow()
    seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        require_gm(game, user_id)
        require_status(game, GameStatus.SIGNUP)
        players = await load_players(session, game_id, seated_only=True)
        if len(players) < MIN_PLAYERS:
            raise Conflict("player.not_enough", count=len(players), min=MIN_PLAYERS)
        powers = game_map().power_ids
        picks: list[str | None] = [p.preferences[0] if p.preferences else None
                                   for p in players]
        chosen = assign_powers(picks, powers, seed)
        for player, power in zip(players, chosen, strict=True):
            player.powers = [power]
            player.seat = powers.index(power)
        unplayed = tuple(p for p in powers if p not in chosen)
        state = imp.new_state()
        game.options = {**game.options, "assignment_seed": seed, "unplayed": list(unplayed),
                        "players_at_start": len(players)}
        game.status = GameStatus.ACTIVE.value
        set_state(game, state, now)
        schedule = await schedule_row(session, game)
        every = timing(game)["crisis_every"]
        if every:
            schedule.status, schedule.deadline = "scheduled", now + timedelta(minutes=every)
        await refresh_deadline(session, game, now)
        seats = tuple(sorted(((p.user_id, p.powers[0]) for p in players),
                             key=lambda s: powers.index(s[1])))
        commit = str(schedule.data["commit"])
        enqueue(session, game, "imp_started", {
            "seats": [{"user_id": u, "power": pw} for u, pw in seats],
            "unplayed": list(unplayed), "seed": seed, "commit": commit,
            "next_crisis": iso(schedule.deadline), **snapshot(state)}, now)
        view = game_view(game, players)
    db.notify_deadlines()
    return Started(game=view, seed=seed, seats=seats, unplayed=unplayed, commit=commit)


async def configure(db: Database, *, game_id: int, user_id: int,
                    conference_hours: float | None = None, vote_hours: float | None = None,
                    annexation_hours: float | None = None,
                    crisis_every_hours: float | None = None, automatic: bool | None = None,
                    now: datetime | None = None) -> dict[str, int | None]:
    """GM: stage lengths and the automatic crisis schedule (``automatic=False`` stops it).
    A new length counts from the next stage; the schedule moves ``Game.deadline`` when no
    crisis is in progress."""
    now = now or utcnow()
    changes = {"conference": conference_hours, "vote": vote_hours,
               "annexation": annexation_hours, "crisis_every": crisis_every_hours}
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        require_gm(game, user_id)
        require_status(game, GameStatus.SIGNUP, GameStatus.ACTIVE, GameStatus.PAUSED)
        current = timing(game)
        for key, hours in changes.items():
            if hours is None:
                continue
            minutes = round(hours * 60)
            if not MIN_MINUTES <= minutes <= MAX_MINUTES:
                raise Invalid("phase_length.invalid", key=key, value=hours)
            current[key] = minutes
        if automatic is False:
            current["crisis_every"] = None
        game.options = {**game.options, VARIANT: current}
        if game.status != GameStatus.SIGNUP.value:
            schedule = await schedule_row(session, game)
            every = current["crisis_every"]
            if every:
                if crisis_every_hours is not None or schedule.deadline is None:
                    schedule.deadline = now + timedelta(minutes=every)
                schedule.status = "scheduled"
            else:
                schedule.status, schedule.deadline = "idle", None
            if game.status == GameStatus.ACTIVE.value:
                await refresh_deadline(session, game, now)
            enqueue(session, game, "imp_schedule", {"next_crisis": iso(schedule.deadline),
                                                    "timing": current}, now)
    db.notify_deadlines()
    return current
