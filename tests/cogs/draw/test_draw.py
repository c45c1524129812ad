"""/draw propose: a secret unanimous vote by DM buttons."""

from __future__ import annotations

from sqlmodel import select

from bot.i18n import t
from bot.models import Player, PlayerStatus
from bot.services import games as games_service
from bot.ui.format import power_name
from tests.cogs.helpers import OUTSIDER, started_game
from tests.e2e.correspondence import GM, language, members, new_game
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


async def test_a_power_in_civil_disorder_shares_the_draw_and_its_score(h: Harness) -> None:
    """Draws Include All Survivors (rules §3.8, docs/RULES.md): Turkey, in civil disorder
    with its 3 centres, cannot vote, yet the draw the six others agree is shared by all
    seven, and Turkey scores as a drawn power."""
    fr = language(h) == "fr"
    game_id, by = await new_game(h)
    async with h.bot.db.transaction() as session:
        seat = (await session.exec(select(Player).where(
            Player.game_id == game_id, Player.user_id == by["turkey"].id))).one()
        seat.status = PlayerStatus.CIVIL_DISORDER.value
    mark = len(h.fake.calls)
    await h.slash(by["england"], "draw propose", channel_id=CHANNEL_ID)
    assert not h.fake.dms_to(by["turkey"].id, mark), "nobody plays Turkey: no ballot"
    for power, member in by.items():
        if power in ("england", "turkey"):
            continue
        dm = h.fake.dms_to(member.id, mark)[0]
        yes = next(c for c in dm.custom_ids() if c.endswith(":y"))
        await h.click(member, h.message_of(dm), yes, dm=True)
    text = "\n".join(c.text() for c in h.fake.posts_to(CHANNEL_ID, mark))
    everyone = ", ".join(power_name(p, "fr" if fr else "en") for p in sorted(by))
    assert t("post.draw_accepted", "fr" if fr else "en", powers=everyone) in text
    assert ("Turquie\u202f: 14,3" if fr else "Turkey: 14.3") in text
    game = await games_service.get_game(h.bot.db, game_id=game_id)
    assert game.status == "finished" and game.result is not None
    assert game.result["draw"] == sorted(by)


async def test_a_neutral_power_nobody_plays_does_not_share_the_draw(h: Harness) -> None:
    """Six players: the seventh power is neutral from the start (no player ever held it), so
    the draw is shared by the six powers played, not by the neutral one (docs/RULES.md)."""
    people = members(h)[:6]
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="G")
    for m in people:
        await h.slash(m, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    played = sorted(pw for seat in game.players for pw in seat.powers)
    neutral = set(game.options["neutral"])
    assert len(neutral) == 1 and not neutral & set(played)
    mark = len(h.fake.calls)
    await h.slash(people[0], "draw propose", channel_id=CHANNEL_ID)
    for m in people[1:]:
        dm = h.fake.dms_to(m.id, mark)[0]
        yes = next(c for c in dm.custom_ids() if c.endswith(":y"))
        await h.click(m, h.message_of(dm), yes, dm=True)
    view = await games_service.get_game(h.bot.db, game_id=game.id)
    assert view.status == "finished" and view.result is not None
    assert view.result["draw"] == played
