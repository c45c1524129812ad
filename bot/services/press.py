"""Press (docs/RULES.md §3.4.7): press releases posted in the game, private letters between powers.

A game's ``press`` option says what may be written: ``none``, ``public`` (press releases
only), ``full`` (releases and letters) or ``gunboat`` (everything anonymous, and no player
named anywhere in the game until it ends). A letter is read by its sender and recipients
only — and by the GM when the game was created with ``gm_reads_press``. Its text is sealed
at rest (``bot.sealing``) and never goes into an error, a log line or an outbox payload:
the outbox row names the letter, the poster opens it when it sends the DM."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlmodel import col, select

from bot.db import Database, sealer_of
from bot.models import GameStatus, Player, PressLetter, utcnow
from bot.services.common import (
    SEATED,
    GameView,
    enqueue,
    load_game,
    load_players,
    seated_player,
)
from bot.services.errors import Conflict, Forbidden, Invalid, NotFound
from bot.services.turns import survivors
from engine import variants
from engine.maps import map_dir
from engine.orders.names import fold

MAX_LETTER = 2000  # characters: one DM embed holds it with its heading
LANGUAGES = ("en", "fr")


def press_mode(options: Mapping[str, Any]) -> str:
    return str(options.get("press") or "full")


def names_hidden(game: GameView) -> bool:
    """Gunboat: no player is named in the game (posts, status, DMs) until it ends."""
    return press_mode(game.options) == "gunboat" and game.status != GameStatus.FINISHED.value


def public_options(game: Any) -> dict[str, Any]:
    """A game's options as anyone may read them: in gunboat, without the power draw's seed
    until the game ends (with the sign-up order it tells who plays which power)."""
    options = dict(game.options or {})
    if press_mode(options) == "gunboat" and game.status != GameStatus.FINISHED.value:
        options.pop("assignment_seed", None)
    return options


@dataclass(frozen=True, slots=True)
class Letter:
    """A letter as one reader may see it: ``sender`` is empty when it is anonymous to them,
    and so is ``recipients`` (the list would tell the sender by elimination): they read
    ``hidden_to`` instead (RULES.md secrecy)."""

    id: int
    phase: str | None
    sender: tuple[str, ...]
    recipients: tuple[str, ...]
    text: str
    anonymous: bool
    mine: bool  # the reader wrote it
    created_at: datetime
    hidden_to: HiddenRecipients | None = None


@dataclass(frozen=True, slots=True)
class HiddenRecipients:
    """Who an anonymous letter went to, as a reader other than its sender is told:
    ``everyone`` (every other power alive), else the reader and ``others`` more powers, or
    (the GM reading every letter) ``count`` powers."""

    everyone: bool
    to_reader: bool
    others: int
    count: int


@dataclass(frozen=True, slots=True)
class SentLetter:
    id: int
    recipients: tuple[str, ...]
    anonymous: bool


@dataclass(frozen=True, slots=True)
class PublicPress:
    """Who a press release is from: the sender's powers (empty for the GM, and for a player
    before the powers are drawn), whether the sender is the game's GM and no player, and
    whether it must be anonymous (gunboat)."""

    powers: tuple[str, ...]
    forced_anonymous: bool
    gm: bool = False


@cache
def power_names(variant: str) -> dict[str, str]:
    """Every way to write a power of the variant's board (id, English and French names,
    abbreviation, aliases; folded: no case, no accents) -> its id. Read from the board's
    ``map.json``, whatever its format (a classic board, L'Impérialisme's)."""
    path = map_dir(variants.get(variant).map_name) / "map.json"
    out: dict[str, str] = {}
    for p in json.loads(path.read_text(encoding="utf-8")).get("powers", []):
        for name in (p["id"], p.get("name_en"), p.get("name_fr"), p.get("abbrev"),
                     *(p.get("aliases") or ())):
            if name:
                out.setdefault(fold(str(name)), str(p["id"]))
    return out


def _power_named(variant: str, name: str) -> str | None:
    """A power from a whole name or abbreviation, or the one whose names alone start with
    ``name`` (two letters or more: "FR", "IT", "Autr")."""
    index, key = power_names(variant), fold(name)
    if key in index:
        return index[key]
    hits = {pid for written, pid in index.items() if len(key) >= 2 and written.startswith(key)}
    return hits.pop() if len(hits) == 1 else None


def resolve_recipients(variant: str, text: str) -> list[str]:
    """Power ids from "France, Italy", "FR ITA", "Autriche et Russie": names and
    abbreviations in either language, without repeats. An unknown name is refused."""
    out: list[str] = []
    for chunk in re.split(r"[,;/+&]|\s+(?:and|et)\s+", text or ""):
        chunk = chunk.strip()
        if not chunk:
            continue
        found = _power_named(variant, chunk)
        words = [found] if found else [_power_named(variant, w) for w in chunk.split()]
        if not words or None in words:
            raise Invalid("press.unknown_power", name=chunk[:50])
        for word in words:
            if word is not None and word not in out:
                out.append(word)
    if not out:
        raise Invalid("press.unknown_power", name=(text or "").strip()[:50])
    return out


def _check_text(text: str) -> str:
    text = text.strip()
    if not text:
        raise Invalid("press.empty")
    if len(text) > MAX_LETTER:
        raise Invalid("press.too_long", length=len(text), max=MAX_LETTER)
    return text


async def check_public(db: Database, *, game_id: int, user_id: int,
                       text: str) -> PublicPress:
    """May ``user_id`` post this press release in this game (a player or its GM, press not
    turned off, a text of the allowed length), and must it be anonymous."""
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        player = seated_player(await load_players(session, game_id), user_id)
        if player is None and user_id != game.gm_user_id:
            raise Forbidden("player.not_in_game", user_id=user_id)
        mode = press_mode(game.options)
        if mode == "none":
            raise Forbidden("press.disabled")
        _check_text(text)
        return PublicPress(tuple(player.powers) if player else (), mode == "gunboat",
                           gm=player is None)


async def send_letter(db: Database, *, game_id: int, user_id: int, to: str, text: str,
                      anonymous: bool = False, now: datetime | None = None) -> SentLetter:
    """A private letter from the sender's powers to ``to``: stored sealed, and one DM per
    recipient player queued in the same transaction. Every refusal stores nothing."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id)
        mode = press_mode(game.options)
        if mode == "none":
            raise Forbidden("press.disabled")
        if mode == "public":
            raise Forbidden("press.public_only")
        players = await load_players(session, game_id)
        player = seated_player(players, user_id)
        if player is None:
            raise Forbidden("player.not_in_game", user_id=user_id)
        if game.status not in (GameStatus.ACTIVE.value, GameStatus.PAUSED.value):
            raise Conflict("press.game_not_active")
        text = _check_text(text)
        recipients = resolve_recipients(game.variant, to)
        own = [p for p in recipients if p in player.powers]
        if own:
            raise Invalid("press.to_self", power=own[0])
        alive = set(survivors(dict(game.state or {})))
        if not alive & set(player.powers):
            raise Conflict("press.sender_eliminated", power=list(player.powers))
        holders = {pw: p.user_id for p in players if p.status in SEATED for pw in p.powers}
        for power in recipients:
            if power not in alive:
                raise Conflict("press.eliminated", power=power)
            if power not in holders:
                raise Conflict("press.nobody_plays", power=power)
        anonymous = anonymous or mode == "gunboat"
        users = list(dict.fromkeys(holders[p] for p in recipients))
        everyone = set(recipients) == alive - set(player.powers)
        row = PressLetter(game_id=game_id, phase=game.phase, recipients=recipients,
                          recipient_users=users, created_at=now,
                          sealed=sealer_of(session).seal({
                              "text": text, "anonymous": anonymous, "sender": user_id,
                              "powers": list(player.powers), "everyone": everyone}))
        session.add(row)
        await session.flush()
        for user in users:
            enqueue(session, game, "press_letter", {"letter_id": row.id, "user_id": user}, now)
        return SentLetter(row.id or 0, tuple(recipients), anonymous)


