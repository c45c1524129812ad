"""A complete game of L'Impérialisme through the real client (issue 8): 14 players sign up and
pick powers, random crises drawn by the GM and by the automatic schedule (commit-reveal
checked), declared crises in announcement order, a withdrawal with the target's consent, the
conference closed by the GM and by its deadline, secret votes with DM buttons (one changed),
an annexation chosen with the menu and one left to the referee, an exchange session (one
exchange done, one declined), then declared crises until three powers hold one territory, the
final ranking, and a map after every crisis and exchange.

``Table`` (below) is also used by the cog tests and ``tools/demo_imperialisme.py``.
"""

from __future__ import annotations

import hashlib
import io
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

import pytest
from PIL import Image
from sqlmodel import select

from bot.i18n import t
from bot.models import Game
from bot.services import imperialisme as service
from bot.services.imperialisme.tables import Crisis, Vote
from cogs.imperialisme._views import power_name
from engine.variants.imperialisme import api as imp
from engine.variants.imperialisme.errors import ImperialError
from tests.e2e.harness import (
    CHANNEL_ID,
    PNG_MAGIC,
    Call,
    FakeDiscord,
    Harness,
    Member,
    answer,
    running_bot,
)

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))
PLAYERS = [Member(2001 + i, f"p{i}", locale="fr" if i % 3 == 0 else "en-GB")
           for i in range(14)]
OUTSIDER = Member(3001, "outsider")
POWERS = ("england", "russia", "romania", "france", "austria", "germany", "italy", "sweden",
          "spain", "turkey", "serbia", "poland", "greece", "bulgaria")

Policy = Callable[[str, tuple[str, str]], str]  # (voter, sides) -> side id or "blank"


@asynccontextmanager
async def imperial_bot(database_url: str, *, fake: FakeDiscord | None = None,
                       guild_locale: str = "en-US") -> AsyncIterator[Harness]:
    """The real bot (with every extension, L'Impérialisme's too)."""
    async with running_bot(database_url, fake=fake, guild_locale=guild_locale) as h:
        yield h


async def slash(h: Harness, who: Member, qualified: str, *, channel_id: int | None = None,
                dm: bool = False, **values: Any) -> list[Call]:
    """``Harness.slash`` with options named as Discord names them: a renamed parameter
    (``/exchange propose with``, Python ``partner``) goes out under its display name (the
    harness sends the Python name)."""
    data = h._command_options(qualified, values)
    names = qualified.split()
    command: Any = h.bot.tree.get_command(names[0])
    holder = data
    for name in names[1:]:
        command = command.get_command(name)
        holder = holder["options"][0]
    display = {p.name: p.display_name for p in command.parameters}
    for option in holder["options"]:
        option["name"] = display.get(option["name"], option["name"])
    return await h.dispatch(h._base(who, 2, data, channel_id, dm=dm))


def assert_png(data: bytes) -> None:
    assert data.startswith(PNG_MAGIC)
    with Image.open(io.BytesIO(data)) as image:
        image.verify()
        assert image.width >= 800


