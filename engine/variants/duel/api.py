"""Duel-Diplomatie over the JSON of the engine contract (DESIGN.md; seed 001; RULES.md).

A duel STATE is the classic STATE plus a ``"duel"`` key::

    {"players": {"<player id>": {"country": "france", "credits": 20,
                                  "preferences": [...]}, ...},
     "control": {"austria": "<player id>" | None, ...},   # this year's commander of each minor
     "options": {"bids_accumulate": False},
     "accounts": {"<player id>": {"austria": 0, ...}},    # running accounts (bids_accumulate)
     "occupation": {"<player id>": {"italy": ["rom"]}},   # at the end of the last Fall (rule 6)
     "income_year": 1901 | None,                          # last Fall whose income was paid
     "victory_pending": "F1905" | None,                   # rule 9 tie: checked again then
     "stalemate_claim": "<player id>" | None,             # rule 10
     "winner": "<player id>" | None, "victory": {...} | None,
     "history": [{"kind": "countries" | "bidding" | "income" | "referee_builds" | ...}, ...]}

The year runs (rule 8): bids ``S<year>B``, Spring moves and retreats, Fall moves and
retreats, Winter adjustments. Control lasts for the year, Winter included (rule 4), and is
cleared when the next bidding season opens.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from engine.variants.classic.state import Unit
from engine.variants.classic.variant import VARIANT as CLASSIC
from engine.variants.duel.bids import parse_bids, resolve_bidding
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
from engine.variants.duel.rules import (
    check_victory,
    fall_income,
    minors_in_play,
    occupation,
    referee_builds,
    stalemate_winner,
)

_SEASONS = {"S": 0, "F": 1, "W": 2}
_TYPES = {"B": 0, "M": 1, "R": 2, "A": 3}
NO_CENTRE_VICTORY = 10**6  # rule 10: "une partie ne finit pas juste parce qu'un pays atteint 18"


def _key(phase: str) -> tuple[int, int, int]:
    phase = phase.strip().upper()
    return int(phase[1:-1]), _SEASONS[phase[0]], _TYPES[phase[-1]]


# -- reading the duel part of a STATE ----------------------------------------------------------
def _duel(state: dict[str, Any]) -> dict[str, Any]:
    duel = state.get("duel")
    if not isinstance(duel, dict) or len(duel.get("players", {})) != 2:
        raise ValueError("not a duel STATE: the 'duel' key with two players is missing")
    return duel


def _countries(duel: dict[str, Any]) -> dict[str, str]:
    return {p: info["country"] for p, info in duel["players"].items()}


def _credits(duel: dict[str, Any]) -> dict[str, int]:
    return {p: int(info["credits"]) for p, info in duel["players"].items()}


def _minors(duel: dict[str, Any]) -> tuple[str, ...]:
    return minors_of(tuple(_countries(duel).values()))


def _units(state: dict[str, Any]) -> list[Unit]:
    return [Unit(str(u["power"]), str(u["type"]), str(u["location"]))
            for u in state.get("units", ())]


def _player(duel: dict[str, Any], player: str) -> str:
    if str(player) not in duel["players"]:
        raise DuelError("not_a_player", {"player": str(player)})
    return str(player)


def _opponent(duel: dict[str, Any], player: str) -> str:
    return next(p for p in duel["players"] if p != player)


def _log(duel: dict[str, Any], entry: dict[str, Any]) -> None:
    duel.setdefault("history", []).append(entry)


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
    players = {str(player_a): {"country": choice.country_a,
                               "credits": STARTING_CREDITS[choice.country_a],
                               "preferences": list(ranked_a)},
               str(player_b): {"country": choice.country_b,
                               "credits": STARTING_CREDITS[choice.country_b],
                               "preferences": list(ranked_b)}}
    minors = minors_of((choice.country_a, choice.country_b))
    opts = {"bids_accumulate": bool((options or {}).get("bids_accumulate", False))}
    duel: dict[str, Any] = {
        "players": players,
        "control": dict.fromkeys(minors),
        "options": opts,
        "accounts": {p: dict.fromkeys(minors, 0) for p in players},
        "occupation": {p: {} for p in players},
        "income_year": None,
        "victory_pending": None,
        "stalemate_claim": None,
        "winner": None,
        "victory": None,
        "history": [{"kind": "countries", "phase": "S1901B", "rank": choice.rank,
                     "drawn": choice.drawn,
                     "lot_winner": {"a": str(player_a), "b": str(player_b)}[choice.lot_winner]
                     if choice.lot_winner else None,
                     "countries": {p: info["country"] for p, info in players.items()}}],
    }
    return {
        "variant": "duel",
        "phase": "S1901B",
        "units": sorted(({"power": u.power, "type": u.type, "location": u.location}
                         for u in game_map.starting_units),
                        key=lambda u: (u["power"], u["location"])),
        "dislodged": [],
        "contested": [],
        "centers": {p: list(home_centers(p)) for p in sorted(COUNTRIES)},
        "duel": duel,
    }


# -- who commands what ---------------------------------------------------------------------------
def commanded_powers(state: dict[str, Any], player: str) -> list[str]:
    """The player's own country, then the minors it controls this year (rule 4)."""
    duel = _duel(state)
    me = _player(duel, player)
    own = duel["players"][me]["country"]
    return [own, *sorted(m for m, p in duel["control"].items() if p == me)]


