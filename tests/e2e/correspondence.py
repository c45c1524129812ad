"""Shared steps of the correspondence tests (issue 12): a started 7-player classic game in a
guild of either language, a position put on the board, deadlines passed by the scheduler."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest

from bot.models import Game
from bot.services import games as games_service
from engine import api as engine_api
from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member, running_bot

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))


@pytest.fixture(params=["en", "fr"])
async def h(request: pytest.FixtureRequest, database_url: str) -> AsyncIterator[Harness]:
    """The bot in an English or a French guild (public posts in that language)."""
    async with running_bot(database_url, guild_locale="en-US" if request.param == "en"
                           else "fr") as harness:
        yield harness


def language(h: Harness) -> str:
    return "fr" if h.guild_locale.startswith("fr") else "en"


def members(h: Harness) -> list[Member]:
    locale = "fr" if language(h) == "fr" else "en-GB"
    return [Member(2001 + i, f"p{i}", locale=locale) for i in range(7)]


async def new_game(h: Harness, *, preset: str = "standard",
                   options: dict[str, Any] | None = None) -> tuple[int, dict[str, Member]]:
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="G",
                  preset=preset)
    people = members(h)
    for m in people:
        await h.slash(m, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    if options:
        async with h.bot.db.transaction() as session:
            row = await session.get(Game, game.id)
            assert row is not None
            row.options = {**row.options, **options}
    by_id = {m.id: m for m in people}
    return game.id, {seat.powers[0]: by_id[seat.user_id] for seat in game.players}


async def put_position(h: Harness, game_id: int, phase: str,
                       units: dict[str, list[str]] | None = None,
                       centers: dict[str, list[str]] | None = None) -> None:
    """The standard opening with ``units`` (power -> ["A mun", ...]) and ``centers`` put in
    place of those powers' own, at ``phase``."""
    state = engine_api.new_game_state("classic")
    for power, listed in (units or {}).items():
        state["units"] = [u for u in state["units"] if u["power"] != power] + [
            {"power": power, "type": x.split()[0], "location": x.split()[1]} for x in listed]
    for power, owned in (centers or {}).items():
        state["centers"][power] = owned
    state["phase"] = phase
    async with h.bot.db.transaction() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        game.state, game.phase = state, phase


async def pass_deadline(h: Harness, game_id: int) -> list[Call]:
    """Every call the bot made once the current deadline passed (the scheduler's pass)."""
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.deadline is not None
    mark = len(h.fake.calls)
    await h.bot.scheduler.run_once(now=view.deadline + timedelta(seconds=1))
    return h.fake.since(mark)


def public(calls: list[Call]) -> list[Call]:
    return [c for c in calls if c.method == "POST" and c.channel_id == CHANNEL_ID]


def dms(h: Harness, calls: list[Call], member: Member) -> list[Call]:
    channel = h.fake.dm_channels.get(member.id)
    return [c for c in calls if c.method == "POST" and channel is not None
            and c.channel_id == channel and c.path == "/channels/{channel_id}/messages"]


async def submit(h: Harness, who: Member, text: str, **values: Any) -> Call:
    calls = await h.slash(who, "orders submit", channel_id=CHANNEL_ID, text=text, **values)
    assert calls[0].ephemeral
    return calls[0]
