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

from collections.abc import Mapping
from typing import Any

from engine import api, variants

FORMAT = "diplomacy-referee/1"


class ReplayError(ValueError):
    """The export does not replay: ``phase`` names the first record that differs."""

    def __init__(self, phase: str, problem: str) -> None:
        super().__init__(f"{phase}: {problem}")
        self.phase = phase


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Positions compared as sets: the order of units and centres does not matter; what was
    sent ahead for a later phase is left out (an unfinished game's export hides it)."""
    def norm(s: Mapping[str, Any]) -> dict[str, Any]:
        out = variants.public(dict(s))
        for key in ("units", "dislodged"):
            out[key] = sorted((sorted(u.items()) for u in s.get(key) or []), key=repr)
        out["centers"] = {p: sorted(c) for p, c in (s.get("centers") or {}).items() if c}
        out["contested"] = sorted(s.get("contested") or [])
        return out
    return norm(a) == norm(b)


def replay(export: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Replay ``export``; returns one line per adjudication ({"phase", "next_phase", "ok"}).
    Raises ``ReplayError`` at the first phase that does not lead where the record says."""
    if export.get("format") != FORMAT:
        raise ReplayError("-", f"not an export of this referee (format {export.get('format')!r})")
    phases = list(export.get("phases") or [])
    report = []
    i = 0
    while i < len(phases):
        record = phases[i]
        request: dict[str, Any] = {"state": record["state"], "orders": [],
                                   "options": record.get("options") or {}}
        if str(record["phase"]).endswith("B"):  # a duel's bidding season: the bids revealed
            players = record["state"]["duel"]["players"]
            pid = {info["country"]: p for p, info in players.items()}
            request["bids"] = {pid[o["power"]]: o.get("bids") or {}
                               for o in record.get("orders") or [] if o["power"] in pid}
        else:
            request["orders"] = [{"power": o["power"], "text": o["text"]}
                                 for o in record.get("orders") or []]
        out = api.adjudicate(request)
        reached = out["state"]
        following = next((j for j in range(i + 1, len(phases))
                          if phases[j]["phase"] == reached.get("phase")), None)
        expected = phases[following]["state"] if following is not None \
            else export.get("final_state")
        if expected is None or not _same(reached, expected):
            raise ReplayError(record["phase"], f"leads to {reached.get('phase')}, not to the "
                              "recorded position")
        report.append({"phase": record["phase"], "next_phase": reached.get("phase"),
                       "ok": True})
        i = following if following is not None else len(phases)
    return report
