"""Resolving a phase: one transaction that locks the game, checks the expected phase and
version, runs the engine, writes state + history + outbox, bumps the version and sets the next
deadline (DESIGN.md "Persistence"). Two callers racing on one game produce one new phase: the
second finds the phase or version changed and gets ``Stale``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, delete, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import (
    DrawProposal,
    Game,
    GameStatus,
    OrderSet,
    PhaseRecord,
    Player,
    PlayerStatus,
    utcnow,
)
from bot.services.common import (
    NOT_PLAYING,
    SEATED,
    enqueue,
    iso,
    load_game,
    load_players,
    phase_kind,
    require_gm,
    require_status,
    schedule_phase,
    set_deadline,
    touch,
)
from bot.services.errors import Conflict, Stale
from engine import api as engine_api

AUTO_DRAW_YEARS = 3  # seed 004 §3.8


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    game_id: int
    phase: str  # the phase just resolved
    next_phase: str | None
    version: int
    record_seq: int
    finished: bool
    result: dict[str, Any] | None
    deadline: datetime | None
    new_civil_disorder: tuple[int, ...]  # users whose powers fell into civil disorder


def engine_options(game: Game, players: Sequence[Player],
                   returning: Player | None = None) -> dict[str, Any]:
    """The engine's per-game options: preset, victory threshold, and the powers run by the
    civil-disorder rules (seed 004 §2.14.3): players in civil disorder, gone, or neutral powers
    of a game with fewer than seven players (§2.14.2). ``returning``: a player in civil
    disorder who is ordering again (seed 004 §3.6) — their powers count as played."""
    options = game.options or {}
    neutral = list(options.get("neutral", []))
    disorder = set(neutral)
    held: set[str] = set()
    for p in players:
        if p.status in NOT_PLAYING and p is not returning:
            disorder.update(p.powers)
        elif p.status == PlayerStatus.ACTIVE.value or p is returning:
            held.update(p.powers)
    disorder -= held  # a replacement already took the seat over
    result: dict[str, Any] = {"preset": options.get("preset", "standard"),
                              "victory_centers": options.get("victory_centers", 18),
                              "civil_disorder": sorted(disorder)}
    if options.get("players_at_start") == 2:
        result["closed"] = neutral  # seed 004 §2.14.2: nobody enters neutral Italy
    return result


def waiting_powers(players: Sequence[Player], choices: Sequence[str]) -> set[str]:
    """Powers whose active player is expected to answer in this phase."""
    active = {pw for p in players if p.status == PlayerStatus.ACTIVE.value for pw in p.powers}
    return set(choices) & active


def everyone_ready(players: Sequence[Player], choices: Sequence[str],
                   order_sets: Sequence[OrderSet]) -> bool:
    waiting = waiting_powers(players, choices)
    ready = {o.power for o in order_sets if o.ready}
    return bool(waiting) and waiting <= ready


def _year(phase: str | None) -> int | None:
    if phase and len(phase) >= 6 and phase[1:5].isdigit():
        return int(phase[1:5])
    return None


def _centre_counts(state: dict[str, Any]) -> dict[str, int]:
    return {p: len(c) for p, c in (state.get("centers") or {}).items() if c}


async def _auto_draw_due(session: AsyncSession, game: Game, new_state: dict[str, Any]) -> bool:
    """seed 004 §3.8: three game years without any supply centre changing hands. Centres
    change only after Fall, so the Spring movement positions of four consecutive years are
    compared."""
    if not str(new_state.get("phase", "")).startswith("S"):
        return False
    rows = (await session.exec(select(PhaseRecord).where(
        PhaseRecord.game_id == game.id, col(PhaseRecord.superseded).is_(False),
        col(PhaseRecord.phase).like("S%M")).order_by(col(PhaseRecord.seq).desc())
        .limit(AUTO_DRAW_YEARS))).all()
    if len(rows) < AUTO_DRAW_YEARS:
        return False
    snapshots = [new_state.get("centers") or {}] + [r.state.get("centers") or {} for r in rows]
    norm = [{p: sorted(c) for p, c in s.items() if c} for s in snapshots]
    return all(s == norm[0] for s in norm[1:])


def _survivors(state: dict[str, Any]) -> list[str]:
    alive = {p for p, c in (state.get("centers") or {}).items() if c}
    alive |= {u["power"] for u in state.get("units", [])}
    return sorted(alive)


async def _end_of_game(session: AsyncSession, game: Game, new_state: dict[str, Any]
                       ) -> dict[str, Any] | None:
    if game.variant == "duel":  # seed 001 rules 9-10: no 18 centres, no end year
        from bot.services.duel import duel_result

        return duel_result(new_state)
    winner = new_state.get("winner")
    if winner:
        return {"winner": winner}
    options = game.options or {}
    end_year = options.get("end_year")
    year = _year(str(new_state.get("phase", "")))
    if end_year is not None and year is not None and year > int(end_year):
        # seed 000 III: a game ended by agreement at a set year goes to the most centres
        counts = _centre_counts(new_state)
        top = max(counts.values(), default=0)
        leaders = sorted(p for p, n in counts.items() if n == top)
        if len(leaders) == 1:
            return {"winner": leaders[0], "reason": "end_year", "centers": counts}
        return {"draw": leaders, "reason": "end_year", "centers": counts}
    if options.get("auto_draw") and await _auto_draw_due(session, game, new_state):
        return {"draw": _survivors(new_state), "reason": "auto_draw"}
    return None


async def adjudicate_phase(db: Database, *, game_id: int, expected_phase: str | None = None,
                           expected_version: int | None = None, trigger: str = "gm",
                           user_id: int | None = None, lease_owner: str | None = None,
                           now: datetime | None = None) -> TurnOutcome:
    """Resolve the current phase of ``game_id``.

    ``trigger``: "deadline" (refused before the deadline, and while another process holds the
    lease), "ready" (refused unless every waiting power is ready), "gm" (``user_id`` must be
    the GM). ``expected_phase``/``expected_version``: refused with ``Stale`` when the game
    moved on, so a repeated or racing call never resolves twice."""
    from bot.services import duel  # late: the duel service builds on this module

    if duel.is_bidding(expected_phase):  # a duel's bidding season: the reveal (seed 001)
        return await duel.reveal_bids(db, game_id=game_id, expected_phase=expected_phase,
                                      expected_version=expected_version, trigger=trigger,
                                      user_id=user_id, lease_owner=lease_owner, now=now)
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if duel.is_bidding(game.phase):
            raise Stale(expected_phase=expected_phase, phase=game.phase,
                        expected_version=expected_version, version=game.version)
        if (expected_phase is not None and game.phase != expected_phase) \
                or (expected_version is not None and game.version != expected_version):
            raise Stale(expected_phase=expected_phase, phase=game.phase,
                        expected_version=expected_version, version=game.version)
        require_status(game, GameStatus.ACTIVE)
        players = await load_players(session, game_id)
        order_sets = list((await session.exec(select(OrderSet).where(
            OrderSet.game_id == game_id, OrderSet.phase == game.phase))).all())
        state = dict(game.state or {})
        options = engine_options(game, players)
        choices = engine_api.powers_with_choices(state, options)
        if trigger == "deadline":
            if game.deadline is None or game.deadline > now:
                raise Conflict("game.not_due", deadline=iso(game.deadline))
            if lease_owner is not None and game.lease_owner not in (None, lease_owner) \
                    and game.lease_until is not None and game.lease_until > now:
                raise Conflict("game.lease_held", owner=game.lease_owner)
        elif trigger == "ready":
            if not everyone_ready(players, choices, order_sets):
                raise Conflict("game.not_due", deadline=iso(game.deadline))
        else:
            require_gm(game, user_id if user_id is not None else -1)

        phase = str(game.phase)
        submitted = [o for o in order_sets if o.text.strip()]
        request = {"state": state, "options": options,
                   "orders": [{"power": o.power, "text": o.text} for o in submitted]}
        response = engine_api.adjudicate(request)
        new_state = response["state"]
        if game.variant == "duel":  # control of the minors lasts one year (seed 001 rule 4)
            from bot.services.duel import sync_powers

            sync_powers(players, new_state)

        responded = [o for o in order_sets if o.text.strip() or o.ready]
        new_cd = _track_missed_phases(game, players, choices, responded, phase, now, session)

        seq = int((await session.exec(select(func.max(PhaseRecord.seq)).where(
            PhaseRecord.game_id == game_id))).one() or 0) + 1
        session.add(PhaseRecord(
            game_id=game_id, seq=seq, phase=phase, state=state,
            orders=[{"power": o.power, "text": o.text, "parsed": o.parsed} for o in submitted],
            results=list(response.get("results", [])), next_phase=new_state.get("phase"),
            started_at=game.updated_at, resolved_at=now))
        await session.exec(delete(OrderSet).where(  # type: ignore[call-overload]
            col(OrderSet.game_id) == game_id, col(OrderSet.phase) == phase))

        game.state = new_state
        game.phase = str(new_state.get("phase"))
        touch(game, now)
        game.lease_owner = None
        game.lease_until = None
        result = await _end_of_game(session, game, new_state)
        if result is not None:
            game.status = GameStatus.FINISHED.value
            game.result = result
            set_deadline(game, None, now)
            await session.exec(delete(DrawProposal).where(  # type: ignore[call-overload]
                col(DrawProposal.game_id) == game_id))
        else:
            schedule_phase(game, now)
        enqueue(session, game, "results", {
            "phase": phase, "next_phase": game.phase, "seq": seq,
            "deadline": iso(game.deadline), "trigger": trigger,
            "eliminated": list(new_state.get("eliminated") or []),
            "map": {"source": "record", "seq": seq}}, now)
        if result is not None:
            enqueue(session, game, "game_over", {"result": result, "phase": game.phase}, now)
        outcome = TurnOutcome(game_id=game_id, phase=phase, next_phase=game.phase,
                              version=game.version, record_seq=seq,
                              finished=result is not None, result=result,
                              deadline=game.deadline, new_civil_disorder=tuple(new_cd))
    db.notify_deadlines()
    return outcome


def _track_missed_phases(game: Game, players: Sequence[Player], choices: Sequence[str],
                         responded: Sequence[OrderSet], phase: str, now: datetime,
                         session: AsyncSession) -> list[int]:
    """RULES.md civil disorder: after N consecutive movement phases without orders (default
    2, option ``nmr_threshold``), a player's powers are in civil disorder. Only movement
    phases count; sending orders again resets the count (seed 004 §3.6: the original player
    keeps the seat)."""
    if phase_kind(phase) != "M":
        return []
    threshold = int((game.options or {}).get("nmr_threshold", 2))
    ordered = {o.power for o in responded}  # orders sent, or "ready" with none (all hold)
    fallen: list[int] = []
    for p in players:
        if p.status not in SEATED:
            continue
        needed = [pw for pw in p.powers if pw in choices]
        if not needed:
            continue
        if any(pw in ordered for pw in needed):
            p.missed_phases = 0
            continue
        p.missed_phases += 1
        if p.missed_phases >= threshold and p.status == PlayerStatus.ACTIVE.value:
            p.status = PlayerStatus.CIVIL_DISORDER.value
            fallen.append(p.user_id)
            enqueue(session, game, "civil_disorder", {"user_id": p.user_id,
                                                      "powers": list(p.powers),
                                                      "missed": p.missed_phases}, now)
    return fallen


async def resolve_if_ready(db: Database, *, game_id: int, now: datetime | None = None
                           ) -> TurnOutcome | None:
    """Resolve early when every waiting power is ready; None when not (or someone else
    already resolved the phase)."""
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        if game.status != GameStatus.ACTIVE.value:
            return None
        phase, version = game.phase, game.version
    try:
        return await adjudicate_phase(db, game_id=game_id, expected_phase=phase,
                                      expected_version=version, trigger="ready", now=now)
    except (Stale, Conflict):
        return None
