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
    """One line either way: the revision reached, or why not (exit 2), never a traceback."""
    from alembic.script import ScriptDirectory

    from bot import preflight
    from bot.db import alembic_config, migrate

    if args.url:
        url = args.url
    else:
        settings = preflight.load_settings()
        if isinstance(settings, preflight.Finding):
            return preflight.report([settings])
        url = settings.database_url
    found = preflight.check_url(url)
    if not found.ok:
        return preflight.report([found])
    path = preflight.sqlite_file(url)
    if path is not None and not path.exists():
        why = preflight._creatable(path)
        if why is not None:
            return preflight.report([preflight.Finding(False, "database",
                                                       f"cannot create {path}: {why}")])
    scripts = ScriptDirectory.from_config(alembic_config(url))
    try:
        if args.revision not in ("head", "base"):
            scripts.get_revision(args.revision)
    except Exception:  # alembic's several errors for a revision it does not know
        return preflight.report([preflight.Finding(
            False, "schema", f"unknown revision {args.revision!r}: the code's newest is "
            f"{scripts.get_current_head()} (or say head, or base with --downgrade)")])
    try:
        await migrate(url, args.revision, downgrade=args.downgrade)
    except Exception as exc:  # the driver's many errors: one line each
        return preflight.report([preflight.Finding(
            False, "database", f"cannot migrate {preflight.shown(url)}: "
            f"{preflight._reason(exc)}")])
    reached = [f for f in await preflight.check_database(url) if f.what == "schema"]
    done = "downgraded" if args.downgrade else "migrated"
    print(f"database {preflight.shown(url)} {done}: schema "
          f"{reached[0].text if reached else args.revision}", flush=True)
    return 0


register("migrate", "create or upgrade the database's tables (the bot's start does it too)",
         _setup_migrate, _migrate)


def _setup_key(parser: argparse.ArgumentParser) -> None:
    """``key`` takes no argument."""


async def _key(args: argparse.Namespace) -> int:
    from bot.sealing import Sealer

    print(Sealer.new_key(), flush=True)
    return 0


register("key", "print a new secret key (for SECRET_KEY, or `rekey --new-key-file`)",
         _setup_key, _key)


def _setup_rekey(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--new-key-file", default=None, metavar="PATH",
                        help="the new key (written by `python -m bot key > PATH`); without "
                             "it, a new key replaces the key file (SECRET_KEY_FILE), the old "
                             "one kept beside it as .old")
    parser.add_argument("--forget-unreadable", action="store_true",
                        help="the old key is lost: forget what the current key cannot open "
                             "(bids to send again, ballots and draw votes to cast again, "
                             "private letters, absence reasons), so the bot starts")


async def _rekey(args: argparse.Namespace) -> int:
    """Every sealed value and pseudonym moved to a new key, in one transaction. Stop every
    bot process and worker first (on SQLite the file's lock makes sure)."""
    import os
    from pathlib import Path

    from bot import preflight
    from bot.db import DatabaseBusy, hold_sqlite_file, make_engine
    from bot.rekey import RekeyError, rekey
    from bot.sealing import Sealer, lasting_sealer

    settings = preflight.load_settings()
    if isinstance(settings, preflight.Finding):
        return preflight.report([settings])
    unready = await preflight.migrated(settings.database_url)
    if unready is not None:
        return preflight.report([unready])
    key = settings.secret_key.get_secret_value() if settings.secret_key else None
    key_file = Path(settings.secret_key_file)
    if not key and not key_file.exists():
        return preflight.report([preflight.Finding(
            False, "secret key", f"no SECRET_KEY and no key file {key_file}: nothing is "
            "sealed with a key this process knows")])
    if args.forget_unreadable:
        return await _forget(settings, key)
    if key and not args.new_key_file:
        return preflight.report([preflight.Finding(
            False, "secret key", "SECRET_KEY is set: write the new key to a file "
            "(`python -m bot key > new.key`) and pass --new-key-file new.key")])
    try:
        old = lasting_sealer(key, settings.secret_key_file)
        if args.new_key_file:
            new_text = Path(args.new_key_file).read_text(encoding="ascii").strip()
        else:
            new_text = Sealer.new_key()
        new = Sealer.from_text(new_text)
    except (OSError, ValueError) as exc:
        return preflight.report([preflight.Finding(False, "secret key",
                                                   str(exc).splitlines()[0])])
    pending = key_file.with_name(key_file.name + ".new")
    if not args.new_key_file:  # on disk before anything is sealed with it
        fd = os.open(pending, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(new_text + "\n")
            fh.flush()
            os.fsync(fh.fileno())
    try:
        lock = hold_sqlite_file(settings.database_url)
    except DatabaseBusy as exc:
        pending.unlink(missing_ok=True)
        return preflight.report([preflight.Finding(False, "database", str(exc))])
    engine = make_engine(settings.database_url)
    try:
        async with engine.begin() as conn:
            moved = await conn.run_sync(rekey, old, new)
    except RekeyError as exc:
        pending.unlink(missing_ok=True)
        return preflight.report([preflight.Finding(False, "secret key", str(exc))])
    except Exception as exc:  # the database's errors (an old schema: `migrate` first)
        pending.unlink(missing_ok=True)
        return preflight.report([preflight.Finding(
            False, "database", f"nothing was changed: {preflight._reason(exc)}")])
    finally:
        await engine.dispose()
        if lock is not None:
            lock.close()
    total = sum(moved.values())
    if args.new_key_file:
        print(f"{total} sealed values moved to the key in {args.new_key_file}: set "
              "SECRET_KEY to it (or SECRET_KEY_FILE to that file) before the bot starts "
              "again", flush=True)
    else:
        os.replace(key_file, key_file.with_name(key_file.name + ".old"))
        os.replace(pending, key_file)
        print(f"{total} sealed values moved to a new key in {key_file} (the old one is "
              f"{key_file.name}.old: delete it once the bot starts)", flush=True)
    return 0


async def _forget(settings: Any, key: str | None) -> int:
    from bot import preflight
    from bot.db import DatabaseBusy, hold_sqlite_file, make_engine
    from bot.rekey import forget_unreadable
    from bot.sealing import lasting_sealer

    try:
        sealer = lasting_sealer(key, settings.secret_key_file)
        lock = hold_sqlite_file(settings.database_url)
    except (OSError, ValueError, DatabaseBusy) as exc:
        return preflight.report([preflight.Finding(False, "secret key",
                                                   str(exc).splitlines()[0])])
    engine = make_engine(settings.database_url)
    try:
        async with engine.begin() as conn:
            forgotten = await conn.run_sync(forget_unreadable, sealer)
    except Exception as exc:  # the database's errors (an old schema: `migrate` first)
        return preflight.report([preflight.Finding(
            False, "database", f"nothing was changed: {preflight._reason(exc)}")])
    finally:
        await engine.dispose()
        if lock is not None:
            lock.close()
    told = ", ".join(f"{n} {name}" for name, n in forgotten.items() if n) or "nothing"
    print(f"forgotten (the current key does not open them): {told}", flush=True)
    return 0


register("rekey", "move every sealed value (bids, votes, letters, absence reasons) to a "
         "new key", _setup_rekey, _rekey)


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
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Discord referee for Diplomacy, Duel-Diplomatie and "
        "L'Impérialisme: set it up (key, check, migrate, invite, sync) and run it.")
    sub = parser.add_subparsers(dest="command", metavar="<command>")
    for name, command in sorted(COMMANDS.items()):
        command.setup(sub.add_parser(name, help=command.help, description=command.help))
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
