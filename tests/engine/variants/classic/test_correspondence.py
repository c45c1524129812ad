"""Correspondence play at the engine's edge (seed 004 chapter 3): conditional orders never
skip a phase or lose a build (§3.4.2), every phase that happened is traced with its results,
a used conditional order is reported once, missed retreats say what happened (§2.14.4,
§3.5.3), and a set of orders is checked as a whole when it is sent."""

from __future__ import annotations

from typing import Any

import pytest

from engine import api

HOMES = {"france": ["bre", "mar", "par"], "germany": ["ber", "kie", "mun"]}
FRANCE_AT_HOME = [{"power": "france", "type": t, "location": loc}
                  for t, loc in (("F", "bre"), ("A", "mar"), ("A", "par"))]


def fall(units: list[dict[str, str]]) -> dict[str, Any]:
    return {"variant": "classic", "phase": "F1901M", "units": FRANCE_AT_HOME + units,
            "centers": HOMES}


def unit(power: str, kind: str, location: str) -> dict[str, str]:
    return {"power": power, "type": kind, "location": location}


@pytest.mark.parametrize("preset", ["standard", "vortigern"])
def test_a_conditional_retreat_never_skips_the_winter(preset: str) -> None:
    """Germany takes Holland (4 centres, 3 units) and sends `A ruh R mun, kie`; the army is
    not dislodged. Winter 1901 is Germany's to play: its build is not lost."""
    state = fall([unit("germany", "A", "ruh"), unit("germany", "F", "kie"),
                  unit("germany", "A", "mun")])
    out = api.adjudicate({"state": state, "options": {"preset": preset}, "orders": [
        {"power": "germany", "text": "F kie - hol\nA ruh R mun, kie\nA ruh H\nA mun H"}]})
    assert out["state"]["phase"] == "W1901A"
    assert api.powers_with_choices(out["state"], {"preset": preset}) == ["germany"]
    assert len(out["state"]["centers"]["germany"]) == 4
    winter = api.adjudicate({"state": out["state"], "options": {"preset": preset},
                             "orders": [{"power": "germany", "text": "F kie B"}]})
    assert winter["state"]["phase"] == "S1902M"
    assert {"power": "germany", "type": "F", "location": "kie"} in winter["state"]["units"]


def test_conditional_builds_do_cover_the_winter() -> None:
    """Builds sent with the Fall orders are the Winter's orders: nothing left to choose."""
    state = fall([unit("germany", "A", "ruh"), unit("germany", "F", "kie"),
                  unit("germany", "A", "mun")])
    out = api.adjudicate({"state": state, "trace": True, "orders": [
        {"power": "germany", "text": "F kie - hol\nA ber B"}]})
    assert out["state"]["phase"] == "S1902M"
    assert [p["phase"] for p in out["phases"]] == ["F1901M", "W1901A"]
    (build,) = [r for r in out["results"] if r["phase"] == "W1901A"]
    assert (build["normalized"], build["status"]) == ("BUILD A ber", "succeeds")


def test_a_used_conditional_retreat_is_reported_once_in_its_own_phase() -> None:
    """The French army in Burgundy is dislodged and had sent `A bur R pic` with its Fall
    orders. The Fall reports its moves only; the retreat phase reports the retreat, once, as
    what happened; both phases are in the trace."""
    state = {"variant": "classic", "phase": "F1901M", "centers": HOMES,
             "units": [unit("germany", "A", "mun"), unit("germany", "A", "ruh"),
                       unit("france", "A", "bur")]}
    out = api.adjudicate({"state": state, "trace": True, "orders": [
        {"power": "germany", "text": "A mun - bur\nA ruh S A mun - bur"},
        {"power": "france", "text": "A bur H\nA bur R pic"}]})
    assert [p["phase"] for p in out["phases"]] == ["F1901M", "F1901R"]
    fall_lines = [r for r in out["results"] if r["phase"] == "F1901M" and r["power"] == "france"]
    assert [(r["normalized"], r["status"]) for r in fall_lines] == [("A bur H", "fails")]
    retreat = [r for r in out["results"] if r["phase"] == "F1901R"]
    assert [(r["normalized"], r["status"]) for r in retreat] == [("A bur R pic", "succeeds")]
    assert out["phases"][1]["state"]["dislodged"][0]["location"] == "bur"


