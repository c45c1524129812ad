"""The web board's aiohttp application: routes, refusals, security headers, static files.

Routes (the page contract is in docs/ARCHITECTURE.md, "The web board"):

- ``GET /board/open?t=…`` and ``GET /board/<game>/open?t=…``: a personal link
  (``bot.board_links``) opens a session cookie and redirects to ``/board/<game>``
- ``GET /board/<game>``: the player's board; ``GET /board/<game>/state``: its JSON
- ``POST /board/<game>/orders`` (``csrf``, ``power``, ``text``, ``version``: the game's
  version the page was built from; another is refused as stale): ``bot.services.orders``'s
  ``submit_orders`` as ``/orders submit`` (an empty text clears, as ``/orders clear``)
- ``POST /board/<game>/check`` (``csrf``, ``text``): a typed line read back, nothing stored
- ``POST /board/<game>/ready`` (``csrf``, ``ready`` = 1 or 0): ``set_ready``
- ``POST /board/<game>/bids`` (``csrf``, ``text``): a variant's sealed bids (the duel's)
- ``GET /g/<game>`` (``?seq=N`` a past phase) and ``/g/<game>/state``: anyone's view
- ``GET /board/<game>/events``, ``GET /g/<game>/events``: server-sent events, the game's
  version each time it moves (the page then fetches its state)
- ``GET /static/board.js|board.css``, ``GET /maps/<map>/geometry.json``: cached files,
  gzip-compressed once in memory
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import logging
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.board_links import LINK_MAX_AGE, BoardLinkRefused, read_board_token
from bot.client import Throttle
from bot.db import Database
from bot.i18n import language_of, t
from bot.sealing import Sealer
from bot.services import orders as orders_service
from bot.services.errors import NotFound, OrdersRejected, ServiceError, Stale
from bot.services.registry import SealedBids, sealed_bids
from bot.settings import Settings
from bot.ui.errors import error_text
from engine.maps import map_dir
from web import board, pages
from web.fresh import Fresh, not_modified
from web.sessions import (
    CSRF_FIELD,
    CSRF_HEADER,
    Session,
    SessionRefused,
    Sessions,
    cookie_name,
    csrf_ok,
)
from web.shared import (
    CONFIG_KEY,
    DB_KEY,
    FILES_KEY,
    SESSIONS_KEY,
    STATIC,
    Config,
    Files,
    reader_language,
)

log = logging.getLogger(__name__)
# no inline script may run: the data travel as JSON, the one script is a file
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'self' https://discord.com https://ptb.discord.com "
       "https://canary.discord.com https://*.discordsays.com")
_STATUS = {"throttled": 429, "missing": 403, "expired": 403, "altered": 400, "other_game": 403,
           "replaced": 403, "not_player": 403, "csrf": 403, "not_found": 404, "off": 404}


def refused(request: web.Request, reason: str, lang: str | None = None) -> web.Response:
    lang = lang or reader_language(request)
    status = _STATUS.get(reason, 403)
    if request.method == "POST" or request.path.endswith("/state"):
        return web.json_response({"ok": False, "refused": reason,
                                  "message": t(f"web.refused.{reason}", lang)},
                                 status=status)
    return web.Response(text=pages.refused_page(reason, lang), status=status,
                        content_type="text/html", charset="utf-8")


@web.middleware
async def security_headers(request: web.Request, handler: Any) -> web.StreamResponse:
    try:
        response = await handler(request)
    except web.HTTPException as exc:
        response = exc
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    if not request.path.startswith(("/static/", "/maps/")):
        response.headers.setdefault("Cache-Control", "no-store")
    # pages and board JSON compressed for browsers that accept it (static files are
    # compressed once, ahead: Files)
    if isinstance(response, web.Response) and "Content-Encoding" not in response.headers \
            and response.content_type in ("text/html", "application/json") \
            and "gzip" in request.headers.get("Accept-Encoding", ""):
        response.enable_compression(web.ContentCoding.gzip)
    return response


def _game_id(request: web.Request) -> int | None:
    try:
        return int(request.match_info["game"])
    except (KeyError, ValueError):
        return None


# --- links and sessions -----------------------------------------------------------------

async def open_link(request: web.Request) -> web.StreamResponse:
    config: Config = request.app[CONFIG_KEY]
    lang = reader_language(request)
    try:
        granted = read_board_token(config.sealer, request.query.get("t", ""),
                                   max_age=config.link_max_age)
    except BoardLinkRefused as exc:
        return refused(request, exc.reason, lang)
    wanted = _game_id(request)
    if wanted is not None and wanted != granted.game_id:
        return refused(request, "other_game", lang)
    return await grant_session(request, game_id=granted.game_id, user_id=granted.user_id,
                               lang=lang)


async def grant_session(request: web.Request, *, game_id: int, user_id: int,
                        lang: str | None = None) -> web.Response:
    """A session for ``user_id`` in ``game_id`` once who they are is proven (a signed link;
    another sign-in may call this too): the cookie set and a 303 to the board, or the
    refusal when the user holds no seat there."""
    lang = lang or reader_language(request)
    try:
        loaded = await board.load(request.app[DB_KEY], game_id)
    except NotFound:
        return refused(request, "not_found", lang)
    seat = board.seat_of_user(loaded, user_id)
    if seat is None or seat.id is None:
        return refused(request, "not_player", lang)
    sessions = request.app[SESSIONS_KEY]
    session = sessions.new(game_id=game_id, user_id=user_id, player_id=seat.id, lang=lang)
    response = web.Response(status=303, headers={"Location": f"/board/{game_id}"})
    response.set_cookie(cookie_name(game_id), sessions.dump(session),
                        **sessions.cookie_options())
    return response


@dataclass(frozen=True)
class Seat:
    session: Session
    loaded: board.Loaded
    player: Any
    lang: str


async def _seat(request: web.Request, *, write: bool = False,
                form: Any = None) -> Seat | web.Response:
    """The session of this game, checked against the seats now; for a write, the CSRF
    token too. A refusal page (or JSON) otherwise."""
    game_id = _game_id(request)
    if game_id is None:
        return refused(request, "not_found")
    try:
        session = request.app[SESSIONS_KEY].load(request.cookies, game_id)
    except SessionRefused as exc:
        return refused(request, exc.reason)
    lang = reader_language(request, session)
    if write:
        sent = request.headers.get(CSRF_HEADER) or (form or {}).get(CSRF_FIELD)
        if not csrf_ok(session, sent):
            return refused(request, "csrf", lang)
        # the slash commands' bucket per user, for the page's writes
        if request.app[THROTTLE_KEY].wait(session.user_id) > 0:
            return refused(request, "throttled", lang)
    try:
        loaded = await board.load(request.app[DB_KEY], game_id,
                                  user_id=None if write else session.user_id)
    except NotFound:
        return refused(request, "not_found", lang)
    player = board.seat_of(loaded, user_id=session.user_id, player_id=session.player_id)
    if player is None:
        return refused(request, "replaced", lang)
    if not loaded.game.state:  # still signing up: no board yet
        return refused(request, "off", lang)
    return Seat(session, loaded, player, lang)


# --- the player's board -------------------------------------------------------------------

async def _player_data(request: web.Request, seat: Seat) -> dict[str, Any]:
    data = await board.player_board(request.app[DB_KEY], seat.loaded, seat.player, seat.lang,
                                    seat.session.csrf)
    data["t"] = pages.script_texts(seat.lang)  # shared: never changed
    return data


async def board_page(request: web.Request) -> web.StreamResponse:
    seat = await _seat(request)
    if isinstance(seat, web.Response):
        return seat
    data = await _player_data(request, seat)
    return web.Response(text=pages.board_page(data, lang=seat.lang, spectator=False),
                        content_type="text/html", charset="utf-8")


# what the page got with its HTML and a later update leaves out (a game's board, palette
# and names, the page's texts): a poll answers with the position and the seat's own part only
STATIC_PARTS = ("palette", "provinces", "t")


def _update_bytes(data: dict[str, Any]) -> bytes:
    return json.dumps({k: v for k, v in data.items() if k not in STATIC_PARTS},
                      separators=(",", ":")).encode()


def _kept_answer(request: web.Request, etag: str, packed: bytes) -> web.Response:
    """A board state already built (kept compressed), with its ETag."""
    headers = {"ETag": etag, "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        headers["Content-Encoding"] = "gzip"
    else:
        packed = gzip.decompress(packed)
    return web.Response(body=packed, headers=headers, content_type="application/json",
                        charset="utf-8")


async def board_state(request: web.Request) -> web.StreamResponse:
    """The player's board as JSON. The session and the seat are checked on every request
    (the probe reads the seats); the answer is built once per ETag (web/fresh.py), and a
    page sending the current ETag gets a 304."""
    game_id = _game_id(request)
    if game_id is None:
        return refused(request, "not_found")
    try:
        session = request.app[SESSIONS_KEY].load(request.cookies, game_id)
    except SessionRefused as exc:
        return refused(request, exc.reason)
    lang = reader_language(request, session)
    fresh = request.app[FRESH_KEY]
    probe = await fresh.player(game_id, user_id=session.user_id,
                               player_id=session.player_id, csrf=session.csrf, lang=lang)
    if probe.refused:
        return refused(request, probe.refused, lang)

    async def build() -> bytes | web.Response:
        seat = await _seat(request)
        if isinstance(seat, web.Response):
            return seat
        return _update_bytes(await _player_data(request, seat))

    if probe.etag is None:  # not kept (web/fresh.py): built each time
        built = await build()
        return built if isinstance(built, web.Response) else web.Response(
            body=built, content_type="application/json", charset="utf-8")
    if not_modified(request.headers.get("If-None-Match"), probe.etag):
        return web.Response(status=304, headers={"ETag": probe.etag})
    got = await fresh.answer(probe.etag, build)
    return got if isinstance(got, web.Response) else _kept_answer(request, probe.etag, got)


async def _form(request: web.Request) -> Any:
    if request.content_type == "application/json":
        try:
            body = await request.json()
        except ValueError:
            return {}
        return body if isinstance(body, dict) else {}
    return await request.post()


def _moved(seat: Seat, form: Any) -> ServiceError | None:
    """The page was built from another version of the game (a phase resolved, the GM
    changed something): what it sends was meant for a position that is gone."""
    sent = str(form.get("version") or "")
    game = seat.loaded.game
    if sent.isdigit() and int(sent) != game.version:
        return Stale("game.stale", expected_phase=game.phase, phase=game.phase,
                     expected_version=int(sent), version=game.version)
    return None


def _failure(error: ServiceError, lang: str, status: int = 400) -> web.Response:
    body: dict[str, Any] = {"ok": False, "code": error.code, "message": error_text(error, lang)}
    if isinstance(error, OrdersRejected):
        body["lines"] = [{"text": x.get("text"), "ok": bool(x.get("ok")),
                          "error": (x.get("error") or {}).get(f"message_{lang}")}
                         for x in error.params.get("lines") or []]
    return web.json_response(body, status=status)


async def post_orders(request: web.Request) -> web.StreamResponse:
    form = await _form(request)
    seat = await _seat(request, write=True, form=form)
    if isinstance(seat, web.Response):
        return seat
    db = request.app[DB_KEY]
    text = str(form.get("text") or "")
    power = str(form.get("power") or "") or None
    moved = _moved(seat, form)
    if moved is not None:
        return _failure(moved, seat.lang, status=409)
    try:
        if text.strip():
            result = await orders_service.submit_orders(
                db, game_id=seat.session.game_id, user_id=seat.session.user_id, text=text,
                power=power)
            message, power = t("web.saved", seat.lang), result.power
        else:  # an empty sheet: the power's orders cleared, as /orders clear
            await orders_service.clear_orders(db, game_id=seat.session.game_id,
                                              user_id=seat.session.user_id, power=power)
            message = t("web.cleared", seat.lang)
    except ServiceError as exc:
        return _failure(exc, seat.lang)
    return web.json_response({"ok": True, "power": power, "saved": bool(text.strip()),
                              "message": message})


async def post_check(request: web.Request) -> web.StreamResponse:
    """A typed order read as ``/orders submit`` would read it, for one of the caller's
    powers acting now (the first that accepts every line): nothing is stored."""
    form = await _form(request)
    seat = await _seat(request, write=True, form=form)
    if isinstance(seat, web.Response):
        return seat
    text = str(form.get("text") or "")
    try:
        orders_service.bound_orders(text)
    except ServiceError as exc:
        return _failure(exc, seat.lang)
    answer = await asyncio.to_thread(board.check_typed, seat.loaded, seat.player, text,
                                     seat.lang)
    if answer is None:
        return web.json_response({"ok": False, "message": t("web.nothing", seat.lang)},
                                 status=400)
    if not answer["ok"]:
        bad = [x for x in answer["lines"] if not x["ok"]]
        error = OrdersRejected(power=answer["power"], phase=seat.loaded.game.phase,
                               lines=bad)
        return _failure(error, seat.lang)
    return web.json_response(answer)


async def post_ready(request: web.Request) -> web.StreamResponse:
    form = await _form(request)
    seat = await _seat(request, write=True, form=form)
    if isinstance(seat, web.Response):
        return seat
    ready = str(form.get("ready", "1")) not in ("0", "false", "")
    moved = _moved(seat, form)
    if moved is not None:
        return _failure(moved, seat.lang, status=409)
    game = seat.loaded.game
    bids = board.bidding(game)
    if bids is not None:
        return await _bids_ready(request, seat, bids, ready)
    try:
        result = await orders_service.set_ready(request.app[DB_KEY],
                                                game_id=seat.session.game_id,
                                                user_id=seat.session.user_id, ready=ready)
    except ServiceError as exc:
        return _failure(exc, seat.lang)
    return web.json_response({
        "ok": True, "ready": result.ready, "resolved": result.turn is not None,
        "message": t("web.ready_on" if ready else "web.ready_off", seat.lang)})


async def _bids_ready(request: web.Request, seat: Seat, bids: SealedBids,
                      ready: bool) -> web.StreamResponse:
    """Ready in a season of sealed bids: the variant's own service (both ready: revealed)."""
    try:
        view = await bids.set_ready(request.app[DB_KEY], game_id=seat.session.game_id,
                                    user_id=seat.session.user_id, ready=ready)
    except ServiceError as exc:
        return _failure(exc, seat.lang)
    return web.json_response({
        "ok": True, "ready": ready, "resolved": getattr(view, "revealed", None) is not None,
        "message": t("web.ready_on" if ready else "web.ready_off", seat.lang)})


