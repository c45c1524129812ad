"""Commands beyond the main game: French guild, forum games, draw votes, guided orders, the
orders modal and preview map, press, GM tools."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import t
from bot.services import games as games_service
from bot.services import orders as orders_service
from tests.cogs.helpers import GM, OUTSIDER, PLAYERS, started_game
from tests.e2e.harness import CHANNEL_ID, FORUM_ID, PNG_MAGIC, Harness, running_bot


async def test_french_guild_gets_french_posts_and_notation(database_url: str) -> None:
    async with running_bot(database_url, guild_locale="fr") as h:
        _game_id, by = await started_game(h)
        start_post = h.fake.posts_to(CHANNEL_ID)[-1]
        assert "Printemps 1901, mouvements" in start_post.text()
        await h.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                      text="A par - bur; A mar S A par - bur")
        await h.slash(by["germany"], "orders submit", channel_id=CHANNEL_ID,
                      text="A mun - bur")
        mark = len(h.fake.calls)
        await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
        report = h.fake.posts_to(CHANNEL_ID, mark)[0].text()
        # seed 004 §4.1.1: "=" succeeds, ":" fails, "S" support, "(o)" forgotten unit
        assert "A PAR=BUR" in report and "A MUN:BUR" in report
        assert "A MAR S A PAR-BUR" in report and "F BRE H (o)" in report
        assert "Résultats — Printemps 1901, mouvements" in report
        # a player with an English client still gets English replies
        calls = await h.slash(replace(by["italy"], locale="en-GB"), "ready",
                              channel_id=CHANNEL_ID)
        assert calls[0].content == t("ready.on", "en")


async def test_game_in_a_forum_lives_in_its_own_post(harness: Harness) -> None:
    calls = await harness.slash(GM, "game create", channel_id=FORUM_ID, variant="classic",
                                name="Forum game")
    thread_call = next(c for c in calls if c.path == "/channels/{channel_id}/threads")
    assert thread_call.channel_id == FORUM_ID and thread_call.json["name"] == "Forum game"
    thread_id = int(thread_call.answer["id"])
    created = harness.fake.posts_to(thread_id)
    assert created and any(c.startswith("dip:join:") for c in created[0].custom_ids())
    assert not harness.fake.posts_to(FORUM_ID)
    harness.bot._connection.parse_thread_create(harness.fake.channels[thread_id])
    calls = await harness.slash(PLAYERS[0], "game join", channel_id=thread_id)
    assert calls[0].content.startswith("You joined **Forum game**")


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


async def test_guided_order_unit_action_target(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    italy = by["italy"]
    units = await harness.autocomplete(italy, "order", "unit", channel_id=CHANNEL_ID,
                                       unit="")
    assert {c["value"] for c in units} == {"ven", "rom", "nap"}
    options = await harness.autocomplete(italy, "order", "order", channel_id=CHANNEL_ID,
                                         unit="ven", order="tyr")
    values = [c["value"] for c in options]
    assert "A ven - tyr" in values and "A ven S A vie - tyr" in values
    assert all(v.startswith("A ven") and "tyr" in v for v in values)
    calls = await harness.slash(italy, "order", channel_id=CHANNEL_ID)
    step1 = calls[0]
    assert step1.ephemeral
    unit_select = step1.custom_ids()[0]
    calls = await harness.click(italy, harness.message_of(step1), unit_select,
                                values=["ven"], component_type=3)
    action_select = calls[0].custom_ids()[0]
    calls = await harness.click(italy, harness.message_of(calls[0]), action_select,
                                values=["move"], component_type=3)
    target_select = calls[0].custom_ids()[0]
    calls = await harness.click(italy, harness.message_of(calls[0]), target_select,
                                values=["A ven - tyr"], component_type=3)
    assert "A ven - tyr" in calls[0].text()
    # a second guided order adds to the set; an order for the same unit replaces its line
    await harness.slash(italy, "order", channel_id=CHANNEL_ID, order="F nap - ion")
    await harness.slash(italy, "order", channel_id=CHANNEL_ID, order="A ven - pie")
    own = await orders_service.my_orders(harness.bot.db, game_id=game_id, user_id=italy.id)
    assert sorted(x.normalized for x in own[0].lines) == ["A ven - pie", "F nap - ion"]
    # another player cannot use Italy's menu to order Italian units
    calls = await harness.click(by["austria"], harness.message_of(step1), unit_select,
                                values=["ven"], component_type=3)
    assert calls[0].ephemeral and "VEN" in calls[0].content


async def test_orders_modal_and_private_preview(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    turkey = by["turkey"]
    calls = await harness.slash(turkey, "orders submit", channel_id=CHANNEL_ID)
    assert calls[0].response_type == 9  # a modal
    modal = calls[0].json["data"]
    field_id = modal["components"][0]["components"][0]["custom_id"]
    calls = await harness.submit_modal(turkey, modal["custom_id"],
                                       {field_id: "F ank - bla\nA con - bul\nA smy - arm"},
                                       channel_id=CHANNEL_ID)
    assert calls[0].ephemeral and calls[0].text().count("✅") == 3
    calls = await harness.slash(turkey, "orders show", channel_id=CHANNEL_ID)
    preview = [c for c in calls if c.pngs()]
    assert preview and preview[0].ephemeral and preview[0].pngs()[0].startswith(PNG_MAGIC)
    assert "A con - bul" in preview[0].text()
    calls = await harness.slash(turkey, "orders clear", channel_id=CHANNEL_ID)
    assert await orders_service.my_orders(harness.bot.db, game_id=game_id,
                                          user_id=turkey.id) == []


async def test_press_release_named_and_anonymous(harness: Harness) -> None:
    _game_id, by = await started_game(harness)
    mark = len(harness.fake.calls)
    calls = await harness.slash(by["france"], "press", channel_id=CHANNEL_ID,
                                text="Vive la paix", anonymous=True)
    assert calls[-1].ephemeral
    post = harness.fake.posts_to(CHANNEL_ID, mark)[0]
    assert "Vive la paix" in post.text() and "anonymous" in post.text()
    assert "France" not in post.text() and "p" not in post.embeds[0].get("footer", {})
    calls = await harness.slash(OUTSIDER, "press", channel_id=CHANNEL_ID, text="spam")
    assert calls[0].content == t("error.player.not_in_game", "en")


async def test_gm_tools(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    before = await games_service.get_game(harness.bot.db, game_id=game_id)
    await harness.slash(GM, "gm extend", channel_id=CHANNEL_ID, hours=5.0)
    after = await games_service.get_game(harness.bot.db, game_id=game_id)
    assert (after.deadline - before.deadline).total_seconds() == 5 * 3600
    await harness.slash(GM, "gm pause", channel_id=CHANNEL_ID)
    assert (await games_service.get_game(harness.bot.db, game_id=game_id)).status == "paused"
    await harness.slash(GM, "gm resume", channel_id=CHANNEL_ID)
    await harness.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                        text="A par - bur")
    await harness.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    assert (await games_service.get_game(harness.bot.db, game_id=game_id)).phase == "F1901M"
    mark = len(harness.fake.calls)
    await harness.slash(GM, "gm rollback", channel_id=CHANNEL_ID, phase="S1901M")
    assert (await games_service.get_game(harness.bot.db, game_id=game_id)).phase == "S1901M"
    assert "went back" in harness.fake.posts_to(CHANNEL_ID, mark)[0].text()
    await harness.slash(GM, "gm replace", channel_id=CHANNEL_ID, power="france",
                        player=str(OUTSIDER.id))
    calls = await harness.slash(OUTSIDER, "orders submit", channel_id=CHANNEL_ID,
                                text="A par - pic")
    assert "✅" in calls[0].text()
    calls = await harness.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                                text="A par - bur")
    assert calls[0].content == t("error.player.not_in_game", "en")
    await harness.slash(GM, "gm kick", channel_id=CHANNEL_ID, player=str(by["italy"].id))
    game = await games_service.get_game(harness.bot.db, game_id=game_id)
    assert game.player(by["italy"].id) is None
