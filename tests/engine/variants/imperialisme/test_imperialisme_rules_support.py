"""Support for the Impérialisme rule tests (no tests here): a small synthetic map in the same
JSON format as the assets.

    france  par* bre bur mar*      germany ber* mun kie     austria vie* boh
    russia  mos* war stp           italy   rom* ven         spain   mad* bar
    england lon* edi               sweden  sto*             greece  ath* (an island alone)
    swi: neutral, borders bur, mar, mun and ven — France and Italy touch only through it.
Neighbours: france-germany (bur-mun), france-spain (mar-bar, and "med"), france-england
("manche"), germany-austria, germany-russia, germany-england ("nord"), germany-sweden and
russia-sweden ("baltique"), austria-italy, austria-russia. Greece has none.
"""

from __future__ import annotations

from typing import Any

POWERS = ["france", "germany", "austria", "russia", "italy", "spain", "england", "sweden",
          "greece"]

TERRITORIES: list[tuple[str, str | None, bool]] = [
    ("par", "france", True), ("bre", "france", False), ("bur", "france", False),
    ("mar", "france", True),
    ("ber", "germany", True), ("mun", "germany", False), ("kie", "germany", False),
    ("vie", "austria", True), ("boh", "austria", False),
    ("mos", "russia", True), ("war", "russia", False), ("stp", "russia", False),
    ("rom", "italy", True), ("ven", "italy", False),
    ("mad", "spain", True), ("bar", "spain", False),
    ("lon", "england", True), ("edi", "england", False),
    ("sto", "sweden", True),
    ("ath", "greece", True),
    ("swi", None, False),
]

LAND = [("par", "bre"), ("par", "bur"), ("bur", "mar"), ("bur", "mun"), ("bur", "swi"),
        ("mar", "swi"), ("mun", "swi"), ("swi", "ven"), ("rom", "ven"), ("ven", "vie"),
        ("ber", "mun"), ("ber", "kie"), ("boh", "mun"), ("boh", "vie"), ("ber", "war"),
        ("vie", "war"), ("mos", "war"), ("mos", "stp"), ("bar", "mad"), ("bar", "mar"),
        ("edi", "lon")]

CONTACTS = {"bre": ["manche"], "lon": ["manche", "nord"], "edi": ["nord"],
            "kie": ["nord", "baltique"], "sto": ["baltique"], "stp": ["baltique"],
            "mar": ["med"], "bar": ["med"], "rom": ["tyr"], "ath": ["ion"]}

SEAS = ["manche", "nord", "baltique", "med", "tyr", "ion"]


def minimap_json() -> dict[str, Any]:
    return {
        "name": "mini",
        "powers": [{"id": p, "name_en": p.capitalize(), "name_fr": p.capitalize() + "-fr",
                    "color": "#000000"} for p in POWERS],
        "territories": [{"id": t, "name_en": t.upper(), "name_fr": t.upper() + "-fr",
                         "owner": o, "star": s, "island": t == "ath"}
                        for t, o, s in TERRITORIES],
        "neutral": ["swi"],
        "seas": [{"id": s, "name_en": s, "name_fr": s} for s in SEAS],
        "land_borders": [sorted(pair) for pair in LAND],
        "sea_contacts": CONTACTS,
    }
