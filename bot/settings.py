"""Configuration from the environment and an optional ``.env`` file (pydantic-settings).

Every field can be set as an environment variable of the same name in upper case
(``DATABASE_URL``, ``DISCORD_TOKEN``...). Nothing here opens a connection.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/bot.db"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8",
                                      extra="ignore")

    # sqlite+aiosqlite:///relative/or/absolute.db, or postgresql+asyncpg://user@host/db
    database_url: str = DEFAULT_DATABASE_URL
    discord_token: SecretStr | None = None
    # guild where commands are synced for development (None: global sync)
    dev_guild_id: int | None = None
    # locale of replies when neither the guild nor the user gives one
    default_locale: str = "en"
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


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
