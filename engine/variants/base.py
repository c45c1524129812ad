"""The Variant contract (in the spirit of godip's ``Variant`` value): everything the rest of
the project may ask of a game, so that one API, one pipeline and one renderer serve them all.

Every method takes and returns JSON values (a STATE is the contract's dict); a refusal raises
the variant's ``RuleError`` subclass (``errors``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from engine.errors import RuleError
from engine.maps import Map

JSON = dict[str, Any]


class Variant(Protocol):
    name: str  # the registry key and every STATE's "variant"
    titles: Mapping[str, str]  # display name per language ("en", "fr")
    map_name: str  # assets/maps/<map_name>/
    min_players: int
    max_players: int
    errors: type[RuleError]  # its refusals (code, params, texts in English and French)
    assignment: str  # how powers are dealt: "seats" (by seat), or the variant's own way
    # keys of a STATE holding what players sent ahead for a later phase (conditional orders,
    # seed 004 §3.4.2): private to their authors until that phase is resolved
    pending_keys: frozenset[str]
    # the scoring systems a game may choose (``engine.scoring``), the first by default; a
    # variant that scores its own way names that way alone (``scores`` applies it)
    scoring: tuple[str, ...]
    # what a chart of a game can follow over time (``measure``), the first by default
    measures: tuple[str, ...]

    def new_state(self, setup: Mapping[str, Any] | None = None) -> JSON:
        """The opening STATE; ``setup`` carries what the variant needs to deal (players,
        preferences, a seed)."""

    def powers_to_act(self, state: Mapping[str, Any],
                      options: Mapping[str, Any] | None = None) -> list[str]:
        """Powers that have a choice to send in the current phase (who must act now)."""

    def advance(self, request: Mapping[str, Any]) -> JSON:
        """Resolve the current phase from ``request["state"]`` and the inputs received
        (``orders``, ``bids``, ``ballots``… as the variant defines them) and ``options``:
        ``{"results": [...], "state": NEXT_STATE, ...public facts of the step}``."""

    def survivors(self, state: Mapping[str, Any]) -> list[str]:
        """Powers still in the game (who votes on a draw, who may write press), sorted."""

    def measure(self, state: Mapping[str, Any],
                name: str) -> tuple[str, dict[str, float]] | None:
        """One point of the chart ``name`` from a STATE: its label on the time axis and each
        power's value; None when this STATE gives no point (a later one of the same label
        stands for it)."""

    def legend(self, state: Mapping[str, Any], locale: str = "en") -> JSON | None:
        """The map's extra legend ``{"title", "rows": {power: text}}``, or None."""

    def end_of_game(self, state: Mapping[str, Any],
                    options: Mapping[str, Any] | None = None) -> JSON | None:
        """``{"winner": power, ...}`` or ``{"draw": [powers], ...}`` once the game is over,
        else None."""

    def scores(self, state: Mapping[str, Any], result: Mapping[str, Any],
               system: str) -> dict[str, float]:
        """Points of each power of a finished game (``engine.scoring`` systems)."""


class OrderVariant(Variant, Protocol):
    """A variant played with written Diplomacy orders on a classic-format map."""

    def game_map(self) -> Map: ...