def controller_of(state: dict[str, Any], power: str) -> str | None:
    """The player who commands ``power`` this year (its own country or a controlled minor)."""
    duel = _duel(state)
    country = parse_country(power)
    for p, info in duel["players"].items():
        if info["country"] == country:
            return str(p)
    return duel["control"].get(country)


def players_to_act(state: dict[str, Any]) -> list[str]:
    """Players with something to send in this phase: both in a bidding season; otherwise
    those commanding a power that has a choice (uncontrolled minors have none, rule 7)."""
    duel = _duel(state)
    if duel.get("winner"):
        return []
    if str(state.get("phase", "")).upper().endswith("B"):
        return sorted(duel["players"])
    uncontrolled = [m for m in _minors(duel) if duel["control"].get(m) is None]
    powers = CLASSIC.powers_to_act(state, {"civil_disorder": uncontrolled})
    return sorted({p for p in (controller_of(state, power) for power in powers) if p})


# -- bidding season (rules 4-7) ------------------------------------------------------------------
def _occupied_counts(state: dict[str, Any], duel: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Rule 6 counts the occupation at the end of the previous Fall, recorded by process();
    a hand-written STATE without that record is read from its units."""
    record = duel.get("occupation")
    if record is None:
        record = occupation(_units(state), _countries(duel), _minors(duel))
    return {p: {m: len(cs) for m, cs in per.items()} for p, per in record.items()}


def check_bids(state: dict[str, Any], player: str, text: str) -> dict[str, Any]:
    """Parse and check a player's bids: ``{"ok", "bids", "error"}`` (error: code, message_en,
    message_fr). Over-budget, own/opponent country, negative or unreadable bids are refused."""
    try:
        duel = _duel(state)
        if not str(state.get("phase", "")).upper().endswith("B"):
            raise DuelError("not_bidding_phase", {"phase": str(state.get("phase"))})
        if duel.get("winner"):
            raise DuelError("game_over")
        me = _player(duel, player)
        own = duel["players"][me]["country"]
        other = duel["players"][_opponent(duel, me)]["country"]
        bids = parse_bids(text, own, other, int(duel["players"][me]["credits"]))
        return {"ok": True, "bids": bids, "error": None}
    except DuelError as err:
        return {"ok": False, "bids": None, "error": err.to_json()}


def resolve_bids(state: dict[str, Any],
                 bids_by_player: dict[str, str | dict[str, int] | None]) -> dict[str, Any]:
    """Reveal the bids of the season (a missing player bid nothing) and open Spring movement:
    ``{"state": NEXT_STATE, "result": {"phase", "minors": [...], "balances", "control"}}``."""
    duel = _duel(state)
    phase = str(state.get("phase", ""))
    if not phase.upper().endswith("B"):
        raise DuelError("not_bidding_phase", {"phase": phase})
    if duel.get("winner"):
        raise DuelError("game_over")
    countries = _countries(duel)
    parsed: dict[str, dict[str, int]] = {}
    for raw_player, bids in (bids_by_player or {}).items():
        me = _player(duel, raw_player)
        if bids is None:
            continue
        if isinstance(bids, str):
            checked = check_bids(state, me, bids)
            if not checked["ok"]:
                err = checked["error"]
                raise DuelError(err["code"], err["params"])
            parsed[me] = checked["bids"]
        else:
            parsed[me] = {parse_country(m): int(v) for m, v in bids.items()}
    accumulate = bool(duel.get("options", {}).get("bids_accumulate", False))
    result = resolve_bidding(parsed, countries, _credits(duel),
                             occupied=_occupied_counts(state, duel),
                             accounts=duel.get("accounts") if accumulate else None)
    new_state = copy.deepcopy(state)
    nduel = new_state["duel"]
    for p, credits in result.balances.items():
        nduel["players"][p]["credits"] = credits
    nduel["control"] = result.control
    if result.accounts is not None:
        nduel["accounts"] = result.accounts
    out = {"phase": phase, **result.to_json()}
    _log(nduel, {"kind": "bidding", **out})
    new_state["phase"] = f"S{_key(phase)[0]}M"
    return {"state": new_state, "result": out}


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

    year = _key(str(result.get("phase", "S1901B")))[0]
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


# -- the turn ------------------------------------------------------------------------------------
def process(request: dict[str, Any]) -> dict[str, Any]:
    """One duel phase (DESIGN.md contract, plus ``request["bids"]`` in a bidding season).

    Movement, retreat and adjustment phases go through the classic engine
    (``engine.variants.classic.game.process``) with the minors nobody controls this year in civil disorder
    (rule 7) and no 18-centre victory (rule 10). Then: the referee's compulsory builds for
    commanded minors after a Winter (rule 8); after a complete Fall the income (rule 5) and
    the occupation record for next year's penalties (rule 6); the victory check (rule 9);
    and a Spring movement that would follow a Winter becomes the bidding season ``S<year>B``.
    """
    state = request["state"]
    duel = _duel(state)
    if duel.get("winner"):
        raise DuelError("game_over")
    phase = str(state.get("phase", "")).upper()
    if phase.endswith("B"):
        if request.get("orders"):
            raise DuelError("bidding_phase", {"phase": phase})
        out = resolve_bids(state, request.get("bids") or {})
        return {"results": [], "state": out["state"], "bidding": out["result"]}
    uncontrolled = [m for m in _minors(duel) if duel["control"].get(m) is None]
    options = dict(request.get("options") or {})
    options["civil_disorder"] = sorted(set(options.get("civil_disorder") or ()) |
                                       set(uncontrolled))
    options["victory_centers"] = NO_CENTRE_VICTORY
    response = CLASSIC.advance({"state": state, "orders": request.get("orders") or [],
                             "options": options})
    new_state = response["state"]
    results = list(response["results"])
    nduel = new_state["duel"] = copy.deepcopy(duel)
    new_state.pop("winner", None)  # the classic 18-centre winner does not apply (rule 10)
    before, after = _key(phase), _key(str(new_state["phase"]))
    year = before[0]
    winter = (year, _SEASONS["W"], _TYPES["A"])
    fall_done = before[1] == _SEASONS["F"] and after > (year, _SEASONS["F"], _TYPES["R"])
    if before <= winter < after:
        results += _compulsory_builds(new_state, nduel, f"W{year}A")
    if fall_done:
        _fall_complete(new_state, nduel, year)
    last = str(results[-1]["phase"]) if results and results[-1].get("phase") else phase
    _check_victory(new_state, nduel, fall_done, last)
    if after[1:] == (_SEASONS["S"], _TYPES["M"]) and after > before and not nduel["winner"]:
        new_state["phase"] = f"S{after[0]}B"
        nduel["control"] = dict.fromkeys(nduel["control"])
        nduel["stalemate_claim"] = None
    return {"results": results, "state": new_state}


def _compulsory_builds(state: dict[str, Any], duel: dict[str, Any],
                       phase: str) -> list[dict[str, Any]]:
    """Rule 8: builds a commanded minor was due and its controller did not order. "Toutes
    les constructions des puissances mineures doivent être effectuées là où elles sont
    possibles": a waived build is made by the referee too."""
    units = _units(state)
    results = []
    built_all: list[dict[str, str]] = []
    for minor, player in sorted(duel["control"].items()):
        if player is None:
            continue  # rule 7: an uncontrolled minor is in civil disorder and builds nothing
        for u in referee_builds(minor, units, state.get("centers", {})):
            units.append(u)
            entry = {"power": u.power, "type": u.type, "location": u.location}
            state["units"].append(entry)
            built_all.append(entry)
            results.append({
                "power": minor, "text": f"{u.type} {u.location} B", "unit": str(u),
                "status": "succeeds", "reason": "referee_build", "message_en": None,
                "message_fr": None, "phase": phase, "normalized": f"{u.type} {u.location} B",
                "order": {"kind": "build", "unit_type": u.type, "location": u.location,
                          "target": None, "aux": None, "via_convoy": False}})
    if built_all:
        state["units"].sort(key=lambda u: (u["power"], u["location"]))
        _log(duel, {"kind": "referee_builds", "phase": phase, "units": built_all})
    return results


