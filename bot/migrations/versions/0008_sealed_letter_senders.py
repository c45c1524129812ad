"""The sender of a private letter sealed at rest, as ballots and draw votes are (RULES.md
secrecy): its player and powers move from plain columns into the letter's sealed value, with
whether it went to every other power. Existing letters are moved, sealed again with the
deployment's key; taken back, the columns are filled from the seal.

Revision ID: 0008
Revises: 0006
Create Date: 2026-11-27 12:40:00
"""

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import context, op

revision: str = '0008'
down_revision: str | Sequence[str] | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _sealer() -> Any:
    """The key of the database being migrated: ``bot.db.migrate`` hands over a
    ``Database``'s; the command line reads the deployment's (``SECRET_KEY`` or its file)."""
    sealer = context.config.attributes.get("sealer")
    if sealer is None:
        from bot.sealing import lasting_sealer
        from bot.settings import get_settings

        settings = get_settings()
        key = settings.secret_key
        sealer = lasting_sealer(key.get_secret_value() if key else None,
                                settings.secret_key_file)
    return sealer


def _rows(columns: str) -> list[Any]:
    return list(op.get_bind().execute(sa.text(f"SELECT {columns} FROM press_letter")))


def upgrade() -> None:
    rows = _rows("id, sender_user_id, sender_powers, sealed")
    if rows:
        sealer = _sealer()
        for id_, sender, powers, sealed in rows:
            value = sealer.unseal(sealed)
            if isinstance(powers, str):  # read as text, not through the model's JSON type
                powers = json.loads(powers)
            value.update({"sender": int(sender), "powers": list(powers or []),
                          "everyone": False})
            op.get_bind().execute(sa.text("UPDATE press_letter SET sealed = :s WHERE id = :i"),
                                  {"s": sealer.seal(value), "i": id_})
    with op.batch_alter_table('press_letter', schema=None) as batch_op:
        batch_op.drop_column('sender_powers')
        batch_op.drop_column('sender_user_id')


def downgrade() -> None:
    with op.batch_alter_table('press_letter', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sender_user_id', sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column('sender_powers', sa.JSON(), nullable=True))
    rows = _rows("id, sealed")
    if rows:
        sealer = _sealer()
        for id_, sealed in rows:
            value = sealer.unseal(sealed)
            sender, powers = value.pop("sender", 0), value.pop("powers", [])
            value.pop("everyone", None)
            op.get_bind().execute(sa.text(
                "UPDATE press_letter SET sealed = :s, sender_user_id = :u, "
                "sender_powers = :p WHERE id = :i"),
                {"s": sealer.seal(value), "u": int(sender), "p": json.dumps(powers),
                 "i": id_})
    with op.batch_alter_table('press_letter', schema=None) as batch_op:
        batch_op.alter_column('sender_user_id', existing_type=sa.BigInteger(), nullable=False)
        batch_op.alter_column('sender_powers', existing_type=sa.JSON(), nullable=False)