async def post_bids(request: web.Request) -> web.StreamResponse:
    form = await _form(request)
    seat = await _seat(request, write=True, form=form)
    if isinstance(seat, web.Response):
        return seat
    # the variant's own service (bot.services.registry), refusing outside its bidding season
    bids = sealed_bids(seat.loaded.game.variant)
    if bids is None:
        return web.json_response({"ok": False, "message": t("web.nothing", seat.lang)},
                                 status=400)
    try:
        await bids.submit(request.app[DB_KEY], game_id=seat.session.game_id,
                          user_id=seat.session.user_id, text=str(form.get("text") or ""))
    except ServiceError as exc:
        return _failure(exc, seat.lang)
    return web.json_response({"ok": True, "message": t("web.bids_saved", seat.lang)})


# --- anyone's view ------------------------------------------------------------------------

async def _public(request: web.Request) -> tuple[dict[str, Any], str] | web.Response:
    game_id = _game_id(request)
    lang = reader_language(request)
    if game_id is None:
        return refused(request, "not_found", lang)
    try:
        loaded = await board.load(request.app[DB_KEY], game_id)
        if not loaded.game.state:
            return refused(request, "off", lang)
        seq = request.query.get("seq")
        data = await board.public_board(request.app[DB_KEY], loaded, lang,
                                        seq=int(seq) if seq and seq.isdigit() else None)
    except NotFound:
        return refused(request, "not_found", lang)
    data["t"] = pages.script_texts(lang)
    return data, lang


