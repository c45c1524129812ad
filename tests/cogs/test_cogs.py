"""Walk every extension (python-discord's tests/bot/exts/test_cogs.py): every command name
is unique at its level, in English and in French, and syncing sends them all."""

from __future__ import annotations

from collections import Counter

from discord import app_commands

from bot.client import EXTENSIONS
from bot.i18n import command_texts


def names(commands: list, french: dict[str, str]) -> list[tuple[str, str]]:
    out = []
    for c in commands:
        english = c.name
        out.append((english, french.get(c._locale_name.message if c._locale_name else english,
                                        english)))
    return out


def walk(commands: list, french: dict[str, str], path: str = "/") -> None:
    pairs = names(commands, french)
    for i, lang in enumerate(("en", "fr")):
        counts = Counter(p[i] for p in pairs)
        clashes = [n for n, k in counts.items() if k > 1]
        assert not clashes, f"clashing {lang} command names under {path}: {clashes}"
    for c in commands:
        if isinstance(c, app_commands.Group):
            walk(c.commands, french, f"{path}{c.name} ")


async def test_no_clashing_command_names(harness) -> None:
    loaded = set(harness.bot.extensions)
    assert loaded == set(EXTENSIONS)
    top = harness.bot.tree.get_commands()
    assert {c.name for c in top} >= {"game", "orders", "order", "ready", "map", "draw",
                                     "press", "gm"}
    walk(top, command_texts("fr"))


async def test_sync_pushes_every_command_with_localisations(harness) -> None:
    synced = await harness.bot.sync_commands()
    sent = harness.fake.commands_synced
    assert {c["name"] for c in sent} == {c.name for c in harness.bot.tree.get_commands()}
    assert len(synced) == len(sent)
    assert all(c.get("name_localizations", {}).get("fr") for c in sent)
