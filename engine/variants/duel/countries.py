"""The seven countries of a duel: names, starting credits, choice by ranked lists.

Seed 001 rules 2, 3 and 5; docs/RULES.md §5.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.maps import Map, load_map
from engine.orders.names import Ambiguous, resolve_power
from engine.variants.duel.errors import DuelError, Local, join_local

COUNTRIES: tuple[str, ...] = ("england", "france", "germany", "italy", "austria", "russia",
                              "turkey")

# docs/RULES.md §5.5: "Angleterre, France, Russie et Turquie 20, Allemagne 22, Autriche et Italie 24"
STARTING_CREDITS: dict[str, int] = {"england": 20, "france": 20, "russia": 20, "turkey": 20,
                                    "germany": 22, "austria": 24, "italy": 24}


def classic_map() -> Map:
    return load_map("classic")


def country_name(country: str) -> Local:
    power = classic_map().power(country)
    return Local(power.name_en, power.name_fr)


def home_centers(country: str) -> tuple[str, ...]:
    return classic_map().home_centers(country)


def minors_of(countries: Iterable[str]) -> tuple[str, ...]:
    """The five minor powers: every country neither player controls (docs/RULES.md §5.2)."""
    players = set(countries)
    return tuple(c for c in COUNTRIES if c not in players)


def parse_country(text: str) -> str:
    """``FRA``, ``france``, ``Allemagne``, ``autriche-hongrie``, ``Turquie`` -> a country id
    (any case, accents optional, abbreviations and unique prefixes); DuelError otherwise."""
    name = text.strip()
    try:
        country = resolve_power(name, classic_map())
    except Ambiguous as exc:
        raise DuelError("ambiguous_country", {
            "name": name, "candidates": join_local([country_name(c) for c in exc.candidates])
        }) from None
    if country is None or country not in COUNTRIES:
        raise DuelError("unknown_country", {"name": name})
    return country


_RANK_PREFIX = re.compile(r"^\s*(?:#?\d+\s*[.):-]?\s+|#?\d+\s*[.):-])")


def _split_list(text: str) -> list[str]:
    parts = [p.strip() for p in re.split(r"[,;\n>|/]+", text) if p.strip()]
    if len(parts) == 1 and len(parts[0].split()) > 1:
        # "FRA ENG GER ..." typed with spaces only; a two-word name then needs its dash
        parts = parts[0].split()
    out = []
    for part in parts:
        part = _RANK_PREFIX.sub("", part).strip()  # "1. France", "2) Angleterre"
        if part:
            out.append(part)
    return out


def parse_preferences(text: str) -> tuple[str, ...]:
    """A ranked list of the seven countries typed by a player (docs/RULES.md §5.3): every
    country exactly once, best first. Separators: , ; > / newlines (or spaces alone)."""
    names = _split_list(text)
    if not names:
        raise DuelError("empty_preferences")
    ranked: list[str] = []
    for name in names:
        country = parse_country(name)
        if country in ranked:
            raise DuelError("duplicate_country", {"country": country_name(country)})
        ranked.append(country)
    missing = [c for c in COUNTRIES if c not in ranked]
    if missing:
        raise DuelError("missing_countries",
                        {"countries": join_local([country_name(c) for c in missing])})
    return tuple(ranked)


@dataclass(frozen=True)
class CountryChoice:
    """Who plays which country, and how it was decided."""

    country_a: str
    country_b: str
    rank: int | None  # 1-based rank that decided; None when lots were drawn
    drawn: bool
    lot_winner: str | None  # "a" | "b" when lots were drawn


def assign_countries(prefs_a: tuple[str, ...] | list[str], prefs_b: tuple[str, ...] | list[str],
                     rng: random.Random) -> CountryChoice:
    """Seed 001 rule 3: different first choices -> each gets theirs; same first choices but
    different second choices -> each gets their second; and so on: the first rank where the
    lists differ decides. Identical lists -> lots (``rng``): the winner gets its first choice,
    the loser its second."""
    for a, b in ((prefs_a, "a"), (prefs_b, "b")):
        if sorted(a) != sorted(COUNTRIES):
            raise ValueError(f"preference list {b} must rank all seven countries: {a!r}")
    for rank, (ca, cb) in enumerate(zip(prefs_a, prefs_b, strict=True), start=1):
        if ca != cb:
            return CountryChoice(ca, cb, rank, drawn=False, lot_winner=None)
    a_wins = rng.random() < 0.5
    first, second = prefs_a[0], prefs_a[1]
    return CountryChoice(first if a_wins else second, second if a_wins else first, None,
                         drawn=True, lot_winner="a" if a_wins else "b")
