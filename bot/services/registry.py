"""What a variant's services give the one turn pipeline (``bot.services.turns``), and their
registry.

The pipeline owns the lock (lease + version), the due check, the ``PhaseRecord``, the state,
the deadline and the outbox rows; a variant's ``TurnRules`` owns only its step: which inputs
count, what the engine makes of them, and the variant's own bookkeeping in the same
transaction. Built-in rules are the ``RULES`` value of a ``turn`` module in a sub-package of
``bot.services``; a variant with none is played with written orders like classic Diplomacy."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import Game, Player

Posts = Callable[[int, datetime | None], list[tuple[str, dict[str, Any]]]]


@dataclass(slots=True)
class Record:
    """A phase that happened within one step (resolved at once after the first, e.g. a
    retreat covered by conditional orders): its position before, and its results."""

    phase: str
    state: dict[str, Any]
    results: list[dict[str, Any]] = field(default_factory=list)


@dataclass(slots=True)
class Step:
    """One resolved phase (or stage), as the pipeline records it."""

    phase: str  # what was resolved (the history's label)
    new_state: dict[str, Any]
    orders: list[dict[str, Any]] = field(default_factory=list)  # public inputs, for history
    results: list[dict[str, Any]] = field(default_factory=list)
    # outbox rows, given the record's seq and the next deadline; None: the standard
    # "results" post with the map of the record
    posts: Posts | None = None
    # the next phase's deadline when the variant sets it itself (else: the phase length)
    deadline: datetime | None = None
    own_deadline: bool = False
    new_civil_disorder: tuple[int, ...] = ()
    more: list[Record] = field(default_factory=list)  # later phases, in order
    # the variant's own posts already tell the end of the game (no generic "game_over")
    announces_end: bool = False


class TurnRules(Protocol):
    variant: str

    def choices(self, game: Game, players: Sequence[Player]) -> list[str]:
        """Powers that must act in the current phase (reminders, status, readiness)."""

    async def is_ready(self, session: AsyncSession, game: Game,
                       players: Sequence[Player]) -> bool:
        """Every power that must act said it is done: the phase may resolve early."""

    async def step(self, session: AsyncSession, game: Game, players: Sequence[Player],
                   now: datetime) -> Step:
        """Resolve the current phase inside the pipeline's transaction."""


_RULES: dict[str, TurnRules] = {}
_discovered = False


def register(rules: Any) -> Any:
    _RULES[rules.variant] = rules
    return rules


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    package = importlib.import_module("bot.services")
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        name = f"bot.services.{info.name}.turn"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        rules = getattr(module, "RULES", None)
        if rules is not None and rules.variant not in _RULES:
            register(rules)


def rules_for(variant: str) -> TurnRules:
    """The rules of ``variant``; written orders (classic) for a variant with none."""
    _discover()
    found = _RULES.get(variant)
    if found is not None:
        return found
    return _RULES["classic"].for_variant(variant)  # type: ignore[attr-defined,no-any-return]
