"""Engine benchmarks: a 34-unit movement phase (resolver alone and through the JSON API) and
comparison phases for the ``diplomacy`` package (measured in a throw-away environment by
``tools/bench_diplomacy_pkg.py``; that package is AGPL and never a dependency)."""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from engine import api
from engine.maps import Kind, load_map
from engine.variants.classic.adjudicate import resolve_movement
from engine.variants.classic.legal import legal_orders
from engine.variants.classic.orders.types import Convoy, Hold, Move, Order, Support, format_order
from engine.variants.classic.orders.validate import check_order
from engine.variants.classic.state import state_from_json

PHASES_FILE = Path(__file__).resolve().parent / "bench_phases.json"


def full_board(seed: int) -> dict[str, Any]:
    """A Spring movement position with a unit on every one of the 34 centres."""
    rng = random.Random(seed)
    game_map = load_map("classic")
    homes = {p: game_map.home_centers(p) for p in game_map.power_ids}
    units = []
    centers: dict[str, list[str]] = {p: [] for p in game_map.power_ids}
    for c in sorted(game_map.centers):
        prov = game_map.provinces[c]
        owner = prov.home or min(
            game_map.power_ids,
            key=lambda p: (min(game_map.distances_from((h,), "any").get(c, 99)
                               for h in homes[p]), rng.random()))
        centers[owner].append(c)
        if prov.kind is Kind.LAND or rng.random() < 0.6:
            units.append({"power": owner, "type": "A", "location": c})
        else:
            units.append({"power": owner, "type": "F",
                          "location": rng.choice(game_map.fleet_locations(c))})
    return {"variant": "classic", "phase": "S1905M", "units": units, "dislodged": [],
            "contested": [], "centers": centers}


def random_orders(state_json: dict[str, Any], seed: int) -> list[dict[str, str]]:
    """A plausible order set: mostly moves and supports, some holds and convoys."""
    rng = random.Random(seed)
    game_map = load_map("classic")
    state = state_from_json(state_json, game_map)
    out = []
    for power in sorted({u["power"] for u in state_json["units"]}):
        lines = []
        for _loc, options in sorted(legal_orders(state, game_map, power).items()):
            kinds: dict[type, list[Order]] = {}
            for o in options:
                kinds.setdefault(type(o), []).append(o)
            pick = rng.choices([Move, Support, Hold, Convoy], [5, 4, 1, 1])[0]
            pool = kinds.get(pick) or kinds[Hold]
            lines.append(format_order(rng.choice(pool)))
        out.append({"power": power, "text": "\n".join(lines)})
    return out


def phases(n: int = 50) -> list[dict[str, Any]]:
    reqs = []
    for i in range(n):
        st = full_board(i)
        reqs.append({"state": st, "orders": random_orders(st, i)})
    return reqs


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def bench(n_phases: int = 50, repeat: int = 200) -> dict[str, float]:
    game_map = load_map("classic")
    reqs = phases(n_phases)
    prepared = []
    for req in reqs:
        state = state_from_json(req["state"], game_map)
        from engine.variants.classic.orders.parse import parse_orders

        orders: dict[str, Order] = {}
        for entry in req["orders"]:
            for line in parse_orders(entry["text"], game_map):
                if line.order is not None:
                    checked = check_order(line.order, state, entry["power"], game_map)
                    if checked.order is not None:
                        orders[checked.unit.province] = checked.order  # type: ignore[union-attr]
        prepared.append((state.units, orders))

    def core() -> None:
        for units, orders in prepared:
            resolve_movement(game_map, units, orders)

    def full() -> None:
        for req in reqs:
            api.adjudicate(req)

    core_ms = _median_ms(core, repeat) / len(prepared)
    full_ms = _median_ms(full, max(5, repeat // 10)) / len(reqs)
    return {"resolve_34_units_ms": core_ms, "api_adjudicate_34_units_ms": full_ms}


def write_phases(n: int = 50) -> None:
    """The phases the ``diplomacy`` package comparison replays (same positions, same orders)."""
    PHASES_FILE.write_text(json.dumps(phases(n)))


if __name__ == "__main__":
    print(json.dumps(bench(), indent=1))
