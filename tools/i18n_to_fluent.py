"""Turn the JSON catalogues (``bot/i18n/<language>.json``, ``bot/i18n/<part>/<language>.json``,
``{"messages": {key: str.format text}, "commands": {English: French}}``) into the Fluent files
beside them, then delete the JSON.

A ``.ftl`` that already exists keeps its messages as they are (plural selectors written by
hand): only keys it lacks are appended. Every converted message is checked by formatting it
with Fluent and with ``str.format`` and comparing.

    python -m tools.i18n_to_fluent            # convert and delete the JSON
    python -m tools.i18n_to_fluent --keep     # convert, keep the JSON
"""

from __future__ import annotations

import argparse
import json
import re
import string
import sys
from pathlib import Path

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser, ast

from bot.i18n.ftl import fluent_id, message_from_format, serialize

ROOT = Path(__file__).resolve().parents[1] / "bot" / "i18n"


def _command_id(part: str, english: str, taken: set[str]) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", english.lower()).strip("-")[:48].strip("-") or "text"
    base = f"command-{part}-{slug}" if part else f"command-{slug}"
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    taken.add(name)
    return name


def _check(language: str, key: str, text: str, entry: ast.Message) -> None:
    """The Fluent message says what the ``str.format`` text said."""
    fields = {f for _, f, spec, _ in string.Formatter().parse(text) if f}
    values = {f: f"<{f}>" for f in fields}
    bundle = FluentBundle([language], use_isolating=False)
    bundle.add_resource(FluentResource(serialize([entry])))
    message = bundle.get_message(entry.id.name)
    assert message.value is not None
    got, errors = bundle.format_pattern(message.value, values)
    want = "".join(
        lit + ("" if f is None or spec == ".0" else values[f])
        for lit, f, spec, _ in string.Formatter().parse(text))
    if errors or got != want:
        raise SystemExit(f"{key} ({language}): {got!r} != {want!r} {errors}")


def convert(path: Path, keep: bool) -> int:
    language = path.stem
    part = "" if path.parent == ROOT else path.parent.name
    target = path.with_suffix(".ftl")
    existing = target.read_text(encoding="utf-8") if target.exists() else ""
    taken = {e.id.name for e in FluentParser().parse(existing).body
             if isinstance(e, ast.Message)}
    data = json.loads(path.read_text(encoding="utf-8"))
    entries: list[ast.EntryType] = []
    for key, text in data.get("messages", {}).items():
        if "-" in key:
            raise SystemExit(f"{path}: a key with a dash cannot be a Fluent id: {key}")
        if fluent_id(key) in taken:
            continue
        entry = message_from_format(key, text)
        _check(language, key, text, entry)
        entries.append(entry)
    commands = [(en, other) for en, other in data.get("commands", {}).items()
                if en != other or language != "en"]
    known_sources = set(re.findall(r"^\s+\.source = (.*)$", existing, re.M))
    for english, other in commands:
        if english in known_sources:
            continue
        entry = message_from_format("x", other.replace("{", "{{").replace("}", "}}"))
        entry.id = ast.Identifier(_command_id(part, english, taken))
        source = message_from_format("x", english.replace("{", "{{").replace("}", "}}"))
        assert source.value is not None
        entry.attributes = [ast.Attribute(ast.Identifier("source"), source.value)]
        entries.append(entry)
    if entries:
        if not existing:
            entries.insert(0, ast.ResourceComment(
                f"{'Catalogue' if not part else part + ' catalogue'} ({language}). Keys: the "
                "catalogue key with dashes for dots. Command localisations carry their "
                "English text in .source."))
        text = serialize(entries)
        target.write_text(existing.rstrip("\n") + ("\n\n" if existing else "") + text,
                          encoding="utf-8")
    if not keep:
        path.unlink()
    return len(entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the JSON files")
    args = parser.parse_args(argv)
    paths = sorted(ROOT.glob("*.json")) + sorted(ROOT.glob("*/*.json"))
    for path in paths:
        n = convert(path, args.keep)
        print(f"{path.relative_to(ROOT)}: {n} entries converted", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
