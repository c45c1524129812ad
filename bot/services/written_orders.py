"""A turn of written orders (classic Diplomacy, and any variant played the same way): the
orders sent for the phase go to the engine; missed movement phases lead to civil disorder.
``RULES`` is the registry's default: a variant with no turn rules of its own plays this way."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import Game, OrderSet, Outbox, PhaseRecord, Player, PlayerStatus
from bot.services import bots as bots_service
from bot.services.common import (
    NOT_PLAYING,
    SEATED,
    PlayerView,
    enqueue,
    load_players,
    pending_order_sets,
    phase_kind,
    player_view,
    waiting_powers,
)
from bot.services.errors import NotFound
from bot.services.registry import Record, Step
from bot.services.turns import next_seq
from engine import api as engine_api
from engine import variants

_BOT_CHAIN = 4  # at most this many retreat/adjustment phases played by the bot at once


def engine_options(game: Game, players: Sequence[Player],
                   returning: Player | None = None) -> dict[str, Any]:
    """The engine's per-game options: preset, victory threshold, and the powers run by the
    civil-disorder rules (docs/RULES.md §2.14.3): players in civil disorder, gone, or neutral powers
    of a game with fewer than seven players (§2.14.2). ``returning``: a player in civil
    disorder who is ordering again (docs/RULES.md §3.6) — their powers count as played."""
    options = game.options or {}
    neutral = list(options.get("neutral", []))
    # the powers of a practice game's bot seats count as in civil disorder here: nobody is
    # waited for them; the turn has the bot order for them (bot.services.bots)
    disorder = set(neutral) | set(options.get("bot_powers") or [])
    held: set[str] = set()
    for p in players:
        if p.status in NOT_PLAYING and p is not returning:
            disorder.update(p.powers)
        elif p.status == PlayerStatus.ACTIVE.value or p is returning:
            held.update(p.powers)
    disorder -= held  # a replacement already took the seat over
    result: dict[str, Any] = {"preset": options.get("preset", "standard"),
                              "victory_centers": options.get("victory_centers", 18),
                              "civil_disorder": sorted(disorder)}
    if options.get("players_at_start") == 2:
        result["closed"] = neutral  # docs/RULES.md §2.14.2: nobody enters neutral Italy
    return result


def everyone_ready(players: Sequence[Player], choices: Sequence[str],
                   order_sets: Sequence[OrderSet]) -> bool:
    waiting = waiting_powers(players, choices)
    ready = {o.power for o in order_sets if o.ready}
    return bool(waiting) and waiting <= ready


async def order_sets_of(session: AsyncSession, game: Game) -> list[OrderSet]:
    return await pending_order_sets(session, game)


def track_missed_phases(game: Game, players: Sequence[Player], choices: Sequence[str],
                        responded: Sequence[OrderSet], phase: str, now: datetime,
                        session: AsyncSession, seq: int | None = None) -> list[int]:
    """docs/RULES.md §2.14.3: after N consecutive movement phases without orders (default
    2, option ``nmr_threshold``), a player's powers are in civil disorder. Only movement
    phases count; sending orders again resets the count (docs/RULES.md §3.6: the original player
    keeps the seat).

    Each declaration is a ``civil_disorder`` row for its player (a DM) carrying ``seq``, the
    record of the turn: the turn's one results post announces it (``missed_orders``), no
    public post of its own. The warning before it (``on_the_brink``) is
    part of that post too."""
    if phase_kind(phase) != "M":
        return []
    threshold = int((game.options or {}).get("nmr_threshold", 2))
    ordered = {o.power for o in responded}  # orders sent, or "ready" with none (all hold)
    fallen: list[int] = []
    for p in players:
        if p.status not in SEATED:
            continue
        needed = [pw for pw in p.powers if pw in choices]
        if not needed:
            continue
        if any(pw in ordered for pw in needed):
            p.missed_phases = 0
            continue
        p.missed_phases += 1
        if p.missed_phases >= threshold and p.status == PlayerStatus.ACTIVE.value:
            p.status = PlayerStatus.CIVIL_DISORDER.value
            fallen.append(p.user_id)
            enqueue(session, game, "civil_disorder", {"user_id": p.user_id,
                                                      "powers": list(p.powers),
                                                      "missed": p.missed_phases,
                                                      "phase": phase, "seq": seq}, now)
    return fallen


def on_the_brink(game: Game, players: Sequence[Player]) -> list[Player]:
    """Players whose next missed movement phase puts their powers in civil disorder (issue
    12: announced before it hits): active, and one miss short of ``nmr_threshold``."""
    threshold = int((game.options or {}).get("nmr_threshold", 2))
    return [p for p in players if p.status == PlayerStatus.ACTIVE.value
            and p.missed_phases >= 1 and p.missed_phases == threshold - 1]


def _engine_entry(order_set: OrderSet) -> dict[str, Any]:
    """An order set as the engine takes it: structured as ``check_orders`` read it when it
    was sent (nothing parsed again at the deadline), else as its text (a set stored before
    its lines were kept, or with a line that has no ORDER)."""
    lines = order_set.parsed or []
    if lines and all(isinstance(x, dict) and isinstance(x.get("order"), dict) for x in lines):
        return {"power": order_set.power, "text": order_set.text,
                "orders": [{**x["order"], "text": x["text"]} for x in lines]}
    return {"power": order_set.power, "text": order_set.text}


class WrittenOrdersTurn:
    """Written orders: the rules of classic Diplomacy, and of any variant played with them."""

    def __init__(self, variant: str = variants.DEFAULT) -> None:
        self.variant = variant

    def for_variant(self, variant: str) -> WrittenOrdersTurn:
        return WrittenOrdersTurn(variant)

    def choices(self, game: Game, players: Sequence[Player]) -> list[str]:
        return engine_api.powers_with_choices(dict(game.state or {}),
                                              engine_options(game, players))

    async def is_ready(self, session: AsyncSession, game: Game,
                       players: Sequence[Player]) -> bool:
        return everyone_ready(players, self.choices(game, players),
                              await order_sets_of(session, game))

    async def step(self, session: AsyncSession, game: Game, players: Sequence[Player],
                   now: datetime) -> Step:
        phase = str(game.phase)
        order_sets = await order_sets_of(session, game)
        state = dict(game.state or {})
        options = engine_options(game, players)
        choices = engine_api.powers_with_choices(state, options)
        submitted = [o for o in order_sets if o.text.strip()]
        bots_service.welcome_back(session, game, players, now)
        played, options = bots_service.play(game, players, state, options,
                                            bots_service.bot_powers(game, players))
        bots_service.remember(game, players, phase, played)
        response = engine_api.adjudicate({
            "state": state, "options": options, "trace": True,
            "orders": [_engine_entry(o) for o in submitted]
            + [{k: v for k, v in e.items() if k != "bot"} for e in played]})
        responded = [o for o in order_sets if o.text.strip() or o.ready]
        fallen = track_missed_phases(game, players, choices, responded, phase, now, session,
                                     seq=await next_seq(session, game.id or 0))
        await session.exec(delete(OrderSet).where(  # type: ignore[call-overload]
            col(OrderSet.game_id) == game.id, col(OrderSet.phase) == phase))
        results = list(response.get("results", []))
        traced = list(response.get("phases", []))
        bot_sheets: dict[str, list[dict[str, Any]]] = {}
        for _ in range(_BOT_CHAIN):  # retreats and adjustments only the bot has to play
            after = response["state"]
            if str(after.get("phase", "")).endswith("M") or after.get("winner"):
                break
            expected = engine_options(game, players)
            if waiting_powers(players, engine_api.powers_with_choices(after, expected)):
                break  # a player has a choice: the phase waits for its deadline
            chained, chained_options = bots_service.play(
                game, players, after, expected, bots_service.bot_powers(game, players))
            if not chained:
                break
            bots_service.remember(game, players, str(after["phase"]), chained)
            bot_sheets[str(after["phase"])] = _sheets(chained)
            response = engine_api.adjudicate({
                "state": after, "options": chained_options, "trace": True,
                "orders": [{k: v for k, v in e.items() if k != "bot"} for e in chained]})
            results += response.get("results", [])
            traced += response.get("phases", [])
        # every phase that happened is a record of its own, with its own results
        more = [Record(phase=str(p["phase"]), state=p["state"],
                       results=[r for r in results if r.get("phase") == p["phase"]],
                       orders=bot_sheets.get(str(p["phase"]), []))
                for p in traced if p["phase"] != phase]
        later = {r.phase for r in more}
        return Step(phase=phase, new_state=response["state"],
                    orders=[{"power": o.power, "text": o.text, "parsed": o.parsed}
                            for o in submitted] + _sheets(played),
                    results=[r for r in results if r.get("phase") not in later],
                    new_civil_disorder=tuple(fallen), more=more)


@dataclass(frozen=True, slots=True)
class MissedOrders:
    """What a turn's results post says about missed orders (docs/RULES.md §3.5.4, §3.6):
    ``declared``: the civil-disorder declarations of the turn (payloads of the rows
    ``track_missed_phases`` queued); ``warned``: players one missed movement phase away from
    civil disorder, told before it hits."""

    declared: tuple[dict[str, Any], ...]
    warned: tuple[PlayerView, ...]
    threshold: int


async def missed_orders(db: Database, *, game_id: int, seq: int | None) -> MissedOrders:
    """For the results post of the turn whose first record is ``seq``. Warnings hold only
    while that record is the game's latest movement phase (a later post would be late)."""
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        if game is None:
            raise NotFound("game.not_found", game_id=game_id)
        threshold = int((game.options or {}).get("nmr_threshold", 2))
        rows = (await session.exec(select(Outbox.payload).where(
            Outbox.game_id == game_id, Outbox.kind == "civil_disorder"))).all()
        declared = tuple(dict(p) for p in rows if seq is not None and p.get("seq") == seq)
        latest = (await session.exec(select(PhaseRecord.seq, PhaseRecord.phase).where(
            PhaseRecord.game_id == game_id, col(PhaseRecord.superseded).is_(False))
            .order_by(col(PhaseRecord.seq).desc()))).all()
        movement = next((row_seq for row_seq, phase in latest if phase_kind(phase) == "M"),
                        None)
        warned: tuple[PlayerView, ...] = ()
        if seq is not None and movement == seq:
            warned = tuple(player_view(p) for p in on_the_brink(
                game, await load_players(session, game_id)))
        return MissedOrders(declared=declared, warned=warned, threshold=threshold)


def _sheets(played: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The bot's entries as the history keeps order sheets (marked ``bot``)."""
    return [{"power": e["power"], "text": e["text"], "parsed": None, "bot": True}
            for e in played]


RULES = WrittenOrdersTurn()
