"""Start-up: a bad configuration or an unreachable database is one clear line and exit code
2 — never a traceback, never a password — and `run` says so before it logs in to Discord.
`python -m bot check` prints the same diagnosis."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot import run as run_module
from bot.settings import get_settings
from tests.e2e.harness import FAKE_TOKEN

ROOT = Path(__file__).resolve().parents[2]
BAD_URLS = [
    ("", "is empty"),
    ("nonsense", "not a database URL"),
    ("postgresql://postgres@127.0.0.1/test", "postgresql+asyncpg://"),
    ("sqlite://x.db", "asyncio driver"),
    ("mysql+aiomysql://x@h/db", "not supported"),
    ("postgresql+asyncpg://postgres:hunter2@127.0.0.1:1/test", "cannot connect"),
    ("postgresql+asyncpg://u:hunter2@nohost.invalid/db", "cannot connect"),
    ("sqlite+aiosqlite:////proc/no/such/dir/bot.db", "cannot create"),
    ("sqlite+aiosqlite:///", "in-memory"),
    ("postgresql+asyncpg://u:hunter2@h:port/db", "not a database URL"),
    ("postgresql+asyncpg://u:hunter2@[::1/db", "not a database URL"),
    ("postgresql+asyncpg://u:hunter2@h:99999/db", "not a port"),
    ("postgresql://u:hunter2@h/db", "postgresql+asyncpg://"),
]


def check(url: str, tmp_path: Path, **more: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": url, "DISCORD_TOKEN": FAKE_TOKEN, **more}
    return subprocess.run([sys.executable, "-m", "bot", "check"], cwd=tmp_path, env={
        **env, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120,
        check=False)


@pytest.mark.parametrize(("url", "words"), BAD_URLS)
def test_a_bad_database_url_is_one_clear_line(url: str, words: str, tmp_path: Path) -> None:
    proc = check(url, tmp_path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    errors = [line for line in proc.stdout.splitlines() if not line.startswith("ok ")]
    assert len(errors) == 1 and errors[0].startswith("ERROR ") and words in errors[0], errors
    assert proc.stderr == "" and "hunter2" not in proc.stdout


def test_check_reports_a_good_database_and_its_schema(tmp_path: Path) -> None:
    proc = check(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "ok database" in proc.stdout and "ok schema" in proc.stdout


async def test_run_refuses_before_logging_in(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    calls: list[str] = []

    async def login(self: discord.Client, token: str) -> None:  # Discord must not be reached
        calls.append(token)

    monkeypatch.setattr(discord.Client, "login", login)
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://postgres@127.0.0.1:1/test")
    monkeypatch.setenv("SECRET_KEY_FILE", str(tmp_path / "secret.key"))  # not the checkout's
    get_settings.cache_clear()
    try:
        code = await run_module.run(argparse.Namespace())
    finally:
        get_settings.cache_clear()
    assert code == 2 and calls == []


def _key() -> str:
    import base64
    import secrets
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()


def test_a_process_with_another_key_than_the_sealed_rows_is_refused(tmp_path: Path) -> None:
    """Every process must share one key: a bid sealed by one cannot be opened by another,
    so the second is stopped at start-up rather than at the reveal."""
    import sqlite3

    from bot.sealing import Sealer

    path = tmp_path / "bot.db"
    url = f"sqlite+aiosqlite:///{path}"
    first, second = _key(), _key()

    def check_with(key: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "DATABASE_URL": url, "DISCORD_TOKEN": FAKE_TOKEN, "SECRET_KEY": key,
               "PYTHONPATH": str(ROOT)}
        return subprocess.run([sys.executable, "-m", "bot", "check"], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120, check=False)

    assert check_with(first).returncode == 0  # empty: the schema is created at start only
    subprocess.run([sys.executable, "-m", "bot", "migrate"], cwd=tmp_path, check=True,
                   env={**os.environ, "DATABASE_URL": url, "PYTHONPATH": str(ROOT)},
                   capture_output=True, timeout=120)
    with sqlite3.connect(path) as conn:  # a sealed bid as the first process left it
        conn.execute("INSERT INTO bid (game_id, season, bidder, sealed, ready, updated_at) "
                     "VALUES (1, '1901', 'england', ?, 0, '2030-01-01 00:00:00')",
                     (Sealer.from_text(first).seal({"holland": 3}),))
    same = check_with(first)
    assert same.returncode == 0, same.stderr
    assert "ok secret key: opens the sealed values" in same.stdout
    other = check_with(second)
    assert other.returncode == 2
    [line] = [x for x in other.stdout.splitlines() if x.startswith("ERROR")]
    assert line.startswith("ERROR secret key") and "same" in line and second not in line


@pytest.mark.parametrize(("env", "words"), [
    ({"DISCORD_TOKEN": "abc"}, "does not look like a bot token"),
    ({"DISCORD_TOKEN": f"Bot {FAKE_TOKEN}"}, 'starts with "Bot "'),
    ({"DEFAULT_LOCALE": "de"}, "DEFAULT_LOCALE: must be one of en, fr"),
    ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL: must be one of"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "5"}, "SHARD_IDS must be distinct shards of 0-1"),
])
def test_check_refuses_a_wrong_setting_in_one_line(env: dict[str, str], words: str,
                                                   tmp_path: Path) -> None:
    proc = check(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", tmp_path, **env)
    assert proc.returncode == 2
    errors = [line for line in proc.stdout.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1 and words in errors[0], proc.stdout
    assert ": :" not in errors[0] and "Value error" not in errors[0]
    assert proc.stderr == ""


def test_a_setting_in_the_env_file_is_read_as_in_the_environment(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("LOG_LEVEL=LOUD\n")
    proc = check(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", tmp_path)
    assert proc.returncode == 2 and "LOG_LEVEL: must be one of" in proc.stdout
    (tmp_path / ".env").write_text("LOG_LEVEL=warning\n")
    from bot.settings import Settings
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert Settings().log_level == "WARNING"
    finally:
        os.chdir(cwd)


def test_check_writes_nothing_and_says_everything_in_order(tmp_path: Path) -> None:
    """Neither the SQLite file nor its folders nor the key file: check only reads."""
    proc = check(f"sqlite+aiosqlite:///{tmp_path / 'new' / 'dir' / 'bot.db'}", tmp_path,
                 SECRET_KEY_FILE=str(tmp_path / "keys" / "secret.key"))
    assert proc.returncode == 0, proc.stdout
    assert list(tmp_path.iterdir()) == []
    whats = [line.split(":")[0] for line in proc.stdout.splitlines()]
    assert whats == ["ok token", "ok secret key", "ok configuration", "ok database",
                     "ok schema"]
    assert proc.stderr == ""


def test_a_new_key_is_one_the_check_accepts(tmp_path: Path) -> None:
    key = subprocess.run([sys.executable, "-m", "bot", "key"], cwd=tmp_path, env={
        **os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=60,
        check=True).stdout.strip()
    assert len(key) >= 43 and "\n" not in key
    proc = check(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", tmp_path, SECRET_KEY=key)
    assert proc.returncode == 0 and "ok secret key" in proc.stdout, proc.stdout
    # the hint people copy from elsewhere (no padding) is accepted too
    import secrets
    unpadded = check(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", tmp_path,
                     SECRET_KEY=secrets.token_urlsafe(32))
    assert unpadded.returncode == 0, unpadded.stdout


def test_no_network_at_start_is_one_line_a_try_and_a_signal_stops_it(tmp_path: Path) -> None:
    """Discord unreachable (a closed port here): the bot says so in one line a try, waits
    and tries again; SIGTERM meanwhile ends it cleanly."""
    import signal
    import time

    env = {**os.environ, "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
           "DISCORD_TOKEN": FAKE_TOKEN, "SECRET_KEY_FILE": str(tmp_path / "secret.key"),
           "DISCORD_API_BASE": "http://127.0.0.1:1/api/v10", "PYTHONPATH": str(ROOT)}
    log = tmp_path / "run.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "bot", "run"], cwd=tmp_path, env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    try:
        for _ in range(600):
            if "cannot reach Discord" in log.read_text() or proc.poll() is not None:
                break
            time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    text = log.read_text()
    [line] = [x for x in text.splitlines() if "cannot reach Discord" in x]
    assert "try 1 failed, next in 5 s" in line and "Traceback" not in text, text
