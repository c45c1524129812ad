"""Phase rules of docs/RULES.md beyond the DATC: retreat/removal defaults of both presets,
conditional orders (seed 004 §3.4.2), skipped phases, centres after Fall, victory, civil
disorder, 2-6 player assignments (seed 004 §2.14.2)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import api
from engine.maps import load_map
from engine.orders.state import state_from_json
from engine.variants.classic.phases import removal_order

M = load_map("classic")


def position(phase: str, units: list[tuple[str, str, str]],
             centers: dict[str, list[str]] | None = None, **extra: Any) -> dict[str, Any]:
    st = api.new_game_state()
    st["phase"] = phase
    st["units"] = [{"power": p, "type": t, "location": loc} for p, t, loc in units]
    if centers is not None:
        st["centers"] = centers
    st.update(extra)
    return st


def run(state: dict[str, Any], orders: dict[str, str], **options: Any) -> dict[str, Any]:
    return api.adjudicate({"state": state, "orders": [{"power": p, "text": t}
                                                      for p, t in orders.items()],
                           "options": options})


def units_of(state: dict[str, Any]) -> set[tuple[str, str, str]]:
    return {(u["power"], u["type"], u["location"]) for u in state["units"]}


def test_dislodged_unit_with_retreats_opens_a_retreat_phase() -> None:
    st = position("S1901M", [("austria", "A", "vie"), ("russia", "A", "gal"),
                             ("russia", "A", "bud")])
    out = run(st, {"russia": "A gal - vie\nA bud S A gal - vie"})
    nxt = out["state"]
    assert nxt["phase"] == "S1901R"
    (d,) = nxt["dislodged"]
    assert d["location"] == "vie" and d["attacker_from"] == "gal"
    # not back to Galicia where the attack came from (seed 004 §2.11)
    assert "gal" not in d["retreats"] and set(d["retreats"]) == {"boh", "tri", "tyr"}


def test_missing_retreat_standard_disbands() -> None:
    st = position("S1901M", [("austria", "A", "vie"), ("russia", "A", "gal"),
                             ("russia", "A", "bud")])
    nxt = run(run(st, {"russia": "A gal - vie\nA bud S A gal - vie"})["state"], {})["state"]
    assert ("austria", "A", "vie") not in units_of(nxt)
    assert not any(u["power"] == "austria" for u in nxt["units"])
    assert nxt["phase"] == "F1901M"


def test_missing_retreat_vortigern_goes_nearest_home_centre() -> None:
    """seed 004 §3.5.3: nearest the home centres (sum of distances), centre before ordinary
    space, then alphabetical. Vienna's options boh, tri, tyr: Trieste is a home centre at
    distance sum 0+1+1 (tri, vie, bud) — the nearest."""
    st = position("S1901M", [("austria", "A", "vie"), ("russia", "A", "gal"),
                             ("russia", "A", "bud")], centers={"austria": ["tri", "vie"],
                                                                "russia": ["bud"]})
    nxt = run(run(st, {"russia": "A gal - vie\nA bud S A gal - vie"},
                  preset="vortigern")["state"], {}, preset="vortigern")["state"]
    assert ("austria", "A", "tri") in units_of(nxt)


def test_retreat_phase_without_choices_is_skipped() -> None:
    """A dislodged unit with no retreat is removed and no retreat phase is held."""
    st = position("S1901M", [("turkey", "F", "ank"), ("russia", "F", "bla"),
                             ("russia", "A", "arm"), ("russia", "F", "con")])
    out = run(st, {"russia": "F bla - ank\nA arm S F bla - ank\nF con H"})
    nxt = out["state"]
    # Ankara's fleet could only go to con (occupied), bla (attacker's origin), arm (occupied)
    assert nxt["phase"] == "F1901M"
    assert not any(u["power"] == "turkey" for u in nxt["units"])


def test_conditional_retreat_applied_automatically() -> None:
    """seed 004 §3.4.2: a retreat sent with the movement orders resolves the retreat phase at
    once when it covers every dislodged unit."""
    st = position("S1901M", [("austria", "A", "vie"), ("russia", "A", "gal"),
                             ("russia", "A", "bud")])
    out = run(st, {"russia": "A gal - vie\nA bud S A gal - vie",
                   "austria": "A vie H\nA vie R gal, tyr, boh"})
    nxt = out["state"]
    assert nxt["phase"] == "F1901M"
    assert ("austria", "A", "tyr") in units_of(nxt)  # gal is the attacker's origin


def test_centres_change_only_after_fall() -> None:
    st = position("S1901M", [("germany", "A", "kie")])
    spring = run(st, {"germany": "A kie - den"})["state"]
    assert "den" not in spring["centers"]["germany"]
    fall = run(spring, {"germany": "A den H"})["state"]
    # nobody has an adjustment choice? Germany now has 4 centres and 1 unit: builds
    assert "den" in fall["centers"]["germany"]
    assert fall["phase"] == "W1901A"


def test_adjustment_without_choices_is_skipped() -> None:
    st = position("F1901M", [(p, "A", c) for p in ("austria",) for c in ("vie", "bud", "tri")],
                  centers={"austria": ["bud", "tri", "vie"]})
    out = run(st, {"austria": "A vie H"})
    assert out["state"]["phase"] == "S1902M"


def test_builds_in_owned_empty_home_centres() -> None:
    st = position("W1901A", [("germany", "A", "den")],
                  centers={"germany": ["ber", "den", "kie", "mun"]})
    out = run(st, {"germany": "Build A ber\nBuild F kie\nBuild A den"})
    statuses = [(r["text"], r["status"]) for r in out["results"]]
    assert statuses[0][1] == "succeeds" and statuses[1][1] == "succeeds"
    assert statuses[2][1] == "illegal"  # Denmark is not a home centre
    assert {("germany", "A", "ber"), ("germany", "F", "kie")} <= units_of(out["state"])


def test_missing_builds_are_lost() -> None:
    st = position("W1901A", [("germany", "A", "den")],
                  centers={"germany": ["ber", "den", "kie", "mun"]})
    out = run(st, {})
    assert units_of(out["state"]) == {("germany", "A", "den")}


def test_standard_removal_farthest_from_nearest_home_centre() -> None:
    """seed 004 §2.14.4: farthest from the nearest home centre; fleet before army."""
    st = state_from_json(position("W1901A", [("england", "A", "lon"), ("england", "A", "mos"),
                                             ("england", "F", "nao")],
                                  centers={"england": ["lon", "edi"]}), M)
    order = removal_order(st, M, "england", "standard")
    assert order[0].location == "mos"


def test_vortigern_removal_example_of_the_seed() -> None:
    """seed 004 §3.5.3 worked example: MAR counts 12, MOS 13, so A MOS goes first."""
    st = state_from_json(position("W1901A", [("england", "A", "mar"), ("england", "A", "mos")],
                                  centers={"england": ["lon"]}), M)
    from engine.variants.classic.phases import _sum_distance

    homes = M.home_centers("england")
    assert _sum_distance(M, "mar", homes) == 12
    assert _sum_distance(M, "mos", homes) == 13
    assert removal_order(st, M, "england", "vortigern")[0].location == "mos"


def test_missing_removal_made_by_referee() -> None:
    st = position("W1901A", [("england", "A", "lon"), ("england", "A", "mos")],
                  centers={"england": ["lon"]})
    out = run(st, {})
    assert units_of(out["state"]) == {("england", "A", "lon")}
    assert any(r["reason"] == "default_removal" and r["order"]["kind"] == "remove"
               for r in out["results"])


def test_conditional_build_list_resolves_winter_at_once() -> None:
    st = position("F1901M", [("germany", "A", "kie")],
                  centers={"germany": ["ber", "kie", "mun"]})
    out = run(st, {"germany": "A kie - den\nconstruire F kie, A ber, A mun"})
    nxt = out["state"]
    assert nxt["phase"] == "S1902M"
    assert {("germany", "F", "kie"), ("germany", "A", "ber"),
            ("germany", "A", "mun")} <= units_of(nxt)


def test_civil_disorder_units_hold_and_do_not_support() -> None:
    """seed 004 §2.14.3: units in civil disorder hold, do not support each other, and are
    removed when dislodged. Without civil disorder Budapest's support saves Vienna."""
    st = position("S1901M", [("austria", "A", "vie"), ("austria", "A", "bud"),
                             ("russia", "A", "gal"), ("russia", "A", "boh")])
    orders = {"russia": "A gal - vie\nA boh S A gal - vie", "austria": "A bud S A vie"}
    held = run(st, orders)
    assert ("austria", "A", "vie") in units_of(held["state"])
    out = run(st, orders, civil_disorder=["austria"])
    assert ("russia", "A", "vie") in units_of(out["state"])
    assert out["state"]["phase"] == "F1901M"  # removed, no retreat phase
    assert ("austria", "A", "vie") not in units_of(out["state"])


