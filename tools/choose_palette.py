"""Choose power colours whose land fills (the colour lightened for dark labels, see
``engine.render.palette._tint``) differ enough, each colour staying as close as it can to the
one it replaces (a power keeps its look). What "enough" means, in CIEDE2000
(``requirements``; ``tests/engine/test_render_colours.py`` holds every map to it):

- a map of at most seven powers: every pair ≥ 20;
- a larger map (L'Impérialisme): powers whose starting territories lie within two steps
  (a border, or a shared sea) ≥ 20, any two ≥ 12;
- the colour-blind palette also keeps those pairs (the ≥ 20 ones) ≥ 10 apart under
  simulated protanopia, deuteranopia and tritanopia (``colorspacious``, severity 100);
- unit colours (the icons) ≥ 10 apart.

    .venv/bin/python -m tools.choose_palette standard classic
    .venv/bin/python -m tools.choose_palette standard imperialisme
    .venv/bin/python -m tools.choose_palette colorblind       (both maps: they share colours)

Prints the colours; they are written by hand into assets/maps/<map>/map.json (standard) or
``engine.render.palette`` (colour-blind). Deterministic (seeded search)."""

from __future__ import annotations

import itertools
import json
import random
import sys
from functools import cache
from pathlib import Path

import numpy as np
from colorspacious import cspace_convert

from engine.render.palette import COLORBLIND_CLASSIC, RGB, Palette, _tint, hex_rgb, luminance

ROOT = Path(__file__).resolve().parents[1]
CVD = ("protanomaly", "deuteranomaly", "tritanomaly")
NEAR_DE, ANY_DE, CVD_DE, UNIT_DE = 20.0, 12.0, 10.0, 10.0
GROUND_DE = 12.0  # a power's land against neutral land and the sea
GROUNDS: tuple[RGB, ...] = (Palette(name="").neutral, Palette(name="").sea)
SMALL_MAP = 7  # powers: every pair is "near"
DRIFT = 0.3  # weight of the distance to the starting colours (a power keeps its look)


def _map(map_name: str) -> dict[str, object]:
    data = json.loads((ROOT / "assets" / "maps" / map_name / "map.json").read_text())
    assert isinstance(data, dict)
    return data


@cache
def near_pairs(map_name: str) -> frozenset[tuple[str, str]]:
    """Pairs of powers (sorted ids) that must differ most: all of a small map's; on a larger
    one those whose starting territories lie within two steps (a border, or a sea both
    touch)."""
    data = _map(map_name)
    ids = [str(p["id"]) for p in data["powers"]]  # type: ignore[attr-defined]
    if len(ids) <= SMALL_MAP or "territories" not in data:
        return frozenset(tuple(sorted(p)) for p in itertools.combinations(ids, 2))  # type: ignore[misc]
    adj: dict[str, set[str]] = {}

    def link(a: str, b: str) -> None:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)

    for a, b in data["land_borders"]:  # type: ignore[attr-defined]
        link(a, b)
    for t, seas in data["sea_contacts"].items():  # type: ignore[attr-defined]
        for s in seas:
            link(t, s)
    owner = {t["id"]: t.get("owner") for t in data["territories"]}  # type: ignore[attr-defined]
    out: set[tuple[str, str]] = set()
    for t, o in owner.items():
        if not o:
            continue
        reach = set(adj.get(t, ()))
        for x in list(reach):
            reach |= adj.get(x, set())
        out |= {tuple(sorted((o, owner[u]))) for u in reach  # type: ignore[misc]
                if owner.get(u) and owner[u] != o}
    return frozenset(out)


def requirements(map_name: str) -> list[tuple[str, str, float, bool]]:
    """(power, power, least ΔE00 of their land fills, checked under CVD too) for every pair
    of the map's powers."""
    ids = [str(p["id"]) for p in _map(map_name)["powers"]]  # type: ignore[attr-defined]
    near = near_pairs(map_name)
    out = []
    for a, b in itertools.combinations(ids, 2):
        close = tuple(sorted((a, b))) in near
        out.append((a, b, NEAR_DE if close else ANY_DE, close))
    return out


