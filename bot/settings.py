"""Configuration from the environment and an optional ``.env`` file (pydantic-settings).

Every field can be set as an environment variable of the same name in upper case
(``DATABASE_URL``, ``DISCORD_TOKEN``...). Nothing here opens a connection.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Annotated, Any

from pydantic import SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/bot.db"
LOCALES = ("en", "fr")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8",
                                      extra="ignore")

    # sqlite+aiosqlite:///relative/or/absolute.db, or postgresql+asyncpg://user@host/db
    database_url: str = DEFAULT_DATABASE_URL
    discord_token: SecretStr | None = None
    # guild where commands are synced for development (None: global sync)
    dev_guild_id: int | None = None
    # locale of replies when neither the guild nor the user gives one (en or fr)
    default_locale: str = "en"
    # Python logging level of run, worker and sync (DEBUG, INFO, WARNING, ERROR, CRITICAL)
    log_level: str = "INFO"
    # how long a scheduler keeps a claimed game before another process may take it
    lease_seconds: int = 120
    # the scheduler never sleeps longer than this, as a safety net against lost wake-ups
    scheduler_max_sleep: float = 300.0
    # name of this process in leases (several bot processes may share one PostgreSQL)
    instance_name: str | None = None
    # the key that seals bids and draw votes at rest (URL-safe base64, 32 bytes or more);
    # when unset, a key file is created once at ``secret_key_file``: keep it, back it up
    # apart from the database
    secret_key: SecretStr | None = None
    secret_key_file: str = "data/secret.key"

    # --- several processes on one PostgreSQL (docs/DEPLOY.md) ---------------------------
    # shards of the bot across every process (None: one process, Discord's recommendation)
    shard_count: int | None = None
    # the shards this process opens, e.g. "0-3" or "0,2,4-5" (None: all of shard_count).
    # Processes own disjoint sets; the one with shard 0 receives the direct messages.
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    # False: this ``run`` process answers interactions only; deadlines, reminders and the
    # posts' retries are left to ``python -m bot worker`` (it still posts what its own
    # commands queued, at once)
    run_scheduler: bool = True
    # processes that draw the maps (None: one per core; 0: in a thread of this process)
    render_processes: int | None = None

    # --- the web board (docs/DEPLOY.md) ----------------------------------------------------
    # the public base URL players open (https://diplo.example.org); unset: no web board
    web_url: str | None = None
    # where the board's HTTP server listens (behind a reverse proxy in production)
    web_host: str = "127.0.0.1"
    web_port: int = 8080
    # the Discord application's OAuth2 client, for the board as a Discord Activity
    discord_client_id: str | None = None
    discord_client_secret: SecretStr | None = None
    # where the Activity's sign-in exchanges its code (tests put a fake Discord here)
    discord_api_url: str = "https://discord.com/api/v10"

    # --- Discord's addresses (tests, a proxy): unset means Discord's own -------------------
    # the REST API base, e.g. http://127.0.0.1:8000/api/v10
    discord_api_base: str | None = None
    # the gateway's websocket URL (else the one Discord's /gateway/bot names)
    discord_gateway_url: str | None = None
    # the application id for `python -m bot invite` (else read from the token)
    discord_application_id: int | None = None

    @field_validator("default_locale")
    @classmethod
    def _locale(cls, value: str) -> str:
        value = value.strip().lower()
        if value not in LOCALES:
            raise ValueError(f"must be one of {', '.join(LOCALES)} (got {value!r})")
        return value

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.strip().upper()
        if value not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)} (got {value!r})")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: Any) -> Any:
        """``0-3``, ``0,2,4-5``, ``[0, 1]`` or a list: the shard ids, sorted."""
        return parse_shards(value) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_count is not None and self.shard_count < 1:
            raise ValueError("SHARD_COUNT must be at least 1")
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (the shards of every process)")
            wrong = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if wrong or not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError(f"SHARD_IDS must be distinct shards of 0-"
                                 f"{self.shard_count - 1}: {self.shard_ids}")
        return self


def parse_shards(text: str) -> list[int]:
    """``"0-3"`` -> [0, 1, 2, 3]; ``"0,2,4-5"`` -> [0, 2, 4, 5]; ``"[0, 1]"`` (JSON) too."""
    text = text.strip()
    if text.startswith("["):
        return sorted(int(i) for i in json.loads(text))
    found: set[int] = set()
    for part in filter(None, (p.strip() for p in text.split(","))):
        low, _, high = part.partition("-")
        first, last = int(low), int(high or low)
        if last < first:
            raise ValueError(f"empty shard range {part!r}")
        found.update(range(first, last + 1))
    return sorted(found)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
