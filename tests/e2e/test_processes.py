"""Scale-out for real (issue 15): two bot processes, each owning one of two shards, and one
worker (deadlines and posts, no gateway) on one PostgreSQL, against a fake Discord on
loopback (REST and gateway; 127.0.0.1 only, bounded in processes and time).

The processes are the real ``python -m bot run --shards N`` and ``python -m bot worker``:
only the addresses of Discord's API and gateway are pointed at the fake (``BOOT``). Discord's
routing is the fake's: an interaction goes to the shard of its guild (``(guild_id >> 22) %
shard_count``), a direct message's to shard 0. Each process reaches the fake under a prefix of
its own (``/p0``, ``/p1``, ``/worker``), so every call says which process made it.

Proved: each process opens only its shards; every interaction is answered once, by the
process of its shard (direct messages by shard 0's, whatever the game's guild); every phase is
adjudicated once although players' readiness (a bot process) races the deadline (the worker,
woken by the bot process's NOTIFY); every post is sent once, by whichever process claimed it;
the processes stop cleanly on SIGTERM (the worker's render process too)."""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import os
import re
import signal
import sys
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import discord
import pytest
from aiohttp import WSMsgType, web
from cryptography.fernet import Fernet
from discord.http import Route
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.client import DiplomacyBot, discover_extensions
from bot.db import Database
from bot.services import games as games_service
from bot.settings import Settings
from bot.ui.posts import DM_KINDS
from tests.e2e.harness import (
    ALL_PERMISSIONS,
    FAKE_TOKEN,
    MEMBER_PERMISSIONS,
    Call,
    FakeDiscord,
    Harness,
    Member,
)

PG_URL = os.environ.get("TEST_POSTGRES_URL")
ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2
# guilds on shard 0 and on shard 1: Discord routes by (guild_id >> 22) % shard_count
GUILDS = {0: 2 << 22, 1: 3 << 22}
CHANNELS = {0: 610_000_000_000_000_001, 1: 610_000_000_000_000_002}
GM = {s: Member(1_001 + s, f"gm{s}", permissions=ALL_PERMISSIONS) for s in GUILDS}
PLAYERS = {s: [Member(2_001 + 10 * s + i, f"p{s}{i}") for i in range(2)] for s in GUILDS}
DEADLINE = 60.0  # seconds any one wait may take
# a process of the bot, with Discord's addresses pointed at the fake
BOOT = """
import sys
import yarl
import discord.gateway
import discord.http
base = sys.argv[1]
discord.http.Route.BASE = base + "/api/v10"
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
    base.replace("http://", "ws://") + "/gateway")
from bot.__main__ import main
sys.exit(main(sys.argv[2:]))
"""
TEMPLATES = [(re.compile(f"^{pattern}$"), template) for pattern, template in (
    (r"/interactions/(?P<webhook_id>\d+)/(?P<webhook_token>[^/]+)/callback",
     "/interactions/{webhook_id}/{webhook_token}/callback"),
    (r"/webhooks/(?P<webhook_id>\d+)/(?P<webhook_token>[^/]+)/messages/(?P<message_id>[^/]+)",
     "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    (r"/webhooks/(?P<webhook_id>\d+)/(?P<webhook_token>[^/]+)",
     "/webhooks/{webhook_id}/{webhook_token}"),
    (r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)",
     "/channels/{channel_id}/messages/{message_id}"),
    (r"/channels/(?P<channel_id>\d+)/messages", "/channels/{channel_id}/messages"),
    (r"/channels/(?P<channel_id>\d+)/threads", "/channels/{channel_id}/threads"),
    (r"/channels/(?P<channel_id>\d+)", "/channels/{channel_id}"),
    (r"/gateway/bot", "/gateway/bot"),
)]  # any other path is its own template (/users/@me, /oauth2/applications/@me...)

pytestmark = pytest.mark.skipif(not PG_URL, reason="TEST_POSTGRES_URL not set")