# -- CIEDE2000 on arrays (the search; the tests check with coloraide) -------------------------

def _lab(rgb: np.ndarray) -> np.ndarray:
    return np.asarray(cspace_convert(rgb / 255.0, "sRGB1", "CIELab"))


def _cvd(rgb: np.ndarray, kind: str) -> np.ndarray:
    sim = cspace_convert(rgb / 255.0, {"name": "sRGB1+CVD", "cvd_type": kind,
                                       "severity": 100}, "sRGB1")
    return np.clip(np.asarray(sim), 0, 1) * 255.0


def de2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIEDE2000 (Sharma, Wu and Dalal 2005) of rows of L*a*b*."""
    L1, a1, b1 = lab1.T
    L2, a2, b2 = lab2.T
    C1, C2 = np.hypot(a1, b1), np.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - np.sqrt(Cm ** 7 / (Cm ** 7 + 25.0 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, C2p - C1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(C1p * C2p == 0, 0, dh)
    dHp = 2 * np.sqrt(C1p * C2p) * np.sin(np.radians(dh / 2))
    Lm, Cmp = (L1 + L2) / 2, (C1p + C2p) / 2
    hs = h1p + h2p
    hm = np.where(np.abs(h1p - h2p) > 180, np.where(hs < 360, hs + 360, hs - 360), hs) / 2
    hm = np.where(C1p * C2p == 0, hs, hm)
    T = (1 - 0.17 * np.cos(np.radians(hm - 30)) + 0.24 * np.cos(np.radians(2 * hm))
         + 0.32 * np.cos(np.radians(3 * hm + 6)) - 0.20 * np.cos(np.radians(4 * hm - 63)))
    dtheta = 30 * np.exp(-(((hm - 275) / 25) ** 2))
    Rc = 2 * np.sqrt(Cmp ** 7 / (Cmp ** 7 + 25.0 ** 7))
    Sl = 1 + 0.015 * (Lm - 50) ** 2 / np.sqrt(20 + (Lm - 50) ** 2)
    Sc, Sh = 1 + 0.045 * Cmp, 1 + 0.015 * Cmp * T
    Rt = -np.sin(np.radians(2 * dtheta)) * Rc
    return np.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2
                   + Rt * (dCp / Sc) * (dHp / Sh))


class Problem:
    """Colours of ``ids`` against the requirements of ``maps`` (ids missing from a map are
    not in its pairs); ``cvd``: the colour-blind palette's extra checks."""

    def __init__(self, ids: list[str], maps: list[str], cvd: bool, margin: float = 1.0):
        self.ids = ids
        pos = {p: i for i, p in enumerate(ids)}
        rows: dict[tuple[int, int], tuple[float, bool]] = {}
        for m in maps:
            for a, b, least, close in requirements(m):
                if a in pos and b in pos:
                    key = tuple(sorted((pos[a], pos[b])))
                    old = rows.get(key, (0.0, False))  # type: ignore[arg-type]
                    rows[key] = (max(old[0], least), old[1] or close)  # type: ignore[index]
        keys = sorted(rows)
        self.i = np.array([k[0] for k in keys])
        self.j = np.array([k[1] for k in keys])
        self.least = np.array([rows[k][0] for k in keys]) + margin
        self.cvd_rows = np.array([rows[k][1] and cvd for k in keys])
        self.cvd = cvd
        self.margin = margin
        # L'Impérialisme's own checks of its map.json colours (tests/engine/variants/
        # imperialisme/test_imperialisme_map.py): black text reads on each (≥ 4.5:1), any
        # two ≥ 40 apart in RGB, land neighbours ≥ 50
        self.raw = not cvd and "imperialisme" in maps
        if self.raw:
            data = _map("imperialisme")
            own = {t["id"]: t.get("owner") for t in data["territories"]}  # type: ignore[attr-defined]
            borders = {tuple(sorted((pos[own[a]], pos[own[b]])))
                       for a, b in data["land_borders"]  # type: ignore[attr-defined]
                       if own.get(a) and own.get(b) and own[a] != own[b]
                       and own[a] in pos and own[b] in pos}
            self.rgb_least = np.array([50.0 if k in borders else 40.0 for k in keys]) + 1

    def shortfall(self, colours: np.ndarray) -> float:
        fills = np.array([_tint(tuple(int(v) for v in c), (0, 0, 0)) for c in colours],  # type: ignore[arg-type]
                         dtype=float)
        lab = _lab(fills)
        miss = np.maximum(0, self.least - de2000(lab[self.i], lab[self.j])).sum()
        grounds = _lab(np.array(GROUNDS, dtype=float))
        for g in grounds:
            miss += np.maximum(0, GROUND_DE + self.margin
                               - de2000(lab, np.repeat(g[None, :], len(lab), 0))).sum()
        units = _lab(colours.astype(float))
        miss += np.maximum(0, UNIT_DE + self.margin
                           - de2000(units[self.i], units[self.j])).sum()
        if self.raw:
            lum = np.array([luminance(tuple(int(v) for v in c)) for c in colours])  # type: ignore[arg-type]
            miss += np.maximum(0, 4.6 - (lum + 0.05) / 0.05).sum() * 5
            rgb = np.linalg.norm(colours[self.i].astype(float) - colours[self.j], axis=1)
            miss += np.maximum(0, self.rgb_least - rgb).sum() * 0.2
        if self.cvd:
            for kind in CVD:
                sim = _lab(_cvd(fills, kind))
                d = de2000(sim[self.i], sim[self.j])
                miss += np.maximum(0, CVD_DE + self.margin - d)[self.cvd_rows].sum()
        return float(miss)


