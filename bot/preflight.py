"""What is checked before the bot logs in to Discord (and what ``python -m bot check``
prints): the configuration, that the database answers, that its schema is the code's.

Every problem is one line a server admin can act on — never a traceback, never a password.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from bot.db import alembic_config, make_engine
from bot.sealing import Sealer, SealError, lasting_sealer
from bot.settings import Settings, get_settings

CONNECT_SECONDS = 10.0
ASYNC_DRIVERS = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}
EXAMPLES = "sqlite+aiosqlite:///data/bot.db or postgresql+asyncpg://user:password@host/db"


@dataclass(frozen=True, slots=True)
class Finding:
    ok: bool
    what: str  # "configuration" | "database" | "schema" | "token"
    text: str

    def line(self) -> str:
        return f"{'ok' if self.ok else 'ERROR'} {self.what}: {self.text}"


def shown(url: str) -> str:
    """The URL with its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return "(unreadable)"


# a bot token is three URL-safe base64 parts: the bot's user id, a timestamp, a signature
_TOKEN = re.compile(r"([A-Za-z0-9_-]{16,})\.([A-Za-z0-9_-]{4,})\.([A-Za-z0-9_-]{20,})")
TOKEN_HINT = ("the token of the Developer Portal (your application → Bot → Reset Token), "
              "alone on the line")


def application_id(token: str) -> int | None:
    """The bot's id written in the token's first part (it is the application's id too), or
    None when the token is not shaped like a bot token."""
    m = _TOKEN.fullmatch(token.strip())
    if m is None:
        return None
    first = m.group(1)
    try:
        text = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)).decode("ascii")
    except (binascii.Error, ValueError):
        return None
    return int(text) if text.isdigit() else None


def check_token(token: str) -> Finding:
    token = token.strip()
    if not token:
        return Finding(False, "token", "DISCORD_TOKEN is not set: copy .env.example to .env "
                       "and put your bot's token in it (or set the environment variable)")
    if token.lower().startswith("bot "):
        return Finding(False, "token", "DISCORD_TOKEN starts with \"Bot \": write the token "
                       "alone (the bot adds the prefix itself)")
    if application_id(token) is None:
        return Finding(False, "token", f"DISCORD_TOKEN does not look like a bot token: use "
                       f"{TOKEN_HINT}")
    return Finding(True, "token", "DISCORD_TOKEN is set and shaped like a bot token")


def check_url(url: str) -> Finding:
    """The shape of ``DATABASE_URL``: a dialect this bot knows, with its asyncio driver."""
    if not url.strip():
        return Finding(False, "configuration", f"DATABASE_URL is empty; use {EXAMPLES}")
    try:
        parsed = make_url(url)
        parsed.port  # noqa: B018 (a port that is not a number fails here or in make_url)
    except (ArgumentError, ValueError):
        return Finding(False, "configuration",
                       f"DATABASE_URL is not a database URL (check the host, its brackets "
                       f"and the port); use {EXAMPLES}")
    if parsed.port is not None and not 0 < parsed.port < 65536:
        return Finding(False, "configuration",
                       f"DATABASE_URL: the port {parsed.port} is not a port (1-65535)")
    dialect, _, driver = parsed.drivername.partition("+")
    if dialect not in ASYNC_DRIVERS:
        return Finding(False, "configuration",
                       f"DATABASE_URL: {dialect!r} is not supported; use {EXAMPLES}")
    if dialect == "postgresql" and not driver:
        return Finding(False, "configuration",
                       "DATABASE_URL: write postgresql+asyncpg://… (the bot's PostgreSQL "
                       "driver), not postgresql://…")
    if driver != ASYNC_DRIVERS[dialect]:
        return Finding(False, "configuration",
                       f"DATABASE_URL needs the asyncio driver: "
                       f"{dialect}+{ASYNC_DRIVERS[dialect]}://… (got {parsed.drivername})")
    if dialect == "sqlite" and parsed.database in (None, "", ":memory:"):
        return Finding(False, "configuration", "DATABASE_URL is an in-memory SQLite database: "
                       "every game would be lost at restart; name a file")
    if dialect == "postgresql" and not parsed.database:
        return Finding(False, "configuration", "DATABASE_URL names no database")
    return Finding(True, "configuration", f"DATABASE_URL {shown(url)}")


