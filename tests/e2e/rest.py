"""A fake Discord REST server on 127.0.0.1 (aiohttp) answering with ``FakeDiscord``'s
payloads and semantics (nonces), for what the in-process fake cannot show: discord.py's own
HTTP client facing a 429 (it sleeps ``retry_after`` and tries again, five times), and a
poster in another process killed with SIGKILL (``tests/e2e/poster_child.py``).

discord.py is pointed at it by ``Route.BASE``; nothing else listens or is reached."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from aiohttp import web
from discord.http import Route

from tests.e2e.harness import FakeDiscord

_MESSAGES = re.compile(r"/channels/(\d+)/messages")


class _File:
    """What ``FakeDiscord.handle`` reads of an attached file."""

    def __init__(self, filename: str, data: bytes) -> None:
        self.filename, self._data = filename, data
        self.fp = self

    def read(self) -> bytes:
        return self._data

    def reset(self, *, seek: int = 0) -> None:
        pass


class RestServer:
    def __init__(self, fake: FakeDiscord | None = None) -> None:
        self.fake = fake or FakeDiscord()
        self.answered_429 = 0
        # called once a message is created, before Discord's answer leaves (a test kills
        # the sender there: the message exists, the sender never learns it)
        self.on_message: Callable[[], None] | None = None
        self._runner: web.AppRunner | None = None
        self.base = ""

    async def start(self) -> str:
        app = web.Application()
        app.router.add_route("*", "/api/v10/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{port}/api/v10"
        return self.base

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _handle(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body: Any = None
        files: list[_File] = []
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(data)
                else:
                    files.append(_File(part.filename or "file", bytes(data)))  # type: ignore[union-attr]
        elif request.can_read_body:
            body = await request.json()
        match = _MESSAGES.fullmatch(path)
        if match and request.method == "POST" and self.fake.too_many > 0:
            self.fake.too_many -= 1
            self.answered_429 += 1
            return _json({"message": "You are being rate limited.", "global": False,
                          "retry_after": self.fake.retry_after}, status=429,
                         headers={"Retry-After": str(self.fake.retry_after),
                                  "X-RateLimit-Scope": "user",
                                  # without Via, discord.py takes a 429 for a Cloudflare ban
                                  "Via": "1.1 google"})
        route = Route(request.method, "/channels/{channel_id}/messages",
                      channel_id=int(match.group(1))) if match else Route(request.method, path)
        answer = self.fake.handle(route, files=files, form=None, json_body=body,
                                  params=dict(request.query), via_webhook=False)
        if match and request.method == "POST" and self.on_message is not None:
            self.on_message()
        return _json(answer)


def _json(value: Any, *, status: int = 200, headers: dict[str, str] | None = None
          ) -> web.Response:
    """discord.py reads a body as JSON only under exactly ``application/json``."""
    return web.Response(body=json.dumps(value).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})
