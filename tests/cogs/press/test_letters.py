"""Private press (seed 004 §3.4.7) through the real client, in an English and a French guild:
a letter reaches its recipients only, by DM; /inbox shows it to its sender and recipients
only (the GM when the game allows it); the database never shows its text; every refusal is
a clear message in the reader's language and stores nothing."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from bot.i18n import t
from bot.models import Game, GameStatus
from bot.ui.format import power_name
from tests.e2e.correspondence import GM, language, members, new_game
from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member

OUTSIDER = Member(3001, "outsider")
SECRET = "Meet me in Burgundy, tell no one"


def _names(h: Harness, *powers: str) -> str:
    return ", ".join(power_name(p, language(h), "classic") for p in powers)


async def _everything(h: Harness) -> str:
    """Every row of every table, as text: what someone holding the database reads."""
    from bot.models import TABLES

    out = []
    async with h.bot.db.transaction(write=False) as session:
        for table in TABLES:
            rows = (await session.exec(text(f"SELECT * FROM {table.__tablename__}"))).all()  # type: ignore[call-overload]
            out += [repr(tuple(r)) for r in rows]
    return "\n".join(out)


async def _letters(h: Harness) -> int:
    async with h.bot.db.transaction(write=False) as session:
        rows = (await session.exec(text(  # type: ignore[call-overload]
            "SELECT COUNT(*) FROM press_letter"))).one()
        queued = (await session.exec(text(  # type: ignore[call-overload]
            "SELECT COUNT(*) FROM outbox WHERE kind = 'press_letter'"))).one()
    return int(rows[0]) + int(queued[0])


def _seen_by(h: Harness, mark: int, needle: str) -> set[int]:
    """Users who got a DM holding ``needle`` since ``mark``."""
    return {uid for cid, uid in h.fake.dm_users.items()
            for c in h.fake.posts_to(cid, mark) if needle in c.text()}


def _reply(calls: list[Call]) -> Call:
    return next(c for c in calls if c.is_interaction_response or c.via_webhook)


async def test_a_letter_reaches_its_recipients_only(h: Harness) -> None:
    lang = language(h)
    _game_id, by = await new_game(h)
    to = "Italie, ALL" if lang == "fr" else "Italy, GER"
    mark = len(h.fake.calls)
    calls = await h.slash(by["france"], "press", channel_id=CHANNEL_ID, text=SECRET, to=to)
    answer = _reply(calls)
    assert answer.ephemeral
    assert answer.content == t("press.letter.sent", lang, anonymous="no",
                               powers=_names(h, "italy", "germany"))
    assert _seen_by(h, mark, SECRET) == {by["italy"].id, by["germany"].id}
    dm = h.fake.dms_to(by["italy"].id, mark)[0]
    assert t("press.letter.title", lang, sender=_names(h, "france"), name="G") in dm.text()
    assert by["france"].name not in dm.text()  # no player is named
    assert not [c for c in h.fake.posts_to(CHANNEL_ID, mark) if SECRET in c.text()]
    # the database alone does not tell the text: sealed letter, outbox rows name it only
    assert SECRET not in await _everything(h)
    assert "Burgundy" not in await _everything(h)

    # /inbox: the sender and each recipient see it, nobody else (GM included)
    for who, seen in ((by["france"], True), (by["italy"], True), (by["germany"], True),
                      (by["austria"], False), (by["russia"], False)):
        calls = await h.slash(who, "inbox", channel_id=CHANNEL_ID)
        assert calls[-1].ephemeral
        assert (SECRET in calls[-1].text()) is seen
    sent = (await h.slash(by["france"], "inbox", channel_id=CHANNEL_ID))[-1].text()
    assert "📤" in sent and "📨" not in sent
    calls = await h.slash(GM, "inbox", channel_id=CHANNEL_ID)
    assert calls[-1].content == t("error.press.gm_cannot_read", "en")
    calls = await h.slash(OUTSIDER, "inbox", channel_id=CHANNEL_ID)
    assert calls[-1].content == t("error.player.not_in_game", "en")


async def test_the_gm_reads_letters_only_when_the_game_allows_it(h: Harness) -> None:
    _game_id, by = await new_game(h, options={"gm_reads_press": True})
    await h.slash(by["england"], "press", channel_id=CHANNEL_ID, text=SECRET, to="france",
                  anonymous=True)
    calls = await h.slash(GM, "inbox", channel_id=CHANNEL_ID)
    assert SECRET in calls[-1].text()
    # an unsigned letter is unsigned for its recipient too
    lang = language(h)
    received = (await h.slash(by["france"], "inbox", channel_id=CHANNEL_ID))[-1].text()
    assert t("press.letter.anonymous", lang) in received
    assert power_name("england", lang) not in received


async def test_the_dm_speaks_the_recipients_language(h: Harness) -> None:
    """A player who used the bot in the other language gets the bot's words in theirs."""
    lang = language(h)
    other = "en" if lang == "fr" else "fr"
    _game_id, by = await new_game(h)
    italy = by["italy"]
    switched = Member(italy.id, italy.name, locale="fr" if other == "fr" else "en-GB")
    await h.slash(switched, "inbox", channel_id=CHANNEL_ID)
    mark = len(h.fake.calls)
    await h.slash(by["france"], "press", channel_id=CHANNEL_ID, text=SECRET, to="ita, aus")
    to_italy = h.fake.dms_to(italy.id, mark)[0].text()
    to_austria = h.fake.dms_to(by["austria"].id, mark)[0].text()
    assert t("press.letter.footer", other) in to_italy
    assert t("press.letter.footer", lang) in to_austria


