"""Times the ``diplomacy`` package (PyPI, AGPL) on the phases of tools/bench_phases.json.

Run it ONLY in a throw-away environment, never in the project's: the package is not a
dependency and none of its code is part of this project::

    python3 -m venv /tmp/dipvenv && /tmp/dipvenv/bin/pip install diplomacy
    .venv/bin/python -c "from tools.bench_engine import write_phases; write_phases()"
    /tmp/dipvenv/bin/python tools/bench_diplomacy_pkg.py

It prints the median milliseconds per phase of ``Game.process()`` alone, and of the same work
``engine.api.adjudicate`` does: load the position and the orders, process, read the state.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

from diplomacy import Game  # type: ignore[import-not-found]

PHASES = Path(__file__).resolve().parent / "bench_phases.json"


def convert(text: str) -> str:
    text = text.upper().replace(" VIA CONVOY", " VIA")
    return text


def main() -> int:
    phases = json.loads(PHASES.read_text())
    process_times = []
    full_times = []
    for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 5):
        for req in phases:
            game = Game()
            t0 = time.perf_counter()
            st = req["state"]
            for power in game.powers:
                game.clear_units(power)
                game.clear_centers(power)
            for power, centers in st["centers"].items():
                game.set_centers(power.upper(), [c.upper() for c in centers])
            by_power: dict[str, list[str]] = {}
            for u in st["units"]:
                by_power.setdefault(u["power"].upper(), []).append(
                    f"{u['type']} {u['location'].upper()}")
            for power, units in by_power.items():
                game.set_units(power, units)
            for entry in req["orders"]:
                game.set_orders(entry["power"].upper(),
                                [convert(x) for x in entry["text"].splitlines()])
            t1 = time.perf_counter()
            game.process()
            t2 = time.perf_counter()
            game.get_state()
            t3 = time.perf_counter()
            process_times.append(t2 - t1)
            # the same work as engine.api.adjudicate: load the position and the order texts,
            # resolve, produce the next state
            full_times.append(t3 - t0)
    print(json.dumps({"diplomacy_process_ms": statistics.median(process_times) * 1000,
                      "diplomacy_load_process_state_ms": statistics.median(full_times) * 1000,
                      "phases": len(phases)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
