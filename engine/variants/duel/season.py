"""The bidding season ``S<year>B`` of a duel (seed 001 rules 4-7): a player's bids checked at
entry, then both revealed together and the year's control decided."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.orders.state import Unit
from engine.variants.duel.bids import parse_bids, resolve_bidding
from engine.variants.duel.countries import parse_country
from engine.variants.duel.errors import DuelError
from engine.variants.duel.rules import occupation
from engine.variants.duel.state import (
    DuelState,
    duel_from_json,
    is_bidding,
    phase_key,
    with_duel,
)


def units_of(state: Mapping[str, Any]) -> list[Unit]:
    return [Unit(str(u["power"]), str(u["type"]), str(u["location"]))
            for u in state.get("units", ())]


def occupied_counts(state: Mapping[str, Any], duel: DuelState) -> dict[str, dict[str, int]]:
    """Rule 6 counts the occupation at the end of the previous Fall, recorded by the turn;
    a hand-written STATE without that record is read from its units."""
    record: Mapping[str, Mapping[str, Any]] | None = duel.occupation
    if record is None:
        record = occupation(units_of(state), duel.countries, duel.minors)
    return {p: {m: len(cs) for m, cs in per.items()} for p, per in record.items()}


def _checked_bids(state: Mapping[str, Any], duel: DuelState, player: str,
                  text: str) -> dict[str, int]:
    if not is_bidding(state.get("phase", "")):
        raise DuelError("not_bidding_phase", {"phase": str(state.get("phase"))})
    if duel.winner:
        raise DuelError("game_over")
    me = duel.player(player)
    own = duel.players[me].country
    other = duel.players[duel.opponent(me)].country
    return parse_bids(text, own, other, duel.players[me].credits)


def check_bids(state: dict[str, Any], player: str, text: str) -> dict[str, Any]:
    """Parse and check a player's bids: ``{"ok", "bids", "error"}`` (error: code, message_en,
    message_fr). Over-budget, own/opponent country, negative or unreadable bids are refused."""
    try:
        bids = _checked_bids(state, duel_from_json(state), player, text)
        return {"ok": True, "bids": bids, "error": None}
    except DuelError as err:
        return {"ok": False, "bids": None, "error": err.to_json()}


def resolve_bids(state: dict[str, Any],
                 bids_by_player: dict[str, str | dict[str, int] | None]) -> dict[str, Any]:
    """Reveal the bids of the season (a missing player bid nothing) and open Spring movement:
    ``{"state": NEXT_STATE, "result": {"phase", "minors": [...], "balances", "control"}}``."""
    duel = duel_from_json(state)
    phase = str(state.get("phase", ""))
    if not is_bidding(phase):
        raise DuelError("not_bidding_phase", {"phase": phase})
    if duel.winner:
        raise DuelError("game_over")
    parsed: dict[str, dict[str, int]] = {}
    for raw_player, bids in (bids_by_player or {}).items():
        me = duel.player(raw_player)
        if bids is None:
            continue
        if isinstance(bids, str):
            parsed[me] = _checked_bids(state, duel, me, bids)
        else:
            parsed[me] = {parse_country(m): int(v) for m, v in bids.items()}
    result = resolve_bidding(parsed, duel.countries, duel.credits,
                             occupied=occupied_counts(state, duel),
                             accounts=duel.accounts if duel.bids_accumulate else None)
    out = {"phase": phase, **result.to_json()}
    duel = duel.with_credits(result.balances).logged(
        {"kind": "bidding", **out}, control=result.control,
        accounts=result.accounts if result.accounts is not None else duel.accounts)
    new_state = with_duel(state, duel)
    new_state["phase"] = f"S{phase_key(phase)[0]}M"
    return {"state": new_state, "result": out}
