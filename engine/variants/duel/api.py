"""Duel-Diplomatie over the JSON of the engine contract (docs/ENGINE.md; docs/RULES.md §5).

A duel STATE is the classic STATE plus a ``"duel"`` key, read and written as a ``DuelState``
(``state``, where its JSON is described). The year runs (rule 8): bids ``S<year>B``, Spring
moves and retreats, Fall moves and retreats, Winter adjustments. Control lasts for the year,
Winter included (rule 4), and is cleared when the next bidding season opens.

Here: the set-up, who commands what, the public reveal of the bids, stalemate claims; the
bidding season is in ``season``, the turn in ``turn``.
"""

from __future__ import annotations

import random
from typing import Any

from engine.variants.classic.variant import VARIANT as CLASSIC
from engine.variants.duel.countries import (
    COUNTRIES,
    STARTING_CREDITS,
    assign_countries,
    classic_map,
    country_name,
    home_centers,
    minors_of,
    parse_country,
    parse_preferences,
)
from engine.variants.duel.errors import DuelError, join_local
from engine.variants.duel.rules import minors_in_play, stalemate_winner
from engine.variants.duel.season import check_bids, resolve_bids, units_of
from engine.variants.duel.state import (
    VARIANT,
    DuelState,
    Seat,
    duel_from_json,
    duel_to_json,
    is_bidding,
    phase_key,
    with_duel,
)
from engine.variants.duel.turn import NO_CENTRE_VICTORY, process


# -- set-up (rule 3) -----------------------------------------------------------------------------
def check_preferences(text: str) -> dict[str, Any]:
    """Validate a ranked list typed by a player: ``{"ok", "preferences", "error"}``."""
    try:
        return {"ok": True, "preferences": list(parse_preferences(text)), "error": None}
    except DuelError as err:
        return {"ok": False, "preferences": None, "error": err.to_json()}


