"""A full 7-player classic game through the real client, from /game create to Spring 1903:
orders, early resolution when everyone is ready, deadline resolution by the scheduler, a
retreat, builds, a PNG map after every phase, DM reminders and retreat/build prompts."""

from __future__ import annotations

import io
from datetime import timedelta

from PIL import Image

from bot.services import games as games_service
from bot.services import history as history_service
from tests.e2e.harness import CHANNEL_ID, PNG_MAGIC, Call, Harness, Member, answer

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))
PLAYERS = [Member(2001 + i, f"p{i}", locale="fr" if i % 2 else "en-GB") for i in range(7)]


def assert_png(data: bytes) -> None:
    assert data.startswith(PNG_MAGIC)
    with Image.open(io.BytesIO(data)) as image:
        image.verify()
        assert image.width >= 800


def game_posts(h: Harness, since: int) -> list[Call]:
    return h.fake.posts_to(CHANNEL_ID, since)


async def setup_game(h: Harness) -> tuple[int, dict[str, Member]]:
    calls = await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic",
                          name="Test", phase_hours=24.0)
    assert calls[0].ephemeral and "Test" in calls[0].content
    created = game_posts(h, 0)[-1]
    join_id = next(c for c in created.custom_ids() if c.startswith("dip:join:"))
    game_id = int(join_id.rsplit(":", 1)[1])
    # one player signs up with the button of the public post, the others with /game join
    reply = await h.click(PLAYERS[0], h.message_of(created), join_id)
    assert reply[-1].ephemeral
    for p in PLAYERS[1:]:
        calls = await h.slash(p, "game join", channel_id=CHANNEL_ID)
        assert calls[-1].ephemeral
    mark = len(h.fake.calls)
    calls = await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    started = game_posts(h, mark)
    assert len(started) == 1 and started[0].pngs(), "the start is posted with the map"
    assert_png(started[0].pngs()[0])
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    by_power = {}
    for seat in view.players:
        member = next(p for p in PLAYERS if p.id == seat.user_id)
        by_power[seat.powers[0]] = member
        assert f"<@{member.id}>" in started[0].content  # everyone is mentioned
    assert sorted(by_power) == ["austria", "england", "france", "germany", "italy",
                                "russia", "turkey"]
    return game_id, by_power


async def submit(h: Harness, who: Member, text: str) -> Call:
    calls = await h.slash(who, "orders submit", channel_id=CHANNEL_ID, text=text)
    assert len(calls) >= 1
    assert calls[0].ephemeral, "orders feedback is private"
    return calls[0]


async def test_seven_player_game(harness: Harness) -> None:
    h = harness
    game_id, by = await setup_game(h)

    # --- Spring 1901: orders, then everyone ready -> resolved early ---------------------------
    feedback = await submit(h, by["germany"], "A mun - bur; A ber - mun; F kie - hol")
    assert "A mun - bur" in feedback.text() and "✅" in feedback.text()
    await submit(h, by["france"], "A par - pic; A mar - gas; F bre - mao")
    mark = len(h.fake.calls)
    for power in sorted(by):
        calls = await h.slash(by[power], "ready", channel_id=CHANNEL_ID)
        assert calls[0].ephemeral
    results = [c for c in game_posts(h, mark) if c.embeds and "S1901" not in c.content]
    assert len(results) == 1, "one results post when the last player is ready"
    assert_png(results[0].pngs()[0])
    report = results[0].text()
    # the guild's language is English (its preferred locale): plain words
    assert "moves to Burgundy: succeeds" in report
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.phase == "F1901M"

    # --- Fall 1901: reminders, then the deadline, resolved by the scheduler -----------------
    await submit(h, by["france"], "A pic - bur; A gas S A pic - bur; F mao - spa/nc")
    assert view.deadline is not None
    mark = len(h.fake.calls)
    await h.bot.scheduler.run_once(now=view.deadline - timedelta(hours=2))
    reminded = {uid for uid in (p.id for p in PLAYERS) if h.fake.dms_to(uid, mark)}
    assert reminded == {p.id for power, p in by.items() if power != "france"}
    england_dm = h.fake.dms_to(by["england"].id, mark)[0]
    assert "F1901" not in england_dm.text() and "Fall 1901" in england_dm.text()
    assert any(c.startswith("dip:remind:") for c in england_dm.custom_ids())
    mark = len(h.fake.calls)
    resolved = await h.bot.scheduler.run_once(now=view.deadline + timedelta(seconds=1))
    assert resolved == 1
    posts = game_posts(h, mark)
    assert len(posts) == 1 and posts[0].pngs()
    assert_png(posts[0].pngs()[0])
    assert "dislodged" in posts[0].text()
    # the German player is asked by DM to retreat
    prompt = h.fake.dms_to(by["germany"].id, mark)
    assert prompt and "Burgundy" not in prompt[0].content
    assert "retreat" in prompt[0].text().lower()
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.phase == "F1901R"

    # --- Fall 1901 retreat: the only player with a choice is ready -> resolved -------------
    mark = len(h.fake.calls)
    await submit(h, by["germany"], "A bur R ruh")
    await h.slash(by["germany"], "ready", channel_id=CHANNEL_ID)
    posts = game_posts(h, mark)
    assert len(posts) == 1 and posts[0].pngs()
    assert "retreats to the Ruhr: succeeds" in posts[0].text()
    adjust_dm = h.fake.dms_to(by["france"].id, mark)
    assert adjust_dm, "France is asked to build"
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.phase == "W1901A"

    # --- Winter 1901: builds; the deadline passes ------------------------------------------
    await submit(h, by["france"], "Build A par")
    await submit(h, by["germany"], "Build A ber")
    mark = len(h.fake.calls)
    assert await h.bot.scheduler.run_once(now=view.deadline + timedelta(seconds=1)) == 1
    posts = game_posts(h, mark)
    assert len(posts) == 1 and posts[0].pngs()
    assert "Supply centres" in posts[0].text()
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.phase == "S1902M"

    # --- 1902: a quiet year, each phase ended by readiness or the deadline -----------------
    for _ in range(2):
        mark = len(h.fake.calls)
        for power in sorted(by):
            await h.slash(by[power], "ready", channel_id=CHANNEL_ID)
        assert len(game_posts(h, mark)) == 1
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.phase == "S1903M", "no adjustments in Winter 1902: the phase is skipped"
    history = await history_service.phase_history(h.bot.db, game_id=game_id)
    assert [r.phase for r in history] == ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M",
                                          "F1902M"]

    # every resolved phase was posted exactly once, each with a valid PNG map
    results = [c for c in h.fake.posts_to(CHANNEL_ID)
               if any("Results" in (e.get("title") or "") for e in c.embeds)]
    assert len(results) == len(history)
    for post in results:
        assert_png(post.pngs()[0])

    # /map and /game history show past phases to anyone
    calls = await h.slash(PLAYERS[0], "map", channel_id=CHANNEL_ID, phase="F1901M")
    followup = [c for c in calls if c.pngs()]
    assert followup and not followup[0].ephemeral
    assert_png(followup[0].pngs()[0])
    calls = await h.slash(PLAYERS[1], "game history", channel_id=CHANNEL_ID)
    assert "F1901R" in answer(calls).text()
