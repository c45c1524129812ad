"""``python -m bot run``, ``worker`` and ``sync``: start the bot (or some of its shards),
start a worker (deadlines and posts, no gateway), or push the slash commands (with their
French localisations) to Discord.

``bot/__main__.py`` registers them (``python -m bot`` runs that file as ``__main__``, so this
module cannot register itself there)::

    from bot.run import run, setup_run, setup_sync, sync
    register("run", "start the Discord bot", setup_run, run)
    register("sync", "push the slash commands to Discord", setup_sync, sync)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

from bot.settings import Settings, get_settings

log = logging.getLogger("bot")

# what a restart cannot fix ends the process with this code (the systemd unit of
# docs/DEPLOY.md does not restart it: RestartPreventExitStatus=2)
EXIT_CONFIG = 2
RETRY_FIRST, RETRY_MAX = 5.0, 300.0  # seconds between tries to reach Discord at start
RETRY_STEP = 0.25


def configure_logging(settings: Settings | None = None) -> None:
    level = settings.log_level if settings is not None else \
        os.environ.get("LOG_LEVEL", "INFO").upper()
    logging.basicConfig(level=getattr(logging, level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # discord.py logs every request body at DEBUG: DMs carry private letters, never logged
    logging.getLogger("discord.http").setLevel(logging.INFO)


def prepare_discord(settings: Settings) -> None:
    """Before the client is made: Discord's addresses when the settings move them, and no
    warning about voice (the bot never joins a voice channel)."""
    import discord.gateway
    import discord.http
    import yarl
    from discord.voice_client import VoiceClient

    VoiceClient.warn_nacl = False
    if hasattr(VoiceClient, "warn_dave"):
        VoiceClient.warn_dave = False
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
            settings.discord_gateway_url)


def refused(what: str, text: str) -> int:
    """One line for what a restart cannot fix, and its exit code."""
    print(f"ERROR {what}: {text}", file=sys.stderr, flush=True)
    return EXIT_CONFIG


async def reach_discord(*, stopped: Callable[[], bool] = lambda: False,
                        tries: int | None = None) -> bool:
    """Wait until Discord's API answers at all (any HTTP status): with no network at start
    the bot says so in one line a try and tries again, waiting longer each time. False when
    ``stopped()`` (a signal) or ``tries`` end the wait first."""
    import aiohttp
    from discord.http import Route

    delay, attempt = RETRY_FIRST, 0
    while not stopped():
        attempt += 1
        try:
            async with aiohttp.ClientSession() as session, session.get(
                    Route.BASE + "/gateway", timeout=aiohttp.ClientTimeout(total=15)):
                return True
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            log.warning("cannot reach Discord (%s): try %d failed%s", reason[:200], attempt,
                        "" if tries is not None and attempt >= tries else
                        f", next in {delay:g} s")
        if tries is not None and attempt >= tries:
            return False
        for _ in range(int(delay / RETRY_STEP)):  # a signal ends the wait at once
            if stopped():
                return False
            await asyncio.sleep(RETRY_STEP)
        delay = min(RETRY_MAX, delay * 2)
    return False


async def logged_in(bot: Any, token: str,
                    stopped: Callable[[], bool] | None = None) -> int | None:
    """Log in (after Discord answers); None, or the exit code: of a refused token, or 0 when
    a signal stopped the process before Discord answered."""
    import discord

    if not await reach_discord(stopped=stopped or bot.is_closed):
        return 0
    try:
        await bot.login(token)
    except discord.LoginFailure:
        return refused("token", "Discord refused DISCORD_TOKEN (401): copy the token again "
                       "from the Developer Portal (your application → Bot → Reset Token)")
    return None


def _token(settings: Settings) -> str | None:
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    return token.strip() or None


_held: list[Any] = []  # the lock on the SQLite file of this process, until it ends


async def ready_to_start(*, need_token: bool = True, hold: bool = False,
                         busy_hint: str = "") -> Settings | int:
    """Configuration, database and schema checked before anything logs in to Discord (one
    clear line per problem and exit code 2); the schema is brought to the code's revision.
    ``hold``: this process serves the database (run, worker, web), alone on a SQLite file;
    ``busy_hint`` ends the line that refuses a file another process holds."""
    from bot import preflight
    from bot.db import migrate

    settings = preflight.load_settings()
    if isinstance(settings, preflight.Finding):
        return preflight.report([settings])
    code = preflight.report(await preflight.diagnose(settings, need_token=need_token))
    if code:
        return code
    if hold:  # before migrating: never migrate a file another process is using
        from bot.db import DatabaseBusy, hold_sqlite_file

        try:
            _held.append(hold_sqlite_file(settings.database_url))
        except DatabaseBusy as exc:
            return refused("database", f"{exc}{busy_hint}")
    try:
        await migrate(settings.database_url)
    except Exception as exc:
        return preflight.report([preflight.Finding(
            False, "schema", f"the migration failed: {preflight._reason(exc)}")])
    return settings


async def check(args: argparse.Namespace) -> int:
    """``python -m bot check``: the diagnosis ``run`` makes before logging in, every line."""
    from bot import preflight

    settings = preflight.load_settings()
    findings = [settings] if isinstance(settings, preflight.Finding) else \
        await preflight.diagnose(settings, need_token=True, create=False)
    # every line on one stream, in order (journald interleaves two streams at random)
    for f in findings:
        print(f.line(), flush=True)
    return 2 if any(not f.ok for f in findings) else 0


def setup_check(parser: argparse.ArgumentParser) -> None:
    """``check`` takes no argument: everything comes from .env / the environment."""


async def run(args: argparse.Namespace) -> int:
    """Start the bot; SIGTERM/SIGINT close it cleanly (scheduler stopped, database closed,
    render processes ended). ``--shards`` (or ``SHARD_IDS``): the shards this process opens
    of ``SHARD_COUNT``, so that several processes share one bot."""
    if getattr(args, "shards", None):
        os.environ["SHARD_IDS"] = args.shards
        get_settings.cache_clear()
    ready = await ready_to_start(hold=True)
    if isinstance(ready, int):
        return ready
    settings = ready
    token = _token(settings)
    assert token is not None  # checked by the diagnosis
    configure_logging(settings)
    prepare_discord(settings)
    import aiohttp
    import discord

    from bot.client import DiplomacyBot
    from bot.render_pool import configure_render_pool, shutdown_render_pool

    configure_render_pool(settings.render_processes)
    bot = DiplomacyBot(settings, run_scheduler=settings.run_scheduler, serve_web=True,
                       warm_renders=True)
    log.info("%s%s", shards_line(settings),
             "" if settings.run_scheduler else "; deadlines are left to the worker")
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not closing:
            log.info("signal received: shutting down")
            closing.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on every platform
            loop.add_signal_handler(sig, stop)
    try:
        async with bot:
            code = await logged_in(bot, token)
            if code is not None:
                return code
            try:
                await bot.connect()
            except (OSError, aiohttp.ClientError, discord.GatewayNotFound,
                    discord.DiscordServerError) as exc:
                # the network went between login and the gateway: exit 1, systemd restarts
                log.error("lost Discord while connecting (%s): exiting to be restarted",
                          str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__)
                return 1
            except discord.PrivilegedIntentsRequired:
                return refused("gateway", "Discord refused the intents: this bot needs no "
                               "privileged intent; check the application in the Portal")
        if closing:
            await closing[0]
    finally:
        shutdown_render_pool()
    return 0


def shards_line(settings: Settings) -> str:
    """What this process opens of the gateway, and whether it gets the direct messages."""
    if settings.shard_count is None:
        return "gateway: every shard (one process)"
    ids = settings.shard_ids or list(range(settings.shard_count))
    dms = "; direct messages come here (shard 0)" if 0 in ids else ""
    return f"gateway: shards {','.join(map(str, ids))} of {settings.shard_count}{dms}"


def setup_run(parser: argparse.ArgumentParser) -> None:
    """Everything comes from .env / the environment; ``--shards`` overrides ``SHARD_IDS``."""
    parser.add_argument("--shards", default=None, metavar="IDS",
                        help="the shards this process opens, e.g. 0-3 or 0,2 (SHARD_IDS; "
                             "SHARD_COUNT gives the shards of every process)")


async def worker(args: argparse.Namespace) -> int:
    """``python -m bot worker``: deadlines, reminders and the outbox, with no gateway
    connection. It logs in over REST only (the bot's user and application) and posts with
    Discord's HTTP API; the ``run`` processes answer the interactions (``RUN_SCHEDULER=
    false`` leaves the deadlines to it). Any number of workers may run: games and posts are
    claimed with leases. SIGTERM/SIGINT stop it cleanly."""
    ready = await ready_to_start(hold=True)
    if isinstance(ready, int):
        return ready
    settings = ready
    token = _token(settings)
    assert token is not None  # checked by the diagnosis
    configure_logging(settings)
    prepare_discord(settings)
    from bot.client import DiplomacyBot
    from bot.render_pool import configure_render_pool, shutdown_render_pool

    configure_render_pool(settings.render_processes)
    bot = DiplomacyBot(settings, run_scheduler=True)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()

    def stop() -> None:
        if not stopping.is_set():
            log.info("signal received: shutting down")
            stopping.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop)
    try:
        async with bot:
            # REST only; setup_hook starts the scheduler
            code = await logged_in(bot, token, stopping.is_set)
            if code is not None:
                return code
            log.info("worker ready: deadlines, reminders and posts (no gateway)")
            await stopping.wait()
    finally:
        shutdown_render_pool()
    return 0


def setup_worker(parser: argparse.ArgumentParser) -> None:
    """``worker`` takes no argument: everything comes from .env / the environment."""


# The web board lives in the top-level package ``web`` (an adapter beside ``cogs``, that
# imports bot, never the reverse: .importlinter). The bot reaches it by name, as the client
# loads the cogs: ``run`` starts it in-process when WEB_URL is set (bot.client), ``web``
# serves it alone for deployments of several processes.
WEB_MODULE = "web.app"


async def web(args: argparse.Namespace) -> int:
    """``python -m bot web``: the web board alone (no gateway, no scheduler) on
    WEB_HOST/WEB_PORT, on the same database and key as the bot. SIGTERM/SIGINT stop it."""
    import importlib

    from bot.db import Database
    from bot.sealing import lasting_sealer

    # one process per SQLite file (docs/DEPLOY.md): the board writes orders too, so beside
    # `run` on SQLite it is served by that process (WEB_URL set for it), never by a second
    ready = await ready_to_start(need_token=False, hold=True, busy_hint=(
        "; on SQLite, set WEB_URL for `python -m bot run` and it serves the board itself"))
    if isinstance(ready, int):
        return ready
    settings = ready
    if not settings.web_url:
        print("WEB_URL is not set: the web board is off (set it in .env, e.g. "
              "WEB_URL=http://127.0.0.1:8080).", file=sys.stderr)
        return 2
    configure_logging(settings)
    key = settings.secret_key
    db = Database(settings.database_url, sealer=lasting_sealer(
        key.get_secret_value() if key else None, settings.secret_key_file))
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stopping.set)
    runner = await importlib.import_module(WEB_MODULE).start(db, settings)
    try:
        await stopping.wait()
    finally:
        await runner.cleanup()
        await db.dispose()
    return 0


def setup_web(parser: argparse.ArgumentParser) -> None:
    """``web`` takes no argument: WEB_URL, WEB_HOST and WEB_PORT come from .env."""


def setup_sync(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--guild", type=int, default=None,
                        help="sync to this guild only (default: DEV_GUILD_ID, else global)")
    parser.add_argument("--clear", action="store_true",
                        help="remove the commands from the guild (--guild or DEV_GUILD_ID), "
                             "or the global ones without a guild: the duplicates a "
                             "development guild's sync leaves beside the global commands")


async def sync(args: argparse.Namespace) -> int:
    ready = await ready_to_start()
    if isinstance(ready, int):
        return ready
    settings = ready
    token = _token(settings)
    assert token is not None  # checked by the diagnosis
    configure_logging(settings)
    prepare_discord(settings)
    import discord

    from bot.client import DiplomacyBot

    bot = DiplomacyBot(settings, run_scheduler=False)
    async with bot:
        code = await logged_in(bot, token)
        if code is not None:
            return code
        guild = args.guild if args.guild is not None else settings.dev_guild_id
        where = f"guild {guild}" if guild else "every guild (global)"
        if args.clear:
            target = discord.Object(id=guild) if guild else None
            bot.tree.clear_commands(guild=target)
            await bot.tree.sync(guild=target)
            print(f"the commands of {where} removed", flush=True)
            return 0
        commands = await bot.sync_commands(guild)
    print(f"{len(commands)} commands synced to {where}", flush=True)
    return 0


def setup_invite(parser: argparse.ArgumentParser) -> None:
    """``invite`` takes no argument: the application id is read from DISCORD_TOKEN (or
    DISCORD_APPLICATION_ID)."""


# what the bot does in a channel: read it, post (maps as files, embeds), in threads and
# forum posts too (/game create in a forum opens a post: Send Messages there)
BOT_PERMISSIONS = dict(view_channel=True, send_messages=True, send_messages_in_threads=True,
                       embed_links=True, attach_files=True)


def invite_url(application_id: int) -> str:
    import discord

    return discord.utils.oauth_url(application_id,
                                   permissions=discord.Permissions(**BOT_PERMISSIONS),
                                   scopes=("bot", "applications.commands"))


async def invite(args: argparse.Namespace) -> int:
    """``python -m bot invite``: the link that adds the bot to a server."""
    from bot import preflight

    settings = preflight.load_settings()
    if isinstance(settings, preflight.Finding):
        return preflight.report([settings])
    app_id = settings.discord_application_id
    if app_id is None:
        token = _token(settings) or ""
        finding = preflight.check_token(token)
        if not finding.ok:
            return preflight.report([finding])
        app_id = preflight.application_id(token)
    assert app_id is not None
    print(invite_url(app_id), flush=True)
    return 0

