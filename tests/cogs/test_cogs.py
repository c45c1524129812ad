"""Walk every extension (python-discord's tests/bot/exts/test_cogs.py): the extensions are
the packages under cogs/ with a ``setup`` (found, not listed), every command name is unique
at its level, in English and in French, and syncing sends them all."""

from __future__ import annotations

import ast
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from discord import app_commands

import cogs
from bot.client import EXTENSIONS, discover_extensions
from bot.i18n import command_texts
from tests.e2e.harness import CHANNEL_ID, Member, running_bot

COGS = Path(cogs.__file__).resolve().parent
PLAYER = Member(2001, "p0")


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


def _has_setup(init: Path) -> bool:
    tree = ast.parse(init.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef) and node.name == "setup"
               for node in tree.body)


def test_the_extensions_are_the_packages_under_cogs_with_a_setup() -> None:
    packages = sorted(f"cogs.{d.name}" for d in COGS.iterdir()
                      if (d / "__init__.py").is_file() and not d.name.startswith("_"))
    assert EXTENSIONS == discover_extensions() == tuple(
        p for p in packages if _has_setup(COGS / p.split(".")[1] / "__init__.py"))
    assert {"cogs.game", "cogs.orders", "cogs.draw", "cogs.press", "cogs.gm", "cogs.duel",
            "cogs.imperialisme"} <= set(EXTENSIONS)


PROBE = '''
from discord import app_commands
from discord.ext import commands


class ProbeCog(commands.Cog):
    @app_commands.command(name="probe", description="A probe")
    async def probe(self, interaction) -> None:
        await interaction.response.send_message("probe")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ProbeCog())
'''


@pytest.fixture
def probe_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A package ``cogs.zz_probe`` with a setup, and ``cogs._private`` and ``cogs.no_setup``
    without one that counts, in a second folder of the ``cogs`` package."""
    for name, text in (("zz_probe", PROBE), ("_private", PROBE), ("no_setup", "X = 1\n")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(text, encoding="utf-8")
    monkeypatch.setattr(cogs, "__path__", [*cogs.__path__, str(tmp_path)])
    yield "cogs.zz_probe"
    for name in ("cogs.zz_probe", "cogs._private", "cogs.no_setup"):
        sys.modules.pop(name, None)


def test_a_new_package_under_cogs_is_discovered(probe_package: str) -> None:
    found = discover_extensions()
    assert probe_package in found and found == tuple(sorted(found))
    assert "cogs._private" not in found and "cogs.no_setup" not in found


async def test_a_new_package_under_cogs_is_loaded_at_start(probe_package: str,
                                                          database_url: str) -> None:
    async with running_bot(database_url) as h:
        assert probe_package in h.bot.extensions
        calls = await h.slash(PLAYER, "probe", channel_id=CHANNEL_ID)
        assert calls[0].content == "probe"
