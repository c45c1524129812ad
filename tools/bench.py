"""All budgets of docs/BENCHMARKS.md, measured: ``make bench`` (figures go in docs/BENCHMARKS.md).

Each section lives in its own module (tools/bench_*.py) and returns a dict of figures; this
script runs them in turn and prints one JSON object, with the budget beside each figure.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from typing import Any

# (module, function, budgets: figure -> (comparison, limit))
SECTIONS: list[tuple[str, str, dict[str, tuple[str, float]]]] = [
    ("tools.bench_engine", "bench", {"resolve_34_units_ms": ("<=", 0.3)}),
    # engine.api.adjudicate over the diplomacy package (load + process + get_state), same
    # phases, one run (the package in a throw-away venv; skipped without network)
    ("tools.bench_engine", "compare", {"ratio_structured": ("<=", 0.1),
                                       "ratio_text": ("<=", 0.1),
                                       "ratio_structured_unseen": ("<=", 0.1)}),
    ("tools.bench_datc", "bench", {"datc_suite_ms": ("<=", 100.0)}),
    # the worst sheet of orders within Discord's limits (CPU: the wall time on a shared
    # machine includes waiting for a core)
    ("tools.bench_orders_input", "bench", {"worst_sheet_cpu_ms": ("<=", 20.0)}),
    ("tools.bench_render", "bench_render", {"median_ms": ("<=", 60.0),
                                            "cpu_median_ms": ("<=", 20.0),
                                            "alt_text_cpu_ms": ("<=", 2.0),
                                            "describe_cpu_ms": ("<=", 2.0),
                                            "png_bytes": ("<=", 500_000.0),
                                            "width": (">=", 1600.0)}),
    ("tools.bench_services", "run", {"submits_per_s_sequential": (">=", 300.0),
                                     "turn_ms_median": ("<=", 250.0),
                                     "idle_heap_growth_bytes_per_game": ("<=", 8.0)}),
    ("tools.bench_bot", "bench", {"bot_order_submissions_per_s": (">=", 300.0)}),
    # the first answer of every interaction of a freshly started bot process: 30 games,
    # 660 interactions over 5 s and a deadline storm of 50 turns; PostgreSQL too when
    # TEST_POSTGRES_URL is set
    ("tools.bench_interactions", "bench", {
        f"{db}_{run}_{figure}": ("<=", limit)
        for db in ("sqlite", "postgresql") for run in ("cold", "warm")
        for figure, limit in (("p99_ms", 1000.0), ("max_ms", 2500.0), ("unanswered", 0.0))}),
    # /game timelapse of a 20-year game (60 frames), GIF as the command sends by default
    ("tools.bench_timelapse", "bench", {"gif_cpu_s": ("<=", 3.0), "gif_mb": ("<=", 10.0),
                                        "webp_mb": ("<=", 10.0)}),
    # the bot player on the classic board: 200 games of 20 years per line (tools/bench_bots.py)
    ("tools.bench_bots", "bench", {"hold_solo_pct": (">=", 90.0),
                                   "random_mean_centres_1911": (">=", 12.0),
                                   "random_solo_pct": (">=", 50.0),
                                   "bots_illegal_orders": ("<=", 0.0),
                                   "bots_crashes": ("<=", 0.0),
                                   "cpu_ms_median": ("<=", 10.0),
                                   "cpu_ms_worst": ("<=", 50.0)}),
    # 1k and 10k active games (python -m tools.bench_scale goes to 100k); PostgreSQL too
    # when TEST_POSTGRES_URL is set
    ("tools.bench_scale", "run", {
        **{f"{db}_10000_next_due_ms": ("<=", 1.0) for db in ("sqlite", "postgresql")},
        "sqlite_10000_submit_ms": ("<=", 1.5), "postgresql_10000_submit_ms": ("<=", 3.0),
        **{f"{db}_10000_status_ms": ("<=", 5.0) for db in ("sqlite", "postgresql")},
        **{f"{db}_10000_turn_post_ms": ("<=", 30.0) for db in ("sqlite", "postgresql")}}),
    # the web board against python -m bot web, in headless Chromium (tools/bench_web.py)
    ("tools.bench_web", "bench", {"first_load_kb": ("<=", 250.0), "update_kb": ("<=", 20.0),
                                  "first_board_ms": ("<=", 300.0),
                                  "click_to_lit_ms": ("<=", 16.0),
                                  "send_to_confirmation_ms": ("<=", 50.0),
                                  "state_requests_per_s": (">=", 1000.0)}),
]


def main(argv: list[str]) -> int:
    only = set(argv)
    report: dict[str, Any] = {}
    for module, func, budgets in SECTIONS:
        name = module.rsplit(".", 1)[1]
        if any(m == module for m, _f, _b in SECTIONS[:SECTIONS.index((module, func, budgets))]):
            name += f"_{func}"  # a second section of one module: bench_engine_compare
        if only and name not in only:
            continue
        try:
            fn = getattr(importlib.import_module(module), func)
        except (ImportError, AttributeError) as exc:
            report[name] = {"skipped": str(exc)}
            continue
        t0 = time.perf_counter()
        figures = fn()
        section: dict[str, Any] = {"figures": figures,
                                   "seconds": round(time.perf_counter() - t0, 1)}
        verdicts = {}
        for key, (op, limit) in budgets.items():
            if key in figures:
                value = figures[key]
                ok = value <= limit if op == "<=" else value >= limit
                verdicts[key] = f"{value:.3g} {op} {limit:g}: {'ok' if ok else 'OVER BUDGET'}"
        section["budgets"] = verdicts
        report[name] = section
        print(f"{name}: {json.dumps(section)}", file=sys.stderr)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