async def spectator_page(request: web.Request) -> web.StreamResponse:
    got = await _public(request)
    if isinstance(got, web.Response):
        return got
    data, lang = got
    return web.Response(text=pages.board_page(data, lang=lang, spectator=True),
                        content_type="text/html", charset="utf-8")


async def spectator_state(request: web.Request) -> web.StreamResponse:
    """Anyone's board as JSON: built once per ETag (the game's row, the language, the past
    phase asked for), a 304 to a page sending the current one."""
    game_id = _game_id(request)
    lang = reader_language(request)
    if game_id is None:
        return refused(request, "not_found", lang)
    seq = request.query.get("seq")
    fresh = request.app[FRESH_KEY]
    probe = await fresh.anyone(game_id, lang=lang,
                               seq=int(seq) if seq and seq.isdigit() else None)
    if probe.refused:
        return refused(request, probe.refused, lang)

    async def build() -> bytes | web.Response:
        got = await _public(request)
        return got if isinstance(got, web.Response) else _update_bytes(got[0])

    if probe.etag is None:
        built = await build()
        return built if isinstance(built, web.Response) else web.Response(
            body=built, content_type="application/json", charset="utf-8")
    if not_modified(request.headers.get("If-None-Match"), probe.etag):
        return web.Response(status=304, headers={"ETag": probe.etag})
    kept = await fresh.answer(probe.etag, build)
    return kept if isinstance(kept, web.Response) else _kept_answer(request, probe.etag, kept)


