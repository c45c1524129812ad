"""Secret votes (seed 003, docs/RULES.md §6; issue 8): a voter's ballot, its vote (changed in place:
it counts once) and the games where it votes.

SECRECY: nothing here logs, posts or keeps after the tally who voted, what, or any total.
``Vote`` rows live from the vote's opening to its tally (``turn``), which deletes them with
the per-crisis key of the ballot tokens. Vote buttons carry an opaque token (HMAC of the
choice under that key), so even a gateway log of a button press says nothing afterwards.
Casting a vote never moves the game on (no early close: ``common.waits_for_nothing``)."""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select

from bot.db import Database, sealer_of
from bot.models import Game, GameStatus, Player, utcnow
from bot.services.common import SEATED, GameView, game_view, load_players
from bot.services.errors import Conflict, Forbidden
from bot.services.imperialisme.common import (
    BLANK,
    VARIANT,
    active_state,
    crisis_row,
    imperial_game,
    power_of,
    refused,
    rules,
    voter_tag,
)
from bot.services.imperialisme.tables import Vote
from engine.variants.imperialisme import api as imp
from engine.variants.imperialisme.errors import ImperialError

TOKEN = re.compile(r"[0-9a-f]{12}")


def vote_token(secret: str, number: int, power: str, choice: str) -> str:
    """Opaque custom-id part of a ballot button: says nothing once ``secret`` is gone."""
    msg = f"{number}:{power}:{choice}".encode()
    return hmac.new(secret.encode(), msg, hashlib.sha256).hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class Ballot:
    """What one voter needs to vote: shown to that voter only."""

    game_id: int
    game_name: str
    number: int
    power: str
    weight: str
    sides: tuple[str, str]
    deadline: datetime | None
    tokens: tuple[tuple[str, str], ...]  # (choice, token): side ids then "blank"


async def ballot(db: Database, *, game_id: int, user_id: int) -> Ballot:
    """The caller's ballot in the open vote (refused to belligerents and non-players)."""
    async with db.transaction(write=False) as session:
        game = await imperial_game(session, game_id, lock=False)
        state = active_state(game)
        c = state.get("crisis")
        if c is None or c["stage"] != "vote":
            raise Conflict("imp.no_vote_open")
        power = power_of(await load_players(session, game_id), user_id)
        weights = c.get("weights") or {}
        if power not in weights:
            raise refused(ImperialError("belligerent_cannot_vote" if power in c["sides"]
                                        else "not_a_voter"))
        row = await crisis_row(session, game_id, int(c["number"]))
        if row is None or "secret" not in row.data:
            raise Conflict("imp.no_vote_open")
        choices = [*c["sides"], BLANK]
        return Ballot(game_id=game_id, game_name=game.name, number=row.seq, power=power,
                      weight=str(weights[power]), sides=(c["sides"][0], c["sides"][1]),
                      deadline=row.deadline,
                      tokens=tuple((ch, vote_token(str(row.data["secret"]), row.seq, power, ch))
                                   for ch in choices))


async def cast_vote(db: Database, *, game_id: int, user_id: int, number: int, power: str,
                    choice: str | None = None, token: str | None = None,
                    now: datetime | None = None) -> Ballot:
    """Record (or change) the vote of ``power``: a side or blank, given plainly (``/vote``) or
    as a button token. Only the player holding ``power`` may; the reply never goes public."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await imperial_game(session, game_id)
        state = active_state(game)
        c = state.get("crisis")
        if c is None or c["stage"] != "vote" or int(c["number"]) != number:
            raise Conflict("imp.ballot_expired")
        players = await load_players(session, game_id)
        mine = power_of(players, user_id)
        if mine != power:
            raise Forbidden("imp.not_your_ballot")
        row = await crisis_row(session, game_id, number)
        if row is None or "secret" not in row.data:
            raise Conflict("imp.ballot_expired")
        options = [*c["sides"], BLANK]
        if token is not None:
            # a button's token is 12 hex digits; anything else is a forged or stale press
            if not TOKEN.fullmatch(token):
                raise Conflict("imp.ballot_expired")
            found = [ch for ch in options if hmac.compare_digest(
                vote_token(str(row.data["secret"]), number, power, ch).encode(),
                token.encode())]
            if not found:
                raise Conflict("imp.ballot_expired")
            choice = found[0]
        normalised = rules(imp.check_vote, state, power, choice)
        side = BLANK if normalised is None else (
            "attacker" if normalised == row.attacker else "defender")
        # at rest the row says neither who (a keyed pseudonym) nor what (sealed)
        sealer = sealer_of(session)
        voter = voter_tag(sealer, row.id or 0, power)
        vote = (await session.exec(select(Vote).where(Vote.crisis_id == row.id,
                                                      Vote.voter == voter))).first()
        if vote is None:
            session.add(Vote(crisis_id=row.id or 0, voter=voter, choice=sealer.seal(side),
                             updated_at=now))
        else:  # a changed vote replaces the earlier one: it counts once
            vote.choice, vote.updated_at = sealer.seal(side), now
    return await ballot(db, game_id=game_id, user_id=user_id)


async def voting_games(db: Database, *, user_id: int) -> list[GameView]:
    """Active games where ``user_id`` holds a power that votes in an open vote (``/vote`` in
    DMs)."""
    async with db.transaction(write=False) as session:
        rows = (await session.exec(select(Game, Player).where(
            Game.variant == VARIANT, Game.status == GameStatus.ACTIVE.value,
            Player.game_id == Game.id, Player.user_id == user_id,
            col(Player.status).in_(SEATED)))).all()
        out = []
        for game, player in rows:
            c = (game.state or {}).get("crisis")
            if c and c["stage"] == "vote" and set(player.powers) & set(c.get("weights") or {}):
                out.append(game_view(game, [player]))
        return out
