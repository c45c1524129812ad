"""The duel part of a STATE as a value, and its JSON (the ``"duel"`` key; seed 001).

A duel STATE is the classic STATE (units, centres, phase: ``engine.orders.state``)
plus a ``"duel"`` key::

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
     "history": [{"kind": "countries" | "bidding" | "income" | "referee_builds" | ...}, ...],
     "finished": true                                     # only once a stalemate is confirmed
     ... any other key, passed back verbatim}

``accounts`` and ``occupation`` may be missing from a STATE written by hand: absent, they stay
absent (occupation is then read from the units, rule 6; bids do not accumulate).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.variants.duel.countries import minors_of
from engine.variants.duel.errors import DuelError

VARIANT = "duel"
KNOWN_KEYS = ("players", "control", "options", "accounts", "occupation", "income_year",
              "victory_pending", "stalemate_claim", "winner", "victory", "history",
              "finished")
SEASONS = {"S": 0, "F": 1, "W": 2}
TYPES = {"B": 0, "M": 1, "R": 2, "A": 3}

JSON = dict[str, Any]


def phase_key(phase: str) -> tuple[int, int, int]:
    """``S1901B`` -> (1901, Spring, bidding): the order of the duel's year (rule 8)."""
    phase = phase.strip().upper()
    return int(phase[1:-1]), SEASONS[phase[0]], TYPES[phase[-1]]


def is_bidding(phase: Any) -> bool:
    """``S1901B``: a bidding season (rule 8)."""
    return bool(phase) and str(phase).upper().endswith("B")


@dataclass(frozen=True)
class Seat:
    """One of the two players: its own country, its treasury (rule 5), its ranked list."""

    country: str
    credits: int
    preferences: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DuelState:
    players: Mapping[str, Seat]  # in the order of the set-up
    control: Mapping[str, str | None]  # minor -> player commanding it this year (rule 4)
    bids_accumulate: bool = False
    accounts: Mapping[str, Mapping[str, int]] | None = None
    occupation: Mapping[str, Mapping[str, tuple[str, ...]]] | None = None
    income_year: int | None = None
    victory_pending: str | None = None
    stalemate_claim: str | None = None
    winner: str | None = None
    victory: Mapping[str, Any] | None = None
    history: tuple[Mapping[str, Any], ...] = ()
    finished: bool = False
    options_extra: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)

    # -- who is who ----------------------------------------------------------------------
    @property
    def countries(self) -> dict[str, str]:
        """player -> own country."""
        return {p: s.country for p, s in self.players.items()}

    @property
    def credits(self) -> dict[str, int]:
        return {p: s.credits for p, s in self.players.items()}

    @property
    def minors(self) -> tuple[str, ...]:
        return minors_of(s.country for s in self.players.values())

    @property
    def uncontrolled(self) -> list[str]:
        """Minors nobody commands this year: in civil disorder (rule 7)."""
        return [m for m in self.minors if self.control.get(m) is None]

    def player(self, player: str) -> str:
        """``player`` as a key of ``players``; DuelError when not one of the two."""
        if str(player) not in self.players:
            raise DuelError("not_a_player", {"player": str(player)})
        return str(player)

    def opponent(self, player: str) -> str:
        return next(p for p in self.players if p != player)

    def commanded(self, player: str) -> list[str]:
        """The player's own country, then the minors it controls this year (rule 4)."""
        me = self.player(player)
        return [self.players[me].country,
                *sorted(m for m, p in self.control.items() if p == me)]

    def controller_of(self, country: str) -> str | None:
        """The player commanding ``country`` this year (its own, or a controlled minor)."""
        for p, seat in self.players.items():
            if seat.country == country:
                return p
        return self.control.get(country)

    # -- changes -------------------------------------------------------------------------
    def logged(self, entry: Mapping[str, Any], **changes: Any) -> DuelState:
        """This state with ``changes`` and ``entry`` added to the history."""
        return replace(self, history=(*self.history, entry), **changes)

    def with_credits(self, balances: Mapping[str, int]) -> DuelState:
        return replace(self, players={p: replace(s, credits=int(balances.get(p, s.credits)))
                                      for p, s in self.players.items()})


