"""The random crisis draw, auditable by anyone (seed 003 « Processus de crise », docs/RULES.md §6).

Protocol: the referee picks a secret seed string, publishes ``commitment(seed)`` (the sha256 hex
digest of the seed's UTF-8 bytes) BEFORE the draw, draws, then publishes the seed. Anyone can
check the hash and re-run the draw from the public map, the owners and the crisis number.

The exact algorithm (language-neutral on purpose, so a re-run needs no Python):

    index(label, n): for k = 0, 1, 2, ...
        v = sha256("<seed>:<number>:<label>:<k>" as UTF-8) read as a 256-bit big-endian integer
        if v < 2**256 - (2**256 mod n): return v mod n        # rejection: exactly uniform
    candidates = sorted ids of the powers holding a territory and having a neighbour
    first  = candidates[index("first", len(candidates))]
    second = sorted ids of first's neighbours [index("second", len(that list))]

``number`` is the crisis number (1 for the first crisis of the game). Drawing the first power
among those having a neighbour is the same as drawing among all powers and drawing again when
the drawn one has none — the seed's second draw is only allowed among the neighbours of the first.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.influence import in_play, neighbours
from engine.variants.imperialisme.maps import ImperialMap

_SPACE = 2**256


@dataclass(frozen=True)
class Draw:
    first: str
    second: str
    number: int
    seed: str
    commit: str


def commitment(seed: str) -> str:
    """What is published before the draw: the sha256 hex digest of the seed."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def verify_commitment(commit: str, seed: str) -> bool:
    return commitment(seed) == commit.strip().lower()


def uniform_index(seed: str, number: int, label: str, n: int) -> int:
    """An exactly uniform index in ``range(n)`` derived from the seed (see module doc)."""
    if n <= 0:
        raise ValueError("nothing to draw from")
    bound = _SPACE - (_SPACE % n)
    k = 0
    while True:
        digest = hashlib.sha256(f"{seed}:{number}:{label}:{k}".encode()).digest()
        value = int.from_bytes(digest, "big")
        if value < bound:
            return value % n
        k += 1


def draw_crisis(game_map: ImperialMap, owners: Mapping[str, str], seed: str,
                number: int) -> Draw:
    """The two powers of random crisis ``number``: a pure function of its arguments."""
    if not seed:
        raise ImperialError("empty_seed")
    candidates = sorted(p for p in in_play(game_map, owners)
                        if neighbours(game_map, owners, p))
    if not candidates:
        raise ImperialError("no_neighbours")
    first = candidates[uniform_index(seed, number, "first", len(candidates))]
    around = neighbours(game_map, owners, first)  # sorted by id
    second = around[uniform_index(seed, number, "second", len(around))]
    return Draw(first=first, second=second, number=number, seed=seed, commit=commitment(seed))
