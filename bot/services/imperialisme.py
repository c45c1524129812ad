"""L'Impérialisme around its pure rules (``engine.variants.imperialisme.api``; seed 003, RULES.md).

The game's STATE lives in ``Game.state`` (owners, the crisis in progress, the queue of declared
crises, the exchange session flag); the tables hold what the engine does not keep:

- ``Crisis`` rows: one per crisis started (``seq`` = crisis number; status ``conference`` ->
  ``vote`` -> ``annexation`` -> ``resolved``, or ``withdrawn``) with the stage's ``deadline``
  and public facts in ``data`` (commit, seed, outcome, annexed). One extra row per game with
  ``seq`` 0 (kind ``schedule``) holds the seed of the *next* random draw, whose SHA-256 was
  published in advance (commit-reveal: RULES.md « the seed's hash is published before the
  draw and the seed after it »), and the time of the next automatic crisis.
- ``Vote`` rows: one per voting power while a vote is open, changed in place (a changed vote
  counts once), all deleted in the transaction that tallies them.
- ``Exchange`` rows: proposals of an exchange session.

SECRECY (issue 8): nothing here logs, posts or keeps after the tally who voted, what, or any
total. Vote buttons carry an opaque token (HMAC of the choice under a per-crisis secret that
is deleted at the tally), so even a gateway log of a button press says nothing afterwards.
Game.deadline stays empty for these games: the classic scheduler never touches them; stage
deadlines are ``Crisis.deadline``, handled by :func:`run_due`.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import col, delete, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database, install_log_redaction
from bot.models import Crisis, Exchange, Game, GameStatus, Player, PlayerStatus, Vote, utcnow
from bot.services import games as games_service
from bot.services.common import (
    SEATED,
    GameView,
    enqueue,
    game_view,
    iso,
    load_game,
    load_players,
    require_gm,
    require_status,
    seated_player,
    touch,
)
from bot.services.errors import Conflict, Forbidden, Invalid, NotFound
from engine import variants
from engine.variants.imperialisme import api as imp
from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.maps import ImperialMap, load_imperial_map

log = logging.getLogger(__name__)


install_log_redaction()  # bot.db.make_engine does it too; idempotent

VARIANT = "imperialisme"
MAX_PLAYERS = 14
MIN_PLAYERS = 2
BLANK = "blank"
SCHEDULE_SEQ = 0
# stage lengths in minutes (GM may change them: ``configure``); no automatic crisis by default
DEFAULT_TIMING: dict[str, int | None] = {"conference": 24 * 60, "vote": 24 * 60,
                                         "annexation": 24 * 60, "crisis_every": None}
MIN_MINUTES, MAX_MINUTES = 1, 60 * 24 * 60


class Bilingual:
    """A message known in both languages; the catalogue picks one with a format spec
    (``{message:fr}``), so both catalogues keep the same fields."""

    def __init__(self, en: str, fr: str) -> None:
        self.en, self.fr = en, fr

    def __format__(self, spec: str) -> str:
        return self.fr if spec.startswith("fr") else self.en

    def __str__(self) -> str:
        return self.en

    def __repr__(self) -> str:
        return repr(self.en)


class ImperialRefused(Invalid):
    """The rules refused the action; the engine's message in both languages."""

    default_code = "imp.refused"


def refused(exc: ImperialError) -> ImperialRefused:
    return ImperialRefused(message=Bilingual(exc.message_en, exc.message_fr), rule=exc.code)


def game_map() -> ImperialMap:
    return load_imperial_map(VARIANT)


def _rules(call: Any, *args: Any, **kwargs: Any) -> Any:
    """Run one engine operation; a refusal becomes a service error."""
    try:
        return call(*args, **kwargs)
    except ImperialError as exc:
        raise refused(exc) from None


def timing(game: Game | GameView) -> dict[str, int | None]:
    out = dict(DEFAULT_TIMING)
    out.update((game.options or {}).get(VARIANT, {}))
    return out


def _minutes(game: Game, stage: str) -> timedelta:
    return timedelta(minutes=float(timing(game)[stage] or DEFAULT_TIMING[stage] or 60))


def owners_of(state: Mapping[str, Any]) -> dict[str, str]:
    return dict(state.get("owners") or {})


def influence_rows(state: Mapping[str, Any]) -> dict[str, str]:
    """{power: influence}: the legend of the map (public)."""
    return dict((variants.get(VARIANT).legend(state) or {}).get("rows") or {})


# --- lookups --------------------------------------------------------------------------------

