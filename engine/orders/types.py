"""Order values. Locations are written as the player wrote them after name resolution
(``spa`` or ``spa/nc``); legality and coast completion are checked against the position by
``engine.orders.validate``."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard


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
    supported_power: str | None = None  # nationality when written (docs/RULES.md §3.4.1)

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
    """Conditional retreat preferences sent with movement orders (docs/RULES.md §3.4.2):
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
    return _TO_JSON[type(order)](order)  # type: ignore[no-any-return]


_TO_JSON: dict[type, Any] = {
    Hold: lambda o: {"kind": "hold", "unit_type": o.unit_type, "location": o.location,
                     "target": None, "aux": None, "via_convoy": False},
    Move: lambda o: {"kind": "move", "unit_type": o.unit_type, "location": o.location,
                     "target": o.target, "aux": None, "via_convoy": o.via_convoy},
    Support: lambda o: {"kind": "support", "unit_type": o.unit_type, "location": o.location,
                        "target": o.target, "aux": o.supported, "via_convoy": False},
    Convoy: lambda o: {"kind": "convoy", "unit_type": o.unit_type, "location": o.location,
                       "target": o.target, "aux": o.convoyed, "via_convoy": False},
    Retreat: lambda o: {"kind": "retreat", "unit_type": o.unit_type, "location": o.location,
                        "target": o.target, "aux": None, "via_convoy": False},
    RetreatList: lambda o: {"kind": "retreat", "unit_type": o.unit_type,
                            "location": o.location,
                            "target": o.targets[0] if o.targets else None, "aux": None,
                            "via_convoy": False},
    Disband: lambda o: {"kind": "disband", "unit_type": o.unit_type, "location": o.location,
                        "target": None, "aux": None, "via_convoy": False},
    Build: lambda o: {"kind": "build", "unit_type": o.unit_type, "location": o.location,
                      "target": None, "aux": None, "via_convoy": False},
    Remove: lambda o: {"kind": "remove", "unit_type": o.unit_type, "location": o.location,
                       "target": None, "aux": None, "via_convoy": False},
    Waive: lambda o: {"kind": "waive", "unit_type": None, "location": None, "target": None,
                      "aux": None, "via_convoy": False},
}


def _support_text(o: Support) -> str:
    st = f"{o.supported_type} " if o.supported_type else ""
    if o.target is None:
        return f"{o.unit_type or '?'} {o.location} S {st}{o.supported}"
    return f"{o.unit_type or '?'} {o.location} S {st}{o.supported} - {o.target}"


_TEXT: dict[type, Any] = {
    Hold: lambda o: f"{o.unit_type or '?'} {o.location} H",
    Move: lambda o: f"{o.unit_type or '?'} {o.location} - {o.target}"
    + (" via convoy" if o.via_convoy else ""),
    Support: _support_text,
    Convoy: lambda o: f"{o.unit_type or '?'} {o.location} C A {o.convoyed} - {o.target}",
    Retreat: lambda o: f"{o.unit_type or '?'} {o.location} R {o.target}",
    RetreatList: lambda o: f"{o.unit_type or '?'} {o.location} R " + ", ".join(o.targets),
    Disband: lambda o: f"{o.unit_type or '?'} {o.location} D",
    Build: lambda o: f"BUILD {o.unit_type} {o.location}",
    Remove: lambda o: f"REMOVE {o.unit_type or '?'} {o.location}",
    Waive: lambda o: "WAIVE",
}


def format_order(order: Order) -> str:
    """Canonical short English text: ``A par - bur``, ``F nth C A lon - bel``."""
    fn = _TEXT.get(type(order))
    if fn is None:
        raise TypeError(order)
    return fn(order)  # type: ignore[no-any-return]


# order class -> its ``order_to_json`` and ``format_order`` (for loops over many orders)
ORDER_JSON: Mapping[type, Callable[[Any], dict[str, Any]]] = _TO_JSON
ORDER_TEXT: Mapping[type, Callable[[Any], str]] = _TEXT


_UNIT_TYPES = (None, "A", "F")


def order_from_json(data: Mapping[str, Any], locations: Container[str]) -> Order | None:
    """The order a structured ORDER stands for (the shape ``order_to_json`` writes), or None
    when it is not one: an unknown ``kind``, a unit type other than ``A``/``F``/null, a place
    that is not an exact location id of ``locations`` (``par``, ``spa/nc``), a missing
    target. Keys the kind does not use are ignored. Legality against the position is
    ``validate.check_order``'s business, as for a parsed order."""
    kind = data.get("kind")
    if kind == "waive":
        return Waive()
    unit_type = data.get("unit_type")
    location = data.get("location")
    if unit_type not in _UNIT_TYPES or not _is_location(location, locations):
        return None
    target = data.get("target")
    if kind == "move":
        via = data.get("via_convoy", False)
        if not _is_location(target, locations) or not isinstance(via, bool):
            return None
        return Move(unit_type, location, target, via)
    if kind == "support":
        aux = data.get("aux")
        if not _is_location(aux, locations) or (
                target is not None and not _is_location(target, locations)):
            return None
        return Support(unit_type, location, aux, target)
    if kind == "hold":
        return Hold(unit_type, location)
    if kind == "convoy":
        aux = data.get("aux")
        if not _is_location(aux, locations) or not _is_location(target, locations):
            return None
        return Convoy(unit_type, location, aux, target)
    if kind == "retreat":
        if not _is_location(target, locations):
            return None
        return Retreat(unit_type, location, target)
    if kind == "disband":
        return Disband(unit_type, location)
    if kind == "build":
        return Build(unit_type, location) if unit_type is not None else None
    if kind == "remove":
        return Remove(unit_type, location)
    return None


def _is_location(value: Any, locations: Container[str]) -> TypeGuard[str]:
    return type(value) is str and value in locations
