"""What the board page shows, as JSON: built from the ``bot`` services and ``engine.api`` (the
same ones the slash commands use), never from a cog.

Two readers: a seated player (``player_board``: the public position, and of the hidden part
only their own orders and legal choices) and anyone (``public_board``: the position, the last
results, the past phases; never a pending order, bid, ballot or letter, and no player named
at all, so a gunboat game names nobody)."""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy import select as sa_select
from sqlalchemy.engine import Connection

from bot.db import Database
from bot.i18n import has_key, t
from bot.models import Game, Player
from bot.services import history as history_service
from bot.services import orders as orders_service
from bot.services.bots import bot_powers
from bot.services.common import SEATED
from bot.services.errors import NotFound, ServiceError
from bot.services.options import map_style
from bot.services.registry import SealedBids, sealed_bids
from bot.services.written_orders import engine_options
from bot.ui.format import local_order, phase_name
from engine import api as engine_api
from engine import report, variants, wording
from engine.maps import map_dir
from engine.render.cues import cues
from engine.render.palette import best_ink, make_palette

Json = dict[str, Any]


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


@dataclass(frozen=True)
class Loaded:
    game: Game
    players: list[Player]
    # the orders of the seat asked for (``load(..., user_id=...)``), read with the game
    own: list[orders_service.OwnOrders] | None = None


_GAME_T, _PLAYER_T = Game.__table__, Player.__table__  # type: ignore[attr-defined]
_GAME_ROW = sa_select(_GAME_T).where(_GAME_T.c.id == bindparam("game_id"))
_SEATS = sa_select(_PLAYER_T).where(_PLAYER_T.c.game_id == bindparam("game_id")).order_by(
    _PLAYER_T.c.id)


def _load_in(connection: Connection, game_id: int, user_id: int | None) -> Loaded:
    row = connection.execute(_GAME_ROW, {"game_id": game_id}).first()
    if row is None:
        raise NotFound("game.not_found", game_id=game_id)
    game = Game(**row._mapping)
    players = [Player(**r._mapping) for r in connection.execute(_SEATS, {"game_id": game_id})]
    own = None
    if user_id is not None:
        seat = next((p for p in players if p.user_id == user_id and p.status in SEATED), None)
        own = orders_service.own_orders_in(
            connection, game_id=game_id, phase=str(game.phase or ""),
            powers=list(seat.powers) if seat else [])
    return Loaded(game, players, own)


_VERSION = sa_select(_GAME_T.c.version).where(_GAME_T.c.id == bindparam("game_id"))


async def version_of(db: Database, game_id: int) -> int:
    """The game's version alone (what live updates watch); ``NotFound`` without a game."""
    rows = await db.read(_VERSION.params(game_id=game_id))
    if not rows:
        raise NotFound("game.not_found", game_id=game_id)
    return int(rows[0][0])


async def load(db: Database, game_id: int, *, user_id: int | None = None) -> Loaded:
    """The game and its seats (and ``user_id``'s own orders) in one read, on Core statements
    (a board is asked for often); ``NotFound`` when there is no such game."""
    return await db.run(partial(_load_in, game_id=game_id, user_id=user_id), write=False,
                        autocommit=True)


def seat_of(loaded: Loaded, *, user_id: int, player_id: int) -> Player | None:
    """The seat a session was opened for, if it is still this user's and still seated: a
    replaced player's cookie names a row that no longer plays (``REPLACED``)."""
    for p in loaded.players:
        if p.id == player_id and p.user_id == user_id and p.status in SEATED:
            return p
    return None


def seat_of_user(loaded: Loaded, user_id: int) -> Player | None:
    for p in loaded.players:
        if p.user_id == user_id and p.status in SEATED:
            return p
    return None


@cache
def board_names(map_name: str) -> Json:
    """Powers and places of a board from its ``map.json`` (classic-format boards list
    ``provinces``; L'Impérialisme ``territories`` and ``seas``)."""
    data = json.loads((map_dir(map_name) / "map.json").read_text(encoding="utf-8"))
    places: Json = {}
    for p in data.get("provinces") or []:
        places[p["id"]] = {"en": p.get("name_en", p["id"]), "fr": p.get("name_fr", p["id"]),
                           "kind": p.get("kind", "land"), "center": bool(p.get("center")),
                           "code_fr": p.get("code_fr")}
    for p in data.get("territories") or []:
        places[p["id"]] = {"en": p.get("name_en", p["id"]), "fr": p.get("name_fr", p["id"]),
                           "kind": "land", "center": bool(p.get("star")), "code_fr": None}
    for p in data.get("seas") or []:
        places[p["id"]] = {"en": p.get("name_en", p["id"]), "fr": p.get("name_fr", p["id"]),
                           "kind": "sea", "center": False, "code_fr": None}
    powers = [{"id": p["id"], "en": p.get("name_en", p["id"]), "fr": p.get("name_fr", p["id"]),
               "color": p.get("color", "#888888")} for p in data.get("powers") or []]
    return {"places": places, "powers": powers}