# --- live updates -------------------------------------------------------------------------

class Watch:
    """Live updates by server-sent events: one task per watched game reads its version every
    ``every`` seconds (one small read, however many pages are open) and tells each open
    stream when it moves; nobody watching, no task. The version is public (a number)."""

    def __init__(self, db: Database, every: float = 2.0) -> None:
        self.db, self.every = db, every
        self.streams: dict[int, set[asyncio.Queue[int | None]]] = {}
        self.tasks: dict[int, asyncio.Task[None]] = {}
        self.closing = asyncio.Event()

    def open(self, game_id: int) -> asyncio.Queue[int | None]:
        queue: asyncio.Queue[int | None] = asyncio.Queue()
        self.streams.setdefault(game_id, set()).add(queue)
        if game_id not in self.tasks:
            self.tasks[game_id] = asyncio.create_task(self._watch(game_id),
                                                      name=f"web-watch-{game_id}")
        return queue

    def close(self, game_id: int, queue: asyncio.Queue[int | None]) -> None:
        self.streams.get(game_id, set()).discard(queue)

    async def _watch(self, game_id: int) -> None:
        last: int | None = None
        try:
            while self.streams.get(game_id) and not self.closing.is_set():
                version: int | None
                try:
                    version = await board.version_of(self.db, game_id)
                except NotFound:
                    break
                except Exception:  # a database hiccup: the pages keep their polling
                    log.warning("web watch of game %s: version unread", game_id, exc_info=True)
                    version = last
                if version is not None and version != last:
                    for queue in list(self.streams.get(game_id, ())):
                        queue.put_nowait(version)
                    last = version
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.closing.wait(), self.every)
        finally:
            self.tasks.pop(game_id, None)
            if not self.streams.get(game_id):
                self.streams.pop(game_id, None)

    async def shutdown(self) -> None:
        self.closing.set()
        for queues in self.streams.values():
            for queue in queues:
                queue.put_nowait(None)
        for task in list(self.tasks.values()):
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)