def _fall_complete(state: dict[str, Any], duel: dict[str, Any], year: int) -> None:
    """After the Fall retreats the centres are updated: pay the income (rule 5) and record
    the occupation that next year's bids will pay for (rule 6)."""
    if duel.get("income_year") is not None and int(duel["income_year"]) >= year:
        return
    countries = _countries(duel)
    income = {p: fall_income(c, state.get("centers", {})) for p, c in countries.items()}
    for p, n in income.items():
        duel["players"][p]["credits"] = int(duel["players"][p]["credits"]) + n
    duel["income_year"] = year
    duel["occupation"] = occupation(_units(state), countries, _minors(duel))
    _log(duel, {"kind": "income", "phase": f"F{year}", "income": income,
                "balances": _credits(duel), "occupation": duel["occupation"]})


def _check_victory(state: dict[str, Any], duel: dict[str, Any], fall_done: bool,
                   phase: str) -> None:
    """Rule 9 after every phase. Both players occupying at once with equal scores is decided
    by the balances "en comptant les crédits gagnés pendant la saison": in the Fall that
    waits for the Fall's income, paid once its retreats are over. A full tie is checked again
    when the next Fall is complete, and only then."""
    if duel.get("victory_pending") and not fall_done:
        return
    check = check_victory(_units(state), _countries(duel), _credits(duel))
    year, season = _key(phase)[0], phase[0]
    if (check.tie or check.reason == "more_credits") and season == "F" and not fall_done:
        duel["victory_pending"] = f"F{year}"  # this Fall's income is not paid yet
        return
    if check.winner is not None:
        duel["winner"] = check.winner
        duel["victory_pending"] = None
        duel["victory"] = {"kind": "occupation", "phase": phase, **check.to_json()}
        _log(duel, {"kind": "victory", **duel["victory"]})
    elif check.tie:
        duel["victory_pending"] = f"F{year + 1}" if season in ("F", "W") else f"F{year}"
        _log(duel, {"kind": "victory_tie", "phase": phase, "until": duel["victory_pending"],
                    **check.to_json()})
    else:
        duel["victory_pending"] = None


