"""Timelapse budget (issue 17): an animated map of a 20-year game (one frame per phase, orders
drawn) in ≤ 3 s, under Discord's 10 MB. A random game played by the engine (seeded).

    .venv/bin/python -m tools.bench_timelapse
"""

from __future__ import annotations

import random
import time
from typing import Any

from engine import api
from engine.render.timelapse import render_timelapse


def random_game(years: int = 20, seed: int = 5) -> list[dict[str, Any]]:
    """Every phase of a ``years``-year game with random legal orders (as ``/game timelapse``
    reads them from the history)."""
    rng = random.Random(seed)
    state = api.new_game_state("classic")
    frames: list[dict[str, Any]] = []
    while int(state["phase"][1:5]) < 1901 + years and not state.get("winner"):
        orders = []
        for power in api.powers_with_choices(state):
            lines = [rng.choice(options) for options in api.legal_orders(state, power).values()
                     if options]
            orders.append({"power": power, "text": "\n".join(lines)})
        out = api.adjudicate({"state": state, "orders": orders, "trace": True})
        for phase in out["phases"]:
            frames.append({"state": phase["state"], "results": [
                r for r in out["results"] if r.get("phase") == phase["phase"]]})
        state = out["state"]
    return frames


def bench(runs: int = 3) -> dict[str, Any]:
    frames = random_game()
    render_timelapse(frames[:2], map_name="classic")  # warm the base layer
    figures: dict[str, Any] = {"frames": len(frames)}
    for fmt in ("gif", "webp"):
        times, cpu = [], []
        for _ in range(runs):
            t0, c0 = time.perf_counter(), time.process_time()
            data = render_timelapse(frames, map_name="classic", fmt=fmt)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        figures[f"{fmt}_s"] = round(min(times), 2)
        # CPU seconds: what one render process spends, whatever else shares the machine
        figures[f"{fmt}_cpu_s"] = round(min(cpu), 2)
        figures[f"{fmt}_mb"] = round(len(data) / 1e6, 2)
    return figures


if __name__ == "__main__":
    print(bench())
