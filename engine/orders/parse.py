"""Order parser: what a player writes, in English or French, short or long form -> order values.

Accepted (case, accents and spacing do not matter):
- short forms ``A Par-Bur``, ``F NTH C A LON-BEL``, ``A BUR S A PAR-MAR``, ``A MUN H``,
  ``A LON - BEL via convoy``, ``F TRI R ALB``, ``F TRI D``, ``Build F stp/nc``, ``Remove F KIE``,
  ``Waive``; DATC text ``ENG: F nth -> pic``, ``F nth convoys yor -> yor``, coasts ``spa(nc)``;
- the French correspondence forms of seed 004 (``A SIL S RUSSIE A VAR-PRU``, ``F MOC - ESP CS``,
  ``construire F BRE, A PAR, A MAR``, ``retirer F(HOL)``, ``A VIE fait retraite à BUD, TRI, GAL``)
  and its report notation (``A ROU=BUL`` succeeded, ``A BUL:ROU`` failed: both are moves, §4.1.1);
- the long forms of seed 002 (``L'armée de Rome tient``, ``La flotte de Kiel soutient l'armée Ruhr
  vers la Hollande``, ``Flotte Mer du Nord convoie l'armée Yorkshire vers la Norvège``).

The parser only reads: which unit exists, its real type and a missing coast are settled against
the position by ``engine.orders.validate`` (docs/RULES.md §3.5.2). A retreat written ``F TRI - ALB``
stays a Move and a winter ``disband`` stays a Disband: the validator maps them by phase.
Anything that cannot be read raises ``OrderError`` (code, offending words, suggestion) and
nothing else: an ambiguous name is refused ("un ordre ambigu est sans effet", docs/RULES.md §2.7.4).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from bisect import bisect_left
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache

from engine.maps import Kind, Map, province_of
from engine.orders.errors import OrderError
from engine.orders.names import fold
from engine.orders.types import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Remove,
    Retreat,
    RetreatList,
    Support,
    Waive,
)

MAX_CHARS = 400  # one line; longer is refused before any work (keeps parsing bounded)
MAX_TOKENS = 120
MAX_WAIVES = 34  # "waive 3": never more than there are centres
# fuzzy suggestions cost ~0.5 ms each (difflib over every name): a sheet gets this many new
# ones, so that fifty lines of gibberish are checked as fast as a real sheet
MAX_SUGGESTIONS = 8
_suggestions_left: ContextVar[int | None] = ContextVar("suggestions_left", default=None)


@dataclass(frozen=True)
class ParsedLine:
    """One order of a submission: the text it came from, the order or the error."""

    text: str
    order: Order | None
    error: OrderError | None
    power: str | None = None  # from a header ("England:", "–Allemagne–") or a line prefix
    line: int = 0  # 1-based line number in the submitted text


# -- vocabulary (folded: lowercase, no accents) -----------------------------------------------


def _phrases(*items: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Phrase table keyed by first token, longest phrases first (greedy matching)."""
    table: dict[str, list[tuple[str, ...]]] = {}
    for item in items:
        words = tuple(item.split(" "))
        table.setdefault(words[0], []).append(words)
    return {k: tuple(sorted(v, key=len, reverse=True)) for k, v in table.items()}


_TYPES = {"a": "A", "army": "A", "armee": "A", "armees": "A", "armies": "A", "armée": "A",
          "f": "F", "fleet": "F", "fleets": "F", "flotte": "F", "flottes": "F", "flt": "F",
          "fl": "F", "?": None}
_LONG_TYPES = frozenset(k for k in _TYPES if len(k) > 1 and k != "?")
# before a unit: "L'armée", "la flotte", "the fleet", "une armée" ("a fleet" is handled apart)
_ARTICLES = frozenset({"l'", "la", "le", "les", "the", "un", "une", "an"})
# between the unit type and its place: "L'armée de Rome", "Flotte de la Mer d'Irlande"
_LINKS = frozenset({"de", "d'", "du", "des", "of", "in", "at", "en", "a", "from", "dans", "au",
                    "aux", "on", "la", "le", "l'", "les", "the"})
_HOLD = _phrases("h", "hold", "holds", "hld", "stand", "stands", "stay", "stays", "tient",
                 "tiens", "tenir", "tient sa position", "hold position", "holds position",
                 "reste", "reste sur place", "reste en place", "rester", "rester sur place",
                 "maintient", "maintien", "se maintient", "ne bouge pas", "defend", "defends")
_SUPPORT = _phrases("s", "sup", "supp", "support", "supports", "supporte", "supportes",
                    "supporter", "soutient", "soutien", "soutiens", "soutenir", "appuie")
