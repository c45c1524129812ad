"""Whole games offline: bots, powers that only hold, uniform-random players.

``play`` is what ``python -m engine selfplay`` and ``tools/bench_bots.py`` run: a classic game
of ``years`` years from the opening, each power played by ``"bot"``, ``"hold"`` (no orders:
its units hold, its retreats and builds default) or ``"random"`` (one legal order per unit,
uniformly). Each year's centres, the result, the bot's CPU time per power and phase and any
order of the bot the rules refused are recorded.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import variants
from engine.bots.player import choose_orders
from engine.orders.legal import legal_orders
from engine.orders.state import state_from_json
from engine.orders.types import ORDER_JSON


@dataclass
class Game:
    years: list[tuple[int, dict[str, int]]] = field(default_factory=list)  # after each Winter
    result: dict[str, Any] | None = None
    bot_cpu_ms: list[float] = field(default_factory=list)
    illegal: int = 0
    phases: int = 0


def play(kinds: Mapping[str, str], years: int = 20, seed: int = 0,
         variant: str = variants.DEFAULT, first_year: int = 1901,
         options: Mapping[str, Any] | None = None,
         seats: list[list[str]] | None = None) -> Game:
    """Play from the opening to a winner or the end of ``first_year + years - 1``.
    ``seats``: powers played together (a bot never attacks its seat's other powers)."""
    v = variants.get(variant)
    game_map = v.game_map()  # type: ignore[attr-defined]
    state: dict[str, Any] = v.new_state()
    rng = random.Random(seed)
    game = Game()
    last = first_year + years - 1
    allies = {p: [q for q in seat if q != p] for seat in seats or () for p in seat}
    closed = list((options or {}).get("closed") or ())
    opts = dict(options or {})
    opts.setdefault("civil_disorder", [p for p in game_map.power_ids if p not in kinds])
    while True:
        st = state_from_json(state, game_map)
        if st.phase.year > last:
            break
        entries = []
        for power in v.powers_to_act(state, opts):
            kind = kinds.get(power, "hold")
            if kind == "hold":
                continue
            if kind == "random":
                legal = legal_orders(st, game_map, power)
                orders = [rng.choice(options) for options in legal.values() if options]
            else:
                c0 = time.process_time()
                orders = choose_orders(st, game_map, power,
                                       random.Random(f"{seed}|{st.phase}|{power}"),
                                       allies.get(power, ()), closed)
                game.bot_cpu_ms.append((time.process_time() - c0) * 1000)
            entries.append({"power": power, "text": "",
                            "orders": [ORDER_JSON[type(o)](o) for o in orders],
                            "bot": kind == "bot"})
        out = v.advance({"state": state, "orders": entries, "options": opts})
        game.phases += 1
        bots = {e["power"] for e in entries if e["bot"]}
        game.illegal += sum(1 for r in out["results"]
                            if r.get("power") in bots and r.get("status") == "illegal")
        before = state["phase"]
        state = out["state"]
        if before.startswith("F") or before.startswith("W"):
            year = int(before[1:5])
            if not state["phase"].startswith(("F", "W")) or int(state["phase"][1:5]) > year:
                game.years.append((year, {p: len(c) for p, c in state["centers"].items()}))
        result = v.end_of_game(state, {"end_year": last})
        if result is not None:
            game.result = result
            year = int(before[1:5])
            if not game.years or game.years[-1][0] != year:  # won before the year ended
                game.years.append((year, {p: len(c) for p, c in state["centers"].items()}))
            break
    return game
