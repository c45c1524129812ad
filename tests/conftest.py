from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.correspondence import h  # noqa: F401  (a guild in English or in French)
from tests.e2e.harness import Harness, running_bot


@pytest.fixture(autouse=True)
def unhurried(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command's reply comes first unless it is slow: on a loaded test machine half a second
    (``QUICK``) is sometimes spent waiting for a core, and the reply would turn into a
    deferral and a follow-up. The deferral itself is tested at its real value
    (tests/cogs/test_first_answer.py)."""
    monkeypatch.setattr("bot.ui.errors.QUICK", 5.0)


@pytest.fixture
def database_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}"


@pytest.fixture
async def harness(database_url: str) -> AsyncIterator[Harness]:
    async with running_bot(database_url) as bot_harness:
        yield bot_harness
