"""The web board as a Discord Activity: the same board, inside Discord.

Discord opens an Activity at the root of its URL mapping (docs/DEPLOY.md), with where it was
launched in the query: ``/?frame_id=…&instance_id=…&platform=…&channel_id=…``. That page's
script (``static/activity.js``) speaks the Embedded App SDK's postMessage protocol with the
Discord client (HANDSHAKE, the READY event, AUTHORIZE with the ``identify`` scope) and gets a
one-time code, which it brings to ``/activity/open``. There the server exchanges the code at
Discord's ``/oauth2/token`` with the application's secret and reads ``/users/@me``: the user
is whom Discord names, never what the page says. A seated player gets the session a personal
link opens; anyone else is sent to the public page.

The session cookie of an Activity is ``SameSite=None; Secure; Partitioned``: Discord shows
the Activity in a frame of another site, where a Strict cookie is never sent; Partitioned
keeps it to Discord's frames. Every write still carries the session's CSRF token."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from html import escape
from typing import Any

import aiohttp
from aiohttp import web

from bot.i18n import language_of, t
from bot.services import games as games_service
from bot.services.errors import NotFound
from bot.settings import Settings
from web import board, pages
from web.sessions import cookie_name
from web.shared import DB_KEY, FILES_KEY, SESSIONS_KEY, STATIC, reader_language

log = logging.getLogger(__name__)
DISCORD_SECONDS = 10.0


@dataclass(frozen=True)
class Activity:
    client_id: str
    client_secret: str
    api_url: str


ACTIVITY_KEY: web.AppKey[Activity | None] = web.AppKey("activity", object)  # type: ignore[arg-type]
HTTP_KEY: web.AppKey[aiohttp.ClientSession] = web.AppKey("discord_http", aiohttp.ClientSession)


def activity_of(settings: Settings) -> Activity | None:
    """The Activity's OAuth2 client, or None where it is not configured."""
    secret = settings.discord_client_secret
    if not (settings.discord_client_id and secret and secret.get_secret_value()):
        return None
    return Activity(settings.discord_client_id, secret.get_secret_value(),
                    settings.discord_api_url.rstrip("/"))


def _page(status: int, reason: str, lang: str) -> web.Response:
    return web.Response(text=pages.refused_page(reason, lang), status=status,
                        content_type="text/html", charset="utf-8")


def _see_other(location: str) -> web.Response:
    return web.Response(status=303, headers={"Location": location})


async def activity_page(request: web.Request) -> web.StreamResponse:
    """Discord's entry: the page that signs in through the Discord client."""
    activity = request.app[ACTIVITY_KEY]
    lang = reader_language(request)
    if "frame_id" not in request.query:
        return _page(404, "not_found", lang)
    if activity is None:
        return _page(404, "activity_off", lang)
    title = t("web.activity.title", lang)
    html = (f'<!doctype html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><link rel="stylesheet" href="/static/board.css">'
            '</head><body class="refused"><main id="activity" class="refusal" '
            f'data-client-id="{escape(activity.client_id)}" '
            f'data-declined="{escape(t("web.activity.declined", lang))}">'
            f'<h1>{escape(title)}</h1><p id="activity-status" role="status">'
            f'{escape(t("web.activity.signing_in", lang))}</p></main>'
            '<script src="/activity/activity.js" defer></script></body></html>')
    return web.Response(text=html, content_type="text/html", charset="utf-8")


async def activity_script(request: web.Request) -> web.StreamResponse:
    return request.app[FILES_KEY].respond(request, STATIC / "activity.js")


class DiscordRefused(Exception):
    """Discord did not accept the code (``reason`` for the page) or could not be reached."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason, detail)
        self.reason, self.detail = reason, detail


async def discord_user(http: aiohttp.ClientSession, activity: Activity,
                       code: str) -> dict[str, Any]:
    """The user the code was given to: the code exchanged for a token at ``/oauth2/token``,
    then ``/users/@me`` with it."""
    form = {"client_id": activity.client_id, "client_secret": activity.client_secret,
            "grant_type": "authorization_code", "code": code}
    try:
        async with http.post(f"{activity.api_url}/oauth2/token", data=form) as answer:
            token = await answer.json(content_type=None)
            if answer.status >= 500:
                raise DiscordRefused("activity_unreachable", str(answer.status))
            if answer.status != 200 or not isinstance(token, dict) \
                    or not token.get("access_token"):
                detail = token.get("error") if isinstance(token, dict) else answer.status
                raise DiscordRefused("activity_code", str(detail))
        headers = {"Authorization": f"Bearer {token['access_token']}"}
        async with http.get(f"{activity.api_url}/users/@me", headers=headers) as answer:
            user = await answer.json(content_type=None)
            if answer.status != 200 or not isinstance(user, dict) or "id" not in user:
                raise DiscordRefused("activity_code", str(answer.status))
    except (aiohttp.ClientError, TimeoutError, ValueError) as exc:
        raise DiscordRefused("activity_unreachable", type(exc).__name__) from exc
    return user


async def open_activity(request: web.Request) -> web.StreamResponse:
    """The code from the Discord client → the user → their session in the channel's game."""
    activity = request.app[ACTIVITY_KEY]
    lang = reader_language(request)
    if activity is None:
        return _page(404, "activity_off", lang)
    code = request.query.get("code", "")
    channel = request.query.get("channel_id", "")
    if not code or not channel.isdigit():
        return _page(400, "activity_code", lang)
    try:
        user = await discord_user(request.app[HTTP_KEY], activity, code)
        user_id = int(user["id"])
    except DiscordRefused as exc:
        # the code never reaches the logs; Discord's error word does
        log.info("activity sign-in refused: %s %s", exc.reason, exc.detail)
        return _page(502 if exc.reason == "activity_unreachable" else 403, exc.reason, lang)
    except (TypeError, ValueError):
        return _page(403, "activity_code", lang)
    if user.get("locale"):
        lang = language_of(str(user["locale"]))
    db = request.app[DB_KEY]
    try:
        game = await games_service.game_launched_in(db, channel_id=int(channel))
        loaded = await board.load(db, game.id)
    except NotFound:
        return _page(404, "activity_no_game", lang)
    seat = board.seat_of_user(loaded, user_id)
    if seat is None or seat.id is None:
        return _see_other(f"/g/{game.id}?lang={lang}")
    sessions = request.app[SESSIONS_KEY]
    session = sessions.new(game_id=game.id, user_id=user_id, player_id=seat.id, lang=lang)
    response = _see_other(f"/board/{game.id}")
    # written out: Python 3.11's cookie module does not know Partitioned
    options = sessions.cookie_options()
    response.headers.add("Set-Cookie", (
        f"{cookie_name(game.id)}={sessions.dump(session)}; Path={options['path']}; "
        f"Max-Age={int(options['max_age'])}; HttpOnly; Secure; SameSite=None; Partitioned"))
    return response


def add_routes(app: web.Application, settings: Settings) -> None:
    """The Activity's routes on the board's application (``web.app.make_app``)."""
    app[ACTIVITY_KEY] = activity_of(settings)

    async def discord_http(app: web.Application) -> AsyncIterator[None]:
        timeout = aiohttp.ClientTimeout(total=DISCORD_SECONDS)
        async with aiohttp.ClientSession(timeout=timeout) as http:
            app[HTTP_KEY] = http
            yield

    app.cleanup_ctx.append(discord_http)
    app.router.add_get("/", activity_page)
    app.router.add_get("/activity/activity.js", activity_script)
    app.router.add_get("/activity/open", open_activity)

