"""The session cookie read back: signed, bound to its game, expiring even when a page has
been polling with it (a verified cookie is remembered only until its own expiry)."""

from __future__ import annotations

import time

import pytest

from bot.sealing import Sealer
from web.sessions import SessionRefused, Sessions, cookie_name


def test_a_session_reads_back_and_expires_on_time(monkeypatch: pytest.MonkeyPatch) -> None:
    sessions = Sessions(Sealer.ephemeral(), secure=False, max_age=600)
    session = sessions.new(game_id=7, user_id=2001, player_id=3, lang="fr")
    cookies = {cookie_name(7): sessions.dump(session)}
    assert sessions.load(cookies, 7) == session
    assert sessions.load(cookies, 7) == session  # remembered
    with pytest.raises(SessionRefused) as other:
        sessions.load({cookie_name(8): cookies[cookie_name(7)]}, 8)
    assert other.value.reason == "altered"  # copied under another game's name
    later = time.time() + 601
    monkeypatch.setattr(time, "time", lambda: later)
    with pytest.raises(SessionRefused) as refused:
        sessions.load(cookies, 7)
    assert refused.value.reason == "expired"


def test_an_altered_or_missing_cookie_is_refused() -> None:
    sessions = Sessions(Sealer.ephemeral(), secure=True)
    value = sessions.dump(sessions.new(game_id=7, user_id=1, player_id=1, lang="en"))
    # a character inside the signature: its six bits all count (the last one's may not)
    forged = value[:-10] + ("A" if value[-10] != "A" else "B") + value[-9:]
    for cookies, reason in (({}, "missing"), ({cookie_name(7): forged}, "altered"),
                            ({cookie_name(7): Sessions(Sealer.ephemeral(), secure=True).dump(
                                sessions.new(game_id=7, user_id=1, player_id=1, lang="en"))},
                             "altered")):
        with pytest.raises(SessionRefused) as refused:
            sessions.load(cookies, 7)
        assert refused.value.reason == reason
    assert sessions.cookie_options()["secure"] is True
    assert sessions.cookie_options()["samesite"] == "Strict"
