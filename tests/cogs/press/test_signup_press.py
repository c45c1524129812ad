"""A press release written during sign-up, before the powers are drawn, is titled with its
player, never with the game master; the GM's own is titled with the GM."""

from __future__ import annotations

from bot.i18n import t
from tests.e2e.correspondence import GM, language, members
from tests.e2e.harness import CHANNEL_ID, Harness


async def test_a_players_press_release_before_the_start(h: Harness) -> None:
    lang = language(h)
    people = members(h)
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="G")
    await h.slash(people[2], "game join", channel_id=CHANNEL_ID)
    mark = len(h.fake.calls)
    await h.slash(people[2], "press", channel_id=CHANNEL_ID, text="Who wants an alliance?")
    post = h.fake.posts_to(CHANNEL_ID, mark)[0]
    assert post.embeds[0]["title"] == t("press.title", lang, author=people[2].name)
    assert t("press.gm", lang) not in post.text()
    mark = len(h.fake.calls)
    await h.slash(GM, "press", channel_id=CHANNEL_ID, text="Starting soon")
    post = h.fake.posts_to(CHANNEL_ID, mark)[0]
    assert post.embeds[0]["title"] == t("press.title", lang, author=t("press.gm", lang))
