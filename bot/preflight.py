"""What is checked before the bot logs in to Discord (and what ``python -m bot check``
prints): the configuration, that the database answers, that its schema is the code's.

Every problem is one line a server admin can act on — never a traceback, never a password.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

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
    except ArgumentError:
        return "(unreadable)"


def check_url(url: str) -> Finding:
    """The shape of ``DATABASE_URL``: a dialect this bot knows, with its asyncio driver."""
    if not url.strip():
        return Finding(False, "configuration", f"DATABASE_URL is empty; use {EXAMPLES}")
    try:
        parsed = make_url(url)
    except ArgumentError:
        return Finding(False, "configuration",
                       f"DATABASE_URL is not a database URL; use {EXAMPLES}")
    dialect, _, driver = parsed.drivername.partition("+")
    if dialect not in ASYNC_DRIVERS:
        return Finding(False, "configuration",
                       f"DATABASE_URL: {dialect!r} is not supported; use {EXAMPLES}")
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


async def check_database(url: str) -> list[Finding]:
    """Reach the database and read its schema revision (nothing is written)."""
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


def check_key(settings: Settings) -> Finding:
    """The key that seals secrets at rest: readable, or creatable at the key file."""
    return _key(settings)[0]


def _key(settings: Settings) -> tuple[Finding, Sealer | None]:
    key = settings.secret_key.get_secret_value() if settings.secret_key else None
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
        bad = ", ".join(f"{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}"
                        for e in exc.errors())
        return Finding(False, "configuration", f"invalid setting: {bad}")


def report(findings: list[Finding]) -> int:
    """Print the problems (stderr) and return the exit code: 0, or 2 when one is wrong."""
    import sys

    problems = [f for f in findings if not f.ok]
    for f in problems:
        print(f.line(), file=sys.stderr)
    return 2 if problems else 0


async def diagnose(settings: Settings, *, need_token: bool) -> list[Finding]:
    found: list[Finding] = []
    if need_token:
        token = settings.discord_token.get_secret_value().strip() \
            if settings.discord_token else ""
        found.append(Finding(bool(token), "token", "DISCORD_TOKEN is set" if token else
                             "DISCORD_TOKEN is not set: copy .env.example to .env and put "
                             "your bot's token in it (or set the environment variable)"))
    key_finding, sealer = _key(settings)
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
