"""Bots at the table (``engine.bots``): which powers the bot plays in a game, its orders at
the deadline, and what a player who comes back is told.

The bot plays a power:
- in a practice game, the seats nobody took at the start (option ``bots``: their powers are
  kept in ``bot_powers``);
- with the option ``civil_disorder`` set to ``bot`` (instead of the rules' ``hold``, seed 004
  §2.14.3), a power whose player is in civil disorder or gone, until that player orders
  again (docs/RULES.md §3.6) or a replacement takes the seat.
Neutral powers of a game of fewer than seven players are never played (§2.14.2).

Every phase the bot plays is remembered per power in the game's options (``bot_log``) while
its player is away, and told to that player by DM once they order again. A game the bot
played in is marked (``bots_played``): it counts apart in ``/stats`` and never moves the
ladder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from bot.models import Game, Player, PlayerStatus
from bot.services.common import NOT_PLAYING, GameView, enqueue
from bot.services.errors import Invalid
from engine import api as engine_api
from engine import variants
from engine.bots import order_text

CIVIL_DISORDER_MODES = ("hold", "bot")
MAX_BOTS = 6  # a practice game keeps at least one player
LOG_PHASES = 40  # at most this many phases remembered per power while its player is away


def bots_allowed(variant: str) -> bool:
    """Bots sit only where turns are written orders dealt by seats (classic Diplomacy and
    its kind); not the duel (countries from the players' lists) nor L'Impérialisme (votes
    and crises)."""
    v = variants.get(variant)
    return v.assignment == "seats" and hasattr(v, "game_map")


def check_bot_options(variant: str, options: Mapping[str, Any]) -> None:
    """Refuse bots where they cannot sit, clearly (``bots.unsupported``)."""
    wants = options.get("civil_disorder") == "bot" or int(options.get("bots") or 0) > 0
    if wants and not bots_allowed(variant):
        raise Invalid("bots.unsupported", variant=variant)


def practice_powers(game: Game) -> list[str]:
    return list((game.options or {}).get("bot_powers") or [])


class _Seat(Protocol):
    @property
    def status(self) -> str: ...

    @property
    def powers(self) -> Sequence[str]: ...


def bot_powers(game: Game | GameView, players: Sequence[_Seat]) -> list[str]:
    """The powers the bot plays now (from a game row and its players, or their views)."""
    options = game.options or {}
    out = set(options.get("bot_powers") or [])
    if options.get("civil_disorder") == "bot":
        held = {pw for p in players if p.status == PlayerStatus.ACTIVE.value for pw in p.powers}
        for p in players:
            if p.status in NOT_PLAYING:
                out.update(pw for pw in p.powers if pw not in held)
    return sorted(out - set(options.get("neutral") or []))


def bot_seats(game: Game) -> list[list[str]]:
    """The practice game's bot seats (a seat may hold several powers, §2.14.2)."""
    return [list(s) for s in (game.options or {}).get("bot_seats") or []]


def _allies(game: Game, players: Sequence[Player], power: str) -> list[str]:
    for seat in [*bot_seats(game), *(p.powers for p in players)]:
        if power in seat:
            return [pw for pw in seat if pw != power]
    return []


def play(game: Game, players: Sequence[Player], state: dict[str, Any],
         options: dict[str, Any], powers: Sequence[str]
         ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The bot's entries for the engine (one per power with a choice) and ``options`` with
    those powers no longer in civil disorder. The seed is the game's and the phase's, so a
    re-run of the phase (a rollback) plays the same."""
    played = set(powers)
    options = {**options, "civil_disorder": [p for p in options.get("civil_disorder", [])
                                             if p not in played]}
    if not played:
        return [], options
    choices = set(engine_api.powers_with_choices(state, options))
    seed = int((game.options or {}).get("assignment_seed") or 0) % 2**31 + (game.id or 0)
    entries = []
    for power in sorted(played & choices):
        orders = engine_api.bot_orders(state, power, seed, {
            "closed": options.get("closed") or [], "allies": _allies(game, players, power)})
        texts = [order_text(o, game.variant) for o in orders]
        entries.append({"power": power, "text": "\n".join(texts),
                        "orders": [{**o, "text": x} for o, x in zip(orders, texts, strict=True)],
                        "bot": True})
    return entries, options


def remember(game: Game, players: Sequence[Player], phase: str,
             entries: Sequence[dict[str, Any]]) -> None:
    """Mark the game as played by the bot; keep, for each absent player's power, what the
    bot ordered this phase (told to them when they come back)."""
    if not entries:
        return
    practice = set(practice_powers(game))
    away = {pw: p.user_id for p in players if p.status in NOT_PLAYING for pw in p.powers}
    log = {k: list(v) for k, v in ((game.options or {}).get("bot_log") or {}).items()}
    for entry in entries:
        if entry["power"] in practice or entry["power"] not in away:
            continue
        orders = entry["text"].split("\n") if entry["text"] else []
        log[entry["power"]] = [*log.get(entry["power"], []), {
            "phase": phase, "orders": orders, "user_id": away[entry["power"]]}][-LOG_PHASES:]
    game.options = {**(game.options or {}), "bots_played": True, "bot_log": log}


def welcome_back(session: Any, game: Game, players: Sequence[Player], now: datetime) -> None:
    """Each player ordering again (active, seat held) whose powers the bot played: a DM of
    what it ordered meanwhile (``bot_report``), then forgotten. A replacement is not told
    what the bot did before the seat was theirs."""
    log = dict((game.options or {}).get("bot_log") or {})
    if not log:
        return
    changed = False
    for p in players:
        if p.status != PlayerStatus.ACTIVE.value:
            continue
        # only the player who was away is told; a replacement starts afresh (docs/RULES.md §3.6)
        mine = {pw: [e for e in log.pop(pw) if e.get("user_id") == p.user_id]
                for pw in list(p.powers) if pw in log}
        changed = changed or bool(mine)
        mine = {pw: phases for pw, phases in mine.items() if phases}
        if mine:
            changed = True
            enqueue(session, game, "bot_report", {"user_id": p.user_id, "played": mine}, now)
    if changed:
        game.options = {**(game.options or {}), "bot_log": log}


def with_bots(game: Game) -> bool:
    """A practice game, or one the bot played in: counted apart, never rated."""
    options = game.options or {}
    return bool(options.get("bot_powers") or options.get("bots_played") or options.get("bots"))
