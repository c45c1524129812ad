"""Where a sandbox starts: the opening of a variant, or a copy of the public position of
one of the user's own games, now or as it stood before a past phase."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import Game, PhaseRecord, Player, Sandbox, utcnow
from bot.services.common import SEATED
from bot.services.errors import Conflict, Forbidden, Invalid, NotFound
from bot.services.sandbox.board import SandboxView, board_view
from bot.services.written_orders import engine_options
from engine import api as engine_api
from engine import variants


@dataclass(frozen=True, slots=True)
class OwnGame:
    id: int
    name: str
    variant: str
    phase: str | None


async def own_games(db: Database, *, user_id: int) -> list[OwnGame]:
    """Started games the user plays (a seat) or referees: the only ones a sandbox may copy."""
    async with db.transaction(write=False) as session:
        seated = select(Player.game_id).where(Player.user_id == user_id,
                                              col(Player.status).in_(SEATED))
        rows = (await session.exec(select(Game).where(
            or_(col(Game.gm_user_id) == user_id, col(Game.id).in_(seated)),
            col(Game.state).is_not(None)).order_by(col(Game.id).desc()).limit(25))).all()
        return [OwnGame(int(g.id or 0), g.name, g.variant, g.phase) for g in rows]

# --- starting ------------------------------------------------------------------------------------
def _playable(variant: str) -> None:
    """Only variants played with written orders for every power fit a what-if board."""
    try:
        found = variants.get(variant)
    except variants.UnknownVariant:
        raise Invalid("sandbox.unknown_variant", variant=variant) from None
    if not hasattr(found, "game_map"):
        # L'Impérialisme: crises, conferences, secret votes and exchanges between the
        # players (seed 003), not one set of orders per power resolved at once
        raise Invalid("sandbox.not_orders", variant=variant)


_FRENCH_SEASONS = {"P": "S", "A": "F", "H": "W"}  # printemps, automne, hiver


def phase_id(text: str) -> str:
    """``F1901M`` from itself or from its French spelling ``A1901M`` (automne)."""
    wanted = text.strip().upper()
    if len(wanted) == 6 and wanted[1:5].isdigit() and wanted[0] in _FRENCH_SEASONS:
        return _FRENCH_SEASONS[wanted[0]] + wanted[1:]
    return wanted


async def _own_game(session: AsyncSession, *, user_id: int, game_id: int
                    ) -> tuple[Game, tuple[str, ...]]:
    """The game and the user's powers in it, if they play it (a seat) or referee it."""
    game = await session.get(Game, game_id)
    if game is None:
        raise NotFound("game.not_found", game_id=game_id)
    seat = (await session.exec(select(Player).where(
        Player.game_id == game_id, Player.user_id == user_id,
        col(Player.status).in_(SEATED)))).first()
    if seat is None and game.gm_user_id != user_id:
        raise Forbidden("sandbox.not_your_game", game_id=game_id)
    return game, tuple(seat.powers) if seat is not None else ()


def public_copy(state: dict[str, Any], own: tuple[str, ...]) -> dict[str, Any]:
    """The position without anyone else's pending orders: conditional retreats and builds
    sent with earlier orders (docs/RULES.md §3.4.2) ride in the STATE until their phase comes;
    only the copier's own powers' are kept (the variant's ``pending_keys``, by power)."""
    out = variants.public(state)
    for key in variants.of_state(state).pending_keys:
        kept = {p: v for p, v in (state.get(key) or {}).items() if p in own}
        if kept:
            out[key] = kept
    return out


async def past_phases(db: Database, *, user_id: int, game_id: int) -> list[str]:
    """The resolved phases of one of the user's games, the latest first (each can be
    copied as it stood before it was played)."""
    async with db.transaction(write=False) as session:
        await _own_game(session, user_id=user_id, game_id=game_id)  # or refused
        rows = (await session.exec(select(PhaseRecord.phase).where(
            PhaseRecord.game_id == game_id, col(PhaseRecord.superseded).is_(False))
            .order_by(col(PhaseRecord.seq).desc()))).all()
        return list(dict.fromkeys(str(r) for r in rows))


async def _copied_position(session: AsyncSession, *, user_id: int, game_id: int,
                           phase: str | None) -> tuple[Game, dict[str, Any], str]:
    game, own = await _own_game(session, user_id=user_id, game_id=game_id)
    if game.state is None:
        raise Conflict("sandbox.not_started", game_id=game_id)
    if phase is None or phase.strip().lower() in ("", "current", "actuelle"):
        return game, public_copy(game.state, own), "game"
    wanted = phase_id(phase)
    record = (await session.exec(select(PhaseRecord).where(
        PhaseRecord.game_id == game_id, PhaseRecord.phase == wanted,
        col(PhaseRecord.superseded).is_(False)).order_by(col(PhaseRecord.seq).desc())
        .limit(1))).first()
    if record is None:
        raise NotFound("sandbox.no_phase", phase=wanted, game_id=game_id)
    return game, public_copy(record.state, own), "phase"


async def start(db: Database, *, user_id: int, variant: str | None = None,
                game_id: int | None = None, phase: str | None = None,
                now: datetime | None = None) -> SandboxView:
    """A new sandbox for ``user_id`` (replacing theirs, if any: one per user) from the
    opening of ``variant``, or from the position of game ``game_id`` — its current one, or
    the one a past ``phase`` was played from."""
    now = now or utcnow()
    async with db.transaction() as session:
        if game_id is not None:
            game, state, kind = await _copied_position(session, user_id=user_id,
                                                       game_id=game_id, phase=phase)
            name = game.variant
            _playable(name)
            # the game's own rules (preset, closed neutral lands); nobody in civil disorder
            # but its neutral powers: the owner plays every seat
            options = engine_options(game, [])
            source = {"kind": kind, "game_id": game_id, "phase": str(state.get("phase")),
                      "name": game.name}
        else:
            name = variant or variants.DEFAULT
            _playable(name)
            try:
                state = engine_api.new_game_state(name)
            except (KeyError, TypeError, ValueError):
                # an opening dealt from the players' choices (a duel's countries come from
                # both ranked lists, docs/RULES.md §5.3): only a game of it can be copied
                raise Invalid("sandbox.from_game_only", variant=name) from None
            options = {}
            source = {"kind": "variant", "phase": str(state.get("phase"))}
        old = (await session.exec(select(Sandbox).where(Sandbox.user_id == user_id)
                                  .with_for_update())).first()
        if old is not None:
            await session.delete(old)
            await session.flush()
        row = Sandbox(user_id=user_id, variant=name, source=source, options=options,
                      start=state, state=state, orders={}, last=None, history=[],
                      created_at=now, updated_at=now)
        session.add(row)
        return board_view(row, replaced=old is not None)
