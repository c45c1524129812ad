"""The engine's Python API over the JSON of the contract (DESIGN.md "The engine contract").

The one JSON edge of the engine: everything here takes and returns plain JSON-able values and
dispatches to the game's ``Variant`` through the registry (``engine.variants``)."""

from __future__ import annotations

from typing import Any

from engine import variants
from engine.render import render_map
from engine.variants.base import OrderVariant
from engine.variants.classic.legal import legal_orders as _legal
from engine.variants.classic.orders.fast import parse_many as parse_orders
from engine.variants.classic.orders.types import format_order, order_to_json
from engine.variants.classic.orders.validate import check_order
from engine.variants.classic.state import state_from_json


def _order_variant(state: dict[str, Any]) -> OrderVariant:
    variant = variants.of_state(state)
    if not hasattr(variant, "game_map"):
        raise ValueError(f"variant {variant.name!r} has no written orders")
    return variant  # type: ignore[return-value]


def new_game_state(variant: str = "classic", setup: dict[str, Any] | None = None
                   ) -> dict[str, Any]:
    """The opening STATE of ``variant`` (a Duel needs both players' lists in ``setup``)."""
    return variants.get(variant).new_state(setup)


def assignments(variant: str, players: int) -> list[list[str]]:
    """Powers each seat commands (seed 004 §2.14.2)."""
    seats = getattr(variants.get(variant), "seats", None)
    if seats is None:
        raise ValueError(f"no assignment for {players} players in {variant!r}")
    return seats(players)  # type: ignore[no-any-return]


def neutral_powers(variant: str, players: int) -> list[str]:
    seated = {p for seat in assignments(variant, players) for p in seat}
    game_map = variants.get(variant).game_map()  # type: ignore[attr-defined]
    return sorted(set(game_map.power_ids) - seated)


def adjudicate(request: dict[str, Any]) -> dict[str, Any]:
    """Resolve the phase of ``request["state"]`` with ``request["orders"]``."""
    return variants.of_state(request.get("state", {})).advance(request)


def check_orders(state: dict[str, Any], power: str, text: str) -> dict[str, Any]:
    """Parse and check ``text`` (one or many lines) for ``power`` against the position:
    each line as understood, normalised, or the reason it is refused (fr and en)."""
    variant = _order_variant(state)
    game_map = variant.game_map()
    st = state_from_json(state, game_map, normalise_power=variant.power)  # type: ignore[attr-defined]
    power_id = variant.power(power)  # type: ignore[attr-defined]
    lines = []
    for parsed in parse_orders(text, game_map):
        entry: dict[str, Any] = {"text": parsed.text, "ok": False, "normalized": None,
                                 "order": None, "error": None, "conditional": False,
                                 "corrected": False}
        if parsed.error is not None or parsed.order is None:
            entry["error"] = parsed.error.to_json() if parsed.error else None
        else:
            checked = check_order(parsed.order, st, power_id, game_map)
            if checked.error is not None or checked.order is None:
                entry["error"] = checked.error.to_json() if checked.error else None
            else:
                entry.update(ok=True, normalized=format_order(checked.order),
                             order=order_to_json(checked.order),
                             conditional=checked.conditional, corrected=checked.corrected)
        lines.append(entry)
    return {"ok": bool(lines) and all(x["ok"] for x in lines), "lines": lines}


def powers_with_choices(state: dict[str, Any], options: dict[str, Any] | None = None
                        ) -> list[str]:
    """Who can order in this phase."""
    return variants.of_state(state).powers_to_act(state, options)


def legal_orders(state: dict[str, Any], power: str) -> dict[str, list[str]]:
    """Per unit (location; "" for builds), the legal orders of ``power`` as normalised text:
    what autocomplete offers."""
    variant = _order_variant(state)
    game_map = variant.game_map()
    st = state_from_json(state, game_map, normalise_power=variant.power)  # type: ignore[attr-defined]
    return {loc: [format_order(o) for o in orders]
            for loc, orders in _legal(st, game_map, variant.power(power)).items()}  # type: ignore[attr-defined]


def render(state: dict[str, Any], *, orders: list[dict[str, Any]] | None = None,
           results: list[dict[str, Any]] | None = None, locale: str = "en",
           **kwargs: Any) -> bytes:
    """PNG of ``state``; with ``results`` the orders of the phase just resolved are drawn,
    with ``orders`` ([{"power", "text"}]) a preview of pending orders. The variant's legend
    (duel treasuries, influence) is drawn unless ``extra_legend`` is given."""
    variant = variants.of_state(state)
    drawn: list[dict[str, Any]] = []
    if results:
        first = results[0].get("phase")
        for r in results:
            if r.get("order") and r.get("phase", first) == first:
                drawn.append({**r["order"], "status": r["status"], "power": r["power"]})
    elif orders:
        for entry in orders:
            checked = check_orders(state, entry.get("power", ""), entry.get("text", ""))
            for line in checked["lines"]:
                if line["ok"] and not line["conditional"]:
                    drawn.append({**line["order"], "status": "pending",
                                  "power": variant.power(entry.get("power", ""))})  # type: ignore[attr-defined]
    if kwargs.get("extra_legend") is None:
        kwargs["extra_legend"] = variant.legend(state, locale)
    kwargs.setdefault("map_name", variant.map_name)
    kwargs.setdefault("title", variant.titles)
    return render_map(state, orders=drawn or None, locale=locale, **kwargs)


__all__ = ["adjudicate", "assignments", "check_orders", "legal_orders", "neutral_powers",
           "new_game_state", "powers_with_choices", "render"]
