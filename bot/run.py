"""``python -m bot run`` and ``python -m bot sync``: start the bot, or push the slash
commands (with their French localisations) to Discord.

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
    """Start the bot; SIGTERM/SIGINT close it cleanly (scheduler stopped, database closed)."""
    ready = await ready_to_start()
    if isinstance(ready, int):
        return ready
    settings = ready
    token = _token(settings)
    assert token is not None  # checked by the diagnosis
    configure_logging()
    from bot.client import DiplomacyBot

    bot = DiplomacyBot(settings)
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not closing:
            log.info("signal received: shutting down")
            closing.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on every platform
            loop.add_signal_handler(sig, stop)
    async with bot:
        await bot.start(token)
    if closing:
        await closing[0]
    return 0


def setup_run(parser: argparse.ArgumentParser) -> None:
    """``run`` takes no argument: everything comes from .env / the environment."""


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

