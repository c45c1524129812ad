"""Shards shared by several processes (issue 15): ``SHARD_COUNT``, ``SHARD_IDS`` and
``python -m bot run --shards``; a process told not to run the scheduler."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.client import DiplomacyBot
from bot.run import shards_line
from bot.settings import Settings, parse_shards


def _settings(**values: object) -> Settings:
    return Settings(_env_file=None, database_url="sqlite+aiosqlite:///:memory:",  # type: ignore[call-arg]
                    **values)


@pytest.mark.parametrize(("text", "ids"), [
    ("0-3", [0, 1, 2, 3]), ("0,2,4-5", [0, 2, 4, 5]), (" 3 , 1 ", [1, 3]), ("[2, 0]", [0, 2]),
    ("1-1", [1])])
def test_shard_ids_are_read_from_ranges_lists_or_json(text: str, ids: list[int]) -> None:
    assert parse_shards(text) == ids


def test_shard_ids_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "8")
    monkeypatch.setenv("SHARD_IDS", "4-7")
    monkeypatch.setenv("RUN_SCHEDULER", "false")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (settings.shard_count, settings.shard_ids) == (8, [4, 5, 6, 7])
    assert settings.run_scheduler is False


@pytest.mark.parametrize("values", [
    {"shard_ids": "0"},  # no count: every process must agree on it
    {"shard_count": 2, "shard_ids": "2"},  # out of range
    {"shard_count": 2, "shard_ids": "[1, 1]"},
    {"shard_count": 0},
    {"shard_count": 4, "shard_ids": "3-1"},
])
def test_shards_that_cannot_be_opened_are_refused(values: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        _settings(**values)


async def test_the_bot_opens_the_shards_of_its_settings() -> None:
    bot = DiplomacyBot(_settings(shard_count=4, shard_ids="2-3"), run_scheduler=False)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])
    alone = DiplomacyBot(_settings(), run_scheduler=False)
    assert (alone.shard_count, alone.shard_ids) == (None, None)


def test_the_start_line_says_which_process_gets_the_direct_messages() -> None:
    assert "direct messages" in shards_line(_settings(shard_count=2, shard_ids="0"))
    assert "direct messages" not in shards_line(_settings(shard_count=2, shard_ids="1"))
    assert shards_line(_settings()) == "gateway: every shard (one process)"


def test_run_takes_the_shards_on_its_command_line() -> None:
    from bot.__main__ import _load_plugins, build_parser

    _load_plugins()
    args = build_parser().parse_args(["run", "--shards", "0-3"])
    assert args.shards == "0-3"
    assert build_parser().parse_args(["worker"]).command == "worker"
