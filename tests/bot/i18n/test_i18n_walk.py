"""Every message of both languages, as a player reads it: formatted with counts 0, 1, 2 and
5 and plausible words for the other parameters, no raw key, ``None``, ``True``/``False``,
unfilled placeholder or lowercase power id reaches the text; plurals follow CLDR (French
"one" is 0 and 1)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, messages, render, t

# parameters that are numbers wherever they appear
NUMBERS = {
    "count", "number", "missed", "seconds", "hours", "max", "min", "centres", "units",
    "credits", "total", "influence", "weight", "lost", "length", "rank", "year", "seq",
    "game_id", "position", "every", "id", "exchange_id", "territories", "seed",
}
POWER_IDS = ("england", "france", "germany", "italy", "austria", "russia", "turkey")
RAW = re.compile(r"\{|\}|\$[a-z_]+|\bNone\b|\bTrue\b|\bFalse\b")


def variables(source: str) -> set[str]:
    return set(re.findall(r"\$([A-Za-z][\w-]*)", source))


def _value(name: str, count: int) -> object:
    if name in NUMBERS:
        return count
    return f"Word{name.title().replace('_', '')}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_every_message_reads_as_words(language: str, count: int) -> None:
    bad = []
    for key, source in messages(language).items():
        params = {name: _value(name, count) for name in variables(source)}
        text, errors = render(key, language, params)
        problems = [str(e) for e in errors]
        if key in text or not text.strip():
            problems.append("raw key or empty")
        problems += RAW.findall(text)
        problems += [w for w in POWER_IDS if re.search(rf"(?<![\w/`]){w}\b", text)]
        if problems:
            bad.append(f"{key} ({language}, {count}): {problems}: {text!r}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(("language", "count", "text"), [
    ("en", 0, "(0 players signed up)"), ("en", 1, "(1 player signed up)"),
    ("en", 2, "(2 players signed up)"), ("fr", 0, "(0 joueur inscrit)"),
    ("fr", 1, "(1 joueur inscrit)"), ("fr", 2, "(2 joueurs inscrits)"),
    ("fr", 5, "(5 joueurs inscrits)"),
])
def test_plural_follows_cldr(language: str, count: int, text: str) -> None:
    assert text in t("join.done_count", language, name="Partie", count=count)


def test_numbers_read_in_the_language() -> None:
    assert t("error.cooldown", "fr", seconds=1.0).endswith(" 1 s.")
    assert "15,5" in t("error.cooldown", "fr", seconds=15.5)
    assert "15.5" in t("error.cooldown", "en", seconds=15.5)
    # a game number or a year is never grouped
    assert "1901" in t("error.game.not_found", "fr", game_id=1901)


def test_engine_rule_texts_are_in_the_catalogue() -> None:
    en, fr = messages("en"), messages("fr")
    rules = [k for k in en if k.startswith("error.rule.classic.")]
    assert rules and all(k in fr for k in rules)


def test_a_game_status_is_said_in_words() -> None:
    en = t("error.game.wrong_status", "en", status="finished", expected="active, paused")
    fr = t("error.game.wrong_status", "fr", status="finished", expected="active, paused")
    assert en.startswith("The game is finished;") and "active" not in en
    assert fr.startswith("La partie est terminée\u202f;") and "paused" not in fr
    assert "while it is in play" in t("error.game.wrong_status", "en", status="signup",
                                      expected="active")
