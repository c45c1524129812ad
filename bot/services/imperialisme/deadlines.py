"""The game master's tools on the deadlines of L'Impérialisme (docs/RULES.md §3.7): each stage of
a crisis keeps its deadline in its ``Crisis`` row and ``Game.deadline`` is recomputed from
those (``common.next_deadline``), so extending, resuming and rolling back move the rows."""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlmodel import col, delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import Game
from bot.services.common import enqueue, load_players
from bot.services.imperialisme.common import (
    VARIANT,
    ballots,
    crisis_row,
    deadline_row,
    next_deadline,
    stage_length,
    waits_for_nothing,
)
from bot.services.imperialisme.tables import Crisis, Vote

# facts of a stage that a rollback undoes (the tally's outcome, the winner's choice, …)
LATER_FACTS = ("winner", "loser", "territories", "annexable", "annexed", "by_default",
               "choice", "withdrawal")


class ImperialDeadlines:
    variant = VARIANT

    async def move_to(self, session: AsyncSession, game: Game, deadline: datetime,
                      now: datetime) -> datetime | None:
        """The stage in progress (or the next automatic crisis) now ends at ``deadline``."""
        state = dict(game.state or {})
        if state.get("ended"):
            return None
        if await waits_for_nothing(session, game.id or 0, state):
            return now
        row = await deadline_row(session, game, state)
        if row is not None:
            row.deadline = deadline
        return await next_deadline(session, game, state, now)

    async def restart(self, session: AsyncSession, game: Game,
                      now: datetime) -> datetime | None:
        """After a rollback: the restored crisis is back at its stage, with the stage's full
        length; crises started after the restored position are undone (they start again).
        A restored vote is taken again: each voter gets a new ballot by DM (the buttons of
        the old one held the key deleted at the tally)."""
        state = dict(game.state or {})
        gid = game.id or 0
        started = int(state.get("round", 0))
        later = (await session.exec(select(Crisis).where(
            Crisis.game_id == gid, col(Crisis.seq) > started))).all()
        c = state.get("crisis")
        row = await crisis_row(session, gid, int(c["number"])) if c is not None else None
        stale = [r.id for r in later] + ([row.id] if row is not None else [])
        # the ballots cast since are void: the restored vote, if any, is taken again
        await session.exec(delete(Vote).where(  # type: ignore[call-overload]
            col(Vote.crisis_id).in_(stale)))
        for r in later:
            await session.delete(r)
        if c is not None and row is not None:
            stage = str(c["stage"])
            data = {k: v for k, v in row.data.items() if k not in (*LATER_FACTS, "secret")}
            if stage == "vote":  # a new ballot key: the old one was deleted at the tally
                data["secret"] = secrets.token_hex(16)
                players = await load_players(session, gid)
                for kind, payload in ballots(players, sorted(c.get("weights") or {}),
                                             row.seq):
                    enqueue(session, game, kind, payload, now)
            row.status, row.resolved_at, row.data = stage, None, data
            row.deadline = now + stage_length(game, stage)
        return await next_deadline(session, game, state, now)


DEADLINES = ImperialDeadlines()
