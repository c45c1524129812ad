"""The winner's annexation (docs/RULES.md §6): what it may take, and its choice. The choice is
checked and recorded, then the annexation stage ends in one step of the turn pipeline (taken
at once; at the deadline without a choice, the referee's default)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.db import Database
from bot.models import utcnow
from bot.services.common import load_players
from bot.services.errors import Conflict
from bot.services.imperialisme.common import (
    active_state,
    crisis_row,
    current_row,
    imperial_game,
    power_of,
    refresh_deadline,
    refused,
    rules,
    settle,
)
from engine.variants.imperialisme import api as imp
from engine.variants.imperialisme.errors import ImperialError


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
        game = await imperial_game(session, game_id, lock=False)
        state = active_state(game)
        c = state.get("crisis")
        if c is None or c["stage"] != "annexation":
            raise Conflict("imp.no_annexation")
        o = rules(imp.annexation_options, state)
        row = await crisis_row(session, game_id, int(c["number"]))
        return AnnexOptions(number=int(c["number"]), winner=o["winner"], loser=o["loser"],
                            territories=int(o["territories"]), annexable=int(o["annexable"]),
                            eligible=tuple(o["eligible"]), default=tuple(o["default"]),
                            deadline=row.deadline if row else None)


async def annex(db: Database, *, game_id: int, user_id: int, territories: Sequence[str],
                number: int | None = None, now: datetime | None = None) -> tuple[str, ...]:
    """The winner's choice of territories (checked by the rules). Returns what was annexed."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        state = active_state(game)
        c = state.get("crisis")
        if c is None or c["stage"] != "annexation" or (
                number is not None and int(c["number"]) != number):
            raise Conflict("imp.no_annexation")
        me = power_of(await load_players(session, game_id), user_id)
        winner = (c.get("outcome") or {}).get("winner")
        if me != winner:
            raise refused(ImperialError("not_the_winner", {"winner": winner}))
        checked = rules(imp.annex, state, winner, c["outcome"]["loser"], list(territories))
        row = await current_row(session, game, state, "annexation")
        row.data = {**row.data, "choice": list(checked["annexed"])}
        await refresh_deadline(session, game, now)
        number = row.seq
    db.notify_deadlines()
    await settle(db, game_id=game_id, now=now)
    async with db.transaction(write=False) as session:
        done = await crisis_row(session, game_id, number)
        return tuple((done.data if done else {}).get("annexed") or checked["annexed"])
