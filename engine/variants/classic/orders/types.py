"""Order values. Locations are written as the player wrote them after name resolution
(``spa`` or ``spa/nc``); legality and coast completion are checked against the position by
``engine.variants.classic.orders.validate``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Hold:
    unit_type: str | None  # "A" | "F" | None when the player did not say
    location: str

    kind = "hold"


@dataclass(frozen=True)
class Move:
    unit_type: str | None
    location: str
    target: str
    via_convoy: bool = False  # "via convoy" / "par convoi" written explicitly

    kind = "move"


@dataclass(frozen=True)
class Support:
    """Support to hold (``target`` None) or to move (``target`` = destination)."""

    unit_type: str | None
    location: str
    supported: str  # location of the supported unit
    target: str | None = None
    supported_type: str | None = None
    supported_power: str | None = None  # nationality when written (seed 004 §3.4.1)

    kind = "support"


@dataclass(frozen=True)
class Convoy:
    unit_type: str | None
    location: str
    convoyed: str  # location of the convoyed army
    target: str
    convoyed_power: str | None = None

    kind = "convoy"


@dataclass(frozen=True)
class Retreat:
    unit_type: str | None
    location: str
    target: str

    kind = "retreat"


@dataclass(frozen=True)
class RetreatList:
    """Conditional retreat preferences sent with movement orders (seed 004 §3.4.2):
    ``A VIE fait retraite à BUD, TRI, GAL``."""

    unit_type: str | None
    location: str
    targets: tuple[str, ...]

    kind = "retreat_list"


@dataclass(frozen=True)
class Disband:
    unit_type: str | None
    location: str

    kind = "disband"


@dataclass(frozen=True)
class Build:
    unit_type: str  # "A" | "F"
    location: str

    kind = "build"


@dataclass(frozen=True)
class Remove:
    unit_type: str | None
    location: str

    kind = "remove"


@dataclass(frozen=True)
class Waive:
    kind = "waive"


Order = Hold | Move | Support | Convoy | Retreat | RetreatList | Disband | Build | Remove | Waive


def order_to_json(order: Order) -> dict[str, Any]:
    """The structured ORDER of the contract (what the renderer draws)."""
    base: dict[str, Any] = {"kind": order.kind, "unit_type": None, "location": None,
                            "target": None, "aux": None, "via_convoy": False}
    if isinstance(order, Waive):
        return base
    base["unit_type"] = order.unit_type
    base["location"] = order.location
    if isinstance(order, Move):
        base["target"] = order.target
        base["via_convoy"] = order.via_convoy
    elif isinstance(order, Retreat):
        base["target"] = order.target
    elif isinstance(order, RetreatList):
        base["kind"] = "retreat"
        base["target"] = order.targets[0] if order.targets else None
    elif isinstance(order, Support):
        base["target"] = order.target
        base["aux"] = order.supported
    elif isinstance(order, Convoy):
        base["target"] = order.target
        base["aux"] = order.convoyed
    return base


def format_order(order: Order) -> str:
    """Canonical short English text: ``A par - bur``, ``F nth C A lon - bel``."""
    if isinstance(order, Waive):
        return "WAIVE"
    t = order.unit_type or "?"
    if isinstance(order, Hold):
        return f"{t} {order.location} H"
    if isinstance(order, Move):
        return f"{t} {order.location} - {order.target}" + (" via convoy" if order.via_convoy else "")
    if isinstance(order, Support):
        st = f"{order.supported_type} " if order.supported_type else ""
        if order.target is None:
            return f"{t} {order.location} S {st}{order.supported}"
        return f"{t} {order.location} S {st}{order.supported} - {order.target}"
    if isinstance(order, Convoy):
        return f"{t} {order.location} C A {order.convoyed} - {order.target}"
    if isinstance(order, Retreat):
        return f"{t} {order.location} R {order.target}"
    if isinstance(order, RetreatList):
        return f"{t} {order.location} R " + ", ".join(order.targets)
    if isinstance(order, Disband):
        return f"{t} {order.location} D"
    if isinstance(order, Build):
        return f"BUILD {order.unit_type} {order.location}"
    if isinstance(order, Remove):
        return f"REMOVE {t} {order.location}"
    raise TypeError(order)
