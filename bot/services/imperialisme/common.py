"""What every Impérialisme use case shares: names and timing, lookups, the refusals of the
rules, the phase label of a STATE, the game's one deadline, and the way into the one turn
pipeline (``bot.services.turns``)."""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import Game, GameStatus, Player, PlayerStatus
from bot.sealing import Sealer
from bot.services.common import (
    GameView,
    load_game,
    require_status,
    seated_player,
    set_deadline,
    touch,
)
from bot.services.errors import Conflict, Forbidden, RuleRefused, ServiceError
from bot.services.imperialisme.tables import Crisis, Exchange
from bot.services.turns import TurnOutcome, adjudicate_phase, resolve_if_ready
from engine import variants
from engine.variants.imperialisme import api as imp
from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.maps import ImperialMap, load_imperial_map

log = logging.getLogger(__name__)

VARIANT = "imperialisme"
MAX_PLAYERS = 14
MIN_PLAYERS = 2
BLANK = "blank"
SCHEDULE_SEQ = 0  # the ``Crisis`` row holding the next draw's seed and the schedule
# stage lengths in minutes (GM may change them: ``configure``); no automatic crisis by default
DEFAULT_TIMING: dict[str, int | None] = {"conference": 24 * 60, "vote": 24 * 60,
                                         "annexation": 24 * 60, "crisis_every": None}
MIN_MINUTES, MAX_MINUTES = 1, 60 * 24 * 60
SEEDS_OPTION = "crisis_seeds"  # reproducible draws (``draw_seed``): never set in production
SETTLE_STEPS = 8  # steps that wait for nothing, taken in a row (bounded)

T = TypeVar("T")


def refused(exc: ImperialError) -> RuleRefused:
    """A refusal of the rules as the one rule-error type (``rule.imperialisme.<code>``)."""
    return RuleRefused.from_error(exc)


