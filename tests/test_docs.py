"""The documents a user has are the ones the texts point at.

Player texts cite rules as "(rules §3.5.3)" / "(règles §3.5.3)": sections of docs/RULES.md,
which must exist. No text cites the French rulebooks the rules were written from by their
working names ("seed 004"), and nothing in the repository points outside it (the rulebooks
and design notes a user never has). The README stays the short page a newcomer reads.
"""

from __future__ import annotations

import ast
import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
CATALOGUES = sorted((ROOT / "bot" / "i18n").rglob("*.ftl"))
# a rulebook's working name: "seed 004", "seeds 002/004" (a random draw's seed is a word)
ROOT_SOURCE = re.compile(r"\bseeds?\s+\d", re.IGNORECASE)
OUTSIDE = "../" + "shared"  # spelt in two so that this file does not name it
SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)")
CITATION = re.compile(r"\((?:rules|règles) §\d")
PLAYER_CODE = ("bot", "cogs", "engine", "web")


@cache
def rule_sections() -> frozenset[str]:
    """Every section number of docs/RULES.md: a heading's leading number, or a (§N) in it."""
    found: set[str] = set()
    for line in RULES.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            continue
        title = line.lstrip("#").strip()
        lead = re.match(r"(\d+(?:\.\d+)*)\.?\s", title)
        if lead:
            found.add(lead.group(1))
        found.update(SECTION.findall(title))
    return frozenset(found)


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in out.decode().split("\0") if name]


def text_of(path: Path) -> str | None:
    try:
        data = path.read_bytes()
    except OSError:  # listed but absent (deleted in the work tree)
        return None
    if b"\0" in data[:4096]:
        return None
    return data.decode("utf-8", errors="replace")


def player_strings(path: Path) -> list[tuple[int, str]]:
    """String constants of a module that are not docstrings: what code may send a player."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            docstrings.add(id(body[0].value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def test_rules_document_has_numbered_sections() -> None:
    sections = rule_sections()
    # the sections the texts cited before the document was the project's own
    for kept in ("2.14.3", "2.14.4", "3.4.2", "3.4.7", "3.5.2", "3.5.3", "3.6", "3.8",
                 "4.1.1"):
        assert kept in sections, kept


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_catalogue_cites_rules_that_exist(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not ROOT_SOURCE.search(text), ROOT_SOURCE.search(text)
    assert "RULES.md" not in text and "DESIGN.md" not in text
    for number, line in enumerate(text.splitlines(), 1):
        for cited in SECTION.findall(line):
            assert cited in rule_sections(), f"{path.name}:{number} cites §{cited}"
        if "§" in line:  # said as a reader knows it: "(rules §3.5.3)", "(règles §3.5.3)"
            assert CITATION.search(line), f"{path.name}:{number}: {line.strip()}"


def test_code_sends_no_rulebook_name_to_players() -> None:
    bad: list[str] = []
    for top in PLAYER_CODE:
        for path in sorted((ROOT / top).rglob("*.py")):
            for line, value in player_strings(path):
                where = f"{path.relative_to(ROOT)}:{line}"
                if ROOT_SOURCE.search(value) or "RULES.md" in value or "DESIGN.md" in value:
                    bad.append(f"{where} {value!r}")
                bad += [f"{where} cites §{c}" for c in SECTION.findall(value)
                        if c not in rule_sections()]
    assert not bad, "\n".join(bad)


def test_references_to_rule_sections_exist() -> None:
    """Comments, docs and data that cite "docs/RULES.md §N" name a section it has."""
    cite = re.compile(r"docs/RULES\.md(?: pins)? §(\d+(?:\.\d+)*)")
    bad = []
    for path in tracked_files():
        if path.suffix not in (".py", ".md", ".json", ".ftl", ".toml", ".txt"):
            continue
        text = text_of(path)
        if text is None:
            continue
        bad += [f"{path.relative_to(ROOT)}: §{c}" for c in cite.findall(text)
                if c not in rule_sections()]
    assert not bad, bad


def test_references_to_architecture_sections_exist() -> None:
    """A comment citing a section of docs/ARCHITECTURE.md by its title names a heading."""
    headings = [line.lstrip("#").strip() for line in
                (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("#")]
    cite = re.compile(r'docs/ARCHITECTURE\.md "([^"]+)"')
    bad = []
    for path in tracked_files():
        if path.suffix != ".py" or (text := text_of(path)) is None:
            continue
        bad += [f"{path.relative_to(ROOT)}: {c}" for c in cite.findall(text)
                if not any(h.startswith(c) for h in headings)]
    assert not bad, bad


def test_nothing_points_outside_the_repository() -> None:
    named = [str(path.relative_to(ROOT)) for path in tracked_files()
             if (text := text_of(path)) is not None and OUTSIDE in text]
    assert not named, named


def test_docs_linked_from_readme_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for link in re.findall(r"\]\(((?:docs/)?[\w./-]+\.md)\)", readme):
        assert (ROOT / link).exists(), link
    for name in ("PLAYING.md", "ENGINE.md", "BENCHMARKS.md", "RULES.md", "DEPLOY.md"):
        assert f"docs/{name}" in readme, name


def test_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, len(lines)
    wide = [(n, len(line)) for n, line in enumerate(lines, 1) if len(line) > 100]
    assert not wide, wide
