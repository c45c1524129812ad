"""Issue 14 item 1: a submission still running when Discord's 3-second window nears is
deferred first (a "thinking" answer), then answered by a follow-up."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.services import orders as orders_service
from cogs.orders import _inputs
from tests.e2e.harness import CHANNEL_ID, Harness, Member

PLAYER = Member(3101, "slow")


@pytest.mark.parametrize(("wait", "deferred"), [(0.3, True), (0.0, False)])
async def test_a_slow_submission_is_deferred_then_answered(
        harness: Harness, monkeypatch: pytest.MonkeyPatch, wait: float,
        deferred: bool) -> None:
    real = orders_service.submit_orders

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(wait)
        return await real(*args, **kwargs)
    monkeypatch.setattr(orders_service, "submit_orders", slow)
    monkeypatch.setattr(_inputs, "DEFER_AFTER", 0.1)
    calls = await harness.slash(PLAYER, "orders submit", channel_id=CHANNEL_ID,
                                text="A par - bur")
    first = next(c for c in calls if c.is_interaction_response)
    assert (first.response_type == 5) is deferred
    assert "no game" in calls[-1].text().lower() and calls[-1].ephemeral
