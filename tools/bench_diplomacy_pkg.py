"""Times the ``diplomacy`` package (PyPI, AGPL) on the phases of tools/bench_phases.json.

Run it ONLY in a throw-away environment, never in the project's: the package is not a
dependency and none of its code is part of this project. ``make bench`` (``tools/bench.py``,
section ``bench_engine_compare``) creates that environment once and drives this script in
it, side by side with our engine; by hand::

    python3 -m venv /tmp/dipvenv && /tmp/dipvenv/bin/pip install diplomacy
    .venv/bin/python -c "from tools.bench_engine import write_phases; write_phases()"
    /tmp/dipvenv/bin/python tools/bench_diplomacy_pkg.py

It prints the median milliseconds per phase of ``Game.process()`` alone, and of the same work
``engine.api.adjudicate`` does: load the position and the orders, process, read the state
(CPU time of the thread, as on our side). ``--serve [FILE]`` reads commands on stdin instead:
``w i j ...`` runs phase ``w`` of FILE (default the phases above) untimed, to warm up, then
times phases ``i j ...`` and answers one JSON line of their CPU seconds (``process``,
``full``); an empty line stops. The comparison so alternates passes of the package and of
our engine in one run, both seeing the same load of the machine.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from diplomacy import Game  # type: ignore[import-not-found]

PHASES = Path(__file__).resolve().parent / "bench_phases.json"


def convert(text: str) -> str:
    text = text.upper().replace(" VIA CONVOY", " VIA")
    return text


def one_pass(phases: list[dict[str, Any]]) -> tuple[list[float], list[float]]:
    """Seconds per phase: ``process()`` alone, and load + ``process()`` + ``get_state()``."""
    process_times = []
    full_times = []
    for req in phases:
        process, full = one_phase(req)
        process_times.append(process)
        full_times.append(full)
    return process_times, full_times


def one_phase(req: dict[str, Any]) -> tuple[float, float]:
    """CPU seconds of ``process()`` alone, and of load + ``process()`` + ``get_state()``."""
    game = Game()
    t0 = time.thread_time()
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
    t1 = time.thread_time()
    game.process()
    t2 = time.thread_time()
    game.get_state()
    t3 = time.thread_time()
    # the same work as engine.api.adjudicate: load the position and the order texts,
    # resolve, produce the next state
    return t2 - t1, t3 - t0


def serve(phases: list[dict[str, Any]]) -> int:
    print(json.dumps({"ready": len(phases)}), flush=True)
    for command in sys.stdin:
        if not command.strip():
            break
        warm, *block = (int(x) for x in command.split())
        one_phase(phases[warm])
        process_times, full_times = one_pass([phases[i] for i in block])
        print(json.dumps({"process": process_times, "full": full_times}), flush=True)
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--serve"]:
        return serve(json.loads(Path(argv[1] if argv[1:] else PHASES).read_text()))
    phases = json.loads(PHASES.read_text())
    process_times: list[float] = []
    full_times: list[float] = []
    for _ in range(int(argv[0]) if argv else 5):
        p, f = one_pass(phases)
        process_times += p
        full_times += f
    print(json.dumps({"diplomacy_process_ms": statistics.median(process_times) * 1000,
                      "diplomacy_load_process_state_ms": statistics.median(full_times) * 1000,
                      "phases": len(phases)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
