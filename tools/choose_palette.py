"""Choose power colours whose land fills (the colour lightened for dark labels, see
``engine.render.palette._tint``) stay at least ``MIN_DE`` CIEDE2000 apart, pair by pair, while
each colour stays as close as it can to the one it replaces (a power keeps its look).

    .venv/bin/python -m tools.choose_palette imperialisme standard
    .venv/bin/python -m tools.choose_palette imperialisme colorblind

Prints the colours; they are written by hand into assets/maps/<map>/map.json (standard) or
``engine.render.palette._EXTRA_CB`` (colour-blind extras). Deterministic (seeded search)."""

from __future__ import annotations

import itertools
import json
import random
import sys
from pathlib import Path

from coloraide import Color

from engine.render.palette import COLORBLIND_CLASSIC, RGB, _tint, hex_rgb

MIN_DE = 10.0  # tests/engine/test_render_colours.py holds every map to it
ROOT = Path(__file__).resolve().parents[1]


def _lab(rgb: RGB) -> Color:
    return Color("srgb", [v / 255 for v in rgb]).convert("lab-d65")


def worst(colors: list[RGB]) -> float:
    fills = [_lab(_tint(c, (0, 0, 0))) for c in colors]
    return min(a.delta_e(b, method="2000") for a, b in itertools.combinations(fills, 2))


def drift(a: RGB, b: RGB) -> float:
    return float(_lab(a).delta_e(_lab(b), method="2000"))


def search(start: list[RGB], fixed: set[int], seed: int = 1, steps: int = 6000) -> list[RGB]:
    rng = random.Random(seed)
    best = list(start)

    def score(cs: list[RGB]) -> float:
        # separation first; then stay near the original colours
        sep = worst(cs)
        near = sum(drift(c, s) for c, s in zip(cs, start, strict=True)) / len(cs)
        return min(sep, MIN_DE + 1.0) * 10 - near * 0.2 + (sep > MIN_DE) * 5

    best_score = score(best)
    free = [i for i in range(len(start)) if i not in fixed]
    for _ in range(steps):
        cand = list(best)
        i = rng.choice(free)
        step = rng.choice((12, 24, 48))
        cand[i] = tuple(max(0, min(255, v + rng.randint(-step, step))) for v in cand[i])  # type: ignore[assignment]
        s = score(cand)
        if s >= best_score:
            best, best_score = cand, s
    return best


def main(argv: list[str]) -> int:
    map_name, palette = argv[0], argv[1]
    data = json.loads((ROOT / "assets" / "maps" / map_name / "map.json").read_text())
    ids = [p["id"] for p in data["powers"]]
    if palette == "standard":
        start = [hex_rgb(p["color"]) for p in data["powers"]]
        fixed: set[int] = set()
    else:
        from engine.render.palette import _EXTRA_CB

        extra = iter(_EXTRA_CB)
        start = [COLORBLIND_CLASSIC.get(pid) or next(extra) for pid in ids]
        fixed = {i for i, pid in enumerate(ids) if pid in COLORBLIND_CLASSIC}
    print(f"before: worst ΔE00 {worst(start):.1f}", file=sys.stderr)
    if len(fixed) == len(start):
        return 0
    chosen = search(start, fixed)
    print(f"after: worst ΔE00 {worst(chosen):.1f}", file=sys.stderr)
    for pid, c in zip(ids, chosen, strict=True):
        print(pid, "#{:02x}{:02x}{:02x}".format(*c), c)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
