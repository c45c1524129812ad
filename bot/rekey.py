"""Move every value sealed at rest to a new key (``python -m bot rekey``), in one
transaction: every sealed value is opened with the old key and sealed again with the new
one, every keyed pseudonym (``Sealer.tag``) recomputed. Either all of them move or none.

A value sealed anywhere must be listed here: ``SEALED`` (columns written with
``Sealer.seal``) and ``TAGGED`` (columns written with ``Sealer.tag``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, text

from bot.sealing import Sealer, SealError

# (table, column) written with Sealer.seal; NULL means "nothing sealed"
SEALED: tuple[tuple[str, str], ...] = (
    ("bid", "sealed"),             # Duel-Diplomatie bids until the reveal
    ("vote", "choice"),            # L'Impérialisme crisis votes
    ("press_letter", "sealed"),    # private letters and whether they are signed
    ("absence", "reason"),         # a player's reason for an absence
)


@dataclass(frozen=True)
class Tagged:
    """A column of keyed pseudonyms ``tag(purpose, <owner id>, power)``: the power behind
    each is found among the candidates by recomputing the old tags."""

    table: str
    column: str
    purpose: str
    owner: str  # the column holding the id in the tag (the proposal, the crisis)
    # the powers that may stand behind a tag of this owner
    candidates: str


TAGGED: tuple[Tagged, ...] = (
    Tagged("draw_vote", "voter", "draw", "proposal_id",
           "SELECT p.powers FROM draw_proposal d JOIN player p ON p.game_id = d.game_id "
           "WHERE d.id = :owner UNION ALL SELECT powers FROM draw_proposal WHERE id = :owner"),
    Tagged("vote", "voter", "vote", "crisis_id",
           "SELECT p.powers FROM crisis c JOIN player p ON p.game_id = c.game_id "
           "WHERE c.id = :owner"),
)


class RekeyError(RuntimeError):
    """Nothing moved: the old key does not open a value, or a pseudonym matches no power."""


def _powers(rows: Iterable[Any]) -> set[str]:
    import json

    found: set[str] = set()
    for (value,) in rows:
        items = json.loads(value) if isinstance(value, str) else value
        found.update(str(p) for p in items or ())
    return found


def rekey(connection: Connection, old: Sealer, new: Sealer,
          extra_candidates: Callable[[str, int], Iterable[str]] | None = None
          ) -> dict[str, int]:
    """Re-seal and re-tag everything on ``connection`` (inside the caller's transaction).
    Returns how many values moved per ``table.column``; raises :class:`RekeyError` (the
    caller rolls back) when one cannot be opened or recognised with ``old``."""
    moved: dict[str, int] = {}
    for table, column in SEALED:
        rows = connection.execute(text(
            f"SELECT id, {column} FROM {table} WHERE {column} IS NOT NULL")).all()
        for row_id, sealed in rows:
            try:
                value = old.unseal(sealed)
            except SealError:
                raise RekeyError(f"{table}.{column} of row {row_id} does not open with the "
                                 "current key: nothing was changed") from None
            connection.execute(text(f"UPDATE {table} SET {column} = :v WHERE id = :id"),
                               {"v": new.seal(value), "id": row_id})
        moved[f"{table}.{column}"] = len(rows)
    for tagged in TAGGED:
        rows = connection.execute(text(
            f"SELECT id, {tagged.owner}, {tagged.column} FROM {tagged.table}")).all()
        for row_id, owner, tag in rows:
            powers = _powers(connection.execute(text(tagged.candidates), {"owner": owner}))
            if extra_candidates is not None:
                powers.update(extra_candidates(tagged.table, owner))
            match = [p for p in sorted(powers) if old.tag(tagged.purpose, owner, p) == tag]
            if not match:
                raise RekeyError(f"{tagged.table}.{tagged.column} of row {row_id} matches no "
                                 "power with the current key: nothing was changed")
            connection.execute(
                text(f"UPDATE {tagged.table} SET {tagged.column} = :v WHERE id = :id"),
                {"v": new.tag(tagged.purpose, owner, match[0]), "id": row_id})
        moved[f"{tagged.table}.{tagged.column}"] = len(rows)
    return moved


# what a value the key cannot open becomes when it is forgotten (a lost key): the row gone
# (a ballot, a letter: unreadable for good) or the value emptied (a bid not sent, a reason)
FORGET: dict[tuple[str, str], str] = {
    ("bid", "sealed"): "UPDATE bid SET sealed = NULL, ready = :no WHERE id = :id",
    ("vote", "choice"): "DELETE FROM vote WHERE id = :id",
    ("press_letter", "sealed"): "DELETE FROM press_letter WHERE id = :id",
    ("absence", "reason"): "UPDATE absence SET reason = NULL WHERE id = :id",
}


def forget_unreadable(connection: Connection, sealer: Sealer) -> dict[str, int]:
    """After a lost key: every sealed value and pseudonym that ``sealer`` (the new key)
    cannot open or recognise is forgotten (``FORGET``; a draw "yes" is deleted), so that the
    bot starts with the new key. Returns how many were forgotten per ``table.column``."""
    forgotten: dict[str, int] = {}
    for table, column in SEALED:
        rows = connection.execute(text(
            f"SELECT id, {column} FROM {table} WHERE {column} IS NOT NULL")).all()
        lost = []
        for row_id, sealed in rows:
            try:
                sealer.unseal(sealed)
            except SealError:
                lost.append(row_id)
        for row_id in lost:
            connection.execute(text(FORGET[(table, column)]), {"id": row_id, "no": False})
        forgotten[f"{table}.{column}"] = len(lost)
    for tagged in TAGGED:
        rows = connection.execute(text(
            f"SELECT id, {tagged.owner}, {tagged.column} FROM {tagged.table}")).all()
        lost = []
        for row_id, owner, tag in rows:
            if row_id in lost:
                continue
            powers = _powers(connection.execute(text(tagged.candidates), {"owner": owner}))
            if not any(sealer.tag(tagged.purpose, owner, p) == tag for p in powers):
                lost.append(row_id)
        for row_id in lost:
            connection.execute(text(f"DELETE FROM {tagged.table} WHERE id = :id"),
                               {"id": row_id})
        forgotten[f"{tagged.table}.{tagged.column}"] = \
            forgotten.get(f"{tagged.table}.{tagged.column}", 0) + len(lost)
    return forgotten