class Table:
    """One Impérialisme game in the test channel, driven through Discord."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.game_id = 0
        self.by_power: dict[str, Member] = {}

    @property
    def db(self) -> Any:
        return self.h.bot.db

    def posts(self, since: int) -> list[Call]:
        return self.h.fake.posts_to(CHANNEL_ID, since)

    def mark(self) -> int:
        return len(self.h.fake.calls)

    async def slash(self, who: Member, command: str, **values: Any) -> list[Call]:
        return await slash(self.h, who, command, channel_id=CHANNEL_ID, **values)

    async def setup(self, picks: dict[int, str] | None = None,
                    crisis_seeds: str | None = "e2e") -> None:
        """/game create, 14 sign-ups (``picks``: player index -> power asked), start.
        ``crisis_seeds``: the random crises are the same every run (None: truly random)."""
        picks = picks if picks is not None else dict(enumerate(POWERS))
        await self.slash(GM, "game create", variant="imperialisme", name="Empires")
        if crisis_seeds is not None:
            async with self.db.transaction() as session:
                game = await session.get(Game, await self.find_game())
                game.options = {**game.options, "crisis_seeds": crisis_seeds}
        for i, p in enumerate(PLAYERS):
            calls = await self.slash(p, "game join", preferences=picks.get(i))
            assert calls[-1].ephemeral
        game = await service.overview(self.db, game_id=await self.find_game())
        assert len(game.game.players) == 14
        await self.slash(GM, "game start")
        view = (await service.overview(self.db, game_id=self.game_id)).game
        members = {m.id: m for m in PLAYERS}
        self.by_power = {seat.powers[0]: members[seat.user_id] for seat in view.players}

    async def find_game(self) -> int:
        from bot.services import games as games_service

        self.game_id = (await games_service.game_in_channel(self.db, channel_id=CHANNEL_ID)).id
        return self.game_id

    async def state(self) -> dict[str, Any]:
        async with self.db.transaction(write=False) as session:
            game = await session.get(Game, self.game_id)
            return dict(game.state or {})

    async def crisis_row(self, number: int) -> Crisis:
        async with self.db.transaction(write=False) as session:
            row = (await session.exec(select(Crisis).where(
                Crisis.game_id == self.game_id, Crisis.seq == number))).first()
            assert row is not None
            return row

    async def vote_rows(self) -> int:
        async with self.db.transaction(write=False) as session:
            return len((await session.exec(select(Vote))).all())

    async def deadline_passes(self, number: int | None = None) -> int:
        """Time passes beyond the current stage (or the schedule's) deadline."""
        row = await self.crisis_row(number if number is not None else
                                    int((await self.state())["crisis"]["number"]))
        assert row.deadline is not None
        steps = await self.h.bot.scheduler.run_once(now=row.deadline + timedelta(seconds=1))
        await self.h.bot.post_now()
        return steps

    async def vote(self, policy: Policy, *, since: int) -> dict[str, str]:
        """Every voter presses the button its policy says, in its DM ballot."""
        state = await self.state()
        c = state["crisis"]
        assert c["stage"] == "vote"
        sides = (c["sides"][0], c["sides"][1])
        cast: dict[str, str] = {}
        for power, member in self.by_power.items():
            dms = self.h.fake.dms_to(member.id, since)
            if power in sides:
                assert not dms, "the powers at war get no ballot"
                continue
            assert len(dms) == 1, power
            await self.press(member, dms[0], policy(power, sides))
            cast[power] = policy(power, sides)
        return cast

    async def press(self, member: Member, ballot: Call, choice: str) -> list[Call]:
        """Press the button of ``choice`` (a side or "blank") of a ballot message."""
        labels = {}
        for row in ballot.components:
            for b in row.get("components", []):
                labels[b["custom_id"]] = b.get("label", "")
        c = (await self.state())["crisis"]
        index = 2 if choice == "blank" else c["sides"].index(choice)
        custom_id = list(labels)[index]
        calls = await self.h.click(member, self.h.message_of(ballot), custom_id,
                                   dm=ballot.channel_id in self.h.fake.dm_users)
        assert calls and calls[-1].ephemeral
        return calls

    async def run_crisis(self, policy: Policy, *, annex: str = "menu") -> dict[str, Any]:
        """Conference closed by the GM, votes, vote closed by the GM; the winner annexes with
        the menu (``annex="menu"``) or lets the deadline pass (``"deadline"``). Returns the
        public result post payload facts."""
        mark = self.mark()
        calls = await self.slash(GM, "conference close")
        assert calls[0].ephemeral
        opened = [c for c in self.posts(mark) if "vote is open" in c.text()
                  or "vote est ouvert" in c.text()]
        assert len(opened) == 1
        await self.vote(policy, since=mark)
        number = int((await self.state())["crisis"]["number"])
        mark = self.mark()
        await self.slash(GM, "conference close")
        result = self.posts(mark)[0]
        assert await self.vote_rows() == 0, "the votes are deleted with the tally"
        out = {"number": number, "result": result, "annexed": ()}
        state = await self.state()
        if state.get("crisis") is None:
            return out
        options = await service.annexation_options(self.db, game_id=self.game_id)
        winner = self.by_power[options.winner]
        if annex == "menu":
            chosen = list(options.eligible[-options.annexable:])
            select_id = next(i for i in result.custom_ids() if i.startswith("imp:ax:"))
            mark = self.mark()
            calls = await self.h.click(winner, self.h.message_of(result), select_id,
                                       values=chosen, component_type=3)
            assert calls[0].ephemeral
            out["annexed"] = tuple(chosen)
        else:
            mark = self.mark()
            assert await self.deadline_passes(number) == 1
            out["annexed"] = options.default
        annexed = self.posts(mark)
        assert annexed and annexed[0].pngs(), "the map is posted after the crisis"
        return out


def imp_error(code: str, locale: str, **params: Any) -> str:
    """The reply to a refusal of the rules, in the reader's language."""
    return ImperialError(code, params).message(locale)


def unanimous(side_index: int = 0) -> Policy:
    return lambda voter, sides: sides[side_index]


def all_blank(voter: str, sides: tuple[str, str]) -> str:
    return "blank"


async def test_a_complete_game(harness_imp: Harness, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    h = harness_imp
    table = Table(h)
    picks = {i: p for i, p in enumerate(POWERS) if i != 13}  # p13 is given what is left
    mark = table.mark()
    await table.setup(picks)
    assert table.by_power["bulgaria"] is PLAYERS[13]
    assert all(table.by_power[p] is PLAYERS[i] for i, p in picks.items())
    started = [c for c in table.posts(mark) if c.pngs()]
    assert len(started) == 1 and "SHA-256" in started[0].text()
    assert_png(started[0].pngs()[0])
    first_commit = next(w.strip("`.") for w in started[0].text().split() if len(w.strip(
        "`.")) == 64)

    await table.slash(GM, "imperialisme settings", conference_hours=1.0, vote_hours=1.0,
                      annexation_hours=1.0)

    # --- crisis 1: random, drawn by the GM; everybody supports the first power ---------------
    before = await table.state()
    mark = table.mark()
    calls = await table.slash(GM, "crisis draw")
    assert calls[0].ephemeral
    post = table.posts(mark)[0].text()
    seed = post.split("Seed: `")[1].split("`")[0]
    # commit-reveal: the hash published at the start is the seed's; the draw replays
    assert hashlib.sha256(seed.encode()).hexdigest() == first_commit
    assert imp.verify_commitment(first_commit, seed)
    replay = imp.replay_draw(before, seed)
    state = await table.state()
    assert state["crisis"]["sides"] == [replay["first"], replay["second"]]
    # a player cannot close the conference; the GM can
    france = table.by_power["france"]
    calls = await table.slash(france, "conference close")
    assert calls[0].content == t("error.game.not_gm", france.locale)
    one = await table.run_crisis(unanimous(0), annex="menu")
    owners = (await table.state())["owners"]
    assert one["annexed"] and all(owners[t] == replay["first"] for t in one["annexed"])

    # --- crisis 2: declared; another declaration waits, then is withdrawn with consent --------
    mark = table.mark()
    turkey, russia = table.by_power["turkey"], table.by_power["russia"]
    calls = await table.slash(turkey, "crisis declare", target="Greece")
    assert calls[0].content == t("imp.declared_started", turkey.locale, number=2)
    calls = await table.slash(russia, "crisis declare", target="poland")
    assert calls[0].content == t("imp.declared_queued", russia.locale, position=1)
    calls = await table.slash(table.by_power["russia"], "crisis withdraw", target="poland")
    request = next(c for c in table.posts(mark) if c.custom_ids()
                   and c.custom_ids()[0].startswith("imp:w:"))
    consent = next(i for i in request.custom_ids() if i.endswith(":y"))
    # only the target may consent
    for intruder in (russia, table.by_power["france"]):
        calls = await h.click(intruder, h.message_of(request), consent)
        # the power named, never its id ("(poland)")
        assert calls[0].content == t("error.imp.not_the_target", intruder.locale,
                                     target="Pologne" if intruder.locale == "fr" else "Poland")
    calls = await h.click(OUTSIDER, h.message_of(request), consent)
    assert calls[0].content == t("error.imp.not_a_power", OUTSIDER.locale)
    assert (await table.state())["queue"], "nothing withdrawn yet"
    calls = await h.click(table.by_power["poland"], h.message_of(request), consent)
    assert (await table.state())["queue"] == []
    # the conference of crisis 2 ends at its deadline; one voter changes its vote
    mark = table.mark()
    assert await table.deadline_passes() == 1
    state = await table.state()
    assert state["crisis"]["stage"] == "vote"
    cast = await table.vote(lambda v, s: "blank" if v == "austria" else "turkey", since=mark)
    ballot = h.fake.dms_to(table.by_power["austria"].id, mark)[0]
    await table.press(table.by_power["austria"], ballot, "greece")
    await table.press(table.by_power["austria"], ballot, "turkey")
    assert await table.vote_rows() == len(cast), "a changed vote counts once"
    mark = table.mark()
    assert await table.deadline_passes() == 1  # the vote closes at its deadline
    result = table.posts(mark)[0].text()
    assert "Turkey prevails over Greece" in result
    # the winner lets the annexation deadline pass: the referee's default choice
    options = await service.annexation_options(table.db, game_id=table.game_id)
    mark = table.mark()
    assert await table.deadline_passes() == 1
    owners = (await table.state())["owners"]
    assert all(owners[t] == "turkey" for t in options.default)
    assert "referee" in table.posts(mark)[0].text() and table.posts(mark)[0].pngs()

    # --- an exchange session -------------------------------------------------------------
    await table.slash(GM, "exchange open")
    owners = (await table.state())["owners"]
    french = sorted(t for t, p in owners.items() if p == "france")
    spanish = sorted(t for t, p in owners.items() if p == "spain")
    mark = table.mark()
    calls = await table.slash(table.by_power["france"], "exchange propose",
                              partner="spain", give=french[0], get=spanish[0])
    assert calls[0].ephemeral
    proposal = table.posts(mark)[0]
    accept = next(i for i in proposal.custom_ids() if i.endswith(":y"))
    italy = table.by_power["italy"]
    calls = await h.click(italy, h.message_of(proposal), accept)
    assert calls[0].content == imp_error("not_a_party", italy.locale, power="Italie")
    mark = table.mark()
    await h.click(table.by_power["spain"], h.message_of(proposal), accept)
    done = table.posts(mark)
    assert done and done[0].pngs(), "the map is posted after an exchange"
    owners = (await table.state())["owners"]
    assert owners[french[0]] == "spain" and owners[spanish[0]] == "france"
    mark = table.mark()
    await table.slash(table.by_power["england"], "exchange propose",
                      partner="sweden", give="", get=sorted(
                          t for t, p in owners.items() if p == "sweden")[0])
    proposal = table.posts(mark)[0]
    decline = next(i for i in proposal.custom_ids() if i.endswith(":n"))
    await h.click(table.by_power["sweden"], h.message_of(proposal), decline)
    calls = await table.slash(GM, "crisis draw")
    assert calls[0].content == imp_error("exchange_session_open", GM.locale)
    await table.slash(GM, "exchange close")

    # --- crisis 3: automatic, drawn by the schedule; every vote blank ------------------------
    await table.slash(GM, "imperialisme settings", crisis_every_hours=2.0)
    schedule = await table.crisis_row(0)
    assert schedule.status == "scheduled" and schedule.deadline is not None
    mark = table.mark()
    assert await h.bot.scheduler.run_once(now=schedule.deadline + timedelta(seconds=1)) == 1
    await h.bot.post_now()
    assert (await table.state())["crisis"]["number"] == 3
    owners_before = (await table.state())["owners"]
    three = await table.run_crisis(all_blank)
    assert "No winner" in three["result"].text() or "Pas de vainqueur" in three["result"].text()
    assert (await table.state())["owners"] == owners_before
    await table.slash(GM, "imperialisme settings", automatic=False)

    # --- declared crises until three powers hold one territory -------------------------------
    for _ in range(20):
        state = await table.state()
        if state.get("ended"):
            break
        counts = {p: sum(1 for o in state["owners"].values() if o == p) for p in POWERS}
        small = sorted((n, p) for p, n in counts.items() if n > 1)
        attacker = target = None
        for _n, p in small:
            near = [q for q in imp.neighbours(state, p) if counts[q] > 1]
            if near:
                target, attacker = p, max(near, key=lambda q: counts[q])
                break
        assert attacker and target
        await table.slash(table.by_power[attacker], "crisis declare", target=target)
        await table.run_crisis(lambda v, s: s[0], annex="menu")
    state = await table.state()
    assert state["ended"]
    over = [c for c in h.fake.posts_to(CHANNEL_ID) if "game is over" in c.text()
            or "partie est finie" in c.text()]
    assert len(over) == 1 and over[0].pngs()
    ranking = imp.ranking(state)
    for r in ranking:  # the whole ranking, in the guild's language
        assert t("imp.ranking_line", "en", rank=r["rank"], power=power_name(r["power"], "en"),
                 influence=r["influence"], territories=r["territories"]) in over[0].text()
    singles = imp.end_check(state)["single_territory_powers"]
    assert len(singles) >= 3
    calls = await table.slash(PLAYERS[0], "game status")
    shown = answer(calls).text()
    assert "Final ranking" in shown or "Classement final" in shown
    async with table.db.transaction(write=False) as session:
        game = await session.get(Game, table.game_id)
        assert game.status == "finished" and game.result["winner"] == ranking[0]["power"]
    # every map posted is a valid PNG; nothing went wrong on our side
    for call in h.fake.posts_to(CHANNEL_ID):
        for png in call.pngs():
            assert_png(png)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.fixture
async def harness_imp(database_url: str) -> AsyncIterator[Harness]:
    async with imperial_bot(database_url) as h:
        yield h
