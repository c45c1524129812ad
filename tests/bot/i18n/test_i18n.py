"""Both catalogues hold the same keys with the same fields; every key the code uses
exists; every command text has a French localisation Discord accepts."""

from __future__ import annotations

import re
from pathlib import Path

import discord
from discord import app_commands

from bot.i18n import DEFAULT_LANGUAGE, Translator, command_texts, language_of, messages, t
from bot.services import errors as service_errors

ROOT = Path(__file__).resolve().parents[3]
NAME_RE = re.compile(r"^[-_\w]{1,32}$")


# each language quotes the refusal in its own words (the other parameter is ignored)
OWN_LANGUAGE_FIELDS = {"error.duel.refused"}


def fields(text: str) -> set[str]:
    """The variables of a Fluent pattern."""
    return set(re.findall(r"\$([A-Za-z][\w-]*)", text))


def test_same_keys_and_fields_in_both_languages() -> None:
    en, fr = messages("en"), messages("fr")
    assert set(en) == set(fr), set(en) ^ set(fr)
    for key in en:
        if key not in OWN_LANGUAGE_FIELDS:
            assert fields(en[key]) == fields(fr[key]), key
        assert en[key].strip() and fr[key].strip(), key


def test_every_key_used_in_the_code_exists() -> None:
    used: set[str] = set()
    pattern = re.compile(r"""(?:\bt|UserFacingError)\(\s*"([a-z_.]+)\"""")
    for folder in ("bot", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    assert used, "the scan found the keys"
    missing = sorted(k for k in used if k not in messages("en"))
    assert not missing


def test_every_service_error_code_has_a_message() -> None:
    doc = service_errors.__doc__ or ""
    codes = set(re.findall(r"\b([a-z_]+\.[a-z_]+)\b(?= \[| ·|\n)", doc))
    assert len(codes) > 20
    for code in codes:
        assert f"error.{code}" in messages("en"), code


def test_language_of_locales() -> None:
    assert language_of(discord.Locale.french) == "fr"
    assert language_of("fr-CA") == "fr"
    assert language_of(discord.Locale.british_english) == "en"
    assert language_of(discord.Locale.german) == DEFAULT_LANGUAGE
    assert t("ready.button", discord.Locale.french) == "Prêt"
    assert t("ready.button", "en-US") == "Ready"


def _locale_strings(command: app_commands.Command | app_commands.Group) -> list[tuple[str, str]]:
    """(kind, English text) of every localisable string of a command."""
    out = [("name", command._locale_name.message if command._locale_name else command.name),
           ("description", command._locale_description.message
            if command._locale_description else command.description)]
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            out += _locale_strings(sub)
        return out
    for param in command._params.values():
        rename = param._rename
        out.append(("name", rename.message if isinstance(rename, app_commands.locale_str)
                    else rename))
        desc = param.description
        out.append(("description", desc.message if isinstance(desc, app_commands.locale_str)
                    else desc))
        for choice in param.choices or []:
            out.append(("choice", choice._locale_name.message if choice._locale_name
                        else choice.name))
    return out


async def test_every_command_text_has_a_valid_french_localisation(harness) -> None:
    french = command_texts("fr")
    for command in harness.bot.tree.get_commands():
        for kind, text in _locale_strings(command):
            assert text in french, f"no French for {text!r}"
            value = french[text]
            if kind == "name":
                assert NAME_RE.match(value) and value == value.lower(), value
            else:
                assert 1 <= len(value) <= 100, value


async def test_translated_payload_carries_french(harness) -> None:
    translator = Translator()
    payload = await harness.bot.tree.get_command("game").get_translated_payload(
        harness.bot.tree, translator)
    assert payload["name_localizations"]["fr"] == "partie"
    create = next(o for o in payload["options"] if o["name"] == "create")
    assert create["name_localizations"]["fr"] == "créer"
    assert "en-US" not in payload["name_localizations"]


def test_no_json_catalogue_is_left() -> None:
    """The catalogues are Fluent: a JSON one is not read (``python -m tools.i18n_to_fluent``
    converts it)."""
    assert not sorted((ROOT / "bot" / "i18n").rglob("*.json"))
