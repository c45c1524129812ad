"""The Discord application: an ``AutoShardedBot`` whose ``setup_hook`` opens the database,
applies the migrations, sets the translator, loads every extension found under ``cogs/``,
registers the persistent buttons and starts the scheduler (deadlines, reminders, outbox
poster).

Resources are created here and handed to the cogs through the bot (RoboDanny's pattern);
commands are synced on demand (``python -m bot sync`` or ``sync_commands``), never at start.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import math
import pkgutil
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.db import Database, migrate
from bot.i18n import Translator, preload
from bot.outbox import PostMessage, default_owner
from bot.render_pool import render_pool
from bot.scheduler import Scheduler
from bot.sealing import lasting_sealer
from bot.settings import Settings
from bot.ui import posts
from bot.ui.errors import defer_later, report_error
from bot.ui.views import DYNAMIC_ITEMS

log = logging.getLogger(__name__)


def discover_extensions(package: str = "cogs") -> tuple[str, ...]:
    """Every sub-package of ``package`` with a ``setup`` (a discord.py extension), sorted by
    name: a new feature or variant package is loaded without being listed anywhere
    (python-discord/bot's ``walk_extensions``). Names starting with ``_`` are private."""
    # loaded by name (extensions are): bot never imports cogs statically (.importlinter)
    root = importlib.import_module(package)
    found = []
    for info in pkgutil.iter_modules(root.__path__, prefix=f"{package}."):
        if not info.ispkg or info.name.rpartition(".")[2].startswith("_"):
            continue
        if callable(getattr(importlib.import_module(info.name), "setup", None)):
            found.append(info.name)
    return tuple(sorted(found))


EXTENSIONS = discover_extensions()  # what setup_hook loads (found again at each start)


class Throttle:
    """A token bucket per user (issue 14 item 8): ``burst`` commands at once, then one
    every ``period`` seconds. In memory, per process: a user whose interactions reach two
    processes (two shards' guilds) gets a bucket in each."""

    def __init__(self, *, burst: int = 8, period: float = 1.5,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.period, self.clock = burst, period, clock
        self._buckets: dict[int, tuple[float, float]] = {}  # user -> (tokens, at)

    def wait(self, user_id: int) -> float:
        """0 and one token taken when the user may act now, else the seconds to wait."""
        now = self.clock()
        tokens, at = self._buckets.get(user_id, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) / self.period)
        if tokens < 1.0:
            self._buckets[user_id] = (tokens, now)
            return (1.0 - tokens) * self.period
        self._buckets[user_id] = (tokens - 1.0, now)
        if len(self._buckets) > 10_000:  # forget the users whose bucket is full again
            full = self.burst * self.period
            self._buckets = {u: b for u, b in self._buckets.items() if now - b[1] < full}
        return 0.0


class GameTree(app_commands.CommandTree["DiplomacyBot"]):
    """The command tree with the one error handler (Red-DiscordBot's pattern): every domain
    error becomes a clear ephemeral reply in the reader's language, anything unexpected is
    logged with its context and answered politely. Every command passes the per-user
    ``throttle`` first; autocompletion (sent at each keystroke) does not."""

    def __init__(self, client: DiplomacyBot, **kwargs: Any) -> None:
        super().__init__(client, **kwargs)
        self.throttle = Throttle()

    async def interaction_check(self, interaction: discord.Interaction[DiplomacyBot],
                                /) -> bool:
        if interaction.type is discord.InteractionType.autocomplete:
            return True
        # when the command began: a deferral comes before a moment has passed (in_time);
        # a cog whose every answer is private is deferred then, whatever the command
        interaction.extras["began"] = asyncio.get_running_loop().time()
        if getattr(getattr(interaction.command, "binding", None), "answers_privately", False):
            defer_later(interaction)
        wait = self.throttle.wait(interaction.user.id)
        if wait > 0:
            # answered by on_error: "Slow down: try again in N s." in the reader's language
            raise app_commands.CommandOnCooldown(
                app_commands.Cooldown(1, self.throttle.period), float(math.ceil(wait)))
        return True

    async def on_error(self, interaction: discord.Interaction[DiplomacyBot],
                       error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)


class DiplomacyBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, db: Database | None = None,
                 run_scheduler: bool = True, serve_web: bool = False,
                 warm_renders: bool = False, **kwargs: Any) -> None:
        intents = discord.Intents.default()  # no privileged intent is needed
        # several processes share the shards (SHARD_COUNT, SHARD_IDS: docs/DEPLOY.md);
        # Discord sends each interaction to the shard of its guild, direct messages to 0
        kwargs.setdefault("shard_count", settings.shard_count)
        kwargs.setdefault("shard_ids", settings.shard_ids)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, tree_cls=GameTree,
                         # a user-supplied name (a game's, a player's) never pings anyone: a post
                         # that means to ping names its users (bot.ui.common.pinging)
                         allowed_mentions=discord.AllowedMentions.none(),
                         **kwargs)
        self.settings = settings
        self._db = db
        self._owns_db = db is None
        self.run_scheduler = run_scheduler
        # a process that answers interactions starts its render processes with itself
        self.warm_renders = warm_renders
        self.scheduler: Scheduler | None = None
        self._scheduler_task: asyncio.Task[None] | None = None
        self.default_locale = settings.default_locale
        # ``run`` serves the web board in this process when WEB_URL is set
        self.serve_web = serve_web
        self._web: Any = None

    @property
    def db(self) -> Database:
        if self._db is None:
            raise RuntimeError("the database is opened in setup_hook")
        return self._db

    async def setup_hook(self) -> None:
        if self._db is None:
            key = self.settings.secret_key
            self._db = Database(self.settings.database_url, sealer=lasting_sealer(
                key.get_secret_value() if key else None, self.settings.secret_key_file))
        await migrate(self._db)
        await self.tree.set_translator(Translator())
        preload()  # the catalogues parsed before the gateway brings the first interaction
        for extension in discover_extensions():
            await self.load_extension(extension)
        # buttons of earlier messages keep working after a restart (custom ids carry the data)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        # the render processes started and warm before the gateway brings any interaction:
        # a map asked for in the first second is drawn as fast as any later one
        pool = render_pool() if self.warm_renders else None
        if pool is not None:
            await pool.warm_up()
        self.scheduler = Scheduler(
            self._db, send=self.deliver,
            owner=self.settings.instance_name or default_owner(),
            lease_seconds=self.settings.lease_seconds,
            max_sleep=self.settings.scheduler_max_sleep)
        if self.run_scheduler:
            self._scheduler_task = asyncio.create_task(self.scheduler.run(), name="scheduler")
        if self.settings.web_url and self.serve_web:
            # the web board, loaded by name (bot never imports web: .importlinter)
            self._web = await importlib.import_module("web.app").start(self._db, self.settings)

    async def deliver(self, post: PostMessage) -> None:
        """The scheduler's ``send`` callback: one outbox row to Discord, each of its
        messages with the row's own nonce (``posts.SENDING``)."""
        token = posts.SENDING.set([post.outbox_id, 0])
        try:
            await posts.deliver(self, post)
        finally:
            posts.SENDING.reset(token)

    async def post_now(self) -> None:
        """Send queued posts at once (after a command that changed a game), without waiting
        for the scheduler's next pass; the scheduler is woken as well."""
        if self.scheduler is not None and self.scheduler.poster is not None:
            await self.scheduler.poster.post_pending()
        if self._db is not None:
            self._db.notify_deadlines()

    async def sync_commands(self, guild_id: int | None = None) -> list[app_commands.AppCommand]:
        """Push the command tree (with its French localisations) to Discord."""
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def close(self) -> None:
        if self._web is not None:
            await self._web.cleanup()
            self._web = None
        if self.scheduler is not None:
            self.scheduler.stop()
        if self._scheduler_task is not None:
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(self._scheduler_task, timeout=10)
            self._scheduler_task = None
        await super().close()
        if self._owns_db and self._db is not None:
            await self._db.dispose()
            self._db = None
