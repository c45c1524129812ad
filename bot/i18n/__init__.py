"""French and English text of the bot in Project Fluent: one catalogue per language, ``t()``
for replies and posts, and the ``app_commands.Translator`` that localises command names,
options, descriptions and choices.

- ``en.ftl`` / ``fr.ftl``, each feature's and variant's ``<folder>/<language>.ftl``, and the
  folder a variant declares elsewhere (``Variant.catalogue``): Fluent messages,
  the catalogue key with dashes for dots (``error.game.not_found`` is
  ``error-game-not_found``), ``{ $power }`` fields, ``{ $count -> [one] … *[other] … }`` where
  a count is shown (CLDR plural rules: French "one" is 0 and 1). Both languages hold exactly
  the same keys (``tests/bot/i18n/test_i18n.py``).
- Command localisations are messages of their own in the French files: the French text as
  value, the English source text (or the ``key`` extra of a ``locale_str``) as ``.source``.
  Command names stay English canonical (the contract); French is a localisation Discord shows
  to French clients.
- The rule refusals come from the engine's tables (``error.rule.<variant>.<code>``), turned
  into Fluent when the catalogue is read.
- Numbers are formatted by Fluent with Babel (decimal comma in French, "1 h" not "1.0 h"),
  without grouping (a year, a game number).
- Reply language: the interaction's locale (``interaction.locale``); public posts: the guild's
  setting, else Discord's preferred locale of the guild, else ``DEFAULT_LANGUAGE``.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentNumber, fluent_number
from fluent.syntax import FluentParser, ast
from fluent.syntax.serializer import serialize_pattern

from bot.i18n.ftl import catalogue_key, message_from_format, serialize
from engine import variants, wording
from engine.maps import map_dir

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
_DIR = Path(__file__).resolve().parent
_log = logging.getLogger(__name__)
_SOURCE = "source"


@dataclass(frozen=True)
class Catalogue:
    """One language: the Fluent bundle, each message's source text by catalogue key, and the
    command localisations (English text -> this language)."""

    bundle: FluentBundle
    sources: dict[str, str]
    commands: dict[str, str]


def variant_folders() -> tuple[Path, ...]:
    """The catalogue folders registered variants declare outside ``bot/i18n``
    (``Variant.catalogue``; a built-in variant's texts are ``bot/i18n/<name>/``)."""
    out = []
    for name in variants.names():
        folder = getattr(variants.get(name), "catalogue", None)
        if folder:
            out.append(Path(folder))
    return tuple(out)


def catalogue_files(language: str, folders: tuple[Path, ...] | None = None) -> list[Path]:
    """``<language>.ftl``, the features' and variants' ``<folder>/<language>.ftl``, then
    those of the folders variants declare."""
    extra = variant_folders() if folders is None else folders
    return [_DIR / f"{language}.ftl", *sorted(_DIR.glob(f"*/{language}.ftl")),
            *(f / f"{language}.ftl" for f in extra if (f / f"{language}.ftl").is_file())]


def catalogue(language: str) -> Catalogue:
    """The whole catalogue of ``language`` with the variants registered now (read once per
    set of variants: one registered later, a plug-in's or a test's, brings its texts)."""
    return _catalogue(language, variants.names(), variant_folders())


@cache
def _catalogue(language: str, names: tuple[str, ...], folders: tuple[Path, ...]) -> Catalogue:
    """A key defined twice is an error."""
    bundle = FluentBundle([language], use_isolating=False, functions=grammar_functions(language))
    sources: dict[str, str] = {}
    commands: dict[str, str] = {}
    texts = [(path, path.read_text(encoding="utf-8"))
             for path in catalogue_files(language, folders)]
    texts.append((Path("<engine rule errors>"), serialize(rule_entries(language))))
    for path, text in texts:
        resource = FluentParser().parse(text)
        for entry in resource.body:
            if isinstance(entry, ast.Junk):
                raise ValueError(f"{path}: not Fluent: {(entry.content or '')[:80]!r}")
            if not isinstance(entry, ast.Message) or entry.value is None:
                continue
            source = next((a for a in entry.attributes if a.id.name == _SOURCE), None)
            if source is not None:
                commands[_plain(source.value)] = _plain(entry.value)
                continue
            key = catalogue_key(entry.id.name)
            if key in sources:
                raise ValueError(f"{path}: key already defined: {key}")
            sources[key] = serialize_pattern(entry.value).strip()
        bundle.add_resource(FluentResource(text))
    return Catalogue(bundle, sources, commands)


def _articles(language: str) -> dict[str, str | None]:
    return _articles_of(language, variants.names())


@cache
def _articles_of(language: str, names: tuple[str, ...]) -> dict[str, str | None]:
    """Display name -> its article, for every power and province of every registered board
    (the grammar tables beside the maps, ``engine.wording``)."""
    out: dict[str, str | None] = {}
    for name in names:
        map_name = variants.get(name).map_name
        try:
            data = json.loads((map_dir(map_name) / "map.json").read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            continue
        table = wording.grammar(map_name, language)
        for kind in ("powers", "provinces"):
            grammar = table.get(kind, {})
            for item in data.get(kind) or []:
                entry = grammar.get(item.get("id")) if isinstance(item, dict) else None
                if entry is not None and item.get(f"name_{language}"):
                    out.setdefault(str(item[f"name_{language}"]), entry.get("article"))
    return out


def grammar_functions(language: str) -> dict[str, Any]:
    """Fluent functions that give a name its French article, for each item of a list
    ("France, Allemagne" -> "la France, l'Allemagne"): ``ART`` (la France), ``ART_CAP`` (La
    France, a sentence's start), ``DE`` (de la France, du Portugal), ``A`` (à la France, au
    Portugal). ``DE_NAME``: "de" before a game's name, as it is written (d'Empires, de
    Wintergreen: no list, no article). ``ART_AND``, ``DE_AND``, ``A_AND`` (and the last two
    with ``_CAP``): the same, the last item after "et" ("à la France et à l'Allemagne"); a
    name no table knows keeps its own words ("d'une puissance anonyme"). English text keeps
    the names as they are ("England and France"). ``MEASURE``: a chart measure's label,
    ``MEASURE($measure, "title")``."""
    def each(make: Any, last: str = ", ") -> Any:
        def apply(value: Any) -> str:
            names = [make(x) if x else x for x in (y.strip() for y in str(value).split(","))]
            return last.join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else \
                "".join(names)
        return apply

    def capital(apply: Any) -> Any:
        return lambda value: wording.capital(apply(value))

    def measure(value: Any, part: Any = "title") -> str:
        """A chart measure's label (``chart.<measure>.<part>``, the catalogue of the variant
        that follows it), else its name."""
        text, errors = render(f"chart.{value}.{part}", language, {})
        return str(value) if errors else text

    and_ = " et " if language == "fr" else " and "
    if language != "fr":
        same = each(lambda x: x)
        listed = each(lambda x: x, and_)
        return {"ART": same, "ART_CAP": each(wording.capital), "DE": same, "A": same,
                "DE_NAME": str, "MEASURE": measure, "ART_AND": listed, "DE_AND": listed,
                "A_AND": listed, "DE_AND_CAP": capital(listed), "A_AND_CAP": capital(listed)}

    def the(name: str) -> str:
        article = _articles(language).get(name)
        if not article:
            return name
        return f"{article}{name}" if article.endswith("'") else f"{article} {name}"

    def first_capital(value: Any) -> str:
        text = each(the)(value)
        return wording.capital(text)

    def de(x: str) -> str:
        return wording.french_de(the(x))

    def a(x: str) -> str:
        return wording.french_a(the(x))

    return {"ART": each(the), "ART_CAP": first_capital, "DE": each(de), "A": each(a),
            "DE_NAME": lambda value: wording.french_de(str(value)), "MEASURE": measure,
            "ART_AND": each(the, and_), "DE_AND": each(de, and_), "A_AND": each(a, and_),
            "DE_AND_CAP": capital(each(de, and_)), "A_AND_CAP": capital(each(a, and_))}


def _plain(pattern: ast.Pattern) -> str:
    """A command text: plain text, string literals joined."""
    out = []
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            out.append(element.value)
        elif isinstance(element, ast.Placeable) and isinstance(element.expression,
                                                                 ast.StringLiteral):
            out.append(str(element.expression.parse()["value"]))
    return "".join(out)


NNBSP = "\u202f"  # French: a narrow no-break space before ; : ! ?
_BEFORE_PUNCTUATION = re.compile(r"[ \u00a0\u202f]*([;:!?])(?=[\s\"”»*_)]|$)")


def typography(text: str, language: str) -> str:
    """French typography of a text written elsewhere (the engine's rule texts): a narrow
    no-break space before ``; : ! ?`` (not inside ``<t:…:R>``, a URL or ``A:B``)."""
    if language != "fr" or not text:
        return text
    return _BEFORE_PUNCTUATION.sub(lambda m: NNBSP + m.group(1), text)


def rule_entries(language: str) -> list[ast.EntryType]:
    """The refusals of every variant's rules, by code: ``error.rule.<variant>.<code>``. Their
    text is the engine's (it also answers the JSON contract in both languages)."""
    index = 1 if language == "fr" else 0
    out: list[ast.EntryType] = []
    for name in variants.names():
        for code, texts in variants.get(name).errors.MESSAGES.items():
            out.append(message_from_format(f"error.rule.{name}.{code}",
                                           typography(texts[index], language)))
    return out


def preload() -> None:
    """Read every catalogue and grammar table now: parsing them takes half a second, which
    a process pays at start rather than in its first interactions."""
    for language in LANGUAGES:
        catalogue(language)
        _articles(language)


def rule_messages(language: str) -> dict[str, str]:
    """The rule refusals' catalogue keys and their Fluent source."""
    return {k: v for k, v in messages(language).items() if k.startswith("error.rule.")}


def messages(language: str) -> dict[str, str]:
    """Every message of ``language``: catalogue key -> its Fluent source."""
    return catalogue(language).sources


def command_texts(language: str) -> dict[str, str]:
    return catalogue(language).commands


def language_of(locale: discord.Locale | str | None) -> str:
    """``"fr"`` for every French locale, ``"en"`` for English ones; anything else falls back
    to the default language (English: the canonical command language)."""
    if locale is None:
        return DEFAULT_LANGUAGE
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    base = value.split("-")[0].split("_")[0].lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def babel_locale(locale: discord.Locale | str | None) -> str:
    """The reader's Discord locale as Babel names it ("en-GB" -> "en_GB", "fr" -> "fr"), for
    dates and numbers written and read the reader's way; a locale Babel does not know falls
    back to its language, then to the default language."""
    from babel import Locale, UnknownLocaleError

    value = locale.value if isinstance(locale, discord.Locale) else str(locale or "")
    tag = value.replace("-", "_")
    language = language_of(locale)
    if tag.split("_")[0].lower() == language:
        try:
            Locale.parse(tag)
            return tag
        except (UnknownLocaleError, ValueError):
            pass
    return language


def _local(value: Any, language: str) -> Any:
    """A value that reads differently in each language: ``engine.errors.Local`` or its JSON
    form ``{"en": ..., "fr": ...}``."""
    if hasattr(value, "pick"):
        return value.pick(language)
    if isinstance(value, dict) and set(value) == {"en", "fr"}:
        return value[language if language in value else "en"]
    return value


def _argument(value: Any, language: str) -> str | FluentNumber:
    """What Fluent is given: numbers stay numbers (plural selection, Babel's formatting,
    never grouped: a year, a game number), everything else its text."""
    value = _local(value, language)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        number = fluent_number(value, useGrouping=False, maximumFractionDigits=2)
        assert isinstance(number, FluentNumber)
        return number
    return value if isinstance(value, str) else str(value)


def render(key: str, language: str, params: dict[str, Any]) -> tuple[str, list[Exception]]:
    """``key`` in ``language`` (``language`` already one of ``LANGUAGES``) and the errors
    Fluent met (a missing parameter, an unknown key)."""
    bundle = catalogue(language).bundle
    message_id = key.replace(".", "-")
    if not bundle.has_message(message_id):
        return key, [KeyError(key)]
    message = bundle.get_message(message_id)
    if message.value is None:
        return key, [KeyError(key)]
    args = {k: _argument(v, language) for k, v in params.items()}
    text, errors = bundle.format_pattern(message.value, args)
    return str(text), list(errors)


def t(key: str, locale: discord.Locale | str | None = None, /, **params: Any) -> str:
    """The text of ``key`` in the language of ``locale``, fields filled from ``params``.

    A key missing from a catalogue is a bug (the catalogue test catches it); at run time it
    falls back to English, then to the key itself, and is logged."""
    language = language_of(locale)
    if key not in messages(language):
        _log.error("missing catalogue key %r (%s)", key, language)
        language = DEFAULT_LANGUAGE
    text, errors = render(key, language, params)
    if errors:
        _log.error("catalogue key %r (%s): %s", key, language, errors)
    return text


def has_key(key: str) -> bool:
    return key in messages(DEFAULT_LANGUAGE)


class Translator(app_commands.Translator):
    """Localises every ``locale_str`` of the command tree from the command messages of the
    catalogues (English is the source text: no localisation needed)."""

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
