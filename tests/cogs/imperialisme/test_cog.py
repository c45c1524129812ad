"""The cog's own deadline loop (until the shared scheduler calls ``run_due``): a stage whose
deadline passed is closed and posted without anyone typing a command."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlmodel import select

from bot.models import Crisis, utcnow
from tests.e2e.harness import Harness
from tests.e2e.test_imperialisme_game import Table, imperial_bot


async def test_the_deadline_loop_closes_a_conference(database_url: str) -> None:
    async with imperial_bot(database_url) as h:
        await _run(h)


async def _run(h: Harness) -> None:
    table = Table(h)
    await table.setup()
    await table.slash(table.by_power["austria"], "crisis declare", target="serbia")
    async with table.db.transaction() as session:
        row = (await session.exec(select(Crisis).where(Crisis.seq == 1))).one()
        row.deadline = utcnow() - timedelta(seconds=1)  # the conference is over
    mark = table.mark()
    cog = h.bot.get_cog("ImperialismeCog")
    task = asyncio.create_task(cog._deadlines())
    try:
        for _ in range(200):
            sent = [m for m in table.by_power.values() if h.fake.dms_to(m.id, mark)]
            if len(sent) == 12:
                break
            await asyncio.sleep(0.02)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert (await table.state())["crisis"]["stage"] == "vote"
    assert any("vote is open" in c.text() for c in table.posts(mark))
    ballots = [p for p, m in table.by_power.items() if h.fake.dms_to(m.id, mark)]
    assert len(ballots) == 12 and "austria" not in ballots and "serbia" not in ballots
