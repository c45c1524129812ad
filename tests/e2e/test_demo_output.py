"""``make demo`` (``python -m tools.demo``): the folder of a variant holds this run's maps only,
the transcript shows dates (never Discord's ``<t:…>`` markup), and the checkout is left as it
was (no ``data/secret.key``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tools.demo import readable

ROOT = Path(__file__).resolve().parents[2]


def test_discord_timestamps_read_as_dates() -> None:
    assert readable("until <t:1893499200:F> (<t:1893499200:R>)") == \
        "until Tuesday 01 January 2030 12:00 UTC (2030-01-01 12:00 UTC)"


def test_the_demo_writes_its_maps_only_and_nothing_else(tmp_path: Path) -> None:
    stale = tmp_path / "out" / "duel" / "99.png"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"an earlier run")
    proc = subprocess.run([sys.executable, "-m", "tools.demo", "duel"], cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    maps = sorted(p.name for p in (tmp_path / "out" / "duel").iterdir())
    assert maps and "99.png" not in maps and maps[0] == "01.png"
    assert "<t:" not in proc.stdout and " UTC" in proc.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # no data/secret.key


def test_the_imperialisme_demo_plays_the_same_crises_each_run(tmp_path: Path) -> None:
    """Its crises come from a fixed chain of seeds: a drawn crisis can no longer leave the
    scripted declarations that follow without a border (the demo then stopped)."""
    runs = []
    for _ in range(2):
        proc = subprocess.run([sys.executable, "-m", "tools.demo", "imperialisme"],
                              cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
                              capture_output=True, text=True, timeout=300, check=False)
        assert proc.returncode == 0, proc.stderr[-2000:]
        runs.append([line for line in proc.stdout.splitlines() if "Crisis" in line
                     and "drawn" in line])
    assert runs[0] and runs[0] == runs[1]
