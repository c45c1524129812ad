"""Drive the real discord.py client with raw gateway payloads and a fake Discord REST API.

The bot under test is the real ``DiplomacyBot`` (an ``AutoShardedBot``);
what Discord would send arrives as raw payloads through ``client._connection.parse_*``;
everything the bot sends goes through ``discord.http.HTTPClient.request`` (bot REST) or
``discord.webhook.async_.AsyncWebhookAdapter.request`` (interaction responses and follow-ups),
both replaced by :class:`FakeDiscord`, which records the call and answers like Discord. No
socket may open: ``socket.socket.connect`` is patched to raise.

Used by tests/cogs, tests/e2e, ``tools/demo.py`` and ``tools/bench_bot.py``.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import re
import secrets
import socket
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

EPHEMERAL = 1 << 6
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
APPLICATION_ID = 900000000000000001
BOT_USER_ID = 900000000000000001
# shaped like a bot token (the bot's id in base64, a timestamp, a signature): the checks
# before logging in refuse anything else
FAKE_TOKEN = "OTAwMDAwMDAwMDAwMDAwMDAx.GaBcDe.fake-signature-of-the-test-bot0"
# tasks discord.py starts per incoming interaction; the harness waits for them
_HANDLER_TASK_PREFIXES = ("CommandTree-invoker", "discord-ui-view-dispatch",
                          "discord-ui-dynamic-item", "discord-ui-modal-dispatch", "bot-action")
ALL_PERMISSIONS = str((1 << 50) - 1)
MEMBER_PERMISSIONS = str(discord.Permissions(send_messages=True, view_channel=True,
                                             read_message_history=True,
                                             use_application_commands=True).value)


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()


_INHERITED = object()  # the patched attribute came from a base class (socket.socket.connect)


class NetworkBlocked(OSError):
    pass


def _blocked_connect(self: socket.socket, *args: Any, **kwargs: Any) -> None:
    raise NetworkBlocked("tests never open a socket")


@dataclass
class Call:
    """One REST call the bot made."""

    method: str
    path: str  # route template, e.g. "/channels/{channel_id}/messages"
    url: str
    json: dict[str, Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    params: dict[str, Any] | None = None
    via_webhook: bool = False
    answer: Any = None
    # a message POST whose nonce Discord already had: it answered the existing message
    repeated: bool = False
    at: float = field(default_factory=time.perf_counter)  # when the bot made it

    @property
    def body(self) -> dict[str, Any]:
        """The message part of the call (interaction callbacks nest it under "data")."""
        data = self.json or {}
        if self.is_interaction_response:
            inner = data.get("data")
            return inner if isinstance(inner, dict) else {}
        return data

    @property
    def is_interaction_response(self) -> bool:
        return self.path.endswith("/callback")

    @property
    def response_type(self) -> int | None:
        return (self.json or {}).get("type") if self.is_interaction_response else None

    @property
    def content(self) -> str:
        return str(self.body.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.body.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.body.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.body.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def channel_id(self) -> int | None:
        m = re.match(r".*/channels/(\d+)/", self.url)
        return int(m.group(1)) if m else None

    def text(self) -> str:
        """Content plus every embed's visible text: what a reader sees."""
        parts = [self.content]
        for e in self.embeds:
            parts += [str(e.get("title") or ""), str(e.get("description") or "")]
            for f in e.get("fields") or []:
                parts += [str(f.get("name") or ""), str(f.get("value") or "")]
            footer = e.get("footer") or {}
            parts.append(str(footer.get("text") or ""))
        return "\n".join(p for p in parts if p)

    def custom_ids(self) -> list[str]:
        out: list[str] = []

        def walk(items: Iterable[dict[str, Any]]) -> None:
            for c in items:
                if "custom_id" in c:
                    out.append(str(c["custom_id"]))
                walk(c.get("components") or [])
        walk(self.components)
        return out

    def pngs(self) -> list[bytes]:
        return [data for name, data in self.files if name.endswith(".png")]


# how long Discord keeps a message's nonce for ``enforce_nonce`` ("a few minutes")
NONCE_SECONDS = 300.0


