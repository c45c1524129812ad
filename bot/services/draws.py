"""Draw by secret unanimous vote of the powers in play (docs/RULES.md §3.8, docs/RULES.md "Draws:
who shares them"): the players who still play vote; the draw, once agreed, is shared by every
power still in the game, one in civil disorder included (Draws Include All Survivors).

Only the outcome is ever published: not who proposed, not who voted what, not how many. The
proposal and its votes are deleted as soon as the outcome is known."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import DrawProposal, DrawVote, Game, GameStatus, PlayerStatus, utcnow
from bot.services.bots import bot_powers
from bot.services.common import (
    enqueue,
    load_game,
    load_players,
    require_status,
    seated_player,
    set_deadline,
    touch,
)
from bot.services.errors import Conflict, Forbidden, NotFound
from bot.services.turns import survivors
from engine import variants


@dataclass(frozen=True, slots=True)
class DrawOutcome:
    game_id: int
    status: str  # "pending" | "accepted" | "rejected"
    powers: tuple[str, ...]  # who shares the draw, every survivor (public once accepted)
    # of those, the powers the bot plays: it never votes, its abstention counts as consent
    by_bot: tuple[str, ...] = ()


async def _voters(session: AsyncSession, game: Game) -> dict[int, list[str]]:
    """user id -> surviving powers they vote for (players in play only: a government in civil
    disorder cannot vote, and docs/RULES.md §3.8 leaves such an abstention to the referee, who
    counts it as consent: the collapsed power still shares the draw)."""
    alive = set(survivors(dict(game.state or {})))
    voters: dict[int, list[str]] = {}
    for p in await load_players(session, game.id or 0):
        if p.status == PlayerStatus.ACTIVE.value:
            mine = sorted(set(p.powers) & alive)
            if mine:
                voters[p.user_id] = mine
    return voters


async def _close(session: AsyncSession, game: Game, proposal: DrawProposal, accepted: bool,
                 now: datetime) -> DrawOutcome:
    await session.exec(delete(DrawVote).where(  # type: ignore[call-overload]
        col(DrawVote.proposal_id) == proposal.id))
    await session.delete(proposal)
    if accepted:
        # every power still in the game shares the draw, voters or not (DIAS)
        powers = tuple(variants.sharing_a_draw(dict(game.state or {}), game.options))
        game.status = GameStatus.FINISHED.value
        game.result = {"draw": list(powers), "reason": "vote"}
        touch(game, now)
        set_deadline(game, None, now)
        enqueue(session, game, "draw_accepted", {"powers": list(powers)}, now)
        enqueue(session, game, "game_over", {"result": game.result, "phase": game.phase}, now)
        played = set(bot_powers(game, await load_players(session, game.id or 0)))
        return DrawOutcome(game.id or 0, "accepted", powers,
                           tuple(p for p in powers if p in played))
    enqueue(session, game, "draw_rejected", {}, now)
    return DrawOutcome(game.id or 0, "rejected", ())


async def propose_draw(db: Database, *, game_id: int, user_id: int,
                       now: datetime | None = None) -> DrawOutcome:
    """Open a secret vote; the proposer's powers vote yes. Each other voter gets a DM."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_status(game, GameStatus.ACTIVE, GameStatus.PAUSED)
        voters = await _voters(session, game)
        if user_id not in voters:
            raise Forbidden("draw.not_a_voter", user_id=user_id)
        if (await session.exec(select(DrawProposal).where(
                DrawProposal.game_id == game_id))).first() is not None:
            raise Conflict("draw.already_open")
        powers = sorted(p for mine in voters.values() for p in mine)
        proposal = DrawProposal(game_id=game_id, phase=str(game.phase), powers=powers,
                                created_at=now)
        session.add(proposal)
        await session.flush()
        for power in voters[user_id]:
            session.add(DrawVote(proposal_id=proposal.id or 0,
                                 voter=db.sealer.tag("draw", proposal.id, power)))
        if len(voters) == 1:
            outcome = await _close(session, game, proposal, True, now)
        else:
            enqueue(session, game, "draw_proposed", {}, now)
            for voter in voters:
                if voter != user_id:
                    enqueue(session, game, "draw_vote_request",
                            {"user_id": voter, "phase": game.phase}, now)
            outcome = DrawOutcome(game_id, "pending", ())
    if outcome.status == "accepted":
        db.notify_deadlines()
    return outcome


async def vote_draw(db: Database, *, game_id: int, user_id: int, accept: bool,
                    now: datetime | None = None) -> DrawOutcome:
    """Record the caller's vote for all their surviving powers. One "no" ends the vote;
    the last "yes" ends the game in a draw."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        proposal = (await session.exec(select(DrawProposal).where(
            DrawProposal.game_id == game_id))).first()
        if proposal is None:
            raise NotFound("draw.none_open")
        players = await load_players(session, game_id)
        player = seated_player(players, user_id)
        mine = sorted(set(player.powers) & set(proposal.powers)) if player else []
        if not mine or player is None or player.status != PlayerStatus.ACTIVE.value:
            raise Forbidden("draw.not_a_voter", user_id=user_id)
        if not accept:
            outcome = await _close(session, game, proposal, False, now)
        else:
            # the rows say "someone agreed", never who: each voter is a keyed pseudonym
            def tag(power: str) -> str:
                return db.sealer.tag("draw", proposal.id, power)

            agreed = set((await session.exec(select(DrawVote.voter).where(
                DrawVote.proposal_id == proposal.id))).all())
            for power in mine:
                if tag(power) not in agreed:
                    agreed.add(tag(power))
                    session.add(DrawVote(proposal_id=proposal.id or 0, voter=tag(power)))
            if all(tag(p) in agreed for p in proposal.powers):
                outcome = await _close(session, game, proposal, True, now)
            else:
                outcome = DrawOutcome(game_id, "pending", ())
    if outcome.status == "accepted":
        db.notify_deadlines()
    return outcome