def _letter(row: PressLetter, opened: Mapping[str, Any], reader: int,
            players: Sequence[Player]) -> Letter:
    anonymous = bool(opened.get("anonymous"))
    mine = opened.get("sender") == reader
    hidden = None
    # a letter to the reader alone names the reader's own powers: that tells nothing
    if anonymous and not mine and set(row.recipient_users) != {reader}:
        to_reader = reader in row.recipient_users
        # "you and N others": the reader may hold several of the recipients (§2.14.2)
        own = {pw for p in players if p.user_id == reader and p.status in SEATED
               for pw in p.powers}
        others = [pw for pw in row.recipients if pw not in own]
        hidden = HiddenRecipients(everyone=bool(opened.get("everyone")), to_reader=to_reader,
                                  others=len(others) if to_reader else 0,
                                  count=len(row.recipients))
    return Letter(id=row.id or 0, phase=row.phase,
                  sender=() if anonymous and not mine else tuple(opened.get("powers") or ()),
                  recipients=() if hidden else tuple(row.recipients),
                  text=str(opened.get("text") or ""), anonymous=anonymous, mine=mine,
                  created_at=row.created_at, hidden_to=hidden)


async def inbox(db: Database, *, game_id: int, user_id: int) -> list[Letter]:
    """The letters ``user_id`` wrote or received in this game, newest first; every letter of
    the game for its GM when the game allows it (``gm_reads_press``)."""
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        players = await load_players(session, game_id)
        is_player = any(p.user_id == user_id for p in players)
        reads_all = user_id == game.gm_user_id and bool(game.options.get("gm_reads_press"))
        if not is_player and not reads_all:
            if user_id == game.gm_user_id:
                raise Forbidden("press.gm_cannot_read")
            raise Forbidden("player.not_in_game", user_id=user_id)
        rows = (await session.exec(select(PressLetter).where(
            PressLetter.game_id == game_id).order_by(col(PressLetter.id).desc()))).all()
        sealer = sealer_of(session)
        # the sender is sealed: every letter of the game is opened to find the reader's own
        opened = ((r, sealer.unseal(r.sealed)) for r in rows)
        return [_letter(r, o, user_id, players) for r, o in opened
                if reads_all or o.get("sender") == user_id or user_id in r.recipient_users]