class FakeDiscord:
    """The REST side of Discord: records every call and answers with plausible payloads.

    A message sent with a ``nonce`` and ``enforce_nonce`` (discord.py sends both) that the
    same author sent within ``NONCE_SECONDS`` is answered with the existing message and
    creates none (Discord's semantics). ``rate_limit(n)``: the next ``n`` message POSTs are
    answered 429 with ``retry_after`` — by the REST server of ``tests/e2e/rest.py``, where
    discord.py's own HTTP client sees the status."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.nonces: dict[tuple[str, str], tuple[int, float]] = {}  # (author, nonce) -> id
        self.too_many = 0
        self.retry_after = 0.05
        self._ids = itertools.count(1_100_000_000_000_000_000)
        self.messages: dict[int, dict[str, Any]] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.dm_users: dict[int, int] = {}  # DM channel id -> user id
        self.users: dict[int, dict[str, Any]] = {}
        self.cdn: dict[str, bytes] = {}
        self.commands_synced: list[dict[str, Any]] = []
        self._saved: list[tuple[Any, str, Any]] = []
        self.interaction_channels: dict[int, int] = {}  # interaction id -> channel id
        self.bot_user = {"id": str(BOT_USER_ID), "username": "referee", "discriminator": "0",
                         "global_name": "Referee", "avatar": None, "bot": True}

    # --- installation -----------------------------------------------------------------------
    def install(self) -> FakeDiscord:
        fake = self

        async def http_request(client: HTTPClient, route: Route, *, files: Any = None,
                               form: Any = None, **kwargs: Any) -> Any:
            return fake.handle(route, files=files, form=form, json_body=kwargs.get("json"),
                               params=kwargs.get("params"), via_webhook=False)

        async def webhook_request(adapter: AsyncWebhookAdapter, route: Route, session: Any,
                                  *, payload: Any = None, multipart: Any = None,
                                  files: Any = None, params: Any = None, **kwargs: Any) -> Any:
            return fake.handle(route, files=files, form=multipart, json_body=payload,
                               params=params, via_webhook=True)

        async def get_from_cdn(client: HTTPClient, url: str) -> bytes:
            if url not in fake.cdn:
                raise discord.NotFound(_FakeResponse(404), "unknown attachment")
            return fake.cdn[url]

        for owner, name, value in ((HTTPClient, "request", http_request),
                                   (AsyncWebhookAdapter, "request", webhook_request),
                                   (HTTPClient, "get_from_cdn", get_from_cdn),
                                   (socket.socket, "connect", _blocked_connect),
                                   (socket.socket, "connect_ex", _blocked_connect)):
            self._saved.append((owner, name, owner.__dict__.get(name, _INHERITED)))
            setattr(owner, name, value)
        return self

    def uninstall(self) -> None:
        while self._saved:
            owner, name, value = self._saved.pop()
            if value is _INHERITED:
                delattr(owner, name)
            else:
                setattr(owner, name, value)

    # --- ids and payloads -------------------------------------------------------------------
    def snowflake(self) -> int:
        return next(self._ids)

    def user(self, user_id: int, name: str | None = None) -> dict[str, Any]:
        if user_id not in self.users:
            self.users[user_id] = {"id": str(user_id), "username": name or f"user{user_id}",
                                   "discriminator": "0", "global_name": name,
                                   "avatar": None}
        return self.users[user_id]

    def message_payload(self, channel_id: int, body: dict[str, Any],
                        files: list[tuple[str, bytes]], *, author: dict[str, Any] | None = None,
                        message_id: int | None = None, guild_id: int | None = None
                        ) -> dict[str, Any]:
        mid = message_id or self.snowflake()
        attachments = []
        for i, (name, data) in enumerate(files):
            url = f"https://cdn.discordapp.com/attachments/{channel_id}/{mid}/{name}"
            self.cdn[url] = data
            attachments.append({"id": str(mid + i + 1), "filename": name, "size": len(data),
                                "url": url, "proxy_url": url,
                                "content_type": "image/png" if name.endswith(".png")
                                else "application/octet-stream"})
        msg = {"id": str(mid), "channel_id": str(channel_id),
               "author": author or self.bot_user, "content": body.get("content") or "",
               "timestamp": _now_iso(), "edited_timestamp": None, "tts": False,
               "mention_everyone": False, "mentions": [], "mention_roles": [],
               "attachments": attachments, "embeds": body.get("embeds") or [],
               "components": body.get("components") or [], "pinned": False, "type": 0,
               "flags": int(body.get("flags") or 0)}
        if guild_id is not None:
            msg["guild_id"] = str(guild_id)
        self.messages[mid] = msg
        return msg

    # --- the REST answers -------------------------------------------------------------------
    def handle(self, route: Route, *, files: Any, form: Any, json_body: Any, params: Any,
               via_webhook: bool) -> Any:
        body = json_body
        attached: list[tuple[str, bytes]] = []
        for part in form or []:
            if part.get("name") == "payload_json":
                body = json.loads(part["value"])
        for f in files or []:
            f.reset(seek=0)
            attached.append((f.filename or "file", f.fp.read()))
            f.reset(seek=0)
        call = Call(method=route.method, path=route.path, url=route.url,
                    json=body if isinstance(body, dict) else
                    ({"items": body} if body is not None else None),
                    files=attached, params=params, via_webhook=via_webhook)
        call.answer = self._answer(route, call)
        self.calls.append(call)
        return call.answer

    def _answer(self, route: Route, call: Call) -> Any:
        path, method, body = route.path, route.method, call.json or {}
        url = route.url
        if path == "/users/@me" and method == "GET":
            return self.bot_user
        if path == "/oauth2/applications/@me":
            return {"id": str(APPLICATION_ID), "name": "referee", "icon": None,
                    "description": "", "rpc_origins": [], "bot_public": True,
                    "bot_require_code_grant": False, "verify_key": "0" * 64,
                    "owner": self.user(1, "owner"), "flags": 0, "team": None,
                    "summary": ""}
        if path == "/users/@me/channels" and method == "POST":
            user_id = int(body["recipient_id"])
            cid = self.dm_channels.get(user_id)
            if cid is None:
                cid = self.snowflake()
                self.dm_channels[user_id] = cid
                self.dm_users[cid] = user_id
            return {"id": str(cid), "type": 1, "recipients": [self.user(user_id)],
                    "last_message_id": None}
        if path.endswith("/callback"):
            return self._interaction_callback(route, call)
        if path.startswith("/webhooks/"):
            if method == "DELETE":
                return None
            m = re.search(r"/messages/(\d+|@original)", url)
            existing = None
            if m and m.group(1) != "@original":
                existing = self.messages.get(int(m.group(1)))
            channel_id = int(existing["channel_id"]) if existing else 0
            mid = int(existing["id"]) if existing else None
            return self.message_payload(channel_id, body, call.files, message_id=mid)
        if path == "/channels/{channel_id}/messages" and method == "POST":
            cid = int(route.channel_id or 0)
            key = (str(self.bot_user["id"]), str(body.get("nonce")))
            if body.get("nonce") is not None and body.get("enforce_nonce"):
                seen = self.nonces.get(key)
                if seen is not None and time.monotonic() - seen[1] < NONCE_SECONDS \
                        and seen[0] in self.messages:
                    call.repeated = True
                    return self.messages[seen[0]]
            message = self.message_payload(cid, body, call.files)
            if body.get("nonce") is not None:
                message["nonce"] = str(body["nonce"])
                self.nonces[key] = (int(message["id"]), time.monotonic())
            return message
        if path == "/channels/{channel_id}/messages/{message_id}" and method == "PATCH":
            mid = int(url.rsplit("/", 1)[1])
            old = self.messages.get(mid, {})
            return self.message_payload(int(route.channel_id or 0), {**old, **body},
                                        call.files, message_id=mid)
        if path == "/channels/{channel_id}/threads" and method == "POST":
            parent = int(route.channel_id or 0)
            tid = self.snowflake()
            guild_id = self.channels.get(parent, {}).get("guild_id")
            thread = {"id": str(tid), "type": 11, "parent_id": str(parent),
                      "guild_id": guild_id, "name": body.get("name", "game"),
                      "owner_id": str(BOT_USER_ID), "message_count": 1, "member_count": 1,
                      "rate_limit_per_user": 0,
                      "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                          "archive_timestamp": _now_iso(), "locked": False}}
            self.channels[tid] = thread
            msg = body.get("message") or {}
            thread["message"] = self.message_payload(tid, msg, call.files, message_id=tid)
            return thread
        if path.startswith("/applications/") and method == "PUT":
            items = body.get("items", [])
            self.commands_synced = items
            return [{**c, "id": str(self.snowflake()), "application_id": str(APPLICATION_ID),
                     "version": "1", "default_member_permissions": None}
                    for c in items]
        if method == "GET" and path == "/channels/{channel_id}":
            return self.channels.get(int(route.channel_id or 0), {})
        return None

    def _interaction_callback(self, route: Route, call: Call) -> Any:
        payload = call.json or {}
        kind = int(payload.get("type", 0))
        interaction_id = int(route.webhook_id or 0)
        data = payload.get("data") or {}
        answer: dict[str, Any] = {"interaction": {"id": str(interaction_id), "type": 2,
                                                  "response_message_loading": kind == 5,
                                                  "response_message_ephemeral":
                                                      bool(int(data.get("flags") or 0)
                                                           & EPHEMERAL)}}
        if kind in (4, 5, 7):
            channel_id = self.interaction_channels.get(interaction_id, 0)
            msg = self.message_payload(channel_id, data, call.files)
            answer["interaction"]["response_message_id"] = msg["id"]
            answer["resource"] = {"type": kind, "message": msg}
        else:
            answer["resource"] = {"type": kind}
        return answer

    # --- queries for tests ------------------------------------------------------------------
    def since(self, mark: int) -> list[Call]:
        return self.calls[mark:]

    def rate_limit(self, times: int, retry_after: float = 0.05) -> None:
        """Answer the next ``times`` message POSTs 429 (served by ``tests/e2e/rest.py``)."""
        self.too_many, self.retry_after = times, retry_after

    def posts_to(self, channel_id: int, since: int = 0) -> list[Call]:
        """The messages created in ``channel_id`` (a repeated nonce creates none)."""
        return [c for c in self.calls[since:] if c.method == "POST" and not c.repeated
                and c.path == "/channels/{channel_id}/messages" and c.channel_id == channel_id]

    def dms_to(self, user_id: int, since: int = 0) -> list[Call]:
        cid = self.dm_channels.get(user_id)
        return [] if cid is None else self.posts_to(cid, since)


class _FakeResponse:
    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "fake"


def answer(calls: list[Call]) -> Call:
    """What the reader sees of an interaction's answer: the reply itself, or the follow-up
    of a deferral (whose "thinking…" shows nothing)."""
    shown = [c for c in calls if (c.is_interaction_response or c.via_webhook)
             and c.method == "POST" and (c.text() or c.pngs())]
    assert shown, [(c.method, c.path) for c in calls]
    return shown[0]


# --- the interaction side: raw gateway payloads ------------------------------------------------

@dataclass
class Member:
    id: int
    name: str
    locale: str = "en-US"
    permissions: str = MEMBER_PERMISSIONS


class Harness:
    """A running bot with a fake Discord around it.

    >>> h = Harness(bot, fake); await h.start(); h.add_guild(...)
    >>> reply = await h.slash(alice, "orders submit", text="A par - bur")
    """

    def __init__(self, bot: Any, fake: FakeDiscord, *, guild_id: int = 500,
                 guild_locale: str = "en-US") -> None:
        self.bot = bot
        self.fake = fake
        self.guild_id = guild_id
        self.guild_locale = guild_locale
        self._interaction_ids = itertools.count(700_000_000_000_000_000)

    async def start(self, token: str = "fake-token") -> None:
        """``login`` (GET /users/@me, application info) then ``setup_hook``; no gateway."""
        await self.bot.login(token)

    async def close(self) -> None:
        await self.bot.close()

    # --- gateway events ---------------------------------------------------------------------
    def add_guild(self, *, channels: list[dict[str, Any]] | None = None,
                  name: str = "Diplomacy FR") -> None:
        channels = channels or []
        for ch in channels:
            ch.setdefault("guild_id", str(self.guild_id))
            self.fake.channels[int(ch["id"])] = ch
        data = {"id": str(self.guild_id), "name": name, "icon": None, "owner_id": "1",
                "preferred_locale": self.guild_locale, "roles": [
                    {"id": str(self.guild_id), "name": "@everyone", "permissions":
                     MEMBER_PERMISSIONS, "position": 0, "color": 0, "hoist": False,
                     "managed": False, "mentionable": False, "flags": 0}],
                "emojis": [], "stickers": [], "features": [], "member_count": 1,
                "members": [], "channels": channels, "threads": [], "large": False,
                "unavailable": False, "verification_level": 0,
                "default_message_notifications": 0, "explicit_content_filter": 0,
                "mfa_level": 0, "system_channel_flags": 0, "premium_tier": 0,
                "nsfw_level": 0, "joined_at": _now_iso()}
        self.bot._connection.parse_guild_create(data)

    @staticmethod
    def text_channel(channel_id: int, name: str = "diplomacy") -> dict[str, Any]:
        return {"id": str(channel_id), "type": 0, "name": name, "position": 0,
                "permission_overwrites": [], "nsfw": False, "parent_id": None,
                "rate_limit_per_user": 0, "topic": None, "last_message_id": None}

    @staticmethod
    def forum_channel(channel_id: int, name: str = "games") -> dict[str, Any]:
        return {"id": str(channel_id), "type": 15, "name": name, "position": 1,
                "permission_overwrites": [], "nsfw": False, "parent_id": None,
                "rate_limit_per_user": 0, "topic": None, "last_message_id": None,
                "available_tags": [], "default_reaction_emoji": None,
                "default_thread_rate_limit_per_user": 0, "flags": 0,
                "default_sort_order": None, "default_forum_layout": 0}

    def _member(self, who: Member) -> dict[str, Any]:
        return {"user": self.fake.user(who.id, who.name), "roles": [], "joined_at": _now_iso(),
                "deaf": False, "mute": False, "flags": 0, "permissions": who.permissions,
                "nick": None, "avatar": None, "pending": False}

    def _base(self, who: Member, kind: int, data: dict[str, Any], channel_id: int | None,
              *, dm: bool = False, message: dict[str, Any] | None = None) -> dict[str, Any]:
        iid = next(self._interaction_ids)
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(APPLICATION_ID), "type": kind,
            "token": f"token-{iid}", "version": 1, "locale": who.locale,
            "entitlements": [], "authorizing_integration_owners": {"0": str(self.guild_id)},
            "attachment_size_limit": 10 * 1024 * 1024, "app_permissions": ALL_PERMISSIONS,
            "data": data}
        if dm:
            cid = channel_id or self.fake.dm_channels.get(who.id) or self.fake.snowflake()
            self.fake.dm_channels.setdefault(who.id, cid)
            self.fake.dm_users.setdefault(cid, who.id)
            payload.update(user=self.fake.user(who.id, who.name), context=1,
                           channel_id=str(cid), channel={"id": str(cid), "type": 1})
        else:
            assert channel_id is not None
            channel = self.fake.channels.get(channel_id) or self.text_channel(channel_id)
            payload.update(guild_id=str(self.guild_id), guild_locale=self.guild_locale,
                           member=self._member(who), context=0, channel_id=str(channel_id),
                           channel=channel)
        if message is not None:
            payload["message"] = message
        self.fake.interaction_channels[iid] = int(payload["channel_id"])
        return payload

    # --- sending interactions ---------------------------------------------------------------
    def _command_options(self, qualified: str, values: dict[str, Any],
                         focused: str | None = None) -> dict[str, Any]:
        names = qualified.split()
        command: Any = self.bot.tree.get_command(names[0])
        if command is None:
            raise KeyError(f"no command /{qualified}")
        root = {"id": str(self.fake.snowflake()), "name": names[0], "type": 1, "options": []}
        holder = root
        for name in names[1:]:
            command = command.get_command(name)
            if command is None:
                raise KeyError(f"no command /{qualified}")
            kind = 2 if isinstance(command, app_commands.Group) else 1
            sub = {"type": kind, "name": name, "options": []}
            holder["options"].append(sub)
            holder = sub
        for param in command.parameters:
            if param.name in values and values[param.name] is not None:
                option = {"name": param.display_name, "type": param.type.value,
                          "value": values[param.name]}
                if param.type is discord.AppCommandOptionType.user:
                    # Discord sends the chosen user's data with the interaction
                    uid = int(values[param.name])
                    option["value"] = str(uid)
                    root.setdefault("resolved", {}).setdefault("users", {})[str(uid)] = \
                        self.fake.user(uid)
                if param.type is discord.AppCommandOptionType.attachment:
                    # (filename, bytes): Discord sends the uploaded file's data, served by
                    # the fake CDN
                    filename, data = values[param.name]
                    aid = self.fake.snowflake()
                    url = f"https://cdn.discordapp.com/attachments/{aid}/{filename}"
                    self.fake.cdn[url] = data
                    option["value"] = str(aid)
                    root.setdefault("resolved", {}).setdefault("attachments", {})[str(aid)] = {
                        "id": str(aid), "filename": filename, "size": len(data), "url": url,
                        "proxy_url": url, "content_type": "application/json"}
                if param.name == focused:
                    option["focused"] = True
                holder["options"].append(option)
        unknown = set(values) - {p.name for p in command.parameters}
        if unknown:
            raise KeyError(f"/{qualified} has no option {sorted(unknown)}")
        return root

    async def slash(self, who: Member, qualified: str, *, channel_id: int | None = None,
                    dm: bool = False, **values: Any) -> list[Call]:
        """Run ``/qualified`` as ``who``; the calls the bot made while handling it."""
        data = self._command_options(qualified, values)
        payload = self._base(who, 2, data, channel_id, dm=dm)
        return await self.dispatch(payload)

    async def autocomplete(self, who: Member, qualified: str, focused: str, *,
                           channel_id: int | None = None, **values: Any
                           ) -> list[dict[str, Any]]:
        data = self._command_options(qualified, values, focused=focused)
        payload = self._base(who, 4, data, channel_id)
        calls = await self.dispatch(payload)
        for c in calls:
            if c.response_type == 8:
                return list((c.json or {}).get("data", {}).get("choices", []))
        return []

    async def click(self, who: Member, message: dict[str, Any], custom_id: str, *,
                    values: list[str] | None = None, component_type: int = 2,
                    channel_id: int | None = None, dm: bool = False) -> list[Call]:
        """Press a button (or choose ``values`` in a select menu) of a message the bot sent."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        cid = channel_id or int(message["channel_id"])
        payload = self._base(who, 3, data, cid, dm=dm, message=message)
        return await self.dispatch(payload)

    async def submit_modal(self, who: Member, custom_id: str, fields: dict[str, str], *,
                           channel_id: int | None = None) -> list[Call]:
        rows = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
                for k, v in fields.items()]
        payload = self._base(who, 5, {"custom_id": custom_id, "components": rows}, channel_id)
        return await self.dispatch(payload)

    async def dispatch(self, payload: dict[str, Any]) -> list[Call]:
        mark = len(self.fake.calls)
        before = asyncio.all_tasks()
        self.bot._connection.parse_interaction_create(payload)
        await self.settle(before)
        return self.fake.since(mark)

    async def settle(self, before: set[asyncio.Task[Any]] | None = None,
                     timeout: float = 30.0) -> None:
        """Wait until every handler task started since ``before`` is done (handlers may start
        further ones: a ready player can trigger the turn)."""
        before = before if before is not None else set()
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            await asyncio.sleep(0)
            pending = [t for t in asyncio.all_tasks() - before
                       if not t.done() and t.get_name().startswith(_HANDLER_TASK_PREFIXES)]
            if not pending:
                return
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"handler tasks still running: {pending}")
            await asyncio.wait(pending, timeout=left)
            for task in pending:
                if task.done() and not task.cancelled() and task.exception() is not None:
                    raise task.exception()  # type: ignore[misc]

    def message(self, message_id: int | str) -> dict[str, Any]:
        return self.fake.messages[int(message_id)]

    def message_of(self, call: Call) -> dict[str, Any]:
        """The message a call created (its answer), for clicking its buttons later."""
        answer = call.answer or {}
        if isinstance(answer, dict) and "resource" in answer:
            return dict(answer["resource"]["message"])
        return dict(answer)


