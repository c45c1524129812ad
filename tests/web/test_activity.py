"""The board as a Discord Activity, against a fake Discord on loopback: the page Discord
opens, the code exchanged by the server (never trusted from the page), the session opened
for the user Discord names in the game of the channel, and every refusal a page that says
why, in the reader's language, with no session."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from html import escape
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from pydantic import SecretStr

from bot.db import Database, migrate
from bot.i18n import t
from bot.services import games as games_service
from bot.services import players as players_service
from bot.settings import Settings
from tests.web.activity_fakes import CLIENT_ID, CLIENT_SECRET, FakeDiscordApi, fake_discord_api
from web import app as web_app
from web.app import SESSIONS_KEY, bound_port

CHANNEL, FORUM, THREAD, ELSEWHERE = 600, 700, 701, 999
GM, PLAYERS, OUTSIDER = 1001, [2001 + i for i in range(7)], 3001


@dataclass
class Site:
    url: str
    db: Database
    app: aiohttp.web.Application
    discord: FakeDiscordApi
    game_id: int
    forum_game_id: int
    http: aiohttp.ClientSession
    runner: aiohttp.web.AppRunner

    async def get(self, path: str, *, lang: str = "en", **params: str
                  ) -> aiohttp.ClientResponse:
        return await self.http.get(self.url + path, params=params, allow_redirects=False,
                                   headers={"Accept-Language": lang})


async def started(db: Database, **where: Any) -> int:
    view = await games_service.create_game(db, variant="classic", gm_user_id=GM, name="G",
                                           **where)
    for user in PLAYERS:
        await players_service.join_game(db, game_id=view.id, user_id=user)
    await games_service.start_game(db, game_id=view.id, user_id=GM)
    return view.id


def settings(api_url: str, *, activity: bool = True) -> Settings:
    extra: dict[str, Any] = {"discord_client_id": CLIENT_ID,
             "discord_client_secret": SecretStr(CLIENT_SECRET)} if activity else {}
    return Settings(_env_file=None, database_url="sqlite+aiosqlite://",  # type: ignore[call-arg]
                    web_url="https://diplo.example.org", discord_api_url=api_url, **extra)


async def serve(tmp_path: Path, *, activity: bool = True) -> AsyncIterator[Site]:
    db = Database(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    await migrate(db)
    game_id = await started(db, channel_id=CHANNEL)
    forum_game_id = await started(db, channel_id=FORUM, thread_id=THREAD)
    async with fake_discord_api() as discord:
        runner = await web_app.start(db, settings(discord.url, activity=activity),
                                     host="127.0.0.1", port=0)
        try:
            async with aiohttp.ClientSession() as http:
                yield Site(f"http://127.0.0.1:{bound_port(runner)}", db, runner.app,
                           discord, game_id, forum_game_id, http, runner)
        finally:
            await runner.cleanup()
            await db.dispose()


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async for s in serve(tmp_path):
        yield s


@pytest.fixture
async def site_without_activity(tmp_path: Path) -> AsyncIterator[Site]:
    async for s in serve(tmp_path, activity=False):
        yield s


def cookies_of(response: aiohttp.ClientResponse) -> SimpleCookie:
    jar: SimpleCookie = SimpleCookie()
    for header in response.headers.getall("Set-Cookie", []):
        jar.load(header.replace("; Partitioned", ""))  # unknown to Python 3.11
    return jar


async def refusal(response: aiohttp.ClientResponse, status: int, reason: str,
                  lang: str) -> None:
    assert response.status == status
    assert not response.headers.getall("Set-Cookie", [])
    text = await response.text()
    assert f'data-reason="{reason}"' in text
    assert escape(t(f"web.refused.{reason}", lang)) in text


async def test_the_page_discord_opens_signs_in_through_the_client(site: Site) -> None:
    response = await site.get("/", frame_id="f1", instance_id="i1", platform="desktop",
                              channel_id=str(CHANNEL), lang="fr")
    assert response.status == 200
    html = await response.text()
    assert f'data-client-id="{CLIENT_ID}"' in html
    assert '<script src="/activity/activity.js" defer></script>' in html
    assert "<script>" not in html  # no inline script: the policy allows none
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert "frame-ancestors" in response.headers["Content-Security-Policy"]
    assert t("web.activity.signing_in", "fr") in html
    script = await site.get("/activity/activity.js")
    assert script.status == 200 and "AUTHORIZE" in await script.text()
    # without Discord's query, / is no page
    assert (await site.get("/")).status == 404


async def test_a_good_code_opens_the_seat_of_the_user_discord_names(site: Site) -> None:
    user = PLAYERS[2]
    code = site.discord.code_for(user, locale="fr")
    response = await site.get("/activity/open", code=code, channel_id=str(CHANNEL))
    assert response.status == 303
    assert response.headers["Location"] == f"/board/{site.game_id}"
    # the server exchanged the code with the application's secret (the page never sees it)
    assert site.discord.exchanges == [{"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
                                       "grant_type": "authorization_code", "code": code}]
    jar = cookies_of(response)
    cookie = jar[f"board_{site.game_id}"]
    assert cookie["samesite"] == "None" and cookie["secure"] and cookie["httponly"]
    assert "Partitioned" in response.headers["Set-Cookie"]
    session = site.app[SESSIONS_KEY].load({cookie.key: cookie.value}, site.game_id)
    assert session.user_id == user and session.lang == "fr"
    # the session opens the board of that game, as a personal link's does
    board = await site.http.get(f"{site.url}/board/{site.game_id}",
                                headers={"Cookie": f"{cookie.key}={cookie.value}"})
    assert board.status == 200
    # a code is good once: the same code again opens nothing
    again = await site.get("/activity/open", code=code, channel_id=str(CHANNEL))
    await refusal(again, 403, "activity_code", "en")


async def test_a_forum_posts_game_is_found_by_its_thread(site: Site) -> None:
    code = site.discord.code_for(PLAYERS[0])
    response = await site.get("/activity/open", code=code, channel_id=str(THREAD))
    assert response.headers["Location"] == f"/board/{site.forum_game_id}"


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_bad_code_is_refused_with_a_page_that_says_why(site: Site, lang: str) -> None:
    response = await site.get("/activity/open", lang=lang, code="forged",
                              channel_id=str(CHANNEL))
    await refusal(response, 403, "activity_code", lang)
    assert escape("Discord n'a pas confirmé qui vous êtes" if lang == "fr"
                  else "Discord did not confirm who you are") in await response.text()
    await refusal(await site.get("/activity/open", lang=lang, channel_id=str(CHANNEL)),
                  400, "activity_code", lang)


async def test_someone_without_a_seat_gets_the_public_page(site: Site) -> None:
    code = site.discord.code_for(OUTSIDER, locale="fr")
    response = await site.get("/activity/open", code=code, channel_id=str(CHANNEL))
    assert response.status == 303 and not response.headers.getall("Set-Cookie", [])
    assert response.headers["Location"] == f"/g/{site.game_id}?lang=fr"


async def test_a_channel_without_a_game(site: Site) -> None:
    code = site.discord.code_for(PLAYERS[0], locale="fr")
    response = await site.get("/activity/open", code=code, channel_id=str(ELSEWHERE))
    await refusal(response, 404, "activity_no_game", "fr")


async def test_discord_unreachable(site: Site) -> None:
    site.discord.down = True
    code = site.discord.code_for(PLAYERS[0])
    response = await site.get("/activity/open", code=code, channel_id=str(CHANNEL))
    await refusal(response, 502, "activity_unreachable", "en")


async def test_without_the_oauth_client_there_is_no_activity(
        site_without_activity: Site) -> None:
    site = site_without_activity
    for path, params in (("/", {"frame_id": "f"}),
                         ("/activity/open", {"code": "x", "channel_id": str(CHANNEL)})):
        response = await site.get(path, lang="fr", **params)
        await refusal(response, 404, "activity_off", "fr")
    assert site.discord.exchanges == []
