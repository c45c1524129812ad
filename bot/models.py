"""The tables of the one persistence layer (docs/ARCHITECTURE.md "The turn pipeline").

SQLModel classes over SQLAlchemy 2. Alembic owns the schema (``bot/migrations``): any change
here needs a migration, and ``tests/bot/migrations/test_migrations.py`` fails when the two disagree.

Conventions:
- Discord snowflakes are BIGINT; times are timezone-aware UTC (``UTCDateTime``).
- JSON columns hold engine values verbatim (STATE, ORDER, results) and rule options.
- A game's ``version`` is bumped by every change of its state (optimistic locking); order
  submissions do not change it, they only need the phase.
- Deadlines are rows: ``Game.deadline`` and ``Game.reminder_at`` are what the scheduler waits
  for; ``lease_owner``/``lease_until`` say which process is resolving the game.
"""

from __future__ import annotations

import importlib
import pkgutil
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Index, UniqueConstraint, text
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

# Constraint names must be stable for Alembic's batch mode on SQLite (it recreates tables).
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
SQLModel.metadata.naming_convention = NAMING_CONVENTION


def _partial(predicate: str) -> dict[str, Any]:
    """A partial index's predicate on both databases."""
    return {"sqlite_where": text(predicate), "postgresql_where": text(predicate)}


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes on every database (SQLite stores them naive)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class GameStatus(StrEnum):
    SIGNUP = "signup"
    ACTIVE = "active"
    PAUSED = "paused"
    FINISHED = "finished"


class PlayerStatus(StrEnum):
    ACTIVE = "active"
    CIVIL_DISORDER = "civil_disorder"
    REPLACED = "replaced"
    LEFT = "left"
    KICKED = "kicked"


