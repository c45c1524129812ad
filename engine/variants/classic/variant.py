"""Classic Diplomacy as a ``Variant`` value (seed 004; DATC)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import scoring
from engine.orders.errors import OrderError
from engine.orders.state import state_from_json
from engine.orders.variant import WrittenOrders
from engine.variants.base import Option, Phrase
from engine.variants.classic import game, phase_names

JSON = dict[str, Any]

# docs/RULES.md §2.14.2: powers per seat for 2-6 players; a power in no seat is neutral (it holds
# and does not support itself, as in civil disorder). Three players: the first option.
SEATS: dict[int, list[list[str]]] = {
    7: [["austria"], ["england"], ["france"], ["germany"], ["italy"], ["russia"], ["turkey"]],
    6: [["austria"], ["england"], ["france"], ["germany"], ["russia"], ["turkey"]],
    5: [["austria"], ["england"], ["france"], ["russia"], ["turkey"]],
    4: [["england"], ["austria", "france"], ["germany", "turkey"], ["italy", "russia"]],
    3: [["russia"], ["england", "france", "germany"], ["austria", "italy", "turkey"]],
    2: [["england", "france", "russia"], ["austria", "germany", "turkey"]],
}


def _year(phase: str) -> int | None:
    return int(phase[1:5]) if len(phase) >= 6 and phase[1:5].isdigit() else None


class ClassicVariant(WrittenOrders):
    """Diplomacy with written orders on a classic-format map (``WrittenOrders``: the board,
    the powers' names, checked and legal orders). Subclass it with another
    ``name``/``map_name`` for a variant that only changes the board."""

    name = "classic"
    titles: Mapping[str, str] = {"en": "Diplomacy", "fr": "Diplomatie"}
    map_name = "classic"
    min_players = 2
    max_players = 7
    errors = OrderError
    assignment = "seats"  # powers dealt by seat (docs/RULES.md §2.14.2), by lot or preferences
    pending_keys = frozenset({"conditional"})  # docs/RULES.md §3.4.2
    scoring: tuple[str, ...] = scoring.SYSTEMS
    measures: tuple[str, ...] = ("centres",)
    options: tuple[Option, ...] = ()
    phase_lengths: tuple[str, ...] = ("M", "R", "A")
    catalogue: str | None = None
    phase_kinds = "MRA"  # the last letter of its phase ids: movement, retreats, adjustments

    def phase_name(self, phase: str) -> Phrase | None:
        return phase_names.phase_name(phase, self.phase_kinds)

    def phase_title(self, phase: str, locale: str) -> str | None:
        return phase_names.phase_title(phase, locale)

    def seats(self, players: int) -> list[list[str]]:
        """Powers each seat commands (docs/RULES.md §2.14.2)."""
        if players not in SEATS:
            raise ValueError(f"no assignment for {players} players in {self.name!r}")
        return [list(seat) for seat in SEATS[players]]

    def new_state(self, setup: Mapping[str, Any] | None = None) -> JSON:
        return game.new_game_state(self.name, self.game_map())

    def powers_to_act(self, state: Mapping[str, Any],
                      options: Mapping[str, Any] | None = None) -> list[str]:
        gm = self.game_map()
        st = state_from_json(dict(state), gm, normalise_power=self.power)
        return game.powers_with_choices(st, gm, game.Options.from_json(
            dict(options) if options else None, gm))

    def advance(self, request: Mapping[str, Any]) -> JSON:
        return game.process(dict(request), self.game_map())

    def survivors(self, state: Mapping[str, Any]) -> list[str]:
        """A power with a supply centre or a unit; one with neither is out of the game."""
        alive = {p for p, c in (state.get("centers") or {}).items() if c}
        alive |= {u["power"] for u in state.get("units") or []}
        return sorted(alive)

    def measure(self, state: Mapping[str, Any],
                name: str) -> tuple[str, dict[str, float]] | None:
        """Supply centres at the start of each year, named as the game names its years: they
        change after a Fall only, so a Spring or Fall position shows the start of its year
        (the opening is 1901) and a Winter one the start of the next."""
        phase = str(state.get("phase") or "")
        year = _year(phase)
        if name != "centres" or year is None or not state.get("centers"):
            return None
        label = year + 1 if phase[:1].upper() == "W" else year
        return str(label), {p: float(len(c)) for p, c in state["centers"].items()}

    def legend(self, state: Mapping[str, Any], locale: str = "en") -> JSON | None:
        return None

    def end_of_game(self, state: Mapping[str, Any],
                    options: Mapping[str, Any] | None = None) -> JSON | None:
        """A winner with the victory centres (docs/RULES.md §2.2); past the agreed last year, the
        most centres (seed 000 III), several equal leaders share a draw."""
        winner = state.get("winner")
        if winner:
            return {"winner": winner}
        end_year = (options or {}).get("end_year")
        year = _year(str(state.get("phase", "")))
        if end_year is None or year is None or year <= int(end_year):
            return None
        counts = {p: len(c) for p, c in (state.get("centers") or {}).items() if c}
        top = max(counts.values(), default=0)
        leaders = sorted(p for p, n in counts.items() if n == top)
        if len(leaders) == 1:
            return {"winner": leaders[0], "reason": "end_year", "centers": counts}
        return {"draw": leaders, "reason": "end_year", "centers": counts}


    def scores(self, state: Mapping[str, Any], result: Mapping[str, Any],
               system: str) -> dict[str, float]:
        """The scoring system on the final supply centres of every power."""
        centres = {p: len(c) for p, c in (state.get("centers") or {}).items()}
        return scoring.score(system, result, centres, self.scored_powers(state))

    def scored_powers(self, state: Mapping[str, Any]) -> list[str]:
        return sorted(state.get("centers") or {})


VARIANT = ClassicVariant()
