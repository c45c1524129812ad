"""The engine's Python API over the JSON of the contract (DESIGN.md "The engine contract").

Everything here takes and returns plain JSON-able values; inside, the engine works on typed
values (``engine.state``, ``engine.orders``).
"""

from __future__ import annotations

from typing import Any

from engine import game
from engine.maps import map_for_variant
from engine.orders.fast import parse_many as parse_orders
from engine.orders.names import Ambiguous, resolve_power
from engine.orders.types import format_order, order_to_json
from engine.orders.validate import check_order
from engine.state import state_from_json

VARIANTS = ("classic", "duel", "imperialisme")

# seed 004 §2.14.2: powers per seat for 2-6 players; a power in no seat is neutral (it holds
# and does not support itself, as in civil disorder). Three players: the first option.
ASSIGNMENTS: dict[int, list[list[str]]] = {
    7: [["austria"], ["england"], ["france"], ["germany"], ["italy"], ["russia"], ["turkey"]],
    6: [["austria"], ["england"], ["france"], ["germany"], ["russia"], ["turkey"]],
    5: [["austria"], ["england"], ["france"], ["russia"], ["turkey"]],
    4: [["england"], ["austria", "france"], ["germany", "turkey"], ["italy", "russia"]],
    3: [["russia"], ["england", "france", "germany"], ["austria", "italy", "turkey"]],
    2: [["england", "france", "russia"], ["austria", "germany", "turkey"]],
}


def new_game_state(variant: str = "classic") -> dict[str, Any]:
    """STATE at Spring 1901 movement (classic), or the opening position of L'Impérialisme.
    A Duel starts from ``engine.duel.api.new_duel_state`` (it needs both players' lists)."""
    if variant == "imperialisme":
        from engine.imperialisme import api as imperial

        return imperial.new_state()
    if variant not in ("classic", "duel"):
        raise ValueError(f"no classic position for variant {variant!r}")
    return game.new_game_state(variant)


def assignments(variant: str, players: int) -> list[list[str]]:
    """Powers each seat commands (seed 004 §2.14.2)."""
    if variant != "classic" or players not in ASSIGNMENTS:
        raise ValueError(f"no assignment for {players} players in {variant!r}")
    return [list(seat) for seat in ASSIGNMENTS[players]]


def neutral_powers(variant: str, players: int) -> list[str]:
    seated = {p for seat in assignments(variant, players) for p in seat}
    return sorted(set(map_for_variant(variant).power_ids) - seated)


def adjudicate(request: dict[str, Any]) -> dict[str, Any]:
    """Resolve the phase of ``request["state"]`` with ``request["orders"]``."""
    variant = str(request.get("state", {}).get("variant", "classic"))
    if variant == "duel":
        from engine.duel import api as duel_api  # the Duel turn wraps the classic one

        return duel_api.process(request)
    if variant != "classic":
        raise ValueError(f"variant {variant!r} has no movement adjudication")
    return game.process(request)


def check_orders(state: dict[str, Any], power: str, text: str) -> dict[str, Any]:
    """Parse and check ``text`` (one or many lines) for ``power`` against the position:
    each line as understood, normalised, or the reason it is refused (fr and en)."""
    game_map = map_for_variant(str(state.get("variant", "classic")))
    st = state_from_json(state, game_map, normalise_power=lambda p: _power(p, game_map))
    power_id = _power(power, game_map)
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
    game_map = map_for_variant(str(state.get("variant", "classic")))
    st = state_from_json(state, game_map, normalise_power=lambda p: _power(p, game_map))
    return game.powers_with_choices(st, game_map, game.Options.from_json(options, game_map))


def render(state: dict[str, Any], *, orders: list[dict[str, Any]] | None = None,
           results: list[dict[str, Any]] | None = None, locale: str = "en",
           **kwargs: Any) -> bytes:
    """PNG of ``state``; with ``results`` the orders of the phase just resolved are drawn,
    with ``orders`` ([{"power", "text"}]) a preview of pending orders."""
    from engine.render import render_map

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
                                  "power": _power(entry.get("power", ""),
                                                  map_for_variant(state.get("variant",
                                                                            "classic")))})
    return render_map(state, orders=drawn or None, locale=locale, **kwargs)


def _power(text: str, game_map: Any) -> str:
    try:
        return resolve_power(str(text), game_map) or str(text).lower()
    except Ambiguous:
        return str(text).lower()


__all__ = ["adjudicate", "assignments", "check_orders", "legal_orders", "neutral_powers", "new_game_state",
           "powers_with_choices", "render"]


def legal_orders(state: dict[str, Any], power: str) -> dict[str, list[str]]:
    """Per unit (location; "" for builds), the legal orders of ``power`` as normalised text:
    what autocomplete offers."""
    from engine.legal import legal_orders as _legal

    game_map = map_for_variant(str(state.get("variant", "classic")))
    st = state_from_json(state, game_map, normalise_power=lambda p: _power(p, game_map))
    return {loc: [format_order(o) for o in orders]
            for loc, orders in _legal(st, game_map, _power(power, game_map)).items()}
