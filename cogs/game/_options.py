"""``/game create options:``: a game's rule options typed as "name=value, name=value", read
against the schema of the chosen variant (``bot.services.options.schema``: the options every
game has and the variant's own), and offered by autocomplete with their labels."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.i18n import language_of, t
from bot.services import options as options_service
from bot.services.errors import Invalid
from bot.ui.common import reader_locale
from bot.ui.errors import UserFacingError
from bot.ui.format import variant_named
from engine import variants
from engine.variants.base import Option

_YES = ("yes", "true", "on", "1", "oui", "vrai")
_NO = ("no", "false", "off", "0", "non", "faux")
_NONE = ("none", "aucun", "aucune", "-")


def _schema(variant: str) -> list[Option]:
    """The variant's own options first (what this parameter is for), then every game's."""
    every = options_service.schema(variant)
    common = {o.name for o in options_service.COMMON}
    return [o for n, o in every.items() if n not in common] + \
        [o for n, o in every.items() if n in common]


def accepts(option: Option, locale: Any) -> str:
    """What ``option`` takes, in the reader's language."""
    if option.type is bool:
        text = t("options.accepts.bool", locale)
    elif option.type is int:
        if option.minimum is not None and option.maximum is not None:
            text = t("options.accepts.range", locale, minimum=str(option.minimum),
                     maximum=str(option.maximum))
        elif option.minimum is not None:
            text = t("options.accepts.at_least", locale, minimum=str(option.minimum))
        else:
            text = t("options.accepts.number", locale)
    elif option.allowed:
        text = t("options.accepts.one_of", locale,
                 values=", ".join(str(x) for x in option.allowed))
    else:
        text = t("options.accepts.text", locale)
    return t("options.accepts.or_none", locale, accepts=text) if option.nullable else text


def label(option: Option, locale: Any) -> str:
    return str(option.label.get(language_of(locale)) or option.label.get("en") or option.name)


def _value(option: Option, raw: str) -> Any:
    """``raw`` as the option's type; the text itself when it is none of them (refused by
    the schema's check with the rest)."""
    word = raw.strip().lower()
    if option.nullable and word in _NONE:
        return None
    if option.type is bool:
        return True if word in _YES else False if word in _NO else raw
    if option.type is int:
        return int(word) if re.fullmatch(r"[+-]?\d{1,9}", word) else raw
    return word if option.allowed else raw.strip()


def read_options(text: str | None, variant: str, locale: Any) -> dict[str, Any]:
    """The options typed in ``text``, each checked against the schema; a bad one is refused
    naming it and what it takes."""
    schema = {o.name: o for o in _schema(variant)}
    out: dict[str, Any] = {}
    for part in (p.strip() for p in re.split(r"[,;]", text or "")):
        if not part:
            continue
        name, equal, raw = part.partition("=")
        name = name.strip().lower()
        if not equal or not name or not raw.strip():
            example = ", ".join(f"{o.name}={_shown(o.default)}" for o in _schema(variant)[:2])
            raise UserFacingError("error.options.unreadable", text=part, example=example)
        option = schema.get(name)
        if option is None:
            raise UserFacingError("error.options.unknown_here", option=name,
                                  known=", ".join(o.name for o in _schema(variant)))
        value = _value(option, raw)
        try:
            out[name] = options_service.check_option(name, value, variant)
        except Invalid:
            raise UserFacingError("error.options.rejected", option=name,
                                  label=label(option, locale), value=raw.strip(),
                                  accepts=accepts(option, locale)) from None
    return out


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


async def options_autocomplete(interaction: discord.Interaction[Any], current: str
                               ) -> list[app_commands.Choice[str]]:
    """The chosen variant's options (its own first), each with its label and what it takes;
    the options already typed are kept in front of the one being typed."""
    variant = variant_named(str(getattr(interaction.namespace, "variant", "") or
                                variants.DEFAULT))
    if variant is None:
        return []
    locale = reader_locale(interaction)
    head, _comma, typing = (current or "").rpartition(",")
    given = {p.partition("=")[0].strip().lower() for p in re.split(r"[,;]", head)}
    word = typing.partition("=")[0].strip().lower()
    prefix = f"{head.strip()}, " if head.strip() else ""
    out: list[app_commands.Choice[str]] = []
    for option in _schema(variant):
        if option.name in given or (word and word not in option.name
                                    and word not in label(option, locale).lower()):
            continue
        value = f"{prefix}{option.name}={_shown(option.default)}"
        if len(value) > 100:
            continue
        name = f"{option.name}={_shown(option.default)} · {label(option, locale)} — " \
               f"{accepts(option, locale)}"
        out.append(app_commands.Choice(name=name[:100], value=value))
    return out[:25]