def rules(call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run one engine operation; a refusal becomes ``RuleRefused``."""
    try:
        return call(*args, **kwargs)
    except ImperialError as exc:
        raise refused(exc) from None


def game_map() -> ImperialMap:
    return load_imperial_map(VARIANT)


def resolve_power(text: str) -> str:
    return rules(game_map().resolve_power, text)


def timing(game: Game | GameView) -> dict[str, int | None]:
    out = dict(DEFAULT_TIMING)
    out.update((game.options or {}).get(VARIANT, {}))
    return out


def stage_length(game: Game, stage: str) -> timedelta:
    return timedelta(minutes=float(timing(game)[stage] or DEFAULT_TIMING[stage] or 60))


def owners_of(state: Mapping[str, Any]) -> dict[str, str]:
    return dict(state.get("owners") or {})


def influence_rows(state: Mapping[str, Any]) -> dict[str, str]:
    """{power: influence}: the legend of the map (public)."""
    return dict((variants.get(VARIANT).legend(state) or {}).get("rows") or {})


def snapshot(state: Mapping[str, Any],
             results: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """What a map post needs: the owners at that moment (the post may go out later); the
    poster draws that position with the variant's legend. ``results``: the step's public
    facts, which the map's description tells as what changed (WCAG 1.1.1)."""
    owners = owners_of(state)
    spec: dict[str, Any] = {"source": "inline", "state": {"variant": VARIANT, "owners": owners}}
    if results:
        spec["results"] = [dict(r) for r in results]
    return {"owners": owners, "map": spec}


# --- the phase label ------------------------------------------------------------------------

def phase_of(state: Mapping[str, Any]) -> str:
    """``Game.phase`` of an Impérialisme STATE (upper case, as ``/map <phase>`` looks it up):
    ``C3-CONFERENCE``, ``C3-VOTE``, ``C3-ANNEXATION`` while crisis 3 runs; ``C4-PENDING``
    between crises (crisis 4 is the next to start); ``X2`` while an exchange session waits
    for its second exchange; ``END`` once the game is over."""
    if state.get("ended"):
        return "END"
    c = state.get("crisis")
    if c is not None:
        return f"C{int(c['number'])}-{str(c['stage']).upper()}"
    if state.get("exchange_session"):
        return f"X{int(state.get('exchanges') or 0) + 1}"
    return f"C{int(state.get('round') or 0) + 1}-PENDING"


def labelled(state: Mapping[str, Any]) -> dict[str, Any]:
    """The STATE with its phase label (the pipeline reads ``state["phase"]``)."""
    return {**state, "phase": phase_of(state)}


def set_state(game: Game, state: Mapping[str, Any], now: datetime) -> None:
    """A change outside the turn pipeline (a declaration, a session opened…): no record."""
    game.state = labelled(state)
    game.phase = game.state["phase"]
    touch(game, now)


# --- lookups --------------------------------------------------------------------------------

async def imperial_game(session: AsyncSession, game_id: int, *, lock: bool = True) -> Game:
    game = await load_game(session, game_id, lock=lock)
    if game.variant != VARIANT:
        raise Conflict("game.variant_unsupported", variant=game.variant, operation=VARIANT)
    return game


def active_state(game: Game) -> dict[str, Any]:
    require_status(game, GameStatus.ACTIVE)
    return dict(game.state or {})


def power_of(players: Sequence[Player], user_id: int) -> str:
    """The power an active player holds (one per player in this game)."""
    player = seated_player(players, user_id)
    if player is None or not player.powers:
        raise Forbidden("imp.not_a_power", user_id=user_id)
    if player.status != PlayerStatus.ACTIVE.value:
        raise Forbidden("player.not_active", status=player.status)
    return player.powers[0]


def holder(players: Sequence[Player], power: str) -> Player | None:
    for p in players:
        if p.status == PlayerStatus.ACTIVE.value and power in p.powers:
            return p
    return None


def ballots(players: Sequence[Player], voters: Sequence[str],
            number: int) -> list[tuple[str, dict[str, Any]]]:
    """The DM ballot of each voter that a player holds (an unplayed power gets none), as
    posts of the outbox."""
    return [("imp_ballot", {"user_id": seat.user_id, "power": power, "number": number})
            for power in voters if (seat := holder(players, power)) is not None]


async def crisis_row(session: AsyncSession, game_id: int, number: int) -> Crisis | None:
    return (await session.exec(select(Crisis).where(Crisis.game_id == game_id,
                                                    Crisis.seq == number))).first()


def draw_seed(game: Game, previous: str = "") -> str:
    """The seed of the next random draw: 128 bits from ``secrets``. A game whose options hold
    ``crisis_seeds`` (written by tests only; no command sets it: ``resolve_options``
    refuses unknown keys) gets a chain of seeds derived from it instead, the same every run."""
    base = (game.options or {}).get(SEEDS_OPTION)
    if base is None:
        return secrets.token_hex(16)
    return hashlib.sha256(f"{base}:{previous}".encode()).hexdigest()[:32]


async def schedule_row(session: AsyncSession, game: Game) -> Crisis:
    """The seed of the next random draw, whose SHA-256 is published in advance (docs/RULES.md §6:
    « the seed's hash is published before the draw and the seed after it »), and the time of
    the next automatic crisis."""
    row = await crisis_row(session, game.id or 0, SCHEDULE_SEQ)
    if row is None:
        seed = draw_seed(game)
        row = Crisis(game_id=game.id or 0, seq=SCHEDULE_SEQ, kind="schedule", attacker="",
                     defender="", status="idle",
                     data={"seed": seed, "commit": imp.commitment(seed)})
        session.add(row)
    return row


async def current_row(session: AsyncSession, game: Game, state: Mapping[str, Any],
                      stage: str) -> Crisis:
    """The row of the crisis in progress, which must be at ``stage``."""
    c = state.get("crisis")
    if c is None:
        raise ImperialError("no_crisis")
    if c["stage"] != stage:
        raise ImperialError("wrong_stage", {"stage": c["stage"]})
    row = await crisis_row(session, game.id or 0, int(c["number"]))
    if row is None:  # a state written by hand: keep going with a row of its own
        row = Crisis(game_id=game.id or 0, seq=int(c["number"]), kind=str(c["kind"]),
                     attacker=str(c["sides"][0]), defender=str(c["sides"][1]), status=stage)
        session.add(row)
    return row


async def accepted_exchanges(session: AsyncSession, game_id: int) -> list[Exchange]:
    """Open proposals both powers accepted, oldest first: each is one step of the game."""
    rows = (await session.exec(select(Exchange).where(
        Exchange.game_id == game_id, Exchange.status == "open")
        .order_by(col(Exchange.id)))).all()
    return [x for x in rows if {x.proposer, x.partner} <= set(x.accepted_by)]


@dataclass(frozen=True, slots=True)
class CrisisView:
    number: int
    kind: str
    sides: tuple[str, str]
    stage: str
    deadline: datetime | None


def crisis_view(row: Crisis) -> CrisisView:
    return CrisisView(number=row.seq, kind=row.kind, sides=(row.attacker, row.defender),
                      stage=row.status, deadline=row.deadline)


# --- the game's one deadline ----------------------------------------------------------------

async def waits_for_nothing(session: AsyncSession, game_id: int,
                            state: Mapping[str, Any]) -> bool:
    """The next step may be taken now: the winner chose its territories, the target agreed
    to withdraw the crisis in progress, both powers accepted an exchange, or a declared
    crisis waits while nothing is going on. A vote never closes early: a voter may change
    its vote until the vote closes and no vote is a blank vote (seed 003), and closing when
    everyone has voted would tell that nobody abstained."""
    if state.get("ended"):
        return False
    c = state.get("crisis")
    if c is not None:
        row = await crisis_row(session, game_id, int(c["number"]))
        if row is None:
            return False
        return "choice" in row.data if c["stage"] == "annexation" \
            else bool(row.data.get("withdrawal"))
    if state.get("exchange_session"):
        return bool(await accepted_exchanges(session, game_id))
    return bool(state.get("queue"))


async def next_deadline(session: AsyncSession, game: Game, state: Mapping[str, Any],
                        now: datetime) -> datetime | None:
    """``Game.deadline``: now when the next step waits for nothing, else the deadline of the
    stage in progress, else the next automatic crisis (none during an exchange session)."""
    if state.get("ended"):
        return None
    if await waits_for_nothing(session, game.id or 0, state):
        return now
    row = await deadline_row(session, game, state)
    return row.deadline if row is not None else None


async def deadline_row(session: AsyncSession, game: Game, state: Mapping[str, Any]
                       ) -> Crisis | None:
    """The row whose deadline is the game's: the crisis in progress, else the next automatic
    crisis if one is scheduled (none during an exchange session)."""
    c = state.get("crisis")
    if c is not None:
        return await crisis_row(session, game.id or 0, int(c["number"]))
    if state.get("exchange_session"):
        return None
    schedule = await crisis_row(session, game.id or 0, SCHEDULE_SEQ)
    return schedule if schedule is not None and schedule.status == "scheduled" else None


async def refresh_deadline(session: AsyncSession, game: Game, now: datetime) -> None:
    set_deadline(game, await next_deadline(session, game, dict(game.state or {}), now), now)


# --- into the pipeline ----------------------------------------------------------------------

async def take_step(db: Database, *, game_id: int, trigger: str, now: datetime,
                    user_id: int | None = None, expected_phase: str | None = None
                    ) -> TurnOutcome:
    """One step through the one turn pipeline (a ``PhaseRecord`` each), then the steps that
    follow at once (:func:`settle`)."""
    outcome = await adjudicate_phase(db, game_id=game_id, expected_phase=expected_phase,
                                     trigger=trigger, user_id=user_id, now=now)
    await settle(db, game_id=game_id, now=now)
    return outcome


async def settle(db: Database, *, game_id: int, now: datetime) -> int:
    """Take the steps that wait for nothing (:func:`waits_for_nothing`), each through the
    pipeline with the "ready" trigger; a racing scheduler may take them instead (their
    ``Game.deadline`` is now), never twice. Returns how many were taken here."""
    taken = 0
    for _ in range(SETTLE_STEPS):
        try:
            if await resolve_if_ready(db, game_id=game_id, now=now) is None:
                break
        except ServiceError as exc:  # the ids and the code only: never a vote
            log.info("Impérialisme game %s: step not taken (%s)", game_id, exc.code)
            break
        taken += 1
    return taken


def voter_tag(sealer: Sealer, crisis_id: int, power: str) -> str:
    """The pseudonym a vote row is stored under: only the bot's key recomputes it."""
    return sealer.tag("vote", crisis_id, power)
