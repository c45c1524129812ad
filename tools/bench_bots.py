"""The bot player's budgets (engine/bots), on the classic board, fixed seeds:

- one bot against six powers that only hold: a solo in >= 90 % of the games;
- one bot against six uniform-random players (one legal order per unit): >= 12 centres on
  average at the end of 1911, a solo in >= 50 % of the games by 1920;
- seven bots: every order legal, no game crashes, the distribution of the results;
- the bot's CPU time per power and phase: median <= 10 ms, worst <= 50 ms (one core).

Each line is a number of games of 20 years (the bot's power turns through the seven); the
games are shared between processes (``--workers``, both cores by default).

    .venv/bin/python -m tools.bench_bots [--games 200] [--years 20] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
import traceback
from collections import Counter
from multiprocessing import Pool
from typing import Any

from engine.bots.selfplay import play
from engine.maps import load_map

POWERS = load_map("classic").power_ids
LINES = ("hold", "random", "bots")


def _one(job: tuple[str, int, int]) -> dict[str, Any]:
    line, index, years = job
    me = POWERS[index % len(POWERS)]
    kinds = {p: "bot" for p in POWERS} if line == "bots" else \
        {p: ("bot" if p == me else line) for p in POWERS}
    try:
        game = play(kinds, years=years, seed=10_000 * LINES.index(line) + index)
    except Exception:  # a crash is a figure of the bench, not its end
        return {"line": line, "crash": traceback.format_exc(limit=3)}
    result = game.result or {}
    centres_1911 = next((c.get(me, 0) for y, c in game.years if y == 1911), None)
    if centres_1911 is None:  # over before 1911: the centres it ended with
        centres_1911 = game.years[-1][1].get(me, 0) if game.years else 0
    solo = result.get("winner") if "reason" not in result else None
    return {"line": line, "power": me, "solo": solo, "result": result,
            "centres_1911": centres_1911, "cpu": game.bot_cpu_ms, "illegal": game.illegal,
            "phases": game.phases}


def run(games: int = 200, years: int = 20, workers: int = 2,
        lines: tuple[str, ...] = LINES) -> dict[str, Any]:
    jobs = [(line, i, years) for line in lines for i in range(games)]
    with Pool(workers) as pool:
        done = pool.map(_one, jobs, chunksize=4)
    figures: dict[str, Any] = {}
    cpu: list[float] = []
    for line in lines:
        rows = [r for r in done if r["line"] == line]
        fine = [r for r in rows if "crash" not in r]
        crashes = len(rows) - len(fine)
        for r in fine:
            cpu += r["cpu"]
        figures[f"{line}_games"] = len(rows)
        figures[f"{line}_crashes"] = crashes
        figures[f"{line}_illegal_orders"] = sum(r["illegal"] for r in fine)
        if line != "bots":
            figures[f"{line}_solo_pct"] = round(100 * sum(
                1 for r in fine if r["solo"] == r["power"]) / max(len(rows), 1), 1)
            figures[f"{line}_mean_centres_1911"] = round(statistics.mean(
                r["centres_1911"] for r in fine), 2) if fine else 0.0
        else:
            outcome: Counter[str] = Counter()
            for r in fine:
                res = r["result"]
                if "reason" not in res and res.get("winner"):
                    outcome[f"solo {res['winner']}"] += 1
                elif res.get("winner"):
                    outcome["most centres in 1920, alone"] += 1
                else:
                    outcome[f"{len(res.get('draw', []))} share the lead in 1920"] += 1
            figures["bots_results"] = dict(sorted(outcome.items()))
    figures["calls"] = len(cpu)
    figures["cpu_ms_median"] = round(statistics.median(cpu), 2) if cpu else 0.0
    figures["cpu_ms_p99"] = round(sorted(cpu)[int(0.99 * (len(cpu) - 1))], 2) if cpu else 0.0
    figures["cpu_ms_worst"] = round(max(cpu), 2) if cpu else 0.0
    return figures


def bench() -> dict[str, Any]:
    """The section of ``make bench`` (tools/bench.py)."""
    return run()


def report(figures: dict[str, Any]) -> str:
    out = []
    if "hold_games" in figures:
        out.append(f"one bot vs six holders ({figures['hold_games']} games): solo "
                   f"{figures['hold_solo_pct']} % (budget >= 90 %)")
    if "random_games" in figures:
        out.append(f"one bot vs six random players ({figures['random_games']} games): "
                   f"{figures['random_mean_centres_1911']} centres in 1911 (>= 12), solo "
                   f"{figures['random_solo_pct']} % by 1920 (>= 50 %)")
    if "bots_games" in figures:
        out.append(f"seven bots ({figures['bots_games']} games): "
                   f"{figures['bots_illegal_orders']} illegal orders, "
                   f"{figures['bots_crashes']} crashes; results {figures['bots_results']}")
    crashes = sum(v for k, v in figures.items() if k.endswith("_crashes"))
    out.append(f"bot CPU per power and phase ({figures['calls']} calls, {crashes} crashed "
               f"games): median {figures['cpu_ms_median']} ms (<= 10), p99 "
               f"{figures['cpu_ms_p99']} ms, worst {figures['cpu_ms_worst']} ms (<= 50)")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--years", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--lines", default=",".join(LINES))
    args = parser.parse_args()
    print(report(run(args.games, args.years, args.workers,
                     tuple(x for x in args.lines.split(",") if x))))


if __name__ == "__main__":
    main()
