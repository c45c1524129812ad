"""The engine contract of docs/ENGINE.md, from the outside: ``python -m engine adjudicate [FILE]``
with one request, a JSON array or JSON Lines, on stdin and from a file; NEXT_STATE fed back
through movement -> retreat -> adjustment; a hand-written retreat STATE without ``retreats``;
French power names and location spellings on input, lowercase English ids on output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.api import adjudicate

ROOT = Path(__file__).resolve().parents[2]
HOMES = {"england": ["edi", "lon", "lvp"], "france": ["bre", "mar", "par"],
         "germany": ["ber", "kie", "mun"]}


def cli(stdin: str | None = None, *args: str, failed: bool = False) -> str:
    proc = subprocess.run([sys.executable, "-m", "engine", "adjudicate", *args],
                          input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60,
                          check=False)
    # 1 once the batch is done when one of its requests failed
    assert proc.returncode == (1 if failed else 0), proc.stderr
    return proc.stdout


def fall_attack() -> dict[str, Any]:
    """Fall 1901: Germany dislodges the French army in Burgundy with a supported attack."""
    return {"state": {"variant": "classic", "phase": "F1901M",
                      "units": [{"power": "germany", "type": "A", "location": "mun"},
                                {"power": "germany", "type": "A", "location": "ruh"},
                                {"power": "france", "type": "A", "location": "bur"}],
                      "centers": HOMES},
            "orders": [{"power": "germany", "text": "A mun - bur\nA ruh S A mun - bur"}]}


def spring_bounce() -> dict[str, Any]:
    """Spring 1901 from a two-army position: both armies bounce in Burgundy."""
    return {"state": {"variant": "classic", "phase": "S1901M",
                      "units": [{"power": "germany", "type": "A", "location": "mun"},
                                {"power": "france", "type": "A", "location": "par"}],
                      "centers": HOMES},
            "orders": [{"power": "germany", "text": "A mun - bur"},
                       {"power": "france", "text": "A par - bur"}]}


def _check_fall_attack(resp: dict[str, Any]) -> None:
    assert [r["status"] for r in resp["results"] if r["text"]] == ["succeeds", "succeeds"]
    assert resp["state"]["phase"] == "F1901R"
    (d,) = resp["state"]["dislodged"]
    assert (d["power"], d["location"], d["attacker_from"]) == ("france", "bur", "mun")
    assert sorted(d["retreats"]) == ["bel", "gas", "mar", "par", "pic"]  # not mun, ruh


def _check_spring_bounce(resp: dict[str, Any]) -> None:
    assert [r["status"] for r in resp["results"]] == ["fails", "fails"]
    assert resp["state"]["phase"] == "F1901M"  # no dislodgement: the retreat phase is skipped
    assert {u["location"] for u in resp["state"]["units"]} == {"mun", "par"}


# -- the three input shapes, on stdin and from a file --------------------------------------------
@pytest.mark.parametrize("from_file", [False, True], ids=["stdin", "file"])
def test_cli_single_object(from_file: bool, tmp_path: Path) -> None:
    text = json.dumps(fall_attack())
    if from_file:
        path = tmp_path / "request.json"
        path.write_text(text, encoding="utf-8")
        out = cli(None, str(path))
    else:
        out = cli(text)
    resp = json.loads(out)
    assert isinstance(resp, dict)
    _check_fall_attack(resp)


@pytest.mark.parametrize("from_file", [False, True], ids=["stdin", "file"])
def test_cli_json_array(from_file: bool, tmp_path: Path) -> None:
    text = json.dumps([fall_attack(), spring_bounce()])
    if from_file:
        path = tmp_path / "batch.json"
        path.write_text(text, encoding="utf-8")
        out = cli(None, str(path))
    else:
        out = cli(text)
    responses = json.loads(out)
    assert isinstance(responses, list) and len(responses) == 2
    _check_fall_attack(responses[0])
    _check_spring_bounce(responses[1])


@pytest.mark.parametrize("from_file", [False, True], ids=["stdin", "file"])
def test_cli_json_lines(from_file: bool, tmp_path: Path) -> None:
    text = "\n".join(json.dumps(r) for r in (spring_bounce(), fall_attack(), spring_bounce()))
    if from_file:
        path = tmp_path / "batch.jsonl"
        path.write_text(text + "\n", encoding="utf-8")
        out = cli(None, str(path))
    else:
        out = cli(text + "\n")
    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert len(lines) == 3
    _check_spring_bounce(lines[0])
    _check_fall_attack(lines[1])
    _check_spring_bounce(lines[2])


def test_cli_matches_the_python_api() -> None:
    """The CLI prints exactly what ``engine.api.adjudicate`` returns."""
    request = fall_attack()
    assert json.loads(cli(json.dumps(request))) == json.loads(json.dumps(adjudicate(request)))


def test_cli_bad_line_does_not_sink_the_batch() -> None:
    out = cli(json.dumps(spring_bounce()) + "\n{not json\n" + json.dumps(spring_bounce()) + "\n",
              failed=True)
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3 and "error" in lines[1]
    _check_spring_bounce(lines[0])
    _check_spring_bounce(lines[2])


# -- NEXT_STATE fed back: movement -> retreat -> adjustment -> movement ------------------------
def test_next_state_round_trip_through_every_phase() -> None:
    resp = json.loads(cli(json.dumps(fall_attack())))
    _check_fall_attack(resp)
    # retreat: fed back verbatim, with the retreat order
    resp = json.loads(cli(json.dumps({"state": resp["state"],
                                      "orders": [{"power": "france", "text": "A bur - pic"}]})))
    assert [r["status"] for r in resp["results"]] == ["succeeds"]
    state = resp["state"]
    assert state["phase"] == "W1901A" and state["dislodged"] == []
    assert {(u["power"], u["location"]) for u in state["units"]} == {
        ("germany", "bur"), ("germany", "ruh"), ("france", "pic")}
    assert state["centers"]["germany"] == ["ber", "kie", "mun"]  # Burgundy is no centre
    # adjustment: both powers have builds
    resp = json.loads(cli(json.dumps({"state": state, "orders": [
        {"power": "germany", "text": "Build A mun"},
        {"power": "france", "text": "Build F bre\nBuild A par"}]})))
    assert [r["status"] for r in resp["results"] if r["text"]] == ["succeeds"] * 3
    state = resp["state"]
    assert state["phase"] == "S1902M"
    assert {(u["power"], u["type"], u["location"]) for u in state["units"]} == {
        ("germany", "A", "bur"), ("germany", "A", "ruh"), ("germany", "A", "mun"),
        ("france", "A", "pic"), ("france", "F", "bre"), ("france", "A", "par")}
    # and the next movement phase takes it as is
    resp = json.loads(cli(json.dumps({"state": state, "orders": [
        {"power": "france", "text": "A pic - bel"}]})))
    assert resp["state"]["phase"] in ("S1902R", "F1902M")
    assert ("france", "bel") in {(u["power"], u["location"]) for u in resp["state"]["units"]}


# -- a retreat STATE written by hand -------------------------------------------------------------
def _hand_retreat(by_convoy: bool) -> dict[str, Any]:
    return {"variant": "classic", "phase": "F1901R",
            "units": [{"power": "germany", "type": "A", "location": "bur"},
                      {"power": "germany", "type": "A", "location": "ruh"}],
            "dislodged": [{"power": "france", "type": "A", "location": "bur",
                           "attacker_from": "mun", "by_convoy": by_convoy}],
            "contested": ["pic"], "centers": HOMES}


@pytest.mark.parametrize(("target", "status"), [
    ("gas", "succeeds"),  # free
    ("mun", "illegal"),  # where the attacker came from (seed 004 §2.11)
    ("pic", "illegal"),  # left empty by a standoff
    ("ruh", "illegal"),  # occupied
])
def test_hand_written_retreat_state_derives_retreats(target: str, status: str) -> None:
    """Without ``retreats`` the engine derives them from attacker_from and contested."""
    state = _hand_retreat(by_convoy=False)  # Munich is empty again, still closed
    resp = json.loads(cli(json.dumps({"state": state, "orders": [
        {"power": "france", "text": f"A bur - {target}"}]})))
    assert resp["results"][0]["status"] == status
    french = {u["location"] for u in resp["state"]["units"] if u["power"] == "france"}
    assert french == ({target} if status == "succeeds" else set())


def test_hand_written_retreat_after_convoy_may_go_back() -> None:
    """Dislodged by an army that came by convoy: the attacker's origin is open (DATC 6.H.11)."""
    state = _hand_retreat(by_convoy=True)
    resp = adjudicate({"state": state, "orders": [{"power": "france", "text": "A bur - mun"}]})
    assert resp["results"][0]["status"] == "succeeds"


