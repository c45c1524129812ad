"""/draw propose: a secret unanimous vote by DM buttons."""

from __future__ import annotations

from bot.i18n import t
from bot.services import games as games_service
from tests.cogs.helpers import OUTSIDER, started_game
from tests.e2e.harness import CHANNEL_ID, Harness


async def test_secret_draw_vote_by_dm(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    mark = len(harness.fake.calls)
    calls = await harness.slash(by["england"], "draw propose", channel_id=CHANNEL_ID)
    assert calls[0].ephemeral
    public = harness.fake.posts_to(CHANNEL_ID, mark)
    assert len(public) == 1 and "secret" in public[0].text()
    ballots = {p: harness.fake.dms_to(m.id, mark) for p, m in by.items()}
    assert not ballots["england"] and all(ballots[p] for p in by if p != "england")
    # a stranger pressing someone's ballot is refused; nothing is published
    ballot = ballots["france"][0]
    yes = next(c for c in ballot.custom_ids() if c.endswith(":y"))
    mark = len(harness.fake.calls)
    calls = await harness.click(OUTSIDER, harness.message_of(ballot), yes, dm=True)
    assert calls[0].ephemeral and calls[0].content == t("error.draw.not_a_voter", "en")
    for power, member in by.items():
        if power != "england":
            dm = ballots[power][0]
            choice = next(c for c in dm.custom_ids() if c.endswith(":y"))
            calls = await harness.click(member, harness.message_of(dm), choice, dm=True)
            assert calls[0].content == t("draw.voted_yes", "en")
    over = harness.fake.posts_to(CHANNEL_ID, mark)
    text = "\n".join(c.text() for c in over)
    assert "The draw is accepted" in text and "Draw between" in text
    game = await games_service.get_game(harness.bot.db, game_id=game_id)
    assert game.status == "finished"


async def test_one_refusal_ends_the_draw_vote(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    mark = len(harness.fake.calls)
    await harness.slash(by["england"], "draw propose", channel_id=CHANNEL_ID)
    dm = harness.fake.dms_to(by["turkey"].id, mark)[0]
    no = next(c for c in dm.custom_ids() if c.endswith(":n"))
    mark = len(harness.fake.calls)
    await harness.click(by["turkey"], harness.message_of(dm), no, dm=True)
    assert "not accepted" in harness.fake.posts_to(CHANNEL_ID, mark)[0].text()
    game = await games_service.get_game(harness.bot.db, game_id=game_id)
    assert game.status == "active"
