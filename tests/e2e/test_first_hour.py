"""A server admin's first hour, as the README writes it: from a fresh clone of the repository,
``key``, ``check``, ``migrate``, ``invite``, ``sync``, then ``run`` with a token Discord
refuses (one line, exit 2: systemd does not restart it) and with a good one (the bot answers
``/game create``), and a second ``run`` on the same SQLite file refused. Discord is a fake on loopback (REST and gateway on 127.0.0.1), reached
through ``DISCORD_API_BASE`` in ``.env``, the one setting an admin would not write."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.run import BOT_PERMISSIONS
from tests.e2e.harness import FAKE_TOKEN, Harness
from tests.e2e.test_processes import (
    GM,
    GUILDS,
    FakeDiscordServer,
    _guild,
    _interact,
    _slash,
    _tree_bot,
)

ROOT = Path(__file__).resolve().parents[2]
REFUSED_TOKEN = "OTAwMDAwMDAwMDAwMDAwMDAx.GaBcDe.a-token-that-discord-refuses00"
STEPS = ("key", "check", "migrate", "invite", "sync", "run")


class CheckedDiscord(FakeDiscordServer):
    """The loopback Discord, which refuses a bot token it does not know (401), as Discord
    does, and answers the unauthenticated ``GET /gateway``."""

    async def rest(self, request: web.Request) -> web.StreamResponse:
        tail = "/" + request.match_info["tail"]
        gateway = self.base("bot").replace("http", "ws") + "/gateway"
        if tail == "/gateway":
            return answer({"url": gateway})
        if tail == "/gateway/bot":  # one shard, as Discord advises a small bot
            return answer({"url": gateway, "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
        # interaction callbacks carry no token; every bot call carries the bot's
        if request.headers.get("Authorization", f"Bot {FAKE_TOKEN}") != f"Bot {FAKE_TOKEN}":
            return answer({"message": "401: Unauthorized", "code": 0}, status=401)
        return await super().rest(request)


def answer(body: dict[str, Any], status: int = 200) -> web.Response:
    # discord.py reads JSON only under exactly this content type (no charset)
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={"Content-Type": "application/json"})


def command(clone: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``.venv/bin/python -m bot …`` in the clone (the shared venv's python here)."""
    env = {k: v for k, v in os.environ.items()
           if k not in {"DATABASE_URL", "DISCORD_TOKEN", "SECRET_KEY", "LOG_LEVEL",
                        "SHARD_COUNT", "SHARD_IDS", "SECRET_KEY_FILE"}}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=clone,
                          env={**env, "PYTHONPATH": str(clone)}, capture_output=True,
                          text=True, timeout=timeout, check=False)


def set_env(clone: Path, **values: str) -> None:
    """Edit ``.env`` as the admin would: each line replaced, or added."""
    path = clone / ".env"
    lines = path.read_text().splitlines()
    for name, value in values.items():
        lines = [line for line in lines if not line.startswith(f"{name}=")]
        lines.append(f"{name}={value}")
    path.write_text("\n".join(lines) + "\n")


async def test_the_first_hour_of_a_server_admin(tmp_path: Path) -> None:
    await asyncio.wait_for(_first_hour(tmp_path), 120)


