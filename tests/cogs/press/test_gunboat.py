"""Gunboat (RULES.md secrecy): nothing public links a Discord user to a power while the game
runs — not directly, not by matching two public facts (an absence notice and /game status,
the power draw's seed and the order of sign-up). Through the real client; the last test
plays a whole French gunboat game with press, letters, absences, missed orders, reminders
and draw votes, and reads every public message of it."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from bot.i18n import t
from bot.services import games as games_service
from bot.services.errors import Invalid, NotFound
from bot.ui.format import power_name
from tests.e2e.correspondence import GM, language, pass_deadline
from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member, running_bot


def _people(h: Harness) -> list[Member]:
    """Players with names and ids that no other text holds."""
    locale = "fr" if language(h) == "fr" else "en-GB"
    return [Member(880_000_000_000_000_101 + i, f"Zorglub{i}x", locale=locale)
            for i in range(7)]


async def _gunboat(h: Harness, people: list[Member]) -> tuple[int, dict[str, Member]]:
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="G",
                  press="gunboat")
    for m in people:
        await h.slash(m, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    by = {m.id: m for m in people}
    return game.id, {s.powers[0]: by[s.user_id] for s in game.players}


def _public(h: Harness, since: int = 0, until: int | None = None) -> list[Call]:
    """What others can read: every message but those sent to a DM channel, and every
    interaction answer but the ephemeral ones."""
    out = []
    for c in h.fake.calls[since:until]:
        if c.method not in ("POST", "PATCH") or c.ephemeral or c.path.startswith("/users/"):
            continue  # (opening a DM channel is no message)
        if c.channel_id is not None and c.channel_id in h.fake.dm_users:
            continue
        out.append(c)
    return out


def _leaks(calls: list[Call], people: list[Member]) -> list[str]:
    """Each public message that names a player: their id (a mention or bare), their name,
    in the text, the embeds, the components, the attachments' names and text files."""
    found = []
    for c in calls:
        parts = [c.text(), json.dumps(c.json or {}, ensure_ascii=False)]
        parts += [name for name, _ in c.files]
        parts += [data.decode("utf-8", "replace") for name, data in c.files
                  if not name.endswith(".png")]
        blob = "\n".join(parts)
        found += [f"{c.path}: {m.name}" for m in people
                  if str(m.id) in blob or m.name in blob]
    return found


def _day(d: date, h: Harness) -> str:
    return d.strftime("%d/%m/%Y") if language(h) == "fr" else d.isoformat()


async def _away(h: Harness, who: Member, game_id: int, days: int = 2) -> None:
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.deadline is not None
    first = view.deadline.date()
    calls = await h.slash(who, "absence set", channel_id=CHANNEL_ID, starts=_day(first, h),
                          ends=_day(first + timedelta(days=days), h), reason="dentist")
    assert calls[0].ephemeral


async def test_an_absence_names_the_power_never_its_player(h: Harness) -> None:
    """The notice says "Italy is away", as /game status does; never "@player is away" (the
    two together told who plays Italy)."""
    lang = language(h)
    people = _people(h)
    game_id, by = await _gunboat(h, people)
    mark = len(h.fake.calls)
    await _away(h, by["italy"], game_id)
    posted = _public(h, mark)
    assert posted and _leaks(posted, people) == []
    notice = "\n".join(c.text() for c in posted)
    assert t("absence.extended_title", lang) in notice
    assert power_name("italy", lang) in notice
    status = await h.slash(by["france"], "game status", channel_id=CHANNEL_ID)
    assert _leaks(_public(h, mark), people) == []
    assert power_name("italy", lang) in status[-1].text()