@pytest.mark.parametrize(("preset", "reason", "kind"), [
    ("standard", "disbanded_no_order", "disband"),   # seed 004 §2.14.4
    ("vortigern", "default_retreat", "retreat"),     # seed 004 §3.5.3
])
def test_a_missed_retreat_says_what_happened(preset: str, reason: str, kind: str) -> None:
    state = {"variant": "classic", "phase": "F1901M", "centers": HOMES,
             "units": [unit("germany", "A", "mun"), unit("germany", "A", "ruh"),
                       unit("france", "A", "bur")]}
    moved = api.adjudicate({"state": state, "options": {"preset": preset}, "orders": [
        {"power": "germany", "text": "A mun - bur\nA ruh S A mun - bur"}]})
    assert moved["state"]["phase"] == "F1901R"
    out = api.adjudicate({"state": moved["state"], "options": {"preset": preset},
                          "orders": []})
    (missed,) = [r for r in out["results"] if r["power"] == "france"]
    assert (missed["reason"], missed["order"]["kind"]) == (reason, kind)
    assert missed["reason"] != "no_order"


def _winter(units: list[dict[str, str]], centers: dict[str, list[str]]) -> dict[str, Any]:
    return {"variant": "classic", "phase": "W1901A", "units": units, "centers": centers}


def test_builds_are_checked_as_a_set_when_sent() -> None:
    """One build due: the second is refused at once with the reason, as is a second build in
    the same centre; the first stays good."""
    state = _winter([unit("germany", "A", "mun"), unit("germany", "A", "hol"),
                     unit("germany", "F", "den")],
                    {"germany": ["ber", "kie", "mun", "hol"]})
    checked = api.check_orders(state, "germany", "A ber B\nF kie B")
    assert [line["ok"] for line in checked["lines"]] == [True, False]
    assert checked["lines"][1]["error"]["code"] == "too_many_builds"
    assert "you may build 1" in checked["lines"][1]["error"]["message_en"]
    twice = api.check_orders(_winter([unit("germany", "A", "mun")], HOMES), "germany",
                             "A ber B\nF ber B")
    assert [line["error"]["code"] if line["error"] else None for line in twice["lines"]] == \
        [None, "build_twice"]


def test_removals_beyond_what_is_due_are_refused() -> None:
    state = _winter([unit("germany", "A", "mun"), unit("germany", "A", "ber"),
                     unit("germany", "F", "kie"), unit("germany", "A", "sil")],
                    HOMES)
    checked = api.check_orders(state, "germany", "A sil D\nA mun D")
    assert [line["ok"] for line in checked["lines"]] == [True, False]
    assert checked["lines"][1]["error"]["code"] == "too_many_removals"


def test_two_orders_for_one_unit_are_refused_with_the_reason() -> None:
    state = api.new_game_state("classic")
    checked = api.check_orders(state, "france", "A par - bur\nA mar H\nA par - pic")
    assert [line["ok"] for line in checked["lines"]] == [False, True, True]
    assert checked["lines"][0]["error"]["code"] == "two_orders"
    assert "un seul ordre par unité" in checked["lines"][0]["error"]["message_fr"]


def test_builds_sent_in_spring_are_conditional_and_replace_no_movement_order() -> None:
    state = api.new_game_state("classic")
    checked = api.check_orders(state, "france", "A par - bur\nA par B")
    assert checked["ok"]
    assert [line["conditional"] for line in checked["lines"]] == [False, True]


def test_builds_sent_in_spring_wait_for_the_winter() -> None:
    """Seed 004 §3.4.2 (issue 12): a conditional build sent with the Spring orders is kept
    through the Fall and played in the Winter; a newer one sent in the Fall replaces it."""
    state = {"variant": "classic", "phase": "S1901M", "centers": HOMES,
             "units": [*FRANCE_AT_HOME, unit("germany", "A", "ruh"),
                       unit("germany", "F", "kie"), unit("germany", "A", "mun")]}
    spring = api.adjudicate({"state": state, "orders": [
        {"power": "germany", "text": "F kie - den\nA ber B"}]})
    assert spring["state"]["phase"] == "F1901M"
    assert spring["state"]["conditional"] == {"germany": ["BUILD A ber"]}
    fall = api.adjudicate({"state": spring["state"], "trace": True, "orders": [
        {"power": "germany", "text": "A ruh H"}]})
    assert fall["state"]["phase"] == "S1902M"  # the Winter was covered by the Spring build
    (build,) = [r for r in fall["results"] if r["phase"] == "W1901A"]
    assert (build["normalized"], build["status"]) == ("BUILD A ber", "succeeds")
    newer = api.adjudicate({"state": spring["state"], "trace": True, "orders": [
        {"power": "germany", "text": "A ruh H\nF kie B"}]})
    (build,) = [r for r in newer["results"] if r["phase"] == "W1901A"]
    assert build["normalized"] == "BUILD F kie"