# -- stalemate (rule 10) -------------------------------------------------------------------------
def claim_stalemate(state: dict[str, Any], player: str) -> dict[str, Any]:
    """A player claims a stalemate; allowed once every minor is eliminated (no unit, no
    centre). ``{"ok", "error", "state"}``."""
    try:
        duel = _duel(state)
        if duel.get("winner"):
            raise DuelError("game_over")
        me = _player(duel, player)
        alive = minors_in_play(_units(state), state.get("centers", {}), _minors(duel))
        if alive:
            raise DuelError("minors_not_eliminated",
                            {"countries": join_local([country_name(m) for m in alive])})
        new_state = copy.deepcopy(state)
        new_state["duel"]["stalemate_claim"] = me
        _log(new_state["duel"], {"kind": "stalemate_claim", "phase": state.get("phase"),
                                 "player": me})
        return {"ok": True, "error": None, "state": new_state}
    except DuelError as err:
        return {"ok": False, "error": err.to_json(), "state": state}


def confirm_stalemate(state: dict[str, Any], by: str) -> dict[str, Any]:
    """The other player agrees, or the GM (``by="gm"``) confirms: the player whose country
    holds more centres wins; equal centres -> a draw (``winner`` None, ``victory.draw``)."""
    try:
        duel = _duel(state)
        if duel.get("winner"):
            raise DuelError("game_over")
        claimant = duel.get("stalemate_claim")
        if not claimant:
            raise DuelError("no_stalemate_claim")
        if by != "gm" and _player(duel, by) == claimant:
            raise DuelError("own_stalemate_claim")
        new_state = copy.deepcopy(state)
        nduel = new_state["duel"]
        winner = stalemate_winner(_countries(duel), state.get("centers", {}))
        nduel["winner"] = winner
        nduel["victory"] = {"kind": "stalemate", "phase": state.get("phase"), "winner": winner,
                            "draw": winner is None, "confirmed_by": by,
                            "centres": {p: len(state.get("centers", {}).get(c, ()))
                                        for p, c in _countries(duel).items()}}
        nduel["finished"] = True
        _log(nduel, {"kind": "victory", **nduel["victory"]})
        return {"ok": True, "error": None, "state": new_state}
    except DuelError as err:
        return {"ok": False, "error": err.to_json(), "state": state}


__all__ = [
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
