"""Exchange sessions (docs/RULES.md §6): the GM opens and closes them; a proposal between two powers
lists what each gives (gifts and loans: one side may be empty); once both accept, it takes
effect in one step of the turn pipeline (one ``PhaseRecord`` per exchange, taken at once)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select

from bot.db import Database
from bot.models import utcnow
from bot.services.common import enqueue, load_players, require_gm
from bot.services.errors import Conflict, NotFound
from bot.services.imperialisme.common import (
    active_state,
    imperial_game,
    power_of,
    refresh_deadline,
    refused,
    rules,
    set_state,
    settle,
)
from bot.services.imperialisme.tables import Exchange
from bot.services.imperialisme.turn import proposal
from engine.variants.imperialisme import api as imp
from engine.variants.imperialisme.errors import ImperialError


@dataclass(frozen=True, slots=True)
class ExchangeView:
    id: int
    first: str
    second: str
    first_gives: tuple[str, ...]
    second_gives: tuple[str, ...]
    status: str


def exchange_view(x: Exchange) -> ExchangeView:
    return ExchangeView(id=x.id or 0, first=x.proposer, second=x.partner,
                        first_gives=tuple(x.gives), second_gives=tuple(x.gets), status=x.status)


async def open_exchange_session(db: Database, *, game_id: int, user_id: int,
                                now: datetime | None = None) -> None:
    now = now or utcnow()
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        require_gm(game, user_id)
        opened = rules(imp.open_exchange_session, active_state(game))
        set_state(game, opened["state"], now)
        await refresh_deadline(session, game, now)  # no automatic crisis meanwhile
        enqueue(session, game, "imp_session_opened", {}, now)
    db.notify_deadlines()


async def close_exchange_session(db: Database, *, game_id: int, user_id: int,
                                 now: datetime | None = None) -> int:
    """GM closes the session: proposals still open are cancelled (returns how many); a
    declared crisis waiting starts."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        require_gm(game, user_id)
        closed = rules(imp.close_exchange_session, active_state(game))
        set_state(game, closed["state"], now)
        pending = (await session.exec(select(Exchange).where(
            Exchange.game_id == game_id, Exchange.status == "open"))).all()
        for x in pending:
            x.status, x.resolved_at = "cancelled", now
        await refresh_deadline(session, game, now)
        enqueue(session, game, "imp_session_closed", {"cancelled": len(pending)}, now)
    db.notify_deadlines()
    await settle(db, game_id=game_id, now=now)
    return len(pending)


async def propose_exchange(db: Database, *, game_id: int, user_id: int, partner: str,
                           give: Sequence[str], get: Sequence[str],
                           now: datetime | None = None) -> ExchangeView:
    """A proposal between the caller's power and ``partner``; the proposer accepts it by
    making it."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        state = active_state(game)
        me = power_of(await load_players(session, game_id), user_id)
        checked = rules(imp.check_exchange, state, {"first": me, "second": partner,
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
        return exchange_view(x)


async def answer_exchange(db: Database, *, game_id: int, exchange_id: int, user_id: int,
                          accept: bool, now: datetime | None = None) -> ExchangeView:
    """The partner accepts (checked now; the exchange takes effect, final) or either party
    declines."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        state = active_state(game)
        x = await session.get(Exchange, exchange_id)
        if x is None or x.game_id != game_id:
            raise NotFound("imp.exchange_not_found", exchange_id=exchange_id)
        if x.status != "open":
            raise Conflict("imp.exchange_closed", status=x.status)
        me = power_of(await load_players(session, game_id), user_id)
        if me not in (x.proposer, x.partner):
            raise refused(ImperialError("not_a_party", {"power": me}))
        if not accept:
            x.status, x.resolved_at = "refused", now
            enqueue(session, game, "imp_exchange_declined", {
                "exchange_id": x.id, "first": x.proposer, "second": x.partner, "by": me}, now)
            return exchange_view(x)
        if me not in x.accepted_by:
            x.accepted_by = [*x.accepted_by, me]
        if {x.proposer, x.partner} <= set(x.accepted_by):
            rules(imp.exchange, state, proposal(x))  # refused now, not in the step
            await refresh_deadline(session, game, now)
    db.notify_deadlines()
    await settle(db, game_id=game_id, now=now)
    async with db.transaction(write=False) as session:
        done = await session.get(Exchange, exchange_id)
        assert done is not None
        return exchange_view(done)


async def open_exchanges(db: Database, *, game_id: int) -> list[ExchangeView]:
    async with db.transaction(write=False) as session:
        rows = (await session.exec(select(Exchange).where(
            Exchange.game_id == game_id, Exchange.status == "open")
            .order_by(col(Exchange.id)))).all()
        return [exchange_view(x) for x in rows]