class FakeDiscordServer:
    """Discord's REST API and gateway on 127.0.0.1: the REST answers are the harness's
    (``FakeDiscord``); the gateway says hello, answers IDENTIFY with READY and the guilds of
    the shard, acknowledges heartbeats and delivers the interactions the test sends."""

    def __init__(self, guilds: dict[int, dict[str, Any]]) -> None:
        self.fake = FakeDiscord()
        self.guilds = guilds  # shard -> GUILD_CREATE payload
        self.calls: dict[str, list[Call]] = {}  # process prefix -> its REST calls
        self.identified: dict[str, list[list[int]]] = {}  # process -> [shard, count]s
        self.sockets: dict[int, web.WebSocketResponse] = {}  # shard -> its socket
        self.ready: dict[int, asyncio.Event] = {s: asyncio.Event() for s in guilds}
        self._seq = itertools.count(2)
        self.port = 0
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/{proc}/gateway", self.gateway)
        app.router.add_route("*", "/{proc}/api/v10/{tail:.*}", self.rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in list(self.sockets.values()):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def base(self, proc: str) -> str:
        return f"http://127.0.0.1:{self.port}/{proc}"

    # --- REST ---------------------------------------------------------------------------
    async def rest(self, request: web.Request) -> web.StreamResponse:
        proc, tail = request.match_info["proc"], "/" + request.match_info["tail"]
        route = Route(request.method, tail)
        for pattern, template in TEMPLATES:
            m = pattern.match(tail)
            if m:
                route = Route(request.method, template, **m.groupdict())
                break
        json_body, form, files = None, [], []
        if request.content_type.startswith("multipart/"):
            async for part in await request.multipart():
                if part.filename:  # type: ignore[union-attr]
                    data = await part.read()  # type: ignore[union-attr]
                    files.append(discord.File(io.BytesIO(bytes(data)),
                                              filename=part.filename))  # type: ignore[union-attr]
                else:
                    form.append({"name": part.name,
                                 "value": await part.text()})  # type: ignore[union-attr]
        elif request.can_read_body:
            json_body = await request.json()
        if tail == "/gateway/bot":
            answer: Any = {"url": self.base(proc).replace("http", "ws") + "/gateway",
                           "shards": SHARDS, "session_start_limit": {
                               "total": 1000, "remaining": 1000, "reset_after": 0,
                               "max_concurrency": 1}}
        else:
            answer = self.fake.handle(route, files=files, form=form, json_body=json_body,
                                      params=dict(request.query), via_webhook=False)
            self.calls.setdefault(proc, []).append(self.fake.calls[-1])
        if answer is None:
            return web.Response(status=204)
        # discord.py reads JSON only under exactly this content type (no charset)
        return web.Response(body=json.dumps(answer).encode(),
                            headers={"Content-Type": "application/json"})

    # --- gateway ------------------------------------------------------------------------
    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        proc = request.match_info["proc"]
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}})
        async for message in ws:
            if message.type is not WSMsgType.TEXT:
                continue
            frame = json.loads(message.data)
            if frame.get("op") == 1:
                await ws.send_json({"op": 11})
            elif frame.get("op") == 2:
                shard, count = frame["d"]["shard"]
                self.identified.setdefault(proc, []).append([shard, count])
                self.sockets[shard] = ws
                guild = self.guilds[shard]
                await ws.send_json({"op": 0, "t": "READY", "s": 1, "d": {
                    "v": 10, "user": self.fake.bot_user, "session_id": f"{proc}-{shard}",
                    "resume_gateway_url": self.base(proc).replace("http", "ws") + "/gateway",
                    "guilds": [{"id": guild["id"], "unavailable": True}],
                    "shard": [shard, count],
                    "application": {"id": self.fake.bot_user["id"], "flags": 0}}})
                await ws.send_json({"op": 0, "t": "GUILD_CREATE", "s": next(self._seq),
                                    "d": guild})
                self.ready[shard].set()
        return ws

    async def deliver(self, payload: dict[str, Any]) -> int:
        """An INTERACTION_CREATE to the shard Discord would use; its interaction id."""
        guild = payload.get("guild_id")
        shard = (int(guild) >> 22) % SHARDS if guild else 0
        await self.sockets[shard].send_json({"op": 0, "t": "INTERACTION_CREATE",
                                             "s": next(self._seq), "d": payload})
        return int(payload["id"])

    # --- what happened --------------------------------------------------------------------
    def answers(self) -> dict[int, list[str]]:
        """Interaction id -> the processes that answered it."""
        out: dict[int, list[str]] = {}
        for proc, calls in self.calls.items():
            for call in calls:
                m = re.search(r"/interactions/(\d+)/", call.url)
                if m and call.is_interaction_response:
                    out.setdefault(int(m.group(1)), []).append(proc)
        return out

    def posts(self) -> list[tuple[str, Call]]:
        """Every message a process posted to a channel (DM channels included)."""
        return [(proc, c) for proc, calls in self.calls.items() for c in calls
                if c.method == "POST" and c.path == "/channels/{channel_id}/messages"]


