"""L'Impérialisme in the one turn pipeline (``bot.services.turns``): each step of the crisis
cycle (seed 003, docs/RULES.md §6) is one call of :meth:`ImperialTurn.step` and one ``PhaseRecord``.

The step taken depends on the phase (``common.phase_of``):

- ``Cn-PENDING``: the oldest declared crisis starts (lapsed declarations are dropped), else a
  random crisis is drawn from the seed committed in advance (the GM's ``/crisis draw`` or the
  automatic schedule);
- ``Cn-CONFERENCE``: the vote opens (ballots by DM);
- ``Cn-VOTE``: the tally; the votes and the ballot key are deleted in the same transaction;
- either of them: the crisis is withdrawn instead when its target agreed (seed 003: until
  the tally; votes already cast are deleted, unread);
- ``Cn-ANNEXATION``: the winner's choice, or the referee's default;
- ``Xk``: the oldest exchange both powers accepted takes effect.

A step returns only public facts (``results``) and its posts: never a ballot, a voter's
choice or a weight paired with a choice — only what the tally publishes. The next deadline
is the variant's own (``common.next_deadline``)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import col, delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database, sealer_of
from bot.models import Game, GameStatus, Player
from bot.services.common import iso, set_deadline
from bot.services.imperialisme.common import (
    BLANK,
    VARIANT,
    accepted_exchanges,
    ballots,
    current_row,
    draw_seed,
    labelled,
    next_deadline,
    phase_of,
    schedule_row,
    set_state,
    snapshot,
    stage_length,
    timing,
    voter_tag,
    waits_for_nothing,
)
from bot.services.imperialisme.tables import Crisis, Exchange, Vote
from bot.services.registry import Step
from engine import variants
from engine.variants.imperialisme import api as imp
from engine.variants.imperialisme.errors import ImperialError

Post = tuple[str, dict[str, Any]]


@dataclass(slots=True)
class Taken:
    """What one step did: the next STATE, its public facts and its posts."""

    state: dict[str, Any]
    results: list[dict[str, Any]] = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)
    orders: list[dict[str, Any]] = field(default_factory=list)


def _advance(request: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's next step of the crisis cycle (``ImperialismeVariant.advance``)."""
    return variants.get(VARIANT).advance(request)


def _game_over(state: Mapping[str, Any]) -> list[Post]:
    if not state.get("ended"):
        return []
    return [("imp_game_over", {"ranking": imp.ranking(state), **snapshot(state)})]


# --- between crises -------------------------------------------------------------------------

def _open_crisis(session: AsyncSession, game: Game, started: Mapping[str, Any], now: datetime,
                 extra: Mapping[str, Any]) -> Taken:
    """A crisis the engine has just started: its row, its conference deadline, its post."""
    c = started["crisis"]
    row = Crisis(game_id=game.id or 0, seq=int(c["number"]), kind=str(c["kind"]),
                 attacker=str(c["sides"][0]), defender=str(c["sides"][1]),
                 status="conference", deadline=now + stage_length(game, "conference"),
                 data={"commit": c.get("commit"), "seed": c.get("seed")}, created_at=now)
    session.add(row)
    fact = {"number": row.seq, "kind": row.kind, "sides": [row.attacker, row.defender],
            "commit": c.get("commit"), "seed": c.get("seed"), **extra}
    return Taken(state=started["state"], results=[{"event": "crisis", **fact}],
                 posts=[("imp_crisis", {**fact, "deadline": iso(row.deadline)})])


async def _start(session: AsyncSession, game: Game, state: dict[str, Any],
                 now: datetime) -> Taken:
    """Seed 003: declared crises start in the order of their announcement; otherwise a random
    crisis is drawn with the seed whose hash was published before (commit-reveal)."""
    if state.get("queue"):
        started = _advance({"state": state})
        lapsed = list(started.get("lapsed") or [])
        if started.get("crisis") is None:
            return Taken(state=started["state"], results=[{"event": "lapsed",
                                                           "lapsed": lapsed}],
                         posts=[("imp_lapsed", {"lapsed": lapsed})])
        return _open_crisis(session, game, started, now, {"lapsed": lapsed})
    schedule = await schedule_row(session, game)
    due = schedule.status == "scheduled" and schedule.deadline is not None \
        and schedule.deadline <= now
    started = _advance({"state": state, "seed": str(schedule.data["seed"])})
    # the next draw's seed is chosen now and its hash published with this crisis
    nxt = draw_seed(game, str(schedule.data["seed"]))
    schedule.data = {"seed": nxt, "commit": imp.commitment(nxt)}
    every = timing(game)["crisis_every"]
    if every:
        schedule.status, schedule.deadline = "scheduled", now + timedelta(minutes=every)
    return _open_crisis(session, game, started, now, {
        "next_commit": schedule.data["commit"], "by": "schedule" if due else "gm",
        "next_crisis": iso(schedule.deadline)})


