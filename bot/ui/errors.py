"""Errors to replies: one place that turns every failure into a clear, localised, ephemeral
answer. Order of the checks (as in python-discord's error handler): the wrapped domain error
first, then Discord's own checks, then anything unexpected (logged with context)."""

from __future__ import annotations

import logging
import re
from typing import Any

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
POWER_PARAMS = frozenset({"power", "powers", "owner", "winner", "loser", "target", "country"})


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


async def reply(interaction: discord.Interaction[Any], content: str | None = None, *,
                ephemeral: bool = True, **kwargs: Any) -> None:
    """Answer whether or not the interaction was already answered."""
    if interaction.response.is_done():
        if content is not None:
            kwargs["content"] = content
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)


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
        await reply(interaction, error_text(error, interaction.locale), ephemeral=True)
    except discord.HTTPException:
        log.exception("could not report an error to the user")
