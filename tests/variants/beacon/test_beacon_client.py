"""Beacon Diplomacy through the real discord.py client, in a guild that reads English and in
one that reads French: its extension (this folder's ``cog``) is loaded into the running bot
like any other, and its option, phase names, chart measure, post kind and command all work
with no file outside this folder changed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n import t
from bot.services import games as games_service
from bot.ui import posts
from tests.e2e.harness import CHANNEL_ID, Harness, Member, answer, running_bot
from tests.variants.beacon.variant import BeaconVariant

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))
ANN, BOB = Member(2001, "ann", locale="fr"), Member(2002, "bob", locale="en-GB")
NNBSP = "\u202f"


@pytest.fixture(params=["en-US", "fr"])
async def harness(request: pytest.FixtureRequest, tmp_path: Path, beacon: BeaconVariant,
                  monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Harness]:
    # registered in this process only: the render processes (spawned, engine only) do not
    # know it, so its drawings are made in a thread (RENDER_PROCESSES=0)
    monkeypatch.setattr("bot.render_pool._render_processes", 0)
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
                           guild_locale=request.param) as h:
        assert h.bot.tree.get_command("beacon") is None and "beacon_lit" not in posts.BUILDERS
        await h.bot.load_extension("tests.variants.beacon.cog")
        try:
            yield h
        finally:
            await h.bot.unload_extension("tests.variants.beacon.cog")
    assert "beacon_lit" not in posts.BUILDERS


def guild(h: Harness) -> str:
    return "fr" if h.guild_locale.startswith("fr") else "en"


async def started(h: Harness) -> dict[int, str]:
    """A game created, joined and started from Discord; each member's power."""
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="beacon", name="Tiny")
    for member in (ANN, BOB):
        await h.slash(member, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.variant == "beacon" and game.phase == "S1901M"
    return {p.user_id: p.powers[0] for p in game.players}


async def test_its_option_and_phase_names_in_both_languages(harness: Harness) -> None:
    h = harness
    await started(h)
    (settings,) = await h.slash(BOB, "game settings", channel_id=CHANNEL_ID)
    assert "Beacons to win: 3" in settings.text()
    assert "Unspent bids" not in settings.text() and "other phases" not in settings.text()
    (french,) = await h.slash(ANN, "game settings", channel_id=CHANNEL_ID)
    assert f"Phares pour gagner{NNBSP}: 3" in french.text()
    status = answer(await h.slash(BOB, "game status", channel_id=CHANNEL_ID))
    assert "Watch 1: moves" in status.text() and "Spring" not in status.text()
    status = answer(await h.slash(ANN, "game status", channel_id=CHANNEL_ID))
    assert f"Veille 1{NNBSP}: mouvements" in status.text()


async def test_its_option_chosen_at_creation_in_both_languages(harness: Harness) -> None:
    h = harness
    gm_fr = Member(1002, "mj", permissions=GM.permissions, locale="fr")
    # offered by autocomplete, its own option first, with its label and bounds
    (first, *_), (premier, *_) = [await h.autocomplete(
        who, "game create", "options", channel_id=CHANNEL_ID, variant="beacon", options="")
        for who in (GM, gm_fr)]
    assert first["value"] == premier["value"] == "beacons_to_win=3"
    assert "Beacons to win — a whole number from 2 to 4" in first["name"]
    assert "Phares pour gagner — un nombre entier de 2 à 4" in premier["name"]
    # a value out of its bounds is refused, naming it and what it takes; nothing created
    refusal = await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="beacon",
                            options="beacons_to_win=5")
    assert refusal[-1].ephemeral and refusal[-1].content == (
        "Beacons to win (beacons_to_win) does not take “5”: a whole number from 2 to 4.")
    refusal = await h.slash(gm_fr, "game create", channel_id=CHANNEL_ID, variant="beacon",
                            options="beacons_to_win=beaucoup")
    assert refusal[-1].content == (f"Phares pour gagner (beacons_to_win) n'accepte pas "
                                   f"« beaucoup »{NNBSP}: un nombre entier de 2 à 4.")
    await h.slash(gm_fr, "game create", channel_id=CHANNEL_ID, variant="beacon", name="Tiny",
                  options="beacons_to_win=2")
    for member in (ANN, BOB):
        await h.slash(member, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.options["beacons_to_win"] == 2
    (settings,) = await h.slash(BOB, "game settings", channel_id=CHANNEL_ID)
    assert "Beacons to win: 2" in settings.text()
    (french,) = await h.slash(ANN, "game settings", channel_id=CHANNEL_ID)
    assert f"Phares pour gagner{NNBSP}: 2" in french.text()


async def test_its_command_and_its_post(harness: Harness) -> None:
    h = harness
    power = await started(h)
    mark = len(h.fake.calls)
    reply = (await h.slash(ANN, "beacon light", channel_id=CHANNEL_ID))[0]
    name_fr = {"north": "Nord", "south": "Sud"}[power[ANN.id]]
    assert reply.ephemeral and reply.text() == t("beacon.lit_reply", "fr", power=name_fr)
    (post,) = h.fake.posts_to(CHANNEL_ID, mark)
    name = {"north": "North", "south": "South"}[power[ANN.id]] if guild(h) == "en" else name_fr
    assert t("beacon.lit", guild(h), power=name) in post.text()
    assert ("lights its beacon" if guild(h) == "en" else "allume son phare") in post.text()
    # someone without a seat is refused in their language, and nothing is posted
    mark = len(h.fake.calls)
    refused = (await h.slash(GM, "beacon light", channel_id=CHANNEL_ID))[0]
    assert refused.text() == t("error.beacon.not_player", "en")
    assert not h.fake.posts_to(CHANNEL_ID, mark)


async def test_its_results_and_its_chart(harness: Harness) -> None:
    h = harness
    power = await started(h)
    text = {"north": "A nor - eas", "south": "A sou - wes"}
    for member in (ANN, BOB):
        (saved,) = await h.slash(member, "orders submit", channel_id=CHANNEL_ID,
                                 text=text[power[member.id]])
        assert ("Veille 1" if member is ANN else "Watch 1: moves") in saved.text()
    mark = len(h.fake.calls)
    await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    (results,) = h.fake.posts_to(CHANNEL_ID, mark)
    first, second = ("Watch 1: moves", "Watch 2: moves") if guild(h) == "en" else \
        (f"Veille 1{NNBSP}: mouvements", f"Veille 2{NNBSP}: mouvements")
    assert t("results.title", guild(h), phase=first) in results.text()
    assert second in results.text()  # the next phase, named its way too

    offered = await h.autocomplete(ANN, "game chart", "figure", channel_id=CHANNEL_ID,
                                   figure="")
    assert {"name": "unités", "value": "units"} in offered
    assert "credits" not in {c["value"] for c in offered}
    calls = await h.slash(BOB, "game chart", channel_id=CHANNEL_ID, figure="units")
    assert "Tiny — units at each watch" in calls[-1].text()
    calls = await h.slash(ANN, "game chart", channel_id=CHANNEL_ID, figure="units")
    assert "Tiny — unités à chaque veille" in calls[-1].text()
    calls = await h.slash(BOB, "game chart", channel_id=CHANNEL_ID, figure="credits")
    assert calls[-1].text() == t("error.archive.credits_duel_only", "en")