# -- JSON ------------------------------------------------------------------------------------
def _seat_from_json(data: Mapping[str, Any]) -> Seat:
    return Seat(country=str(data["country"]), credits=int(data.get("credits", 0)),
                preferences=tuple(str(c) for c in data.get("preferences", ())),
                extra={k: v for k, v in data.items()
                       if k not in ("country", "credits", "preferences")})


def _seat_to_json(seat: Seat) -> JSON:
    return {"country": seat.country, "credits": seat.credits,
            "preferences": list(seat.preferences), **copy.deepcopy(dict(seat.extra))}


def duel_from_json(state: Mapping[str, Any]) -> DuelState:
    """The ``"duel"`` key of a STATE; ValueError when it is not a duel STATE."""
    duel = state.get("duel")
    if not isinstance(duel, Mapping) or len(duel.get("players", {})) != 2:
        raise ValueError("not a duel STATE: the 'duel' key with two players is missing")
    options = duel.get("options") or {}
    accounts = duel.get("accounts")
    occupation = duel.get("occupation")
    pending, claim, winner = (duel.get(k) for k in ("victory_pending", "stalemate_claim",
                                                     "winner"))
    return DuelState(
        players={str(p): _seat_from_json(s) for p, s in duel["players"].items()},
        control={str(m): None if p is None else str(p)
                 for m, p in (duel.get("control") or {}).items()},
        bids_accumulate=bool(options.get("bids_accumulate", False)),
        accounts=None if accounts is None else {
            str(p): {str(m): int(v) for m, v in per.items()} for p, per in accounts.items()},
        occupation=None if occupation is None else {
            str(p): {str(m): tuple(str(c) for c in cs) for m, cs in per.items()}
            for p, per in occupation.items()},
        income_year=None if duel.get("income_year") is None else int(duel["income_year"]),
        victory_pending=None if not pending else str(pending),
        stalemate_claim=None if not claim else str(claim),
        winner=None if not winner else str(winner),
        victory=duel.get("victory"),
        history=tuple(duel.get("history") or ()),
        finished=bool(duel.get("finished", False)),
        options_extra={k: v for k, v in options.items() if k != "bids_accumulate"},
        extra={k: v for k, v in duel.items() if k not in KNOWN_KEYS})


def duel_to_json(d: DuelState) -> JSON:
    out: JSON = {
        "players": {p: _seat_to_json(s) for p, s in d.players.items()},
        "control": dict(d.control),
        "options": {"bids_accumulate": d.bids_accumulate,
                    **copy.deepcopy(dict(d.options_extra))},
    }
    if d.accounts is not None:
        out["accounts"] = {p: dict(per) for p, per in d.accounts.items()}
    if d.occupation is not None:
        out["occupation"] = {p: {m: list(cs) for m, cs in per.items()}
                             for p, per in d.occupation.items()}
    out.update({
        "income_year": d.income_year, "victory_pending": d.victory_pending,
        "stalemate_claim": d.stalemate_claim, "winner": d.winner,
        "victory": copy.deepcopy(d.victory) if d.victory is not None else None,
        "history": copy.deepcopy([dict(h) for h in d.history])})
    if d.finished:
        out["finished"] = True
    out.update(copy.deepcopy(dict(d.extra)))
    return out


def with_duel(state: Mapping[str, Any], d: DuelState, *, fresh: bool = False) -> JSON:
    """A copy of ``state`` with ``d`` as its ``"duel"`` key (``fresh``: the rest of ``state``
    is the caller's own new value, taken as it is)."""
    duel = duel_to_json(d)
    out = {k: duel if k == "duel" else v if fresh else copy.deepcopy(v)
           for k, v in state.items()}
    out["duel"] = duel
    return out
