"""Sealed bids for the minor powers, changeable until the deadline (seed 001 rules 4-7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database, sealer_of
from bot.models import Game, utcnow
from bot.sealing import Sealer
from bot.services.common import load_game
from bot.services.duel.common import _duel_seat, _own_country, _year, is_bidding, refused
from bot.services.duel.tables import Bid
from bot.services.duel.turn import amounts_of
from bot.services.errors import Conflict
from bot.services.turns import TurnOutcome, resolve_if_ready
from engine.variants.duel import api as duel_api
from engine.variants.duel.countries import minors_of
from engine.variants.duel.state import duel_from_json


# -- sealed bids (rules 4-7) ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BidsView:
    """One player's own bids of the current season: never the other player's."""

    game_id: int
    phase: str
    country: str
    credits: int
    minors: tuple[str, ...]
    amounts: dict[str, int] | None  # None: no bid sent yet (counts as 0 everywhere)
    ready: bool
    deadline: datetime | None
    revealed: TurnOutcome | None = None  # both were ready: the season was resolved at once

    @property
    def total(self) -> int:
        return sum((self.amounts or {}).values())


async def _bid_row(session: AsyncSession, game_id: int, season: str, country: str
                   ) -> Bid | None:
    return (await session.exec(select(Bid).where(
        Bid.game_id == game_id, Bid.season == season, Bid.bidder == country))).first()


def _view(game: Game, state: Mapping[str, Any], pid: str, row: Bid | None, sealer: Sealer,
          revealed: TurnOutcome | None = None) -> BidsView:
    country = _own_country(state, pid)
    duel = duel_from_json(state)
    other = duel.players[duel.opponent(pid)].country
    return BidsView(game_id=game.id or 0, phase=str(game.phase), country=country,
                    credits=duel.players[pid].credits,
                    minors=minors_of((country, other)),
                    amounts=amounts_of(row, sealer) if row else None,
                    ready=bool(row.ready) if row else False, deadline=game.deadline,
                    revealed=revealed)


async def submit_bids(db: Database, *, game_id: int, user_id: int, text: str,
                      ready: bool | None = None, now: datetime | None = None) -> BidsView:
    """Store the caller's sealed bids for this season, replacing earlier ones (changeable
    until the deadline). The engine refuses, at entry, an over-budget total, a bid on one's
    own or the opponent's country, negative, fractional or unreadable bids, outside a
    bidding season. ``ready``: done; when both players are, the bids are revealed at once."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        _player, pid, state = await _duel_seat(session, game, user_id)
        checked = duel_api.check_bids(state, pid, text)
        if not checked["ok"]:
            raise refused(checked["error"])
        if game.deadline is not None and game.deadline <= now:
            raise Conflict("duel.deadline_passed")
        season = _year(str(game.phase))
        country = _own_country(state, pid)
        row = await _bid_row(session, game_id, season, country)
        amounts = {m: int(v) for m, v in checked["bids"].items()}
        if row is None:
            row = Bid(game_id=game_id, season=season, bidder=country)
            session.add(row)
        row.sealed = sealer_of(session).seal(amounts)
        row.ready = bool(ready)  # new bids are not "ready" unless said again
        row.updated_at = now
        await session.flush()
        view = _view(game, state, pid, row, sealer_of(session))
    if ready:
        outcome = await resolve_if_ready(db, game_id=game_id, now=now)
        if outcome is not None:
            return BidsView(**{**_fields(view), "revealed": outcome})
    return view


def _fields(view: BidsView) -> dict[str, Any]:
    return {f: getattr(view, f) for f in BidsView.__dataclass_fields__}


async def my_bids(db: Database, *, game_id: int, user_id: int) -> BidsView:
    """The caller's own bids of the current season (sealed: only to their author)."""
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        _player, pid, state = await _duel_seat(session, game, user_id)
        if not is_bidding(game.phase):
            return _view(game, state, pid, None, sealer_of(session))
        row = await _bid_row(session, game_id, _year(str(game.phase)), _own_country(state, pid))
        return _view(game, state, pid, row, sealer_of(session))


async def set_bids_ready(db: Database, *, game_id: int, user_id: int, ready: bool = True,
                         now: datetime | None = None) -> BidsView:
    """Say one's bids are final (or not); with no bid sent, ready means "nothing". When both
    players are ready the season is revealed at once."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        _player, pid, state = await _duel_seat(session, game, user_id)
        if not is_bidding(game.phase):
            raise refused(duel_api.check_bids(state, pid, "")["error"])
        season, country = _year(str(game.phase)), _own_country(state, pid)
        row = await _bid_row(session, game_id, season, country)
        if row is None:
            row = Bid(game_id=game_id, season=season, bidder=country)
            session.add(row)
        row.ready = ready
        row.updated_at = now
        await session.flush()
        view = _view(game, state, pid, row, sealer_of(session))
    if ready:
        outcome = await resolve_if_ready(db, game_id=game_id, now=now)
        if outcome is not None:
            return BidsView(**{**_fields(view), "revealed": outcome})
    return view


@dataclass(frozen=True, slots=True)
class BidProgress:
    """Public: who has bid and who is ready — never how much."""

    phase: str
    submitted: tuple[str, ...]  # countries
    ready: tuple[str, ...]


async def bid_progress(db: Database, *, game_id: int) -> BidProgress:
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        rows = (await session.exec(select(Bid).where(
            Bid.game_id == game_id, Bid.season == _year(str(game.phase or "S0000B"))))).all() \
            if is_bidding(game.phase) else []
        return BidProgress(phase=str(game.phase),
                           submitted=tuple(sorted(r.bidder for r in rows if r.sealed)),
                           ready=tuple(sorted(r.bidder for r in rows if r.ready)))


@dataclass(frozen=True, slots=True)
class _Bids:
    """The duel's sealed bids for other adapters (``bot.services.registry.SealedBids``)."""

    variant: str = "duel"

    async def submit(self, db: Database, *, game_id: int, user_id: int, text: str) -> BidsView:
        return await submit_bids(db, game_id=game_id, user_id=user_id, text=text)

    async def mine(self, db: Database, *, game_id: int, user_id: int) -> BidsView:
        return await my_bids(db, game_id=game_id, user_id=user_id)

    async def set_ready(self, db: Database, *, game_id: int, user_id: int,
                        ready: bool) -> BidsView:
        return await set_bids_ready(db, game_id=game_id, user_id=user_id, ready=ready)


BIDS = _Bids()