async def _imperial_game(session: AsyncSession, game_id: int, *, lock: bool = True) -> Game:
    game = await load_game(session, game_id, lock=lock)
    if game.variant != VARIANT:
        raise Conflict("game.variant_unsupported", variant=game.variant, operation=VARIANT)
    return game


def _power_of(players: Sequence[Player], user_id: int) -> str:
    """The power an active player holds (one per player in this game)."""
    player = seated_player(players, user_id)
    if player is None or not player.powers:
        raise Forbidden("imp.not_a_power", user_id=user_id)
    if player.status != PlayerStatus.ACTIVE.value:
        raise Forbidden("player.not_active", status=player.status)
    return player.powers[0]


def _holder(players: Sequence[Player], power: str) -> Player | None:
    for p in players:
        if p.status == PlayerStatus.ACTIVE.value and power in p.powers:
            return p
    return None


async def _crisis_row(session: AsyncSession, game_id: int, number: int) -> Crisis | None:
    return (await session.exec(select(Crisis).where(Crisis.game_id == game_id,
                                                    Crisis.seq == number))).first()


async def _schedule_row(session: AsyncSession, game: Game) -> Crisis:
    row = await _crisis_row(session, game.id or 0, SCHEDULE_SEQ)
    if row is None:
        seed = secrets.token_hex(16)
        row = Crisis(game_id=game.id or 0, seq=SCHEDULE_SEQ, kind="schedule", attacker="",
                     defender="", status="idle",
                     data={"seed": seed, "commit": imp.commitment(seed)})
        session.add(row)
    return row


def _active(game: Game) -> dict[str, Any]:
    require_status(game, GameStatus.ACTIVE)
    return dict(game.state or {})


def _set_state(game: Game, state: Mapping[str, Any], now: datetime) -> None:
    game.state = dict(state)
    touch(game, now)


def _snapshot(state: Mapping[str, Any]) -> dict[str, Any]:
    """What a map post needs: the owners at that moment (the post may go out later)."""
    return {"owners": owners_of(state)}


# --- sign-up and start ----------------------------------------------------------------------

async def create_game(db: Database, *, channel_id: int, gm_user_id: int,
                      guild_id: int | None = None, thread_id: int | None = None,
                      name: str | None = None, now: datetime | None = None) -> GameView:
    return await games_service.create_game(
        db, variant=VARIANT, channel_id=channel_id, gm_user_id=gm_user_id, guild_id=guild_id,
        thread_id=thread_id, name=name, now=now)


def resolve_power(text: str) -> str:
    return str(_rules(game_map().resolve_power, text))


async def join_game(db: Database, *, game_id: int, user_id: int, power: str | None = None,
                    now: datetime | None = None) -> str | None:
    """Sign up (or change one's pick): ``power`` is the power the player wants; first come,
    first served. Returns the pick."""
    now = now or utcnow()
    pick = resolve_power(power) if power else None
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
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
        game = await _imperial_game(session, game_id)
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
        game.phase = None
        _set_state(game, state, now)
        schedule = await _schedule_row(session, game)
        every = timing(game)["crisis_every"]
        if every:
            schedule.status, schedule.deadline = "scheduled", now + timedelta(minutes=every)
        seats = tuple(sorted(((p.user_id, p.powers[0]) for p in players),
                             key=lambda s: powers.index(s[1])))
        commit = str(schedule.data["commit"])
        enqueue(session, game, "imp_started", {
            "seats": [{"user_id": u, "power": pw} for u, pw in seats],
            "unplayed": list(unplayed), "seed": seed, "commit": commit,
            "next_crisis": iso(schedule.deadline), **_snapshot(state)}, now)
        view = game_view(game, players)
    db.notify_deadlines()
    return Started(game=view, seed=seed, seats=seats, unplayed=unplayed, commit=commit)


async def configure(db: Database, *, game_id: int, user_id: int,
                    conference_hours: float | None = None, vote_hours: float | None = None,
                    annexation_hours: float | None = None,
                    crisis_every_hours: float | None = None, automatic: bool | None = None,
                    now: datetime | None = None) -> dict[str, int | None]:
    """GM: stage lengths and the automatic crisis schedule (``automatic=False`` stops it)."""
    now = now or utcnow()
    changes = {"conference": conference_hours, "vote": vote_hours,
               "annexation": annexation_hours, "crisis_every": crisis_every_hours}
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
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
            schedule = await _schedule_row(session, game)
            every = current["crisis_every"]
            if every:
                if crisis_every_hours is not None or schedule.deadline is None:
                    schedule.deadline = now + timedelta(minutes=every)
                schedule.status = "scheduled"
            else:
                schedule.status, schedule.deadline = "idle", None
            enqueue(session, game, "imp_schedule", {"next_crisis": iso(schedule.deadline),
                                                    "timing": current}, now)
    db.notify_deadlines()
    return current


