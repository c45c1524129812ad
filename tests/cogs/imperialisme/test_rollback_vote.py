"""The GM takes a crisis back to its vote (seed 004 §3.7) through the client: the vote is
taken again, each voter gets a new ballot by DM whose buttons work, and the ballot sent before
the rollback is refused with a clear reply (it held the key deleted at the tally)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from bot.i18n import t
from bot.models import PhaseRecord
from tests.e2e.harness import Member
from tests.e2e.test_imperialisme_game import GM, Table, imperial_bot, unanimous


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_vote_rolled_back_sends_new_ballots(database_url: str, locale: str) -> None:
    async with imperial_bot(database_url, guild_locale=locale) as h:
        table = Table(h)
        await table.setup()
        await table.slash(GM, "crisis draw")
        mark = table.mark()
        await table.slash(GM, "conference close")  # the vote opens: ballots by DM
        first = {p: h.fake.dms_to(m.id, mark) for p, m in table.by_power.items()}
        await table.vote(unanimous(0), since=mark)
        await table.slash(GM, "conference close")  # the tally
        assert (await table.state())["crisis"]["stage"] == "annexation"
        async with table.db.transaction(write=False) as session:
            records = (await session.exec(select(PhaseRecord).where(
                PhaseRecord.game_id == table.game_id).order_by(PhaseRecord.seq))).all()
        voted = next(r for r in reversed(records) if r.state["crisis"]["stage"] == "vote")
        mark = table.mark()
        reply = await table.slash(GM, "gm rollback", phase=voted.phase)
        lang = "fr" if locale == "fr" else "en"
        named = t("phase.crisis.vote", GM.locale, number=1)
        assert reply[0].ephemeral and named in reply[0].text()
        await h.bot.post_now()
        said = table.posts(mark)[0].text()
        assert t("phase.crisis.vote", lang, number=1) in said and voted.phase not in said
        crisis = (await table.state())["crisis"]
        assert crisis["stage"] == "vote"
        for power, member in table.by_power.items():
            again = h.fake.dms_to(member.id, mark)
            if power in crisis["sides"]:
                assert not again, "the powers at war get no ballot"
                continue
            assert len(again) == 1, power
            assert len(first[power]) == 1
        # the old ballot is refused, the new one records the vote; neither is published
        voter = next(p for p in table.by_power if p not in crisis["sides"])
        member = table.by_power[voter]
        old = first[voter][0]
        calls = await h.click(member, h.message_of(old), old.custom_ids()[1], dm=True)
        assert calls[-1].ephemeral
        assert calls[-1].content == t("error.imp.ballot_expired", member.locale)
        new = h.fake.dms_to(member.id, mark)[0]
        before = table.mark()
        calls = await table.press(member, new, crisis["sides"][1])
        assert calls[-1].ephemeral
        assert not table.posts(before), "a vote is never published"


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_extending_with_no_crisis_under_way_says_there_is_nothing_to_extend(
        database_url: str, locale: str) -> None:
    async with imperial_bot(database_url, guild_locale=locale) as h:
        table = Table(h)
        await table.setup()
        mark = table.mark()
        gm = Member(GM.id, GM.name, locale=locale, permissions=GM.permissions)
        calls = await table.slash(gm, "gm extend", hours=24)
        assert calls[0].ephemeral
        assert calls[0].content == t("error.gm.no_deadline", locale)
        await h.bot.post_now()
        assert not table.posts(mark), "nothing announced"
