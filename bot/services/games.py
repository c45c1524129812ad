"""Game lifecycle: create, look up, start, extend/pause/resume, roll back, history."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import col, delete, select, update

from bot.db import Database
from bot.models import (
    DrawProposal,
    Game,
    GameStatus,
    Guild,
    OrderSet,
    PhaseRecord,
    Player,
    utcnow,
)
from bot.services.common import (
    DEFAULT_PHASE_MINUTES,
    MAX_PHASE_MINUTES,
    MIN_PHASE_MINUTES,
    GameView,
    enqueue,
    game_view,
    iso,
    load_game,
    load_players,
    require_gm,
    require_status,
    schedule_phase,
    set_deadline,
    touch,
)
from bot.services.errors import Conflict, Invalid, NotFound
from engine import api as engine_api
from engine import variants

# Rule options (RULES.md); fixed at creation, shown by /game settings.
DEFAULT_OPTIONS: dict[str, Any] = {
    "preset": "standard",          # standard | vortigern (seed 004 chapter 3)
    "nmr_threshold": 2,            # consecutive missed movement phases -> civil disorder (1-3)
    "end_year": None,              # seed 000 III: game ends after this year, most centres wins
    "auto_draw": False,            # seed 004 §3.8: draw after 3 years without a centre changing
    "victory_centers": 18,
    "assignment": "random",        # random | preferences (seed 004 §3.2)
    "bids_accumulate": False,      # Duel-Diplomatie (RULES.md)
    "palette": None,               # renderer palette name
}
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {"preset": "standard"},
    "vortigern": {"preset": "vortigern", "assignment": "preferences"},
}


def _check_option(key: str, value: Any) -> Any:
    def bad() -> Invalid:
        return Invalid("options.invalid", key=key, value=value)

    if key == "preset":
        if value not in PRESETS:
            raise bad()
    elif key == "nmr_threshold":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
            raise bad()
    elif key == "end_year":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 1901 <= value <= 3000):
            raise bad()
    elif key == "victory_centers":
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 200:
            raise bad()
    elif key in ("auto_draw", "bids_accumulate"):
        if not isinstance(value, bool):
            raise bad()
    elif key == "assignment":
        if value not in ("random", "preferences"):
            raise bad()
    elif key == "palette" and value is not None and not isinstance(value, str):
        raise bad()
    return value


def resolve_options(preset: str | None, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults, then the preset, then explicit options; unknown keys are refused."""
    merged = dict(DEFAULT_OPTIONS)
    name = preset or (options or {}).get("preset") or "standard"
    if name not in PRESETS:
        raise Invalid("options.invalid", key="preset", value=name)
    merged.update(PRESETS[name])
    for key, value in (options or {}).items():
        if key not in DEFAULT_OPTIONS:
            raise Invalid("options.unknown", key=key)
        merged[key] = _check_option(key, value)
    return merged


