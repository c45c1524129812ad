"""Render budget (docs/BENCHMARKS.md): a classic map with 34 units and all their orders, ≥ 1600 px
wide, render + encode ≤ 60 ms median, PNG ≤ 500 KB. ``tools/bench.py`` calls ``bench_render()``."""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.render.core import render_map


def _o(power: str, kind: str, unit_type: str | None, location: str, target: str | None = None,
       aux: str | None = None, status: str = "succeeds", via_convoy: bool = False) -> dict[str, Any]:
    return {"power": power, "kind": kind, "unit_type": unit_type, "location": location,
            "target": target, "aux": aux, "via_convoy": via_convoy, "status": status}


def busy_position() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A Fall 1904-like position: 34 units, every one ordered (moves, supports to move and to
    hold, a three-fleet convoy, failures)."""
    units = [
        ("england", "F", "nwg"), ("england", "F", "nth"), ("england", "A", "yor"),
        ("england", "F", "eng"), ("england", "F", "ska"),
        ("france", "A", "bur"), ("france", "A", "pic"), ("france", "F", "mao"),
        ("france", "F", "bre"), ("france", "A", "mar"),
        ("germany", "A", "mun"), ("germany", "A", "ruh"), ("germany", "F", "hol"),
        ("germany", "F", "den"), ("germany", "A", "sil"),
        ("italy", "A", "tyr"), ("italy", "A", "ven"), ("italy", "F", "tys"),
        ("italy", "F", "ion"), ("italy", "A", "tun"),
        ("austria", "A", "vie"), ("austria", "A", "bud"), ("austria", "A", "ser"),
        ("austria", "F", "alb"), ("austria", "A", "gal"),
        ("russia", "A", "war"), ("russia", "A", "ukr"), ("russia", "F", "sev"),
        ("russia", "F", "stp/sc"), ("russia", "A", "mos"),
        ("turkey", "F", "bla"), ("turkey", "A", "bul"), ("turkey", "F", "aeg"),
        ("turkey", "A", "arm"),
    ]
    centers = {
        "england": ["edi", "lon", "lvp", "nwy", "swe"],
        "france": ["bre", "mar", "par", "spa", "por"],
        "germany": ["ber", "kie", "mun", "hol", "den"],
        "italy": ["nap", "rom", "ven", "tun", "gre"],
        "austria": ["bud", "tri", "vie", "ser", "bel"],
        "russia": ["mos", "sev", "stp", "war", "rum"],
        "turkey": ["ank", "con", "smy", "bul"],
    }
    state = {"variant": "classic", "phase": "F1904M",
             "units": [{"power": p, "type": t, "location": loc} for p, t, loc in units],
             "dislodged": [], "contested": [], "centers": centers}
    orders = [
        _o("england", "convoy", "F", "nth", "nwy", "yor"),
        _o("england", "convoy", "F", "nwg", "nwy", "yor"),
        _o("england", "move", "A", "yor", "nwy", via_convoy=True),
        _o("england", "move", "F", "eng", "bel", status="fails"),
        _o("england", "support", "F", "ska", "nwy", "yor"),
        _o("france", "move", "A", "bur", "mun", status="fails"),
        _o("france", "support", "A", "pic", "bel", "eng"),
        _o("france", "move", "F", "mao", "spa/nc"),
        _o("france", "support", "F", "bre", None, "pic"),
        _o("france", "support", "A", "mar", "mun", "bur"),
        _o("germany", "hold", "A", "mun"),
        _o("germany", "support", "A", "ruh", None, "mun"),
        _o("germany", "move", "F", "hol", "bel", status="fails"),
        _o("germany", "move", "F", "den", "swe"),
        _o("germany", "support", "A", "sil", None, "mun"),
        _o("italy", "move", "A", "tyr", "vie", status="fails"),
        _o("italy", "support", "A", "ven", "vie", "tyr"),
        _o("italy", "move", "F", "tys", "wes"),
        _o("italy", "move", "F", "ion", "gre"),
        _o("italy", "hold", "A", "tun"),
        _o("austria", "hold", "A", "vie"),
        _o("austria", "move", "A", "bud", "rum", status="fails"),
        _o("austria", "support", "A", "ser", "rum", "bud"),
        _o("austria", "move", "F", "alb", "gre", status="fails"),
        _o("austria", "support", "A", "gal", None, "vie"),
        _o("russia", "move", "A", "war", "gal", status="fails"),
        _o("russia", "move", "A", "ukr", "rum"),
        _o("russia", "support", "F", "sev", "rum", "ukr"),
        _o("russia", "move", "F", "stp/sc", "bot"),
        _o("russia", "move", "A", "mos", "stp"),
        _o("turkey", "move", "F", "bla", "rum", status="fails"),
        _o("turkey", "support", "A", "bul", "rum", "bla"),
        _o("turkey", "move", "F", "aeg", "eas"),
        _o("turkey", "move", "A", "arm", "sev", status="fails"),
    ]
    return state, orders


def bench_render(runs: int = 30) -> dict[str, Any]:
    """Median and p95 time of render + encode of the busy position (cache warmed first), and
    its median CPU time; ``deflate``: the PNG's compressor (``isal``, or ``zlib`` without the
    package)."""
    import io

    from PIL import Image

    state, orders = busy_position()
    png = render_map(state, orders=orders)  # warm the base-layer and sprite caches
    times, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        png = render_map(state, orders=orders)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    times.sort()
    alt_ms, words_ms = _words_cpu(state, orders, runs)
    with Image.open(io.BytesIO(png)) as im:
        width, height = im.size
    return {"name": "render 34 units + all orders", "runs": runs,
            "median_ms": round(statistics.median(times), 2),
            "p95_ms": round(times[int(len(times) * 0.95) - 1], 2),
            # CPU time: what the render costs when other work shares the cores
            "cpu_median_ms": round(statistics.median(cpu), 2),
            "png_bytes": len(png), "deflate": _deflate_name(), "width": width, "height": height,
            # the map's description and the position in words (engine.describe), French
            "alt_text_cpu_ms": alt_ms, "describe_cpu_ms": words_ms,
            "budget_ms": 60, "budget_bytes": 500_000}


def _words_cpu(state: dict[str, Any], orders: list[dict[str, Any]],
               runs: int) -> tuple[float, float]:
    """Median CPU time of the busy position's alt text and its description in words, with
    every order's result (as a results post describes it)."""
    from engine.describe import alt_text, describe

    results = [{"power": o["power"], "status": o["status"], "phase": state["phase"],
                "order": {k: v for k, v in o.items() if k not in ("power", "status")}}
               for o in orders]
    out = []
    for fn in (alt_text, describe):
        fn(state, results, "fr")
        cpu = []
        for _ in range(runs):
            c0 = time.process_time()
            fn(state, results, "fr")
            cpu.append((time.process_time() - c0) * 1000)
        out.append(round(statistics.median(cpu), 3))
    return out[0], out[1]


def _deflate_name() -> str:
    from engine.render import png

    return png._deflate.__name__.rsplit(".", 1)[-1]


if __name__ == "__main__":
    print(bench_render())
