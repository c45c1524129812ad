"""``/gm extend`` on L'Impérialisme through the real client: the deadline of the crisis stage
in progress moves with the game's (seed 004 §3.7), in English and in French."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.i18n import t
from bot.ui.format import deadline_text
from tests.e2e.harness import Member
from tests.e2e.test_imperialisme_game import GM, Table, imperial_bot


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_gm_extends_the_conference_in_progress(database_url: str, locale: str) -> None:
    gm = Member(GM.id, GM.name, locale=locale, permissions=GM.permissions)
    async with imperial_bot(database_url) as h:
        table = Table(h)
        await table.setup()
        await table.slash(gm, "imperialisme settings", conference_hours=1.0)
        await table.slash(table.by_power["turkey"], "crisis declare", target="Greece")
        before = (await table.crisis_row(1)).deadline
        assert before is not None
        calls = await table.slash(gm, "gm extend", hours=2.0)
        after = (await table.crisis_row(1)).deadline
        assert after == before + timedelta(hours=2)
        assert calls[0].content == t("gm.extended", locale, deadline=deadline_text(after))
        # the old deadline passes: the conference goes on; the new one ends it
        assert await h.bot.scheduler.run_once(now=before + timedelta(seconds=1)) == 0
        assert (await table.state())["crisis"]["stage"] == "conference"
        assert await table.deadline_passes(1) == 1
        assert (await table.state())["crisis"]["stage"] == "vote"