def _map_json(game: Game, lang: str) -> Json:
    """Board, palette and names: what does not change within a game."""
    style = map_style(game.options, lang)
    return _map_json_of(game.variant, style["palette"], style["labels"], lang)


@lru_cache(maxsize=64)
def _map_json_of(variant_name: str, palette_name: str, labels: str, lang: str) -> Json:
    variant = variants.get(variant_name)
    style = {"palette": palette_name, "labels": labels}
    names = board_names(variant.map_name)
    palette = make_palette(style["palette"], [(p["id"], p["color"]) for p in names["powers"]])
    # the letters the PNG puts on units and centres, in its labels' language (WCAG 1.4.1)
    marks = cues(variant.map_name, style["labels"])
    provinces: Json = {}
    for pid, p in names["places"].items():
        code = p["code_fr"] if style["labels"] == "fr" and p["code_fr"] else pid
        provinces[pid] = {"name": p[lang], "code": code.upper(), "kind": p["kind"],
                          "center": p["center"]}
    return {
        "map": variant.map_name,
        "palette": {
            "name": palette.name, "sea": _hex(palette.sea), "neutral": _hex(palette.neutral),
            "border": _hex(palette.border), "text": _hex(palette.text),
            "impassable": _hex(palette.impassable), "dislodged": _hex(palette.dislodged),
            "powers": {p["id"]: {"name": p[lang], "unit": _hex(palette.unit(p["id"])),
                                 "fill": _hex(palette.fill(p["id"])),
                                 "ink": _hex(best_ink(palette.unit(p["id"]))),
                                 "cue": marks.get(p["id"], "")}
                       for p in names["powers"]}},
        "provinces": provinces,
    }


def _unit_label(map_name: str, unit: Json, lang: str) -> str:
    """"Army in Paris" / "Armée à Paris": a screen reader's name for a unit."""
    prov = str(unit["location"]).partition("/")[0]
    place = board_names(map_name)["places"].get(prov)
    name = place[lang] if place else prov.upper()
    kind = unit.get("type")
    if lang == "fr":
        at = wording.place(map_name, prov, name, "fr").at
        return f"{'Flotte' if kind == 'F' else 'Armée'} {at}"
    the = wording.place(map_name, prov, name, "en").the
    return f"{'Fleet' if kind == 'F' else 'Army'} in {the}"


def _position(game: Game, state: Json, lang: str) -> Json:
    """The public position: units (with their accessible names), owners, centres."""
    map_name = variants.get(game.variant).map_name
    places = board_names(map_name)["places"]
    owners: dict[str, str] = {}
    if state.get("centers") is not None:
        for power, centres in (state.get("centers") or {}).items():
            for c in centres:
                owners[c.split("/")[0]] = power
    else:  # a board coloured by territory (L'Impérialisme)
        owners = {k: v for k, v in (state.get("owners") or {}).items() if v}
    units = [{"power": u["power"], "type": u["type"], "location": u["location"],
              "label": _unit_label(map_name, u, lang)} for u in state.get("units") or []]
    dislodged = [{"power": d["power"], "type": d["type"], "location": d["location"],
                  "label": _unit_label(map_name, d, lang),
                  "retreats": list(d.get("retreats") or [])}
                 for d in state.get("dislodged") or []]
    return {"owners": owners, "units": units, "dislodged": dislodged,
            "centres": {p: pw for p, pw in owners.items()
                        if places.get(p, {}).get("center")}}


def _game_json(game: Game, lang: str) -> Json:
    named = phase_name(game.phase, lang, game.variant) if game.phase else ""
    return {"id": game.id, "name": game.name, "variant": game.variant, "status": game.status,
            "phase": game.phase, "phase_name": named,
            "version": game.version,
            "deadline": game.deadline.isoformat() if game.deadline else None}


def _unit_types(state: Json) -> dict[str, str]:
    return {str(u["location"]).partition("/")[0]: str(u["type"])
            for u in state.get("units") or []}


def sentence(game: Game, state: Json, order: Json | None, text: str, lang: str) -> str:
    """An order read back in the reader's language ("L'armée de Paris va en Bourgogne")."""
    if not order:
        return text
    variant = variants.get(game.variant)
    if not hasattr(variant, "game_map"):
        return text
    targets: list[str] = []
    if order.get("kind") == "retreat" and " R " in text:
        targets = [x.strip() for x in text.split(" R ", 1)[1].split(",") if x.strip()]
    return wording.order_sentence(variants.game_map(variant.name), order, lang,
                                  unit_at=_unit_types(state), targets=targets)


