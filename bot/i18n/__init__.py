"""French and English text of the bot: one catalogue per language, ``t()`` for replies and
posts, and the ``app_commands.Translator`` that localises command names, options, descriptions
and choices.

- ``en.json`` / ``fr.json``: ``{"messages": {key: text}}`` with ``str.format`` fields
  (``{power}``); both files hold exactly the same keys (``tests/cogs/test_i18n.py``).
- ``fr.json`` also has ``"commands"``: English command text (names, options, descriptions,
  choices) -> French. Command names stay English canonical (the contract); French is a
  localisation Discord shows to French clients.
- Reply language: the interaction's locale (``interaction.locale``); public posts: the guild's
  setting, else Discord's preferred locale of the guild, else ``DEFAULT_LOCALE``.
"""

from __future__ import annotations

import json
import logging
import string
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from engine import variants

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
_DIR = Path(__file__).resolve().parent
_log = logging.getLogger(__name__)


@cache
def catalogue(language: str) -> dict[str, Any]:
    """The whole catalogue of ``language`` (read once): ``<language>.json`` merged with the
    variants' own files ``<variant>/<language>.json`` (a key defined twice is an error)."""
    with (_DIR / f"{language}.json").open(encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    for extra in sorted(_DIR.glob(f"*/{language}.json")):
        with extra.open(encoding="utf-8") as f:
            part: dict[str, Any] = json.load(f)
        for section, entries in part.items():
            target = data.setdefault(section, {})
            clash = set(target) & set(entries)
            if clash:
                raise ValueError(f"{extra}: keys already defined: {sorted(clash)}")
            target.update(entries)
    data["messages"].update(rule_messages(language))
    return data


def rule_messages(language: str) -> dict[str, str]:
    """The refusals of every variant's rules, by code: ``error.rule.<variant>.<code>``. Their
    text is the engine's (it also answers the JSON contract in both languages)."""
    index = 1 if language == "fr" else 0
    out: dict[str, str] = {}
    for name in variants.names():
        for code, texts in variants.get(name).errors.MESSAGES.items():
            out[f"error.rule.{name}.{code}"] = texts[index]
    return out


def messages(language: str) -> dict[str, str]:
    return catalogue(language)["messages"]  # type: ignore[no-any-return]


def command_texts(language: str) -> dict[str, str]:
    return catalogue(language).get("commands", {})  # type: ignore[no-any-return]


def language_of(locale: discord.Locale | str | None) -> str:
    """``"fr"`` for every French locale, ``"en"`` for English ones; anything else falls back
    to the default language (English: the canonical command language)."""
    if locale is None:
        return DEFAULT_LANGUAGE
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    base = value.split("-")[0].split("_")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


class _Lenient(dict[str, Any]):
    """Missing fields stay visible as ``{name}`` instead of raising at a user."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _local(value: Any, language: str) -> Any:
    """A value that reads differently in each language: ``engine.errors.Local`` or its JSON
    form ``{"en": ..., "fr": ...}``."""
    if hasattr(value, "pick"):
        return value.pick(language)
    if isinstance(value, dict) and set(value) == {"en", "fr"}:
        return value[language if language in value else "en"]
    return value


def t(key: str, locale: discord.Locale | str | None = None, /, **params: Any) -> str:
    """The text of ``key`` in the language of ``locale``, fields filled from ``params``.

    A key missing from a catalogue is a bug (the catalogue test catches it); at run time it
    falls back to English, then to the key itself, and is logged."""
    language = language_of(locale)
    text = messages(language).get(key)
    if text is None:
        _log.error("missing catalogue key %r (%s)", key, language)
        text = messages(DEFAULT_LANGUAGE).get(key, key)
    if not params:
        return text
    # a parameter that reads differently in each language (a country's name)
    values = {k: _local(v, language) for k, v in params.items()}
    return string.Formatter().vformat(text, (), _Lenient(values))


def has_key(key: str) -> bool:
    return key in messages(DEFAULT_LANGUAGE)


class Translator(app_commands.Translator):
    """Localises every ``locale_str`` of the command tree from the ``commands`` section of
    the catalogues (English is the source text: no localisation needed)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = language_of(locale)
        if language == DEFAULT_LANGUAGE or not locale.value.startswith(language):
            return None
        texts = command_texts(language)
        # a key tells apart the same English word in two places ("draw": a crisis is drawn,
        # a game is drawn)
        key = string.extras.get("key")
        if key and key in texts:
            return texts[key]
        return texts.get(string.message)