# --- the stages of a crisis -----------------------------------------------------------------

async def _open_vote(session: AsyncSession, game: Game, players: Sequence[Player],
                     state: dict[str, Any], now: datetime) -> Taken:
    row = await current_row(session, game, state, "conference")
    opened = _advance({"state": state})
    row.status, row.deadline = "vote", now + stage_length(game, "vote")
    # the per-crisis key of the ballot tokens: deleted at the tally
    row.data = {**row.data, "secret": secrets.token_hex(16)}
    fact = {"number": row.seq, "sides": [row.attacker, row.defender]}
    posts: list[Post] = [("imp_vote_open", {**fact, "deadline": iso(row.deadline)}),
                         *ballots(players, opened["voters"], row.seq)]
    return Taken(state=opened["state"], results=[{"event": "vote_open", **fact}], posts=posts)


async def _withdraw(session: AsyncSession, game: Game, state: dict[str, Any],
                    now: datetime) -> Taken:
    """Seed 003: a declared crisis is withdrawn until its tally with the target's public
    consent (recorded by ``crises.answer_withdrawal``). Votes already cast count for
    nothing: they are deleted with the ballot key, and nothing is said of them."""
    row = await current_row(session, game, state, str(state["crisis"]["stage"]))
    done = imp.withdraw(state, row.attacker, row.defender, target_consents=True)
    await session.exec(delete(Vote).where(  # type: ignore[call-overload]
        col(Vote.crisis_id) == row.id))
    row.status, row.deadline, row.resolved_at = "withdrawn", None, now
    row.data = {k: v for k, v in row.data.items() if k not in ("withdrawal", "secret")}
    fact = {"attacker": row.attacker, "target": row.defender, "what": done["withdrawn"]}
    return Taken(state=done["state"], results=[{"event": "withdrawn", **fact}],
                 posts=[("imp_withdrawn", {**fact, **snapshot(
                     done["state"], [{"event": "withdrawn", **fact}])})])


async def _close_vote(session: AsyncSession, game: Game, state: dict[str, Any],
                      now: datetime) -> Taken:
    """The tally (docs/RULES.md §6): no vote = blank, a changed vote counted once; only the outcome
    is published, and every vote and the ballot key are deleted here."""
    row = await current_row(session, game, state, "vote")
    weights = (state.get("crisis") or {}).get("weights") or {}
    rows = (await session.exec(select(Vote).where(Vote.crisis_id == row.id))).all()
    sealer = sealer_of(session)
    by_tag = {voter_tag(sealer, row.id or 0, p): p for p in weights}
    cast = {by_tag[v.voter]: sealer.unseal(v.choice) for v in rows if v.voter in by_tag}
    sides = {"attacker": row.attacker, "defender": row.defender}
    ballots: dict[str, str | None] = {p: sides.get(cast.get(p, BLANK), BLANK)
                                      for p in weights}
    result = _advance({"state": state, "ballots": ballots})
    ballots.clear()
    cast.clear()
    await session.exec(delete(Vote).where(  # type: ignore[call-overload]
        col(Vote.crisis_id) == row.id))
    outcome = result["outcome"]
    data = {k: v for k, v in row.data.items() if k != "secret"}
    data.update(winner=outcome["winner"], loser=outcome["loser"],
                territories=outcome["territories"], annexable=result["annexable"])
    row.data = data
    fact: dict[str, Any] = {"number": row.seq, "sides": [row.attacker, row.defender],
                            "winner": outcome["winner"], "loser": outcome["loser"],
                            "territories": outcome["territories"],
                            "annexable": result["annexable"]}
    if result["annexable"] > 0:
        row.status, row.deadline = "annexation", now + stage_length(game, "annexation")
        options = imp.annexation_options(result["state"])
        post = {**fact, "eligible": options["eligible"], "default": options["default"],
                "deadline": iso(row.deadline)}
    else:
        row.status, row.deadline, row.resolved_at = "resolved", None, now
        post = {**fact, **snapshot(result["state"], [{"event": "tally", **fact}])}
    return Taken(state=result["state"], results=[{"event": "tally", **fact}],
                 posts=[("imp_result", post)])


