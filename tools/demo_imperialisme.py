"""The L'Impérialisme part of ``make demo``: a 14-player game played offline through the test
harness (the real client, a fake Discord), transcript on stdout, every map to
``out/imperialisme/``.

    python -m tools.demo imperialisme
    python -m tools.demo_imperialisme          # the same, on its own
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.e2e.harness import CHANNEL_ID, Call, Member

CRISIS_SEEDS = "demo"  # the random crises drawn the same each run (the tests' option)


async def reproducible_crises(demo: Demo) -> None:
    """The same crises every run, so the scripted declarations that follow stay legal (a
    drawn annexation may otherwise leave Russia without a border with Poland)."""
    from bot.models import Game
    from bot.services import games as games_service

    view = await games_service.game_in_channel(demo.h.bot.db, channel_id=CHANNEL_ID)
    async with demo.h.bot.db.transaction() as session:
        game = await session.get(Game, view.id)
        assert game is not None
        game.options = {**game.options, "crisis_seeds": CRISIS_SEEDS}

if TYPE_CHECKING:
    from tools.demo import Demo

NAMES = ["Alice", "Bruno", "Chloé", "Dmitri", "Emma", "Farid", "Greta", "Hugo", "Inès",
         "Jules", "Karim", "Léa", "Marco", "Nadia"]
POWERS = ("england", "russia", "romania", "france", "austria", "germany", "italy", "sweden",
          "spain", "turkey", "serbia", "poland", "greece", "bulgaria")


class Game:
    """The demo's moves: commands, DM buttons, menus, time passing."""

    def __init__(self, demo: Demo) -> None:
        self.demo = demo
        self.h = demo.h
        self.gm = Member(1000, "Gamemaster", permissions=str((1 << 50) - 1))
        self.players = [Member(1001 + i, name, locale="fr" if i % 2 else "en-GB")
                        for i, name in enumerate(NAMES)]
        self.by_power: dict[str, Member] = {}
        self.game_id = 0
        demo.names = {m.id: m.name for m in [self.gm, *self.players]}

    async def slash(self, who: Member, command: str, **values: Any) -> list[Call]:
        from tests.e2e.test_imperialisme_game import slash

        shown = " ".join(f"{k}:{v}" for k, v in values.items())
        print(f"\n{who.name}> /{command} {shown}".rstrip())
        calls = await slash(self.h, who, command, channel_id=CHANNEL_ID, **values)
        self.demo._show(calls)
        return calls

    async def click(self, who: Member, call: Call, custom_id: str, label: str,
                    **kwargs: Any) -> list[Call]:
        print(f"\n{who.name} presses [{label}]")
        calls = await self.h.click(who, self.h.message_of(call), custom_id, **kwargs)
        self.demo._show(calls)
        return calls

    async def state(self) -> dict[str, Any]:
        from bot.services.games import public_state

        return await public_state(self.h.bot.db, game_id=self.game_id)

    async def time_passes(self) -> None:
        """The game's deadline passes: the scheduler takes the step (the one turn pipeline)."""
        from bot.services import games as games_service

        due = (await games_service.get_game(self.h.bot.db, game_id=self.game_id)).deadline
        assert due is not None
        print("\n(time passes: a deadline is reached)")
        mark = len(self.h.fake.calls)
        await self.h.bot.scheduler.run_once(now=due + timedelta(seconds=1))
        await self.h.bot.post_now()
        self.demo._show(self.h.fake.since(mark))

    async def votes(self, since: int, choose: Any, shown: int = 2) -> None:
        """Each voter presses a button of its DM ballot (the first ``shown`` are printed)."""
        c = (await self.state())["crisis"]
        sides = c["sides"]
        printed = 0
        for power, member in self.by_power.items():
            dms = self.h.fake.dms_to(member.id, since)
            if power in sides or not dms:
                continue
            choice = choose(power, sides)
            index = 2 if choice == "blank" else sides.index(choice)
            button = dms[-1].custom_ids()[index]
            if printed < shown:
                await self.click(member, dms[-1], button, f"{choice} (secret)", dm=True)
                printed += 1
            else:
                await self.h.click(member, self.h.message_of(dms[-1]), button, dm=True)
        print(f"\n({len(self.by_power) - 2 - printed} more voters press their button in "
              "private)")

    async def annex_with_menu(self, since: int) -> None:
        from bot.services import imperialisme as service

        result = next(c for c in self.h.fake.posts_to(CHANNEL_ID, since)
                      if any(i.startswith("imp:ax:") for i in c.custom_ids()))
        options = await service.annexation_options(self.h.bot.db, game_id=self.game_id)
        chosen = list(options.eligible[-options.annexable:])
        select = next(i for i in result.custom_ids() if i.startswith("imp:ax:"))
        await self.click(self.by_power[options.winner], result, select,
                         f"annex {', '.join(chosen)}", values=chosen, component_type=3)