def _current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _reason(exc: BaseException) -> str:
    """The cause in one line (the driver's own message, no stack, no password)."""
    inner: BaseException = exc
    while getattr(inner, "orig", None) is not None:
        inner = inner.orig  # type: ignore[attr-defined]
    text = str(inner).strip().splitlines()[0] if str(inner).strip() else type(inner).__name__
    return text[:300]


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None for another database)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    return Path(parsed.database).expanduser()


def _creatable(path: Path) -> str | None:
    """Why ``path`` (and its missing folders) could not be created, or None."""
    folder = path.parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir():
        return f"{folder} is not a folder"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} is not writable by this user"
    try:  # root passes every access() test: try for real, and leave nothing behind
        os.rmdir(tempfile.mkdtemp(dir=folder, prefix=".check-"))
    except OSError as exc:
        return f"nothing can be created in {folder} ({exc.strerror})"
    return None


async def check_database(url: str) -> list[Finding]:
    """Reach the database and read its schema revision (nothing is written: a SQLite file
    that does not exist yet is not created, nor its folder)."""
    path = sqlite_file(url)
    if path is not None and not path.exists():
        why = _creatable(path)
        if why is not None:
            return [Finding(False, "database", f"cannot create {path}: {why}")]
        head = ScriptDirectory.from_config(alembic_config(url)).get_current_head()
        return [Finding(True, "database", f"{path} does not exist yet: `python -m bot "
                        f"migrate` (or the bot's start) creates it"),
                Finding(True, "schema", f"will be created at {head}")]
    if path is not None and not os.access(path, os.R_OK | os.W_OK):
        return [Finding(False, "database", f"{path} is not readable and writable by this "
                        "user")]
    try:
        engine = make_engine(url)
    except (ArgumentError, NoSuchModuleError, OSError) as exc:
        return [Finding(False, "database", f"cannot use {shown(url)}: {_reason(exc)}")]
    try:
        async with asyncio.timeout(CONNECT_SECONDS):
            async with engine.connect() as conn:
                current = await conn.run_sync(_current)
    except TimeoutError:
        return [Finding(False, "database", f"{shown(url)} did not answer within "
                        f"{CONNECT_SECONDS:g} s")]
    except Exception as exc:  # the driver's many error types: one clear line each
        return [Finding(False, "database", f"cannot connect to {shown(url)}: {_reason(exc)}")]
    finally:
        await engine.dispose()
    scripts = ScriptDirectory.from_config(alembic_config(url))
    head = scripts.get_current_head()
    found = [Finding(True, "database", f"{shown(url)} answers")]
    if current == head:
        found.append(Finding(True, "schema", f"at the code's revision {head}"))
    elif current is None:
        found.append(Finding(True, "schema", f"empty: `python -m bot migrate` (or the bot's "
                             f"start) creates it at {head}"))
    else:
        known = {s.revision for s in scripts.walk_revisions()}
        if current in known:
            found.append(Finding(True, "schema", f"at {current}, the code's is {head}: "
                                 "`python -m bot migrate` (or the bot's start) upgrades it"))
        else:
            found.append(Finding(False, "schema", f"at {current}, unknown to this code "
                                 f"(head {head}): the database is newer than the bot"))
    return found


MIGRATE_FIRST = "run `.venv/bin/python -m bot migrate` first"


async def migrated(url: str) -> Finding | None:
    """For the commands that only read and write rows (board-link, rekey): why this database
    cannot serve them yet (not reachable, no tables, an older schema), or None. They never
    migrate themselves: only ``migrate`` and the bot's start change the schema."""
    found = await check_database(url)
    bad = next((f for f in found if not f.ok), None)
    if bad is not None:
        return bad
    path = sqlite_file(url)
    if path is not None and not path.exists():
        return Finding(False, "schema", f"{path} does not exist yet: {MIGRATE_FIRST}")
    schema = next(f for f in found if f.what == "schema")
    if schema.text.startswith("empty"):
        return Finding(False, "schema", f"the database has no tables yet: {MIGRATE_FIRST}")
    if not schema.text.startswith("at the code's"):
        behind = schema.text.split(":")[0]
        return Finding(False, "schema", f"the database's schema is {behind}: {MIGRATE_FIRST}")
    return None


def check_key(settings: Settings) -> Finding:
    """The key that seals secrets at rest: readable, or creatable at the key file."""
    return _key(settings)[0]