WATCH_KEY: web.AppKey[Watch] = web.AppKey("watch", Watch)
KEEP_ALIVE = 25.0  # a comment line this often keeps proxies from closing an idle stream


async def _stream(request: web.Request, game_id: int) -> web.StreamResponse:
    watch = request.app[WATCH_KEY]
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                           "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    await response.prepare(request)
    queue = watch.open(game_id)
    try:
        while not watch.closing.is_set():
            try:
                version = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
            except TimeoutError:
                await response.write(b": still here\n\n")
                continue
            if version is None:
                break
            await response.write(f"data: {version}\n\n".encode())
    except (ConnectionResetError, ConnectionError):
        pass
    finally:
        watch.close(game_id, queue)
    return response


async def board_events(request: web.Request) -> web.StreamResponse:
    seat = await _seat(request)
    if isinstance(seat, web.Response):
        return seat
    return await _stream(request, seat.session.game_id)


async def spectator_events(request: web.Request) -> web.StreamResponse:
    game_id = _game_id(request)
    try:
        if game_id is None:
            raise NotFound("game.not_found", game_id=game_id)
        await board.version_of(request.app[DB_KEY], game_id)
    except NotFound:
        return refused(request, "not_found")
    return await _stream(request, game_id)


# --- files --------------------------------------------------------------------------------