async def _annex(session: AsyncSession, game: Game, state: dict[str, Any],
                 now: datetime) -> Taken:
    """The winner's choice (``annexation.annex``) or, at the deadline, the referee's: the
    most valuable eligible territories (docs/RULES.md §6)."""
    row = await current_row(session, game, state, "annexation")
    choice = row.data.get("choice")
    done = _advance({"state": state, "choice": list(choice) if choice is not None else None})
    row.status, row.deadline, row.resolved_at = "resolved", None, now
    row.data = {**{k: v for k, v in row.data.items() if k != "choice"},
                "annexed": done["annexed"], "by_default": done["by_default"]}
    fact = {"number": row.seq, "winner": done["winner"], "loser": done["loser"],
            "annexed": done["annexed"], "by_default": done["by_default"]}
    return Taken(state=done["state"], results=[{"event": "annexation", **fact}],
                 posts=[("imp_annexed", {**fact, **snapshot(
                     done["state"], [{"event": "annexation", **fact}])}),
                        *_game_over(done["state"])])


# --- exchanges ------------------------------------------------------------------------------

def proposal(x: Exchange) -> dict[str, Any]:
    return {"first": x.proposer, "second": x.partner, "first_gives": list(x.gives),
            "second_gives": list(x.gets), "accepted": list(x.accepted_by)}


async def _exchange(session: AsyncSession, game: Game, state: dict[str, Any],
                    now: datetime) -> Taken:
    """The oldest exchange both powers accepted takes effect (final). One that an earlier
    exchange made impossible is cancelled."""
    void: list[int] = []
    for x in await accepted_exchanges(session, game.id or 0):
        try:
            done = imp.exchange(state, proposal(x))
        except ImperialError:
            x.status, x.resolved_at = "cancelled", now
            void.append(x.id or 0)
            continue
        x.status, x.resolved_at = "done", now
        new_state = {**done["state"], "exchanges": int(state.get("exchanges") or 0) + 1}
        fact = {"exchange_id": x.id, "first": x.proposer, "second": x.partner,
                "first_gives": list(x.gives), "second_gives": list(x.gets)}
        return Taken(state=new_state, orders=[dict(fact)],
                     results=[{"event": "exchange", **fact, "cancelled": void}],
                     posts=[("imp_exchange_done", {**fact, **snapshot(
                         new_state, [{"event": "exchange", **fact, "cancelled": void}])}),
                            *_game_over(new_state)])
    if not void:
        raise ImperialError("exchange_session_open")
    return Taken(state=state, results=[{"event": "exchange", "cancelled": void}])


# --- the rules of the pipeline --------------------------------------------------------------

class ImperialTurn:
    """The ``TurnRules`` of L'Impérialisme."""

    variant = VARIANT

    def choices(self, game: Game, players: Sequence[Player]) -> list[str]:
        """Who must act now (reminders): the winner choosing its territories. Voters never
        must: no vote is a blank vote (seed 003), and a reminder to those who have not voted
        would depend on the votes."""
        state = dict(game.state or {})
        if ((state.get("crisis") or {}).get("stage")) != "annexation":
            return []
        return variants.get(VARIANT).powers_to_act(state)

    async def is_ready(self, session: AsyncSession, game: Game,
                       players: Sequence[Player]) -> bool:
        return await waits_for_nothing(session, game.id or 0, dict(game.state or {}))

    async def step(self, session: AsyncSession, game: Game, players: Sequence[Player],
                   now: datetime) -> Step:
        state = dict(game.state or {})
        phase = game.phase or phase_of(state)
        c = state.get("crisis")
        if state.get("ended"):
            raise ImperialError("game_over")
        if c is None and state.get("exchange_session"):
            taken = await _exchange(session, game, state, now)
        elif c is None:
            taken = await _start(session, game, state, now)
        elif c["stage"] == "annexation":
            taken = await _annex(session, game, state, now)
        elif (await current_row(session, game, state, c["stage"])).data.get("withdrawal"):
            taken = await _withdraw(session, game, state, now)
        elif c["stage"] == "conference":
            taken = await _open_vote(session, game, players, state, now)
        else:
            taken = await _close_vote(session, game, state, now)
        new_state = labelled(taken.state)
        deadline = await next_deadline(session, game, new_state, now)
        posts = taken.posts
        return Step(phase=phase, new_state=new_state, orders=taken.orders,
                    results=taken.results, posts=lambda seq, _deadline: list(posts),
                    deadline=deadline, own_deadline=True,
                    announces_end=any(kind == "imp_game_over" for kind, _ in posts))

    async def adopt(self, db: Database, now: datetime) -> int:
        """Games started before the one pipeline drove them (no ``Game.phase``): their phase
        label and their deadline, once. Returns how many."""
        async with db.transaction() as session:
            games = (await session.exec(select(Game).where(
                Game.variant == VARIANT, Game.status == GameStatus.ACTIVE.value,
                col(Game.phase).is_(None)))).all()
            for game in games:
                set_state(game, dict(game.state or {}), now)
                set_deadline(game, await next_deadline(session, game, dict(game.state or {}),
                                                       now), now)
        if games:
            db.notify_deadlines()
        return len(games)


RULES = ImperialTurn()