# --- crises ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CrisisView:
    number: int
    kind: str
    sides: tuple[str, str]
    stage: str
    deadline: datetime | None


def _crisis_view(row: Crisis) -> CrisisView:
    return CrisisView(number=row.seq, kind=row.kind, sides=(row.attacker, row.defender),
                      stage=row.status, deadline=row.deadline)


def _busy(state: Mapping[str, Any]) -> bool:
    return state.get("crisis") is not None or bool(state.get("exchange_session")) \
        or bool(state.get("ended"))


async def _open_crisis(session: AsyncSession, game: Game, started: Mapping[str, Any],
                       now: datetime, extra: Mapping[str, Any]) -> Crisis:
    """A crisis the engine has just started: its row, its conference deadline, its post."""
    c = started["crisis"]
    row = Crisis(game_id=game.id or 0, seq=int(c["number"]), kind=str(c["kind"]),
                 attacker=str(c["sides"][0]), defender=str(c["sides"][1]),
                 status="conference", deadline=now + _minutes(game, "conference"),
                 data={"commit": c.get("commit"), "seed": c.get("seed")}, created_at=now)
    session.add(row)
    _set_state(game, started["state"], now)
    enqueue(session, game, "imp_crisis", {
        "number": row.seq, "kind": row.kind, "sides": [row.attacker, row.defender],
        "commit": c.get("commit"), "seed": c.get("seed"), "deadline": iso(row.deadline),
        **extra}, now)
    return row


async def _draw(session: AsyncSession, game: Game, now: datetime, by: str) -> Crisis:
    state = dict(game.state or {})
    schedule = await _schedule_row(session, game)
    seed = str(schedule.data["seed"])
    started = _rules(imp.draw_crisis, state, seed)
    # the next draw's seed is chosen now and its hash published with this crisis
    nxt = secrets.token_hex(16)
    schedule.data = {"seed": nxt, "commit": imp.commitment(nxt)}
    every = timing(game)["crisis_every"]
    if every:
        schedule.status, schedule.deadline = "scheduled", now + timedelta(minutes=every)
    return await _open_crisis(session, game, started, now,
                              {"next_commit": schedule.data["commit"], "by": by,
                               "next_crisis": iso(schedule.deadline)})


async def draw_crisis(db: Database, *, game_id: int, user_id: int,
                      now: datetime | None = None) -> CrisisView:
    """GM: a random crisis now, from the seed committed in advance."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        require_gm(game, user_id)
        _active(game)
        row = await _draw(session, game, now, "gm")
        view = _crisis_view(row)
    db.notify_deadlines()
    return view


async def _start_next(session: AsyncSession, game: Game, now: datetime) -> Crisis | None:
    """When nothing is going on, the oldest declared crisis starts (seed 003: in the order of
    their announcement); declarations whose powers are no longer neighbours lapse."""
    state = dict(game.state or {})
    if _busy(state) or not state.get("queue"):
        return None
    started = _rules(imp.start_declared, state)
    lapsed = started.get("lapsed") or []
    if started.get("crisis") is None:
        _set_state(game, started["state"], now)
        enqueue(session, game, "imp_lapsed", {"lapsed": lapsed}, now)
        return None
    return await _open_crisis(session, game, started, now, {"lapsed": lapsed})


async def declare_war(db: Database, *, game_id: int, user_id: int, target: str,
                      now: datetime | None = None) -> CrisisView | int:
    """A power declares war on a neighbour: queued; starts at once when nothing is going on.
    Returns the crisis started, or the declaration's place in the queue."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        state = _active(game)
        attacker = _power_of(await load_players(session, game_id), user_id)
        declared = _rules(imp.declare, state, attacker, target)
        d = declared["declaration"]
        _set_state(game, declared["state"], now)
        enqueue(session, game, "imp_declared", {"attacker": d["attacker"],
                                                "target": d["target"],
                                                "position": d["position"]}, now)
        row = await _start_next(session, game, now)
        result: CrisisView | int = _crisis_view(row) if row else int(d["position"])
    db.notify_deadlines()
    return result


def _has_declaration(state: Mapping[str, Any], attacker: str, target: str) -> bool:
    queued = any(q["attacker"] == attacker and q["target"] == target
                 for q in state.get("queue") or [])
    c = state.get("crisis")
    running = c is not None and c["kind"] == "declared" and c["sides"] == [attacker, target] \
        and c["stage"] == "conference"
    return queued or running