async def test_refusals_store_nothing(h: Harness) -> None:
    lang = language(h)
    game_id, by = await new_game(h)
    france = by["france"]

    async def refused(who: Member, **params: Any) -> str:
        calls = await h.slash(who, "press", channel_id=CHANNEL_ID, **params)
        assert calls[-1].ephemeral
        return calls[-1].content

    assert await refused(france, text="hi", to="Narnia") == t(
        "error.press.unknown_power", lang, name="Narnia")
    assert await refused(france, text="hi", to="italy, Narnia") == t(
        "error.press.unknown_power", lang, name="Narnia")
    assert await refused(france, text="hi", to="france") == t(
        "error.press.to_self", lang, power=_names(h, "france"))
    assert await refused(france, text="x" * 2001, to="italy") == t(
        "error.press.too_long", lang, length=2001, max=2000)
    assert await refused(OUTSIDER, text="hi", to="italy") == t(
        "error.player.not_in_game", "en")
    assert await refused(GM, text="hi", to="italy") == t(
        "error.player.not_in_game", "en")
    # an eliminated power: no unit, no centre
    async with h.bot.db.transaction() as session:
        row = await session.get(Game, game_id)
        assert row is not None and row.state is not None
        state = dict(row.state)
        state["units"] = [u for u in state["units"] if u["power"] != "italy"]
        state["centers"] = {**state["centers"], "italy": []}
        row.state = state
    assert await refused(france, text="hi", to="italy") == t(
        "error.press.eliminated", lang, power=_names(h, "italy"))
    for mode, key in (("public", "error.press.public_only"), ("none", "error.press.disabled")):
        async with h.bot.db.transaction() as session:
            row = await session.get(Game, game_id)
            assert row is not None
            row.options = {**row.options, "press": mode}
        assert await refused(france, text="hi", to="england") == t(key, lang)
    # press off: no press release either
    mark = len(h.fake.calls)
    assert await refused(france, text="hi") == t("error.press.disabled", lang)
    assert h.fake.posts_to(CHANNEL_ID, mark) == []
    async with h.bot.db.transaction() as session:
        row = await session.get(Game, game_id)
        assert row is not None
        row.options = {**row.options, "press": "full"}
        row.status = GameStatus.FINISHED.value
    assert await refused(france, text="hi", to="england") == t(
        "error.press.game_not_active", lang)
    assert await _letters(h) == 0


async def test_public_only_still_posts_press_releases(h: Harness) -> None:
    _game_id, by = await new_game(h, options={"press": "public"})
    mark = len(h.fake.calls)
    await h.slash(by["france"], "press", channel_id=CHANNEL_ID, text="Vive la paix")
    post = h.fake.posts_to(CHANNEL_ID, mark)[0]
    assert "Vive la paix" in post.text()
    assert power_name("france", language(h)) in post.text()