async def demo_imperialisme(demo: Demo) -> None:
    if "cogs.imperialisme" not in demo.h.bot.extensions:
        await demo.h.bot.load_extension("cogs.imperialisme")
    g = Game(demo)
    demo.say("A game master creates L'Impérialisme; fourteen players pick their powers")
    await g.slash(g.gm, "game create", variant="imperialisme", name="Europe 1900")
    await reproducible_crises(demo)
    for member, power in zip(g.players, POWERS, strict=True):
        await g.slash(member, "game join", preferences=power)
    await g.slash(g.gm, "imperialisme settings", conference_hours=24.0, vote_hours=24.0,
                  annexation_hours=12.0)
    await g.slash(g.gm, "game start")
    from bot.services import games as games_service

    view = await games_service.game_in_channel(demo.h.bot.db, channel_id=CHANNEL_ID)
    g.game_id = view.id
    members = {m.id: m for m in g.players}
    g.by_power = {seat.powers[0]: members[seat.user_id] for seat in view.players}

    demo.say("Crisis 1: a random draw (its seed's hash was published at the start)")
    await g.slash(g.gm, "crisis draw")
    mark = len(g.h.fake.calls)
    await g.slash(g.gm, "conference close")
    await g.votes(mark, lambda voter, sides: sides[0])
    mark = len(g.h.fake.calls)
    await g.slash(g.gm, "conference close")
    if (await g.state()).get("crisis"):
        await g.annex_with_menu(mark)

    demo.say("Crisis 2: Turkey declares war on Greece; Russia's declaration is withdrawn")
    await g.slash(g.by_power["turkey"], "crisis declare", target="Greece")
    mark = len(g.h.fake.calls)
    await g.slash(g.by_power["russia"], "crisis declare", target="Pologne")
    await g.slash(g.by_power["russia"], "crisis withdraw", target="poland")
    request = next(c for c in g.h.fake.posts_to(CHANNEL_ID, mark)
                   if any(i.startswith("imp:w:") for i in c.custom_ids()))
    await g.click(g.by_power["poland"], request, request.custom_ids()[0], "Consent")
    await g.slash(g.by_power["greece"], "game status")
    mark = len(g.h.fake.calls)
    await g.time_passes()  # the conference ends
    await g.votes(mark, lambda voter, sides: "blank" if voter == "italy" else "turkey")
    await g.time_passes()  # the vote ends
    await g.time_passes()  # Turkey did not choose: the referee does

    demo.say("An exchange session")
    await g.slash(g.gm, "exchange open")
    owners = (await g.state())["owners"]
    fr = sorted(t for t, p in owners.items() if p == "france")[0]
    es = sorted(t for t, p in owners.items() if p == "spain")[0]
    mark = len(g.h.fake.calls)
    await g.slash(g.by_power["france"], "exchange propose", partner="spain", give=fr, get=es)
    proposal = g.h.fake.posts_to(CHANNEL_ID, mark)[-1]
    await g.click(g.by_power["spain"], proposal, proposal.custom_ids()[0], "Accept")
    await g.slash(g.gm, "exchange close")

    demo.say("Declared crises until three powers hold a single territory")
    from engine.variants.imperialisme import api as imp

    for _ in range(20):
        state = await g.state()
        if state.get("ended"):
            break
        counts = {p: sum(1 for o in state["owners"].values() if o == p) for p in POWERS}
        pairs = [(max((q for q in imp.neighbours(state, p) if counts[q] > 1),
                      key=lambda q: counts[q]), p)
                 for n, p in sorted((n, p) for p, n in counts.items() if n > 1)
                 if any(counts[q] > 1 for q in imp.neighbours(state, p))]
        attacker, target = pairs[0]
        await g.slash(g.by_power[attacker], "crisis declare", target=target)
        mark = len(g.h.fake.calls)
        await g.slash(g.gm, "conference close")
        await g.votes(mark, lambda voter, sides: sides[0], shown=0)
        mark = len(g.h.fake.calls)
        await g.slash(g.gm, "conference close")
        if (await g.state()).get("crisis"):
            await g.annex_with_menu(mark)
    await g.slash(g.players[0], "game status")


async def _main() -> int:
    from tests.e2e.harness import running_bot
    from tools.demo import OUT, Demo

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'demo.db'}"
        async with running_bot(url) as harness:
            demo = Demo(harness, "imperialisme", OUT)
            await demo_imperialisme(demo)
            print(f"\nimperialisme: {len(demo.maps)} maps written to {demo.out}/")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(_main()))
