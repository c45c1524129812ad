"""The private what-if board (``/sandbox``): a copy of a public position — the current one of
a game the caller plays or referees, a past phase of it, or a variant's opening — on which
the caller enters orders for every power and resolves them through the engine, step by
step, with undo and reset.

Nothing here writes to a game: a sandbox is its own row, found by its owner's user id only
(one per user), so nobody else can read or change it. The copy is the game's public
position (``Game.state``, ``PhaseRecord.state``); pending orders of a game are never read."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, or_, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import Game, PhaseRecord, Player, Sandbox, utcnow
from bot.services.classic.turn import engine_options
from bot.services.common import SEATED
from bot.services.errors import Conflict, Forbidden, Invalid, NotFound, OrdersRejected, RuleRefused
from engine import api as engine_api
from engine import variants
from engine.errors import RuleError
from engine.variants.duel import api as duel_api

# undo steps kept: each is a whole position (a few KB), so the row stays small
HISTORY_LIMIT = 20
MAX_ORDER_CHARS = 6000  # as /orders submit (bot.services.orders.bound_orders)
# refusals that only say the line is another power's: when a line is refused for every
# power, the reason shown is one that speaks of the order itself
_NOT_THIS_POWER = frozenset({"not_your_unit", "no_unit", "not_your_power", "build_not_home",
                             "build_not_owned", "build_no_builds", "remove_no_removals",
                             "not_dislodged"})


@dataclass(frozen=True, slots=True)
class SandboxView:
    """Everything the owner sees of their sandbox."""

    variant: str
    source: dict[str, Any]
    phase: str
    state: dict[str, Any]
    orders: dict[str, list[str]]  # power -> normalised lines of the current phase
    to_act: tuple[str, ...]  # powers with a choice in this phase
    last: dict[str, Any] | None  # the last resolution: phase, results, before, bidding
    undo_steps: int
    end: dict[str, Any] | None  # the variant's end of game, once over
    replaced: bool = False  # ``start`` replaced an earlier sandbox of the same user


@dataclass(frozen=True, slots=True)
class OwnGame:
    id: int
    name: str
    variant: str
    phase: str | None


# --- reading ------------------------------------------------------------------------------------
async def _own(session: AsyncSession, user_id: int, *, lock: bool = True) -> Sandbox:
    query = select(Sandbox).where(Sandbox.user_id == user_id)
    row = (await session.exec(query.with_for_update() if lock else query)).first()
    if row is None:
        raise NotFound("sandbox.none")
    return row


def _lines(orders: dict[str, Any]) -> dict[str, list[str]]:
    return {p: [str(x["text"]) for x in items] for p, items in sorted(orders.items()) if items}


def _view(row: Sandbox, *, replaced: bool = False) -> SandboxView:
    state = dict(row.state)
    variant = variants.of_state(state)
    end = variant.end_of_game(state, row.options)
    to_act = () if end else tuple(engine_api.powers_with_choices(state, row.options))
    return SandboxView(variant=row.variant, source=dict(row.source),
                       phase=str(state.get("phase", "")), state=state,
                       orders=_lines(row.orders), to_act=to_act, last=row.last,
                       undo_steps=len(row.history), end=end, replaced=replaced)


async def show(db: Database, *, user_id: int) -> SandboxView:
    async with db.transaction(write=False) as session:
        return _view(await _own(session, user_id, lock=False))


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
    sent with earlier orders (seed 004 §3.4.2) ride in the STATE until their phase comes;
    only the copier's own powers' are kept."""
    out = dict(state)
    kept = {p: v for p, v in (state.get("conditional") or {}).items() if p in own}
    out.pop("conditional", None)
    if kept:
        out["conditional"] = kept
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
                # both ranked lists, seed 001 rule 3): only a game of it can be copied
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
        return _view(row, replaced=old is not None)


async def end(db: Database, *, user_id: int) -> None:
    async with db.transaction() as session:
        await session.delete(await _own(session, user_id))


# --- changing -----------------------------------------------------------------------------------
def _push(row: Sandbox, now: datetime) -> None:
    """Keep the present on the undo stack before a change."""
    snapshot = {"state": row.state, "orders": row.orders, "last": row.last}
    row.history = [*row.history, snapshot][-HISTORY_LIMIT:]
    row.updated_at = now


