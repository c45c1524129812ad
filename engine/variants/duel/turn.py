"""One duel phase (docs/RULES.md §5.8; docs/RULES.md §5): the bidding season, or a
movement, retreat or adjustment phase through the classic engine, then the duel's own
bookkeeping on its typed state (``DuelState``): the referee's builds, the Fall's income and
occupation, the victory check, and the next year's bidding season."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.variants.classic.variant import VARIANT as CLASSIC
from engine.variants.duel.errors import DuelError
from engine.variants.duel.rules import check_victory, fall_income, occupation, referee_builds
from engine.variants.duel.season import resolve_bids, units_of
from engine.variants.duel.state import (
    SEASONS,
    TYPES,
    DuelState,
    duel_from_json,
    is_bidding,
    phase_key,
    with_duel,
)

NO_CENTRE_VICTORY = 10**6  # rule 10: "une partie ne finit pas juste parce qu'un pays atteint 18"


def process(request: dict[str, Any]) -> dict[str, Any]:
    """One duel phase (docs/ENGINE.md, plus ``request["bids"]`` in a bidding season).

    Movement, retreat and adjustment phases go through the classic engine with the minors
    nobody controls this year in civil disorder (rule 7) and no 18-centre victory (rule 10).
    Then: the referee's compulsory builds for commanded minors after a Winter (rule 8); after
    a complete Fall the income (rule 5) and the occupation record for next year's penalties
    (rule 6); the victory check (rule 9); and a Spring movement that would follow a Winter
    becomes the bidding season ``S<year>B``.
    """
    state = request["state"]
    duel = duel_from_json(state)
    if duel.winner:
        raise DuelError("game_over")
    phase = str(state.get("phase", "")).upper()
    if is_bidding(phase):
        if request.get("orders"):
            raise DuelError("bidding_phase", {"phase": phase})
        out = resolve_bids(state, request.get("bids") or {})
        return {"results": [], "state": out["state"], "bidding": out["result"]}
    options = dict(request.get("options") or {})
    options["civil_disorder"] = sorted(set(options.get("civil_disorder") or ()) |
                                       set(duel.uncontrolled))
    options["victory_centers"] = NO_CENTRE_VICTORY
    response = CLASSIC.advance({"state": state, "orders": request.get("orders") or [],
                                "options": options})
    new_state = response["state"]
    results = list(response["results"])
    new_state.pop("winner", None)  # the classic 18-centre winner does not apply (rule 10)
    before, after = phase_key(phase), phase_key(str(new_state["phase"]))
    year = before[0]
    winter = (year, SEASONS["W"], TYPES["A"])
    fall_done = before[1] == SEASONS["F"] and after > (year, SEASONS["F"], TYPES["R"])
    if before <= winter < after:
        duel, built = _compulsory_builds(new_state, duel, f"W{year}A")
        results += built
    if fall_done:
        duel = _fall_complete(new_state, duel, year)
    last = str(results[-1]["phase"]) if results and results[-1].get("phase") else phase
    duel = _check_victory(new_state, duel, fall_done, last)
    if after[1:] == (SEASONS["S"], TYPES["M"]) and after > before and not duel.winner:
        new_state["phase"] = f"S{after[0]}B"
        duel = replace(duel, control=dict.fromkeys(duel.control), stalemate_claim=None)
    return {"results": results, "state": with_duel(new_state, duel, fresh=True)}


def _compulsory_builds(state: dict[str, Any], duel: DuelState,
                       phase: str) -> tuple[DuelState, list[dict[str, Any]]]:
    """Rule 8: builds a commanded minor was due and its controller did not order. "Toutes
    les constructions des puissances mineures doivent être effectuées là où elles sont
    possibles": a waived build is made by the referee too. Adds them to ``state["units"]``."""
    units = units_of(state)
    results = []
    built_all: list[dict[str, str]] = []
    for minor, player in sorted(duel.control.items()):
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
        duel = duel.logged({"kind": "referee_builds", "phase": phase,
                            "units": [dict(u) for u in built_all]})
    return duel, results


def _fall_complete(state: dict[str, Any], duel: DuelState, year: int) -> DuelState:
    """After the Fall retreats the centres are updated: pay the income (rule 5) and record
    the occupation that next year's bids will pay for (rule 6)."""
    if duel.income_year is not None and duel.income_year >= year:
        return duel
    income = {p: fall_income(c, state.get("centers", {})) for p, c in duel.countries.items()}
    duel = duel.with_credits({p: duel.players[p].credits + n for p, n in income.items()})
    held = occupation(units_of(state), duel.countries, duel.minors)
    return duel.logged({"kind": "income", "phase": f"F{year}", "income": income,
                        "balances": duel.credits, "occupation": held},
                       income_year=year,
                       occupation={p: {m: tuple(cs) for m, cs in per.items()}
                                   for p, per in held.items()})


def _check_victory(state: dict[str, Any], duel: DuelState, fall_done: bool,
                   phase: str) -> DuelState:
    """Rule 9 after every phase. Both players occupying at once with equal scores is decided
    by the balances "en comptant les crédits gagnés pendant la saison": in the Fall that
    waits for the Fall's income, paid once its retreats are over. A full tie is checked again
    when the next Fall is complete, and only then."""
    if duel.victory_pending and not fall_done:
        return duel
    check = check_victory(units_of(state), duel.countries, duel.credits)
    year, season = phase_key(phase)[0], phase[0]
    if (check.tie or check.reason == "more_credits") and season == "F" and not fall_done:
        return replace(duel, victory_pending=f"F{year}")  # this Fall's income is not paid yet
    if check.winner is not None:
        victory = {"kind": "occupation", "phase": phase, **check.to_json()}
        return duel.logged({"kind": "victory", **victory}, winner=check.winner,
                           victory_pending=None, victory=victory)
    if check.tie:
        until = f"F{year + 1}" if season in ("F", "W") else f"F{year}"
        return duel.logged({"kind": "victory_tie", "phase": phase, "until": until,
                            **check.to_json()}, victory_pending=until)
    return replace(duel, victory_pending=None)