class Guild(SQLModel, table=True):
    __tablename__ = "guild"

    id: int = Field(primary_key=True, sa_type=BigInteger,  # the Discord guild id
                    sa_column_kwargs={"autoincrement": False})
    locale: str | None = None  # "fr" | "en"; None: the interaction's locale
    settings: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Game(SQLModel, table=True):
    __tablename__ = "game"
    # the scheduler's queries read the first entries of these partial indexes: their cost
    # does not grow with the number of games (issue 15; the queries repeat the predicates
    # literally, bot.scheduler). Only active games with a time set are in them.
    __table_args__ = (
        Index("ix_game_due", "deadline",
              **_partial("status = 'active' AND deadline IS NOT NULL")),
        Index("ix_game_leased", "lease_until",
              **_partial("status = 'active' AND lease_until IS NOT NULL")),
        Index("ix_game_reminder", "reminder_at",
              **_partial("status = 'active' AND reminder_at IS NOT NULL")),
        # games without a phase: in sign-up, or started before the one pipeline (adopt)
        Index("ix_game_unstarted", "variant", "status", **_partial("phase IS NULL")),
    )

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int | None = Field(default=None, foreign_key="guild.id", sa_type=BigInteger,
                                 ondelete="SET NULL", index=True)
    channel_id: int = Field(sa_type=BigInteger, index=True)
    thread_id: int | None = Field(default=None, sa_type=BigInteger, index=True)
    name: str
    variant: str  # a registered variant's name (engine.variants)
    gm_user_id: int = Field(sa_type=BigInteger)
    status: str = Field(default=GameStatus.SIGNUP.value)
    # rule options fixed at creation (docs/RULES.md §1.2): preset, nmr_threshold, end_year...
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    # minutes per phase kind: {"M": ..., "R": ..., "A": ..., "*": default}
    phase_minutes: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    phase: str | None = None  # None until the game starts
    state: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    # outcome once finished: {"winner": power} | {"draw": [powers]} | {"ended_by": ...}
    result: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    version: int = 0
    deadline: datetime | None = Field(default=None, sa_type=UTCDateTime)
    reminder_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    paused_remaining: float | None = None  # seconds left when paused
    lease_owner: str | None = None
    lease_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Player(SQLModel, table=True):
    __tablename__ = "player"
    __table_args__ = (Index("ix_player_game_id_user_id", "game_id", "user_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    user_id: int = Field(sa_type=BigInteger, index=True)
    powers: list[str] = Field(default_factory=list, sa_type=JSON)  # docs/RULES.md §2.14.2: several
    seat: int | None = None
    status: str = Field(default=PlayerStatus.ACTIVE.value)
    missed_phases: int = 0  # consecutive missed movement phases (docs/RULES.md §2.14.3)
    reminders: bool = True  # False: no reminder DMs
    preferences: list[str] = Field(default_factory=list, sa_type=JSON)  # ranked power ids
    settings: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    joined_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class PhaseRecord(SQLModel, table=True):
    """One resolved phase: the state it started from, every order and every result."""

    __tablename__ = "phase_record"
    __table_args__ = (UniqueConstraint("game_id", "seq"),
                      Index("ix_phase_record_game_id_phase", "game_id", "phase"))

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    seq: int  # 1, 2, ... in the order phases were resolved
    phase: str
    state: dict[str, Any] = Field(sa_type=JSON)  # the position the phase was played from
    orders: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    results: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    next_phase: str | None = None
    map_key: str | None = None  # cache key of the rendered map, when cached
    superseded: bool = False  # True once a GM rolled back to before this phase
    # what a rollback restores besides the position (docs/RULES.md §3.7): the seats (powers,
    # status, missed phases) and the orders pending when the phase was resolved
    snapshot: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    started_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    resolved_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class OrderSet(SQLModel, table=True):
    """A power's current orders for one phase: secret until the phase is resolved."""

    __tablename__ = "order_set"
    __table_args__ = (UniqueConstraint("game_id", "phase", "power"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    phase: str
    power: str
    text: str = ""
    parsed: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    ready: bool = False
    user_id: int | None = Field(default=None, sa_type=BigInteger)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class DrawProposal(SQLModel, table=True):
    """An open draw vote (docs/RULES.md §3.8). Deleted with its votes once decided: only the
    outcome survives, as the game's result or a public outbox message."""

    __tablename__ = "draw_proposal"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", unique=True)
    phase: str
    powers: list[str] = Field(default_factory=list, sa_type=JSON)  # surviving powers asked
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class DrawVote(SQLModel, table=True):
    """A "yes" to the open draw proposal (one "no" closes it at once). ``voter`` is a keyed
    pseudonym of the power (``Sealer.tag``): the database alone never tells who agreed."""

    __tablename__ = "draw_vote"
    __table_args__ = (UniqueConstraint("proposal_id", "voter"),)

    id: int | None = Field(default=None, primary_key=True)
    proposal_id: int = Field(foreign_key="draw_proposal.id", ondelete="CASCADE")
    voter: str


class PressLetter(SQLModel, table=True):
    """A private letter between the powers of a game (docs/RULES.md §3.4.7: press). Its text,
    whether it is signed, and its sender (player and powers) are sealed (``bot.sealing``),
    as ballots and draw votes are: the database alone never tells what was written, nor who
    wrote it."""

    __tablename__ = "press_letter"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", index=True)
    phase: str | None = None
    recipients: list[str] = Field(default_factory=list, sa_type=JSON)  # powers
    recipient_users: list[int] = Field(default_factory=list, sa_type=JSON)  # their players
    # {"text", "anonymous", "sender" (user id), "powers" (the sender's), "everyone" (sent to
    # every other power alive)} sealed
    sealed: str
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Outbox(SQLModel, table=True):
    """A post to make (results, map, reminder, notice). Written in the same transaction as
    the change it reports; the poster sends it and stamps ``sent_at``."""

    __tablename__ = "outbox"
    # the rows still to send, in order: the poster's scan and the scheduler's wake-up
    __table_args__ = (Index("ix_outbox_pending", "id", **_partial("sent_at IS NULL")),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int | None = Field(default=None, foreign_key="game.id", ondelete="CASCADE",
                                index=True)
    kind: str  # "results" | "reminder" | "notice" | "draw" | "game_over" ...
    payload: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    sent_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    attempts: int = 0
    last_error: str | None = None
    claim_owner: str | None = None
    claim_until: datetime | None = Field(default=None, sa_type=UTCDateTime)


class Sandbox(SQLModel, table=True):
    """A private what-if board (``/sandbox``): one per user, never read by any game. Holds a
    copy of a public position; ``history`` is the undo stack of earlier snapshots."""

    __tablename__ = "sandbox"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(sa_type=BigInteger, unique=True)  # one sandbox per user
    variant: str
    # where it started: {"kind": "variant"|"game"|"phase", "game_id", "phase"}
    source: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)  # the engine's
    start: dict[str, Any] = Field(sa_type=JSON)  # the STATE a reset goes back to
    state: dict[str, Any] = Field(sa_type=JSON)
    # pending orders of the current phase: power -> [{"key": unit/centre, "text"}]
    orders: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    last: dict[str, Any] | None = Field(default=None, sa_type=JSON)  # last resolution
    history: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Absence(SQLModel, table=True):
    """A player's announced absence from one game (docs/RULES.md §3.6). ``reason`` is the
    player's own: never posted, never shown to anyone else. ``used`` counts the days of
    deadline extension it granted, by game year (the yearly allowance, option
    ``absence_days``); a cleared absence that granted days is kept so they stay counted."""

    __tablename__ = "absence"
    __table_args__ = (Index("ix_absence_game_id_user_id", "game_id", "user_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    user_id: int = Field(sa_type=BigInteger)
    starts: date  # first day away (UTC)
    ends: date  # last day away, included
    reason: str | None = None
    used: dict[str, int] = Field(default_factory=dict, sa_type=JSON)  # "1901" -> days
    gm_asked: bool = False  # policy "replace": the GM was asked to name a replacement
    cleared: bool = False
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


SHARED_TABLES = (Guild, Game, Player, PhaseRecord, OrderSet, DrawProposal, DrawVote, Outbox,
                 Sandbox, PressLetter, Absence)


def all_tables() -> tuple[type[SQLModel], ...]:
    """Every table of the one metadata: the shared ones, then each variant's, the ``TABLES``
    of a ``tables`` module in a sub-package of ``bot.services`` (found by name, as the turn
    rules are: this module imports no variant). Alembic's environment calls it."""
    services = importlib.import_module("bot.services")
    found: list[type[SQLModel]] = list(SHARED_TABLES)
    for info in pkgutil.iter_modules(services.__path__):
        name = f"bot.services.{info.name}.tables"
        if not info.ispkg:
            continue
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        found.extend(module.TABLES)
    return tuple(found)


def __getattr__(name: str) -> Any:
    if name == "TABLES":  # every table, the variants' included
        return all_tables()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
