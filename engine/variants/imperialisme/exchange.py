"""Exchanges of territories (seed 003 « session d'échange », docs/RULES.md §6).

A proposal between two powers lists what each gives; either side may be empty (gifts, loans).
It takes effect when both accept, and it is final (undoing it needs a new exchange). Each
listed territory must belong to its giver when the exchange is checked and when it is applied,
and no power may give away its last territory: every giver keeps at least one of the
territories it held (seed 003 « Minimum de territoires »; docs/RULES.md §6.10 — read
literally, what it receives in the same exchange does not count).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.influence import holdings
from engine.variants.imperialisme.maps import ImperialMap


@dataclass(frozen=True)
class Proposal:
    first: str
    second: str
    first_gives: tuple[str, ...]
    second_gives: tuple[str, ...]
    accepted: frozenset[str] = frozenset()

    @property
    def parties(self) -> tuple[str, str]:
        return (self.first, self.second)

    def accept(self, power: str) -> Proposal:
        if power not in self.parties:
            raise ImperialError("not_a_party", {"power": power})
        return replace(self, accepted=self.accepted | {power})

    @property
    def agreed(self) -> bool:
        return set(self.parties) <= self.accepted

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second,
                "first_gives": list(self.first_gives), "second_gives": list(self.second_gives),
                "accepted": sorted(self.accepted)}


def make_proposal(game_map: ImperialMap, first: str, second: str, first_gives: Sequence[str],
                  second_gives: Sequence[str], accepted: Sequence[str] = ()) -> Proposal:
    """Normalise names (ids, English or French) into a proposal; no ownership check yet."""
    a = game_map.resolve_power(first)
    b = game_map.resolve_power(second)
    if a == b:
        raise ImperialError("same_power")
    gives_a = tuple(game_map.resolve_territory(t) for t in first_gives)
    gives_b = tuple(game_map.resolve_territory(t) for t in second_gives)
    agreed = frozenset(game_map.resolve_power(p) for p in accepted)
    for p in agreed:
        if p not in (a, b):
            raise ImperialError("not_a_party", {"power": p})
    return Proposal(first=a, second=b, first_gives=gives_a, second_gives=gives_b,
                    accepted=agreed)


def check_proposal(owners: Mapping[str, str], proposal: Proposal) -> None:
    """Refuse a proposal that could not be carried out on these owners."""
    if not proposal.first_gives and not proposal.second_gives:
        raise ImperialError("empty_exchange")
    listed: set[str] = set()
    for giver, gives in ((proposal.first, proposal.first_gives),
                         (proposal.second, proposal.second_gives)):
        for territory in gives:
            if territory in listed:
                raise ImperialError("duplicate_territory", {"territory": territory})
            listed.add(territory)
            if owners.get(territory) != giver:
                raise ImperialError("not_giver_territory",
                                    {"territory": territory, "power": giver})
        if gives and len(gives) >= len(holdings(owners, giver)):
            raise ImperialError("last_territory", {"power": giver})


def apply_exchange(owners: Mapping[str, str], proposal: Proposal) -> dict[str, str]:
    """New owners after an agreed exchange (checked again on the current owners)."""
    for party in proposal.parties:
        if party not in proposal.accepted:
            raise ImperialError("not_accepted", {"missing": party})
    check_proposal(owners, proposal)
    new = dict(owners)
    for territory in proposal.first_gives:
        new[territory] = proposal.second
    for territory in proposal.second_gives:
        new[territory] = proposal.first
    return new
