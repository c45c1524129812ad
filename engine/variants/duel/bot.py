"""The bot's bids in a duel's bidding season (seed 001 rules 4-7): a rule of its own.

Each minor is worth its supply centres and units, more when they touch either player's
country (a minor next door is a weapon or a threat); the bot spends a share of its treasury
each year (between a half and two thirds, drawn from the seed), on the two minors worth most,
in proportion to their worth, and adds what an occupation penalty will take off (rule 6).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.maps import Map
from engine.variants.duel.bids import PENALTY_PER_CENTER
from engine.variants.duel.season import occupied_counts
from engine.variants.duel.state import duel_from_json


def duel_bids(state: Mapping[str, Any], country: str, game_map: Map,
              rng: random.Random) -> dict[str, int]:
    """minor -> whole credits, the total within the player's treasury."""
    duel = duel_from_json(state)
    player = next((p for p, s in duel.players.items() if s.country == country), None)
    if player is None:
        return {}
    credits = duel.players[player].credits
    countries = set(duel.countries.values())
    near: set[str] = set()
    for c in countries:
        for home in game_map.home_centers(c):
            near |= set(game_map.neighbours(home)) | {home}
    centres = state.get("centers") or {}
    units = state.get("units") or []
    worth: dict[str, float] = {}
    for m in duel.minors:
        mine = list(centres.get(m, ()))
        locs = [str(u["location"]).split("/")[0] for u in units if u.get("power") == m]
        touching = sum(1 for p in {*mine, *locs} if p in near)
        worth[m] = len(mine) + len(locs) + 1.5 * touching
    ranked = sorted((w, m) for m, w in worth.items() if w > 0)[::-1][:2]
    if not ranked or credits <= 0:
        return dict.fromkeys(duel.minors, 0)
    budget = int(credits * rng.uniform(0.5, 0.67))
    total = sum(w for w, _m in ranked)
    occupied = occupied_counts(state, duel).get(player, {})
    bids = dict.fromkeys(duel.minors, 0)
    for w, m in ranked:
        bids[m] = int(budget * w / total) + PENALTY_PER_CENTER * int(occupied.get(m, 0))
    while sum(bids.values()) > credits:  # the penalties' part may not fit: trim the least
        m = min((b, m) for m, b in bids.items() if b > 0)[1]
        bids[m] -= 1
    return bids
