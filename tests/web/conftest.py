"""The web board in a real browser: Playwright drives Debian's Chromium (headless) against the
board's aiohttp server on 127.0.0.1 (a random port), on a real SQLite file migrated by
Alembic; where a flow mixes slash commands, the real client through tests/e2e/harness.py.

The harness blocks ``socket.connect`` in the test process: the server only listens and
accepts, and Playwright talks to its driver and the browser over pipes, so nothing here
connects; the browser is another process. One browser per test module (``browser``)."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.board_links import board_link
from bot.db import Database
from bot.settings import Settings
from web.app import bound_port, start

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parent / "screenshots"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: .ci/run installs Debian's chromium package")
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        launched = await pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                            args=["--no-sandbox"])
        try:
            yield launched
        finally:
            await launched.close()


@asynccontextmanager
async def board_server(db: Database, **kwargs: Any) -> AsyncIterator[str]:
    """The board's server on a random port of 127.0.0.1; yields its base URL. Live updates
    are slowed to once an hour unless a test asks (``watch_every``): the other tests drive
    reloads themselves."""
    kwargs.setdefault("watch_every", 3600.0)
    settings = Settings(_env_file=None, database_url=db.url,  # type: ignore[call-arg]
                        web_url="http://127.0.0.1", default_locale="en")
    runner = await start(db, settings, host="127.0.0.1", port=0, **kwargs)
    try:
        yield f"http://127.0.0.1:{bound_port(runner)}"
    finally:
        await runner.cleanup()


def link(base: str, db: Database, game_id: int, user_id: int) -> str:
    return board_link(base, db.sealer, game_id=game_id, user_id=user_id)


async def open_board(browser: Any, url: str, *, locale: str = "en-GB",
                     **context: Any) -> tuple[Any, Any]:
    """A fresh browser context (its own cookies) with the page opened at ``url`` and the
    map drawn."""
    ctx = await browser.new_context(locale=locale, **context)
    page = await ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # a refusal answered 4xx is logged by the browser as a failed load: not a script error
    page.on("console", lambda m: errors.append(m.text) if m.type == "error"
            and not m.text.startswith("Failed to load resource") else None)
    page.js_errors = errors  # type: ignore[attr-defined]
    await page.goto(url)
    return ctx, page


async def map_drawn(page: Any) -> None:
    await page.wait_for_selector("body[data-ready='1']")


async def shot(page: Any, name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    await page.screenshot(path=str(path), full_page=True)
    return path


GM_ID = 1001


async def started_classic(db: Database, users: list[int], *, name: str = "Web",
                          options: dict[str, Any] | None = None, channel_id: int = 600) -> int:
    """A classic game started through the services (no Discord in the way); one game per
    channel."""
    from bot.services import games, players

    game = await games.create_game(db, variant="classic", channel_id=channel_id,
                                   gm_user_id=GM_ID,
                                   name=name, options=options)
    for user in users:
        await players.join_game(db, game_id=game.id, user_id=user)
    await games.start_game(db, game_id=game.id, user_id=GM_ID, seed=1)
    return game.id


@pytest_asyncio.fixture(loop_scope="module")
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    """A real SQLite file, migrated by Alembic."""
    from bot.db import migrate

    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    await migrate(database)
    try:
        yield database
    finally:
        await database.dispose()
