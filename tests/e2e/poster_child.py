"""The outbox poster in a process of its own, for the kill -9 trials of
``tests/e2e/test_posts_once.py``: the real ``DiplomacyBot`` logged in (REST only, no
gateway) against the fake REST server at BASE, posting every pending row of the database.

    python -m tests.e2e.poster_child DATABASE_URL BASE [SCHEMA]

Rows a killed poster claimed are taken as if the claim had expired: the restart stands for
a poster coming back after the claim's 120 s (within the minutes Discord keeps a nonce)."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from discord.http import Route
from sqlalchemy import text

from bot.client import DiplomacyBot
from bot.db import Database
from bot.settings import Settings


async def main(url: str, base: str, schema: str | None) -> None:
    Route.BASE = base
    kwargs: dict[str, Any] = {}
    if schema:
        kwargs["connect_args"] = {"server_settings": {"search_path": schema}}
    db = Database(url, **kwargs)
    settings = Settings(_env_file=None, database_url=url,  # type: ignore[call-arg]
                        discord_token="fake-token", default_locale="en")
    bot = DiplomacyBot(settings, db=db, run_scheduler=False)
    try:
        await bot.login("fake-token")
        assert bot.scheduler is not None and bot.scheduler.poster is not None
        # the killed poster's claims as expired (the restart stands for a later one)
        async with db.transaction() as session:
            await session.execute(text("UPDATE outbox SET claim_until = NULL, "
                                       "claim_owner = NULL WHERE sent_at IS NULL"))
        print("ready", flush=True)
        while await bot.scheduler.poster.post_pending():
            pass
        print("done", flush=True)
    finally:
        await bot.close()
        await db.dispose()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None))