async def test_gunboat_names_no_player(h: Harness) -> None:
    """Gunboat: every message anonymous; the start post, /game status and the letters name
    powers, never players; each player learns their power by DM; /game settings says so."""
    lang = language(h)
    people = members(h)
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="G",
                  press="gunboat")
    for m in people:
        await h.slash(m, "game join", channel_id=CHANNEL_ID)
    mark = len(h.fake.calls)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    started = h.fake.posts_to(CHANNEL_ID, mark)
    mentions = [f"<@{m.id}>" for m in people]
    assert started and not [c for c in started for x in mentions
                            if x in c.text() or x in c.content]
    for m in people:
        dms = h.fake.dms_to(m.id, mark)
        assert dms and t("press.seat.title", lang, name="G") in dms[0].text()
    status = (await h.slash(people[0], "game status", channel_id=CHANNEL_ID))[-1].text()
    assert not [x for x in mentions if x in status]
    settings = (await h.slash(people[0], "game settings", channel_id=CHANNEL_ID))[-1].text()
    assert t("settings.press", lang, press="gunboat") in settings
    # a signed press release is posted anonymous, without the sender's name
    mark = len(h.fake.calls)
    await h.slash(people[0], "press", channel_id=CHANNEL_ID, text="Peace", anonymous=False)
    post = h.fake.posts_to(CHANNEL_ID, mark)[0]
    assert t("press.title", lang, author=t("press.anonymous", lang)) in post.text()
    assert people[0].name not in post.text() and "footer" not in post.embeds[0]
    # a letter is anonymous to its reader
    from bot.services import games as games_service

    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    by = {m.id: m for m in people}
    seat = {s.powers[0]: by[s.user_id] for s in game.players}
    mark = len(h.fake.calls)
    await h.slash(seat["france"], "press", channel_id=CHANNEL_ID, text=SECRET, to="italy")
    dm = h.fake.dms_to(seat["italy"].id, mark)[0].text()
    assert t("press.letter.anonymous", lang) in dm and power_name("france", lang) not in dm
    # a player who leaves is "a player" in the post
    mark = len(h.fake.calls)
    await h.slash(seat["austria"], "game leave", channel_id=CHANNEL_ID)
    left = "\n".join(c.text() for c in h.fake.posts_to(CHANNEL_ID, mark))
    assert t("press.player", lang) in left and f"<@{seat['austria'].id}>" not in left
    # once the game is over, names are back
    async with h.bot.db.transaction() as session:
        row = await session.get(Game, game.id)
        assert row is not None
        row.status = GameStatus.FINISHED.value
    status = (await h.slash(people[0], "game status", channel_id=CHANNEL_ID))[-1].text()
    assert all(x in status for x in mentions)


async def test_settings_say_the_press_rules(h: Harness) -> None:
    lang = language(h)
    _game_id, by = await new_game(h)
    text_ = (await h.slash(by["france"], "game settings", channel_id=CHANNEL_ID))[-1].text()
    assert t("settings.press", lang, press="full") in text_
    assert t("settings.gm_reads_press", lang, on="no") in text_


async def test_power_autocomplete_offers_several(h: Harness) -> None:
    lang = language(h)
    _game_id, by = await new_game(h)
    first = power_name("france", lang)
    choices = await h.autocomplete(by["italy"], "press", "to", channel_id=CHANNEL_ID,
                                   text="x", to=f"{first}, ")
    assert len(choices) == 7 and all(c["value"].startswith(f"{first}, ") for c in choices)
    choices = await h.autocomplete(by["italy"], "press", "to", channel_id=CHANNEL_ID,
                                   text="x", to="Ang" if lang == "fr" else "Eng")
    assert [c["value"] for c in choices] == [power_name("england", lang)]


async def test_a_player_who_joined_in_the_other_language_reads_it(h: Harness) -> None:
    """The language is kept from /game join: no /press needed to get letters in it."""
    lang = language(h)
    other = "en" if lang == "fr" else "fr"
    people = members(h)
    people[3] = Member(people[3].id, people[3].name, locale="fr" if other == "fr" else "en-GB")
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="G")
    for m in people:
        await h.slash(m, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    from bot.services import games as games_service

    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    power = next(s.powers[0] for s in game.players if s.user_id == people[3].id)
    sender = next(m for m in people if m.id != people[3].id)
    mark = len(h.fake.calls)
    await h.slash(sender, "press", channel_id=CHANNEL_ID, text=SECRET, to=power)
    dm = h.fake.dms_to(people[3].id, mark)[0].text()
    assert t("press.letter.footer", other) in dm and SECRET in dm


async def test_a_letter_never_reaches_the_logs(h: Harness, caplog: Any,
                                               monkeypatch: Any) -> None:
    import logging

    from bot.run import configure_logging

    caplog.set_level(logging.DEBUG)
    _game_id, by = await new_game(h)
    await h.slash(by["france"], "press", channel_id=CHANNEL_ID, text=SECRET, to="italy")
    await h.slash(by["italy"], "inbox", channel_id=CHANNEL_ID)
    assert h.fake.dms_to(by["italy"].id)
    assert SECRET not in caplog.text
    # LOG_LEVEL=DEBUG does not open discord.py's request bodies (the DMs) to the log
    http = logging.getLogger("discord.http")
    monkeypatch.setattr(http, "level", http.level)
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    configure_logging()
    assert not http.isEnabledFor(logging.DEBUG)
