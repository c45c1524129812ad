"""A message that names a command names it as the reader's Discord shows it: a French client
lists ``/partie rejoindre``, not ``/game join`` (the names come from the synced commands and
their localisations, so a renamed command cannot leave a message behind)."""

from __future__ import annotations

import re
from typing import Any

from bot.i18n import LANGUAGES, messages
from tests.e2e.harness import Harness

WORD = r"[\w\-àâçéèêëîïôûùüÿœ]+"
MENTION = re.compile(rf"(?<![\w/.:])/({WORD})(?: ({WORD}))?")


def _paths(commands: list[dict[str, Any]], language: str) -> tuple[set[str], set[str]]:
    """(every command path as ``language`` shows it, the paths that have sub-commands)."""
    def name(c: dict[str, Any]) -> str:
        return str(c["name"]) if language == "en" else \
            str((c.get("name_localizations") or {}).get(language) or c["name"])

    paths: set[str] = set()
    groups: set[str] = set()

    def walk(items: list[dict[str, Any]], prefix: str) -> None:
        for c in items:
            path = f"{prefix}{name(c)}"
            paths.add(path)
            subs = [o for o in c.get("options") or [] if o.get("type") in (1, 2)]
            if subs:
                groups.add(path)
                walk(subs, path + " ")

    walk(commands, "/")
    return paths, groups


async def test_every_command_a_message_names_is_one_the_reader_can_type(
        harness: Harness) -> None:
    await harness.bot.sync_commands()
    synced = harness.fake.commands_synced
    tops = {p.split(" ")[0] for lang in LANGUAGES for p in _paths(synced, lang)[0]}
    wrong: list[str] = []
    for language in LANGUAGES:
        paths, groups = _paths(synced, language)
        for key, source in messages(language).items():
            for first, second in MENTION.findall(source):
                top = f"/{first}"
                if top not in tops:
                    continue  # a path or a fraction, not a command
                if (f"{top} {second}" if top in groups else top) not in paths:
                    wrong.append(f"{language} {key}: /{first} {second}".strip())
    assert not wrong, wrong