_CONVOY = _phrases("c", "convoy", "convoys", "convoie", "convoient", "convoi", "convoye",
                   "convoyer", "transporte", "transports", "carries")
_RETREAT = _phrases("r", "retreat", "retreats", "fait retraite", "faire retraite", "retraite",
                    "bat en retraite", "battre en retraite", "se replie", "replie", "repli")
_DISBAND_AFTER = _phrases("d", "disband", "disbands", "disbanded", "dissoudre", "dissout",
                          "dissous", "dissoute", "se dissout", "est dissoute", "est dissous",
                          "destroy", "destroyed", "detruire", "detruite", "detruit",
                          "dissolution")
_BUILD_AFTER = _phrases("b", "build", "builds", "built", "construire", "construit",
                        "construite", "construction")
_REMOVE_AFTER = _phrases("remove", "removes", "removed", "retirer", "retiree", "retrait",
                         "supprimer", "supprime", "enlever")
_BUILD_FIRST = _phrases("b", "build", "builds", "construire", "construis", "construit",
                        "construction", "construct", "creer", "cree", "new")
_REMOVE_FIRST = _phrases("remove", "retirer", "retire", "retrait", "supprimer", "supprime",
                         "enlever", "enleve")
_DISBAND_FIRST = _phrases("disband", "dissoudre", "dissous", "detruire", "destroy",
                          "dissolution")
_WAIVE = _phrases("waive", "waives", "waived", "renoncer", "renonce", "renonciation", "pass",
                  "passe", "no build", "no builds", "pas de construction",
                  "aucune construction", "skip build", "skip builds")
_WAIVE_FILLER = frozenset({"a", "une", "un", "one", "de", "d'", "build", "builds",
                           "construction", "constructions", "the", "la", "le", "l'"})
_MOVE = _phrases("-", "->", ":", "to", "a", "vers", "en", "au", "aux", "dans", "into", "onto",
                 "towards", "toward", "jusqu'", "jusqu' a", "jusqu' au", "jusqu' en",
                 "jusque", "moves", "moves to", "move", "move to", "m", "goes to", "go to",
                 "va", "va a", "va en", "va vers", "attaque", "attacks", "attack",
                 "se deplace", "se deplace a", "se deplace en", "se deplace vers")
_VIA_CONVOY = _phrases("via convoy", "via convoi", "by convoy", "par convoi", "en convoi",
                       "via convoyage", "convoy", "convoi", "convoye", "convoyee",
                       "convoyed", "by sea", "par mer", "par la mer", "via c")


def _tagged(**tables: dict[str, tuple[tuple[str, ...], ...]]
            ) -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    """One table for several kinds of phrase (one dictionary look-up per position)."""
    out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for tag, table in tables.items():
        for first, phrases in table.items():
            out.setdefault(first, []).extend((ph, tag) for ph in phrases)
    return {k: tuple(sorted(v, key=lambda x: len(x[0]), reverse=True)) for k, v in out.items()}


# what may follow the unit, and what may open a line
_ACTIONS = _tagged(hold=_HOLD, support=_SUPPORT, convoy=_CONVOY, retreat=_RETREAT,
                   disband=_DISBAND_AFTER, build=_BUILD_AFTER, remove=_REMOVE_AFTER, move=_MOVE)
_OPENERS = _tagged(waive=_WAIVE, build=_BUILD_FIRST, remove=_REMOVE_FIRST,
                   disband=_DISBAND_FIRST)
_LIST_SEPS = frozenset({",", "et", "and", "&", "+", "puis", "then", "plus"})
_RETREAT_SEPS = frozenset({",", "ou", "or", "sinon", "puis", "then", "else", "otherwise",
                           "/", "|"})
_COASTS = {"nc": "nc", "sc": "sc", "ec": "ec", "wc": "wc", "cn": "nc", "cs": "sc", "ce": "ec",
           "north": "nc", "south": "sc", "east": "ec", "west": "wc", "nord": "nc", "sud": "sc",
           "est": "ec", "ouest": "wc", "n": "nc", "s": "sc", "e": "ec", "w": "wc",
           "north coast": "nc", "south coast": "sc", "east coast": "ec", "west coast": "wc",
           "cote nord": "nc", "cote sud": "sc", "cote est": "ec", "cote ouest": "wc",
           "c n": "nc", "c s": "sc", "c e": "ec", "n c": "nc", "s c": "sc", "e c": "ec"}
