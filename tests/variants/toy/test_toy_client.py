"""The toy fourth variant through the real discord.py client: registered from this folder
only, it is offered by ``/game create`` (by its titles), created, joined, started, ordered
and adjudicated, and its results are posted with its own map."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from bot.services import games as games_service
from tests.e2e.harness import CHANNEL_ID, PNG_MAGIC, Harness, Member, answer, running_bot
from tests.variants.toy.variant import ToyVariant

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))
NORTH_OR_SOUTH = [Member(2001, "ann", locale="fr"), Member(2002, "bob", locale="en-GB")]


@pytest.fixture
async def harness(tmp_path: Path, toy: ToyVariant) -> AsyncIterator[Harness]:
    async with running_bot(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}") as h:
        yield h


def width(png: bytes) -> int:
    assert png.startswith(PNG_MAGIC)
    with Image.open(io.BytesIO(png)) as image:
        return int(image.width)


async def test_a_toy_game_from_create_to_results(harness: Harness) -> None:
    h = harness
    # /game create offers every registered variant by its title, in the reader's language
    offered = await h.autocomplete(GM, "game create", "variant", channel_id=CHANNEL_ID,
                                   variant="")
    assert {"name": "Toy Diplomacy", "value": "toy"} in offered
    assert {"classic", "duel", "imperialisme"} <= {c["value"] for c in offered}
    french = await h.autocomplete(NORTH_OR_SOUTH[0], "game create", "variant",
                                  channel_id=CHANNEL_ID, variant="mini")
    assert french == [{"name": "Diplomatie miniature", "value": "toy"}]

    calls = await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="toy",
                          name="Tiny")
    assert calls[0].ephemeral and "Tiny" in calls[0].content
    for member in NORTH_OR_SOUTH:
        reply = await h.slash(member, "game join", channel_id=CHANNEL_ID)
        assert reply[0].ephemeral
    mark = len(h.fake.calls)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    (started,) = h.fake.posts_to(CHANNEL_ID, mark)
    assert width(started.pngs()[0]) == 600, "the toy's own board"
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.variant == "toy" and game.phase == "S1901M"
    seat = {p.user_id: p.powers[0] for p in game.players}
    orders = {"north": "A nor - eas", "south": "A sou - wes"}
    for member in NORTH_OR_SOUTH:
        (reply,) = await h.slash(member, "orders submit", channel_id=CHANNEL_ID,
                                 text=orders[seat[member.id]])
        assert reply.ephemeral and "✅" in reply.text() and "❌" not in reply.text()

    mark = len(h.fake.calls)
    await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    (results,) = h.fake.posts_to(CHANNEL_ID, mark)
    assert width(results.pngs()[0]) == 600
    text = results.text()
    assert "Results — Spring 1901, movement" in text
    assert "The army in North Land moves to Eastport: succeeds." in text
    assert "The army in South Land moves to Westmark: succeeds." in text
    assert (await games_service.get_game(h.bot.db, game_id=game.id)).phase == "F1901M"
    status = answer(await h.slash(NORTH_OR_SOUTH[0], "game status", channel_id=CHANNEL_ID))
    assert "Diplomatie miniature" in status.text()
