"""What a variant's services give the one turn pipeline (``bot.services.turns``), and their
registry.

The pipeline owns the lock (lease + version), the due check, the ``PhaseRecord``, the state,
the deadline and the outbox rows; a variant's ``TurnRules`` owns only its step: which inputs
count, what the engine makes of them, and the variant's own bookkeeping in the same
transaction. Built-in rules are the ``RULES`` value of a ``turn`` module in a sub-package of
``bot.services``; a variant with none is played with written orders like classic Diplomacy
(``bot.services.written_orders``, found by name as the variants' modules are)."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

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
    orders: list[dict[str, Any]] = field(default_factory=list)  # the bot's, when it played


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


@runtime_checkable
class OwnDeadlines(Protocol):
    """A variant whose steps keep their deadlines in its own rows (L'Impérialisme's crisis
    stages), which ``Game.deadline`` is recomputed from: the game master's tools
    (``bot.services.gm``) move them through this. Built-in: the ``DEADLINES`` value of a
    ``deadlines`` module beside the variant's ``turn``."""

    variant: str

    async def move_to(self, session: AsyncSession, game: Game, deadline: datetime,
                      now: datetime) -> datetime | None:
        """Extend or resume: the step in progress ends at ``deadline``; returns the game's
        deadline (None: nothing of the variant's is pending)."""

    async def restart(self, session: AsyncSession, game: Game,
                      now: datetime) -> datetime | None:
        """Rollback: the restored state's step starts again, with its full length; returns
        the game's deadline."""


@runtime_checkable
class SealedBids(Protocol):
    """A variant whose phases of sealed bids (``engine.variants.bids_in``) take bids through
    its own services: what another adapter (the web board) asks of it. Built-in: the
    ``BIDS`` value of a ``bids`` module beside the variant's ``turn``. Each returns the
    caller's own bids (``country``, ``credits``, ``minors``, ``amounts``, ``ready``, and
    ``revealed`` when both were ready): never the other player's."""

    variant: str

    async def submit(self, db: Any, *, game_id: int, user_id: int, text: str) -> Any:
        """Store the caller's bids of the season (refusals: ``ServiceError``)."""

    async def mine(self, db: Any, *, game_id: int, user_id: int) -> Any:
        """The caller's own bids of the season."""

    async def set_ready(self, db: Any, *, game_id: int, user_id: int, ready: bool) -> Any:
        """The caller's bids final (or not); both ready: revealed at once."""


WRITTEN_ORDERS = "bot.services.written_orders"  # the rules of a variant with none of its own
_RULES: dict[str, TurnRules] = {}
_DEADLINES: dict[str, OwnDeadlines] = {}
_BIDS: dict[str, SealedBids] = {}
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
        rules = _value(f"bot.services.{info.name}.turn", "RULES")
        if rules is not None and rules.variant not in _RULES:
            register(rules)
        own = _value(f"bot.services.{info.name}.deadlines", "DEADLINES")
        if isinstance(own, OwnDeadlines):
            _DEADLINES.setdefault(own.variant, own)
        bids = _value(f"bot.services.{info.name}.bids", "BIDS")
        if isinstance(bids, SealedBids):
            _BIDS.setdefault(bids.variant, bids)


def _value(name: str, attribute: str) -> Any:
    """``attribute`` of module ``name``, or None when there is no such module."""
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None
    return getattr(module, attribute, None)


def rules_for(variant: str) -> TurnRules:
    """The rules of ``variant``; written orders for a variant with none."""
    _discover()
    found = _RULES.get(variant)
    if found is not None:
        return found
    written = _value(WRITTEN_ORDERS, "RULES")
    return written.for_variant(variant)  # type: ignore[no-any-return]


def own_deadlines(variant: str) -> OwnDeadlines | None:
    """The variant's own deadlines, when it keeps any (else ``Game.deadline`` is all)."""
    _discover()
    return _DEADLINES.get(variant)


def sealed_bids(variant: str) -> SealedBids | None:
    """The services taking a variant's sealed bids, when it has phases of bids."""
    _discover()
    return _BIDS.get(variant)
