"""The one turn pipeline for every variant (docs/ARCHITECTURE.md "The turn pipeline").

Resolving a phase is one transaction: lock the game, check the expected phase and version,
check that it is due (``ensure_due``), run the variant's step (``bot.services.registry``),
write the state, a ``PhaseRecord`` and the outbox rows, bump the version and set the next
deadline. Two callers racing on one game produce one new phase: the second finds the phase
or version changed and gets ``Stale``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, delete, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import DrawProposal, Game, GameStatus, PhaseRecord, Player, utcnow
from bot.services.absence import apply_absences
from bot.services.common import (
    enqueue,
    iso,
    load_game,
    load_players,
    pending_order_sets,
    require_gm,
    require_status,
    schedule_phase,
    set_deadline,
    touch,
)
from bot.services.errors import Conflict, RuleRefused, Stale
from bot.services.registry import Record, TurnRules, rules_for
from engine import variants
from engine.errors import RuleError

AUTO_DRAW_YEARS = 3  # docs/RULES.md §3.8
TRIGGERS = ("deadline", "ready", "gm")


# the results post's map drawn while the turn is written: (game, seq of its first record,
# the position it shows, the results of every record) — ``OutboxPoster.draw_ahead``
DrawAhead = Callable[[Game, int, dict[str, Any], list[dict[str, Any]]], None]


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


def ensure_fresh(game: Game, expected_phase: str | None, expected_version: int | None) -> None:
    if (expected_phase is not None and game.phase != expected_phase) \
            or (expected_version is not None and game.version != expected_version):
        raise Stale(expected_phase=expected_phase, phase=game.phase,
                    expected_version=expected_version, version=game.version)


async def ensure_due(session: AsyncSession, game: Game, players: list[Player],
                     rules: TurnRules, *, trigger: str, now: datetime,
                     lease_owner: str | None = None, user_id: int | None = None) -> None:
    """The one check that a phase may be resolved now: ``deadline`` — the deadline passed
    and no other process holds the lease; ``ready`` — everyone who must act is done;
    ``gm`` — the caller is the game master."""
    if trigger == "deadline":
        if game.deadline is None or game.deadline > now:
            raise Conflict("game.not_due", deadline=iso(game.deadline))
        if lease_owner is not None and game.lease_owner not in (None, lease_owner) \
                and game.lease_until is not None and game.lease_until > now:
            raise Conflict("game.lease_held", owner=game.lease_owner)
    elif trigger == "ready":
        if not await rules.is_ready(session, game, players):
            raise Conflict("game.not_due", deadline=iso(game.deadline))
    else:
        require_gm(game, user_id if user_id is not None else -1)


def _year(phase: str | None) -> int | None:
    if phase and len(phase) >= 6 and phase[1:5].isdigit():
        return int(phase[1:5])
    return None


async def _auto_draw_due(session: AsyncSession, game: Game, new_state: dict[str, Any]) -> bool:
    """docs/RULES.md §3.8: three game years without any supply centre changing hands. Centres
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


def survivors(state: dict[str, Any]) -> list[str]:
    """The powers still in the game, as the STATE's variant counts them."""
    return variants.of_state(state).survivors(state)


async def end_of_game(session: AsyncSession, game: Game, new_state: dict[str, Any]
                      ) -> dict[str, Any] | None:
    """The variant's end (victory, agreed last year…), else the automatic draw when the game
    option asks for it (docs/RULES.md §3.8)."""
    options = game.options or {}
    result = variants.get(game.variant).end_of_game(new_state, options)
    if result is not None:
        return result
    if options.get("auto_draw") and await _auto_draw_due(session, game, new_state):
        return {"draw": variants.sharing_a_draw(new_state, options), "reason": "auto_draw"}
    return None


def seats_of(players: list[Player]) -> list[dict[str, Any]]:
    return [{"id": p.id, "user_id": p.user_id, "powers": list(p.powers), "status": p.status,
             "missed_phases": p.missed_phases} for p in players]


async def snapshot(session: AsyncSession, game: Game, players: list[Player]
                   ) -> dict[str, Any]:
    """What a rollback to this phase restores besides the position (docs/RULES.md §3.7): the
    seats as they were (powers, status, missed phases) and the orders pending, with their
    ready flags."""
    pending = await pending_order_sets(session, game)
    return {"players": seats_of(players),
            "order_sets": [{"power": o.power, "text": o.text, "parsed": o.parsed,
                            "ready": o.ready, "user_id": o.user_id} for o in pending]}


