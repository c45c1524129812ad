"""Game lifecycle: create, look up, start. Options live in ``options``, GM tools in ``gm``,
the history in ``history``."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, cast

from sqlalchemy import bindparam
from sqlalchemy import select as core_select
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel, col, select

from bot.db import Database
from bot.models import (
    Game,
    GameStatus,
    Guild,
    Player,
    utcnow,
)
from bot.services.absence import announce_absences, apply_absences
from bot.services.bots import MAX_BOTS, bots_allowed, check_bot_options
from bot.services.common import (
    ChannelGame,
    GameView,
    enqueue,
    game_view,
    iso,
    load_game,
    load_players,
    require_gm,
    require_status,
    schedule_phase,
    touch,
)
from bot.services.errors import Conflict, Invalid, NotFound
from bot.services.options import check_press, resolve_options, resolve_phase_minutes
from engine import api as engine_api
from engine import variants


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
    merged = resolve_options(preset, options, variant)
    check_bot_options(variant, merged)
    check_press(variant, merged)
    chosen = (options or {}).get("scoring")
    if chosen is not None and chosen not in variants.get(variant).scoring:
        raise Invalid("options.invalid", key="scoring", value=chosen)
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


async def game_launched_in(db: Database, *, channel_id: int) -> GameView:
    """The game of a channel or forum post named by one id, as Discord names where an
    Activity was launched: a thread's own game, else the channel's."""
    async with db.transaction(write=False) as session:
        parent = (await session.exec(select(Game.channel_id).where(
            Game.thread_id == channel_id).limit(1))).first()
    if parent is not None:
        return await game_in_channel(db, channel_id=parent, thread_id=channel_id)
    return await game_in_channel(db, channel_id=channel_id)


# --- start: assignment of powers (docs/RULES.md §3.2 and §2.14.2) ---------------------------------

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
    """docs/RULES.md §3.2: powers are attributed according to each player's preference list. The
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


GUNBOAT_PLAYERS = 3  # fewer, and who plays which power is known (rules §3.4.7)


async def start_game(db: Database, *, game_id: int, user_id: int, seed: int | None = None,
                     now: datetime | None = None, fill_bots: bool = False) -> StartResult:
    """GM starts the game: powers assigned (by lot or by preferences, with an explicit seed
    so that the draw can be re-run), Spring 1901 opens with its deadline. A practice game
    (option ``bots``, or ``fill_bots``: every seat nobody took) seats the bot on the seats
    left once the players have theirs (bot.services.bots)."""
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
        bots = int(game.options.get("bots") or 0)
        if fill_bots:
            if not bots_allowed(game.variant):
                raise Invalid("bots.unsupported", variant=game.variant)
            bots = max(bots, hi - len(players))
        if bots and not players:
            raise Conflict("player.not_enough", count=0, min=1)
        bots = min(bots, MAX_BOTS, max(hi - len(players), 0))
        if len(players) + bots < lo:
            raise Conflict("player.not_enough", count=len(players), min=lo)
        if len(players) > hi:
            raise Conflict("player.too_many", count=len(players), max=hi)
        if game.options.get("press") == "gunboat" and len(players) < GUNBOAT_PLAYERS:
            # two players know each other; one beside the bot's public seats is named by them
            raise Conflict("press.gunboat_few_players", count=len(players),
                           min=GUNBOAT_PLAYERS)
        seats = engine_api.assignments(game.variant, len(players) + bots)
        rng = random.Random(seed)
        mode = str(game.options.get("assignment", "random"))
        chosen = ASSIGNERS[mode](players, seats, rng, mode)
        bot_seats = [list(seats[i]) for i in range(len(seats)) if i not in chosen]
        for player, seat in zip(players, chosen, strict=True):
            player.seat = seat
            player.powers = list(seats[seat])
        seated = {p for seat in seats for p in seat}
        state = engine_api.new_game_state(game.variant)
        all_powers = sorted(state.get("centers", {}))
        neutral = sorted(set(all_powers) - seated)
        game.options = {**game.options, "assignment_seed": seed, "neutral": neutral,
                        "players_at_start": len(players) + bots}
        if bot_seats:
            game.options = {**game.options, "bots": bots, "bot_seats": bot_seats,
                            "bot_powers": sorted(p for seat in bot_seats for p in seat)}
        result = await open_first_phase(
            session, game, players, state, seed=seed, neutral=neutral, now=now,
            bots=sorted(p for seat in bot_seats for p in seat))
    db.notify_deadlines()
    return result


