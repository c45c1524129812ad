"""A bot process killed with ``kill -9`` takes its render processes with it: none lives on
under init. The killed process is a real Python process holding the bot's render pool
(``bot.render_pool.RenderPool``, as ``run`` and ``worker`` hold it), its workers started."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import asyncio, sys, time
from bot.render_pool import RenderPool
pool = RenderPool(2, warm=False)
asyncio.run(pool.warm_up())
print("ready", flush=True)
time.sleep(120)
"""


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def test_render_processes_end_with_a_killed_bot(tmp_path: Path) -> None:
    await asyncio.wait_for(_kill_and_watch(tmp_path), 120)


async def _kill_and_watch(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    with out.open("wb") as sink:  # a file, not a pipe: a surviving child would hold a pipe
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", HOLDER, cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=sink,
            stderr=asyncio.subprocess.STDOUT)
    renderers: list[int] = []
    try:
        for _ in range(600):
            if out.read_bytes() == b"ready\n":
                break
            assert proc.returncode is None, out.read_text()
            await asyncio.sleep(0.1)
        for _ in range(600):
            renderers = [c for c in children(proc.pid)
                         if b"multiprocessing.spawn" in Path(f"/proc/{c}/cmdline").read_bytes()]
            if len(renderers) == 2:
                break
            assert proc.returncode is None
            await asyncio.sleep(0.1)
        assert len(renderers) == 2, "the pool never started its render processes"
        os.kill(proc.pid, signal.SIGKILL)
        await proc.wait()
        for _ in range(100):
            if not any(alive(pid) for pid in renderers):
                break
            await asyncio.sleep(0.1)
        assert not any(alive(pid) for pid in renderers), "render processes outlived the bot"
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        for pid in renderers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