# -- French and other spellings in, lowercase English out ---------------------------------------
def test_french_names_in_lowercase_english_out() -> None:
    request = {
        "state": {"variant": "classic", "phase": "F1901M",
                  "units": [{"power": "Allemagne", "type": "A", "location": "Munich"},
                            {"power": "ALLEMAGNE", "type": "A", "location": "Ruhr"},
                            {"power": "France", "type": "A", "location": "Bourgogne"},
                            {"power": "Russie", "type": "F", "location": "stp(sc)"},
                            {"power": "Angleterre", "type": "F", "location": "mid"},
                            {"power": "Italie", "type": "F", "location": "gol"}],
                  "centers": {"Allemagne": ["ber", "kie", "mun"],
                              "FRANCE": ["bre", "mar", "par"],
                              "Angleterre": ["Londres", "edi", "lvp"]}},
        "orders": [{"power": "Allemagne", "text": "A mun - Bourgogne\nA ruh S A mun - bur"},
                   {"power": "Russie", "text": "F stp/sc - bot"},
                   {"power": "Angleterre", "text": "F mid - nat"},
                   {"power": "Italie", "text": "F lyo - Espagne(cs)"}]}
    resp = json.loads(cli(json.dumps(request, ensure_ascii=False)))
    powers = {r["power"] for r in resp["results"]}
    assert powers == {"germany", "france", "russia", "england", "italy"}
    assert all(r["status"] == "succeeds" for r in resp["results"] if r["text"]), resp["results"]
    state = resp["state"]
    assert {(u["power"], u["location"]) for u in state["units"]} == {
        ("germany", "bur"), ("germany", "ruh"), ("russia", "bot"), ("england", "nao"),
        ("italy", "spa/sc")}
    assert [(d["power"], d["location"]) for d in state["dislodged"]] == [("france", "bur")]
    assert set(state["centers"]) >= {"germany", "france", "england"}
    assert "lon" in state["centers"]["england"]
    for u in state["units"] + state["dislodged"]:
        assert u["power"] == u["power"].lower() and u["location"] == u["location"].lower()