def _key(settings: Settings, *, create: bool = True) -> tuple[Finding, Sealer | None]:
    key = settings.secret_key.get_secret_value() if settings.secret_key else None
    key_file = Path(settings.secret_key_file)
    if not key and not create and not key_file.exists():
        why = _creatable(key_file)
        if why is not None:
            return Finding(False, "secret key", f"cannot create the key file {key_file}: "
                           f"{why}"), None
        return Finding(True, "secret key", f"the key file {key_file} does not exist yet: "
                       "the bot's first start creates it (or set SECRET_KEY, printed by "
                       "`python -m bot key`)"), None
    try:
        sealer = lasting_sealer(key, settings.secret_key_file)
    except (ValueError, OSError) as exc:
        return Finding(False, "secret key", str(exc).splitlines()[0]), None
    where = "SECRET_KEY" if key else f"the key file {settings.secret_key_file}"
    return Finding(True, "secret key", f"secrets at rest are sealed with {where}"), sealer


# Sealed values already at rest (sealed bids, secret ballots, private letters): a few of them must open with
# this process's key, else it was started with another key than the processes that sealed
# them — every bot process and worker must share one key (docs/DEPLOY.md).
_SEALED = ("SELECT sealed FROM bid WHERE sealed IS NOT NULL ORDER BY id DESC LIMIT 3",
           "SELECT choice FROM vote ORDER BY id DESC LIMIT 3",
           "SELECT sealed FROM press_letter ORDER BY id DESC LIMIT 3",
           "SELECT reason FROM absence WHERE reason IS NOT NULL ORDER BY id DESC LIMIT 3")


async def check_sealed(url: str, sealer: Sealer) -> Finding:
    """Whether this key opens the secrets the database already holds (nothing is written)."""
    engine = make_engine(url)
    try:
        async with asyncio.timeout(CONNECT_SECONDS):
            async with engine.connect() as conn:
                tokens = [row[0] for query in _SEALED
                          for row in (await conn.execute(text(query))).all()]
    except Exception as exc:  # the tables are checked by the schema line; one line here too
        return Finding(False, "secret key", f"cannot read sealed values: {_reason(exc)}")
    finally:
        await engine.dispose()
    if not tokens:
        return Finding(True, "secret key", "no sealed value in the database yet")
    for token in tokens:
        try:
            sealer.unseal(token)
        except SealError:
            continue
        return Finding(True, "secret key", "opens the sealed values in the database")
    return Finding(False, "secret key", "this key does not open the sealed bids and ballots "
                   "already in the database: every bot process and worker must use the same "
                   "SECRET_KEY (or key file) as the ones that sealed them")


def load_settings() -> Settings | Finding:
    """The settings, or the one line that says which one is wrong."""
    from pydantic import ValidationError

    try:
        return get_settings()
    except ValidationError as exc:
        bad = "; ".join(_error_line(e) for e in exc.errors())
        return Finding(False, "configuration", f"invalid setting: {bad}")


def _error_line(error: Any) -> str:
    message = str(error["msg"]).removeprefix("Value error, ")
    where = ".".join(map(str, error["loc"])).upper()
    return f"{where}: {message}" if where else message


def report(findings: list[Finding]) -> int:
    """Print the problems (stderr) and return the exit code: 0, or 2 when one is wrong."""
    import sys

    problems = [f for f in findings if not f.ok]
    for f in problems:
        print(f.line(), file=sys.stderr)
    return 2 if problems else 0


async def diagnose(settings: Settings, *, need_token: bool,
                   create: bool = True) -> list[Finding]:
    """Every check, in order. ``create=False`` (``check``) writes nothing: neither the key
    file nor the SQLite file nor their folders."""
    found: list[Finding] = []
    if need_token:
        found.append(check_token(settings.discord_token.get_secret_value()
                                 if settings.discord_token else ""))
    key_finding, sealer = _key(settings, create=create)
    found.append(key_finding)
    url_finding = check_url(settings.database_url)
    found.append(url_finding)
    if url_finding.ok:
        database = await check_database(settings.database_url)
        found.extend(database)
        schema_current = any(f.what == "schema" and f.ok and f.text.startswith("at the code's")
                             for f in database)
        if sealer is not None and schema_current:
            found.append(await check_sealed(settings.database_url, sealer))
    return found
