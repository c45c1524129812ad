"""L'Impérialisme as a ``Variant`` value (seed 003): 14 powers, crises between neighbours,
secret votes weighted by influence, annexations and exchanges on the Europe-1900 map."""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from engine.variants.base import Option, Phrase
from engine.variants.imperialisme import api
from engine.variants.imperialisme.errors import ImperialError

JSON = dict[str, Any]

# its phase ids (``bot.services.imperialisme.common.phase_of``): a crisis and its stage, an
# exchange session, the end
_CRISIS_PHASE = re.compile(r"C(\d+)-(CONFERENCE|VOTE|ANNEXATION|PENDING)")
_EXCHANGE_PHASE = re.compile(r"X(\d+)")
_STEPS = {"CONFERENCE": ("conference", "conférence"), "VOTE": ("vote", "vote"),
          "ANNEXATION": ("annexation", "annexion")}


class ImperialismeVariant:
    name = "imperialisme"
    titles: Mapping[str, str] = {"en": "L'Impérialisme", "fr": "L'Impérialisme"}
    map_name = "imperialisme"
    min_players = 2
    max_players = 14
    errors = ImperialError
    assignment = "picks"  # first come, first served, the rest by lot
    pending_keys: frozenset[str] = frozenset()  # ballots live apart, sealed
    scoring: tuple[str, ...] = ("influence",)  # seed 003 ranks by influence
    measures: tuple[str, ...] = ("influence",)
    options: tuple[Option, ...] = ()
    phase_lengths: tuple[str, ...] = ("M", "R", "A", "*")  # its steps take "*"
    catalogue: str | None = None

    def phase_name(self, phase: str) -> Phrase | None:
        """``C3-VOTE``: "Crisis 3, vote"; ``X2``: the second exchange; ``END``."""
        if crisis := _CRISIS_PHASE.fullmatch(phase):
            return Phrase(f"phase.crisis.{crisis[2].lower()}", {"number": int(crisis[1])})
        if exchange := _EXCHANGE_PHASE.fullmatch(phase):
            return Phrase("phase.exchange", {"number": int(exchange[1])})
        return Phrase("phase.end") if phase == "END" else None

    def phase_title(self, phase: str, locale: str) -> str | None:
        """The map's title, as a classic map says its season: the crisis and its step
        ("Crisis 3 — vote"), before the next crisis, an exchange, the end (the game has no
        years, docs/RULES.md §6)."""
        fr = locale.lower().startswith("fr")
        if crisis := _CRISIS_PHASE.fullmatch(phase.upper()):
            number, stage = int(crisis[1]), crisis[2]
            if stage == "PENDING":
                return f"Avant la crise {number}" if fr else f"Before crisis {number}"
            step = _STEPS[stage][1 if fr else 0]
            return f"{'Crise' if fr else 'Crisis'} {number} — {step}"
        if exchange := _EXCHANGE_PHASE.fullmatch(phase.upper()):
            return (f"Session d'échanges, échange {exchange[1]}" if fr
                    else f"Exchange session, exchange {exchange[1]}")
        if phase.upper() == "END":
            return "Fin de la partie" if fr else "End of the game"
        return None

    def run(self, request: Any) -> Any:
        """Its own operations (crises, votes…): ``{"op": name, "state": STATE, ...}``."""
        if not isinstance(request, Mapping):
            raise ValueError("a request is a JSON object")
        return api.run(request)

    def new_state(self, setup: Mapping[str, Any] | None = None) -> JSON:
        return api.new_state(self.map_name)

    def powers_to_act(self, state: Mapping[str, Any],
                      options: Mapping[str, Any] | None = None) -> list[str]:
        """The voters while a vote is open; the winner while it chooses its annexation."""
        crisis = state.get("crisis") or {}
        if crisis.get("stage") == "vote":
            return sorted(crisis.get("weights") or {})
        if crisis.get("stage") == "annexation":
            winner = (crisis.get("outcome") or {}).get("winner")
            return [winner] if winner else []
        return []

    def advance(self, request: Mapping[str, Any]) -> JSON:
        """The next step of the crisis cycle from ``request["state"]`` and its inputs:
        no crisis -> the oldest declared crisis, else a random one drawn with
        ``request["seed"]``; conference -> the vote opens; vote -> the tally of
        ``request["ballots"]`` (only the outcome is returned); annexation -> the winner's
        ``request["choice"]``, or the referee's default when it is None."""
        state = request["state"]
        crisis = state.get("crisis")
        if crisis is None:
            if state.get("queue"):
                step = api.start_declared(state)
                if step.get("crisis") is not None or not request.get("seed"):
                    return {"results": [], "step": "declared", **step}
            return {"results": [], "step": "draw",
                    **api.draw_crisis(step["state"] if state.get("queue") else state,
                                      str(request.get("seed") or ""))}
        stage = crisis.get("stage")
        if stage == "conference":
            return {"results": [], "step": "vote", **api.open_vote(state)}
        if stage == "vote":
            return {"results": [], "step": "tally",
                    **api.tally(state, request.get("ballots") or {})}
        outcome = crisis.get("outcome") or {}
        return {"results": [], "step": "annexation",
                **api.annex(state, outcome["winner"], outcome["loser"], request.get("choice"))}

    def survivors(self, state: Mapping[str, Any]) -> list[str]:
        """A power holding a territory: every one, since none can lose its last (seed 003,
        "Minimum de territoires")."""
        return sorted({str(p) for p in (state.get("owners") or {}).values() if p})

    def measure(self, state: Mapping[str, Any],
                name: str) -> tuple[str, dict[str, float]] | None:
        """Each power's influence after each crisis (labelled by the crises played)."""
        if name != "influence":
            return None
        table = api.influence_table(dict(state))
        return str(state.get("round", 0)), {p: float(Fraction(str(v["influence"])))
                                            for p, v in table.items()}

    def legend(self, state: Mapping[str, Any], locale: str = "en") -> JSON | None:
        """Each power's influence (docs/RULES.md §6.12: the map shows it with owners and stars)."""
        table = api.influence_table({"variant": self.name, "owners": state.get("owners") or {}})
        return {"title": "Influence", "rows": {p: str(v["influence"]) for p, v in table.items()}}

    def end_of_game(self, state: Mapping[str, Any],
                    options: Mapping[str, Any] | None = None) -> JSON | None:
        """Seed 003: over when three powers hold one territory; ranked by influence."""
        if not api.end_check(state)["ended"]:
            return None
        ranking = api.ranking(state)
        return {"winner": ranking[0]["power"], "ranking": ranking}


    def scores(self, state: Mapping[str, Any], result: Mapping[str, Any],
               system: str) -> dict[str, float]:
        """Each power's share of the influence at the end (seed 003 ranks by influence)."""
        shares = {r["power"]: Fraction(str(r["influence"])) for r in api.ranking(state)}
        total = sum(shares.values()) or Fraction(1)
        return {p: round(float(100 * v / total), 4) for p, v in shares.items()}


VARIANT = ImperialismeVariant()