THROTTLE_KEY: web.AppKey[Throttle] = web.AppKey("throttle", Throttle)
FRESH_KEY: web.AppKey[Fresh] = web.AppKey("fresh", Fresh)


async def static_file(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    if name not in ("board.js", "board.css"):
        raise web.HTTPNotFound()
    return request.app[FILES_KEY].respond(request, STATIC / name)


async def geometry(request: web.Request) -> web.StreamResponse:
    name = request.match_info["map"]
    if not name.isidentifier():
        raise web.HTTPNotFound()
    try:
        folder = map_dir(name)
    except (FileNotFoundError, KeyError, ValueError):
        raise web.HTTPNotFound() from None
    return request.app[FILES_KEY].respond(request, folder / "geometry.json")


async def no_icon(request: web.Request) -> web.StreamResponse:
    return web.Response(status=204, headers={"Cache-Control": "public, max-age=86400"})


async def health(request: web.Request) -> web.StreamResponse:
    return web.Response(text="ok")


def make_app(db: Database, settings: Settings, *, sealer: Sealer | None = None,
             link_max_age: int = LINK_MAX_AGE, watch_every: float = 2.0) -> web.Application:
    """The board's application on ``db`` (the bot's own Database, or one of its own in
    ``python -m bot web``). ``sealer``: the deployment's key (default: the database's)."""
    app = web.Application(middlewares=[security_headers], client_max_size=64 * 1024)
    sealer = sealer or db.sealer
    secure = str(settings.web_url or "").startswith("https://")
    app[DB_KEY] = db
    app[SESSIONS_KEY] = Sessions(sealer, secure=secure)
    app[CONFIG_KEY] = Config(sealer=sealer, link_max_age=link_max_age,
                             default_lang=language_of(settings.default_locale))
    app[FILES_KEY] = Files()
    app[THROTTLE_KEY] = Throttle(burst=12, period=1.0)
    app[WATCH_KEY] = Watch(db, every=watch_every)
    app[FRESH_KEY] = Fresh(db, sealer)

    async def stop_streams(app: web.Application) -> None:
        await app[WATCH_KEY].shutdown()

    async def close_reader(app: web.Application) -> None:
        app[FRESH_KEY].close()

    app.on_shutdown.append(stop_streams)
    app.on_cleanup.append(close_reader)
    app.router.add_get("/board/open", open_link)
    app.router.add_get("/board/{game}/open", open_link)
    app.router.add_get("/board/{game}", board_page)
    app.router.add_get("/board/{game}/state", board_state)
    app.router.add_post("/board/{game}/orders", post_orders)
    app.router.add_post("/board/{game}/ready", post_ready)
    app.router.add_post("/board/{game}/check", post_check)
    app.router.add_post("/board/{game}/bids", post_bids)
    app.router.add_get("/g/{game}", spectator_page)
    app.router.add_get("/g/{game}/state", spectator_state)
    app.router.add_get("/board/{game}/events", board_events)
    app.router.add_get("/g/{game}/events", spectator_events)
    app.router.add_get("/static/{name}", static_file)
    app.router.add_get("/maps/{map}/geometry.json", geometry)
    app.router.add_get("/healthz", health)
    app.router.add_get("/favicon.ico", no_icon)
    from web import activity  # the Activity's routes (it reads this module's keys)

    activity.add_routes(app, settings)
    return app


async def start(db: Database, settings: Settings, *, host: str | None = None,
                port: int | None = None, **kwargs: Any) -> web.AppRunner:
    """Serve the board on ``host``:``port`` (default WEB_HOST/WEB_PORT) in this event loop;
    ``await runner.cleanup()`` stops it."""
    runner = web.AppRunner(make_app(db, settings, **kwargs), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host or settings.web_host,
                       settings.web_port if port is None else port)
    await site.start()
    log.info("web board on http://%s:%s (announced at %s)", host or settings.web_host,
             settings.web_port if port is None else port, settings.web_url)
    return runner


def bound_port(runner: web.AppRunner) -> int:
    """The port a runner listens on (tests start on port 0)."""
    for site in runner.sites:
        server = getattr(site, "_server", None)
        for sock in getattr(server, "sockets", None) or ():
            return int(sock.getsockname()[1])
    raise RuntimeError("not listening")
