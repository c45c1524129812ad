"""Duel-Diplomatie use cases (seed 001; docs/RULES.md §5; issue 6): sign-up with a
ranked list of the seven countries, the start (country choice, rule 3, with an explicit seed),
sealed bids stored in the ``Bid`` table, the reveal (one transaction, like an adjudication),
and stalemate claims (rule 10).

Who commands what: a player's ``Player.powers`` is their own country followed by the minors
they won for the year (``engine.variants.duel.api.commanded_powers``), written at each reveal. So the
classic order services (``bot.services.orders``) let a player order for exactly those powers;
the duel STATE (``state["duel"]``) stays the authority and is what this package reads.

Player ids in the duel STATE are Discord user ids written as strings.

Posts: besides the kinds the classic poster knows (``game_started``, ``game_over``), this
package queues ``duel_notice`` rows whose payload carries the text in both languages
(``title_en``/``title_fr``/``text_en``/``text_fr``; the reveal's text is the engine's
``format_bidding``), and an ``event`` naming what happened.

Use cases, one module each: ``setup`` (sign-up, start), ``bids`` (sealed bids), ``turn`` (the
reveal and the year's control in the one turn pipeline), ``stalemate``, ``summary``.
"""

from bot.services.duel.bids import (
    BidProgress,
    BidsView,
    bid_progress,
    my_bids,
    set_bids_ready,
    submit_bids,
)
from bot.services.duel.common import VARIANT, commanded, is_bidding, is_duel, sync_powers
from bot.services.duel.setup import DuelJoin, join_duel, start_duel
from bot.services.duel.stalemate import StalemateOutcome, claim_stalemate, confirm_stalemate
from bot.services.duel.summary import DuelSummary, duel_summary

__all__ = [
    "VARIANT",
    "BidProgress",
    "BidsView",
    "DuelJoin",
    "DuelSummary",
    "StalemateOutcome",
    "bid_progress",
    "claim_stalemate",
    "commanded",
    "confirm_stalemate",
    "duel_summary",
    "is_bidding",
    "is_duel",
    "join_duel",
    "my_bids",
    "set_bids_ready",
    "start_duel",
    "submit_bids",
    "sync_powers",
]
