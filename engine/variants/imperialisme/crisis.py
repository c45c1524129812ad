"""Crises: random or declared, their queue, the conference, the vote (seed 003, docs/RULES.md §6).

A crisis goes through three stages: the public *conference*, the secret *vote* (weights frozen
when it opens), then — if a side won territories that can change hands — the *annexation*.
Declared crises wait in a queue in announcement order (« résolues dans l'ordre de leur
annonce »); a declaration needs the two powers to be neighbours when it is made and again when
its turn comes (« à condition que les conditions d'une crise aléatoire soient remplies »),
otherwise it lapses. A declaration can be withdrawn only with the target's consent; this covers
a declared crisis whose conference is running, but not once its vote is open.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.influence import are_neighbours, bordering, influence_table
from engine.variants.imperialisme.maps import ImperialMap
from engine.variants.imperialisme.votes import Outcome, tally


class Stage(StrEnum):
    CONFERENCE = "conference"
    VOTE = "vote"
    ANNEXATION = "annexation"


class CrisisKind(StrEnum):
    RANDOM = "random"
    DECLARED = "declared"


@dataclass(frozen=True)
class Declaration:
    attacker: str
    target: str
    seq: int  # announcement order


@dataclass(frozen=True)
class Crisis:
    number: int
    kind: CrisisKind
    sides: tuple[str, str]
    stage: Stage
    # side -> the other side's territories it touched when the crisis broke out: what that
    # side may annex if it wins (seed 003 « avant la crise »)
    eligible: Mapping[str, tuple[str, ...]]
    commit: str | None = None  # random crises: published before the draw
    seed: str | None = None  # published after it
    weights: Mapping[str, Fraction] | None = None  # voter -> influence when the vote opened
    outcome: Outcome | None = None

    @property
    def voters(self) -> tuple[str, ...]:
        return tuple(sorted(self.weights)) if self.weights is not None else ()


def start_crisis(game_map: ImperialMap, owners: Mapping[str, str], number: int,
                 kind: CrisisKind, sides: tuple[str, str], *, commit: str | None = None,
                 seed: str | None = None) -> Crisis:
    first, second = sides
    if first == second:
        raise ImperialError("same_power")
    if not are_neighbours(game_map, owners, first, second):
        raise ImperialError("not_neighbours", {"first": first, "second": second})
    eligible = {first: bordering(game_map, owners, second, first),
                second: bordering(game_map, owners, first, second)}
    return Crisis(number=number, kind=kind, sides=(first, second), stage=Stage.CONFERENCE,
                  eligible=eligible, commit=commit, seed=seed)


def declare(queue: tuple[Declaration, ...], game_map: ImperialMap, owners: Mapping[str, str],
            attacker: str, target: str, seq: int) -> tuple[Declaration, ...]:
    """Queue a public declaration of war (seed 003 « Crises non aléatoires »)."""
    if attacker == target:
        raise ImperialError("same_power")
    if any(d.attacker == attacker and d.target == target for d in queue):
        raise ImperialError("already_declared", {"attacker": attacker, "target": target})
    if not are_neighbours(game_map, owners, attacker, target):
        raise ImperialError("not_neighbours", {"first": attacker, "second": target})
    return (*queue, Declaration(attacker=attacker, target=target, seq=seq))


def withdraw(queue: tuple[Declaration, ...], attacker: str, target: str, *,
             target_consents: bool) -> tuple[Declaration, ...]:
    """Remove a waiting declaration; only with the target's public consent (seed 003)."""
    if not any(d.attacker == attacker and d.target == target for d in queue):
        raise ImperialError("no_declaration", {"attacker": attacker, "target": target})
    if not target_consents:
        raise ImperialError("withdraw_needs_consent", {"attacker": attacker, "target": target})
    return tuple(d for d in queue if not (d.attacker == attacker and d.target == target))


def next_declared(queue: tuple[Declaration, ...], game_map: ImperialMap,
                  owners: Mapping[str, str]
                  ) -> tuple[Declaration | None, tuple[Declaration, ...], tuple[Declaration, ...]]:
    """(the next declaration still valid, the ones that lapsed before it, the rest)."""
    lapsed: list[Declaration] = []
    for i, d in enumerate(queue):
        if are_neighbours(game_map, owners, d.attacker, d.target):
            return d, tuple(lapsed), queue[i + 1:]
        lapsed.append(d)
    return None, tuple(lapsed), ()


def open_vote(crisis: Crisis, game_map: ImperialMap, owners: Mapping[str, str]) -> Crisis:
    """Close the conference; freeze every non-belligerent power's weight (docs/RULES.md §6)."""
    if crisis.stage is not Stage.CONFERENCE:
        raise ImperialError("wrong_stage", {"stage": crisis.stage.value})
    table = influence_table(game_map, owners)
    weights = {p: inf.capped for p, inf in table.items() if p not in crisis.sides}
    return replace(crisis, stage=Stage.VOTE, weights=weights)


def close_vote(crisis: Crisis, votes: Mapping[str, str | None]) -> tuple[Crisis, Outcome]:
    """Tally; the returned crisis keeps the public outcome and forgets the weights."""
    if crisis.stage is not Stage.VOTE or crisis.weights is None:
        raise ImperialError("wrong_stage", {"stage": crisis.stage.value})
    outcome = tally(crisis.sides, crisis.weights, votes)
    return replace(crisis, stage=Stage.ANNEXATION, weights=None, outcome=outcome), outcome
