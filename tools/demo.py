"""``make demo``: offline games played through the same harness as the tests (the real
discord.py client, a fake Discord REST API, a temporary SQLite database). Prints the
conversation and writes every map the bot posts to ``out/<variant>/``.

Each variant is one coroutine in ``DEMOS`` taking a :class:`Demo`; to add one, write
``async def demo_<variant>(demo: Demo) -> None`` and register it in ``DEMOS``.

    python -m tools.demo              # every variant
    python -m tools.demo classic      # one

The folder of each variant played is emptied first (no map of an earlier run is left
beside this one's); the transcript shows Discord's timestamps as the dates they stand for.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import re
import shutil
import sys
import tempfile
import textwrap
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member, running_bot

OUT = Path("out")
# <t:1767268800:F>: a date Discord writes in each reader's own time zone and language
TIMESTAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
FORMATS = {"t": "%H:%M", "T": "%H:%M:%S", "d": "%Y-%m-%d", "D": "%d %B %Y",
           "f": "%d %B %Y %H:%M", "F": "%A %d %B %Y %H:%M", "R": "%Y-%m-%d %H:%M"}


def readable(text: str) -> str:
    """Discord's timestamps as the client shows them (in UTC here)."""
    def date(m: re.Match[str]) -> str:
        when = datetime.fromtimestamp(int(m.group(1)), UTC)
        return when.strftime(FORMATS[m.group(2) or "f"]) + " UTC"
    return TIMESTAMP.sub(date, text)


class Demo:
    """A running bot plus a transcript printer and a map writer."""

    def __init__(self, harness: Harness, variant: str, out: Path) -> None:
        self.h = harness
        self.variant = variant
        self.out = out / variant
        shutil.rmtree(self.out, ignore_errors=True)  # the maps of this run only
        self.out.mkdir(parents=True, exist_ok=True)
        self.maps: list[Path] = []
        self.names: dict[int, str] = {}

    def say(self, text: str) -> None:
        print(f"\n== {text}")

    def _show(self, calls: list[Call]) -> None:
        for c in calls:
            if c.path.endswith("/callback") and c.response_type == 8:
                continue  # autocomplete suggestions
            if c.method not in ("POST", "PATCH") or not (c.text() or c.pngs()):
                continue
            if c.is_interaction_response or c.via_webhook:
                who = "bot (only you)" if c.ephemeral else "bot"
            elif c.channel_id in self.h.fake.dm_users:
                who = f"bot → DM {self.names.get(self.h.fake.dm_users[c.channel_id], '?')}"
            else:
                who = "bot in #game"
            body = textwrap.indent(readable(c.text()), "    ")
            print(f"  {who}:\n{body}")
            for data in c.pngs():
                path = self.out / f"{len(self.maps) + 1:02d}.png"
                path.write_bytes(data)
                self.maps.append(path)
                print(f"    [map attached -> {path}]")

    async def slash(self, who: Member, command: str, **values: Any) -> list[Call]:
        shown = " ".join(f"{k}:{v}" for k, v in values.items())
        print(f"\n{who.name}> /{command} {shown}".rstrip())
        calls = await self.h.slash(who, command, channel_id=CHANNEL_ID, **values)
        self._show(calls)
        return calls

    async def deadline_passes(self) -> None:
        from bot.services import games as games_service

        game = await games_service.game_in_channel(self.h.bot.db, channel_id=CHANNEL_ID)
        assert game.deadline is not None
        print(f"\n(time passes: the deadline of {game.phase} is reached)")
        mark = len(self.h.fake.calls)
        await self.h.bot.scheduler.run_once(now=game.deadline + timedelta(seconds=1))
        self._show(self.h.fake.since(mark))

    async def reminders_due(self) -> None:
        from bot.services import games as games_service

        game = await games_service.game_in_channel(self.h.bot.db, channel_id=CHANNEL_ID)
        assert game.deadline is not None
        print("\n(time passes: reminders are due)")
        mark = len(self.h.fake.calls)
        await self.h.bot.scheduler.run_once(now=game.deadline - timedelta(hours=1))
        self._show(self.h.fake.since(mark))


# --- classic ------------------------------------------------------------------------------------

CLASSIC_ORDERS: dict[str, list[str]] = {
    # phase -> one line per power (power: orders); what is not listed holds
    "S1901M": ["germany: A mun - bur; A ber - mun; F kie - hol",
               "france: A par - pic; A mar - gas; F bre - mao",
               "england: F lon - nth; F edi - nwg; A lvp - yor",
               "italy: A ven - tyr; A rom - ven; F nap - ion",
               "austria: A vie - gal; A bud - ser; F tri - alb",
               "russia: A war - ukr; A mos - stp; F sev - bla; F stp/sc - bot",
               "turkey: F ank - bla; A con - bul; A smy - arm"],
    "F1901M": ["france: A pic - bur; A gas S A pic - bur; F mao - spa/nc",
               "england: F nth - nwy; A yor H; F nwg H",
               "austria: A ser - gre; A gal H; F alb S A ser - gre",
               "russia: A ukr - rum; F bot - swe"],
    "F1901R": ["germany: A bur R ruh"],
}


