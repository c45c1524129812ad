"""The board's HTTP answers without a browser: the cookie's flags, the Content Security
Policy, compressed cacheable assets within the first-load budget, and ``python -m bot web``
off when WEB_URL is unset."""

from __future__ import annotations

import asyncio
import gzip
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.board_links import board_link
from bot.settings import Settings
from tests.web.conftest import started_classic
from web.app import bound_port, start

pytestmark = pytest.mark.asyncio(loop_scope="module")
ROOT = Path(__file__).resolve().parents[2]


async def serve(db, web_url: str):
    settings = Settings(_env_file=None, database_url=db.url,  # type: ignore[call-arg]
                        web_url=web_url)
    runner = await start(db, settings, host="127.0.0.1", port=0)
    return runner, f"http://127.0.0.1:{bound_port(runner)}"


async def test_cookie_policy_and_compressed_assets(db) -> None:
    game_id = await started_classic(db, [2001, 2002, 2003])
    runner, base = await serve(db, "https://diplo.example.org")
    try:
        async with aiohttp.ClientSession(auto_decompress=False) as http:
            opened = await http.get(board_link(base, db.sealer, game_id=game_id, user_id=2001),
                                    allow_redirects=False)
            assert opened.status == 303 and opened.headers["Location"] == f"/board/{game_id}"
            cookie = opened.headers["Set-Cookie"]
            for flag in ("HttpOnly", "SameSite=Strict", "Secure", "Path=/"):
                assert flag in cookie
            assert "script-src 'self'" in opened.headers["Content-Security-Policy"]
            # a Secure cookie travels over https only: the test sends it by hand
            morsel = opened.cookies[f"board_{game_id}"]
            mine = {"Cookie": f"{morsel.key}={morsel.value}"}

            page = await http.get(f"{base}/board/{game_id}",
                                  headers={"Accept-Encoding": "identity", **mine})
            assert page.status == 200
            csp = page.headers["Content-Security-Policy"]
            assert "script-src 'self';" in csp and "unsafe-inline" not in csp
            html = await page.read()
            assert b"<script>" not in html  # no inline script: the data are JSON, not code
            first_load = len(gzip.compress(html))
            for path in ("/static/board.js", "/static/board.css",
                         "/maps/classic/geometry.json"):
                got = await http.get(base + path, headers={"Accept-Encoding": "gzip"})
                assert got.status == 200 and got.headers["Content-Encoding"] == "gzip"
                assert "max-age" in got.headers["Cache-Control"]
                first_load += len(await got.read())
                again = await http.get(base + path, headers={
                    "Accept-Encoding": "gzip", "If-None-Match": got.headers["ETag"]})
                assert again.status == 304
            # the budget of the first load: page and assets, compressed
            assert first_load <= 250_000, first_load
            state = await http.get(f"{base}/board/{game_id}/state",
                                   headers={"Accept-Encoding": "identity", **mine})
            assert state.status == 200
            assert len(gzip.compress(await state.read())) <= 20_000

            anyone = await http.get(f"{base}/g/{game_id}")
            assert anyone.status == 200 and "Set-Cookie" not in anyone.headers
            missing = await http.get(f"{base}/g/999")
            assert missing.status == 404
    finally:
        await runner.cleanup()


async def test_the_web_command_is_off_without_web_url(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path}/b.db",
           "SECRET_KEY_FILE": str(tmp_path / "secret.key"), "HOME": str(tmp_path)}
    done = await asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "bot", "web"], cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "WEB_URL is not set" in done.stderr


async def test_run_serves_the_board_in_process(tmp_path: Path) -> None:
    """``python -m bot run`` with WEB_URL set: the client starts the board in its process
    (loaded by name) and stops it when it closes."""
    from bot.client import DiplomacyBot
    from tests.e2e.harness import FakeDiscord, Harness

    fake = FakeDiscord().install()
    settings = Settings(_env_file=None,  # type: ignore[call-arg]
                        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
                        discord_token="fake-token", web_url="http://127.0.0.1", web_port=0,
                        secret_key_file=str(tmp_path / "secret.key"))
    bot = DiplomacyBot(settings, run_scheduler=False, serve_web=True)
    try:
        await Harness(bot, fake).start()
        port = bound_port(bot._web)
    finally:
        fake.uninstall()  # the test itself now connects, as a browser would
    try:
        async with aiohttp.ClientSession() as http:
            answer = await http.get(f"http://127.0.0.1:{port}/healthz")
            assert answer.status == 200
    finally:
        await bot.close()
    assert bot._web is None


