"""From the old ``str.format`` texts to Fluent: a dotted catalogue key to a Fluent message id,
and a ``{field}`` template to a Fluent pattern. Used by ``tools/i18n_to_fluent.py`` (the JSON
catalogues once) and at load time for the engine's rule texts (``engine.errors`` tables keep
``str.format`` because the JSON contract answers with them too)."""

from __future__ import annotations

import string

from fluent.syntax import FluentSerializer, ast

# a Fluent identifier is [a-zA-Z][a-zA-Z0-9_-]*: no dots, so a dot becomes a dash (no key
# has a dash: the converter checks)
KEY_SEP, ID_SEP = ".", "-"

# characters Fluent reads as syntax where a text line starts (a variant, an attribute) or
# anywhere (a placeable)
_LINE_START_SPECIAL = ("[", "*", ".")


def fluent_id(key: str) -> str:
    return key.replace(KEY_SEP, ID_SEP)


def catalogue_key(message_id: str) -> str:
    return message_id.replace(ID_SEP, KEY_SEP)


def _literal(text: str) -> ast.Placeable:
    return ast.Placeable(ast.StringLiteral(text.replace("\\", "\\\\").replace('"', '\\"')))


def _text(text: str, elements: list[ast.TextElement | ast.Placeable], at_line_start: bool,
          then_field: bool) -> bool:
    """Append ``text`` to ``elements`` with what Fluent would misread (or drop: spaces that
    start or end a line) quoted as string literals; returns whether the text ends at a line
    start. ``then_field``: a field follows the text on its line."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if i:
            elements.append(ast.TextElement("\n"))
            at_line_start = True
        if not line:
            continue
        if at_line_start:
            stripped = line.lstrip(" ")
            lead = line[: len(line) - len(stripped)]
            if lead or stripped[:1] in _LINE_START_SPECIAL:
                head = lead + stripped[:1]
                elements.append(_literal(head))
                line = stripped[1:]
            if not line:
                at_line_start = False
                continue
        tail = line if then_field and i == len(lines) - 1 else line.rstrip(" ")
        if tail:
            elements.append(ast.TextElement(tail))
        if tail != line:
            elements.append(_literal(line[len(tail):]))
        at_line_start = False
    return at_line_start


def pattern_from_format(text: str) -> ast.Pattern:
    """The Fluent pattern of a ``str.format`` template: ``{power}`` -> ``{ $power }``; a
    field formatted away (``{message_fr:.0}``, the old way to accept and drop a parameter)
    disappears."""
    elements: list[ast.TextElement | ast.Placeable] = []
    at_line_start = True
    for literal, field, spec, _conversion in string.Formatter().parse(text):
        if literal:
            at_line_start = _text(literal, elements, at_line_start,
                                  field is not None and spec != ".0")
        if field is None:
            continue
        if spec == ".0":
            continue
        elements.append(ast.Placeable(ast.VariableReference(ast.Identifier(field))))
        at_line_start = False
    if not elements:
        elements.append(_literal(""))
    return ast.Pattern(elements)


def message_from_format(key: str, text: str) -> ast.Message:
    return ast.Message(ast.Identifier(fluent_id(key)), value=pattern_from_format(text))


def serialize(entries: list[ast.EntryType]) -> str:
    return str(FluentSerializer(with_junk=True).serialize(ast.Resource(entries)))
