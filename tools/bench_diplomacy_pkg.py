"""Times the ``diplomacy`` package (PyPI, AGPL) on the phases of tools/bench_phases.json.

Run it ONLY in a throw-away environment, never in the project's: the package is not a
dependency and none of its code is part of this project::

    python3 -m venv /tmp/dipvenv && /tmp/dipvenv/bin/pip install diplomacy
    .venv/bin/python -c "from tools.bench_engine import write_phases; write_phases()"
    /tmp/dipvenv/bin/python tools/bench_diplomacy_pkg.py

It prints the median milliseconds of ``Game.process()`` per phase (setup excluded).
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
    times = []
    for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 5):
        for req in phases:
            game = Game()
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
            t0 = time.perf_counter()
            game.process()
            times.append(time.perf_counter() - t0)
    print(json.dumps({"diplomacy_process_ms": statistics.median(times) * 1000,
                      "phases": len(phases)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