async def test_writes_are_throttled_per_player(db) -> None:
    """The page's writes share the slash commands' bucket: a burst, then a clear refusal."""
    import json
    import re

    game_id = await started_classic(db, [2001, 2002, 2003], channel_id=603)
    runner, base = await serve(db, "http://127.0.0.1")
    try:
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as http:
            page = await http.get(board_link(base, db.sealer, game_id=game_id, user_id=2001))
            html = await page.text()
            data = json.loads(re.search(
                r'id="board-data">(.*?)</script>', html, re.S).group(1))  # type: ignore[union-attr]
            csrf = data["me"]["csrf"]
            answers = []
            for _ in range(20):
                got = await http.post(f"{base}/board/{game_id}/check",
                                      data={"csrf": csrf, "text": "A xyz H"})
                answers.append(got.status)
                if got.status == 429:
                    assert (await got.json())["refused"] == "throttled"
                    break
            assert answers[0] == 400 and answers[-1] == 429  # refused order, then too many
    finally:
        await runner.cleanup()


async def test_the_board_on_postgresql() -> None:
    """The board's one read (Core statements, autocommit) and its writes on PostgreSQL."""
    import os
    import uuid

    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    from bot.db import Database, migrate

    url = os.environ.get("TEST_POSTGRES_URL")
    if not url:
        pytest.skip("TEST_POSTGRES_URL not set")
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_async_engine(url, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    db = Database(url, connect_args={"server_settings": {"search_path": schema}})
    try:
        await migrate(db)
        game_id = await started_classic(db, [2001, 2002, 2003])
        runner, base = await serve(db, "http://127.0.0.1")
        try:
            jar = aiohttp.CookieJar(unsafe=True)
            async with aiohttp.ClientSession(cookie_jar=jar) as http:
                page = await http.get(board_link(base, db.sealer, game_id=game_id,
                                                 user_id=2001))
                assert page.status == 200
                state = await (await http.get(f"{base}/board/{game_id}/state")).json()
                me = state["me"]
                power = me["acting"][0]
                first = next(iter(me["legal"][power].values()))[0]
                saved = await http.post(f"{base}/board/{game_id}/orders", data={
                    "csrf": me["csrf"], "power": power, "text": first["text"],
                    "version": str(state["game"]["version"])})
                assert (await saved.json())["saved"] is True
                got = await http.get(f"{base}/board/{game_id}/state")
                state = await got.json()
                assert [o["text"] for o in state["me"]["orders"]] == [first["text"]]
                # the probe's casts read the same on PostgreSQL: the kept answer is found
                again = await http.get(f"{base}/board/{game_id}/state",
                                       headers={"If-None-Match": got.headers["ETag"]})
                assert again.status == 304
                anyone = await http.get(f"{base}/g/{game_id}/state")
                again = await http.get(f"{base}/g/{game_id}/state",
                                       headers={"If-None-Match": anyone.headers["ETag"]})
                assert anyone.status == 200 and again.status == 304
        finally:
            await runner.cleanup()
    finally:
        await db.dispose()
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        await admin.dispose()


async def test_the_web_command_takes_the_sqlite_file_s_lock(tmp_path: Path) -> None:
    """One process per SQLite file (docs/DEPLOY.md): ``bot web`` writes orders, so beside a
    running bot it is refused in one line (exit 2) pointing at WEB_URL for ``run``; alone, it
    holds the file's lock as ``run`` does, and a bot started then is refused."""
    from bot.db import DatabaseBusy, hold_sqlite_file

    url = f"sqlite+aiosqlite:///{tmp_path}/b.db"
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": url, "HOME": str(tmp_path),
           "SECRET_KEY_FILE": str(tmp_path / "secret.key"), "PYTHONPATH": str(ROOT),
           "WEB_URL": "http://127.0.0.1:8080", "WEB_HOST": "127.0.0.1"}
    held = hold_sqlite_file(url)  # what `python -m bot run` takes at its start
    try:
        done = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "bot", "web"], cwd=tmp_path, env=env,
            capture_output=True, text=True, timeout=120)
    finally:
        held.close()
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "already uses" in lines[0] and "set WEB_URL for `python -m bot run`" in lines[0]

    with socket.socket() as probe:  # a free port for the server
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env["WEB_PORT"] = str(port)
    web = subprocess.Popen([sys.executable, "-m", "bot", "web"], cwd=tmp_path, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(1200):  # until it serves (it takes the lock, then migrates)
                assert web.poll() is None, web.stderr.read() if web.stderr else ""
                try:
                    async with http.get(f"http://127.0.0.1:{port}/healthz") as answer:
                        if answer.status == 200:
                            break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.1)
        with pytest.raises(DatabaseBusy, match=rf"\(pid {web.pid}\) already uses"):
            hold_sqlite_file(url)
    finally:
        web.terminate()
        web.wait(timeout=30)
