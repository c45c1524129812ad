"""What a newcomer types first: ``python -m bot --help`` and each command's ``--help`` say in
one line what it does; ``make help`` lists every target."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import COMMANDS, _load_plugins, build_parser

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {"check", "invite", "key", "migrate", "rekey", "run", "sync", "worker"}


def test_every_command_has_a_one_line_description() -> None:
    _load_plugins()
    assert set(COMMANDS) >= EXPECTED
    parser = build_parser()
    top = parser.format_help()
    for name, command in COMMANDS.items():
        assert command.help and "\n" not in command.help and len(command.help) <= 100, name
        assert name in top
        sub = next(a for a in parser._subparsers._group_actions  # type: ignore[union-attr]
                   ).choices[name]
        assert sub.description == command.help
        assert command.help in " ".join(sub.format_help().split())


def test_the_help_of_a_command_runs() -> None:
    proc = subprocess.run([sys.executable, "-m", "bot", "rekey", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0 and "move every sealed value" in proc.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_help_lists_every_target() -> None:
    makefile = (ROOT / "Makefile").read_text()
    phony = re.search(r"^\.PHONY: (.*)$", makefile, re.M)
    assert phony is not None
    proc = subprocess.run(["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=True)
    listed = {line.split()[1] for line in proc.stdout.splitlines() if line.strip()}
    assert listed == set(phony.group(1).split())
