"""The cost of checking one sheet of orders (issue 14 item 1): the worst inputs within
Discord's limits, each bounded (``bot.services.orders.bound_orders``) then, if within the
bounds, checked by the engine as ``/orders submit`` does. Budget: 20 ms per sheet.

    python -m tools.bench_orders_input [--repeat N]

Prints one line per case (characters, refused or checked, median and worst time of N runs)
and exits 1 when a case's median is over the budget."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from bot.services.errors import Invalid
from bot.services.orders import MAX_ORDER_CHARS, MAX_ORDER_LINES, bound_orders
from engine import api as engine_api
from engine.orders.parse import _closest

BUDGET_MS = 20.0


def _random_text(rng: random.Random, length: int, alphabet: Callable[[], str]) -> str:
    return "".join(alphabet() for _ in range(length))


def cases() -> dict[str, str]:
    rng = random.Random(14)
    n = MAX_ORDER_LINES
    width = MAX_ORDER_CHARS // n - 1
    return {
        "q; x 3000 (issue 14)": "q;" * 3000,
        "q\\n x 3000": "q\n" * 3000,
        "separators only ;": ";" * MAX_ORDER_CHARS,
        "separators only ,": "," * MAX_ORDER_CHARS,
        "new lines only": "\n" * MAX_ORDER_CHARS,
        "one very long line": "A par " + "S " * ((MAX_ORDER_CHARS - 6) // 2),
        "one long word": "x" * MAX_ORDER_CHARS,
        "one line of commas": ",".join(["A par - bur"] * (MAX_ORDER_CHARS // 12)),
        f"{n} short wrong lines": "q;" * n,
        f"{n} lines of 10 letters": ";".join(
            _random_text(rng, 10, lambda: rng.choice("abcdefghijklmnopqrstuvwxyz "))
            for _ in range(n)),
        f"{n} lines of {width} letters": ";".join(
            _random_text(rng, width, lambda: rng.choice("abcdefghijklmnopqrstuvwxyz "))
            for _ in range(n)),
        f"{n} lines of {width} unicode": ";".join(
            _random_text(rng, width, lambda: chr(rng.randint(0x20, 0x2FFF)))
            for _ in range(n)),
        f"{n} lines of astral unicode": ";".join(
            _random_text(rng, width // 2, lambda: chr(rng.randint(0x1F300, 0x1FAFF)))
            for _ in range(n)),
        f"{n} supports": ";".join(["F bre S A par - pic"] * n),
        f"{n} long convoys": ";".join(["F nth C A lon - nwy via convoy please now"] * n),
        f"{n} power headers": "\n".join(["France:"] * n),
        "é x 6000": "é" * MAX_ORDER_CHARS,
        "a legal sheet": "A par - bur\nA mar - spa\nF bre - mao",
    }


def measure(state: dict[str, object], text: str,
            repeat: int) -> tuple[str, float, float, float]:
    """(outcome, median ms, worst ms, median CPU ms of this thread) of ``repeat`` runs. The
    CPU time is what the check costs; on a busy machine the wall time adds the wait for a
    core, which no code change removes."""
    times = []
    cpu = []
    outcome = "checked"
    for _ in range(repeat):
        _closest.cache_clear()  # cold: no suggestion remembered from the run before
        start_cpu = time.thread_time()
        start = time.perf_counter()
        try:
            bound_orders(text)
        except Invalid as err:
            outcome = f"refused ({err.code})"
        else:
            engine_api.check_orders(state, "france", text)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
    times.sort()
    cpu.sort()
    return outcome, times[len(times) // 2], times[-1], cpu[len(cpu) // 2]


def bench(repeat: int = 5) -> dict[str, float]:
    """The worst case's median, for ``tools.bench``."""
    state = engine_api.new_game_state("classic")
    engine_api.check_orders(state, "france", "A par - bur")
    figures = [measure(state, text, repeat) for text in cases().values()]
    return {"worst_sheet_cpu_ms": round(max(f[3] for f in figures), 2),
            "worst_sheet_wall_ms": round(max(f[1] for f in figures), 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    state = engine_api.new_game_state("classic")
    engine_api.check_orders(state, "france", "A par - bur")  # maps and tables loaded once
    worst = worst_cpu = 0.0
    print(f"{'case':34} {'chars':>6}  {'outcome':34} {'median ms':>9} {'worst ms':>9} "
          f"{'CPU ms':>7}")
    for name, text in cases().items():
        outcome, median, slowest, cpu = measure(state, text, args.repeat)
        worst, worst_cpu = max(worst, median), max(worst_cpu, cpu)
        print(f"{name:34} {len(text):6d}  {outcome:34} {median:9.2f} {slowest:9.2f} "
              f"{cpu:7.2f}")
    # judged on CPU: the wall time on a shared machine includes waiting for a core
    verdict = "within" if worst_cpu <= BUDGET_MS else "OVER"
    print(f"slowest case {worst:.2f} ms wall, {worst_cpu:.2f} ms CPU (median of "
          f"{args.repeat}; suggestions cold): {verdict} the {BUDGET_MS:.0f} ms budget")
    return 0 if worst_cpu <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
