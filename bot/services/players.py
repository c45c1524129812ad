"""Players: join (with a preference list), leave, replace (docs/RULES.md §3.6), kick, reminders."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache

from sqlmodel import col, delete

from bot.db import Database
from bot.models import GameStatus, Player, PlayerStatus, utcnow
from bot.services.common import (
    PlayerView,
    enqueue,
    load_game,
    load_players,
    player_view,
    require_gm,
    require_status,
    seated_player,
    touch,
)
from bot.services.errors import Conflict, Invalid, NotFound
from engine import variants
from engine.orders.names import Ambiguous, resolve_power


@cache
def variant_powers(variant: str) -> tuple[str, ...]:
    return tuple(variants.game_map(variant).power_ids)


def resolve_preferences(variant: str, names: Sequence[str]) -> list[str]:
    """Power ids from names as players type them (English, French, abbreviations), in order,
    without repeats. Unknown or ambiguous names are refused."""
    game_map = variants.game_map(variant)
    known = set(variant_powers(variant))
    out: list[str] = []
    for name in names:
        name = name.strip()
        if not name:
            continue
        try:
            power = resolve_power(name, game_map)
        except Ambiguous as exc:
            raise Invalid("player.preference_ambiguous", name=name,
                          candidates=list(getattr(exc, "args", ())[1:2] or [])) from None
        if power is None and name.lower() in known:
            power = name.lower()
        if power is None:
            raise Invalid("player.preference_unknown", name=name)
        if power not in out:
            out.append(power)
    return out


async def join_game(db: Database, *, game_id: int, user_id: int,
                    preferences: Sequence[str] = (), now: datetime | None = None
                    ) -> PlayerView:
    """Sign up during the sign-up phase (docs/RULES.md §3.2: a preference list for the powers)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_status(game, GameStatus.SIGNUP)
        prefs = resolve_preferences(game.variant, preferences) if preferences else []
        players = await load_players(session, game_id, seated_only=True)
        if seated_player(players, user_id) is not None:
            raise Conflict("player.already_joined", user_id=user_id)
        limit = variants.get(game.variant).max_players
        if len(players) >= limit:
            raise Conflict("player.game_full", max=limit)
        player = Player(game_id=game_id, user_id=user_id, preferences=prefs, joined_at=now)
        session.add(player)
        await session.flush()
        return player_view(player)


async def set_preferences(db: Database, *, game_id: int, user_id: int,
                          preferences: Sequence[str]) -> PlayerView:
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_status(game, GameStatus.SIGNUP)
        player = seated_player(await load_players(session, game_id), user_id)
        if player is None:
            raise NotFound("player.not_in_game", user_id=user_id)
        player.preferences = resolve_preferences(game.variant, preferences)
        return player_view(player)


async def leave_game(db: Database, *, game_id: int, user_id: int,
                     now: datetime | None = None) -> PlayerView:
    """Before the start the sign-up is removed; afterwards the player abandons (seed 004
    §3.4.4): the powers follow the civil-disorder rules until the GM names a replacement."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_status(game, GameStatus.SIGNUP, GameStatus.ACTIVE, GameStatus.PAUSED)
        player = seated_player(await load_players(session, game_id), user_id)
        if player is None:
            raise NotFound("player.not_in_game", user_id=user_id)
        view = player_view(player)
        if game.status == GameStatus.SIGNUP.value:
            await session.exec(delete(Player).where(  # type: ignore[call-overload]
                col(Player.id) == player.id))
            return view
        player.status = PlayerStatus.LEFT.value
        touch(game, now)
        enqueue(session, game, "player_left", {"user_id": user_id,
                                               "powers": list(player.powers)}, now)
        return player_view(player)


async def kick_player(db: Database, *, game_id: int, user_id: int, target_user_id: int,
                      now: datetime | None = None) -> PlayerView:
    """GM removes a player (docs/RULES.md §3.9); the powers wait for a replacement."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        player = seated_player(await load_players(session, game_id), target_user_id)
        if player is None:
            raise NotFound("player.not_in_game", user_id=target_user_id)
        view = player_view(player)
        if game.status == GameStatus.SIGNUP.value:
            await session.exec(delete(Player).where(  # type: ignore[call-overload]
                col(Player.id) == player.id))
            return view
        require_status(game, GameStatus.ACTIVE, GameStatus.PAUSED)
        player.status = PlayerStatus.KICKED.value
        touch(game, now)
        enqueue(session, game, "player_kicked", {"user_id": target_user_id,
                                                 "powers": list(player.powers)}, now)
        return player_view(player)


async def replace_player(db: Database, *, game_id: int, user_id: int, new_user_id: int,
                         power: str | None = None, old_user_id: int | None = None,
                         now: datetime | None = None) -> PlayerView:
    """GM hands a seat to a replacement player (docs/RULES.md §3.6). The seat is found by one of
    its powers or by its current player; the old row is kept as history (status replaced,
    unless it had already left or been kicked)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        require_status(game, GameStatus.ACTIVE, GameStatus.PAUSED)
        players = await load_players(session, game_id)
        if seated_player(players, new_user_id) is not None:
            raise Conflict("player.already_joined", user_id=new_user_id)
        # the latest row holding the seat, whatever its status
        candidates = [p for p in players
                      if (power is not None and power.lower() in p.powers)
                      or (old_user_id is not None and p.user_id == old_user_id)]
        candidates = [p for p in candidates if p.status != PlayerStatus.REPLACED.value]
        if not candidates:
            raise NotFound("player.not_in_game", user_id=old_user_id or power)
        old = candidates[-1]
        old.settings = {**old.settings, "status_before_replacement": old.status}
        old.status = PlayerStatus.REPLACED.value
        new = Player(game_id=game_id, user_id=new_user_id, powers=list(old.powers),
                     seat=old.seat, joined_at=now)
        session.add(new)
        touch(game, now)
        enqueue(session, game, "player_replaced", {"old_user_id": old.user_id,
                                                   "new_user_id": new_user_id,
                                                   "powers": list(old.powers)}, now)
        await session.flush()
        return player_view(new)


async def set_reminders(db: Database, *, game_id: int, user_id: int, enabled: bool
                        ) -> PlayerView:
    async with db.transaction() as session:
        player = seated_player(await load_players(session, game_id), user_id)
        if player is None:
            raise NotFound("player.not_in_game", user_id=user_id)
        player.reminders = enabled
        return player_view(player)
