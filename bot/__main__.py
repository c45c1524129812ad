"""Command line of the bot: ``python -m bot <command>``.

Commands are argparse sub-commands registered in ``COMMANDS``. To add one (the Discord client
adds ``run`` and ``sync``), write ``def setup_<name>(parser) -> None`` that declares its
arguments and an ``async def <name>(args) -> int``, and register both with
``register("name", "help", setup, handler)``, e.g. from ``bot/client.py``'s import or here.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.settings import get_settings

Handler = Callable[[argparse.Namespace], Coroutine[Any, Any, int]]
Setup = Callable[[argparse.ArgumentParser], None]


@dataclass(frozen=True)
class Command:
    help: str
    setup: Setup
    handler: Handler


COMMANDS: dict[str, Command] = {}


def register(name: str, help: str, setup: Setup, handler: Handler) -> None:
    COMMANDS[name] = Command(help, setup, handler)


def _setup_migrate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("revision", nargs="?", default="head",
                        help="target revision (default: head)")
    parser.add_argument("--downgrade", action="store_true",
                        help="downgrade to REVISION instead of upgrading")
    parser.add_argument("--url", default=None, help="database URL (default: DATABASE_URL)")


async def _migrate(args: argparse.Namespace) -> int:
    from bot.db import migrate

    url = args.url or get_settings().database_url
    await migrate(url, args.revision, downgrade=args.downgrade)
    print(f"database {'downgraded' if args.downgrade else 'migrated'} to {args.revision}")
    return 0


register("migrate", "apply the database migrations (Alembic)", _setup_migrate, _migrate)


def _load_plugins() -> None:
    """Commands defined elsewhere (the Discord client's ``run``/``sync``) register
    themselves when their module is imported; a missing module is simply not offered."""
    try:
        from bot.cli_commands import COMMANDS as extra  # type: ignore[import-not-found]
    except ModuleNotFoundError as exc:
        if exc.name != "bot.cli_commands":
            raise
        return
    # ``python -m bot`` runs this file as ``__main__``: plugins hand their commands over
    # instead of importing ``bot.__main__`` (a second copy of this module)
    for name, (help_text, setup, handler) in extra.items():
        register(name, help_text, setup, handler)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot",
                                     description="Discord referee for Diplomacy")
    sub = parser.add_subparsers(dest="command")
    for name, command in sorted(COMMANDS.items()):
        command.setup(sub.add_parser(name, help=command.help))
    return parser


def main(argv: list[str] | None = None) -> int:
    _load_plugins()
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command and "run" in COMMANDS:
        # ``python -m bot`` alone starts the bot (README)
        args = parser.parse_args(["run"])
    if not args.command:
        names = ", ".join(sorted(COMMANDS))
        print(f"usage: python -m bot <command>   (commands: {names}; "
              f"python -m bot --help for details)")
        return 0
    return asyncio.run(COMMANDS[args.command].handler(args))


if __name__ == "__main__":
    sys.exit(main())