def _prefs(prefs: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    if isinstance(prefs, str):
        return parse_preferences(prefs)
    return parse_preferences(", ".join(prefs))


def new_duel_state(player_a: str, prefs_a: str | list[str], player_b: str,
                   prefs_b: str | list[str], seed: int | str | None,
                   options: dict[str, Any] | None = None) -> dict[str, Any]:
    """STATE of a new duel at the first bidding season ``S1901B``: countries chosen from the
    two ranked lists (rule 3; lots drawn with ``random.Random(seed)`` when the lists are
    identical), starting credits (rule 5), the classic starting position."""
    if str(player_a) == str(player_b):
        raise DuelError("same_player")
    ranked_a, ranked_b = _prefs(prefs_a), _prefs(prefs_b)
    choice = assign_countries(ranked_a, ranked_b, random.Random(seed))
    game_map = classic_map()
    a, b = str(player_a), str(player_b)
    players = {a: Seat(choice.country_a, STARTING_CREDITS[choice.country_a], ranked_a),
               b: Seat(choice.country_b, STARTING_CREDITS[choice.country_b], ranked_b)}
    minors = minors_of((choice.country_a, choice.country_b))
    duel = DuelState(
        players=players, control=dict.fromkeys(minors),
        bids_accumulate=bool((options or {}).get("bids_accumulate", False)),
        accounts={p: dict.fromkeys(minors, 0) for p in players},
        occupation={p: {} for p in players},
        history=({"kind": "countries", "phase": "S1901B", "rank": choice.rank,
                  "drawn": choice.drawn,
                  "lot_winner": {"a": a, "b": b}[choice.lot_winner]
                  if choice.lot_winner else None,
                  "countries": {p: seat.country for p, seat in players.items()}},))
    return {
        "variant": VARIANT,
        "phase": "S1901B",
        "units": sorted(({"power": u.power, "type": u.type, "location": u.location}
                         for u in game_map.starting_units),
                        key=lambda u: (u["power"], u["location"])),
        "dislodged": [],
        "contested": [],
        "centers": {p: list(home_centers(p)) for p in sorted(COUNTRIES)},
        "duel": duel_to_json(duel),
    }


# -- who commands what ---------------------------------------------------------------------------
def commanded_powers(state: dict[str, Any], player: str) -> list[str]:
    """The player's own country, then the minors it controls this year (rule 4)."""
    return duel_from_json(state).commanded(player)


def controller_of(state: dict[str, Any], power: str) -> str | None:
    """The player who commands ``power`` this year (its own country or a controlled minor)."""
    return duel_from_json(state).controller_of(parse_country(power))


def players_to_act(state: dict[str, Any]) -> list[str]:
    """Players with something to send in this phase: both in a bidding season; otherwise
    those commanding a power that has a choice (uncontrolled minors have none, rule 7)."""
    duel = duel_from_json(state)
    if duel.winner:
        return []
    if is_bidding(state.get("phase", "")):
        return sorted(duel.players)
    powers = CLASSIC.powers_to_act(state, {"civil_disorder": duel.uncontrolled})
    return sorted({p for p in (duel.controller_of(power) for power in powers) if p})


# -- the reveal -------------------------------------------------------------------------------
def format_bidding(result: dict[str, Any], locale: str = "en",
                   names: dict[str, str] | None = None) -> str:
    """The public reveal (fr or en): each minor with both bids, penalties, the controller and
    what it paid, then the new balances. ``names``: player id -> display name."""
    fr = locale.startswith("fr")
    names = names or {}

    def who(p: str | None) -> str:
        if p is None:
            return "personne (désordre civil)" if fr else "nobody (civil disorder)"
        return names.get(p, p)

    year = phase_key(str(result.get("phase", "S1901B")))[0]
    lines = [f"**Enchères {year}**" if fr else f"**Bids {year}**"]
    for m in result["minors"]:
        parts = []
        for p, bid in m["bids"].items():
            text = f"{who(p)} {bid}"
            if m["penalties"].get(p):
                text += (f" (−{m['penalties'][p]} occupation → {m['effective'][p]})")
            parts.append(text)
        name = country_name(m["minor"]).pick(locale)
        paid = (f" (paie {m['paid']})" if fr else f" (pays {m['paid']})") \
            if m["controller"] else ""
        lines.append(f"{name} — {', '.join(parts)} → {who(m['controller'])}{paid}")
    balances = ", ".join(f"{who(p)} {c}" for p, c in result["balances"].items())
    lines.append(("Soldes : " if fr else "Balances: ") + balances)
    return "\n".join(lines)


# -- stalemate (rule 10) -------------------------------------------------------------------------
def claim_stalemate(state: dict[str, Any], player: str) -> dict[str, Any]:
    """A player claims a stalemate; allowed once every minor is eliminated (no unit, no
    centre). ``{"ok", "error", "state"}``."""
    try:
        duel = duel_from_json(state)
        if duel.winner:
            raise DuelError("game_over")
        me = duel.player(player)
        alive = minors_in_play(units_of(state), state.get("centers", {}), duel.minors)
        if alive:
            raise DuelError("minors_not_eliminated",
                            {"countries": join_local([country_name(m) for m in alive])})
        duel = duel.logged({"kind": "stalemate_claim", "phase": state.get("phase"),
                            "player": me}, stalemate_claim=me)
        return {"ok": True, "error": None, "state": with_duel(state, duel)}
    except DuelError as err:
        return {"ok": False, "error": err.to_json(), "state": state}


def confirm_stalemate(state: dict[str, Any], by: str) -> dict[str, Any]:
    """The other player agrees, or the GM (``by="gm"``) confirms: the player whose country
    holds more centres wins; equal centres -> a draw (``winner`` None, ``victory.draw``)."""
    try:
        duel = duel_from_json(state)
        if duel.winner:
            raise DuelError("game_over")
        claimant = duel.stalemate_claim
        if not claimant:
            raise DuelError("no_stalemate_claim")
        if by != "gm" and duel.player(by) == claimant:
            raise DuelError("own_stalemate_claim")
        centers = state.get("centers", {})
        winner = stalemate_winner(duel.countries, centers)
        victory = {"kind": "stalemate", "phase": state.get("phase"), "winner": winner,
                   "draw": winner is None, "confirmed_by": by,
                   "centres": {p: len(centers.get(c, ())) for p, c in duel.countries.items()}}
        duel = duel.logged({"kind": "victory", **victory}, winner=winner, victory=victory,
                           finished=True)
        return {"ok": True, "error": None, "state": with_duel(state, duel)}
    except DuelError as err:
        return {"ok": False, "error": err.to_json(), "state": state}


__all__ = [
    "NO_CENTRE_VICTORY",
    "check_bids",
    "check_preferences",
    "claim_stalemate",
    "commanded_powers",
    "confirm_stalemate",
    "controller_of",
    "format_bidding",
    "new_duel_state",
    "players_to_act",
    "process",
    "resolve_bids",
]
