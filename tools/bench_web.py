"""The web board's budgets, measured against ``python -m bot web`` (one process, a SQLite
file) on loopback, with headless Chromium (Debian's) for what a player sees:

- first load: the page and every asset it fetches, in bytes as transferred (compressed),
  from a browser with an empty cache: <= 250 KB;
- a board update: the board's JSON as the page polls it (gzip when the server compresses):
  <= 20 KB;
- the first board drawn: from the start of the navigation (the personal link, its redirect
  included) to the map drawn (``body[data-ready]``), read in the page: <= 300 ms;
- a click on a unit to its lit targets, measured in the page (performance marks around the
  click's dispatch, then the next animation frame): <= 16 ms;
- Send to its confirmation (the status line saying the orders are saved), in the page:
  <= 50 ms;
- board-state requests per second of one web process (``GET /board/<game>/state`` with a
  player's session, 16 connections): >= 1,000/s; the public state too. Beside it, the
  requests per CPU second of that process (its /proc counters): what it answers with a
  core of its own, when the machine is shared with the client and others.

Medians of ``--runs`` runs (the machine may be shared).

    python -m tools.bench_web [--runs 7] [--seconds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
BUDGETS: dict[str, tuple[str, float]] = {
    "first_load_kb": ("<=", 250.0),
    "update_kb": ("<=", 20.0),
    "first_board_ms": ("<=", 300.0),
    "click_to_lit_ms": ("<=", 16.0),
    "send_to_confirmation_ms": ("<=", 50.0),
    "state_requests_per_s": (">=", 1000.0),
}
UNIT, TARGET = "france A par", "bur"

# in the page before its scripts: when the map is drawn (performance.now() counts from the
# start of the navigation)
READY_PROBE = """
new MutationObserver(function (changes, observer) {
  if (document.body && document.body.getAttribute('data-ready') === '1') {
    window.__drawn = performance.now(); observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""
CLICK = """(unit) => new Promise(function (done) {
  var el = document.querySelector('[data-unit="' + unit + '"]');
  performance.mark('click');
  el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, detail: 1}));
  performance.mark('lit');
  var lit = document.querySelectorAll('[data-province].lit').length;
  requestAnimationFrame(function () {
    performance.mark('frame');
    done({lit: lit, sync: performance.measure('s', 'click', 'lit').duration,
          frame: performance.measure('f', 'click', 'frame').duration});
  });
})"""
SEND = """(saved) => new Promise(function (done) {
  var status = document.getElementById('status');
  var start = 0;
  var observer = new MutationObserver(function () {
    if (status.textContent === saved) { observer.disconnect(); done(performance.now() - start); }
  });
  observer.observe(status, {childList: true, characterData: true, subtree: true});
  status.textContent = '';
  start = performance.now();
  document.getElementById('send').click();
})"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _game(url: str, key: str) -> tuple[int, int]:
    """A started classic game of seven; (its id, France's user)."""
    from bot.db import Database, migrate
    from bot.sealing import Sealer
    from bot.services import games, players

    db = Database(url, sealer=Sealer.from_text(key))
    try:
        await migrate(db)
        game = await games.create_game(db, variant="classic", channel_id=1, gm_user_id=1,
                                       name="Bench")
        for user in range(100, 107):
            await players.join_game(db, game_id=game.id, user_id=user)
        await games.start_game(db, game_id=game.id, user_id=1, seed=1)
        view = await games.get_game(db, game_id=game.id)
    finally:
        await db.dispose()
    (france,) = [p.user_id for p in view.players if "france" in p.powers]
    return game.id, france


async def _wait_up(base: str, proc: subprocess.Popen[bytes]) -> None:
    async with aiohttp.ClientSession() as http:
        for _ in range(300):
            if proc.poll() is not None:
                raise RuntimeError(f"python -m bot web stopped ({proc.returncode})")
            try:
                async with http.get(f"{base}/healthz") as r:
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("python -m bot web did not answer")


async def _session_cookie(base: str, link: str) -> dict[str, str]:
    async with aiohttp.ClientSession() as http, \
            http.get(link.replace(base, base), allow_redirects=False) as r:
        return {k: v.value for k, v in r.cookies.items()}


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _throughput(url: str, cookies: dict[str, str], seconds: float, pid: int,
                      connections: int = 16) -> tuple[float, float]:
    """(requests answered per second, requests per CPU second of the web process): on a
    shared machine the second says what one process answers with a core of its own."""
    done = 0
    end = time.perf_counter() + seconds
    connector = aiohttp.TCPConnector(limit=connections)
    async with aiohttp.ClientSession(connector=connector, cookies=cookies) as http:
        async def worker() -> None:
            nonlocal done
            while time.perf_counter() < end:
                async with http.get(url) as r:
                    await r.read()
                    if r.status != 200:
                        raise RuntimeError(f"{url}: {r.status}")
                done += 1
        start, cpu = time.perf_counter(), _cpu_seconds(pid)
        await asyncio.gather(*(worker() for _ in range(connections)))
        wall, cpu = time.perf_counter() - start, _cpu_seconds(pid) - cpu
        return done / wall, done / max(cpu, 1e-9)


async def _update_bytes(url: str, cookies: dict[str, str]) -> int:
    async with aiohttp.ClientSession(cookies=cookies, auto_decompress=False) as http, \
            http.get(url, headers={"Accept-Encoding": "gzip, deflate, br"}) as r:
        body = await r.read()
        head = sum(len(k) + len(v) + 4 for k, v in r.raw_headers)
        return len(body) + head


async def _browser(base: str, link: str, runs: int) -> dict[str, float]:
    from playwright.async_api import async_playwright

    from bot.i18n import t

    saved = t("web.saved", "en")
    loads: list[int] = []
    drawn: list[float] = []
    clicks: list[float] = []
    frames: list[float] = []
    sends: list[float] = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                           args=["--no-sandbox"])
        try:
            for _ in range(runs):
                context = await browser.new_context(locale="en-GB")
                page = await context.new_page()
                await page.add_init_script(READY_PROBE)
                requests: list[Any] = []

                def keep(request: Any, into: list[Any] = requests) -> None:
                    into.append(request)

                page.on("requestfinished", keep)
                await page.goto(link)
                await page.wait_for_selector("body[data-ready='1']")
                drawn.append(float(await page.evaluate("window.__drawn")))
                total = 0
                for request in requests:
                    sizes = await request.sizes()
                    total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
                loads.append(total)
                for _ in range(5):
                    picked = await page.evaluate(CLICK, UNIT)
                    if not picked["lit"]:
                        raise RuntimeError("no target lit after a click on " + UNIT)
                    clicks.append(float(picked["sync"]))
                    frames.append(float(picked["frame"]))
                    await page.keyboard.press("Escape")
                # an order in the draft (the unit, then its target), then Send
                await page.locator(f'[data-unit="{UNIT}"]').click()
                await page.locator(f'[data-label="{TARGET}"]').click(force=True)
                for _ in range(3):
                    sends.append(float(await page.evaluate(SEND, saved)))
                await context.close()
        finally:
            await browser.close()
    return {"first_load_kb": statistics.median(loads) / 1000,
            "first_board_ms": statistics.median(drawn),
            "click_to_lit_ms": statistics.median(clicks),
            "click_to_next_frame_ms": statistics.median(frames),
            "send_to_confirmation_ms": statistics.median(sends)}


async def measure(runs: int = 7, seconds: float = 3.0) -> dict[str, float]:
    from bot.board_links import board_link
    from bot.sealing import Sealer

    key = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}"
        game_id, france = await _game(url, key)
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": key, "WEB_URL": base,
               "WEB_HOST": "127.0.0.1", "WEB_PORT": str(port), "LOG_LEVEL": "WARNING",
               "PYTHONPATH": str(ROOT)}
        for name in ("DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET"):
            env.pop(name, None)
        proc = subprocess.Popen([sys.executable, "-m", "bot", "web"], cwd=tmp, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            await _wait_up(base, proc)
            link = board_link(base, Sealer.from_text(key), game_id=game_id, user_id=france)
            cookies = await _session_cookie(base, link)
            figures = await _browser(base, link, runs)
            state = f"{base}/board/{game_id}/state"
            figures["update_kb"] = await _update_bytes(state, cookies) / 1000
            (figures["state_requests_per_s"],
             figures["state_requests_per_cpu_s"]) = await _throughput(
                state, cookies, seconds, proc.pid)
            (figures["public_state_requests_per_s"],
             figures["public_state_requests_per_cpu_s"]) = await _throughput(
                f"{base}/g/{game_id}/state", {}, seconds, proc.pid)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return {k: round(v, 2) for k, v in figures.items()}


def verdicts(figures: dict[str, float]) -> dict[str, str]:
    out = {}
    for name, (op, limit) in BUDGETS.items():
        value = figures[name]
        ok = value <= limit if op == "<=" else value >= limit
        out[name] = f"{value:g} {op} {limit:g}: {'ok' if ok else 'OVER BUDGET'}"
    return out


def bench() -> dict[str, float]:
    """``make bench``'s section (tools/bench.py)."""
    return asyncio.run(measure())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench_web")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    figures = asyncio.run(measure(args.runs, args.seconds))
    if args.json:
        print(json.dumps(figures))
        return 0
    marks = verdicts(figures)
    for name, value in figures.items():
        print(f"{name}: {marks.get(name, f'{value:g}')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