def _guild(shard: int) -> dict[str, Any]:
    gid = GUILDS[shard]
    channel = Harness.text_channel(CHANNELS[shard])
    channel["guild_id"] = str(gid)
    return {"id": str(gid), "name": f"guild {shard}", "icon": None, "owner_id": "1",
            "preferred_locale": "en-US", "roles": [
                {"id": str(gid), "name": "@everyone", "permissions": MEMBER_PERMISSIONS,
                 "position": 0, "color": 0, "hoist": False, "managed": False,
                 "mentionable": False, "flags": 0}],
            "emojis": [], "stickers": [], "features": [], "member_count": 1,
            "members": [], "channels": [channel], "threads": [], "large": False,
            "unavailable": False, "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "system_channel_flags": 0, "premium_tier": 0,
            "nsfw_level": 0, "joined_at": "2030-01-01T00:00:00+00:00"}


@asynccontextmanager
async def fresh_database() -> AsyncIterator[str]:
    """A PostgreSQL database of its own (the processes cannot share a test's schema)."""
    assert PG_URL is not None
    name = f"procs_{uuid.uuid4().hex[:12]}"
    admin = create_async_engine(PG_URL, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        await conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield PG_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        async with admin.connect() as conn:
            await conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


class Process:
    """One ``python -m bot`` process; its log in a file."""

    def __init__(self, name: str, log: Path) -> None:
        self.name, self.log = name, log
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self, base: str, args: list[str], env: dict[str, str]) -> None:
        with self.log.open("wb") as out:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-c", BOOT, base, *args, cwd=ROOT, env=env,
                stdout=out, stderr=asyncio.subprocess.STDOUT)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    async def wait_for_line(self, needle: str) -> None:
        for _ in range(int(DEADLINE * 10)):
            if needle in self.output():
                return
            assert self.proc is not None and self.proc.returncode is None, self.output()
            await asyncio.sleep(0.1)
        raise AssertionError(f"{self.name} never logged {needle!r}:\n{self.output()}")

    def children(self) -> list[int]:
        """Processes this one started (its render pool)."""
        assert self.proc is not None
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:
                found.append(int(stat.parent.name))
        return found

    async def stop(self) -> int:
        if self.proc is None:
            return 0
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        return int(self.proc.returncode or 0)


async def _tree_bot() -> DiplomacyBot:
    """The command tree, to build interaction payloads as Discord would (never logged in)."""
    bot = DiplomacyBot(Settings(_env_file=None,  # type: ignore[call-arg]
                                database_url="sqlite+aiosqlite:///:memory:",
                                discord_token="unused"), run_scheduler=False)
    for extension in discover_extensions():
        await bot.load_extension(extension)
    return bot


async def _until(check: Any, what: str) -> None:
    for _ in range(int(DEADLINE * 10)):
        if await check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


async def test_two_bot_processes_and_a_worker_share_one_database(tmp_path: Path) -> None:
    await asyncio.wait_for(_scenario(tmp_path), timeout=300)


