"""Replaying an exported game (``/game export``): every recorded phase is adjudicated again from
its position and its orders, and must lead to the position recorded next. Pure; the CLI is
``python -m engine replay FILE``.

EXPORT = {"format": "diplomacy-referee/1", "variant": ..., "phases": [
             {"phase": "S1901M", "state": STATE, "orders": [{"power", "text"}],
              "options": {...}, "results": [...]}, ...],
          "final_state": STATE, ...}
Phases resolved at once after another (a retreat covered by conditional orders) have records of
their own but no orders: they are reached by the adjudication of the phase before them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine import api, variants

FORMAT = "diplomacy-referee/1"


class ReplayError(ValueError):
    """The export does not replay: ``phase`` names the first record that differs, ``field``
    what differs there: "phase", "units", "centres", "position", "results" (the outcome of
    each order) or "result" (how the game ended)."""

    def __init__(self, phase: str, problem: str, field: str = "position") -> None:
        super().__init__(f"{phase}: {problem}")
        self.phase = phase
        self.field = field


def _norm(s: Mapping[str, Any]) -> dict[str, Any]:
    """A position compared as sets: the order of units and centres does not matter; what was
    sent ahead for a later phase is left out (an unfinished game's export hides it)."""
    out = variants.public(dict(s))
    for key in ("units", "dislodged"):
        out[key] = sorted((sorted(u.items()) for u in s.get(key) or []), key=repr)
    out["centers"] = {p: sorted(c) for p, c in (s.get("centers") or {}).items() if c}
    out["contested"] = sorted(s.get("contested") or [])
    return out


def _differs(a: Mapping[str, Any], b: Mapping[str, Any]) -> str | None:
    """What differs between two positions: None, "phase", "units", "centres" or "position"."""
    x, y = _norm(a), _norm(b)
    if x == y:
        return None
    if x.get("phase") != y.get("phase"):
        return "phase"
    if (x["units"], x["dislodged"]) != (y["units"], y["dislodged"]):
        return "units"
    if x["centers"] != y["centers"]:
        return "centres"
    return "position"


def _canon(results: Any) -> list[str]:
    return sorted(json.dumps(r, sort_keys=True, ensure_ascii=False) for r in results or [])


def _check_results(phase: str, declared: Any, replayed: list[Any]) -> None:
    """Each order's outcome is the engine's: a result changed, dropped or added (a support
    line nobody ordered) is a forgery."""
    if _canon(declared) != _canon(replayed):
        raise ReplayError(phase, "the results recorded are not the ones its orders give",
                          "results")


def game_result(export: Mapping[str, Any]) -> dict[str, Any] | None:
    """How the game ended, as the rules say from the final position: the variant's own end
    (a solo, the agreed last year, a duel's stalemate) is the engine's, whatever the file
    declares; otherwise a draw shares the game between every power still in it that has had
    a player (Draws Include All Survivors, docs/RULES.md §3.8) or the game master ended it. Raises
    ``ReplayError`` (field "result") when the declared result is anything else."""
    final = export.get("final_state")
    if not isinstance(final, Mapping):
        raise ReplayError("-", "no final position", "position")
    variant = variants.of_state(dict(final))
    options = export.get("options") if isinstance(export.get("options"), Mapping) else {}
    declared = export.get("result")
    if declared is not None and not isinstance(declared, Mapping):
        raise ReplayError(str(final.get("phase")), "the result is not an object", "result")
    claimed = {k: v for k, v in (declared or {}).items() if k != "imported"}
    engine = variant.end_of_game(final, options)
    if engine is not None:
        if json.loads(json.dumps(engine)) != claimed:
            raise ReplayError(str(final.get("phase")), "the result is not the rules' one",
                              "result")
        return dict(engine)
    if not claimed:
        return None
    if set(claimed) <= {"ended_by"} and claimed.get("ended_by") == "gm":
        return claimed
    draw = claimed.get("draw")
    sharing = sorted(variants.sharing_a_draw(dict(final), dict(options or {})))
    if isinstance(draw, list) and sorted(map(str, draw)) == sharing \
            and "winner" not in claimed and set(claimed) <= {"draw", "reason"}:
        return claimed
    raise ReplayError(str(final.get("phase")), "the result is not the rules' one", "result")


def _check_opening(export: Mapping[str, Any], first: Mapping[str, Any]) -> None:
    """A game starts from its variant's opening: where the opening is the same for every game
    (classic Diplomacy's), the first record must be it, else the whole game could be forged
    from a made-up position. An opening dealt from the players' choices (a duel's) is not
    checked here."""
    try:
        opening = api.new_game_state(str(export.get("variant")))
    except Exception:  # the opening needs a setup: dealt, not fixed
        return
    if not opening.get("phase"):
        return
    if first.get("phase") != opening["phase"]:
        raise ReplayError(str(first.get("phase")), "the game does not start at its opening",
                          "phase")
    what = _differs(first["state"], opening)
    if what is not None:
        raise ReplayError(str(first.get("phase")), "not the variant's opening position", what)


def replay(export: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Replay ``export``; returns one line per adjudication ({"phase", "next_phase", "ok"}).
    Nothing but the orders is trusted: each phase's results, every record of a phase played
    at once after it, the next position and the game's result must be the engine's. Raises
    ``ReplayError`` at the first phase that differs, naming what differs."""
    if export.get("format") != FORMAT:
        raise ReplayError("-", f"not an export of this referee (format {export.get('format')!r})")
    phases = list(export.get("phases") or [])
    if phases:
        _check_opening(export, phases[0])
    report = []
    i = 0
    while i < len(phases):
        record = phases[i]
        phase = str(record["phase"])
        if record["state"].get("phase") != phase:
            raise ReplayError(phase, "the record's position is of another phase", "phase")
        request: dict[str, Any] = {"state": record["state"], "orders": [], "trace": True,
                                   "options": record.get("options") or {}}
        bidding = variants.bidding_of(record["state"])
        if bidding is not None:  # a season of sealed bids: the bids revealed
            request["bids"] = bidding.bids_of(record["state"], {
                o["power"]: o.get("bids") or {} for o in record.get("orders") or []})
        else:
            request["orders"] = [{"power": o["power"], "text": o["text"]}
                                 for o in record.get("orders") or []]
        out = api.adjudicate(request)
        reached = out["state"]
        results = list(out.get("results") or [])
        # the phases played at once after this one (a retreat covered by conditional orders)
        # have records of their own, as the turn pipeline writes them
        chain = [p for p in out.get("phases") or [] if p["phase"] != phase]
        later = {p["phase"] for p in chain}
        _check_results(phase, record.get("results"),
                       [r for r in results if r.get("phase") not in later])
        j = i + 1
        for step in chain:
            if j >= len(phases) or phases[j].get("phase") != step["phase"]:
                raise ReplayError(phase, f"the record of {step['phase']} is missing", "phase")
            what = _differs(step["state"], phases[j]["state"])
            if what is not None:
                raise ReplayError(str(step["phase"]), "not the position its phase reached",
                                  what)
            _check_results(str(step["phase"]), phases[j].get("results"),
                           [r for r in results if r.get("phase") == step["phase"]])
            j += 1
        if j < len(phases):
            expected = phases[j]["state"]
            if phases[j].get("phase") != reached.get("phase"):
                raise ReplayError(phase, f"leads to {reached.get('phase')}, not to the "
                                  f"recorded {phases[j].get('phase')}", "phase")
        else:
            expected = export.get("final_state")
        what = "position" if not isinstance(expected, Mapping) else _differs(reached, expected)
        if what is not None:
            raise ReplayError(phase, f"leads to {reached.get('phase')}, not to the "
                              "recorded position", what)
        report.append({"phase": phase, "next_phase": reached.get("phase"), "ok": True})
        i = j
    game_result(export)
    return report
