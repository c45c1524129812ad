"""The Variant contract (in the spirit of godip's ``Variant`` value): everything the rest of
the project may ask of a game, so that one API, one pipeline and one renderer serve them all.

Every method takes and returns JSON values (a STATE is the contract's dict); a refusal raises
the variant's ``RuleError`` subclass (``errors``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.errors import RuleError
from engine.maps import Map

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Phrase:
    """A text the bot says in the reader's language: a catalogue key (the variant's
    catalogue folder holds it) and its fields; a field may be a ``Phrase`` itself (said
    first: "Spring" inside "Spring 1901, movement")."""

    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Option:
    """One rule option of a game: fixed at creation (``/game create``, the services),
    checked against this schema and shown by ``/game settings``."""

    name: str
    type: type  # bool, int or str
    default: Any
    allowed: tuple[Any, ...] = ()  # the values a str option takes (none: any text)
    minimum: int | None = None  # an int option's bounds
    maximum: int | None = None
    nullable: bool = False  # None is a value ("no end year")
    label: Mapping[str, str] = field(default_factory=dict)  # "en", "fr"
    help: Mapping[str, str] = field(default_factory=dict)

    def accepts(self, value: Any) -> bool:
        if value is None:
            return self.nullable
        if self.type is bool:
            return isinstance(value, bool)
        if self.type is int:
            return not isinstance(value, bool) and isinstance(value, int) and \
                (self.minimum is None or value >= self.minimum) and \
                (self.maximum is None or value <= self.maximum)
        if self.allowed:
            return any(value == x and type(value) is type(x) for x in self.allowed)
        return isinstance(value, self.type)


class Variant(Protocol):
    name: str  # the registry key and every STATE's "variant"
    titles: Mapping[str, str]  # display name per language ("en", "fr")
    map_name: str  # assets/maps/<map_name>/
    min_players: int
    max_players: int
    errors: type[RuleError]  # its refusals (code, params, texts in English and French)
    assignment: str  # how powers are dealt: "seats" (by seat), or the variant's own way
    # keys of a STATE holding what players sent ahead for a later phase (conditional orders,
    # docs/RULES.md §3.4.2): private to their authors until that phase is resolved
    pending_keys: frozenset[str]
    # the scoring systems a game may choose (``engine.scoring``), the first by default; a
    # variant that scores its own way names that way alone (``scores`` applies it)
    scoring: tuple[str, ...]
    # what a chart of a game can follow over time (``measure``), the first by default
    measures: tuple[str, ...]
    # its own rule options, added to those every game has (``bot.services.options``)
    options: tuple[Option, ...]
    # the phase-length keys its phases use: "M", "R", "A" (a Diplomacy year), "*" (any other)
    phase_lengths: tuple[str, ...]
    # the folder of its texts (``<language>.ftl``, Project Fluent) when not the bot's
    # ``bot/i18n/<name>/``: phase names, chart labels, its options' settings lines, its posts
    catalogue: str | None

    def phase_name(self, phase: str) -> Phrase | None:
        """What a phase id of this variant is called (``S1901M``: "Spring 1901, movement";
        ``C3-VOTE``: "Crisis 3, vote"), None for an id it does not make."""

    def phase_title(self, phase: str, locale: str) -> str | None:
        """The title of a map of that phase ("Spring 1901 — Movement"), None for none."""

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


class Bidding(Protocol):
    """A variant with phases of sealed bids instead of orders (the duel's bidding season):
    what the sandbox and a replay ask of it (``engine.variants.bidding_of``)."""

    def is_bidding(self, state: Mapping[str, Any]) -> bool:
        """Is the current phase one of bids?"""

    def bids_in(self, phase: str) -> bool:
        """Is the phase ``phase`` (an id of this variant) one of bids? From the id alone: the
        web board's probe asks it without reading the STATE."""

    def check_bids(self, state: JSON, power: str, text: str) -> JSON:
        """The bids of the player of ``power``: ``{"ok", "bids", "error"}``."""

    def bids_of(self, state: Mapping[str, Any], by_power: Mapping[str, Any]) -> JSON:
        """The request's ``bids`` (per player) from each bidding power's bids."""

    def describe_bidding(self, state: Mapping[str, Any], bidding: JSON, locale: str,
                         name: Any) -> str:
        """The public reveal of a resolved bidding; ``name(power)``: a power's name."""

    def bot_bids(self, state: Mapping[str, Any], power: str, rng: Any) -> dict[str, int]:
        """The bot player's bids for ``power`` (``engine.bots``), drawn from ``rng``."""


class OrderVariant(Variant, Protocol):
    """A variant played with written Diplomacy orders on a classic-format map (the family's
    ``engine.orders.variant.WrittenOrders`` gives all of it)."""

    def game_map(self) -> Map: ...

    def power(self, text: str) -> str:
        """A power id from any spelling (English, French, any case)."""

    def check_orders(self, state: JSON, power: str, text: str) -> JSON:
        """``engine.api.check_orders``'s answer: each line understood, or why refused."""

    def legal_orders(self, state: JSON, power: str) -> dict[str, list[str]]:
        """Per unit (location; "" for builds), the legal orders of ``power`` as text."""

    def allies(self, state: Mapping[str, Any], power: str) -> list[str]:
        """The other powers the player of ``power`` commands now (a duel's minors)."""

    def legal_order_choices(self, state: JSON, power: str) -> dict[str, list[JSON]]:
        """The same, each an ORDER with its ``text`` (``engine.api.legal_order_choices``)."""
