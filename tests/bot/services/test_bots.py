"""The bot at the table, service by service (bot.services.bots): the powers it plays, the
phases only it has to play resolved at once, who is told what it ordered."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import select

from bot.db import Database
from bot.models import Outbox, PhaseRecord
from bot.services import games, orders, players, turns
from bot.services.errors import Invalid
from tests.bot.conftest import GM, T0, new_game, user_of

HOLDS = {"austria": "A vie H", "england": "F lon H", "france": "A par H",
         "germany": "A ber H", "italy": "A rom H", "russia": "A mos H", "turkey": "A con H"}


async def _outbox(db: Database, game_id: int, kind: str) -> list[Outbox]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(Outbox).where(
            Outbox.game_id == game_id, Outbox.kind == kind).order_by(Outbox.id))).all())


async def _records(db: Database, game_id: int) -> list[PhaseRecord]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id).order_by(PhaseRecord.seq))).all())


async def test_practice_game_phases_only_the_bot_plays_are_played_at_once(db: Database) -> None:
    game_id = await new_game(db, n_players=1, options={"bots": 6})
    view = await games.get_game(db, game_id=game_id)
    (seat,) = view.players
    assert len(view.options["bot_powers"]) == 6 and view.options["players_at_start"] == 7
    now = T0
    for _ in range(8):
        now += timedelta(hours=1)
        await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=now)
        view = await games.get_game(db, game_id=game_id)
        if view.status != "active":
            break
        # the game never waits on a retreat or an adjustment only the bot has to make
        from engine import api

        choices = api.powers_with_choices(dict(await _state(db, game_id)), {})
        assert view.phase.endswith("M") or seat.powers[0] in choices, view.phase
    records = await _records(db, game_id)
    bot_only = [r for r in records if not r.phase.endswith("M")
                and any(o.get("bot") for o in r.orders)]
    assert bot_only, "Winter builds of the bot were played in the turn that led to them"
    assert all(o.get("bot") for r in records for o in r.orders
               if o["power"] in view.options["bot_powers"])


async def _state(db: Database, game_id: int) -> dict[str, object]:
    from bot.models import Game

    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        assert game is not None
        return dict(game.state or {})


async def test_a_replacement_is_not_told_what_the_bot_did(db: Database) -> None:
    game_id = await new_game(db, options={"civil_disorder": "bot", "nmr_threshold": 1})
    users = {p: await user_of(db, game_id, p) for p in HOLDS}
    for power, text in HOLDS.items():  # Spring 1901: Germany and Italy send nothing
        if power not in ("germany", "italy"):
            await orders.submit_orders(db, game_id=game_id, user_id=users[power], text=text)
    await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    for power, text in HOLDS.items():  # Fall 1901: the bot plays both
        if power not in ("germany", "italy"):
            await orders.submit_orders(db, game_id=game_id, user_id=users[power], text=text)
    await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    (fall,) = [r for r in await _records(db, game_id) if r.phase == "F1901M"]
    assert sorted(o["power"] for o in fall.orders if o.get("bot")) == ["germany", "italy"]
    # Italy's seat goes to a replacement; Germany's player orders again
    await players.replace_player(db, game_id=game_id, user_id=GM,
                                 old_user_id=users["italy"], new_user_id=9999)
    view = await games.get_game(db, game_id=game_id)
    while view.phase != "S1902M":
        await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
        view = await games.get_game(db, game_id=game_id)
    state = await _state(db, game_id)
    german = next(u for u in state["units"] if u["power"] == "germany")  # type: ignore[attr-defined]
    await orders.submit_orders(db, game_id=game_id, user_id=users["germany"],
                               text=f"{german['type']} {german['location']} H")
    await turns.adjudicate_phase(db, game_id=game_id, user_id=GM, now=T0)
    (report,) = await _outbox(db, game_id, "bot_report")
    assert report.payload["user_id"] == users["germany"]
    assert "germany" in report.payload["played"] and "italy" not in report.payload["played"]
    assert report.payload["played"]["germany"][0]["phase"] == "F1901M"
    view = await games.get_game(db, game_id=game_id)
    assert not view.options["bot_log"], "told once, then forgotten"
    assert view.options["bots_played"] is True


async def test_bots_only_where_seats_are_dealt(db: Database) -> None:
    for variant in ("duel", "imperialisme"):
        for options in ({"bots": 2}, {"civil_disorder": "bot"}):
            try:
                await games.create_game(db, variant=variant, channel_id=77, gm_user_id=GM,
                                        guild_id=42, options=options)
            except Invalid as err:
                assert err.code == "bots.unsupported"
            else:
                raise AssertionError(f"{variant} accepted {options}")
    try:
        await games.create_game(db, variant="classic", channel_id=77, gm_user_id=GM,
                                guild_id=42, options={"bots": 7})
    except Invalid as err:
        assert err.code == "options.invalid"
    else:
        raise AssertionError("seven bots accepted")
