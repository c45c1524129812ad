"""Variants and their registry: ``get(name)`` returns the ``Variant`` value of a game.

Built-in variants are the sub-packages of this package that have a ``variant`` module with a
``VARIANT`` value; they are found on first use. ``register`` adds another one (a plug-in or a
test's toy variant)."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from engine.maps import Map, load_map
from engine.variants.base import Bidding, Variant

DEFAULT = "classic"  # the contract's variant when a STATE names none
_REGISTRY: dict[str, Variant] = {}
_discovered = False


class UnknownVariant(ValueError):
    def __init__(self, name: Any) -> None:
        super().__init__(f"unknown variant {name!r}; known: {', '.join(names())}")
        self.name = name


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(f"{__name__}.{info.name}.variant")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{info.name}.variant":
                raise
            continue
        register(module.VARIANT)


def register(variant: Variant) -> Variant:
    """Add ``variant`` under its name (a second registration replaces the first)."""
    _REGISTRY[variant.name] = variant
    return variant


def unregister(name: str) -> None:
    _REGISTRY.pop(name, None)


def get(name: Any) -> Variant:
    _discover()
    try:
        return _REGISTRY[str(name)]
    except KeyError:
        raise UnknownVariant(name) from None


def names() -> tuple[str, ...]:
    _discover()
    return tuple(_REGISTRY)


def game_map(name: Any) -> Map:
    """The board of a variant played with written orders (a classic-format map)."""
    variant = get(name)
    board = getattr(variant, "game_map", None)
    return board() if board is not None else load_map(variant.map_name)


def scoring_of(name: Any, options: Any) -> str:
    """The scoring system of a game: its ``scoring`` option when the variant offers it, else
    the variant's own (the first it names)."""
    offered = get(name).scoring
    chosen = options.get("scoring") if isinstance(options, dict) else None
    return chosen if chosen in offered else offered[0]


def of_state(state: Any) -> Variant:
    """The variant of a STATE (``"variant"``, classic when absent: the contract's default)."""
    name = state.get("variant", DEFAULT) if isinstance(state, dict) else DEFAULT
    return get(name)


def bidding_of(state: Any) -> Bidding | None:
    """The variant of a STATE whose current phase is one of sealed bids (the duel's bidding
    season), else None: its inputs are bids, not orders."""
    variant = of_state(state)
    if callable(getattr(variant, "is_bidding", None)) and variant.is_bidding(state):  # type: ignore[attr-defined]
        return variant  # type: ignore[return-value]
    return None


def bids_in(variant: str, phase: str | None) -> bool:
    """Is ``phase`` of a game of ``variant`` one of sealed bids (``Bidding.bids_in``)? From
    the names alone, no STATE read; False for an unknown variant."""
    _discover()
    found = _REGISTRY.get(variant) if phase else None
    test = getattr(found, "bids_in", None)
    return bool(callable(test) and test(phase))


def public(state: dict[str, Any]) -> dict[str, Any]:
    """A STATE without what players sent ahead for a later phase (``pending_keys``):
    what anyone but the authors may see."""
    hidden = of_state(state).pending_keys
    return {k: v for k, v in state.items() if k not in hidden} if hidden & state.keys() \
        else dict(state)


def sharing_a_draw(state: dict[str, Any], options: dict[str, Any] | None = None
                   ) -> list[str]:
    """Who shares a draw (docs/RULES.md §3.8, Draws Include All Survivors): every power still in
    the game that a player holds or held, one in civil disorder included; not a power nobody
    ever played (``options["neutral"]`` in a game of fewer players, L'Impérialisme's
    ``options["unplayed"]``)."""
    never = set((options or {}).get("neutral") or ()) | set((options or {}).get("unplayed") or ())
    return [p for p in of_state(state).survivors(state) if p not in never]


__all__ = ["DEFAULT", "UnknownVariant", "Variant", "bidding_of", "game_map", "get", "names", "of_state",
           "public", "register", "sharing_a_draw", "unregister"]
