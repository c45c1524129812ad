"""Duel-Diplomatie's table, on the one metadata of ``bot.models`` (Alembic owns the
schema: a change needs a migration)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

from bot.models import UTCDateTime, utcnow


class Bid(SQLModel, table=True):
    """Duel-Diplomatie sealed bids of one bidder for one bidding season (seed 001)."""

    __tablename__ = "bid"
    __table_args__ = (UniqueConstraint("game_id", "season", "bidder"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    season: str  # e.g. "1901"
    bidder: str  # the bidder's own power
    # minor -> credits, sealed (bot.sealing) until the reveal: the database alone never
    # tells a bid; None: nothing sent yet
    sealed: str | None = None
    ready: bool = False
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


TABLES = (Bid,)
