"""Bots at the table, through the real client (bot.services.bots, engine.bots): a power in
civil disorder played by the bot with the game option ``civil_disorder: bot`` and its player
told on coming back; a practice game of six bots and one player played to its result; the
bot's suggestion on a sandbox; bots refused where they cannot sit. English and French."""

from __future__ import annotations

from bot.models import Game
from bot.services import games as games_service
from bot.services import history as history_service
from tests.e2e.correspondence import (
    GM,
    dms,
    language,
    members,
    pass_deadline,
    public,
    submit,
)
from tests.e2e.harness import CHANNEL_ID, Harness, Member, answer

HOLDS = {"austria": "A vie H", "england": "F lon H", "france": "A par H",
         "germany": "A ber H", "italy": "A rom H", "russia": "A mos H", "turkey": "A con H"}


async def _options(h: Harness, game_id: int, **changes: object) -> None:
    async with h.bot.db.transaction() as session:
        row = await session.get(Game, game_id)
        assert row is not None
        row.options = {**row.options, **changes}


async def test_civil_disorder_played_by_the_bot_and_the_player_told(h: Harness) -> None:
    fr = language(h) == "fr"
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="G",
                  civil_disorder="bot")
    people = members(h)
    for m in people:
        await h.slash(m, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.options["civil_disorder"] == "bot"
    (settings,) = await h.slash(people[0], "game settings", channel_id=CHANNEL_ID)
    assert ("le bot la joue" if fr else "the bot plays it") in settings.text()
    by_id = {m.id: m for m in people}
    by = {seat.powers[0]: by_id[seat.user_id] for seat in game.players}
    await _options(h, game.id, nmr_threshold=1)  # one miss: civil disorder (a short test)

    # Spring 1901: Germany sends nothing and falls into civil disorder
    for power, member in by.items():
        if power != "germany":
            await submit(h, member, HOLDS[power])
    calls = await pass_deadline(h, game.id)
    declared = public(calls)[0].text()
    assert ("Désordre civil" if fr else "Civil disorder") in declared
    assert ("Le bot joue leurs puissances" if fr else "The bot plays their powers") in declared

    # Fall 1901: the bot plays Germany, and the results post says so
    for power, member in by.items():
        if power != "germany":
            await submit(h, member, HOLDS[power])
    calls = await pass_deadline(h, game.id)
    report = public(calls)[0].text()
    assert ("Jouées par le bot ce tour-ci" if fr else "Played by the bot this turn") in report
    assert ("Allemagne" if fr else "Germany") in report
    view = await games_service.get_game(h.bot.db, game_id=game.id)
    fall = await history_service.phase_detail(h.bot.db, game_id=game.id, phase="F1901M")
    (sheet,) = [o for o in fall.orders if o.get("bot")]
    assert sheet["power"] == "germany" and sheet["text"]
    played = [r for r in fall.results if r.get("power") == "germany"]
    assert played and all(r["status"] != "void" and r["text"] for r in played)
    status = answer(await h.slash(people[0], "game status", channel_id=CHANNEL_ID))
    assert ("Jouées par le bot" if fr else "Played by the bot") in status.text()

    while view.phase != "S1902M":  # a Winter the bot may build in
        await pass_deadline(h, game.id)
        view = await games_service.get_game(h.bot.db, game_id=game.id)

    # Spring 1902: Germany's player orders again; at the turn they are told by DM
    async with h.bot.db.transaction(write=False) as session:
        row = await session.get(Game, game.id)
        assert row is not None
        german = next(u for u in row.state["units"] if u["power"] == "germany")
    await submit(h, by["germany"], f"{german['type']} {german['location']} H")
    for power, member in by.items():
        if power != "germany":
            await submit(h, member, HOLDS[power])
    calls = await pass_deadline(h, game.id)
    (dm,) = dms(h, calls, by["germany"])
    text = dm.text()
    assert ("ce que le bot a ordonné pour vous" if fr else "what the bot ordered for you") in text
    assert ("Automne 1901" if fr else "Fall 1901") in text
    assert sheet["text"].split("\n")[0].split()[1] in text  # the unit it ordered
    report = public(calls)[0].text()
    assert ("Jouées par le bot ce tour-ci" if fr else "Played by the bot this turn") \
        not in report, "Germany's player ordered: the bot no longer plays it"
    for power, member in by.items():
        if power != "germany":
            assert not [c for c in dms(h, calls, member)
                        if ("bot a ordonné" if fr else "bot ordered") in c.text()]


async def test_practice_game_six_bots_one_player_to_a_result(h: Harness) -> None:
    fr = language(h) == "fr"
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="P",
                  bots=6)
    player = members(h)[0]
    await h.slash(player, "game join", channel_id=CHANNEL_ID)
    calls = await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    started = "\n".join(c.text() for c in public(calls))
    assert ("Sièges pris par le bot" if fr else "Seats taken by the bot") in started
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    (seat,) = game.players
    bots = game.options["bot_powers"]
    assert len(bots) == 6 and seat.powers[0] not in bots
    await _options(h, game.id, end_year=1901)  # the game ends after 1901: most centres
    status = answer(await h.slash(player, "game status", channel_id=CHANNEL_ID))
    assert ("Jouées par le bot" if fr else "Played by the bot") in status.text()

    posts = []
    for _ in range(6):
        view = await games_service.get_game(h.bot.db, game_id=game.id)
        if view.status == "finished":
            break
        if view.phase and view.phase.endswith("M"):
            first = next(u for u in (await history_state(h, game.id))["units"]
                         if u["power"] == seat.powers[0])
            await submit(h, player, f"{first['type']} {first['location']} H")
        posts += public(await pass_deadline(h, game.id))
    view = await games_service.get_game(h.bot.db, game_id=game.id)
    assert view.status == "finished" and view.result
    text = "\n".join(p.text() for p in posts)
    assert ("Jouées par le bot ce tour-ci" if fr else "Played by the bot this turn") in text
    (over,) = [p for p in posts if ("P est terminée" if fr else "P is over") in p.text()]
    assert ("Jouées par le bot" if fr else "Played by the bot") in over.text()

    # the export names the bot's seats and replays to the same positions
    from bot.services import archive as archive_service
    from engine.replay import replay

    export = await archive_service.export_game(h.bot.db, game_id=game.id)
    assert sorted(export["bots"]) == sorted(bots)
    assert any(o.get("bot") for phase in export["phases"] for o in phase["orders"])
    assert replay(export)

    # counted apart, never on the ladder
    (stats,) = await h.slash(player, "stats", channel_id=CHANNEL_ID)
    assert ("1 partie avec des bots (non classée)" if fr
            else "1 game with bots (not rated)") in stats.text()
    (ladder,) = await h.slash(player, "ladder", channel_id=CHANNEL_ID)
    assert f"<@{player.id}>" not in ladder.text()


