"""What a variant played with written Diplomacy orders on a classic-format map answers for
them (``engine.variants.base.OrderVariant``): its board, its powers' names, a check of a
player's lines and the legal orders of a power. Classic Diplomacy and the duel inherit it;
``engine.api`` asks the variant, never this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.maps import Map, load_map
from engine.orders.fast import parse_many as parse_orders
from engine.orders.legal import legal_orders
from engine.orders.names import Ambiguous, resolve_power
from engine.orders.state import state_from_json
from engine.orders.types import format_order, order_to_json
from engine.orders.validate import Checked, check_order, check_set

JSON = dict[str, Any]


class WrittenOrders:
    """A mixin of a ``Variant`` value: ``map_name`` names its board."""

    map_name: str

    def game_map(self) -> Map:
        return load_map(self.map_name)

    def power(self, text: str) -> str:
        """A power id from any spelling (English, French, any case); unknown text lowered."""
        try:
            return resolve_power(str(text), self.game_map()) or str(text).lower()
        except Ambiguous:
            return str(text).lower()

    def allies(self, state: Mapping[str, Any], power: str) -> list[str]:
        """The other powers the player of ``power`` commands now: none (one power a seat
        is the shared case; a seat of several powers is the game's options, not the STATE)."""
        return []

    def check_orders(self, state: dict[str, Any], power: str, text: str) -> JSON:
        """Each line of ``text`` as understood, normalised, or the reason it is refused."""
        game_map = self.game_map()
        st = state_from_json(state, game_map, normalise_power=self.power)
        power_id = self.power(power)
        lines = []
        checks: list[Checked] = []
        for parsed in parse_orders(text, game_map):
            entry: dict[str, Any] = {"text": parsed.text, "ok": False, "normalized": None,
                                     "order": None, "error": None, "conditional": False,
                                     "corrected": False}
            checked = Checked(None)
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
            checks.append(checked if entry["ok"] else Checked(None))
        for i, error in check_set(checks, st, power_id, game_map).items():
            lines[i].update(ok=False, normalized=None, order=None, error=error.to_json())
        return {"ok": bool(lines) and all(x["ok"] for x in lines), "lines": lines}

    def legal_orders(self, state: dict[str, Any], power: str) -> dict[str, list[str]]:
        """Per unit (location; "" for builds), the legal orders of ``power`` as text."""
        game_map = self.game_map()
        st = state_from_json(state, game_map, normalise_power=self.power)
        return {loc: [format_order(o) for o in orders]
                for loc, orders in legal_orders(st, game_map, self.power(power)).items()}

    def legal_order_choices(self, state: dict[str, Any],
                            power: str) -> dict[str, list[dict[str, Any]]]:
        """``legal_orders`` structured: each legal order as an ORDER with its ``text``."""
        game_map = self.game_map()
        st = state_from_json(state, game_map, normalise_power=self.power)
        return {loc: [{**order_to_json(o), "text": format_order(o)} for o in orders]
                for loc, orders in legal_orders(st, game_map, self.power(power)).items()}
