"""Issue 14 item 8: a player firing commands in a loop is throttled, alone, with a clear
answer in their language; the bucket refills with time. (Per process, in memory.)"""

from __future__ import annotations

from bot.client import Throttle
from tests.e2e.harness import CHANNEL_ID, Harness, Member

LOOPER = Member(3001, "looper")
OTHER = Member(3002, "other", locale="fr")


async def test_a_player_firing_commands_in_a_loop_is_throttled_alone(harness: Harness) -> None:
    now = [0.0]
    harness.bot.tree.throttle = Throttle(burst=5, period=2.0, clock=lambda: now[0])
    answers = []
    for _ in range(12):
        calls = await harness.slash(LOOPER, "game status", channel_id=CHANNEL_ID)
        answers.append(calls[-1].text())
    slowed = [a for a in answers if "Slow down" in a]
    assert len(slowed) == 7 and not any("Slow down" in a for a in answers[:5])
    assert all("try again in 2 s" in a for a in slowed)
    # another player is not held back, and is answered in French
    calls = await harness.slash(OTHER, "game status", channel_id=CHANNEL_ID)
    assert "Doucement" not in calls[-1].text()
    # the bucket refills: one command every period
    now[0] += 2.0
    calls = await harness.slash(LOOPER, "game status", channel_id=CHANNEL_ID)
    assert "Slow down" not in calls[-1].text()
    calls = await harness.slash(LOOPER, "game status", channel_id=CHANNEL_ID)
    assert "Slow down" in calls[-1].text() and calls[-1].ephemeral


async def test_the_default_throttle_lets_a_normal_player_through(harness: Harness) -> None:
    for _ in range(8):  # a burst of a normal session
        calls = await harness.slash(LOOPER, "game status", channel_id=CHANNEL_ID)
        assert "Slow down" not in calls[-1].text()


def test_the_bucket_forgets_users_whose_bucket_is_full() -> None:
    now = [0.0]
    throttle = Throttle(burst=2, period=1.0, clock=lambda: now[0])
    for user in range(10_001):
        assert throttle.wait(user) == 0.0
    now[0] += 5.0
    throttle.wait(99_999)
    assert len(throttle._buckets) == 1
