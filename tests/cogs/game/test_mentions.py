"""User-supplied names never ping anyone (a game's name, a player's display name, a press
release): every message the bot sends carries ``allowed_mentions`` that let no role,
no @everyone and no user named in such a text be pinged; only the start post pings its
seated players, by their ids. Checked on the payloads the real client sends to Discord."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from tests.e2e.correspondence import GM, language, members
from tests.e2e.harness import FORUM_ID, Call, Harness, Member

STRANGER = 9_999  # never in the game: nothing may ping them
NAME = f"Forum <@{STRANGER}> <@&77> @everyone"


def _messages(calls: list[Call]) -> list[dict[str, Any]]:
    """The message bodies of the calls that post or edit a message (a forum post's first
    message sits under "message")."""
    out = []
    for c in calls:
        if c.method not in ("POST", "PATCH"):
            continue
        body = c.body
        if c.path == "/channels/{channel_id}/threads":
            body = dict(body.get("message") or {})
        if body.get("content") or body.get("embeds"):
            out.append(body)
    return out


def _cannot_ping(body: dict[str, Any], allowed: set[int]) -> bool:
    mentions = body.get("allowed_mentions")
    if mentions is None:  # Discord's default: every mention in the content pings
        return False
    parse = set(mentions.get("parse") or [])
    users = {int(u) for u in mentions.get("users") or []}
    return not parse and not mentions.get("roles") and users <= allowed


async def test_a_name_with_mentions_pings_nobody(h: Harness) -> None:
    lang = language(h)
    people = [Member(m.id, f"<@{STRANGER}> {m.name}", locale=m.locale) for m in members(h)]
    calls = await h.slash(GM, "game create", channel_id=FORUM_ID, variant="classic",
                          name=NAME)
    forum = next(c for c in calls if c.path == "/channels/{channel_id}/threads")
    assert f"<@{STRANGER}>" in forum.body["message"]["content"]  # shown, not pinging
    thread = int(forum.answer["id"])
    h.bot._connection.parse_thread_create(h.fake.channels[thread])
    for m in people:
        await h.slash(m, "game join", channel_id=thread)
    await h.slash(GM, "game start", channel_id=thread)
    await h.slash(people[0], "press", channel_id=thread, text=f"Hello <@{STRANGER}> @here")
    await h.slash(people[1], "game status", channel_id=thread)
    await h.slash(people[1], "game settings", channel_id=thread)
    await h.slash(people[1], "map", channel_id=thread)  # a deferred answer, then a follow-up
    await h.slash(GM, "gm adjudicate", channel_id=thread)
    sent = _messages(h.fake.calls)
    seated = {m.id for m in people}
    assert len(sent) > 10
    assert [b for b in sent if not _cannot_ping(b, seated)] == []
    # only the start post pings, and only the seated players
    started = [b for b in sent if (b.get("allowed_mentions") or {}).get("users")]
    assert len(started) == 1
    assert {int(u) for u in started[0]["allowed_mentions"]["users"]} == seated
    assert any(t("post.started_title", lang, name=NAME) in str(e.get("title"))
               for e in started[0]["embeds"])