def _last_results(db_detail: Any, game: Game, lang: str, after: Json | None = None
                  ) -> list[Json]:
    """The resolved phase's report by power (written orders only: a crisis has its own).
    ``after``: the position that phase led to, as the results post reads it (a dislodged
    unit's retreats are there; without it the report would call it destroyed)."""
    if db_detail is None or not hasattr(variants.get(game.variant), "game_map"):
        return []
    if after is not None and after.get("phase") != db_detail.next_phase:
        after = None
    lines = report.lines_by_power(db_detail.results, db_detail.state, lang, game.variant,
                                  after)
    return [{"power": power, "lines": text} for power, text in sorted(lines.items())]


async def _history(db: Database, game: Game, lang: str) -> tuple[list[Json], Any]:
    assert game.id is not None
    phases = await history_service.phase_history(db, game_id=game.id)
    last = None
    if phases:
        last = await history_service.phase_detail(db, game_id=game.id, seq=phases[-1].seq)
    return ([{"seq": p.seq, "phase": p.phase,
              "name": phase_name(p.phase, lang, game.variant)} for p in phases], last)


# Boards already built, by what they are built from: a game's public board changes only with
# its version (every phase, every GM change), its deadline, status or name. Per process;
# several web processes each keep their own, all keyed by the version they read.
_CACHE_SIZE = 512
_public_cache: OrderedDict[tuple[Any, ...], Json] = OrderedDict()
_legal_cache: OrderedDict[tuple[Any, ...], Json] = OrderedDict()


def _remember(cache: OrderedDict[tuple[Any, ...], Json], key: tuple[Any, ...],
              value: Json) -> Json:
    cache[key] = value
    while len(cache) > _CACHE_SIZE:
        cache.popitem(last=False)
    return value


def _game_key(game: Game) -> tuple[Any, ...]:
    return (game.id, game.version, game.phase, game.status, game.deadline, game.name)


async def public_board(db: Database, loaded: Loaded, lang: str, *, seq: int | None = None
                       ) -> Json:
    """What anyone may see: the position now (public part of the STATE), or the position a
    past phase was played from (``seq``) with that phase's results; the list of past
    phases (``/game history``'s). No player is named; no pending order is read. A fresh
    top-level dict each time (callers add to it); its parts are shared, never changed."""
    key = (*_game_key(loaded.game), lang, seq)
    built = _public_cache.get(key)
    if built is None:
        built = _remember(_public_cache, key, await _public_board(db, loaded, lang, seq=seq))
    else:
        _public_cache.move_to_end(key)
    return dict(built)


async def _public_board(db: Database, loaded: Loaded, lang: str, *, seq: int | None
                        ) -> Json:
    game = loaded.game
    phases, last = await _history(db, game, lang)
    shown = None
    if seq is not None:
        shown = await history_service.phase_detail(db, game_id=game.id or 0, seq=seq)
        state = shown.state
    else:
        state = variants.public(dict(game.state or {}))
    past = None if shown is None else {
        "seq": shown.seq, "phase": shown.phase,
        "name": phase_name(shown.phase, lang, game.variant)}
    out: Json = {"game": _game_json(game, lang), "lang": lang, **_map_json(game, lang),
                 **_position(game, state, lang), "history": phases, "shown": past,
                 "results": _last_results(shown or last, game, lang,
                                          await _state_after(db, game, shown or last, phases)),
                 "me": None}
    out["crisis"] = _crisis(game, state, lang)
    # the powers the bot plays now: every post says so (rules §3.2), the board too
    out["bots"] = sorted(bot_powers(game, loaded.players))
    return out


async def _state_after(db: Database, game: Game, detail: Any, phases: list[Json]
                       ) -> Json | None:
    """The position a resolved phase led to: the next phase's record, or the game now."""
    if detail is None:
        return None
    later = [p["seq"] for p in phases if p["seq"] > detail.seq]
    if not later:
        return variants.public(dict(game.state or {}))
    return (await history_service.phase_detail(db, game_id=game.id or 0,
                                               seq=min(later))).state


def _crisis(game: Game, state: Json, lang: str) -> Json | None:
    """L'Impérialisme: the current crisis, read-only (its votes stay in direct messages):
    its number, its two sides and its stage. Nothing of any ballot."""
    crisis = state.get("crisis") if isinstance(state.get("crisis"), dict) else None
    if not crisis:
        return None
    names = {p["id"]: p[lang] for p in board_names(variants.get(game.variant).map_name)["powers"]}
    sides = [names.get(str(x), str(x)) for x in crisis.get("sides") or []]
    stage = str(crisis.get("stage") or "")
    stage_text = t(f"imp.stage.{stage}", lang) if has_key(f"imp.stage.{stage}") else stage
    text = t("web.crisis_line", lang, number=int(crisis.get("number") or 0),
             first=sides[0] if sides else "?", second=sides[1] if len(sides) > 1 else "?",
             stage=stage_text)
    return {"number": crisis.get("number"), "sides": list(crisis.get("sides") or []),
            "stage": stage, "text": text}


