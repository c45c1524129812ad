"""Issue 14 item 1: a submission still running when Discord's 3-second window nears is
deferred first (a "thinking" answer), then answered by a follow-up."""

from __future__ import annotations

import pytest

from cogs.orders import _inputs
from tests.cogs.helpers import started_game
from tests.e2e.harness import CHANNEL_ID, Harness


@pytest.mark.parametrize(("defer_after", "deferred"), [(0.0, True), (30.0, False)])
async def test_a_slow_submission_is_deferred_then_answered(
        harness: Harness, monkeypatch: pytest.MonkeyPatch, defer_after: float,
        deferred: bool) -> None:
    """With no time left before the answer is due the reply is deferred, then sent as a
    follow-up; with time enough it is the interaction's answer itself."""
    _game_id, by = await started_game(harness)
    monkeypatch.setattr(_inputs, "DEFER_AFTER", defer_after)
    calls = await harness.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                                text="A par - bur")
    first = next(c for c in calls if c.is_interaction_response)
    assert (first.response_type == 5) is deferred
    assert "A par - bur" in calls[-1].text() and calls[-1].ephemeral
