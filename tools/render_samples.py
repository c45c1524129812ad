"""Sample maps for docs/ (issue 3), played through the real engine from the opening.

``.venv/bin/python -m tools.render_samples [OUT_DIR]`` writes:
  map-opening.png          Spring 1901, the starting position
  map-spring-1901.png      Spring 1901 orders and results (bounces)
  map-fall-1901.png        Fall 1901: supports, a convoy, failed attacks, a dislodgement
  map-fall-1901-fr-colorblind.png  the same, in French with the colour-blind palette
  map-retreats-1901.png    Fall 1901 retreats: the dislodged unit and where it may go
  map-winter-1901.png      Winter 1901 adjustments: builds
  map-duel-legend.png      a Duel-Diplomatie legend column (controller, credits)
  map-preview.png          a private preview of one power's pending orders
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from engine import api

ROOT = Path(__file__).resolve().parent.parent

SPRING = {
    "england": "F lon - eng\nF edi - nth\nA lvp - yor",
    "france": "A par - pic\nA mar - bur\nF bre - mao",
    "germany": "A mun - ruh\nA ber - kie\nF kie - hol",
    "italy": "A ven - tyr\nA rom - ven\nF nap - ion",
    "austria": "A vie - gal\nA bud - ser\nF tri - alb",
    "russia": "A war - gal\nA mos - ukr\nF sev - rum\nF stp/sc - bot",
    "turkey": "F ank - bla\nA con - bul\nA smy - con",
}
FALL = {
    "england": "A yor - nwy via convoy\nF nth C A yor - nwy\nF eng S A pic - bel",
    "france": "A pic - bel\nA bur S A pic - bel\nF mao - por",
    "germany": "A ruh - bel\nF hol S A ruh - bel\nA kie - den",
    "italy": "F ion - tun\nA tyr H\nA ven H",
    "austria": "F alb - gre\nA ser S F alb - gre\nA vie - gal",
    "russia": "F rum H\nA war - gal\nA ukr S A war - gal\nF bot - swe",
    "turkey": "A bul - rum\nF bla S A bul - rum\nA con - bul",
}
RETREATS = {"russia": "F rum - sev"}
WINTER = {
    "england": "build F lon",
    "france": "build A par\nbuild F bre",
    "germany": "build A ber",
    "italy": "build F nap",
    "austria": "build A vie\nbuild F tri",
    "turkey": "build F smy\nbuild A ank",
}


def _step(state: dict[str, Any], orders: dict[str, str]) -> tuple[list[dict[str, Any]],
                                                                   dict[str, Any]]:
    response = api.adjudicate({"state": state, "orders": [
        {"power": p, "text": t} for p, t in orders.items()]})
    return response["results"], response["state"]


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "docs"
    out.mkdir(parents=True, exist_ok=True)

    def save(name: str, png: bytes) -> None:
        (out / name).write_bytes(png)
        print(f"{name}: {len(png) // 1024} KB")

    s1901 = api.new_game_state("classic")
    save("map-opening.png", api.render(s1901))
    spring, f1901 = _step(s1901, SPRING)
    save("map-spring-1901.png", api.render(s1901, results=spring))
    fall, r1901 = _step(f1901, FALL)
    save("map-fall-1901.png", api.render(f1901, results=fall))
    save("map-fall-1901-fr-colorblind.png",
         api.render(f1901, results=fall, locale="fr", palette="colorblind"))
    save("map-retreats-1901.png", api.render(r1901))
    _, w1901 = _step(r1901, RETREATS)
    winter, s1902 = _step(w1901, WINTER)
    save("map-winter-1901.png", api.render(w1901, results=winter))
    duel = {**s1902, "variant": "duel"}
    save("map-duel-legend.png", api.render(duel, locale="fr", extra_legend={
        "title": "Contrôle / crédits",
        "rows": {"england": "Alice · 7", "france": "Bob · 3", "germany": "Alice",
                 "italy": "Bob", "austria": "—", "russia": "Bob", "turkey": "Alice"}}))
    save("map-preview.png", api.render(s1902, orders=[
        {"power": "france",
         "text": "A bur - ruh\nA bel S A bur - ruh\nF por - mao\nF bre - eng\nA par - pic"}],
        preview_power="france"))

    imperial_samples(save)


def imperial_samples(save: Any) -> None:
    """L'Impérialisme (issue 7): the opening, and the map after one crisis."""
    from engine.variants.imperialisme import api as imperial

    def legend(state: dict[str, Any], locale: str) -> dict[str, Any]:
        table = imperial.influence_table(state)
        return {"title": "Influence", "rows": {p: v["influence"] for p, v in table.items()}}

    start = {**imperial.new_state(), "phase": "C1-PENDING"}  # titled as the bot titles it
    save("imperialisme-start.png", api.render(start, locale="fr",
                                              extra_legend=legend(start, "fr")))
    drawn = imperial.draw_crisis(start, "sample-seed")
    first, _second = drawn["crisis"]["sides"]
    voting = imperial.open_vote(drawn["state"])
    ballots = {p: first for p in voting["voters"]}  # a unanimous sample vote
    tallied = imperial.tally(voting["state"], ballots)
    outcome = tallied["outcome"]
    after = {**imperial.annex(tallied["state"], outcome["winner"], outcome["loser"])["state"],
             "phase": "C2-PENDING"}
    save("imperialisme-after-crisis.png", api.render(after, locale="en",
                                                     extra_legend=legend(after, "en")))


if __name__ == "__main__":
    main(sys.argv)