async def player_board(db: Database, loaded: Loaded, player: Player, lang: str, csrf: str
                       ) -> Json:
    """The public board plus, for this seat only: its powers, which of them act now, its
    saved orders (read back as sentences), the legal choices of each, the builds or
    removals still due, and whether it said ready."""
    game = loaded.game
    state = dict(game.state or {})
    out = await public_board(db, loaded, lang)
    choices: list[str] = []
    if game.state and game.status in ("active", "paused"):
        choices = engine_api.powers_with_choices(
            state, engine_options(game, loaded.players, returning=player))
    acting = [p for p in player.powers if p in choices]
    own = loaded.own if loaded.own is not None else await orders_service.my_orders(
        db, game_id=game.id or 0, user_id=player.user_id)
    orders: list[Json] = []
    ready = False
    for s in own:
        ready = ready or s.ready
        for line in s.lines:
            orders.append({"power": s.power, "text": line.normalized or line.text,
                           "local": local_order(line.normalized or line.text, lang),
                           "conditional": line.conditional, "order": line.order,
                           "location": (line.order or {}).get("location"),
                           "say": sentence(game, state, line.order, line.normalized or line.text,
                                           lang)})
    legal: Json = {}
    adjust: Json = {}
    variant = variants.get(game.variant)
    if acting and hasattr(variant, "game_map"):
        key = (*_game_key(game), tuple(acting), lang)
        legal = _legal_cache.get(key) or _remember(
            _legal_cache, key, await asyncio.to_thread(_legal, game, state, acting, lang))
        if str(game.phase or "").endswith("A"):
            counts = report.centre_counts(state)
            for p in acting:
                units = sum(1 for u in state.get("units") or [] if u["power"] == p)
                adjust[p] = counts.get(p, 0) - units
    out["me"] = {"powers": list(player.powers), "acting": acting,
                 "written": hasattr(variant, "game_map"), "ready": ready,
                 "orders": orders, "legal": legal, "adjust": adjust, "csrf": csrf,
                 "bids": await _own_bids(db, game, player.user_id)}
    if out["me"]["bids"] is not None:
        out["me"]["ready"] = bool(out["me"]["bids"]["ready"])
    return out


def _legal(game: Game, state: Json, powers: list[str], lang: str) -> Json:
    """Per power, per unit (location; "" for builds), its legal orders, each with the
    sentence that reads it back."""
    out: Json = {}
    for power in powers:
        per_unit = engine_api.legal_order_choices(state, power)
        out[power] = {loc: [{**o, "say": sentence(game, state, o, o["text"], lang),
                             "local": local_order(o["text"], lang)}
                            for o in orders] for loc, orders in per_unit.items()}
    return out


def bidding(game: Game) -> SealedBids | None:
    """The services taking the game's sealed bids when its phase is one of bids (the
    variant says so from the phase id, ``engine.variants.bids_in``), else None."""
    if not variants.bids_in(game.variant, game.phase):
        return None
    return sealed_bids(game.variant)


async def _own_bids(db: Database, game: Game, user_id: int) -> Json | None:
    """A season of sealed bids: the caller's own bids (never the other player's), credits
    and the powers bid on, through the variant's bid services."""
    bids = bidding(game)
    if bids is None:
        return None
    try:
        view = await bids.mine(db, game_id=game.id or 0, user_id=user_id)
    except ServiceError:
        return None
    return {"country": view.country, "credits": view.credits, "minors": list(view.minors),
            "amounts": view.amounts, "ready": view.ready,
            "text": ", ".join(f"{m} {n}" for m, n in (view.amounts or {}).items())}


def check_typed(loaded: Loaded, player: Player, text: str, lang: str) -> Json | None:
    """``text`` checked by the engine for the first of the seat's acting powers that takes
    every line (else the first's refusal), each line read back; None when no power acts."""
    game = loaded.game
    state = dict(game.state or {})
    if not state or not hasattr(variants.get(game.variant), "game_map"):
        return None
    choices = engine_api.powers_with_choices(
        state, engine_options(game, loaded.players, returning=player))
    acting = [p for p in player.powers if p in choices]
    first: Json | None = None
    for power in acting:
        checked = engine_api.check_orders(state, power, text)
        lines = [{**x, "say": sentence(game, state, x.get("order"),
                                       x.get("normalized") or x.get("text", ""), lang),
                  "local": local_order(x.get("normalized") or "", lang)}
                 for x in checked.get("lines", [])]
        answer = {"ok": bool(checked.get("ok")), "power": power, "lines": lines}
        if answer["ok"]:
            return answer
        first = first or answer
    return first