def _is_bidding(state: dict[str, Any]) -> bool:
    return state.get("variant") == "duel" and str(state.get("phase", "")).endswith("B")


def _key(line: dict[str, Any], index: int) -> str:
    """What a new line replaces: the earlier order of the same unit (or centre)."""
    order = line.get("order") or {}
    where = order.get("location") or f"{order.get('kind', 'line')}#{index}"
    return f"{'if:' if line.get('conditional') else ''}{where}"


def _refuse(state: dict[str, Any], power: str, lines: list[dict[str, Any]]) -> OrdersRejected:
    return OrdersRejected("sandbox.rejected", power=power, phase=str(state.get("phase")),
                          lines=[{"text": x["text"], "ok": x["ok"],
                                  "normalized": x.get("normalized"), "error": x.get("error")}
                                 for x in lines])


def _checked(state: dict[str, Any], candidates: list[str], text: str
             ) -> dict[str, list[dict[str, Any]]]:
    """Each line of ``text`` for the first power among ``candidates`` that may give it: new
    lines by power. A line no power may give refuses the whole text."""
    checks = {p: engine_api.check_orders(state, p, text)["lines"] for p in candidates}
    first = checks[candidates[0]]
    by_power: dict[str, list[dict[str, Any]]] = {}
    shown: list[dict[str, Any]] = []
    for i in range(len(first)):
        owner = next((p for p in candidates if checks[p][i]["ok"]), None)
        if owner is None:
            errors = [checks[p][i] for p in candidates]
            shown.append(next((x for x in errors if (x.get("error") or {}).get("code")
                               not in _NOT_THIS_POWER), errors[0]))
            continue
        shown.append(checks[owner][i])
        by_power.setdefault(owner, []).append(checks[owner][i])
    if any(not x["ok"] for x in shown) or not shown:
        raise _refuse(state, candidates[0] if len(candidates) == 1 else "", shown)
    return by_power


_CHECK_TRIES = 5  # the sandbox changed under a check this many times: refused


async def add_orders(db: Database, *, user_id: int, text: str, power: str | None = None,
                     now: datetime | None = None) -> dict[str, list[str]]:
    """Check ``text`` (lines as for ``/orders submit``, English or French names) and add it
    to the sandbox's orders: a line replaces the earlier order of the same unit. Without
    ``power`` each line goes to the power that may give it. In a duel's bidding season the
    text is the bids of ``power``'s player. Any refused line refuses the whole text.

    As for a game's orders (``bot.services.orders.submit_orders``), the engine checks the
    text in a worker thread outside the write transaction (one check per power when none
    is named: some 17 ms for a full sheet), and the write keeps it only if the sandbox is
    still the one checked."""
    if len(text) > MAX_ORDER_CHARS:
        raise Invalid("orders.too_long", length=len(text), max=MAX_ORDER_CHARS)
    now = now or utcnow()
    for _ in range(_CHECK_TRIES):
        async with db.transaction(write=False) as session:
            row = await _own(session, user_id, lock=False)
            state, options, before = dict(row.state), dict(row.options), dict(row.orders)
        added, orders = await asyncio.to_thread(_with_orders, state, options, before, text,
                                                power)
        async with db.transaction() as session:
            row = await _own(session, user_id)
            if row.state != state or row.orders != before:
                continue  # changed meanwhile (another command of the owner): check again
            _push(row, now)
            row.orders = orders
            return added
    raise Conflict("sandbox.busy")


