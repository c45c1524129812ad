"""/press: named and anonymous press releases; outsiders are refused."""

from __future__ import annotations

from bot.i18n import t
from tests.cogs.helpers import OUTSIDER, started_game
from tests.e2e.harness import CHANNEL_ID, Harness


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
