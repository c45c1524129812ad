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

from bot.settings import Settings, get_settings

log = logging.getLogger("bot")

NO_TOKEN = ("DISCORD_TOKEN is not set: copy .env.example to .env and put your bot's token "
            "in it (or set the environment variable).")


def configure_logging() -> None:
    level = os.environ.get("LOG_LEVEL", "INFO").upper()
    logging.basicConfig(level=getattr(logging, level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # discord.py logs every request body at DEBUG: DMs carry private letters, never logged
    logging.getLogger("discord.http").setLevel(logging.INFO)


def _token(settings: Settings) -> str | None:
    token = settings.discord_token.get_secret_value() if settings.discord_token else ""
    return token.strip() or None


async def ready_to_start(*, need_token: bool = True) -> Settings | int:
    """Configuration, database and schema checked before anything logs in to Discord (one
    clear line per problem and exit code 2); the schema is brought to the code's revision."""
    from bot import preflight
    from bot.db import migrate

    settings = preflight.load_settings()
    if isinstance(settings, preflight.Finding):
        return preflight.report([settings])
    code = preflight.report(await preflight.diagnose(settings, need_token=need_token))
    if code:
        return code
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
    if isinstance(settings, preflight.Finding):
        return preflight.report([settings])
    findings = await preflight.diagnose(settings, need_token=True)
    for f in findings:
        if f.ok:
            print(f.line())
    return preflight.report(findings)


def setup_check(parser: argparse.ArgumentParser) -> None:
    """``check`` takes no argument: everything comes from .env / the environment."""


async def run(args: argparse.Namespace) -> int:
    """Start the bot; SIGTERM/SIGINT close it cleanly (scheduler stopped, database closed,
    render processes ended). ``--shards`` (or ``SHARD_IDS``): the shards this process opens
    of ``SHARD_COUNT``, so that several processes share one bot."""
    if getattr(args, "shards", None):
        os.environ["SHARD_IDS"] = args.shards
        get_settings.cache_clear()
    ready = await ready_to_start()
    if isinstance(ready, int):
        return ready
    settings = ready
    token = _token(settings)
    assert token is not None  # checked by the diagnosis
    configure_logging()
    from bot.client import DiplomacyBot
    from bot.scheduler import configure_render_pool, shutdown_render_pool

    configure_render_pool(settings.render_processes)
    bot = DiplomacyBot(settings, run_scheduler=settings.run_scheduler, serve_web=True)
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
            await bot.start(token)
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
    ready = await ready_to_start()
    if isinstance(ready, int):
        return ready
    settings = ready
    token = _token(settings)
    assert token is not None  # checked by the diagnosis
    configure_logging()
    from bot.client import DiplomacyBot
    from bot.scheduler import configure_render_pool, shutdown_render_pool

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
            await bot.login(token)  # REST only; setup_hook starts the scheduler
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

    ready = await ready_to_start(need_token=False)
    if isinstance(ready, int):
        return ready
    settings = ready
    if not settings.web_url:
        print("WEB_URL is not set: the web board is off (set it in .env, e.g. "
              "WEB_URL=http://127.0.0.1:8080).", file=sys.stderr)
        return 2
    configure_logging()
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


async def sync(args: argparse.Namespace) -> int:
    settings = get_settings()
    token = _token(settings)
    if token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    configure_logging()
    from bot.client import DiplomacyBot

    bot = DiplomacyBot(settings, run_scheduler=False)
    async with bot:
        await bot.login(token)
        guild = args.guild if args.guild is not None else settings.dev_guild_id
        commands = await bot.sync_commands(guild)
    where = f"guild {guild}" if guild else "every guild (global)"
    print(f"{len(commands)} commands synced to {where}")
    return 0