async def demo_classic(demo: Demo) -> None:
    gm = Member(1000, "Gamemaster", permissions=str((1 << 50) - 1))
    players = [Member(1001 + i, name, locale=locale) for i, (name, locale) in enumerate([
        ("Alice", "en-GB"), ("Bruno", "fr"), ("Chloé", "fr"), ("Dmitri", "en-US"),
        ("Emma", "en-GB"), ("Farid", "fr"), ("Greta", "en-US")])]
    demo.names = {m.id: m.name for m in [gm, *players]}
    demo.say("A game master creates a classic game in #diplomacy")
    await demo.slash(gm, "game create", variant="classic", name="Demo", phase_hours=24.0)
    demo.say("Seven players sign up")
    await demo.slash(players[0], "game join", preferences="France, England")
    for p in players[1:]:
        await demo.slash(p, "game join")
    await demo.slash(gm, "game start")
    from bot.services import games as games_service

    game = await games_service.game_in_channel(demo.h.bot.db, channel_id=CHANNEL_ID)
    by_power = {seat.powers[0]: next(p for p in players if p.id == seat.user_id)
                for seat in game.players}

    async def orders(phase: str) -> None:
        for line in CLASSIC_ORDERS.get(phase, []):
            power, text = line.split(":", 1)
            await demo.slash(by_power[power], "orders submit", text=text.strip())

    demo.say("Spring 1901: orders, a typo, then everyone says ready")
    await demo.slash(by_power["italy"], "orders submit", text="A ven - tyr; F nap - ionn")
    await orders("S1901M")
    await demo.slash(by_power["turkey"], "orders show")
    for power in sorted(by_power):
        await demo.slash(by_power[power], "ready")
    demo.say("Fall 1901: some players forget; reminders, then the deadline")
    await orders("F1901M")
    await demo.reminders_due()
    await demo.deadline_passes()
    demo.say("Fall 1901 retreats")
    await orders("F1901R")
    await demo.slash(by_power["germany"], "ready")
    demo.say("Winter 1901: builds (the deadline resolves what was sent)")
    await demo.slash(by_power["france"], "orders submit", text="Build A par")
    await demo.slash(by_power["germany"], "orders submit", text="Build A ber")
    await demo.slash(by_power["russia"], "orders submit", text="Build A war; Build A mos")
    await demo.deadline_passes()
    demo.say("Spring 1902: a guided order, a press release, the GM resolves early")
    await demo.slash(by_power["italy"], "order", order="A tyr - boh")
    await demo.slash(by_power["england"], "press", text="England wants peace.",
                     anonymous=True)
    await demo.slash(gm, "game status")
    await demo.slash(gm, "gm adjudicate")
    await demo.slash(players[2], "map", phase="F1901M")


async def demo_duel(demo: Demo) -> None:
    # Duel-Diplomatie: its module imports this one, so it is found by name (no import cycle)
    await importlib.import_module("tools.demo_duel").play(demo)


async def demo_imperialisme(demo: Demo) -> None:
    # L'Impérialisme: found by name, as the duel's
    await importlib.import_module("tools.demo_imperialisme").demo_imperialisme(demo)


DEMOS: dict[str, Callable[[Demo], Awaitable[None]]] = {"classic": demo_classic,
                                                       "duel": demo_duel,
                                                       "imperialisme": demo_imperialisme}


async def run(variants: list[str], out: Path) -> int:
    for variant in variants:
        with tempfile.TemporaryDirectory() as tmp:
            url = f"sqlite+aiosqlite:///{Path(tmp) / 'demo.db'}"
            async with running_bot(url) as harness:
                demo = Demo(harness, variant, out)
                print(f"\n######## {variant} ########")
                await DEMOS[variant](demo)
                print(f"\n{variant}: {len(demo.maps)} maps written to {demo.out}/")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*",
                        help=f"variants to play (default: all of {', '.join(DEMOS)})")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    unknown = [v for v in args.variants if v not in DEMOS]
    if unknown:
        parser.error(f"no demo for {', '.join(unknown)} (known: {', '.join(DEMOS)})")
    return asyncio.run(run(args.variants or list(DEMOS), args.out))


if __name__ == "__main__":
    sys.exit(main())
