"""Errors to replies: one place that turns every failure into a clear, localised, ephemeral
answer. Order of the checks (as in python-discord's error handler): the wrapped domain error
first, then Discord's own checks, then anything unexpected (logged with context)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.i18n import has_key, language_of, t, typography
from bot.services.errors import OrdersRejected, ServiceError
from bot.ui.format import (
    board_of_powers,
    day_text,
    is_power,
    local_order,
    name_powers,
    phase_name,
    power_name,
    variant_title,
)
from engine import variants

log = logging.getLogger(__name__)

T = TypeVar("T")
QUICK = 0.5  # seconds a command's work may take before its first answer is a deferral


class UserFacingError(Exception):
    """Raised by cogs and buttons for a situation of the Discord layer (an expired button,
    a command used outside a game channel): ``key`` is a catalogue key."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


# parameters that hold a calendar day (ISO from the services)
DAY_PARAMS = frozenset({"starts", "ends", "day"})
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}$")
# parameters that hold a power id (the classic ones and the variants' rule refusals)
POWER_PARAMS = frozenset({"power", "powers", "owner", "winner", "loser", "target", "country",
                          "countries", "candidates", "first", "second", "attacker"})


def _format_params(params: dict[str, Any], locale: Any = None,
                   variant: str = variants.DEFAULT) -> dict[str, Any]:
    """Lists joined; with a ``locale``, powers, phases, variants and seat statuses named in
    the reader's language (``france`` -> "France", ``S1901M`` -> "Spring 1901, movement",
    ``classic`` -> "Diplomacy"): no internal id reaches a player."""
    out: dict[str, Any] = {}
    for k, v in params.items():
        if locale is not None and k in POWER_PARAMS and v:
            names = v if isinstance(v, list | tuple) else str(v).split(",")
            board = variant if all(is_power(str(x).strip(), variant) for x in names) \
                else board_of_powers([str(x).strip() for x in names])
            if board is not None:  # a variant's service names the powers of its board
                v = [power_name(str(x).strip(), locale, board) for x in names]
        elif locale is not None and k in ("phase", "expected_phase") and isinstance(v, str):
            v = phase_name(v, locale, variant)
        elif locale is not None and k in DAY_PARAMS and isinstance(v, str) and _ISO_DAY.match(v):
            v = day_text(v, locale)  # a day the reader's way, never ISO
        elif locale is not None and k == "variant" and isinstance(v, str):
            v = variant_title(v, locale)
        elif k == "expected" and isinstance(v, list | tuple):
            v = "_".join(sorted(map(str, v)))  # a selector of error.game.wrong_status
        out[k] = ", ".join(map(str, v)) if isinstance(v, list | tuple) else v
    return out


def rejected_lines(error: OrdersRejected, locale: Any, variant: str = variants.DEFAULT) -> str:
    """Every line of a refused set, with the engine's reason in the reader's language (the
    powers it names by their display names)."""
    french = str(locale).startswith("fr")
    out = []
    for line in error.params.get("lines", []):
        if line.get("ok"):
            out.append(f"✅ `{line.get('text')}` → "
                       f"`{local_order(str(line.get('normalized')), locale)}`")
        else:
            err = line.get("error") or {}
            why = err.get("message_fr" if french else "message_en") or t("error.invalid",
                                                                          locale)
            why = typography(name_powers(str(why), locale, variant), language_of(locale))
            out.append(f"❌ `{line.get('text')}` — {why}")
    return "\n".join(out)


def error_text(error: BaseException, locale: Any) -> str:
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ or getattr(error, "original", None)
        if isinstance(inner, Exception):
            error = inner
    if isinstance(error, OrdersRejected):
        return t("error.orders.rejected", locale) + "\n" + rejected_lines(error, locale)
    if isinstance(error, ServiceError):
        key = f"error.{error.code}"
        if not has_key(key):
            log.error("no message for service error %s", error.code)
            key = "error.generic"
        params = dict(error.params)
        if error.code == "player.not_active" and params.get("status"):
            params["status"] = t(f"player.status.{params['status']}", locale)
        # a variant's own refusal names the powers of its board
        variant = error.code.split(".")[1] if error.code.startswith("rule.") \
            else variants.DEFAULT
        return t(key, locale, **_format_params(params, locale, variant))
    if isinstance(error, UserFacingError):
        return t(error.key, locale, **_format_params(error.params, locale))
    if isinstance(error, app_commands.MissingPermissions):
        return t("error.missing_permissions", locale)
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("error.guild_only", locale)
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("error.cooldown", locale, seconds=round(error.retry_after))
    if isinstance(error, app_commands.CheckFailure):
        return t("error.check_failed", locale)
    return t("error.unexpected", locale)


