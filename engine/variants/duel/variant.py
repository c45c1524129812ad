"""Duel-Diplomatie as a ``Variant`` value (seed 001): the classic board for two players, with
a sealed bidding season ``S<year>B`` each year for the five minor powers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.variants.base import Option
from engine.variants.classic.variant import ClassicVariant
from engine.variants.duel import api
from engine.variants.duel.bot import duel_bids
from engine.variants.duel.countries import country_name
from engine.variants.duel.errors import DuelError
from engine.variants.duel.season import check_bids
from engine.variants.duel.state import duel_from_json, is_bidding

JSON = dict[str, Any]


class DuelVariant(ClassicVariant):
    """Written orders as in classic Diplomacy; the year, the set-up and the end are the
    duel's."""

    name = "duel"
    titles: Mapping[str, str] = {"en": "Duel-Diplomatie", "fr": "Duel-Diplomatie"}
    map_name = "classic"
    min_players = 2
    max_players = 2
    errors = DuelError  # type: ignore[assignment]
    assignment = "preferences"  # countries from the two ranked lists (rule 3)
    measures: tuple[str, ...] = ("centres", "credits")
    options: tuple[Option, ...] = (Option(
        "bids_accumulate", bool, False,
        label={"en": "Unspent bids carried over to the next year",
               "fr": "Report des enchères non dépensées à l'année suivante"},
        help={"en": "What a country does not spend at a year's bidding is kept for the next",
              "fr": "Ce qu'un pays ne dépense pas aux enchères d'une année lui reste pour "
                    "la suivante"}),)
    phase_lengths: tuple[str, ...] = ("M", "R", "A", "*")  # "*": the bidding season
    phase_kinds = "MRAB"  # B: the bidding season of a year (rule 5)

    def measure(self, state: Mapping[str, Any],
                name: str) -> tuple[str, dict[str, float]] | None:
        """Centres as in classic; ``credits``: each country's treasury when a year's bidding
        opens (rule 5: what its bids start from)."""
        if name != "credits":
            return super().measure(state, name)
        phase = str(state.get("phase") or "")
        if not state.get("duel") or not is_bidding(phase) or not phase[1:5].isdigit():
            return None
        duel = duel_from_json(state)
        return phase[1:5], {seat.country: float(seat.credits) for seat in duel.players.values()}

    def seats(self, players: int) -> list[list[str]]:
        raise ValueError("a duel deals its countries from the players' lists (rule 3)")

    def new_state(self, setup: Mapping[str, Any] | None = None) -> JSON:
        """``setup``: ``players`` [(id, ranked countries)] ×2, ``seed``, ``options``
        (rule 3: countries from the two lists, lots when they are identical)."""
        s = dict(setup or {})
        (a, prefs_a), (b, prefs_b) = s["players"]
        return api.new_duel_state(a, prefs_a, b, prefs_b, s.get("seed"), s.get("options"))

    def powers_to_act(self, state: Mapping[str, Any],
                      options: Mapping[str, Any] | None = None) -> list[str]:
        """The powers of the players who must send something: both countries in a bidding
        season, else every commanded power with a choice (uncontrolled minors have none)."""
        st = dict(state)
        duel = duel_from_json(st)
        if is_bidding(st.get("phase")):
            return sorted(duel.players[p].country for p in api.players_to_act(st))
        held = set((options or {}).get("civil_disorder") or ()) | set(duel.uncontrolled)
        return super().powers_to_act(st, {**dict(options or {}),
                                          "civil_disorder": sorted(held)})

    def advance(self, request: Mapping[str, Any]) -> JSON:
        return api.process(dict(request))

    def is_bidding(self, state: Mapping[str, Any]) -> bool:
        """A bidding season (rule 8): its inputs are bids, not orders."""
        return is_bidding(state.get("phase"))

    def bids_in(self, phase: str) -> bool:
        return is_bidding(phase)

    def check_bids(self, state: JSON, power: str, text: str) -> JSON:
        """The bids of the player of country ``power`` against their treasury (rule 5)."""
        players = {info["country"]: pid for pid, info in state["duel"]["players"].items()}
        return check_bids(state, players[power], text)

    def bids_of(self, state: Mapping[str, Any], by_power: Mapping[str, Any]) -> JSON:
        """``request["bids"]``: each player's bids, from their country's."""
        players = {info["country"]: pid for pid, info in state["duel"]["players"].items()}
        return {players[c]: bids for c, bids in by_power.items() if c in players}

    def describe_bidding(self, state: Mapping[str, Any], bidding: JSON, locale: str,
                         name: Any) -> str:
        """The public reveal (rules 4-7), each player named by their country's name."""
        names = {str(pid): name(info["country"])
                 for pid, info in state["duel"]["players"].items()}
        return api.format_bidding(bidding, locale, names)

    def bot_bids(self, state: Mapping[str, Any], power: str, rng: Any) -> dict[str, int]:
        """The bot's bids for country ``power`` (``bot.duel_bids``: a rule of its own)."""
        return duel_bids(state, power, self.game_map(), rng)

    def allies(self, state: Mapping[str, Any], power: str) -> list[str]:
        """The other powers the same player commands: the minors they won this year."""
        if not isinstance(state.get("duel"), Mapping):
            return []
        duel = duel_from_json(state)
        player = duel.controller_of(power)
        return [] if player is None else [p for p in duel.commanded(player) if p != power]

    def legend(self, state: Mapping[str, Any], locale: str = "en") -> JSON | None:
        """Under each minor who commands it this year (or that it is up for bids / in civil
        disorder, rule 7), under each player's country its treasury (rule 5)."""
        if not isinstance(state.get("duel"), Mapping):
            return None
        duel = duel_from_json(state)
        fr = locale.startswith("fr")
        bidding = is_bidding(state.get("phase"))
        countries = duel.countries
        rows: dict[str, str] = {}
        for seat in duel.players.values():
            rows[seat.country] = (f"{seat.credits} crédits" if fr
                                  else f"{seat.credits} credits")
        for minor, player in duel.control.items():
            if bidding:
                rows[minor] = "aux enchères" if fr else "up for bids"
            elif player is None:
                rows[minor] = "désordre civil" if fr else "civil disorder"
            else:
                rows[minor] = "→ " + country_name(countries[player]).pick(locale)
        return {"title": "Duel", "rows": rows}

    def end_of_game(self, state: Mapping[str, Any],
                    options: Mapping[str, Any] | None = None) -> JSON | None:
        """Once the duel is won (rule 9 after any phase, or a confirmed stalemate, rule 10):
        ``{"winner": country, "winner_user_id", "reason", "victory"}``, or ``{"draw": [both
        countries], ...}`` for a stalemate with equal centres. No 18 centres, no end year."""
        if not state.get("duel"):
            return None
        duel = duel_from_json(state)
        victory = dict(duel.victory) if duel.victory is not None else None
        winner = duel.winner
        if not winner and not (victory and victory.get("draw")):
            return None
        countries = duel.countries
        kind = (victory or {}).get("kind", "occupation")
        if winner:
            return {"winner": countries[str(winner)], "winner_user_id": int(winner),
                    "reason": kind, "victory": victory}
        return {"draw": sorted(countries.values()), "reason": kind, "victory": victory}

    def scored_powers(self, state: Mapping[str, Any]) -> list[str]:
        """The two countries (seed 001: the minors belong to nobody at the end)."""
        if not state.get("duel"):
            return []
        return sorted(duel_from_json(state).countries.values())


VARIANT = DuelVariant()