async def _scenario(tmp_path: Path) -> None:
    server = FakeDiscordServer({s: _guild(s) for s in GUILDS})
    await server.start()
    tree = await _tree_bot()
    harness = {s: Harness(tree, server.fake, guild_id=GUILDS[s]) for s in GUILDS}
    for s, h in harness.items():
        for channel in server.guilds[s]["channels"]:
            server.fake.channels[int(channel["id"])] = channel
        h._interaction_ids = itertools.count(700_000_000_000_000_000 + s * 10**12)
    processes = {name: Process(name, tmp_path / f"{name}.log")
                 for name in ("p0", "p1", "worker")}
    async with fresh_database() as url:
        env = {**os.environ, "DATABASE_URL": url, "DISCORD_TOKEN": FAKE_TOKEN,
               "SECRET_KEY": Fernet.generate_key().decode(), "SHARD_COUNT": str(SHARDS),
               "LOG_LEVEL": "INFO", "PYTHONPATH": str(ROOT), "SCHEDULER_MAX_SLEEP": "300"}
        env.pop("SHARD_IDS", None)
        db = Database(url)
        try:
            # started together: the schema is migrated once (an advisory lock)
            await asyncio.gather(*(processes[f"p{s}"].start(
                server.base(f"p{s}"), ["run", "--shards", str(s)],
                {**env, "RUN_SCHEDULER": "false", "RENDER_PROCESSES": "0",
                 "INSTANCE_NAME": f"p{s}"}) for s in GUILDS), processes["worker"].start(
                server.base("worker"), ["worker"],
                {**env, "RENDER_PROCESSES": "1", "INSTANCE_NAME": "worker"}))
            for s in GUILDS:
                await asyncio.wait_for(server.ready[s].wait(), DEADLINE)
            for proc in processes.values():
                await proc.wait_for_line(
                    "worker ready" if proc.name == "worker" else "Shard ID")
            await asyncio.sleep(1.0)  # the guilds are taken in
            worker_children = processes["worker"].children()
            await _play(server, harness, db)
            await _check(server, db)
        finally:
            codes = {name: await proc.stop() for name, proc in processes.items()}
            await db.dispose()
            await server.stop()
        logs = {name: proc.output() for name, proc in processes.items()}
        assert codes == dict.fromkeys(processes, 0), logs
        assert not any("Traceback" in log for log in logs.values()), logs
        assert all(not Path(f"/proc/{pid}").exists() for pid in worker_children)
    # each process opened its own shard only, the worker none
    assert server.identified == {"p0": [[0, SHARDS]], "p1": [[1, SHARDS]]}


async def _interact(server: FakeDiscordServer, payload: dict[str, Any]) -> Call:
    """Send an interaction and wait for its answer (the first)."""
    iid = await server.deliver(payload)
    await _until(lambda: _answered(server, iid), f"an answer to interaction {iid}")
    return next(c for calls in server.calls.values() for c in calls
                if f"/interactions/{iid}/" in c.url)


async def _answered(server: FakeDiscordServer, iid: int) -> bool:
    return iid in server.answers()


def _slash(h: Harness, who: Member, qualified: str, shard: int, **values: Any
           ) -> dict[str, Any]:
    return h._base(who, 2, h._command_options(qualified, values), CHANNELS[shard])


async def _phase(db: Database, shard: int) -> str | None:
    game = await games_service.game_in_channel(db, channel_id=CHANNELS[shard])
    return game.phase if game.status == "active" else game.status


async def _play(server: FakeDiscordServer, harness: dict[int, Harness], db: Database
                ) -> None:
    # both guilds at once: a game each, two players, started
    await asyncio.gather(*(_interact(server, _slash(harness[s], GM[s], "game create", s,
                                                    variant="classic", name=f"G{s}"))
                           for s in GUILDS))
    await asyncio.gather(*(_interact(server, _slash(harness[s], p, "game join", s))
                           for s in GUILDS for p in PLAYERS[s]))
    await asyncio.gather(*(_interact(server, _slash(harness[s], GM[s], "game start", s))
                           for s in GUILDS))
    # phases ended by the players' readiness (their bot process resolves), by the deadline
    # the GM moves into the past (the worker, woken by NOTIFY, resolves), and by both at once
    for ready, deadline in ((True, True), (True, False), (False, True)):
        before = {s: await _phase(db, s) for s in GUILDS}
        if ready:
            await asyncio.gather(*(_interact(server, _slash(
                harness[s], PLAYERS[s][0], "ready", s)) for s in GUILDS))
        await asyncio.gather(*(
            _interact(server, payload) for s in GUILDS for payload in (
                [_slash(harness[s], PLAYERS[s][1], "ready", s)] if ready else []) + (
                [_slash(harness[s], GM[s], "gm extend", s, hours=-100.0)] if deadline
                else [])))

        async def moved(before: dict[int, str | None] = before) -> bool:
            now = {s: await _phase(db, s) for s in GUILDS}
            return all(now[s] != before[s] for s in GUILDS)

        await _until(moved, "both games to leave their phase")
    # a draw in each game: the ballot is a DM, and every DM's button comes through shard 0
    for s in GUILDS:
        mark = len(server.fake.calls)
        await _interact(server, _slash(harness[s], PLAYERS[s][0], "draw propose", s))
        voter = PLAYERS[s][1]

        def ballots(voter: Member = voter, mark: int = mark) -> list[Call]:
            # other DMs may come meanwhile (a warning after a missed phase)
            return [c for c in server.fake.dms_to(voter.id, mark)
                    if any(i.endswith(":y") for i in c.custom_ids())]

        async def ballot_sent(ballots: Any = ballots) -> bool:
            return bool(ballots())

        await _until(ballot_sent, "the draw ballot")
        ballot = ballots()[0]
        yes = next(c for c in ballot.custom_ids() if c.endswith(":y"))
        payload = harness[s]._base(voter, 3, {"custom_id": yes, "component_type": 2},
                                   ballot.channel_id, dm=True,
                                   message=harness[s].message_of(ballot))
        call = await _interact(server, payload)
        assert "/p0/" not in call.url  # the fake's URL; the process is the prefix
        assert server.answers()[int(payload["id"])] == ["p0"]
    for s in GUILDS:
        await _until(lambda s=s: _finished(db, s), f"game {s} to end in a draw")


