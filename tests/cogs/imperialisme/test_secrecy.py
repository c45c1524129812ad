"""Secrecy of the votes of L'Impérialisme (issue 8): nothing sent, logged or kept after the
tally depends on who voted what, beyond the published outcome.

The proof is differential: the same crisis is played twice with different votes (unanimity,
then a split vote with abstentions and a changed vote) that give the same outcome. Every
public post, every DM, every reply to a voter, every log record (DEBUG) and every database row
after the tally must be the same in both runs, once ids, times and random seeds are
normalised. Then the refusals: a belligerent, a non-player or another player pressing a
power's buttons changes nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import json
import logging
import re
import sys
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import aiosqlite.core
import discord
import pytest
from sqlalchemy import text

from bot.i18n import t
from bot.models import TABLES
from bot.services import imperialisme as service
from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.maps import load_imperial_map
from tests.e2e.harness import Call, FakeDiscord, Harness, _FakeResponse
from tests.e2e.test_imperialisme_game import GM, OUTSIDER, Table, imperial_bot, slash

POWERS = set(load_imperial_map().power_ids)
_NOISE = [
    (re.compile(r"\b\d{15,}\b"), "<id>"),                      # snowflakes
    (re.compile(r"<t:\d+:[a-zA-Z]>"), "<t>"),                  # Discord timestamps
    (re.compile(r"\b[0-9a-f]{64}\b"), "<sha256>"),             # commitments
    (re.compile(r"\b[0-9a-f]{32}\b"), "<seed>"),               # seeds
    (re.compile(r"(imp:v:\d+:\d+:[a-z]+:)[0-9a-f]{12}"), r"\1<token>"),
    (re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?(\+00:00)?"), "<time>"),
    (re.compile(r"token-<id>"), "<itoken>"),
    (re.compile(r"(imperialisme-\d+-)\d+(\.png)"), r"\1<n>\2"),
    (re.compile(r" at 0x[0-9a-f]+"), ""),                     # object addresses
]


class ForbiddenDM(discord.Forbidden):
    """What Discord answers to a DM to a user who closed them (403, code 50007)."""

    def __init__(self) -> None:
        super().__init__(_FakeResponse(403), {"code": 50007,  # type: ignore[arg-type]
                                              "message": "Cannot send messages to this user"})


# The line where aiosqlite's worker thread waits for its next call: a worker there with an
# empty queue has logged everything of the calls before ("operation ... completed" comes
# after the caller is woken, so it may still be on its way when the caller moves on).
_WORKER = aiosqlite.core._connection_worker_thread
_WAITING = _WORKER.__code__.co_firstlineno + next(
    i for i, line in enumerate(inspect.getsource(_WORKER).splitlines()) if "tx.get()" in line)


def _drivers_idle() -> bool:
    frames = sys._current_frames()
    for thread in threading.enumerate():
        frame = frames.get(thread.ident or -1)
        while frame is not None and frame.f_code is not _WORKER.__code__:
            frame = frame.f_back
        if frame is None:
            continue  # not a driver thread
        if frames[thread.ident or -1] is not frame or frame.f_lineno != _WAITING \
                or not frame.f_locals["tx"].empty():
            return False
    return True


async def logged(caplog: pytest.LogCaptureFixture) -> int:
    """How many records are logged once the database driver's threads are idle: a mark
    between two steps that no thread can still cross (the sections compared below)."""
    for _ in range(30_000):
        if _drivers_idle():
            return len(caplog.records)
        await asyncio.sleep(0.001)
    raise TimeoutError("the database driver's threads never went idle")


def normalise(value: str) -> str:
    for pattern, repl in _NOISE:
        value = pattern.sub(repl, value)
    return value


def call_text(call: Call) -> str:
    body = json.dumps(call.json, sort_keys=True, ensure_ascii=False, default=str)
    files = [(name, hashlib.sha256(data).hexdigest()) for name, data in call.files]
    return normalise(f"{call.method} {call.path} {body} {files}")


def split_vote(voter: str, sides: tuple[str, str]) -> str:
    """Greece and Bulgaria back Serbia, England and Russia vote blank, Romania never votes:
    Austria still has more than 4/5 of the expressed weight, as with unanimity."""
    return {"greece": sides[1], "bulgaria": sides[1], "england": "blank",
            "russia": "blank"}.get(voter, sides[0])


async def db_rows(table: Table) -> list[str]:
    out = []
    async with table.db.transaction(write=False) as session:
        for model in TABLES:
            name = model.__tablename__
            rows = (await session.exec(text(  # type: ignore[call-overload]
                f"SELECT * FROM {name} ORDER BY id"))).all()
            out += [normalise(f"{name} {tuple(r)}") for r in rows]
    return out


async def play(database_url: str, caplog: pytest.LogCaptureFixture, *, split: bool
               ) -> dict[str, Any]:
    """One declared crisis (Austria-Hungary against Serbia) from its declaration to the
    annexation; what the world could see of it."""
    async with imperial_bot(database_url) as h:
        table = Table(h)
        await table.setup()
        await logged(caplog)
        caplog.clear()
        users = {str(m.id) for m in table.by_power.values()}
        mark = table.mark()
        await table.slash(table.by_power["austria"], "crisis declare", target="serbia")
        await table.slash(GM, "conference close")
        votes = h.fake.since(mark)
        ballots_at, logs_votes = table.mark(), await logged(caplog)
        c = (await table.state())["crisis"]
        sides = (c["sides"][0], c["sides"][1])
        replies: list[Call] = []
        for power, member in table.by_power.items():
            if power in sides or (split and power == "romania"):
                continue  # no ballot / no vote (= blank)
            ballot = h.fake.dms_to(member.id, mark)[0]
            if split and power == "italy":  # changes its mind: counts once
                replies += await table.press(member, ballot, sides[1])
            replies += await table.press(member, ballot, split_vote(power, sides) if split
                                         else sides[0])
        vote_calls = h.fake.since(ballots_at)
        logs_tally = await logged(caplog)
        after = table.mark()
        await table.slash(GM, "conference close")
        result = table.posts(after)[0]
        options = await service.annexation_options(table.db, game_id=table.game_id)
        select_id = next(i for i in result.custom_ids() if i.startswith("imp:ax:"))
        await h.click(table.by_power["austria"], h.message_of(result), select_id,
                      values=list(options.eligible[:options.annexable]), component_type=3)
        end = h.fake.since(after)
        await logged(caplog)
        return {
            "outcome": result.text(),
            "before_votes": [call_text(c) for c in votes],
            "replies": {call_text(c) for c in replies},
            "vote_calls": [c for c in vote_calls],
            "after_votes": [call_text(c) for c in end],
            "logs": [normalise(f"{r.name} {r.levelname} {r.getMessage()}")
                     for r in caplog.records],
            "logs_before": slice(0, logs_votes), "logs_after": slice(logs_tally, None),
            "users": users,
            "db": await db_rows(table),
            "table": table,
        }


async def test_nothing_depends_on_the_votes_but_the_outcome(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    one = await play(f"sqlite+aiosqlite:///{tmp_path / 'one.db'}", caplog, split=False)
    two = await play(f"sqlite+aiosqlite:///{tmp_path / 'two.db'}", caplog, split=True)
    assert "Austria-Hungary prevails over Serbia: 4 territories" in one["outcome"]
    assert normalise(one["outcome"]) == normalise(two["outcome"])
    # the declaration, the conference, the ballots sent by DM: the same
    assert one["before_votes"] == two["before_votes"]
    # every reply to a voter is the same sentence, whatever it voted (none repeats the choice)
    assert len(one["replies"]) == 2 and one["replies"] == two["replies"]  # en, fr
    # the tally, the result post, the annexation, the map (same PNG bytes): the same
    assert one["after_votes"] == two["after_votes"]
    # every log record of the whole crisis, DEBUG included, says nothing of any vote: no
    # voter, no choice, no ballot token, no player; the same before and after the votes
    for run in (one, two):
        for line in run["logs"]:
            words = set(re.findall(r"[a-z]+", line))
            assert not words & POWERS, line
            assert not any(f"'{v}'" in line for v in ("attacker", "defender", "blank")), line
            assert "imp:v:" not in line and not any(u in line for u in run["users"]), line
    for part in ("logs_before", "logs_after"):
        # as multisets (the driver logs from its threads, interleaved), every line: each
        # mark was taken with the driver idle (``logged``), so none crosses it
        a, b = (Counter(run["logs"][run[part]]) for run in (one, two))
        assert a == b, (part, a - b, b - a)
    # every row of every table after the tally: the same (no vote left, no vote key left)
    assert one["db"] == two["db"]
    assert not [r for r in one["db"] if r.startswith("vote ")]
    assert not [r for r in one["db"] if "secret" in r]
    # and the only calls of the voting itself are the private replies to each voter
    for call in two["vote_calls"]:
        assert call.is_interaction_response and call.ephemeral


async def test_a_power_s_buttons_answer_its_player_only(harness_imp: Harness) -> None:
    h = harness_imp
    table = Table(h)
    await table.setup()
    mark = table.mark()
    austria, serbia = table.by_power["austria"], table.by_power["serbia"]
    await table.slash(austria, "crisis declare", target="serbia")
    await table.slash(GM, "conference close")
    france = table.by_power["france"]
    ballot = h.fake.dms_to(france.id, mark)[0]
    assert "20" in ballot.text(), "the ballot shows the voter's weight (its influence)"
    button = ballot.custom_ids()[0]
    for intruder, key in ((austria, "error.imp.not_your_ballot"),
                          (table.by_power["italy"], "error.imp.not_your_ballot"),
                          (OUTSIDER, "error.imp.not_a_power"),
                          (GM, "error.imp.not_a_power")):
        calls = await h.click(intruder, h.message_of(ballot), button, dm=True)
        assert calls[0].ephemeral and calls[0].content == t(key, intruder.locale)
    assert await table.vote_rows() == 0, "refused presses record nothing"
    # the belligerents have no vote, even typed
    for member in (austria, serbia):
        calls = await slash(h, member, "vote", dm=True, choice="austria")
        assert calls[0].content == t("error.imp.no_vote_open", member.locale)
    # /vote in DMs: the ballot, then a vote, then a change; one row
    calls = await slash(h, france, "vote", dm=True)
    assert calls[0].ephemeral and calls[0].custom_ids() == ballot.custom_ids()
    for choice in ("serbia", "Autriche-Hongrie"):
        calls = await slash(h, france, "vote", dm=True, choice=choice)
        assert calls[0].content.startswith(t("imp.vote_recorded", france.locale)[:20])
    assert await table.vote_rows() == 1
    calls = await slash(h, france, "vote", dm=True, choice="germany")
    assert calls[0].content == ImperialError("invalid_choice").message(france.locale)
    # after the tally the old buttons are dead
    await table.slash(GM, "conference close")
    calls = await h.click(france, h.message_of(ballot), button, dm=True)
    assert calls[0].content == t("error.imp.ballot_expired", france.locale)


async def test_closed_dms_get_a_private_ballot_in_the_channel(harness_imp: Harness) -> None:
    h = harness_imp
    table = Table(h)
    await table.setup()
    italy = table.by_power["italy"]
    answer = h.fake._answer

    def refuse_italy_dms(route: Any, call: Call) -> Any:
        dm = h.fake.dm_channels.get(italy.id)
        if route.method == "POST" and dm is not None and call.channel_id == dm:
            raise ForbiddenDM()
        return answer(route, call)

    h.fake._answer = refuse_italy_dms  # type: ignore[method-assign]
    mark = table.mark()
    await table.slash(table.by_power["austria"], "crisis declare", target="serbia")
    await table.slash(GM, "conference close")
    notice = next(c for c in table.posts(mark) if any(i.startswith("imp:vb:")
                                                      for i in c.custom_ids()))
    assert f"<@{italy.id}>" in notice.content and "weight" not in notice.text().lower()
    opener = next(i for i in notice.custom_ids() if i.startswith("imp:vb:"))
    calls = await h.click(table.by_power["spain"], h.message_of(notice), opener)
    assert calls[0].content == t("error.imp.not_your_ballot", table.by_power["spain"].locale)
    calls = await h.click(italy, h.message_of(notice), opener)
    private = calls[0]
    assert private.ephemeral and len(private.custom_ids()) == 3
    await table.press(italy, private, "austria")
    assert await table.vote_rows() == 1


async def test_ballots_survive_a_restart(database_url: str) -> None:
    fake = FakeDiscord().install()
    try:
        async with imperial_bot(database_url, fake=fake) as h:
            table = Table(h)
            await table.setup()
            mark = table.mark()
            await table.slash(table.by_power["austria"], "crisis declare", target="serbia")
            await table.slash(GM, "conference close")
            ballot = h.fake.dms_to(table.by_power["spain"].id, mark)[0]
        async with imperial_bot(database_url, fake=fake) as h2:  # a new process
            again = Table(h2)
            again.by_power, again.game_id = table.by_power, table.game_id
            await again.press(table.by_power["spain"], ballot, "serbia")
            assert await again.vote_rows() == 1
    finally:
        fake.uninstall()


async def test_every_command_has_french_text(harness_imp: Harness) -> None:
    from bot.i18n import command_texts
    from tests.bot.i18n.test_i18n import NAME_RE, _locale_strings

    french = command_texts("fr")
    cog = harness_imp.bot.get_cog("ImperialismeCog")
    commands = cog.get_app_commands()
    assert {c.name for c in commands} == {"imperialisme", "crisis", "conference", "exchange",
                                          "annex", "vote"}
    for command in commands:
        for kind, text_ in _locale_strings(command):
            assert text_ in french, text_
            if kind == "name":
                assert NAME_RE.match(french[text_]) and french[text_] == french[text_].lower()
            else:
                assert 1 <= len(french[text_]) <= 100


@pytest.fixture
async def harness_imp(database_url: str) -> Any:
    async with imperial_bot(database_url) as h:
        yield h