async def test_the_power_draw_seed_is_published_when_the_game_ends(h: Harness) -> None:
    lang = language(h)
    people = _people(h)
    game_id, by = await _gunboat(h, people)
    seed = (await games_service.get_game(h.bot.db, game_id=game_id)).options["assignment_seed"]
    shown = t("settings.seed", lang, seed=seed)
    settings = (await h.slash(by["france"], "game settings", channel_id=CHANNEL_ID))[-1]
    assert shown not in settings.text()
    assert t("settings.seed_hidden", lang) in settings.text()
    export = (await h.slash(by["france"], "game export", channel_id=CHANNEL_ID))
    raw = b"".join(data for c in export for name, data in c.files if name.endswith(".json"))
    assert raw and "assignment_seed" not in json.loads(raw)["options"]
    mark = len(h.fake.calls)
    await _draw(h, by)
    over = "\n".join(c.text() for c in _public(h, mark))
    assert t("post.game_over_title", lang, name="G") in over and shown in over
    settings = (await h.slash(by["france"], "game settings", channel_id=CHANNEL_ID))[-1]
    assert shown in settings.text()


async def _draw(h: Harness, by: dict[str, Member], refuse: str | None = None) -> None:
    """A draw proposed by France, every power asked voting yes (``refuse`` says no)."""
    mark = len(h.fake.calls)
    await h.slash(by["france"], "draw propose", channel_id=CHANNEL_ID)
    for power, member in by.items():
        ballots = h.fake.dms_to(member.id, mark)
        if power == "france" or not ballots:
            continue
        vote = ":n" if power == refuse else ":y"
        choice = next(c for c in ballots[-1].custom_ids() if c.endswith(vote))
        await h.click(member, h.message_of(ballots[-1]), choice, dm=True)
        if power == refuse:
            return


async def test_a_french_gunboat_game_names_no_player(database_url: str) -> None:
    async with running_bot(database_url, guild_locale="fr") as h:
        people = _people(h)
        game_id, by = await _gunboat(h, people)
        # sign-up over: press releases, anonymous letters, an absence, reminders, readiness
        await h.slash(by["france"], "press", channel_id=CHANNEL_ID,
                      text="La France veut la paix", anonymous=False)
        await h.slash(by["turkey"], "press", channel_id=CHANNEL_ID, text="Alliance ?",
                      to="autriche, italie, russie, allemagne, france, angleterre")
        await h.slash(by["germany"], "press", channel_id=CHANNEL_ID, text="Entre nous",
                      to="russie")
        await h.slash(by["russia"], "remind set", channel_id=CHANNEL_ID, hours="24")
        await h.slash(by["italy"], "orders submit", channel_id=CHANNEL_ID,
                      text="A ven - tyr\nA rom - apu\nF nap - ion")
        await h.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                      text="A mar - spa\nA par - bur\nF bre - mao")
        await h.slash(by["germany"], "orders submit", channel_id=CHANNEL_ID,
                      text="A mun - ruh\nA ber - kie\nF kie - den")
        await h.slash(by["france"], "ready", channel_id=CHANNEL_ID)
        await h.slash(by["austria"], "game status", channel_id=CHANNEL_ID)
        await _away(h, by["italy"], game_id)
        await h.slash(by["austria"], "game status", channel_id=CHANNEL_ID)
        await h.slash(by["england"], "game settings", channel_id=CHANNEL_ID)
        await h.slash(by["england"], "map", channel_id=CHANNEL_ID)
        await pass_deadline(h, game_id)  # Spring 1901: four powers miss their orders
        await h.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                      text="F mao - por\nA bur - par")
        await h.slash(by["germany"], "orders submit", channel_id=CHANNEL_ID,
                      text="A ruh - hol\nF den h\nA kie h")
        await h.slash(by["italy"], "orders submit", channel_id=CHANNEL_ID,
                      text="A tyr h\nA apu h\nF ion - tun")
        await h.slash(by["austria"], "press", channel_id=CHANNEL_ID, text="Trahison !")
        await pass_deadline(h, game_id)  # Fall 1901: the others in civil disorder
        view = await games_service.get_game(h.bot.db, game_id=game_id)
        if view.phase and view.phase.endswith("A"):
            await h.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                          text="Build A mar\nBuild F bre")
            await pass_deadline(h, game_id)
        await h.slash(by["russia"], "game status", channel_id=CHANNEL_ID)
        export = await h.slash(by["england"], "game export", channel_id=CHANNEL_ID)
        assert [n for c in export for n, _ in c.files if n.endswith(".json")]
        await _draw(h, by, refuse="italy")
        await h.slash(by["russia"], "inbox", channel_id=CHANNEL_ID)
        running = len(h.fake.calls)
        await _draw(h, by)
        view = await games_service.get_game(h.bot.db, game_id=game_id)
        assert view.status == "finished"

        public = _public(h, 0, running)
        seen = "\n".join(c.text() for c in public)
        # the game was played: results, a notice of the absence, press, civil disorder
        assert "Résultats — Printemps 1901" in seen and "Résultats — Automne 1901" in seen
        assert t("absence.extended_title", "fr") in seen
        assert "La France veut la paix" in seen and "Trahison" in seen
        assert t("results.civil_disorder", "fr") in seen
        assert t("post.draw_rejected", "fr") in seen
        assert "Alliance ?" not in seen and "Entre nous" not in seen  # letters are private
        assert _leaks(public, people) == []
        # once it is over, who played what may be told
        over = "\n".join(c.text() for c in _public(h, running))
        assert t("post.game_over_title", "fr", name="G") in over
        seed = view.options["assignment_seed"]
        assert t("settings.seed", "fr", seed=seed) in over


