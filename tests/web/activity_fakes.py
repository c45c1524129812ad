"""Discord's side of the Activity's sign-in, faked on loopback: an aiohttp server answering
``POST /oauth2/token`` (a code it gave out, once, for the application's own client) and
``GET /users/@me`` (the user of a token it issued). Shared by the Activity's tests and the
benchmark."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

CLIENT_ID = "123456789012345678"
CLIENT_SECRET = "activity-secret"


@dataclass
class FakeDiscordApi:
    url: str = ""
    codes: dict[str, dict[str, Any]] = field(default_factory=dict)  # code -> user
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)
    exchanges: list[dict[str, str]] = field(default_factory=list)
    down: bool = False

    def code_for(self, user_id: int, locale: str = "en-US") -> str:
        code = secrets.token_urlsafe(12)
        self.codes[code] = {"id": str(user_id), "username": f"user{user_id}",
                            "global_name": None, "avatar": None, "locale": locale}
        return code

    async def token(self, request: web.Request) -> web.Response:
        if self.down:
            return web.json_response({"message": "unavailable"}, status=503)
        form = dict(await request.post())
        self.exchanges.append({k: str(v) for k, v in form.items()})
        if form.get("client_id") != CLIENT_ID or form.get("client_secret") != CLIENT_SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        user = self.codes.pop(str(form.get("code")), None)  # a code is good once
        if form.get("grant_type") != "authorization_code" or user is None:
            return web.json_response({"error": "invalid_grant"}, status=400)
        token = secrets.token_urlsafe(16)
        self.tokens[token] = user
        return web.json_response({"access_token": token, "token_type": "Bearer",
                                  "expires_in": 604800, "scope": "identify"})

    async def me(self, request: web.Request) -> web.Response:
        auth = request.headers.get("Authorization", "")
        user = self.tokens.get(auth.removeprefix("Bearer "))
        if not auth.startswith("Bearer ") or user is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response(user)


@asynccontextmanager
async def fake_discord_api() -> AsyncIterator[FakeDiscordApi]:
    fake = FakeDiscordApi()
    app = web.Application()
    app.router.add_post("/api/v10/oauth2/token", fake.token)
    app.router.add_get("/api/v10/users/@me", fake.me)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    fake.url = f"http://127.0.0.1:{port}/api/v10"
    try:
        yield fake
    finally:
        await runner.cleanup()