def resolve_phase_minutes(phase_minutes: Mapping[str, Any] | None,
                          phase_hours: float | None) -> dict[str, int]:
    """Minutes per phase kind. ``phase_hours`` sets movement; retreats and adjustments get
    half of it (they need less discussion)."""
    minutes = dict(DEFAULT_PHASE_MINUTES)
    if phase_hours is not None:
        if phase_hours <= 0:
            raise Invalid("phase_length.invalid", key="hours", value=phase_hours)
        movement = round(phase_hours * 60)
        minutes.update({"M": movement, "*": movement,
                        "R": max(MIN_PHASE_MINUTES, movement // 2),
                        "A": max(MIN_PHASE_MINUTES, movement // 2)})
    for key, value in (phase_minutes or {}).items():
        if key not in DEFAULT_PHASE_MINUTES:
            raise Invalid("phase_length.invalid", key=key, value=value)
        minutes[key] = value
    for key, value in minutes.items():
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not MIN_PHASE_MINUTES <= value <= MAX_PHASE_MINUTES:
            raise Invalid("phase_length.invalid", key=key, value=value)
        minutes[key] = int(value)
    return minutes


async def create_game(db: Database, *, variant: str, channel_id: int, gm_user_id: int,
                      guild_id: int | None = None, thread_id: int | None = None,
                      name: str | None = None, preset: str | None = None,
                      options: Mapping[str, Any] | None = None,
                      phase_minutes: Mapping[str, Any] | None = None,
                      phase_hours: float | None = None,
                      now: datetime | None = None) -> GameView:
    """A new game in sign-up, in a channel or a forum post (thread). One unfinished game per
    channel/thread, so commands find their game without an id."""
    now = now or utcnow()
    if variant not in variants.names():
        raise Invalid("options.invalid", key="variant", value=variant)
    merged = resolve_options(preset, options)
    minutes = resolve_phase_minutes(phase_minutes, phase_hours)
    async with db.transaction() as session:
        if guild_id is not None and await session.get(Guild, guild_id) is None:
            session.add(Guild(id=guild_id, created_at=now))
        busy = await _unfinished_game_in(session, channel_id, thread_id)
        if busy is not None:
            raise Conflict("game.channel_busy", game_id=busy.id)
        game = Game(guild_id=guild_id, channel_id=channel_id, thread_id=thread_id,
                    name=name or f"{variant}", variant=variant, gm_user_id=gm_user_id,
                    options=merged, phase_minutes=minutes, created_at=now, updated_at=now)
        session.add(game)
        await session.flush()
        enqueue(session, game, "game_created", {"name": game.name, "variant": variant,
                                                "gm_user_id": gm_user_id}, now)
        return game_view(game, [])


async def _unfinished_game_in(session: Any, channel_id: int, thread_id: int | None
                              ) -> Game | None:
    query = select(Game).where(col(Game.status) != GameStatus.FINISHED.value)
    if thread_id is not None:
        query = query.where(Game.thread_id == thread_id)
    else:
        query = query.where(Game.channel_id == channel_id, col(Game.thread_id).is_(None))
    return (await session.exec(query.limit(1))).first()


async def get_game(db: Database, *, game_id: int) -> GameView:
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        return game_view(game, await load_players(session, game_id))


async def game_in_channel(db: Database, *, channel_id: int,
                          thread_id: int | None = None) -> GameView:
    """The unfinished game of a channel or forum post (else the latest finished one)."""
    async with db.transaction(write=False) as session:
        game = await _unfinished_game_in(session, channel_id, thread_id)
        if game is None:
            query = select(Game).where(Game.channel_id == channel_id)
            query = query.where(Game.thread_id == thread_id) if thread_id is not None \
                else query.where(col(Game.thread_id).is_(None))
            game = (await session.exec(query.order_by(col(Game.id).desc()).limit(1))).first()
        if game is None:
            raise NotFound("game.no_game_here", channel_id=thread_id or channel_id)
        assert game.id is not None
        return game_view(game, await load_players(session, game.id))


# --- start: assignment of powers (seed 004 §3.2 and §2.14.2) ---------------------------------

Assigner = Callable[[Sequence[Player], list[list[str]], random.Random, str], list[int]]


def assign_by_lot(players: Sequence[Player], seats: list[list[str]],
                  rng: random.Random, _mode: str) -> list[int]:
    """Seat index for each player, drawn by lot."""
    order = list(range(len(seats)))
    rng.shuffle(order)
    return order[:len(players)]


def seat_rank(preferences: Sequence[str], seat: Sequence[str], n_powers: int) -> int:
    """Rank a player gives a seat: the rank of its best power in their list (unlisted powers
    come after every listed one)."""
    ranks = [preferences.index(p) if p in preferences else n_powers for p in seat]
    return min(ranks) if ranks else n_powers


def assign_by_preferences(players: Sequence[Player], seats: list[list[str]],
                          rng: random.Random, _mode: str) -> list[int]:
    """seed 004 §3.2: powers are attributed according to each player's preference list. The
    rule gives no algorithm; we take the assignment with the smallest total of ranks (every
    permutation: at most 7! = 5040), ties drawn by lot with the game's seed."""
    n_powers = sum(len(s) for s in seats)
    best: list[tuple[int, ...]] = []
    best_cost: int | None = None
    for perm in itertools.permutations(range(len(seats)), len(players)):
        cost = sum(seat_rank(p.preferences, seats[s], n_powers) for p, s in zip(players, perm,
                                                                                strict=True))
        if best_cost is None or cost < best_cost:
            best, best_cost = [perm], cost
        elif cost == best_cost:
            best.append(perm)
    return list(rng.choice(best))


ASSIGNERS: dict[str, Assigner] = {"random": assign_by_lot,
                                  "preferences": assign_by_preferences}


@dataclass(frozen=True, slots=True)
class StartResult:
    game: GameView
    seed: int
    seats: tuple[tuple[int, tuple[str, ...]], ...]  # (user_id, powers) in seat order


async def start_game(db: Database, *, game_id: int, user_id: int, seed: int | None = None,
                     now: datetime | None = None) -> StartResult:
    """GM starts the game: powers assigned (by lot or by preferences, with an explicit seed
    so that the draw can be re-run), Spring 1901 opens with its deadline."""
    now = now or utcnow()
    seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.SIGNUP)
        variant = variants.get(game.variant)
        if variant.assignment != "seats":
            # the Duel and L'Impérialisme deal powers their own way (their services)
            raise Conflict("game.variant_unsupported", variant=game.variant,
                           operation="start")
        players = await load_players(session, game_id, seated_only=True)
        lo, hi = variant.min_players, variant.max_players
        if len(players) < lo:
            raise Conflict("player.not_enough", count=len(players), min=lo)
        if len(players) > hi:
            raise Conflict("player.too_many", count=len(players), max=hi)
        seats = engine_api.assignments(game.variant, len(players))
        rng = random.Random(seed)
        mode = str(game.options.get("assignment", "random"))
        chosen = ASSIGNERS[mode](players, seats, rng, mode)
        for player, seat in zip(players, chosen, strict=True):
            player.seat = seat
            player.powers = list(seats[seat])
        seated = {p for seat in seats for p in seat}
        state = engine_api.new_game_state(game.variant)
        all_powers = sorted(state.get("centers", {}))
        neutral = sorted(set(all_powers) - seated)
        game.options = {**game.options, "assignment_seed": seed, "neutral": neutral,
                        "players_at_start": len(players)}
        game.state = state
        game.phase = str(state["phase"])
        game.status = GameStatus.ACTIVE.value
        touch(game, now)
        schedule_phase(game, now)
        ordered = sorted(players, key=lambda p: p.seat or 0)
        seat_list = tuple((p.user_id, tuple(p.powers)) for p in ordered)
        enqueue(session, game, "game_started", {
            "phase": game.phase, "deadline": iso(game.deadline), "seed": seed,
            "neutral": neutral,
            "seats": [{"user_id": u, "powers": list(pw)} for u, pw in seat_list],
            "map": {"source": "game"}}, now)
        view = game_view(game, players)
    db.notify_deadlines()
    return StartResult(game=view, seed=seed, seats=seat_list)


# --- GM tools ---------------------------------------------------------------------------------

async def extend_deadline(db: Database, *, game_id: int, user_id: int,
                          minutes: float, now: datetime | None = None) -> GameView:
    """GM moves the current deadline by ``minutes`` (negative: earlier, never before now)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.ACTIVE)
        base = game.deadline or now
        deadline = max(now, base + timedelta(minutes=minutes))
        touch(game, now)
        set_deadline(game, deadline, now)
        enqueue(session, game, "deadline_changed", {"phase": game.phase,
                                                    "deadline": iso(deadline)}, now)
        view = game_view(game, await load_players(session, game_id))
    db.notify_deadlines()
    return view


async def pause_game(db: Database, *, game_id: int, user_id: int,
                     now: datetime | None = None) -> GameView:
    """The deadline stops; the time left is kept for ``resume_game``."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.ACTIVE)
        remaining = (game.deadline - now).total_seconds() if game.deadline else None
        game.paused_remaining = max(0.0, remaining) if remaining is not None else None
        game.status = GameStatus.PAUSED.value
        touch(game, now)
        set_deadline(game, None, now)
        enqueue(session, game, "paused", {"phase": game.phase}, now)
        view = game_view(game, await load_players(session, game_id))
    db.notify_deadlines()
    return view


async def resume_game(db: Database, *, game_id: int, user_id: int,
                      now: datetime | None = None) -> GameView:
    """The deadline restarts with the time that was left (at least 10 minutes)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.PAUSED)
        remaining = max(600.0, game.paused_remaining or 0.0)
        game.status = GameStatus.ACTIVE.value
        game.paused_remaining = None
        touch(game, now)
        set_deadline(game, now + timedelta(seconds=remaining), now)
        enqueue(session, game, "resumed", {"phase": game.phase,
                                           "deadline": iso(game.deadline)}, now)
        view = game_view(game, await load_players(session, game_id))
    db.notify_deadlines()
    return view


async def rollback(db: Database, *, game_id: int, user_id: int, seq: int,
                   now: datetime | None = None) -> GameView:
    """GM restores the phase a record was played from (seed 004 §3.7, referee errors): the
    position (conditional orders included), the seats as they were — powers, status, missed
    phases, so a civil disorder declared since is undone —, the orders then pending with their
    ready flags; a draw proposal of a later phase is dropped. Later records are kept but
    marked superseded; the phase gets a full deadline."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.ACTIVE, GameStatus.PAUSED, GameStatus.FINISHED)
        record = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id, PhaseRecord.seq == seq,
            col(PhaseRecord.superseded).is_(False)))).first()
        if record is None:
            raise NotFound("rollback.not_found", seq=seq)
        await session.exec(update(PhaseRecord).where(  # type: ignore[call-overload]
            col(PhaseRecord.game_id) == game_id, col(PhaseRecord.seq) >= seq)
            .values(superseded=True))
        await session.exec(delete(OrderSet).where(  # type: ignore[call-overload]
            col(OrderSet.game_id) == game_id))
        saved = record.snapshot or {}
        players = await load_players(session, game_id)
        by_id = {p.id: p for p in players}
        for seat in saved.get("players", []):
            player = by_id.get(seat["id"])
            if player is not None:
                player.powers = list(seat["powers"])
                player.status = seat["status"]
                player.missed_phases = int(seat["missed_phases"])
        for pending in saved.get("order_sets", []):
            session.add(OrderSet(game_id=game_id, phase=record.phase, power=pending["power"],
                                 text=pending["text"], parsed=pending["parsed"],
                                 ready=pending["ready"], user_id=pending["user_id"],
                                 updated_at=now))
        await session.exec(delete(DrawProposal).where(  # type: ignore[call-overload]
            col(DrawProposal.game_id) == game_id, col(DrawProposal.phase) != record.phase))
        game.state = record.state
        game.phase = record.phase
        game.result = None
        game.status = GameStatus.ACTIVE.value
        game.paused_remaining = None
        touch(game, now)
        schedule_phase(game, now)
        enqueue(session, game, "rolled_back", {"phase": game.phase, "seq": seq,
                                               "deadline": iso(game.deadline),
                                               "map": {"source": "game"}}, now)
        view = game_view(game, await load_players(session, game_id))
    db.notify_deadlines()
    return view