_COAST_PHRASES = _phrases(*_COASTS)
# written right after the place with no bracket or slash: only unmistakable forms, so that
# "F spa S F mao" stays a support ("s" is not read as "south coast")
_BARE_COASTS = _phrases("nc", "sc", "ec", "cn", "cs", "ce", "north coast", "south coast",
                        "east coast", "cote nord", "cote sud", "cote est")
_DASH = frozenset({"-"})
_COLON = frozenset({":"})
_AFTER_BUILD = frozenset({"d'", "de", ":"})
_IGNORED = frozenset({".", "'", '"', "_", "!", "«", "»", "“", "”", "„", "*", "•", "·", "…",
                      "‹", "›", "`"})

_BULLET = re.compile(r"^\s*(?:\(?\d{1,3}[.)]\s+|[•*·▪►>+]+\s*|[-–—]+\s+)")
_TOKEN = re.compile(r"-*>|=+>?|-+|[a-z0-9]+'?|\S")
_WORD0 = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_FOLD_CACHE: dict[str, str] = {}
_SPECIAL = {"’": "'", "‘": "'", "ʼ": "'", "´": "'", "`": "'", "＇": "'",
            "→": "->", "⇒": "->", "➔": "->", "➜": "->", "⟶": "->", "⟹": "->", "↦": "->",
            "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "―": "-", "−": "-", "﹣": "-"}


def _fold_char(c: str) -> str:
    out = _FOLD_CACHE.get(c)
    if out is None:
        out = _SPECIAL.get(c)
        if out is None:
            decomposed = unicodedata.normalize("NFKD", c.lower())
            out = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
        if len(_FOLD_CACHE) < 4096:
            _FOLD_CACHE[c] = out
    return out


def _fold_text(text: str) -> tuple[str, list[int] | None]:
    """Folded text and, when lengths differ, the original index of every folded character."""
    if text.isascii():
        return text.lower().replace("`", "'"), None
    parts: list[str] = []
    where: list[int] = []
    for i, c in enumerate(text):
        f = _fold_char(c)
        parts.append(f)
        where.extend([i] * len(f))
    return "".join(parts), where


# -- names of the map ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Index:
    places: dict[str, str]  # folded id / name / alias -> province id
    prefixes: tuple[str, ...]  # sorted folded full names (prefix search, like names.py)
    prefix_ids: tuple[str, ...]
    powers: dict[str, str]  # folded id / names / abbreviation / aliases -> power id
    power_keys: tuple[str, ...]  # sorted, for unique prefixes ("Ang." -> england)
    display: dict[str, str]  # folded key -> how to show it in a suggestion
    # first tokens of names of several tokens: any other word can only be a one-word name,
    # which spares the span search in the common case ("par", "nth")
    place_heads: frozenset[str]
    power_heads: frozenset[str]


@cache
def _index(game_map: Map) -> _Index:
    places: dict[str, str] = {}
    display: dict[str, str] = {}
    full: set[tuple[str, str]] = set()
    for p in game_map.provinces.values():
        for name in (p.id, p.name_en, p.name_fr, *p.aliases):
            key = fold(name)
            places.setdefault(key, p.id)
            display.setdefault(key, f"{p.id.upper()} ({p.name_en})" if p.name_en == p.name_fr
                               else f"{p.id.upper()} ({p.name_en} / {p.name_fr})")
        full.update((fold(n), p.id) for n in (p.name_en, p.name_fr))
    ordered = sorted(full)
    powers: dict[str, str] = {}
    for pw in game_map.powers:
        for name in (pw.id, pw.name_en, pw.name_fr, pw.abbrev, *pw.aliases):
            powers.setdefault(fold(name), pw.id)
    return _Index(places=places, prefixes=tuple(n for n, _ in ordered),
                  prefix_ids=tuple(i for _, i in ordered), powers=powers,
                  power_keys=tuple(sorted(powers)), display=display,
                  place_heads=_heads(places), power_heads=_heads(powers))


def _heads(keys: dict[str, str]) -> frozenset[str]:
    out = set()
    for key in keys:
        toks = _TOKEN.findall(key)
        if len(toks) > 1:
            out.add(toks[0])
    return frozenset(out)


def _prefix_hits(keys: tuple[str, ...], values: tuple[str, ...] | dict[str, str],
                 key: str) -> list[str]:
    """Distinct values whose key starts with ``key`` (keys sorted)."""
    i = bisect_left(keys, key)
    hits: list[str] = []
    while i < len(keys) and keys[i].startswith(key):
        v = values[i] if isinstance(values, tuple) else values[keys[i]]
        if v not in hits:
            hits.append(v)
        i += 1
    return hits


@cache
def _closest(game_map: Map) -> dict[str, str | None]:
    """Suggestions already computed on ``game_map``: the same typos recur."""
    return {}


def _close_names(idx: _Index, key: str) -> str | None:
    """Up to three names close to ``key`` ("did you mean"), as shown to the player."""
    close = difflib.get_close_matches(key, idx.places.keys(), n=6, cutoff=0.6)
    seen: list[str] = []
    shown: list[str] = []
    for c in close:
        pid = idx.places[c]
        if pid not in seen:
            seen.append(pid)
            shown.append(idx.display[c])
    return ", ".join(shown[:3]) or None


# -- the parser ---------------------------------------------------------------------------------

_Unit = tuple[str | None, str | None, str]  # power, unit type, location


class _Parser:
    __slots__ = ("ends", "folded", "idx", "map", "n", "pos", "starts", "text", "toks", "where")

    def __init__(self, text: str, game_map: Map) -> None:
        self.text = text
        self.map = game_map
        self.idx = _index(game_map)
        self.folded, self.where = _fold_text(text)
        toks: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        for m in _TOKEN.finditer(self.folded):
            t = m.group()
            if t[0] not in _WORD0:
                if t in _IGNORED:
                    continue
                if t[0] in "=>" or t[-1] == ">":
                    t = "->"  # "=", "=>", "->", "-->": a move (docs/RULES.md §4.1.1 uses "=")
                elif t[0] == "-":
                    t = "-"
            toks.append(t)
            a, b = m.span()
            starts.append(a)
            ends.append(b)
        if len(toks) > MAX_TOKENS:
            raise OrderError("too_long", {"length": len(text), "limit": MAX_CHARS},
                             words=text[:40] + "…")
        self.toks, self.starts, self.ends = toks, starts, ends
        self.n = len(toks)
        self.pos = 0

    # -- low level ----------------------------------------------------------------------
    def peek(self, k: int = 0) -> str:
        i = self.pos + k
        return self.toks[i] if i < self.n else ""

    def at_end(self) -> bool:
        return self.pos >= self.n

    def tight(self, i: int) -> bool:
        """No space between token ``i - 1`` and token ``i``."""
        return 0 < i < self.n and self.starts[i] == self.ends[i - 1]

    def words(self, start: int, end: int | None = None) -> str:
        """The original text of tokens ``start``..``end`` (exclusive)."""
        end = self.n if end is None else end
        if start >= self.n or end <= start:
            return ""
        a, b = self.starts[start], self.ends[min(end, self.n) - 1]
        if self.where is not None:
            a, b = self.where[a], self.where[b - 1] + 1
        return self.text[a:b].strip()

    def match(self, table: dict[str, tuple[tuple[str, ...], ...]]) -> int:
        cands = table.get(self.peek())
        if cands:
            toks, pos = self.toks, self.pos
            for phrase in cands:
                if tuple(toks[pos:pos + len(phrase)]) == phrase:
                    return len(phrase)
        return 0

    def which(self, table: dict[str, tuple[tuple[tuple[str, ...], str], ...]]) -> str | None:
        """Tag of the longest phrase of ``table`` written here (consumed), or None."""
        cands = table.get(self.peek())
        if cands:
            toks, pos = self.toks, self.pos
            for phrase, tag in cands:
                if tuple(toks[pos:pos + len(phrase)]) == phrase:
                    self.pos += len(phrase)
                    return tag
        return None

    def accept(self, table: dict[str, tuple[tuple[str, ...], ...]]) -> bool:
        k = self.match(table)
        self.pos += k
        return k > 0

    def skip(self, words: frozenset[str]) -> None:
        while self.pos < self.n and self.toks[self.pos] in words:
            self.pos += 1

    def is_word(self, i: int) -> bool:
        return i < self.n and self.toks[i][0] in _WORD0

    def error(self, code: str, start: int, end: int | None = None,
              suggestion: str | None = None, **params: object) -> OrderError:
        words = self.words(start, end)
        return OrderError(code, {"words": words, **params}, words=words, suggestion=suggestion)

    # -- names --------------------------------------------------------------------------
    def _spans(self, limit: int = 6) -> list[tuple[str, int, bool]]:
        """Keys of the word spans starting here: (key, end, plain) where ``plain`` says the
        span is made of plain words only (prefix search is limited to those)."""
        out: list[tuple[str, int, bool]] = []
        i, key, plain = self.pos, "", True
        while i < self.n and len(out) < limit:
            t = self.toks[i]
            if t == "-" and key and self.tight(i) and self.tight(i + 1) and self.is_word(i + 1):
                plain = False  # "Saint-Pétersbourg", "Mid-Atlantic": exact names only
                i += 1
                continue
            if t[0] not in _WORD0:
                break
            key = t if not key else key + ("" if key.endswith("'") else " ") + t
            i += 1
            out.append((key, i, plain))
        return out

    def place(self) -> str:
        """A province id; raises unknown_place / ambiguous_place."""
        start = self.pos
        if self.at_end() or not self.is_word(start):
            raise self.error("bad_syntax", start, start + 1)
        places = self.idx.places
        first = self.toks[start]
        if first not in self.idx.place_heads:
            pid = places.get(first)
            if pid is not None:
                self.pos = start + 1
                return pid
            spans = [(first, start + 1, True)]
        else:
            spans = self._spans()
        for key, end, _ in reversed(spans):
            pid = places.get(key)
            if pid is not None:
                self.pos = end
                return pid
        for i in range(len(spans) - 1, -1, -1):
            key, end, plain = spans[i]
            if not plain or len(key) < 3:
                continue
            hits = _prefix_hits(self.idx.prefixes, self.idx.prefix_ids, key)
            if hits and " " in key and i + 1 < len(spans) and spans[i + 1][2] and \
                    self._whole_words(key):
                # "Golfe de Lion", "Mer du Nrd": the next word was meant as part of the name
                # but fits none; reading "Golfe de" alone would pick the wrong sea
                key, end, _ = spans[i + 1]
                raise self.error("unknown_place", start, end, self._suggest(key),
                                 word=self.words(start, end))
            if len(hits) == 1:
                self.pos = end
                return hits[0]
            if hits:
                names = ", ".join(f"{h.upper()} ({self.map.provinces[h].name_en} / "
                                  f"{self.map.provinces[h].name_fr})" for h in hits)
                raise self.error("ambiguous_place", start, end, word=self.words(start, end),
                                 candidates=names)
        word = self.words(start, start + 1)
        raise self.error("unknown_place", start, start + 1, self._suggest(spans[0][0]),
                         word=word)

    def _whole_words(self, key: str) -> bool:
        """Does ``key`` end where a word of some full name ends ("golfe de" in "golfe de
        botnie"), rather than inside a word ("mer tyrrh")?"""
        i = bisect_left(self.idx.prefixes, key)
        names = self.idx.prefixes
        while i < len(names) and names[i].startswith(key):
            if len(names[i]) > len(key) and names[i][len(key)] in " '":
                return True
            i += 1
        return False

    def _suggest(self, key: str) -> str | None:
        cache = _closest(self.map)
        if key in cache:
            return cache[key]
        left = _suggestions_left.get()
        if left is not None:
            if left <= 0:
                return None
            _suggestions_left.set(left - 1)
        if len(cache) >= 4096:
            cache.clear()
        cache[key] = found = _close_names(self.idx, key)
        return found

    def could_be_place(self) -> bool:
        save = self.pos
        try:
            self.place()
            return True
        except OrderError:
            return False
        finally:
            self.pos = save

    def power_here(self) -> tuple[str | None, int]:
        """(power id, end) when the words here name a power, else (None, pos). Exact names of
        up to three words ("Autriche-Hongrie"), or a unique prefix of one word ("Ang.")."""
        powers = self.idx.powers
        if not self.is_word(self.pos):
            return None, self.pos
        first = self.toks[self.pos]
        if first not in self.idx.power_heads:
            if first in powers:
                return powers[first], self.pos + 1
            if len(first) < 3 or first in self.idx.places or first in _TYPES:
                return None, self.pos
        spans = self._spans(3)
        for key, end, _ in reversed(spans):
            if key in powers:
                return powers[key], end
        if spans:
            key, end, _ = spans[0]
            if len(key) >= 3 and key not in self.idx.places and key not in _TYPES:
                hits = _prefix_hits(self.idx.power_keys, powers, key)
                if len(hits) == 1:
                    return hits[0], end
        return None, self.pos

    def location(self) -> str:
        """Place with an optional coast: ``spa/nc``, ``spa(nc)``, ``spa nc``, ``ESP CS``,
        ``St. Petersburg (Côte Nord)``."""
        start = self.pos
        pid = self.place()
        coast = self.coast()
        if coast is None:
            return pid
        coasts = self.map.provinces[pid].coasts
        if not coasts:
            return pid  # a coast on a one-coast province is redundant (DATC 6.B.2/6.B.3)
        if coast not in coasts:
            raise self.error("unknown_coast", start, self.pos, place=pid.upper(),
                             coast=coast, coasts=", ".join(coasts))
        return f"{pid}/{coast}"

    def coast(self) -> str | None:
        t = self.peek()
        if t == "/":
            save = self.pos
            self.pos += 1
            k = self.match(_COAST_PHRASES)
            if not k:
                raise self.error("unknown_coast", save, save + 2, place="?",
                                 coast=self.words(save + 1, save + 2), coasts="nc, sc, ec")
            coast = _COASTS[" ".join(self.toks[self.pos:self.pos + k])]
            self.pos += k
            return coast
        if t == "(":
            self.pos += 1
            k = self.match(_COAST_PHRASES)
            if k and self.peek(k) == ")":
                coast = _COASTS[" ".join(self.toks[self.pos:self.pos + k])]
                self.pos += k + 1
                return coast
            self.pos -= 1  # not a coast: "(convoy)", a comment...
            return None
        k = self.match(_BARE_COASTS)
        if k:
            coast = _COASTS[" ".join(self.toks[self.pos:self.pos + k])]
            self.pos += k
            return coast
        return None

    # -- units --------------------------------------------------------------------------
    def unit_type(self) -> tuple[bool, str | None]:
        """(written, type). "a fleet" / "an army": the article is skipped."""
        t = self.peek()
        if t == "a" and self.peek(1) in _LONG_TYPES:
            self.pos += 1
            t = self.peek()
        if t in _TYPES:
            self.pos += 1
            return True, _TYPES[t]
        return False, None

    def maybe_power(self) -> str | None:
        """A nationality before or after the unit type (``S RUSSIE A VAR-PRU``,
        ``S A AUTRICHE SER-BUD``, ``C ANG. A LON-TUN``) when a unit follows it."""
        if not self.is_word(self.pos):
            return None
        power, end = self.power_here()
        if power is None:
            return None
        save = self.pos
        self.pos = end
        self.skip(_LINKS)
        if self.peek() in _TYPES or self.could_be_place():
            self.pos = end  # the caller reads the article and the unit type itself
            return power
        self.pos = save
        return None

    def unit(self, *, foreign: bool) -> _Unit:
        """``A PAR``, ``L'armée de Rome``, ``F(HOL)``, ``la Flotte St. Petersburg (Côte Nord)``;
        with ``foreign`` a nationality may be written (supports and convoys)."""
        start = self.pos
        self.skip(_ARTICLES)
        power = self.maybe_power() if foreign else None
        self.skip(_ARTICLES)
        _, utype = self.unit_type()
        self.skip(_LINKS)
        if foreign and power is None:
            power = self.maybe_power()
            self.skip(_LINKS)
        if self.at_end():
            raise self.error("missing_unit", start)
        if self.peek() == "(":  # "retirer F(HOL)" (docs/RULES.md §3.4.2)
            self.pos += 1
            loc = self.location()
            if self.peek() != ")":
                raise self.error("bad_syntax", self.pos)
            self.pos += 1
            return power, utype, loc
        return power, utype, self.location()

    def units(self) -> list[_Unit]:
        """A list: ``F BRE, A PAR, A MAR``, ``une armée à Paris et une flotte à Brest``."""
        out = [self.unit(foreign=False)]
        while self.peek() in _LIST_SEPS:
            self.skip(_LIST_SEPS)
            if self.at_end():
                break
            out.append(self.unit(foreign=False))
        return out

    def target(self) -> str:
        if self.at_end():
            raise self.error("missing_target", max(self.pos - 1, 0))
        self.skip(_ARTICLES)
        if self.at_end():
            raise self.error("missing_target", max(self.pos - 1, 0))
        return self.location()

    # -- orders -------------------------------------------------------------------------
    def header(self) -> str | None:
        """``ENG:``, ``Angleterre :``, ``–Allemagne–``, ``France A PAR-BUR``: the power."""
        start = self.pos
        while self.peek() == "-":
            self.pos += 1
        power, end = self.power_here()
        if power is None:
            self.pos = start
            self._refuse_unknown_header()
            return None
        self.pos = end
        if self.peek() == ":":
            self.pos += 1
            self.skip(_DASH)
            return power
        while self.peek() == "-":
            self.pos += 1
        if self.at_end():
            return power
        self.pos = end
        t = self.peek()
        if t in _TYPES or t in _ARTICLES or self.which(_OPENERS):
            self.pos = end
            return power
        self.pos = start
        return None

    def _refuse_unknown_header(self) -> None:
        """``Engand: A lon - nth``: one or two words before a colon that name neither a power,
        nor a unit, nor a place."""
        k = 0
        while k < 3 and self.is_word(self.pos + k):
            k += 1
        if ":" not in self.toks or not 1 <= k <= 2 or self.peek(k) != ":" or self.peek() in _TYPES:
            return
        if self.could_be_place():
            return
        key = " ".join(self.toks[self.pos:self.pos + k])
        close = difflib.get_close_matches(key, self.idx.powers.keys(), n=1, cutoff=0.6)
        suggestion = self.map.power(self.idx.powers[close[0]]).name_en if close else None
        raise self.error("unknown_power", self.pos, self.pos + k, suggestion,
                         word=self.words(self.pos, self.pos + k))

    def body(self) -> list[Order]:
        start = self.pos
        opener = self.which(_OPENERS)
        if opener == "waive":
            self.skip(_WAIVE_FILLER)
            count = 1
            if self.peek().isdigit():
                count = int(self.peek())
                self.pos += 1
                self.skip(_WAIVE_FILLER)
                if not 1 <= count <= MAX_WAIVES:
                    raise self.error("bad_syntax", start)
            return [Waive() for _ in range(count)]
        if opener == "build":
            self.skip(_AFTER_BUILD)
            return [self.build(u, start) for u in self.units()]
        if opener == "remove":
            self.skip(_COLON)
            return [Remove(t, loc) for _, t, loc in self.units()]
        if opener == "disband":
            self.skip(_COLON)
            return [Disband(t, loc) for _, t, loc in self.units()]
        if self.at_end():
            raise self.error("empty", start)
        unit = self.unit(foreign=False)
        return [self.action(unit, start)]

    def build(self, unit: _Unit, start: int) -> Build:
        _, utype, loc = unit
        if utype is None:
            raise self.error("missing_unit_type", start, self.pos, location=loc.upper())
        return Build(utype, loc)

    def action(self, unit: _Unit, start: int) -> Order:
        _, utype, loc = unit
        if self.at_end():
            raise self.error("missing_action", start, unit=self.words(start))
        kind = self.which(_ACTIONS)
        if kind == "hold":
            return Hold(utype, loc)
        if kind == "support":
            return self.support(utype, loc)
        if kind == "convoy":
            return self.convoy(utype, loc)
        if kind == "retreat":
            self.accept(_MOVE)
            targets = [self.target()]
            while self.peek() in _RETREAT_SEPS:
                self.skip(_RETREAT_SEPS)
                self.accept(_MOVE)
                targets.append(self.target())
            if len(targets) == 1:
                return Retreat(utype, loc, targets[0])
            return RetreatList(utype, loc, tuple(targets))
        if kind == "disband":
            return Disband(utype, loc)
        if kind == "build":
            return self.build(unit, start)
        if kind == "remove":
            return Remove(utype, loc)
        if kind == "move":
            return self.move(utype, loc)
        if self.is_word(self.pos) and self.could_be_place():  # "A Par Bur"
            return self.move(utype, loc)
        raise self.error("bad_syntax", self.pos)

    def move(self, utype: str | None, loc: str) -> Move:
        target = self.target()
        via = False
        # a route through the seas, "A lon - nth - bel", is a move by convoy
        while self.peek() in ("-", "->") and self.is_word(self.pos + 1):
            if self.map.provinces[province_of(target)].kind is not Kind.SEA:
                raise self.error("bad_syntax", self.pos)
            self.pos += 1
            target = self.target()
            via = True
        return Move(utype, loc, target, self.via_convoy() or via)

    def via_convoy(self) -> bool:
        if self.accept(_VIA_CONVOY):
            return True
        if self.peek() == "(":
            self.pos += 1
            if self.accept(_VIA_CONVOY) and self.peek() == ")":
                self.pos += 1
                return True
            self.pos -= 1
        return False

    def support(self, utype: str | None, loc: str) -> Support:
        if self.at_end():
            raise self.error("missing_unit", max(self.pos - 1, 0))
        power, stype, supported = self.unit(foreign=True)
        target = None
        if self.accept(_HOLD):
            pass
        elif self.accept(_MOVE):
            target = self.target()
            self.via_convoy()  # a supported move may be convoyed; support is the same
        elif self.is_word(self.pos) and self.could_be_place():
            target = self.target()
        return Support(utype, loc, supported, target, stype, power)

    def convoy(self, utype: str | None, loc: str) -> Convoy:
        if self.at_end():
            raise self.error("missing_unit", max(self.pos - 1, 0))
        power, _, convoyed = self.unit(foreign=True)
        if not self.accept(_MOVE) and not (self.is_word(self.pos) and self.could_be_place()):
            if self.at_end():
                raise self.error("missing_target", max(self.pos - 1, 0))
            raise self.error("bad_syntax", self.pos)
        target = self.target()
        return Convoy(utype, loc, convoyed, target, power)

    def rest(self) -> list[Order]:
        orders = self.body()
        if not self.at_end():
            raise self.error("bad_syntax", self.pos)
        return orders

    def line(self) -> tuple[str | None, list[Order]]:
        self.skip(_DASH)  # "- A PAR - BUR" written as a bullet
        power = self.header()
        if self.at_end():
            return power, []
        after_header = self.pos
        try:
            return power, self.rest()
        except OrderError as first:
            if power is None or after_header == 0:
                raise
            # "ENG" is also the English Channel: read the line again without a header
            self.pos = 0
            try:
                return None, self.rest()
            except OrderError:
                raise first from None

    def original_offset(self, token: int) -> int:
        """Where token ``token`` starts in the text as written."""
        at = self.starts[token]
        return self.where[at] if self.where is not None else at


_COMMENT = re.compile(r"\s(?:#|//).*$")


def _parse_line(text: str, game_map: Map) -> tuple[str | None, list[Order]]:
    """Power prefix (or None) and the orders of one line (several for a build list)."""
    if len(text) > MAX_CHARS:
        raise OrderError("too_long", {"length": len(text), "limit": MAX_CHARS},
                         words=text[:40] + "…")
    if not text[:1].isalpha():
        text = _BULLET.sub("", text, count=1)
    if "#" in text or "//" in text:
        text = _COMMENT.sub("", text)
    text = text.strip()
    parser = _Parser(text, game_map)
    try:
        return parser.line()
    except OrderError:
        # a closing remark in brackets, "... à la Hollande (<– un convoi)" (seed 002)
        toks = parser.toks
        if not toks or toks[-1] != ")" or "(" not in toks:
            raise
        cut = len(toks) - 1 - toks[::-1].index("(")
        if cut == 0:
            raise
        try:
            return _parse_line(text[:parser.original_offset(cut)], game_map)
        except OrderError:
            pass
        raise


def parse_order(text: str, game_map: Map) -> Order:
    """One order. Raises ``OrderError`` (and nothing else) when it cannot be read."""
    _, orders = _parse_line(text, game_map)
    if not orders:
        raise OrderError("empty", {"words": text.strip()}, words=text.strip())
    if len(orders) > 1:
        raise OrderError("several_orders", {"count": len(orders), "words": text.strip()},
                         words=text.strip())
    return orders[0]


def parse_orders(text: str, game_map: Map) -> list[ParsedLine]:
    """Every order of a submission: one per line (or ``;``); blank lines and comments
    (``#``, ``//``) skipped; a power header line ("England:", "–Allemagne–") names the power
    of the lines below it; a line of several orders separated by commas (seed 004 examples,
    ``A HOL=BEL, F BEL=NRD``) or a build list gives one ParsedLine per order, in order.
    At most ``MAX_SUGGESTIONS`` new "did you mean" searches per sheet."""
    budget = _suggestions_left.set(MAX_SUGGESTIONS)
    try:
        return _parse_sheet(text, game_map)
    finally:
        _suggestions_left.reset(budget)


def _parse_sheet(text: str, game_map: Map) -> list[ParsedLine]:
    out: list[ParsedLine] = []
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        for part in raw.split(";"):
            line = part.strip()
            if not line or line.startswith(("#", "//")):
                continue
            try:
                power, orders = _parse_line(line, game_map)
            except OrderError as err:
                split = _split_commas(line, game_map, err, current, number)
                if split is None:
                    out.append(ParsedLine(line, None, err, current, number))
                else:
                    current = split[0].power or current
                    out.extend(split)
                continue
            if power is not None:
                current = power
            out.extend(ParsedLine(line, order, None, current, number) for order in orders)
    return out


def _split_commas(line: str, game_map: Map, err: OrderError, current: str | None,
                  number: int) -> list[ParsedLine] | None:
    """``A HOL=BEL, F BEL=NRD, F NRD=HOL`` (docs/RULES.md §2.14.5): read each part apart when the
    whole line does not read and its first part is an order of its own."""
    if err.code != "bad_syntax" or "," not in line:
        return None
    parts = [p.strip() for p in line.split(",")]
    try:
        power, first = _parse_line(parts[0], game_map)
    except OrderError:
        return None
    if not first:
        return None
    power = power or current
    out = [ParsedLine(parts[0], o, None, power, number) for o in first]
    for part in parts[1:]:
        if not part:
            continue
        try:
            p2, orders = _parse_line(part, game_map)
        except OrderError as e:
            out.append(ParsedLine(part, None, e, power, number))
            continue
        if not orders:
            out.append(ParsedLine(part, None, OrderError("empty", {"words": part}, words=part),
                                  power, number))
        out.extend(ParsedLine(part, o, None, p2 or power, number) for o in orders)
    return out