async def request_withdrawal(db: Database, *, game_id: int, user_id: int, target: str,
                             now: datetime | None = None) -> str:
    """The attacker asks to withdraw its declaration: a public post with the target's consent
    buttons (RULES.md: only with the target's public consent)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        state = _active(game)
        attacker = _power_of(await load_players(session, game_id), user_id)
        target_id = resolve_power(target)
        if not _has_declaration(state, attacker, target_id):
            c = state.get("crisis")
            if c is not None and c["sides"] == [attacker, target_id]:
                raise refused(ImperialError("too_late_to_withdraw"))
            raise refused(ImperialError("no_declaration",
                                        {"attacker": attacker, "target": target_id}))
        enqueue(session, game, "imp_withdraw_request", {"attacker": attacker,
                                                        "target": target_id}, now)
        return target_id


async def answer_withdrawal(db: Database, *, game_id: int, user_id: int, attacker: str,
                            target: str, consent: bool, now: datetime | None = None) -> str:
    """The target's answer; returns "withdrawn" | "refused"."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        state = _active(game)
        me = _power_of(await load_players(session, game_id), user_id)
        if me != target:
            raise Forbidden("imp.not_the_target", target=target)
        if not consent:
            enqueue(session, game, "imp_withdraw_refused", {"attacker": attacker,
                                                            "target": target}, now)
            return "refused"
        done = _rules(imp.withdraw, state, attacker, target, target_consents=True)
        _set_state(game, done["state"], now)
        if done["withdrawn"] == "crisis":
            number = int((state.get("crisis") or {}).get("number", 0))
            row = await _crisis_row(session, game_id, number)
            if row is not None:
                row.status, row.deadline, row.resolved_at = "withdrawn", None, now
        enqueue(session, game, "imp_withdrawn", {"attacker": attacker, "target": target,
                                                 "what": done["withdrawn"],
                                                 **_snapshot(done["state"])}, now)
        await _start_next(session, game, now)
    db.notify_deadlines()
    return "withdrawn"


async def _current_row(session: AsyncSession, game: Game, stage: str) -> Crisis:
    c = (game.state or {}).get("crisis")
    if c is None:
        raise refused(ImperialError("no_crisis"))
    if c["stage"] != stage:
        raise refused(ImperialError("wrong_stage", {"stage": c["stage"]}))
    row = await _crisis_row(session, game.id or 0, int(c["number"]))
    if row is None:  # a state written by hand: keep going with a row of its own
        row = Crisis(game_id=game.id or 0, seq=int(c["number"]), kind=str(c["kind"]),
                     attacker=str(c["sides"][0]), defender=str(c["sides"][1]), status=stage)
        session.add(row)
    return row


async def _open_vote(session: AsyncSession, game: Game, now: datetime) -> Crisis:
    row = await _current_row(session, game, "conference")
    opened = _rules(imp.open_vote, dict(game.state or {}))
    _set_state(game, opened["state"], now)
    row.status, row.deadline = "vote", now + _minutes(game, "vote")
    # the per-crisis key of the ballot tokens: deleted at the tally
    row.data = {**row.data, "secret": secrets.token_hex(16)}
    players = await load_players(session, game.id or 0)
    enqueue(session, game, "imp_vote_open", {"number": row.seq,
                                             "sides": [row.attacker, row.defender],
                                             "deadline": iso(row.deadline)}, now)
    for power in opened["voters"]:
        holder = _holder(players, power)
        if holder is not None:
            enqueue(session, game, "imp_ballot", {"user_id": holder.user_id, "power": power,
                                                  "number": row.seq}, now)
    return row