async def end_game(db: Database, *, game_id: int, user_id: int,
                   now: datetime | None = None) -> GameView:
    """GM ends the game without a result (abandoned)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.SIGNUP, GameStatus.ACTIVE, GameStatus.PAUSED)
        game.status = GameStatus.FINISHED.value
        game.result = {"ended_by": "gm"}
        touch(game, now)
        set_deadline(game, None, now)
        enqueue(session, game, "game_over", {"result": game.result}, now)
        view = game_view(game, await load_players(session, game_id))
    db.notify_deadlines()
    return view


# --- public history ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PhaseSummary:
    seq: int
    phase: str
    next_phase: str | None
    resolved_at: datetime


@dataclass(frozen=True, slots=True)
class PhaseDetail:
    """A resolved phase: public, orders included (they were revealed with the results)."""

    seq: int
    phase: str
    next_phase: str | None
    state: dict[str, Any]
    orders: list[dict[str, Any]]
    results: list[dict[str, Any]]
    resolved_at: datetime


async def phase_history(db: Database, *, game_id: int) -> list[PhaseSummary]:
    async with db.transaction(write=False) as session:
        await load_game(session, game_id)
        rows = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id, col(PhaseRecord.superseded).is_(False))
            .order_by(col(PhaseRecord.seq)))).all()
        return [PhaseSummary(r.seq, r.phase, r.next_phase, r.resolved_at) for r in rows]


async def phase_detail(db: Database, *, game_id: int, phase: str | None = None,
                       seq: int | None = None) -> PhaseDetail:
    """One resolved phase by seq or by name (latest record of that name)."""
    async with db.transaction(write=False) as session:
        query = select(PhaseRecord).where(PhaseRecord.game_id == game_id,
                                          col(PhaseRecord.superseded).is_(False))
        if seq is not None:
            query = query.where(PhaseRecord.seq == seq)
        elif phase is not None:
            query = query.where(PhaseRecord.phase == phase.upper())
        r = (await session.exec(query.order_by(col(PhaseRecord.seq).desc()).limit(1))).first()
        if r is None:
            raise NotFound("history.not_found", seq=seq if seq is not None else phase)
        return PhaseDetail(r.seq, r.phase, r.next_phase, r.state, r.orders, r.results,
                           r.resolved_at)


async def list_players(db: Database, *, game_id: int) -> list[Player]:
    async with db.transaction(write=False) as session:
        return await load_players(session, game_id)
