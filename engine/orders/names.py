"""Name resolution for places and powers: ids, English and French names, aliases, with or
without accents, any case, unique prefixes (an ambiguous name is refused with candidates)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache

from engine.maps import Map


def fold(text: str) -> str:
    """Lowercase, strip accents, unify apostrophes/dashes and spaces."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.lower().replace("’", "'").replace("`", "'")
    text = re.sub(r"[\s_.\-]+", " ", text)
    return text.strip()


@dataclass(frozen=True)
class Ambiguous(Exception):
    text: str
    candidates: tuple[str, ...]


_COAST_WORDS = {
    "nc": "nc", "sc": "sc", "ec": "ec", "wc": "wc",
    "cn": "nc", "cs": "sc", "ce": "ec",
    "north coast": "nc", "south coast": "sc", "east coast": "ec",
    "cote nord": "nc", "cote sud": "sc", "cote est": "ec",
    "north": "nc", "south": "sc", "east": "ec", "nord": "nc", "sud": "sc", "est": "ec",
    "n": "nc", "s": "sc", "e": "ec",
}


@cache
def _place_index(game_map: Map) -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    exact: dict[str, str] = {}
    for p in game_map.provinces.values():
        for name in (p.id, p.name_en, p.name_fr, *p.aliases):
            exact.setdefault(fold(name), p.id)
    # prefix search runs over full names only (ids and aliases are exact tokens)
    names = tuple(sorted({(fold(n), p.id) for p in game_map.provinces.values()
                          for n in (p.name_en, p.name_fr)}))
    return exact, names


def resolve_province(text: str, game_map: Map) -> str | None:
    """Province id for ``text`` or None; raises Ambiguous when a prefix fits several."""
    key = fold(text)
    if not key:
        return None
    exact, names = _place_index(game_map)
    if key in exact:
        return exact[key]
    for article in ("la ", "le ", "l'", "les ", "the ", "de ", "du ", "d'", "des "):
        if key.startswith(article) and fold(key[len(article):]) in exact:
            return exact[fold(key[len(article):])]
    if len(key) < 3:
        return None
    hits = sorted({pid for name, pid in names if name.startswith(key)})
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise Ambiguous(text, tuple(hits))
    return None


_LOC = re.compile(r"^(?P<prov>.+?)\s*(?:[/(]\s*(?P<c1>[a-z ]+?)\s*\)?|\s+(?P<c2>nc|sc|ec|cn|cs|ce|"
                  r"north coast|south coast|east coast|cote nord|cote sud|cote est))\s*$")


def normalise_location(text: str, game_map: Map) -> str | None:
    """``Spa(nc)``, ``spa nc``, ``spa/nc``, ``Espagne côte nord`` -> ``spa/nc``; None if unknown.
    Raises Ambiguous for an ambiguous name."""
    raw = fold(text.replace("(", " (").replace(")", ") "))
    m = _LOC.match(raw)
    if m:
        coast = _COAST_WORDS.get((m.group("c1") or m.group("c2") or "").strip())
        prov = resolve_province(m.group("prov"), game_map)
        if prov is not None and coast is not None:
            if coast in game_map.provinces[prov].coasts:
                return f"{prov}/{coast}"
            # a coast on a one-coast province is redundant (DATC 6.B.2/6.B.3 keep the move)
            return prov if not game_map.provinces[prov].coasts else None
    return resolve_province(raw.replace("(", "").replace(")", ""), game_map)


@cache
def _power_index(game_map: Map) -> dict[str, str]:
    out: dict[str, str] = {}
    for p in game_map.powers:
        for name in (p.id, p.name_en, p.name_fr, p.abbrev, *p.aliases):
            out[fold(name)] = p.id
    return out


def resolve_power(text: str, game_map: Map) -> str | None:
    key = fold(text)
    idx = _power_index(game_map)
    if key in idx:
        return idx[key]
    hits = sorted({pid for name, pid in idx.items() if len(key) >= 3 and name.startswith(key)})
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise Ambiguous(text, tuple(hits))
    return None