async def _first_hour(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text()
    for step in STEPS:
        assert f"python -m bot {step}" in readme, f"the README never says `{step}`"
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True,
                   timeout=60)
    server = CheckedDiscord({0: _guild(0)})
    await server.start()
    bot: asyncio.subprocess.Process | None = None
    try:
        (clone / ".env").write_text((clone / ".env.example").read_text())
        key = command(clone, "key")
        assert key.returncode == 0 and key.stderr == ""
        set_env(clone, SECRET_KEY=key.stdout.strip(), DISCORD_TOKEN=FAKE_TOKEN,
                DISCORD_API_BASE=server.base("bot") + "/api/v10")

        check = await asyncio.to_thread(command, clone, "check")
        assert check.returncode == 0, check.stdout
        assert all(line.startswith("ok ") for line in check.stdout.splitlines())
        assert not (clone / "data").exists()  # the check writes nothing

        migrate = await asyncio.to_thread(command, clone, "migrate")
        assert migrate.returncode == 0, migrate.stderr
        assert "migrated" in migrate.stdout and (clone / "data" / "bot.db").exists()

        invite = await asyncio.to_thread(command, clone, "invite")
        assert invite.returncode == 0, invite.stderr
        url = invite.stdout.strip()
        import discord
        wanted = discord.Permissions(**BOT_PERMISSIONS)
        assert wanted.send_messages_in_threads and wanted.attach_files
        assert f"client_id={server.fake.bot_user['id']}" in url
        assert f"permissions={wanted.value}" in url
        assert "scope=bot+applications.commands" in url

        sync = await asyncio.to_thread(command, clone, "sync")
        assert sync.returncode == 0, sync.stderr
        assert re.fullmatch(r"\d+ commands synced to every guild \(global\)\n", sync.stdout)
        assert server.fake.commands_synced
        cleared = await asyncio.to_thread(command, clone, "sync", "--clear")
        assert cleared.returncode == 0, cleared.stderr
        assert cleared.stdout == "the commands of every guild (global) removed\n"
        assert server.fake.commands_synced == []
        assert (await asyncio.to_thread(command, clone, "sync")).returncode == 0

        set_env(clone, DISCORD_TOKEN=REFUSED_TOKEN)
        refused = await asyncio.to_thread(command, clone, "run")
        assert refused.returncode == 2, refused.stderr
        errors = [line for line in refused.stderr.splitlines() if "ERROR" in line]
        assert len(errors) == 1 and "DISCORD_TOKEN" in errors[0], refused.stderr
        assert "Traceback" not in refused.stderr and "PyNaCl" not in refused.stderr
        assert REFUSED_TOKEN not in refused.stderr

        set_env(clone, DISCORD_TOKEN=FAKE_TOKEN)
        log = tmp_path / "run.log"
        with log.open("wb") as out:
            bot = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", cwd=clone,
                env={**os.environ, "PYTHONPATH": str(clone), "RENDER_PROCESSES": "0"},
                stdout=out, stderr=asyncio.subprocess.STDOUT)
        for _ in range(600):
            if server.ready[0].is_set():
                break
            assert bot.returncode is None, log.read_text()
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)  # the guilds are taken in
        tree = await _tree_bot()
        harness = Harness(tree, server.fake, guild_id=GUILDS[0])
        harness._interaction_ids = itertools.count(700_000_000_000_000_000)
        for channel in server.guilds[0]["channels"]:
            server.fake.channels[int(channel["id"])] = channel
        answer = await _interact(server, _slash(harness, GM[0], "game create", 0,
                                                variant="classic", name="First game"))
        assert "First game" in json.dumps(answer.body), answer.body
        # started twice on one SQLite file: the second is refused, the first goes on
        twice = await asyncio.to_thread(command, clone, "run")
        assert twice.returncode == 2, twice.stderr
        [line] = [x for x in twice.stderr.splitlines() if "ERROR" in x]
        assert f"another bot process (pid {bot.pid}) already uses" in line, twice.stderr
        assert bot.returncode is None
        bot.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(bot.wait(), 30) == 0, log.read_text()
        output = log.read_text()
        assert "Traceback" not in output and "voice will NOT be supported" not in output
    finally:
        if bot is not None and bot.returncode is None:
            bot.kill()
            await bot.wait()
        await server.stop()


class DroppingDiscord(CheckedDiscord):
    """A Discord that lets the bot log in, then drops the connection that asks for the
    gateway (the network going between the two)."""

    async def rest(self, request: web.Request) -> web.StreamResponse:
        if request.match_info["tail"] == "gateway/bot":
            assert request.transport is not None
            request.transport.close()
            return web.Response(status=500)
        return await super().rest(request)


async def test_the_network_lost_after_login_is_one_line_and_a_restart(tmp_path: Path) -> None:
    server = DroppingDiscord({0: _guild(0)})
    await server.start()
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": FAKE_TOKEN,
               "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
               "SECRET_KEY_FILE": str(tmp_path / "secret.key"), "RENDER_PROCESSES": "0",
               "DISCORD_API_BASE": server.base("bot") + "/api/v10"}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await asyncio.wait_for(proc.communicate(), 90)
    finally:
        await server.stop()
    text = out.decode()
    assert proc.returncode == 1, text  # not 2: a restart may well work
    [line] = [x for x in text.splitlines() if "lost Discord while connecting" in x]
    assert line.endswith("exiting to be restarted") and "Traceback" not in text
