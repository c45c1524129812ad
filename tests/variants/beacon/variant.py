"""Beacon Diplomacy, the fifth variant: written orders on a two-power board, with what a game
of its own brings — an option (``beacons_to_win``), its phase names (watches), a chart
measure (``units``), a post kind (``beacon_lit``) and a command (``/beacon light``).

Everything it needs lives in this folder; ``register()`` is its whole registration, done at
run time (docs/ARCHITECTURE.md, "Adding a variant")."""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine import variants
from engine.maps import add_map_root
from engine.variants.base import Option, Phrase
from engine.variants.classic.variant import ClassicVariant

HERE = Path(__file__).resolve().parent
KINDS = {"M": {"en": "Moves", "fr": "Mouvements"}, "R": {"en": "Retreats", "fr": "Retraites"},
         "A": {"en": "Musters", "fr": "Levées"}}


def watch(phase: str) -> int | None:
    """Two watches a year: Spring is the first, Fall (and its Winter) the second."""
    if len(phase) < 6 or phase[0] not in "SFW" or phase[-1] not in KINDS \
            or not phase[1:-1].isdigit():
        return None
    return (int(phase[1:-1]) - 1901) * 2 + (1 if phase[0] == "S" else 2)


class BeaconVariant(ClassicVariant):
    name = "beacon"
    titles: Mapping[str, str] = {"en": "Beacon Diplomacy", "fr": "Diplomatie des phares"}
    map_name = "beacon"
    min_players = 2
    max_players = 2
    measures: tuple[str, ...] = ("centres", "units")
    options: tuple[Option, ...] = (Option(
        "beacons_to_win", int, 3, minimum=2, maximum=4,
        label={"en": "Beacons to win", "fr": "Phares pour gagner"},
        help={"en": "Supply centres a power holds to win (2-4)",
              "fr": "Centres qu'une puissance doit tenir pour gagner (2 à 4)"}),)
    catalogue = str(HERE / "i18n")

    def phase_name(self, phase: str) -> Phrase | None:
        number = watch(phase)
        if number is None:
            return None
        return Phrase("beacon.phase", {"watch": number,
                                       "kind": Phrase(f"beacon.kind.{phase[-1]}")})

    def phase_title(self, phase: str, locale: str) -> str | None:
        number = watch(phase)
        if number is None:
            return None
        lang = "fr" if locale.lower().startswith("fr") else "en"
        return f"{'Veille' if lang == 'fr' else 'Watch'} {number} — {KINDS[phase[-1]][lang]}"

    def seats(self, players: int) -> list[list[str]]:
        if players != 2:
            raise ValueError("Beacon Diplomacy is for two players")
        return [["north"], ["south"]]

    def measure(self, state: Mapping[str, Any],
                name: str) -> tuple[str, dict[str, float]] | None:
        """``units``: each power's units as each watch opens (the watch's number)."""
        if name != "units":
            return super().measure(state, name)
        number = watch(str(state.get("phase") or ""))
        if number is None:
            return None
        counts = dict.fromkeys((state.get("centers") or {}), 0.0)
        for unit in state.get("units") or []:
            counts[unit["power"]] = counts.get(unit["power"], 0.0) + 1
        return str(number), counts

    def end_of_game(self, state: Mapping[str, Any],
                    options: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
        target = int((options or {}).get("beacons_to_win") or 3)
        for power, centres in (state.get("centers") or {}).items():
            if len(centres) >= target:
                return {"winner": power}
        return None


def register() -> BeaconVariant:
    """The engine's registry and the boards' roots; the bot's parts are the extension
    ``tests.variants.beacon.cog`` (its ``setup``)."""
    add_map_root(HERE / "maps")
    return variants.register(BeaconVariant())  # type: ignore[return-value]
