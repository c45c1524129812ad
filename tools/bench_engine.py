"""Engine benchmarks: a 34-unit movement phase (resolver alone and through the JSON API), and
``engine.api.adjudicate`` side by side with the ``diplomacy`` package on the same phases
(``compare``: that package is AGPL and never a dependency — it is installed in a throw-away
environment and run there as a subprocess, ``tools/bench_diplomacy_pkg.py``)."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from engine import api
from engine.maps import Kind, load_map
from engine.orders.legal import legal_orders
from engine.orders.state import state_from_json
from engine.orders.types import Convoy, Hold, Move, Order, Support, format_order
from engine.orders.validate import check_order
from engine.variants.classic.adjudicate import resolve_movement

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


def phases(n: int = 50, first: int = 0) -> list[dict[str, Any]]:
    reqs = []
    for i in range(first, first + n):
        st = full_board(i)
        reqs.append({"state": st, "orders": random_orders(st, i)})
    return reqs


def structured(req: dict[str, Any]) -> dict[str, Any]:
    """The request as the bot sends it: each power's orders as ``check_orders`` read them when
    they were submitted (each line's ORDER with its text), so the engine parses nothing."""
    orders = []
    for entry in req["orders"]:
        checked = api.check_orders(req["state"], entry["power"], entry["text"])
        orders.append({"power": entry["power"], "text": entry["text"],
                       "orders": [{**line["order"], "text": line["text"]}
                                  for line in checked["lines"] if line["ok"]]})
    return {**req, "orders": orders}


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
        from engine.orders.parse import parse_orders

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


# -- side by side with the diplomacy package -------------------------------------------------
# the throw-away environment holding the package: created once, never the project's .venv
DIPLOMACY_VENV = Path(os.environ.get("DIPLOMACY_BENCH_VENV", "/tmp/diplomacy-bench-venv"))
PKG_SCRIPT = Path(__file__).resolve().parent / "bench_diplomacy_pkg.py"


def diplomacy_python(venv: Path = DIPLOMACY_VENV) -> tuple[Path | None, str]:
    """The interpreter of the throw-away environment with ``diplomacy`` installed (created on
    first use), or None and why it could not be had (no network, no venv module…)."""
    python = venv / "bin" / "python"

    def importable() -> bool:
        return python.exists() and subprocess.run(
            [str(python), "-c", "import diplomacy"], capture_output=True,
            timeout=120).returncode == 0

    try:
        if importable():
            return python, ""
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True,
                           capture_output=True, timeout=300)
        done = subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                               "--disable-pip-version-check", "diplomacy"],
                              capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["pip failed"]
            return None, f"cannot install the diplomacy package in {venv}: {last[0]}"
        if importable():
            return python, ""
        return None, f"the diplomacy package does not import in {venv}"
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"cannot create {venv} with the diplomacy package: {exc}"


def _cpu(req: dict[str, Any]) -> float:
    """CPU seconds of one ``api.adjudicate`` (CPU time on both sides of the comparison: a
    preemption counts for neither)."""
    t0 = time.thread_time()
    api.adjudicate(req)
    return time.thread_time() - t0


def _timed(reqs: list[dict[str, Any]]) -> list[float]:
    return [_cpu(req) for req in reqs]


def compare(rounds: int = 15, n_phases: int = 50, unseen_per_round: int = 8
            ) -> dict[str, Any]:
    """``engine.api.adjudicate`` and the ``diplomacy`` package on the same phases, side by
    side in one run. Each round, the package (in its own process, kept alive) times one
    pass over the ``n_phases`` phases of tools/bench_phases.json; then our engine times its passes over the same phases (after
    one untimed pass): text orders, and orders sent structured as the bot stores them;
    then ``unseen_per_round`` phases never adjudicated before (new positions, new orders:
    nothing read in an earlier pass helps), once each. A round's figure is the median of
    its per-phase CPU times; each figure below is the median over the rounds, in ms, and
    each ratio the median of the rounds' ratios (ours over the package's load +
    ``process()`` + ``get_state()`` in the same round), so that a busy spell of the machine
    weighs on both sides alike."""
    write_phases(n_phases)
    text_reqs = json.loads(PHASES_FILE.read_text())
    struct_reqs = [structured(r) for r in text_reqs]
    for req in text_reqs + struct_reqs:  # warm-up; the answers must agree
        api.adjudicate(req)
    for a, b in zip(text_reqs, struct_reqs, strict=True):
        assert api.adjudicate(a) == api.adjudicate(b), "structured and text orders differ"
    unseen = [structured(r) for r in phases(rounds * unseen_per_round, first=10_000)]
    figures: dict[str, Any] = {"phases": n_phases, "rounds": rounds,
                               "unseen_phases": len(unseen)}
    python, why = diplomacy_python()
    proc = None
    if python is None:
        figures["diplomacy_skipped"] = why
    else:
        proc = subprocess.Popen([str(python), str(PKG_SCRIPT), "--serve"], text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert proc.stdin is not None and proc.stdout is not None
    per_round: dict[str, list[float]] = {k: [] for k in (
        "pkg_full", "pkg_process", "text", "structured", "unseen")}
    try:
        if proc is not None:
            json.loads(proc.stdout.readline())  # type: ignore[union-attr]  # ready
        for r in range(rounds):
            if proc is not None:
                proc.stdin.write(" ".join(map(str, [0, *range(n_phases)])) + "\n")  # type: ignore[union-attr]
                proc.stdin.flush()  # type: ignore[union-attr]
                answer = json.loads(proc.stdout.readline())  # type: ignore[union-attr]
                per_round["pkg_full"].append(statistics.median(answer["full"]))
                per_round["pkg_process"].append(statistics.median(answer["process"]))
            _timed(struct_reqs)  # untimed: back to speed after waiting for the package
            per_round["text"].append(statistics.median(_timed(text_reqs) + _timed(text_reqs)))
            per_round["structured"].append(statistics.median(
                _timed(struct_reqs) + _timed(struct_reqs)))
            per_round["unseen"].append(statistics.median(
                _timed(unseen[r * unseen_per_round:(r + 1) * unseen_per_round])))
    finally:
        if proc is not None:
            proc.stdin.close()  # type: ignore[union-attr]
            proc.wait(timeout=60)
    for key, name in (("text", "api_adjudicate_text_ms"),
                      ("structured", "api_adjudicate_structured_ms"),
                      ("unseen", "api_adjudicate_structured_unseen_ms"),
                      ("pkg_full", "diplomacy_load_process_state_ms"),
                      ("pkg_process", "diplomacy_process_ms")):
        if per_round[key]:
            figures[name] = statistics.median(per_round[key]) * 1000

    def ratio(ours: str, theirs: str = "pkg_full") -> float:
        return statistics.median(o / t for o, t in zip(per_round[ours], per_round[theirs],
                                                       strict=True))

    if per_round["pkg_full"]:
        figures["ratio_structured"] = ratio("structured")
        figures["ratio_text"] = ratio("text")
        figures["ratio_structured_unseen"] = ratio("unseen")
        figures["ratio_structured_vs_bare_process"] = ratio("structured", "pkg_process")
    return figures


def _ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


if __name__ == "__main__":
    print(json.dumps(compare() if sys.argv[1:] == ["compare"] else bench(), indent=1))
