"""The toy variant's value: classic rules on the toy board, won with three centres."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine import variants
from engine.maps import add_map_root
from engine.variants.classic.variant import ClassicVariant

VICTORY = 3


class ToyVariant(ClassicVariant):
    name = "toy"
    titles: Mapping[str, str] = {"en": "Toy Diplomacy", "fr": "Diplomatie miniature"}
    map_name = "toy"
    min_players = 2
    max_players = 2

    def seats(self, players: int) -> list[list[str]]:
        if players != 2:
            raise ValueError("the toy variant is for two players")
        return [["north"], ["south"]]

    def end_of_game(self, state: Mapping[str, Any],
                    options: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
        for power, centres in (state.get("centers") or {}).items():
            if len(centres) >= VICTORY:
                return {"winner": power}
        return None


def register() -> ToyVariant:
    add_map_root(Path(__file__).resolve().parent / "maps")
    return variants.register(ToyVariant())  # type: ignore[return-value]