def test_civil_disorder_no_builds() -> None:
    st = position("W1901A", [("germany", "A", "den")],
                  centers={"germany": ["ber", "den", "kie", "mun"]})
    out = run(st, {"germany": "Build A ber"}, civil_disorder=["germany"])
    assert units_of(out["state"]) == {("germany", "A", "den")}


def test_victory_at_eighteen_centres() -> None:
    """seed 004 §2.2: 18 centres win, counted after Fall."""
    others = sorted(c for c in M.centers if c != "bel")
    st = position("F1910M", [("france", "A", "pic")],
                  centers={"france": others[:17], "england": others[17:]})
    out = run(st, {"france": "A pic - bel"})
    assert len(out["state"]["centers"]["france"]) == 18
    assert out["state"]["winner"] == "france"


def test_seventeen_centres_do_not_win() -> None:
    others = sorted(c for c in M.centers if c != "bel")
    st = position("F1910M", [("france", "A", "pic")],
                  centers={"france": others[:16], "england": others[16:]})
    out = run(st, {"france": "A pic - bel"})
    assert out["state"]["winner"] is None


@pytest.mark.parametrize("players,seats", [(7, 7), (6, 6), (5, 5), (4, 4), (3, 3), (2, 2)])
def test_assignments_cover_2_to_7_players(players: int, seats: int) -> None:
    a = api.assignments("classic", players)
    assert len(a) == seats
    flat = [p for seat in a for p in seat]
    assert len(flat) == len(set(flat))


def test_two_player_assignment_of_the_seed() -> None:
    """seed 004 §2.14.2: England/France/Russia vs Austria/Germany/Turkey, Italy neutral."""
    a = api.assignments("classic", 2)
    assert sorted(map(sorted, a)) == [["austria", "germany", "turkey"],
                                      ["england", "france", "russia"]]
    assert api.neutral_powers("classic", 2) == ["italy"]
    assert api.neutral_powers("classic", 5) == ["germany", "italy"]


def test_two_players_no_unit_enters_neutral_italy() -> None:
    """seed 004 §2.14.2: with two players Italy is neutral and closed."""
    st = position("S1914M", [("france", "A", "mar"), ("austria", "A", "tyr")])
    out = run(st, {"france": "A mar - pie", "austria": "A tyr - ven"},
              closed=["italy"], civil_disorder=["italy"])
    assert {r["status"] for r in out["results"] if r["text"]} == {"illegal"}
    assert units_of(out["state"]) == {("france", "A", "mar"), ("austria", "A", "tyr")}