def _with_orders(state: dict[str, Any], options: dict[str, Any], before: dict[str, Any],
                 text: str, power: str | None
                 ) -> tuple[dict[str, list[str]], dict[str, Any]]:
    """(the lines added by power, every pending order with them): the engine's check."""
    variant = variants.of_state(state)
    if variant.end_of_game(state, options):
        raise Conflict("sandbox.over")
    choices = engine_api.powers_with_choices(state, options)
    named = variant.power(power) if power else None  # type: ignore[attr-defined]
    if named is not None and named not in choices:
        raise Conflict("orders.no_choice", power=named, phase=str(state.get("phase")))
    if _is_bidding(state):
        return _with_bids(state, before, named, text)
    by_power = _checked(state, [named] if named else choices, text)
    orders = dict(before)
    for p, new in by_power.items():
        merged = {x["key"]: x["text"] for x in orders.get(p, [])}
        for i, line in enumerate(new):
            merged[_key(line, i)] = line["normalized"]
        # the whole set again: two builds on one centre, one removal too many...
        whole = engine_api.check_orders(state, p, "\n".join(merged.values()))
        if not whole["ok"]:
            raise _refuse(state, p, whole["lines"])
        orders[p] = [{"key": k, "text": v} for k, v in merged.items()]
    return {p: [x["normalized"] for x in new] for p, new in by_power.items()}, orders


def _with_bids(state: dict[str, Any], before: dict[str, Any], country: str | None,
               text: str) -> tuple[dict[str, list[str]], dict[str, Any]]:
    """Seed 001 rule 5: the bids of one player, checked against their treasury."""
    if country is None:
        raise Invalid("sandbox.bids_need_power")
    players = {info["country"]: pid for pid, info in state["duel"]["players"].items()}
    if country not in players:
        raise Conflict("orders.no_choice", power=country, phase=str(state.get("phase")))
    checked = duel_api.check_bids(state, players[country], text)
    if not checked["ok"]:
        raise RuleRefused.from_json("duel", checked["error"])
    return ({country: [text.strip()]},
            {**before, country: [{"key": "bids", "text": text.strip()}]})


async def clear_orders(db: Database, *, user_id: int, power: str | None = None,
                       now: datetime | None = None) -> int:
    """Forget the pending orders (of every power, or of one): how many lines went."""
    async with db.transaction() as session:
        row = await _own(session, user_id)
        variant = variants.of_state(row.state)
        named = variant.power(power) if power else None  # type: ignore[attr-defined]
        gone = {p: v for p, v in row.orders.items() if named is None or p == named}
        count = sum(len(v) for v in gone.values())
        if count:
            _push(row, now or utcnow())
            row.orders = {p: v for p, v in row.orders.items() if p not in gone}
        return count


async def resolve(db: Database, *, user_id: int, now: datetime | None = None) -> SandboxView:
    """Resolve the sandbox's phase through the engine with its pending orders (missing ones
    as the rules say: units hold, no build...), as the variant does for a real game."""
    async with db.transaction() as session:
        row = await _own(session, user_id)
        state = dict(row.state)
        if variants.of_state(state).end_of_game(state, row.options):
            raise Conflict("sandbox.over")
        request: dict[str, Any] = {"state": state, "options": row.options, "orders": []}
        if _is_bidding(state):
            players = {info["country"]: pid
                       for pid, info in state["duel"]["players"].items()}
            request["bids"] = {players[c]: items[0]["text"]
                               for c, items in row.orders.items() if items}
        else:
            request["orders"] = [{"power": p, "text": "\n".join(x["text"] for x in items)}
                                 for p, items in sorted(row.orders.items()) if items]
        try:
            response = engine_api.adjudicate(request)
        except RuleError as error:
            raise RuleRefused.from_error(error) from None
        _push(row, now or utcnow())
        row.last = {"phase": str(state.get("phase")), "before": state,
                    "results": list(response.get("results", [])),
                    "bidding": response.get("bidding")}
        row.state = response["state"]
        row.orders = {}
        return _view(row)


async def undo(db: Database, *, user_id: int, now: datetime | None = None) -> SandboxView:
    """Back to the position and orders before the last change."""
    async with db.transaction() as session:
        row = await _own(session, user_id)
        if not row.history:
            raise Conflict("sandbox.nothing_to_undo")
        *rest, previous = row.history
        row.state, row.orders, row.last = previous["state"], previous["orders"], \
            previous["last"]
        row.history = list(rest)
        row.updated_at = now or utcnow()
        return _view(row)


async def reset(db: Database, *, user_id: int, now: datetime | None = None) -> SandboxView:
    """Back to the position the sandbox started from, no orders (undo brings it back)."""
    async with db.transaction() as session:
        row = await _own(session, user_id)
        _push(row, now or utcnow())
        row.state, row.orders, row.last = row.start, {}, None
        return _view(row)