def is_expected(error: BaseException) -> bool:
    inner: BaseException = error
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        cause = error.__cause__ or getattr(error, "original", None)
        if isinstance(cause, BaseException):
            inner = cause
    return isinstance(inner, ServiceError | UserFacingError | app_commands.CheckFailure |
                      app_commands.CommandOnCooldown)


def _answering(interaction: discord.Interaction[Any]) -> asyncio.Lock:
    """One answer at a time per interaction: a deferral made while the handler runs
    (``guard``) and the handler's reply never both go out as the first answer."""
    lock = interaction.extras.get("answering")
    if lock is None:
        lock = interaction.extras["answering"] = asyncio.Lock()
    return lock  # type: ignore[no-any-return]


async def reply(interaction: discord.Interaction[Any], content: str | None = None, *,
                ephemeral: bool = True, **kwargs: Any) -> None:
    """Answer whether or not the interaction was already answered."""
    async with _answering(interaction):
        if interaction.response.is_done():
            if content is not None:
                kwargs["content"] = content
            await interaction.followup.send(ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)


async def defer(interaction: discord.Interaction[Any], *, ephemeral: bool = False) -> None:
    """The first answer at once ("thinking…"), public or private as the reply will be, for a
    command that reads or draws before it can reply: Discord waits 3 s for the first answer,
    and a read can wait behind a deadline storm. A refusal that follows a public deferral is
    still private (``report_error``)."""
    async with _answering(interaction):
        if interaction.response.is_done():
            return
        interaction.extras["deferred_public"] = not ephemeral
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[T], *,
                  ephemeral: bool = True) -> T:
    """The result of ``work`` (a command's reads and writes, which never answer the
    interaction themselves). Quick work is answered by the reply itself; work still running
    after ``QUICK`` (queued behind a deadline storm, say) gets a deferral meanwhile, public
    or private as the reply will be, and the reply becomes its follow-up (``reply``).
    ``QUICK`` counts from the command's start (``began``): several steps share it."""
    loop = asyncio.get_running_loop()
    began = interaction.extras.setdefault("began", loop.time())
    task = asyncio.ensure_future(work)
    try:
        done, _pending = await asyncio.wait(
            {task}, timeout=max(0.0, QUICK - (loop.time() - began)))
    except asyncio.CancelledError:
        task.cancel()
        raise
    if not done:
        await defer(interaction, ephemeral=ephemeral)
    return await task


def defer_later(interaction: discord.Interaction[Any]) -> asyncio.TimerHandle:
    """A private deferral ``QUICK`` after the command began unless it has answered by then,
    for a command whose every answer is private and goes through ``reply`` (its cog says so:
    ``answers_privately``); the deferral waits for an answer being sent (``_answering``)."""
    loop = asyncio.get_running_loop()
    began = interaction.extras.setdefault("began", loop.time())

    def fire() -> None:
        if not interaction.response.is_done():
            task = asyncio.ensure_future(defer(interaction, ephemeral=True))
            task.add_done_callback(_quietly)
            _LATER.add(task)
            task.add_done_callback(_LATER.discard)

    return loop.call_later(max(0.0, QUICK - (loop.time() - began)), fire)


_LATER: set[asyncio.Task[None]] = set()  # deferrals under way (a task needs a reference)


def _quietly(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("a deferral failed: %r", task.exception())


async def guard(interaction: discord.Interaction[Any], handler: Awaitable[None]) -> None:
    """Run a component's handler, whose every answer is private and goes through ``reply``:
    when it has not answered after ``QUICK``, a private deferral goes meanwhile (Discord
    waits 3 s); its errors are reported here (they do not reach the command tree's)."""
    loop = asyncio.get_running_loop()
    began = interaction.extras.setdefault("began", loop.time())
    deferring: list[asyncio.Task[None]] = []
    timer = loop.call_later(max(0.0, QUICK - (loop.time() - began)), lambda: deferring.append(
        asyncio.ensure_future(defer(interaction, ephemeral=True))))
    try:
        await handler
    except Exception as exc:
        await report_error(interaction, exc)
    finally:
        timer.cancel()
        if deferring:
            await asyncio.wait(deferring)


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    if not is_expected(error):
        command = interaction.command.qualified_name if interaction.command else None
        data: dict[str, Any] = dict(interaction.data or {})
        log.error("unexpected error: command=%s custom_id=%s user=%s guild=%s channel=%s",
                  command, data.get("custom_id"), interaction.user.id, interaction.guild_id,
                  interaction.channel_id, exc_info=error)
    if interaction.type is discord.InteractionType.autocomplete:
        return
    try:
        if interaction.extras.pop("deferred_public", False):
            # the public "thinking…" would turn the refusal into a public message: it goes,
            # and the refusal is sent to the reader alone
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
        await reply(interaction, error_text(error, interaction.locale), ephemeral=True)
    except discord.HTTPException:
        log.exception("could not report an error to the user")
