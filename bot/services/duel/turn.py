"""A duel's turn in the one pipeline: a bidding season is revealed (seed 001 rules 4-7); any
other phase is played with written orders as in classic Diplomacy, after which each player's
``Player.powers`` follows the year's control (rule 4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlmodel import col, delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import sealer_of
from bot.models import Game, OrderSet, Player
from bot.sealing import Sealer
from bot.services.common import iso
from bot.services.duel.common import _both, _name, _notice, _year, is_bidding, sync_powers
from bot.services.duel.tables import Bid
from bot.services.registry import Step
from bot.services.written_orders import WrittenOrdersTurn
from engine import api as engine_api
from engine.variants.duel import api as duel_api
from engine.variants.duel.state import duel_from_json

ABBREVIATIONS = {"england": "ENG", "france": "FRA", "germany": "GER", "italy": "ITA",
                 "austria": "AUS", "russia": "RUS", "turkey": "TUR"}


def amounts_of(row: Bid, sealer: Sealer) -> dict[str, int]:
    """A bid's amounts, unsealed (its author's view, or the reveal)."""
    return {m: int(v) for m, v in sealer.unseal(row.sealed).items()} if row.sealed else {}


def bid_text(amounts: Mapping[str, int]) -> str:
    """``{"austria": 5, "italy": 3}`` -> ``AUS 5, ITA 3`` (what the history records)."""
    return ", ".join(f"{ABBREVIATIONS[m]} {v}" for m, v in amounts.items())


async def season_bids(session: AsyncSession, game: Game) -> list[Bid]:
    return list((await session.exec(select(Bid).where(
        Bid.game_id == game.id, Bid.season == _year(str(game.phase))))).all())


def reveal_notice(state: Mapping[str, Any], bidding: dict[str, Any], phase: str, seq: int,
                  deadline: datetime | None) -> dict[str, Any]:
    countries = duel_from_json(state).countries
    text = {}
    for lang in ("en", "fr"):
        names = {p: _name(c, lang) for p, c in countries.items()}
        body = duel_api.format_bidding(bidding, lang, names)
        when = f"<t:{int(deadline.timestamp())}:f>" if deadline else "—"
        body += ("\n\nOrdres du printemps jusqu'au " if lang == "fr"
                 else "\n\nSpring orders until ") + when + "."
        text[lang] = body
    return _notice("bidding", _both("Bids revealed — {y}", "Enchères révélées — {y}",
                                    y=_year(phase)), text,
                   phase=phase, next_phase=state["phase"], seq=seq, deadline=iso(deadline),
                   bidding=bidding, map={"source": "game"})


class DuelTurn(WrittenOrdersTurn):
    def __init__(self) -> None:
        super().__init__("duel")

    async def is_ready(self, session: AsyncSession, game: Game,
                       players: Sequence[Player]) -> bool:
        if not is_bidding(game.phase):
            return await super().is_ready(session, game, players)
        countries = set(duel_from_json(game.state or {}).countries.values())
        return {r.bidder for r in await season_bids(session, game) if r.ready} == countries

    async def step(self, session: AsyncSession, game: Game, players: Sequence[Player],
                   now: datetime) -> Step:
        if not is_bidding(game.phase):
            step = await super().step(session, game, players, now)
            sync_powers(players, step.new_state)  # control lasts one year (rule 4)
            return step
        # the reveal (rules 4-7): only the winner of each minor pays its nominal bid
        phase = str(game.phase)
        state = dict(game.state or {})
        rows = await season_bids(session, game)
        pids = {country: pid for pid, country in duel_from_json(state).countries.items()}
        sealer = sealer_of(session)
        opened = {r.bidder: amounts_of(r, sealer) for r in rows}
        bids = {pids[r.bidder]: opened[r.bidder] for r in rows
                if r.bidder in pids and opened[r.bidder]}
        response = engine_api.adjudicate({"state": state, "orders": [], "bids": bids})
        new_state, bidding = response["state"], response["bidding"]
        await session.exec(delete(OrderSet).where(  # type: ignore[call-overload]
            col(OrderSet.game_id) == game.id, col(OrderSet.phase) == phase))
        sync_powers(players, new_state)
        return Step(
            phase=phase, new_state=new_state,
            orders=[{"power": r.bidder, "text": bid_text(opened[r.bidder]),
                     "bids": opened[r.bidder], "ready": r.ready}
                    for r in rows if r.bidder in pids],
            posts=lambda seq, deadline: [("duel_notice", reveal_notice(
                new_state, bidding, phase, seq, deadline))])


RULES = DuelTurn()
