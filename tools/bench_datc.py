"""Budget check: the whole DATC in-process (docs/BENCHMARKS.md budget: <= 100 ms on 2 cores).

``bench()`` returns the figures ``tools/bench.py`` reports. The requests are built from
``tests/engine/variants/classic/data/datc.json`` before timing; the timed part is every ``engine.api.adjudicate``
call a case makes (the main phase, then the retreat phase of retreat cases), best of a few runs.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.api import adjudicate
from tests.engine.variants.classic.test_datc import load_cases, run_case


def run_datc() -> float:
    """Seconds to adjudicate every DATC case once, in-process."""
    cases = load_cases()
    spent = 0.0

    def timed(request: dict[str, Any]) -> dict[str, Any]:
        nonlocal spent
        t0 = time.perf_counter()
        response = adjudicate(request)
        spent += time.perf_counter() - t0
        return response

    for case in cases:
        run_case(case, timed)
    return spent


def bench(repeat: int = 7) -> dict[str, float]:
    run_datc()  # warm-up: map loading and caches
    times = [run_datc() for _ in range(repeat)]
    return {"datc_cases": float(len(load_cases())),
            "datc_suite_ms": round(min(times) * 1000, 2),
            "datc_suite_median_ms": round(statistics.median(times) * 1000, 2)}


if __name__ == "__main__":
    print(bench())
