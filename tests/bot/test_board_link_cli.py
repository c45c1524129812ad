"""``python -m bot board-link --game ID --user USER_ID`` run as a real process: it prints the
seated player's personal link (the one the buttons give, signed with the deployment's key);
an unknown game, a user without a seat and an unset ``WEB_URL`` are each one line on stderr
and exit code 2."""

from __future__ import annotations

import base64
import os
import secrets
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from bot.board_links import BoardPass, read_board_token
from bot.db import Database, migrate
from bot.sealing import Sealer
from bot.services import games as games_service
from bot.services import players as players_service

ROOT = Path(__file__).resolve().parents[2]
KEY = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()
WEB_URL = "https://diplo.example.org/"
GM, PLAYERS, OUTSIDER = 1001, [2001 + i for i in range(7)], 3001


@pytest.fixture
async def game(tmp_path: Path) -> tuple[str, int]:
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"
    db = Database(url, sealer=Sealer.from_text(KEY))
    try:
        await migrate(db)
        view = await games_service.create_game(db, variant="classic", channel_id=1,
                                               gm_user_id=GM, name="G")
        for user in PLAYERS:
            await players_service.join_game(db, game_id=view.id, user_id=user)
        await games_service.start_game(db, game_id=view.id, user_id=GM)
    finally:
        await db.dispose()
    return url, view.id


def board_link(tmp_path: Path, url: str, *args: str, web_url: str | None = WEB_URL
               ) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("WEB_URL", "SECRET_KEY")}
    env.update(DATABASE_URL=url, SECRET_KEY=KEY, PYTHONPATH=str(ROOT))
    if web_url is not None:
        env["WEB_URL"] = web_url
    return subprocess.run([sys.executable, "-m", "bot", "board-link", *args], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120, check=False)


def one_error(proc: subprocess.CompletedProcess[str], words: str) -> None:
    assert proc.returncode == 2 and proc.stdout == ""
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith("ERROR board-link: ") and words in line, line


def test_it_prints_the_players_link(tmp_path: Path, game: tuple[str, int]) -> None:
    url, game_id = game
    proc = board_link(tmp_path, url, "--game", str(game_id), "--user", str(PLAYERS[3]))
    assert proc.returncode == 0, proc.stderr
    (link,) = proc.stdout.strip().splitlines()
    assert link.startswith("https://diplo.example.org/board/open?t=")
    (token,) = parse_qs(urlsplit(link).query)["t"]
    assert read_board_token(Sealer.from_text(KEY), token) == BoardPass(game_id=game_id,
                                                                       user_id=PLAYERS[3])


def test_refusals_are_one_line(tmp_path: Path, game: tuple[str, int]) -> None:
    url, game_id = game
    one_error(board_link(tmp_path, url, "--game", str(game_id + 1), "--user",
                         str(PLAYERS[0])), f"there is no game {game_id + 1}")
    for user in (OUTSIDER, GM):
        one_error(board_link(tmp_path, url, "--game", str(game_id), "--user", str(user)),
                  f"user {user} has no seat in game {game_id}")
    one_error(board_link(tmp_path, url, "--game", str(game_id), "--user", str(PLAYERS[0]),
                         web_url=None), "WEB_URL is not set")


MIGRATE_FIRST = "run `.venv/bin/python -m bot migrate` first"


def test_a_database_never_migrated_says_to_migrate_first(tmp_path: Path) -> None:
    """Neither "no such table" nor a new empty file: the one step that is missing."""
    missing = tmp_path / "missing.db"
    one_error(board_link(tmp_path, f"sqlite+aiosqlite:///{missing}", "--game", "1",
                         "--user", "2"), f"{missing} does not exist yet: {MIGRATE_FIRST}")
    assert not missing.exists()
    bare = tmp_path / "bare.db"
    sqlite3.connect(bare).close()
    one_error(board_link(tmp_path, f"sqlite+aiosqlite:///{bare}", "--game", "1",
                         "--user", "2"), f"the database has no tables yet: {MIGRATE_FIRST}")


@pytest.mark.parametrize("extra", [[], ["--forget-unreadable"]])
def test_rekey_on_a_database_never_migrated_says_to_migrate_first(
        tmp_path: Path, extra: list[str]) -> None:
    bare = tmp_path / "bare.db"
    sqlite3.connect(bare).close()
    env = {k: v for k, v in os.environ.items() if k not in ("WEB_URL", "SECRET_KEY")}
    env.update(DATABASE_URL=f"sqlite+aiosqlite:///{bare}", SECRET_KEY=KEY,
               PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "bot", "rekey", *extra], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    (line,) = proc.stderr.strip().splitlines()
    assert line == f"ERROR schema: the database has no tables yet: {MIGRATE_FIRST}", line