async def history_state(h: Harness, game_id: int) -> dict[str, object]:
    async with h.bot.db.transaction(write=False) as session:
        row = await session.get(Game, game_id)
        assert row is not None and row.state is not None
        return dict(row.state)


async def test_start_fill_bots_takes_the_empty_seats(h: Harness) -> None:
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="F")
    people = members(h)[:2]
    for m in people:
        await h.slash(m, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID, fill="bots")
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.status == "active"
    assert len(game.options["bot_powers"]) == 5
    assert game.options["players_at_start"] == 7 and not game.options["neutral"]


async def test_the_bot_suggests_orders_on_a_sandbox(h: Harness) -> None:
    fr = language(h) == "fr"
    player = members(h)[0]
    await h.slash(player, "sandbox new", channel_id=CHANNEL_ID, variant="classic")
    (answer,) = await h.slash(player, "sandbox suggest", channel_id=CHANNEL_ID, power="france")
    assert answer.ephemeral
    text = answer.text()
    assert ("Les ordres du bot" if fr else "The bot's orders") in text
    assert ("France") in text and ("Angleterre" if fr else "England") not in text
    assert text.count("`") >= 6  # three orders, one per French unit
    (every,) = await h.slash(player, "sandbox suggest", channel_id=CHANNEL_ID)
    assert ("Angleterre" if fr else "England") in every.text()
    # nothing was entered on the board
    (shown,) = await h.slash(player, "sandbox show", channel_id=CHANNEL_ID)
    assert "A par -" not in shown.text()


async def test_bots_refused_where_they_cannot_sit(h: Harness) -> None:
    fr = language(h) == "fr"
    gm = Member(GM.id, "gm", locale="fr" if fr else "en-US", permissions=GM.permissions)
    (answer,) = await h.slash(gm, "game create", channel_id=CHANNEL_ID,
                              variant="imperialisme", name="I", bots=2)
    assert answer.ephemeral
    assert ("Aucun bot ne peut s'asseoir à L'Impérialisme" if fr
            else "No bot can sit in L'Impérialisme") in answer.text()
    assert not await _games(h)


async def _games(h: Harness) -> list[int]:
    from sqlmodel import select

    async with h.bot.db.transaction(write=False) as session:
        return [g.id or 0 for g in (await session.exec(select(Game))).all()]


async def test_a_lone_players_draw_in_a_practice_game_says_the_bot_abstained(h: Harness) -> None:
    """rules §3.8 "The bot and draws": the bot never votes; the player is told why the draw
    was agreed at once, and the draw is called by its name in French ("nulle")."""
    fr = language(h) == "fr"
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="P",
                  bots=6)
    player = members(h)[0]
    await h.slash(player, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    mark = len(h.fake.calls)
    calls = await h.slash(player, "draw propose", channel_id=CHANNEL_ID)
    text = "\n".join(c.text() for c in calls if c.channel_id != CHANNEL_ID)  # the reply
    assert ("le bot, qui joue" if fr else "the bot, which plays") in text
    assert ("son abstention vaut accord (règles §3.8)" if fr
            else "its abstention counts as consent (rules §3.8)") in text
    mine = game.players[0].powers[0]
    others = [p for p in game.options["bot_powers"]]
    named = {"austria": ("Autriche", "Austria"), "england": ("Angleterre", "England"),
             "france": ("France", "France"), "germany": ("Allemagne", "Germany"),
             "italy": ("Italie", "Italy"), "russia": ("Russie", "Russia"),
             "turkey": ("Turquie", "Turkey")}
    for p in others:
        assert named[p][0 if fr else 1] in text
    said = text.split(("qui joue" if fr else "which plays"), 1)[1].split("(")[0]
    assert named[mine][0 if fr else 1] not in said  # the player's own power is not the bot's
    view = await games_service.get_game(h.bot.db, game_id=game.id)
    assert view.status == "finished" and view.result["reason"] == "vote"
    await h.bot.post_now()
    posts = "\n".join(c.text() for c in public(h.fake.since(mark)))
    assert ("La nulle est acceptée" if fr else "The draw is accepted") in posts
    assert "nullité" not in (posts + text).lower()
