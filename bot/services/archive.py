"""A whole game as one file (``/game export``), in the engine's JSON contract: every phase
played (superseded ones left out), its position, orders, options and results, and the final
position. ``python -m engine replay FILE`` replays it (``engine.replay``). Secrets stay out:
sealed bids appear only once revealed (as the history has them), votes never."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, select

from bot.db import Database
from bot.models import Game, GameStatus, Guild, PhaseRecord, Player, utcnow
from bot.services.common import GameView, game_view, load_game
from bot.services.errors import Conflict, Invalid
from bot.services.options import resolve_options
from bot.services.options import schema as options_schema
from bot.services.press import public_options
from bot.services.written_orders import engine_options
from engine import replay, variants

EXPORTABLE = ("active", "paused", "finished")


def _seats(snapshot: dict[str, Any] | None) -> list[Player]:
    return [Player(game_id=0, user_id=s["user_id"], powers=list(s["powers"]),
                   status=s["status"]) for s in (snapshot or {}).get("players", [])]


async def export_game(db: Database, *, game_id: int) -> dict[str, Any]:
    async with db.transaction(write=False) as session:
        game: Game = await load_game(session, game_id)
        if game.status not in EXPORTABLE or game.state is None:
            raise Conflict("game.wrong_status", status=game.status, expected=list(EXPORTABLE))
        records = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id, col(PhaseRecord.superseded).is_(False))
            .order_by(col(PhaseRecord.seq)))).all()
        # until the game ends, what players sent ahead for a later phase (conditional orders,
        # docs/RULES.md §3.4.2) stays theirs: out of every position and every order sheet
        hide = game.status != "finished"
        phases = []
        for r in records:
            seats = _seats(r.snapshot)
            options = engine_options(game, seats) if seats else {}
            played = {o.get("power") for o in r.orders if o.get("bot")}
            if played:  # the powers the bot played were ordered, not in civil disorder
                options["civil_disorder"] = [p for p in options.get("civil_disorder", [])
                                             if p not in played]
            phases.append({
                "phase": r.phase, "state": variants.public(r.state) if hide else r.state,
                # the public inputs as the history has them (a bid only once revealed)
                "orders": [_public_sheet(o, hide) for o in r.orders],
                "options": options,
                "results": r.results, "resolved_at": r.resolved_at.isoformat()})
        return {"format": replay.FORMAT, "variant": game.variant, "name": game.name,
                "status": game.status, "result": game.result,
                "options": public_options(game),
                # the seats the bot took in a practice game (each sheet it wrote says "bot")
                "bots": list((game.options or {}).get("bot_powers") or []),
                "phases": phases,
                "final_state": variants.public(game.state) if hide else game.state}


def _public_sheet(sheet: dict[str, Any], hide: bool) -> dict[str, Any]:
    """An order sheet as exported: power, text and revealed bids; without its conditional
    lines while they may still be pending."""
    out = {k: v for k, v in sheet.items() if k in ("power", "text", "bids", "bot")}
    lines = sheet.get("parsed") or []
    if hide and any(line.get("conditional") for line in lines):
        out["text"] = "\n".join(str(line.get("text") or "") for line in lines
                                if not line.get("conditional"))
    return out


# --- /game import: an export replayed into a new, finished game ---------------------------------

MAX_IMPORT_BYTES = 8 * 1024 * 1024  # Discord's attachment limit for bots is larger: be modest


def read_export(raw: bytes) -> dict[str, Any]:
    """The export in ``raw``, replayed phase by phase (``engine.replay``); a file that is not
    one, or does not replay, is refused with the reason. Only its orders are trusted: its
    "result" is replaced by the one the rules give (``engine.replay.game_result``)."""
    if len(raw) > MAX_IMPORT_BYTES:
        raise Invalid("archive.too_big", size=len(raw) // 1024, max=MAX_IMPORT_BYTES // 1024)
    try:
        export = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Invalid("archive.not_json") from None
    if not isinstance(export, dict) or export.get("format") != replay.FORMAT:
        raise Invalid("archive.not_export")
    if export.get("variant") not in variants.names():
        raise Invalid("archive.unknown_variant", variant=str(export.get("variant"))[:40])
    phases = export.get("phases")
    if not isinstance(phases, list) or not phases \
            or not isinstance(export.get("final_state"), dict):
        raise Invalid("archive.no_phases")
    try:
        replay.replay(export)
        result = replay.game_result(export)
    except replay.ReplayError as err:
        raise Invalid("archive.does_not_replay", phase=err.phase, field=err.field) from None
    except Exception:  # a malformed record (a key missing, a wrong type)
        raise Invalid("archive.not_export") from None
    return {**export, "result": result}


def _imported_options(export: dict[str, Any]) -> dict[str, Any]:
    variant = str(export.get("variant"))
    known = {k: v for k, v in (export.get("options") or {}).items()
             if k in options_schema(variant)}
    try:
        return resolve_options(None, known, variant)
    except Invalid:
        return resolve_options(None, None, variant)


async def import_game(db: Database, *, raw: bytes, guild_id: int | None, channel_id: int,
                      thread_id: int | None, gm_user_id: int, name: str | None = None,
                      now: datetime | None = None) -> GameView:
    """A new finished game holding every phase of the export (nobody seated: an archive to
    read with /game history, /map, /game timelapse and /game chart)."""
    export = read_export(raw)
    now = now or utcnow()
    final = export["final_state"]
    async with db.transaction() as session:
        if guild_id is not None and await session.get(Guild, guild_id) is None:
            session.add(Guild(id=guild_id, created_at=now))
        busy = (await session.exec(select(Game).where(
            col(Game.status) != GameStatus.FINISHED.value, Game.channel_id == channel_id,
            Game.thread_id == thread_id if thread_id is not None
            else col(Game.thread_id).is_(None)).limit(1))).first()
        if busy is not None:
            raise Conflict("game.channel_busy", game_id=busy.id)
        result = export.get("result") if isinstance(export.get("result"), dict) else None
        game = Game(guild_id=guild_id, channel_id=channel_id, thread_id=thread_id,
                    name=str(name or export.get("name") or export["variant"])[:100],
                    variant=export["variant"], gm_user_id=gm_user_id,
                    status=GameStatus.FINISHED.value, options=_imported_options(export),
                    phase=str(final.get("phase") or ""), state=final,
                    result={**(result or {}), "imported": True},
                    created_at=now, updated_at=now)
        session.add(game)
        await session.flush()
        records = export["phases"]
        for seq, record in enumerate(records, start=1):
            following = records[seq]["phase"] if seq < len(records) else final.get("phase")
            session.add(PhaseRecord(
                game_id=game.id or 0, seq=seq, phase=str(record["phase"]),
                state=record["state"], orders=list(record.get("orders") or []),
                results=list(record.get("results") or []), next_phase=following,
                resolved_at=now))
        return game_view(game, [])


# --- /game timelapse and /game chart: what they draw, read from the public history -------------

@dataclass(frozen=True, slots=True)
class Frames:
    variant: str
    palette: str
    frames: list[dict[str, Any]]  # [{"state", "results"}] in order, the final position last
    map_labels: str = "auto"  # the game's option: auto (the reader's language) | en | fr
    result: dict[str, Any] | None = None  # how the game ended (Game.result), None while on


async def timelapse_frames(db: Database, *, game_id: int) -> Frames:
    """Every resolved phase with its results, then the position now: public facts only (the
    orders of the phase being played are not in any record)."""
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        records = await _records(session, game_id)
        if not records:
            raise Conflict("archive.nothing_yet")
        frames: list[dict[str, Any]] = [{"state": r.state, "results": r.results}
                                        for r in records]
        if game.state:
            frames.append({"state": variants.public(game.state), "results": None})
        return Frames(game.variant, str((game.options or {}).get("palette") or "standard"),
                      frames, str((game.options or {}).get("map_labels") or "auto"),
                      dict(game.result) if game.result else None)


async def _records(session: Any, game_id: int) -> list[PhaseRecord]:
    return list((await session.exec(select(PhaseRecord).where(
        PhaseRecord.game_id == game_id, col(PhaseRecord.superseded).is_(False))
        .order_by(col(PhaseRecord.seq)))).all())


@dataclass(frozen=True, slots=True)
class Chart:
    variant: str
    palette: str
    measure: str  # "centres" | "influence" | "credits"
    series: dict[str, list[tuple[str, float]]]  # power (or duel country) -> [(x, value)]


async def chart_series(db: Database, *, game_id: int, measure: str | None = None) -> Chart:
    """Each power's figure over the game, as its variant measures it (``Variant.measure``):
    ``measure`` one of the variant's ``measures``, else its first (supply centres at the end
    of each year; L'Impérialisme: influence after each crisis; the duel may follow credits)."""
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        states = [r.state for r in await _records(session, game_id)]
    if not states:
        raise Conflict("archive.nothing_yet")
    if game.state:
        states.append(game.state)
    palette = str((game.options or {}).get("palette") or "standard")
    variant = variants.get(game.variant)
    kind = measure if measure in variant.measures else variant.measures[0]
    by_x: dict[str, dict[str, float]] = {}
    for st in states:
        point = variant.measure(st, kind)
        if point is not None:  # the latest position of a label stands for it
            by_x[point[0]] = point[1]
    powers = sorted({p for values in by_x.values() for p in values})
    xs = sorted(by_x, key=lambda x: int(x) if x.isdigit() else 0)
    series = {p: [(x, by_x[x].get(p, 0.0)) for x in xs] for p in powers}
    return Chart(game.variant, palette, kind, series)