async def _close_vote(session: AsyncSession, game: Game, now: datetime) -> Crisis:
    row = await _current_row(session, game, "vote")
    state = dict(game.state or {})
    weights = (state.get("crisis") or {}).get("weights") or {}
    rows = (await session.exec(select(Vote).where(Vote.crisis_id == row.id))).all()
    cast = {v.voter: v.choice for v in rows}
    sides = {"attacker": row.attacker, "defender": row.defender}
    # every voter has an entry; no vote = blank (RULES.md)
    ballots: dict[str, str | None] = {p: sides.get(cast.get(p, BLANK), BLANK)
                                      for p in weights}
    result = _rules(imp.tally, state, ballots)
    ballots.clear()
    cast.clear()
    await session.exec(delete(Vote).where(  # type: ignore[call-overload]
        col(Vote.crisis_id) == row.id))
    outcome = result["outcome"]
    _set_state(game, result["state"], now)
    data = {k: v for k, v in row.data.items() if k != "secret"}
    data.update(winner=outcome["winner"], loser=outcome["loser"],
                territories=outcome["territories"], annexable=result["annexable"])
    row.data = data
    payload: dict[str, Any] = {"number": row.seq, "sides": [row.attacker, row.defender],
                               "winner": outcome["winner"], "loser": outcome["loser"],
                               "territories": outcome["territories"],
                               "annexable": result["annexable"]}
    if result["annexable"] > 0:
        row.status, row.deadline = "annexation", now + _minutes(game, "annexation")
        options = _rules(imp.annexation_options, result["state"])
        payload.update(eligible=options["eligible"], default=options["default"],
                       deadline=iso(row.deadline))
        enqueue(session, game, "imp_result", payload, now)
    else:
        row.status, row.deadline, row.resolved_at = "resolved", None, now
        enqueue(session, game, "imp_result", {**payload, **_snapshot(result["state"])}, now)
        await _start_next(session, game, now)
    return row


async def close_stage(db: Database, *, game_id: int, user_id: int,
                      now: datetime | None = None) -> CrisisView:
    """GM: close the conference (the vote opens) or, during the vote, close the vote."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        require_gm(game, user_id)
        state = _active(game)
        stage = (state.get("crisis") or {}).get("stage")
        row = await (_close_vote(session, game, now) if stage == "vote"
                     else _open_vote(session, game, now))
        view = _crisis_view(row)
    db.notify_deadlines()
    return view


# --- votes ----------------------------------------------------------------------------------

def vote_token(secret: str, number: int, power: str, choice: str) -> str:
    """Opaque custom-id part of a ballot button: says nothing once ``secret`` is gone."""
    msg = f"{number}:{power}:{choice}".encode()
    return hmac.new(secret.encode(), msg, hashlib.sha256).hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class Ballot:
    """What one voter needs to vote: shown to that voter only."""

    game_id: int
    game_name: str
    number: int
    power: str
    weight: str
    sides: tuple[str, str]
    deadline: datetime | None
    tokens: tuple[tuple[str, str], ...]  # (choice, token): side ids then "blank"


async def ballot(db: Database, *, game_id: int, user_id: int) -> Ballot:
    """The caller's ballot in the open vote (refused to belligerents and non-players)."""
    async with db.transaction(write=False) as session:
        game = await _imperial_game(session, game_id, lock=False)
        state = _active(game)
        c = state.get("crisis")
        if c is None or c["stage"] != "vote":
            raise Conflict("imp.no_vote_open")
        power = _power_of(await load_players(session, game_id), user_id)
        weights = c.get("weights") or {}
        if power not in weights:
            raise refused(ImperialError("belligerent_cannot_vote" if power in c["sides"]
                                        else "not_a_voter"))
        row = await _crisis_row(session, game_id, int(c["number"]))
        if row is None or "secret" not in row.data:
            raise Conflict("imp.no_vote_open")
        choices = [*c["sides"], BLANK]
        return Ballot(game_id=game_id, game_name=game.name, number=row.seq, power=power,
                      weight=str(weights[power]), sides=(c["sides"][0], c["sides"][1]),
                      deadline=row.deadline,
                      tokens=tuple((ch, vote_token(str(row.data["secret"]), row.seq, power, ch))
                                   for ch in choices))