async def next_seq(session: AsyncSession, game_id: int) -> int:
    """The seq of the game's next record, read once per turn (the step's civil disorder
    rows and the records share it; forgotten when the records are added)."""
    key = ("next_seq", game_id)
    seq: int | None = session.info.get(key)
    if seq is None:
        seq = int((await session.exec(select(func.max(PhaseRecord.seq)).where(
            PhaseRecord.game_id == game_id))).one() or 0) + 1
        session.info[key] = seq
    return seq


async def adjudicate_phase(db: Database, *, game_id: int, expected_phase: str | None = None,
                           expected_version: int | None = None, trigger: str = "gm",
                           user_id: int | None = None, lease_owner: str | None = None,
                           now: datetime | None = None, notify: bool = True,
                           draw_ahead: DrawAhead | None = None) -> TurnOutcome:
    """Resolve the current phase of ``game_id``, whatever its variant.

    ``trigger``: "deadline" (refused before the deadline, and while another process holds the
    lease), "ready" (refused unless everyone who must act is ready), "gm" (``user_id`` must
    be the GM). ``expected_phase``/``expected_version``: refused with ``Stale`` when the game
    moved on, so a repeated or racing call never resolves twice. ``notify=False``: the
    caller wakes the other processes itself (the scheduler, once per pass). ``draw_ahead``:
    told the results post's map as soon as the phase is resolved, so that it is drawn (in a
    render process) while the turn is written; the post uses it only if it shows the same."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        ensure_fresh(game, expected_phase, expected_version)
        require_status(game, GameStatus.ACTIVE)
        players = await load_players(session, game_id)
        rules = rules_for(game.variant)
        await ensure_due(session, game, players, rules, trigger=trigger, now=now,
                         lease_owner=lease_owner, user_id=user_id)
        state = dict(game.state or {})
        before = await snapshot(session, game, players)
        try:
            step = await rules.step(session, game, players, now)
        except RuleError as err:
            raise RuleRefused.from_error(err) from None
        new_state = step.new_state

        seq = await next_seq(session, game_id)
        records = [Record(step.phase, state, step.results), *step.more]
        if draw_ahead is not None and step.posts is None:
            draw_ahead(game, seq, state, [r for record in records for r in record.results])
        after = {"players": seats_of(players), "order_sets": []}
        for i, record in enumerate(records):
            following = records[i + 1].phase if i + 1 < len(records) \
                else new_state.get("phase")
            session.add(PhaseRecord(
                game_id=game_id, seq=seq + i, phase=record.phase, state=record.state,
                orders=step.orders if i == 0 else record.orders, results=record.results,
                next_phase=following, started_at=game.updated_at, resolved_at=now,
                snapshot=before if i == 0 else after))
        session.info.pop(("next_seq", game_id), None)
        seqs = [seq + i for i in range(len(records))]
        game.state = new_state
        game.phase = new_state.get("phase")
        touch(game, now)
        game.lease_owner = None
        game.lease_until = None
        result = await end_of_game(session, game, new_state)
        if result is not None:
            game.status = GameStatus.FINISHED.value
            game.result = result
            set_deadline(game, None, now)
            await session.exec(delete(DrawProposal).where(  # type: ignore[call-overload]
                col(DrawProposal.game_id) == game_id))
        elif step.own_deadline:
            set_deadline(game, step.deadline, now)
        else:
            schedule_phase(game, now)
        if result is None:  # absences announced (docs/RULES.md §3.6), the players' reminders
            await apply_absences(session, game, players, now, extend=not step.own_deadline)
        if step.posts is not None:
            for kind, payload in step.posts(seq, game.deadline):
                enqueue(session, game, kind, payload, now)
        else:
            enqueue(session, game, "results", {
                "phase": step.phase, "next_phase": game.phase, "seq": seq,
                "deadline": iso(game.deadline), "trigger": trigger,
                "eliminated": list(new_state.get("eliminated") or []),
                "seqs": seqs, "map": {"source": "record", "seq": seq}}, now)
        if result is not None and not step.announces_end:
            enqueue(session, game, "game_over", {"result": result, "phase": game.phase}, now)
        outcome = TurnOutcome(game_id=game_id, phase=step.phase, next_phase=game.phase,
                              version=game.version, record_seq=seq,
                              finished=result is not None, result=result,
                              deadline=game.deadline,
                              new_civil_disorder=step.new_civil_disorder)
    if notify:
        db.notify_deadlines()
    return outcome


async def resolve_if_ready(db: Database, *, game_id: int, now: datetime | None = None
                           ) -> TurnOutcome | None:
    """Resolve early when everyone who must act is ready; None when not (or someone else
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
