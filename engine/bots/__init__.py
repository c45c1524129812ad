"""The bot player (pure): orders for one power of a position, chosen among the legal ones.

``engine.api.bot_orders`` is its JSON edge; ``player`` holds the heuristics, ``selfplay``
whole games offline; a variant with seasons of sealed bids bids its own way (``bot_bids`` of
``engine.variants.base.Bidding``: the duel's is ``engine/variants/duel/bot.py``).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable, Mapping
from typing import Any

from engine import variants
from engine.bots.player import choose_orders
from engine.orders.state import state_from_json
from engine.orders.types import order_to_json

BID = "bid"  # the ORDER kind of a bid: ``location`` the minor, ``amount`` the credits


class NoBot(ValueError):
    """The variant's turns are not written orders (L'Impérialisme's votes and crises)."""


def rng_for(state: Mapping[str, Any], power: str, seed: int | None) -> random.Random:
    """The seed's stream, or without one a stream fixed by the phase and the power (the same
    position asked twice gets the same orders)."""
    if seed is None:
        key = f"{state.get('phase')}|{power}|{len(state.get('units') or [])}"
        seed = zlib.crc32(key.encode())
    return random.Random(f"{seed}|{power}")


def friends_of(state: Mapping[str, Any], power: str) -> list[str]:
    """The other powers the same player commands (a duel's minors this year): the variant's
    ``allies`` (``engine.orders.variant.WrittenOrders``: none)."""
    return list(variants.of_state(dict(state)).allies(state, power))  # type: ignore[attr-defined]


def bot_orders(state: Mapping[str, Any], power: str, seed: int | None = None,
               options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The structured ORDERs the bot gives for ``power`` in ``state``'s phase (empty when it
    has nothing to order). In a duel's bidding season: one ``{"kind": "bid", "location":
    minor, "amount": credits}`` per minor. ``options``: ``closed``, the nations nobody may
    enter (docs/RULES.md §2.14.2); ``allies``, the other powers of the same player (never
    attacked; a duel's are known from the position)."""
    variant: Any = variants.of_state(dict(state))
    if not hasattr(variant, "game_map"):
        raise NoBot(variant.name)
    game_map = variant.game_map()
    power = variant.power(power)
    rng = rng_for(state, power, seed)
    bidding = variants.bidding_of(dict(state))
    if bidding is not None:  # a season of sealed bids: the variant's own rule
        return [{"kind": BID, "unit_type": None, "location": m, "target": None, "aux": None,
                 "via_convoy": False, "amount": n}
                for m, n in sorted(bidding.bot_bids(state, power, rng).items())]
    st = state_from_json(dict(state), game_map, normalise_power=variant.power)
    closed: Iterable[str] = (options or {}).get("closed") or ()
    allies: Iterable[str] = (options or {}).get("allies") or ()
    friends = {*friends_of(state, power), *(variant.power(p) for p in allies)} - {power}
    orders = choose_orders(st, game_map, power, rng, sorted(friends),
                           [variant.power(p) for p in closed])
    return [order_to_json(o) for o in orders]




def order_text(order: Mapping[str, Any], variant: str = variants.DEFAULT) -> str:
    """The normal text of a structured ORDER (``A par - bur``; a bid: ``italy 7``)."""
    if order.get("kind") == BID:
        return f"{order.get('location')} {order.get('amount')}"
    from engine.orders.types import format_order, order_from_json

    game_map = variants.get(variant).game_map()  # type: ignore[attr-defined]
    read = order_from_json(order, game_map.location_ids)
    return format_order(read) if read is not None else str(order.get("kind"))


__all__ = ["BID", "NoBot", "bot_orders", "choose_orders", "order_text"]
