"""L'Impérialisme's tables, on the one metadata of ``bot.models`` (Alembic owns the
schema: a change needs a migration)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, UniqueConstraint
from sqlmodel import Field, SQLModel

from bot.models import UTCDateTime, utcnow


class Crisis(SQLModel, table=True):
    """L'Impérialisme crisis between two neighbours (seed 003)."""

    __tablename__ = "crisis"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    seq: int
    kind: str  # "random" | "declared"
    attacker: str
    defender: str
    status: str = "queued"  # queued | conference | vote | annexation | resolved | withdrawn
    data: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)  # seed hash, outcome...
    deadline: datetime | None = Field(default=None, sa_type=UTCDateTime)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    resolved_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class Vote(SQLModel, table=True):
    """A secret vote in a crisis; every row of a crisis is deleted once it is resolved."""

    __tablename__ = "vote"
    __table_args__ = (UniqueConstraint("crisis_id", "voter"),)

    id: int | None = Field(default=None, primary_key=True)
    crisis_id: int = Field(foreign_key="crisis.id", ondelete="CASCADE", index=True)
    voter: str
    choice: str  # "attacker" | "defender" | "blank"
    weight: str | None = None  # exact fraction "p/q" of the voter's influence
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Exchange(SQLModel, table=True):
    """A territory exchange proposal between two powers (seed 003)."""

    __tablename__ = "exchange"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", index=True)
    proposer: str
    partner: str
    gives: list[str] = Field(default_factory=list, sa_type=JSON)
    gets: list[str] = Field(default_factory=list, sa_type=JSON)
    accepted_by: list[str] = Field(default_factory=list, sa_type=JSON)
    status: str = "open"  # open | done | refused | cancelled
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    resolved_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


TABLES = (Crisis, Vote, Exchange)