async def cast_vote(db: Database, *, game_id: int, user_id: int, number: int, power: str,
                    choice: str | None = None, token: str | None = None,
                    now: datetime | None = None) -> Ballot:
    """Record (or change) the vote of ``power``: a side or blank, given plainly (``/vote``) or
    as a button token. Only the player holding ``power`` may; the reply never goes public."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        state = _active(game)
        c = state.get("crisis")
        if c is None or c["stage"] != "vote" or int(c["number"]) != number:
            raise Conflict("imp.ballot_expired")
        players = await load_players(session, game_id)
        mine = _power_of(players, user_id)
        if mine != power:
            raise Forbidden("imp.not_your_ballot")
        row = await _crisis_row(session, game_id, number)
        if row is None or "secret" not in row.data:
            raise Conflict("imp.ballot_expired")
        options = [*c["sides"], BLANK]
        if token is not None:
            found = [ch for ch in options if hmac.compare_digest(
                vote_token(str(row.data["secret"]), number, power, ch), token)]
            if not found:
                raise Conflict("imp.ballot_expired")
            choice = found[0]
        normalised = _rules(imp.check_vote, state, power, choice)
        side = BLANK if normalised is None else (
            "attacker" if normalised == row.attacker else "defender")
        vote = (await session.exec(select(Vote).where(Vote.crisis_id == row.id,
                                                      Vote.voter == power))).first()
        if vote is None:
            session.add(Vote(crisis_id=row.id or 0, voter=power, choice=side, updated_at=now))
        else:  # a changed vote replaces the earlier one: it counts once
            vote.choice, vote.updated_at = side, now
    return await ballot(db, game_id=game_id, user_id=user_id)


async def voting_games(db: Database, *, user_id: int) -> list[GameView]:
    """Active games where ``user_id`` holds a power that votes in an open vote (``/vote`` in
    DMs)."""
    async with db.transaction(write=False) as session:
        rows = (await session.exec(select(Game, Player).where(
            Game.variant == VARIANT, Game.status == GameStatus.ACTIVE.value,
            Player.game_id == Game.id, Player.user_id == user_id,
            col(Player.status).in_(SEATED)))).all()
        out = []
        for game, player in rows:
            c = (game.state or {}).get("crisis")
            if c and c["stage"] == "vote" and set(player.powers) & set(c.get("weights") or {}):
                out.append(game_view(game, [player]))
        return out


# --- annexation -----------------------------------------------------------------------------

async def _annex(session: AsyncSession, game: Game, now: datetime,
                 choice: Sequence[str] | None) -> Crisis:
    row = await _current_row(session, game, "annexation")
    state = dict(game.state or {})
    options = _rules(imp.annexation_options, state)
    done = _rules(imp.annex, state, options["winner"], options["loser"],
                  list(choice) if choice is not None else None)
    _set_state(game, done["state"], now)
    row.status, row.deadline, row.resolved_at = "resolved", None, now
    row.data = {**row.data, "annexed": done["annexed"], "by_default": done["by_default"]}
    enqueue(session, game, "imp_annexed", {"number": row.seq, "winner": done["winner"],
                                           "loser": done["loser"], "annexed": done["annexed"],
                                           "by_default": done["by_default"],
                                           **_snapshot(done["state"])}, now)
    if done["ended"]:
        _finish(session, game, now)
    else:
        await _start_next(session, game, now)
    return row


@dataclass(frozen=True, slots=True)
class AnnexOptions:
    number: int
    winner: str
    loser: str
    territories: int
    annexable: int
    eligible: tuple[str, ...]
    default: tuple[str, ...]
    deadline: datetime | None


async def annexation_options(db: Database, *, game_id: int) -> AnnexOptions:
    async with db.transaction(write=False) as session:
        game = await _imperial_game(session, game_id, lock=False)
        state = _active(game)
        c = state.get("crisis")
        if c is None or c["stage"] != "annexation":
            raise Conflict("imp.no_annexation")
        o = _rules(imp.annexation_options, state)
        row = await _crisis_row(session, game_id, int(c["number"]))
        return AnnexOptions(number=int(c["number"]), winner=o["winner"], loser=o["loser"],
                            territories=int(o["territories"]), annexable=int(o["annexable"]),
                            eligible=tuple(o["eligible"]), default=tuple(o["default"]),
                            deadline=row.deadline if row else None)


async def annex(db: Database, *, game_id: int, user_id: int, territories: Sequence[str],
                number: int | None = None, now: datetime | None = None) -> tuple[str, ...]:
    """The winner's choice of territories (checked by the rules)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        state = _active(game)
        c = state.get("crisis")
        if c is None or c["stage"] != "annexation" or (
                number is not None and int(c["number"]) != number):
            raise Conflict("imp.no_annexation")
        me = _power_of(await load_players(session, game_id), user_id)
        winner = (c.get("outcome") or {}).get("winner")
        if me != winner:
            raise refused(ImperialError("not_the_winner", {"winner": winner}))
        row = await _annex(session, game, now, territories)
        taken = tuple(row.data.get("annexed") or ())
    db.notify_deadlines()
    return taken


# --- exchanges ------------------------------------------------------------------------------

async def open_exchange_session(db: Database, *, game_id: int, user_id: int,
                                now: datetime | None = None) -> None:
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        require_gm(game, user_id)
        opened = _rules(imp.open_exchange_session, _active(game))
        _set_state(game, opened["state"], now)
        enqueue(session, game, "imp_session_opened", {}, now)