async def letter_for(db: Database, *, letter_id: int, user_id: int
                     ) -> tuple[Letter, str | None]:
    """A letter for the DM to one of its recipients, and the language that player chose
    (None: the guild's)."""
    async with db.transaction(write=False) as session:
        row = await session.get(PressLetter, letter_id)
        if row is None or user_id not in row.recipient_users:
            raise NotFound("press.not_found")
        language = None
        players = await load_players(session, row.game_id)
        for p in players:
            if p.user_id == user_id and (p.settings or {}).get("language") in LANGUAGES:
                language = str(p.settings["language"])
        return _letter(row, sealer_of(session).unseal(row.sealed), user_id,
                       players), language


async def remember_language(db: Database, *, game_id: int, user_id: int,
                            language: str) -> None:
    """The language a player's client speaks, kept for the DMs the bot sends them on its own
    (letters relayed); written only when it changes."""
    if language not in LANGUAGES:
        return
    async with db.transaction(write=False) as session:
        rows: Sequence[Player] = (await session.exec(select(Player).where(
            Player.game_id == game_id, Player.user_id == user_id))).all()
        if all((p.settings or {}).get("language") == language for p in rows):
            return
    async with db.transaction() as session:
        for p in (await session.exec(select(Player).where(
                Player.game_id == game_id, Player.user_id == user_id))).all():
            p.settings = {**(p.settings or {}), "language": language}
