"""An offline Duel-Diplomatie game played through the test harness (the real discord.py
client, a fake Discord, a temporary SQLite database): sign-up with ranked lists, sealed bids
(one refused over budget), a tie for a minor, orders for a won minor, a compulsory build made
by the referee, the occupation penalty, and a victory by occupation. Prints the
conversation and writes every map the bot posts to ``out/duel/``.

    python -m tools.demo_duel            # or: python -m tools.demo duel
"""

from __future__ import annotations

import sys
from datetime import timedelta
from typing import TYPE_CHECKING

from tests.e2e.harness import CHANNEL_ID, Member

if TYPE_CHECKING:
    from tools.demo import Demo


async def play(demo: Demo) -> None:
    from bot.client import EXTENSIONS
    from bot.services import games as games_service

    if "cogs.duel" not in EXTENSIONS:
        print("(the duel cog is not loaded by the client yet: nothing to show)")
        return
    gm = Member(1000, "Gamemaster", permissions=str((1 << 50) - 1))
    alice = Member(1001, "Alice", locale="en-GB")
    bruno = Member(1002, "Bruno", locale="fr")
    demo.names = {m.id: m.name for m in (gm, alice, bruno)}

    async def deadline() -> None:
        game = await games_service.game_in_channel(demo.h.bot.db, channel_id=CHANNEL_ID)
        assert game.deadline is not None
        print(f"\n(time passes: the deadline of {game.phase} is reached)")
        mark = len(demo.h.fake.calls)
        await demo.h.bot.scheduler.run_once(now=game.deadline + timedelta(seconds=1))
        demo._show(demo.h.fake.since(mark))

    demo.say("A game master creates a duel; two players rank the seven countries")
    await demo.slash(gm, "game create", variant="duel", name="Duel demo", phase_hours=24.0)
    await demo.slash(alice, "game join", preferences="France, Italy")
    await demo.slash(alice, "game join", preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR")
    await demo.slash(bruno, "game join", preferences="Allemagne > Angleterre > France > "
                                                     "Italie > Autriche > Russie > Turquie")
    await demo.slash(gm, "game start")

    demo.say("Bidding 1901: sealed bids, one set over budget, a tie for England")
    await demo.slash(alice, "bid", text="ENG 15, ITA 10")
    await demo.slash(alice, "bid", text="ENG 5, ITA 3")
    await demo.slash(bruno, "bid", text="Angleterre 5, Russie 4, Autriche 2")
    await demo.slash(bruno, "bids show")
    await deadline()

    demo.say("Spring 1901: each player orders for their country and the minors they won")
    await demo.slash(alice, "orders submit", text="A par - bur; A mar - pie; F bre - mao",
                     power="france")
    await demo.slash(alice, "orders submit", text="A ven - apu", power="italy")
    await demo.slash(bruno, "orders submit", text="A mun - sil", power="germany")
    await demo.slash(bruno, "orders submit", text="A war - ukr", power="russia")
    await demo.slash(alice, "ready")
    await demo.slash(bruno, "ready")

    demo.say("Fall 1901: France enters Venice, Russia takes Rumania")
    await demo.slash(alice, "orders submit", text="A pie - ven", power="france")
    await demo.slash(bruno, "orders submit", text="A ukr - rum", power="russia")
    await demo.slash(alice, "ready")
    await demo.slash(bruno, "ready")

    demo.say("Winter 1901: Bruno forgets Russia's build; the referee makes it (rule 8)")
    await demo.slash(alice, "orders submit", text="Remove F nap", power="italy")
    await deadline()

    demo.say("Bidding 1902: France's bid for Italy counts 5 less (Venice occupied, rule 6)")
    await demo.slash(alice, "bid", text="ITA 8")
    await demo.slash(bruno, "bid", text="ITA 4", ready=True)
    await demo.slash(alice, "bids ready")

    demo.say("Spring 1902: a French army enters Munich: France wins (rule 9)")
    await demo.slash(alice, "orders submit", text="A bur - mun", power="france")
    await demo.slash(alice, "ready")
    await demo.slash(bruno, "ready")
    await demo.slash(gm, "game status")


def main(argv: list[str] | None = None) -> int:
    from tools.demo import main as demo_main

    args = list(sys.argv[1:] if argv is None else argv)
    return demo_main(["duel", *args])


if __name__ == "__main__":
    sys.exit(main())

