"""Treasuries, occupation, victory, stalemate and compulsory minor builds of a duel.

Seed 001 rules 5, 6, 8, 9 and 10; docs/RULES.md §5. Pure functions over values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.orders.names import fold
from engine.orders.state import Unit
from engine.variants.duel.countries import classic_map, home_centers

RUSSIA_CAP = 3  # docs/RULES.md §5.9: "l'occupation des quatre centres Russe compte pour trois"


# -- treasury (rule 5) ---------------------------------------------------------------------------
def fall_income(country: str, centers: Mapping[str, Iterable[str]]) -> int:
    """Credits earned after a Fall: one per supply centre owned by the player's own country
    (docs/RULES.md §5.5: "un crédit ... pour chaque centre appartenant à sa puissance majeure");
    centres of the minors it commands do not count."""
    return len(set(centers.get(country, ())))


# -- occupation (rule 6) -------------------------------------------------------------------------
def occupation(units: Iterable[Unit], countries: Mapping[str, str],
               minors: Iterable[str]) -> dict[str, dict[str, list[str]]]:
    """player -> minor -> home centres of that minor occupied by a unit of the player's own
    country (units of the minors it commands do not count: rule 6 speaks of "une unité
    d'une puissance majeure")."""
    where = {u.province: u.power for u in units}
    out: dict[str, dict[str, list[str]]] = {}
    for player, country in countries.items():
        per_minor = {m: [c for c in home_centers(m) if where.get(c) == country] for m in minors}
        out[player] = {m: cs for m, cs in per_minor.items() if cs}
    return out


# -- victory (rule 9) ----------------------------------------------------------------------------
@dataclass(frozen=True)
class VictoryCheck:
    occupied: dict[str, tuple[str, ...]]  # player -> opponent's home centres it occupies
    score: dict[str, int]  # player -> centres counted (Russia's four count as three)
    winner: str | None
    reason: str | None  # "occupation" | "more_centres" | "more_credits" | None
    tie: bool  # both occupy, same score and same credits: play on to the next Fall

    def to_json(self) -> dict[str, object]:
        return {"occupied": {p: list(cs) for p, cs in self.occupied.items()},
                "score": dict(self.score), "winner": self.winner, "reason": self.reason,
                "tie": self.tie}


def check_victory(units: Iterable[Unit], countries: Mapping[str, str],
                  credits: Mapping[str, int]) -> VictoryCheck:
    """Seed 001 rule 9: a player wins as soon as a unit of its own country occupies a home
    centre of the opponent's own country. Both at once: more such centres wins (Russia's four
    count as three); then the larger balance (the caller passes credits that include the
    season's income); still equal: nobody wins yet (``tie``), play goes on to the next Fall."""
    players = list(countries)
    a, b = players
    units = tuple(units)
    occupied: dict[str, tuple[str, ...]] = {}
    score: dict[str, int] = {}
    for me, other in ((a, b), (b, a)):
        mine = countries[me]
        target = countries[other]
        cs = tuple(c for c in home_centers(target)
                   if any(u.province == c and u.power == mine for u in units))
        occupied[me] = cs
        score[me] = min(len(cs), RUSSIA_CAP) if target == "russia" else len(cs)
    holders = [p for p in players if occupied[p]]
    if not holders:
        return VictoryCheck(occupied, score, None, None, tie=False)
    if len(holders) == 1:
        return VictoryCheck(occupied, score, holders[0], "occupation", tie=False)
    if score[a] != score[b]:
        return VictoryCheck(occupied, score, a if score[a] > score[b] else b, "more_centres",
                            tie=False)
    if credits[a] != credits[b]:
        return VictoryCheck(occupied, score, a if credits[a] > credits[b] else b,
                            "more_credits", tie=False)
    return VictoryCheck(occupied, score, None, None, tie=True)


# -- stalemate (rule 10) -------------------------------------------------------------------------
def minors_in_play(units: Iterable[Unit], centers: Mapping[str, Iterable[str]],
                   minors: Iterable[str]) -> tuple[str, ...]:
    """Minors that still have a unit or a centre (rule 10 needs none left)."""
    with_units = {u.power for u in units}
    return tuple(m for m in minors if m in with_units or any(True for _ in centers.get(m, ())))


def stalemate_winner(countries: Mapping[str, str],
                     centers: Mapping[str, Iterable[str]]) -> str | None:
    """Seed 001 rule 10: the player whose own country holds more centres; None when equal
    (the seed names no tie-break: the game is then drawn)."""
    a, b = list(countries)
    na = len(set(centers.get(countries[a], ())))
    nb = len(set(centers.get(countries[b], ())))
    if na == nb:
        return None
    return a if na > nb else b


# -- compulsory minor builds (rule 8) ------------------------------------------------------------
def referee_builds(minor: str, units: Iterable[Unit],
                   centers: Mapping[str, Iterable[str]]) -> list[Unit]:
    """The builds the referee makes for a commanded minor whose controller did not order all
    its builds (docs/RULES.md §5.8: "l'arbitre construira des armées (des flottes pour
    l'Angleterre) ... dans ses centres nationaux en suivant un ordre alphabétique des noms
    des centres"): armies, fleets for England, in the minor's owned and empty home centres,
    in alphabetical order of the centres' French full names (the seed is French; accents
    ignored: Édimbourg before Liverpool), up to the number of builds still due."""
    units = tuple(units)
    owned = set(centers.get(minor, ()))
    due = len(owned) - sum(1 for u in units if u.power == minor)
    if due <= 0:
        return []
    occupied = {u.province for u in units}
    game_map = classic_map()
    free = [c for c in home_centers(minor) if c in owned and c not in occupied]
    free.sort(key=lambda c: fold(game_map.provinces[c].name_fr))
    unit_type = "F" if minor == "england" else "A"
    # England's three home centres are single-coast, so a fleet needs no coast there
    return [Unit(minor, unit_type, c) for c in free[:due]]
