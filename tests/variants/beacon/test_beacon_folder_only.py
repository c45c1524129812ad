"""Beacon Diplomacy is added from this folder alone: no code, catalogue, board or setting
outside it names it (no list of variants, commands, post kinds or texts to extend). With
the tests of this folder, which run it against the project as it is, this fails as soon as
a file outside the folder would have to change."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
# what the project runs or reads; the documentation may cite it as the worked example
SOURCES = ("engine", "bot", "cogs", "tools", "web", "assets", "tests")
ROOT_FILES = ("pyproject.toml", ".importlinter", "alembic.ini", "Makefile", "setup.cfg")
SUFFIXES = {".py", ".ftl", ".json", ".toml", ".ini", ".cfg", ".js", ".html", ".css", ".txt"}


def test_no_file_outside_this_folder_names_it() -> None:
    files = [ROOT / name for name in ROOT_FILES if (ROOT / name).is_file()]
    for top in SOURCES:
        files += [p for p in (ROOT / top).rglob("*") if p.is_file() and p.suffix in SUFFIXES
                  and "__pycache__" not in p.parts]
    outside = [p for p in files if HERE not in p.parents]
    assert len(outside) > 100, "the project's files were found"
    naming = [str(p.relative_to(ROOT)) for p in outside
              if "beacon" in p.read_text(encoding="utf-8", errors="ignore").lower()]
    assert naming == []
