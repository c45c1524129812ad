"""What the board's handlers share, so that route modules (the Activity's) need not import
the application module that wires them: its keys, the static folder and files, the reader's
language."""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.db import Database
from bot.i18n import LANGUAGES, language_of
from bot.sealing import Sealer
from web.sessions import Session, Sessions

STATIC = Path(__file__).resolve().parent / "static"

DB_KEY: web.AppKey[Database] = web.AppKey("db", Database)
SESSIONS_KEY: web.AppKey[Sessions] = web.AppKey("sessions", Sessions)
CONFIG_KEY: web.AppKey[Any] = web.AppKey("config", object)


@dataclass(frozen=True)
class Config:
    sealer: Sealer
    link_max_age: int
    default_lang: str


def reader_language(request: web.Request, session: Session | None = None) -> str:
    """``?lang=``, else the session's, else the browser's first known language."""
    asked = request.query.get("lang")
    if asked in LANGUAGES:
        return asked
    if session is not None and session.lang in LANGUAGES:
        return session.lang
    for part in request.headers.get("Accept-Language", "").split(","):
        tag = part.split(";")[0].strip()
        if tag and language_of(tag) == tag.split("-")[0].lower():
            return language_of(tag)
    return str(request.app[CONFIG_KEY].default_lang)


class Files:
    """Static files read and gzip-compressed once; served with an ETag, cached by the
    browser (``Cache-Control``), compressed when the browser accepts it."""

    TYPES = {".js": "text/javascript", ".css": "text/css", ".json": "application/json"}

    def __init__(self) -> None:
        self._cache: dict[Path, tuple[bytes, bytes, str]] = {}

    def get(self, path: Path) -> tuple[bytes, bytes, str]:
        if path not in self._cache:
            raw = path.read_bytes()
            self._cache[path] = (raw, gzip.compress(raw, 9, mtime=0),
                                 hashlib.sha256(raw).hexdigest()[:20])
        return self._cache[path]

    def respond(self, request: web.Request, path: Path) -> web.StreamResponse:
        if not path.is_file():
            raise web.HTTPNotFound()
        raw, packed, tag = self.get(path)
        etag = f'"{tag}"'
        headers = {"ETag": etag, "Cache-Control": "public, max-age=3600",
                   "Vary": "Accept-Encoding"}
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers=headers)
        content_type = self.TYPES.get(path.suffix, "application/octet-stream")
        if "gzip" in request.headers.get("Accept-Encoding", ""):
            headers["Content-Encoding"] = "gzip"
            return web.Response(body=packed, headers=headers, content_type=content_type)
        return web.Response(body=raw, headers=headers, content_type=content_type)


FILES_KEY: web.AppKey[Files] = web.AppKey("files", Files)