def search(problem: Problem, start: list[RGB], fixed: set[int], seed: int = 1,
           steps: int = 20000) -> list[RGB]:
    """Random steps that never increase the shortfall plus a small pull towards the
    starting colours."""
    rng = random.Random(seed)
    origin = _lab(np.array(start, dtype=float))

    def score(cs: np.ndarray) -> float:
        drift = de2000(_lab(cs.astype(float)), origin).mean()
        return problem.shortfall(cs) * 10 + drift * DRIFT

    best = np.array(start, dtype=int)
    best_score = score(best)
    free = [i for i in range(len(start)) if i not in fixed]
    for _ in range(steps):
        cand = best.copy()
        i = rng.choice(free)
        step = rng.choice((6, 16, 40, 90))
        cand[i] = np.clip(cand[i] + [rng.randint(-step, step) for _ in range(3)], 0, 255)
        s = score(cand)
        if s <= best_score:
            best, best_score = cand, s
    return [tuple(int(v) for v in c) for c in best]  # type: ignore[misc]


def main(argv: list[str]) -> int:
    palette = argv[0]
    if palette == "standard":
        map_name = argv[1]
        powers = _map(map_name)["powers"]  # type: ignore[assignment]
        ids = [str(p["id"]) for p in powers]  # type: ignore[attr-defined]
        start = [hex_rgb(str(p["color"])) for p in powers]  # type: ignore[attr-defined]
        problem = Problem(ids, [map_name], cvd=False)
    else:
        from engine.render.palette import _EXTRA_CB

        big = [str(p["id"]) for p in _map("imperialisme")["powers"]]  # type: ignore[attr-defined]
        ids = list(COLORBLIND_CLASSIC) + [p for p in big if p not in COLORBLIND_CLASSIC]
        start = [COLORBLIND_CLASSIC[p] for p in COLORBLIND_CLASSIC] + list(_EXTRA_CB)
        problem = Problem(ids, ["classic", "imperialisme"], cvd=True)
    print(f"before: shortfall {problem.shortfall(np.array(start)):.1f}", file=sys.stderr)
    chosen = search(problem, start, set(), seed=int(argv[2]) if len(argv) > 2 else 1)
    print(f"after: shortfall {problem.shortfall(np.array(chosen)):.1f}", file=sys.stderr)
    for pid, c in zip(ids, chosen, strict=True):
        print(pid, "#{:02x}{:02x}{:02x}".format(*c), c)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