async def open_first_phase(
        session: Any, game: Game, players: list[Player], state: dict[str, Any], *,
        seed: int, neutral: list[str], now: datetime,
        then: Callable[[list[Player]], Sequence[tuple[str, dict[str, Any]]]] | None = None,
        bots: list[str] | None = None,
) -> StartResult:
    """The start of every game once its powers are dealt: the opening position, the game
    active, its first deadline, the ``game_started`` post (with ``bots``, the powers the bot
    took, where seats are dealt; then ``then``'s posts, given the players in seat order), the
    absences of the sign-up told after them (docs/RULES.md §3.6)."""
    game.state = state
    game.phase = str(state["phase"])
    game.status = GameStatus.ACTIVE.value
    touch(game, now)
    schedule_phase(game, now)
    moved = await apply_absences(session, game, players, now, announce=False)
    ordered = sorted(players, key=lambda p: p.seat or 0)
    seat_list = tuple((p.user_id, tuple(p.powers)) for p in ordered)
    started: dict[str, Any] = {
        "phase": game.phase, "deadline": iso(game.deadline), "seed": seed,
        "neutral": neutral,
        "seats": [{"user_id": u, "powers": list(pw)} for u, pw in seat_list]}
    if bots is not None:
        started["bots"] = bots
    enqueue(session, game, "game_started", {**started, "map": {"source": "game"}}, now)
    for kind, payload in then(ordered) if then is not None else ():
        enqueue(session, game, kind, payload, now)
    announce_absences(session, game, moved, now)
    return StartResult(game=game_view(game, players), seed=seed, seats=seat_list)


async def public_state(db: Database, *, game_id: int) -> dict[str, Any]:
    """The current position of a game: public information (units and centres), never any
    pending order."""
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        if game is None:
            raise NotFound("game.not_found", game_id=game_id)
        return variants.public(dict(game.state or {}))


_GAME, _PLAYER = (SQLModel.metadata.tables[name] for name in ("game", "player"))
_GAME_OF_CHANNEL = ChannelGame(tuple(_GAME.c))
_GAME_BY_ID = core_select(*_GAME.c).where(_GAME.c.id == bindparam("game_id"))
_SEATS = core_select(*_PLAYER.c).where(
    _PLAYER.c.game_id == bindparam("game_id")).order_by(_PLAYER.c.id)


async def game_and_position(db: Database, *, game_id: int | None = None,
                            channel: tuple[int, int | None] | None = None
                            ) -> tuple[GameView, dict[str, Any]]:
    """A game (by id, else the game of ``channel``: (channel, thread) as
    ``bot.ui.common.game_here`` finds it), its seats and its public position, in one read
    (one worker-thread hop on SQLite): what the guided order and its autocompletion need,
    asked at each keystroke."""
    return await db.run(partial(_game_and_position, game_id=game_id, channel=channel),
                        write=False)


def _game_and_position(connection: Connection, *, game_id: int | None,
                       channel: tuple[int, int | None] | None
                       ) -> tuple[GameView, dict[str, Any]]:
    if game_id is not None:
        row = connection.execute(_GAME_BY_ID, {"game_id": game_id}).first()
        if row is None:
            raise NotFound("game.not_found", game_id=game_id)
    else:
        assert channel is not None
        row = _GAME_OF_CHANNEL.find(connection, channel_id=channel[0], thread_id=channel[1])
    game = cast(Game, row)
    players = list(connection.execute(_SEATS, {"game_id": game.id}))
    return game_view(game, cast(list[Any], players)), variants.public(dict(game.state or {}))