async def test_a_duel_cannot_be_gunboat(h: Harness) -> None:
    """Two players: each knows who the other is, so gunboat's secret cannot be kept (rules
    §3.4.7); /game create refuses it, says why, and creates nothing."""
    lang = language(h)
    gm = Member(GM.id, "gm", locale="fr" if lang == "fr" else "en-US",
                permissions=GM.permissions)
    mark = len(h.fake.calls)
    (answer,) = await h.slash(gm, "game create", channel_id=CHANNEL_ID, variant="duel",
                              name="D", press="gunboat")
    assert answer.ephemeral
    assert answer.text() == t("error.press.gunboat_two_players", lang)
    assert ("partie à deux" if lang == "fr" else "a game for two") in answer.text()
    assert _public(h, mark) == []  # nothing posted, no forum post opened
    with pytest.raises(NotFound):
        await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    with pytest.raises(Invalid):
        await games_service.create_game(h.bot.db, variant="duel", channel_id=CHANNEL_ID,
                                        gm_user_id=GM.id, options={"press": "gunboat"})
    # the other press modes, and gunboat where more than two play, are still created
    await h.slash(gm, "game create", channel_id=CHANNEL_ID, variant="duel", name="D",
                  press="none")
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.variant == "duel" and game.options["press"] == "none"


async def test_gunboat_starts_with_three_players_at_least(h: Harness) -> None:
    """Two players of a gunboat Diplomacy game would know who plays which power (rules
    §2.14.2 deals them England/France/Russia and the rest): /game start refuses, nothing
    dealt; a third player, and it starts."""
    lang = language(h)
    gm = Member(GM.id, "gm", locale="fr" if lang == "fr" else "en-US",
                permissions=GM.permissions)
    people = _people(h)
    await h.slash(gm, "game create", channel_id=CHANNEL_ID, variant="classic", name="G",
                  press="gunboat")
    for m in people[:2]:
        await h.slash(m, "game join", channel_id=CHANNEL_ID)
    mark = len(h.fake.calls)
    calls = await h.slash(gm, "game start", channel_id=CHANNEL_ID)
    refusal = next(c for c in calls if c.ephemeral)
    assert refusal.text() == t("error.press.gunboat_few_players", lang, count=2, min=3)
    assert _public(h, mark) == []
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.status == "signup" and all(not s.powers for s in game.players)
    await h.slash(people[2], "game join", channel_id=CHANNEL_ID)
    await h.slash(gm, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.status == "active"