# --- a running bot ------------------------------------------------------------------------------

GUILD_ID = 500
CHANNEL_ID = 600_000_000_000_000_001
# the bots of one test process share a key (a restart reads what the first sealed); given
# as SECRET_KEY, nothing is written (never a data/secret.key in the checkout)
TEST_KEY = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()
FORUM_ID = 600_000_000_000_000_002


@asynccontextmanager
async def running_bot(database_url: str, *, fake: FakeDiscord | None = None,
                      guild_locale: str = "en-US", warm_renders: bool = False
                      ) -> AsyncIterator[Harness]:
    """The real ``DiplomacyBot`` logged in against ``fake`` (a new one unless given: pass the
    same one to a second bot to simulate a restart), with one guild holding a text channel
    and a forum. The scheduler loop is not started: tests drive ``bot.scheduler.run_once``."""
    from bot.client import DiplomacyBot, Throttle
    from bot.settings import Settings

    owned = fake is None
    fake = fake or FakeDiscord().install()
    settings = Settings(_env_file=None, database_url=database_url,  # type: ignore[call-arg]
                        discord_token="fake-token", default_locale="en",
                        secret_key=TEST_KEY)
    bot = DiplomacyBot(settings, run_scheduler=False, warm_renders=warm_renders)
    # scripted players fire commands faster than anyone: no throttle unless a test sets
    # one (tests/e2e/test_throttle.py)
    bot.tree.throttle = Throttle(burst=1_000_000)
    harness = Harness(bot, fake, guild_id=GUILD_ID, guild_locale=guild_locale)
    try:
        await harness.start()
        harness.add_guild(channels=[Harness.text_channel(CHANNEL_ID),
                                    Harness.forum_channel(FORUM_ID)])
        yield harness
    finally:
        await harness.close()
        if owned:
            fake.uninstall()
