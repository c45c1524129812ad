"""A cue other than hue for every power (WCAG 1.4.1, use of colour): the shortest prefix of
its name that no other power of the map shares, in the language of the map's labels
("E", "F", "G" on the classic board in English; "An", "Al", "Au" in French; "Ro", "Ru" on
L'Impérialisme). Units, owned supply centres and the legend carry it."""

from __future__ import annotations

from functools import cache

from engine.render.mapdata import load


def _prefixes(names: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pid, name in names.items():
        letters = [c for c in name if c.isalpha()]
        others = ["".join(c for c in n if c.isalpha()).lower()
                  for p, n in names.items() if p != pid]
        size = 1
        while size < len(letters) and any(o.startswith("".join(letters[:size]).lower())
                                          for o in others):
            size += 1
        out[pid] = (letters[0].upper() + "".join(letters[1:size]).lower()) if letters else "?"
    return out


@cache
def cues(map_name: str, language: str) -> dict[str, str]:
    """Power -> its cue on ``map_name`` with labels in ``language`` ("en" or "fr")."""
    md = load(map_name)
    return _prefixes({p.id: p.name(language) for p in md.powers})