async def _finished(db: Database, shard: int) -> bool:
    return await _phase(db, shard) == "finished"


async def _rows(db: Database, sql: str) -> list[tuple[Any, ...]]:
    async with db.transaction(write=False) as session:
        return [tuple(r) for r in (await session.exec(text(sql))).all()]  # type: ignore[call-overload]


def _payload(value: Any) -> dict[str, Any]:
    return json.loads(value) if isinstance(value, str) else dict(value)


async def _check(server: FakeDiscordServer, db: Database) -> None:
    # every post sent (by any process), then nothing more arrives
    async def all_sent() -> bool:
        return not await _rows(db, "SELECT id FROM outbox WHERE sent_at IS NULL")

    await _until(all_sent, "every post to be sent")
    await asyncio.sleep(1.0)
    # every interaction answered once, by the process of its shard
    answers = server.answers()

    assert answers and all(len(by) == 1 for by in answers.values()), answers
    # every phase adjudicated once: one record per game and phase
    records = await _rows(db, "SELECT game_id, phase, COUNT(*) FROM phase_record "
                              "GROUP BY game_id, phase")
    assert records and all(n == 1 for _g, _p, n in records), records
    assert {g for g, _p, _n in records} == {g for (g,) in await _rows(db, "SELECT id FROM game")}
    # every post sent once: a public message per public row, channel by channel, at least
    # a DM per row addressed to a player (a results row may DM prompts and warnings too),
    # and never the same message twice in a channel
    rows = await _rows(db, "SELECT o.kind, o.payload, g.channel_id FROM outbox o "
                           "JOIN game g ON g.id = o.game_id")
    public: Counter[Any] = Counter(channel for kind, _p, channel in rows
                                   if kind not in DM_KINDS)
    dms: Counter[Any] = Counter(_payload(p)["user_id"] for kind, p, _c in rows
                                if kind in DM_KINDS)
    sent = [c for _proc, c in server.posts()]
    in_dm = server.fake.dm_users
    assert Counter(c.channel_id for c in sent if c.channel_id not in in_dm) == public
    dm_sent = Counter(in_dm[c.channel_id] for c in sent if c.channel_id in in_dm)
    assert all(dm_sent[user] >= n for user, n in dms.items()), (dm_sent, dms)
    bodies = Counter((c.channel_id, json.dumps(c.json, sort_keys=True)) for c in sent)
    assert max(bodies.values()) == 1, [k for k, n in bodies.items() if n > 1]
    # the bot processes resolved phases whose players were ready, the worker the deadlines
    triggers = Counter(_payload(p)["trigger"] for kind, p, _c in rows if kind == "results")
    assert set(triggers) == {"ready", "deadline"} and min(triggers.values()) >= 2, triggers
    # every process posted some of it (REST), every results post with its map
    assert {proc for proc, _c in server.posts()} == {"p0", "p1", "worker"}
    maps = [c for _proc, c in server.posts() if c.pngs()]  # results, and the starts
    assert len(maps) >= sum(triggers.values())
