"""``/sandbox order`` without a power: the sheet is checked by the engine for every power
with a choice (each line goes to the power that may give it), in a worker thread. Figures:
a full opening sheet (22 orders of the seven powers), median of 20 runs.

    .venv/bin/python -m tools.bench_sandbox
"""

from __future__ import annotations

import json
import statistics
import time
from typing import Any

from bot.services.sandbox.board import _with_orders
from engine import api as engine_api

SHEET = ("A par - bur; A mar S A par - bur; F bre - mao; A mun - ruh; A ber - kie; "
         "F kie - den; F lon - nth; F edi - nwg; A lvp - yor; A ven - tyr; A rom - apu; "
         "F nap - ion; A vie - gal; A bud - ser; F tri - alb; A war - ukr; A mos - stp; "
         "F sev - bla; F stp/sc - bot; A con - bul; A smy - arm; F ank - bla")


def bench(runs: int = 20) -> dict[str, Any]:
    state = engine_api.new_game_state("classic")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        _with_orders(state, {}, {}, SHEET, None)
        times.append((time.perf_counter() - start) * 1000)
    resolve = []
    orders = [{"power": "france", "text": "A par - bur"}]
    for _ in range(runs):
        start = time.perf_counter()
        engine_api.adjudicate({"state": state, "orders": orders})
        resolve.append((time.perf_counter() - start) * 1000)
    return {"sandbox_sheet_every_power_ms": round(statistics.median(times), 1),
            "sandbox_resolve_ms": round(statistics.median(resolve), 2)}


if __name__ == "__main__":
    print(json.dumps(bench()))