async def close_exchange_session(db: Database, *, game_id: int, user_id: int,
                                 now: datetime | None = None) -> int:
    """GM closes the session: proposals still open are cancelled (returns how many)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        require_gm(game, user_id)
        closed = _rules(imp.close_exchange_session, _active(game))
        _set_state(game, closed["state"], now)
        pending = (await session.exec(select(Exchange).where(
            Exchange.game_id == game_id, Exchange.status == "open"))).all()
        for x in pending:
            x.status, x.resolved_at = "cancelled", now
        enqueue(session, game, "imp_session_closed", {"cancelled": len(pending)}, now)
        await _start_next(session, game, now)
    db.notify_deadlines()
    return len(pending)


@dataclass(frozen=True, slots=True)
class ExchangeView:
    id: int
    first: str
    second: str
    first_gives: tuple[str, ...]
    second_gives: tuple[str, ...]
    status: str


def _exchange_view(x: Exchange) -> ExchangeView:
    return ExchangeView(id=x.id or 0, first=x.proposer, second=x.partner,
                        first_gives=tuple(x.gives), second_gives=tuple(x.gets), status=x.status)


def _proposal(x: Exchange) -> dict[str, Any]:
    return {"first": x.proposer, "second": x.partner, "first_gives": list(x.gives),
            "second_gives": list(x.gets), "accepted": list(x.accepted_by)}


async def propose_exchange(db: Database, *, game_id: int, user_id: int, partner: str,
                           give: Sequence[str], get: Sequence[str],
                           now: datetime | None = None) -> ExchangeView:
    """A proposal between the caller's power and ``partner`` (gifts and loans: one side may
    be empty); the proposer accepts it by making it."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        state = _active(game)
        me = _power_of(await load_players(session, game_id), user_id)
        checked = _rules(imp.check_exchange, state, {"first": me, "second": partner,
                                                     "first_gives": list(give),
                                                     "second_gives": list(get)})
        x = Exchange(game_id=game_id, proposer=checked["first"], partner=checked["second"],
                     gives=checked["first_gives"], gets=checked["second_gives"],
                     accepted_by=[checked["first"]], created_at=now)
        session.add(x)
        await session.flush()
        enqueue(session, game, "imp_exchange_proposed", {
            "exchange_id": x.id, "first": x.proposer, "second": x.partner,
            "first_gives": x.gives, "second_gives": x.gets}, now)
        return _exchange_view(x)


