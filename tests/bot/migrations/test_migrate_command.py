"""``python -m bot migrate`` answers like ``check``: one line and exit 2 for what the admin must
fix (never a traceback, never a password); on success the revision reached."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PG = "postgresql+asyncpg://postgres:hunter2@127.0.0.1"


def migrate(tmp_path: Path, *args: str, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", "migrate", *args], cwd=tmp_path,
                          env={**os.environ, "DATABASE_URL": url, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize(("url", "words"), [
    ("garbage", "not a database URL"),
    ("mysql+aiomysql://u:hunter2@h/db", "not supported"),
    ("postgresql+psycopg://u:hunter2@h/db", "asyncio driver"),
    ("postgresql://postgres:hunter2@127.0.0.1/test", "postgresql+asyncpg://"),
    (f"{PG}:1/test", "cannot migrate"),
    (f"{PG}:port/test", "not a database URL"),
    (f"{PG}:5432/no_such_database_here", "cannot migrate"),
    ("sqlite+aiosqlite:////proc/no/such/dir/bot.db", "cannot create"),
])
def test_a_database_that_cannot_be_migrated_is_one_line(url: str, words: str,
                                                        tmp_path: Path) -> None:
    proc = migrate(tmp_path, url=url)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ERROR ") and words in lines[0], lines
    assert "hunter2" not in proc.stderr + proc.stdout and proc.stdout == ""


def test_an_unwritable_sqlite_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    path.write_bytes(b"this is not a database at all, just text" * 100)
    proc = migrate(tmp_path, url=f"sqlite+aiosqlite:///{path}")
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_an_unknown_revision_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    proc = migrate(tmp_path, "no_such_revision", url=url)
    assert proc.returncode == 2
    [line] = proc.stderr.strip().splitlines()
    assert "unknown revision 'no_such_revision'" in line
    assert not (tmp_path / "bot.db").exists()


def test_a_migration_says_the_revision_reached(tmp_path: Path) -> None:
    from alembic.script import ScriptDirectory

    from bot.db import alembic_config

    url = f"sqlite+aiosqlite:///{tmp_path / 'data' / 'bot.db'}"
    head = ScriptDirectory.from_config(alembic_config(url)).get_current_head()
    proc = migrate(tmp_path, url=url)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith(f"at the code's revision {head}"), proc.stdout
    assert proc.stdout.count("\n") == 1
