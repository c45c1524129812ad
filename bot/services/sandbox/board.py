"""A sandbox's board: its view, the orders entered for every power, resolution through
the engine, undo and reset (``bot.services.sandbox``)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import Sandbox, utcnow
from bot.services.errors import Conflict, Invalid, NotFound, OrdersRejected, RuleRefused
from engine import api as engine_api
from engine import variants
from engine.errors import RuleError

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


# --- reading ------------------------------------------------------------------------------------
async def _own(session: AsyncSession, user_id: int, *, lock: bool = True) -> Sandbox:
    query = select(Sandbox).where(Sandbox.user_id == user_id)
    row = (await session.exec(query.with_for_update() if lock else query)).first()
    if row is None:
        raise NotFound("sandbox.none")
    return row


def _lines(orders: dict[str, Any]) -> dict[str, list[str]]:
    return {p: [str(x["text"]) for x in items] for p, items in sorted(orders.items()) if items}


def board_view(row: Sandbox, *, replaced: bool = False) -> SandboxView:
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
        return board_view(await _own(session, user_id, lock=False))

async def end(db: Database, *, user_id: int) -> None:
    async with db.transaction() as session:
        await session.delete(await _own(session, user_id))


async def suggest(db: Database, *, user_id: int, power: str | None = None
                  ) -> dict[str, list[str]]:
    """The bot's orders (``engine.bots``) for ``power`` on the caller's board, or for every
    power with a choice: power -> normal lines (a duel's bids: ``minor amount``). Nothing on
    the board changes: the owner enters what they like of it with ``/sandbox order``."""
    async with db.transaction(write=False) as session:
        row = await _own(session, user_id, lock=False)
        state, options = dict(row.state), dict(row.options)
    variant = variants.of_state(state)
    if not hasattr(variant, "game_map"):
        raise Invalid("bots.unsupported", variant=variant.name)
    to_act = engine_api.powers_with_choices(state, options)
    if power is not None:
        wanted = variant.power(power)  # type: ignore[attr-defined]
        if wanted not in to_act:
            raise Conflict("sandbox.suggest_no_choice", power=wanted)
        to_act = [wanted]
    return await asyncio.to_thread(_suggestions, state, options, to_act)


def _suggestions(state: dict[str, Any], options: dict[str, Any], powers: list[str]
                 ) -> dict[str, list[str]]:
    from engine.bots import order_text

    name = str(state.get("variant") or variants.DEFAULT)
    return {p: [order_text(o, name) for o in engine_api.bot_orders(
        state, p, None, {"closed": options.get("closed") or []})] for p in powers}


# --- changing -----------------------------------------------------------------------------------
def _push(row: Sandbox, now: datetime) -> None:
    """Keep the present on the undo stack before a change."""
    snapshot = {"state": row.state, "orders": row.orders, "last": row.last}
    row.history = [*row.history, snapshot][-HISTORY_LIMIT:]
    row.updated_at = now


def _is_bidding(state: dict[str, Any]) -> bool:
    return variants.bidding_of(state) is not None


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
    """Each line of ``text`` for the one power among ``candidates`` that may give it: new
    lines by power. A line no power may give refuses the whole text; a line several may give
    (no power named) is a question back: which power?"""
    checks = {p: engine_api.check_orders(state, p, text)["lines"] for p in candidates}
    first = checks[candidates[0]]
    by_power: dict[str, list[dict[str, Any]]] = {}
    shown: list[dict[str, Any]] = []
    for i in range(len(first)):
        owners = [p for p in candidates if checks[p][i]["ok"]]
        if len(owners) > 1:  # a waive, a removal sent ahead: whose it is is asked, not guessed
            raise Invalid("sandbox.which_power", line=str(first[i]["text"]), powers=owners)
        owner = owners[0] if owners else None
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
    bidding = variants.bidding_of(state)
    if bidding is None or country not in engine_api.powers_with_choices(state):
        raise Conflict("orders.no_choice", power=country, phase=str(state.get("phase")))
    checked = bidding.check_bids(state, country, text)
    if not checked["ok"]:
        raise RuleRefused.from_json(variants.of_state(state).name, checked["error"])
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
        bidding = variants.bidding_of(state)
        if bidding is not None:
            request["bids"] = bidding.bids_of(state, {c: items[0]["text"]
                                                      for c, items in row.orders.items() if items})
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
        return board_view(row)


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
        return board_view(row)


async def reset(db: Database, *, user_id: int, now: datetime | None = None) -> SandboxView:
    """Back to the position the sandbox started from, no orders (undo brings it back)."""
    async with db.transaction() as session:
        row = await _own(session, user_id)
        _push(row, now or utcnow())
        row.state, row.orders, row.last = row.start, {}, None
        return board_view(row)