async def answer_exchange(db: Database, *, game_id: int, exchange_id: int, user_id: int,
                          accept: bool, now: datetime | None = None) -> ExchangeView:
    """The partner accepts (the exchange takes effect, final) or either party declines."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        state = _active(game)
        x = await session.get(Exchange, exchange_id)
        if x is None or x.game_id != game_id:
            raise NotFound("imp.exchange_not_found", exchange_id=exchange_id)
        if x.status != "open":
            raise Conflict("imp.exchange_closed", status=x.status)
        me = _power_of(await load_players(session, game_id), user_id)
        if me not in (x.proposer, x.partner):
            raise refused(ImperialError("not_a_party", {"power": me}))
        if not accept:
            x.status, x.resolved_at = "refused", now
            enqueue(session, game, "imp_exchange_declined", {
                "exchange_id": x.id, "first": x.proposer, "second": x.partner, "by": me}, now)
            return _exchange_view(x)
        if me not in x.accepted_by:
            x.accepted_by = [*x.accepted_by, me]
        if {x.proposer, x.partner} <= set(x.accepted_by):
            done = _rules(imp.exchange, state, _proposal(x))
            _set_state(game, done["state"], now)
            x.status, x.resolved_at = "done", now
            enqueue(session, game, "imp_exchange_done", {
                "exchange_id": x.id, "first": x.proposer, "second": x.partner,
                "first_gives": x.gives, "second_gives": x.gets,
                **_snapshot(done["state"])}, now)
            if done["ended"]:
                _finish(session, game, now)
        view = _exchange_view(x)
    db.notify_deadlines()
    return view


# --- end of the game ------------------------------------------------------------------------

def _finish(session: AsyncSession, game: Game, now: datetime) -> None:
    """Seed 003: the game ends when three powers hold one territory; ranked by influence."""
    state = dict(game.state or {})
    ranking = _rules(imp.ranking, state)
    game.status = GameStatus.FINISHED.value
    game.result = {"winner": ranking[0]["power"], "ranking": ranking}
    touch(game, now)
    enqueue(session, game, "imp_game_over", {"ranking": ranking, **_snapshot(state)}, now)


# --- deadlines ------------------------------------------------------------------------------

DUE_STATUSES = ("conference", "vote", "annexation", "scheduled")


async def next_due(db: Database) -> datetime | None:
    """The earliest stage deadline or automatic crisis of any active game (one MIN query)."""
    from bot.models import UTCDateTime

    async with db.transaction(write=False) as session:
        value = (await session.exec(select(func.min(Crisis.deadline)).join(
            Game, col(Game.id) == col(Crisis.game_id)).where(
            col(Crisis.status).in_(DUE_STATUSES), col(Crisis.deadline).is_not(None),
            col(Game.status) == GameStatus.ACTIVE.value))).one()
    if value is None:
        return None
    return UTCDateTime().process_result_value(value, db.engine.dialect)


async def run_due(db: Database, *, now: datetime | None = None) -> int:
    """Close every stage whose deadline passed (conference -> vote -> tally -> the referee's
    annexation) and draw the automatic crises; returns how many steps were taken. Each step
    re-checks under the game lock, so two processes never take the same step twice."""
    now = now or utcnow()
    async with db.transaction(write=False) as session:
        due = (await session.exec(select(Crisis.id, Crisis.game_id).join(
            Game, col(Game.id) == col(Crisis.game_id)).where(
            col(Crisis.status).in_(DUE_STATUSES), col(Crisis.deadline).is_not(None),
            col(Crisis.deadline) <= now, col(Game.status) == GameStatus.ACTIVE.value)
            .order_by(col(Crisis.deadline)).limit(100))).all()
    steps = 0
    for crisis_id, game_id in due:
        try:
            if await _step(db, crisis_id or 0, game_id, now):
                steps += 1
        except Exception:
            # never the votes: the ids say which crisis, nothing else
            log.exception("Impérialisme deadline of crisis row %s (game %s) failed",
                          crisis_id, game_id)
    if steps:
        db.notify_deadlines()
    return steps


async def _step(db: Database, crisis_id: int, game_id: int, now: datetime) -> bool:
    async with db.transaction() as session:
        game = await _imperial_game(session, game_id)
        row = await session.get(Crisis, crisis_id)
        if row is None or row.deadline is None or row.deadline > now \
                or game.status != GameStatus.ACTIVE.value:
            return False
        state = dict(game.state or {})
        if row.status == "scheduled":
            if _busy(state):
                # retry when the crisis in progress should be over
                current = await _crisis_row(session, game_id,
                                            int((state.get("crisis") or {}).get("number", -1)))
                later = current.deadline if current and current.deadline else None
                row.deadline = max(later or now, now) + timedelta(minutes=1)
                return False
            await _draw(session, game, now, "schedule")
            return True
        c = state.get("crisis")
        if c is None or int(c["number"]) != row.seq or c["stage"] != row.status:
            row.deadline = None  # a stale row: nothing to do
            return False
        if row.status == "conference":
            await _open_vote(session, game, now)
        elif row.status == "vote":
            await _close_vote(session, game, now)
        else:
            await _annex(session, game, now, None)  # the referee's default choice
        return True


# --- reading --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Overview:
    game: GameView
    influence: dict[str, dict[str, Any]]
    crisis: CrisisView | None
    queue: tuple[tuple[str, str], ...]
    exchange_session: bool
    next_crisis: datetime | None
    next_commit: str | None


async def overview(db: Database, *, game_id: int) -> Overview:
    async with db.transaction(write=False) as session:
        game = await _imperial_game(session, game_id, lock=False)
        players = await load_players(session, game_id)
        state = dict(game.state or {})
        influence = imp.influence_table(state) if state else {}
        c = state.get("crisis")
        row = await _crisis_row(session, game_id, int(c["number"])) if c else None
        schedule = await _crisis_row(session, game_id, SCHEDULE_SEQ)
        return Overview(
            game=game_view(game, players), influence=influence,
            crisis=_crisis_view(row) if row else None,
            queue=tuple((q["attacker"], q["target"]) for q in state.get("queue") or []),
            exchange_session=bool(state.get("exchange_session")),
            next_crisis=schedule.deadline if schedule else None,
            next_commit=str(schedule.data.get("commit")) if schedule else None)


async def open_exchanges(db: Database, *, game_id: int) -> list[ExchangeView]:
    async with db.transaction(write=False) as session:
        rows = (await session.exec(select(Exchange).where(
            Exchange.game_id == game_id, Exchange.status == "open")
            .order_by(col(Exchange.id)))).all()
        return [_exchange_view(x) for x in rows]


__all__ = ["Ballot", "ImperialRefused", "annex", "annexation_options", "answer_exchange",
           "answer_withdrawal", "assign_powers", "ballot", "cast_vote", "close_exchange_session",
           "close_stage", "configure", "create_game", "declare_war", "draw_crisis",
           "join_game", "next_due", "open_exchange_session", "overview", "propose_exchange",
           "request_withdrawal", "run_due", "start_game", "vote_token", "voting_games"]
