"""The engine's edges under bad input: the CLI answers every request exactly once and in
order, whatever the bytes; ``engine.api`` refuses a malformed request with one documented
error type naming the bad field (``RequestError``), or the variant's ``RuleError``."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import api
from engine.errors import RuleError

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"state": api.new_game_state("classic"),
        "orders": [{"power": "france", "text": "A par - bur"}]}


def cli(data: bytes, *args: str) -> tuple[int, list[Any]]:
    proc = subprocess.run([sys.executable, "-m", "engine", "adjudicate", *args], input=data,
                          capture_output=True, cwd=ROOT, timeout=120, check=False)
    lines = [json.loads(x) for x in proc.stdout.decode("utf-8").split("\n") if x.strip()]
    return proc.returncode, lines


def test_a_lone_surrogate_in_an_order_gets_its_answer_and_the_batch_goes_on() -> None:
    bad = json.dumps({**GOOD, "orders": [{"power": "france", "text": "A par - bur\ud800"}]})
    assert "\\ud800" in bad  # the JSON escape of a lone surrogate
    rc, answers = cli("\n".join([json.dumps(GOOD), bad, json.dumps(GOOD)]).encode())
    assert rc == 0 and len(answers) == 3
    assert answers[0]["state"]["phase"] == answers[2]["state"]["phase"] == "F1901M"
    assert answers[1]["results"][0]["status"] == "illegal"


def test_deep_nesting_is_one_clear_error_not_a_traceback() -> None:
    rc, answers = cli(b"[" * 100_000)
    assert rc == 1 and len(answers) == 1  # 1: a request failed
    assert "nested too deeply" in answers[0]["error"]


@pytest.mark.parametrize("separator", ["\u2028", "\u0085", "\x1c", "\u2029"])
def test_json_lines_split_on_newlines_only(separator: str) -> None:
    """A line break that is not "\\n" inside a string keeps its request whole."""
    odd = {**GOOD, "orders": [{"power": "france", "text": f"A par - bur{separator}"}]}
    lines = [json.dumps(GOOD), json.dumps(odd, ensure_ascii=False), "{not json", "[1, 2]",
             json.dumps(GOOD)]
    rc, answers = cli(("\n".join(lines) + "\n").encode("utf-8"))
    assert rc == 1 and len(answers) == 5
    assert "bad JSON" in answers[2]["error"]
    assert answers[3]["field"] == "request"  # a JSON value that is not a request
    assert answers[4]["state"]["phase"] == "F1901M"


def test_undecodable_bytes_are_refused_not_fatal() -> None:
    rc, answers = cli(json.dumps(GOOD).encode() + b"\n" + b'{"state": "\xff\xfe"}\n')
    assert rc == 1 and len(answers) == 2 and "error" in answers[1]


@pytest.mark.parametrize(("request_", "field"), [
    ({}, "state"),
    ([], "request"),
    ({"state": {"units": -1}}, "state.units"),
    ({"state": {"variant": "chess"}}, "state.variant"),
    ({"state": {"units": [{"power": "france", "type": "A"}]}}, "state.units[0].location"),
    ({"state": {"centers": {"france": "par"}}}, "state.centers.france"),
    ({"state": GOOD["state"], "orders": [{"power": "france"}]}, "orders[0].text"),
    ({"state": GOOD["state"], "orders": "A par - bur"}, "orders"),
    ({"state": {"phase": "X1901Q"}}, "state"),
    ({"state": {"units": [{"power": "france", "type": "A", "location": "atlantis"}]}},
     "state"),
])
def test_malformed_requests_name_the_bad_field(request_: Any, field: str) -> None:
    with pytest.raises(api.RequestError) as err:
        api.adjudicate(request_)
    assert err.value.field == field


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
STATE_KEYS = st.fixed_dictionaries({}, optional={
    "variant": st.sampled_from(["classic", "duel", "imperialisme"]) | JSON,
    "phase": st.sampled_from(["S1901M", "F1901R", "W1901A", "S1901B"]) | JSON,
    "units": JSON, "dislodged": JSON, "centers": JSON, "contested": JSON, "owners": JSON,
    "duel": JSON, "crisis": JSON})
ALLOWED = (api.RequestError, RuleError)


def _only_documented_errors(call: Any, *args: Any) -> None:
    """Any other exception fails the test; these two are the documented refusals."""
    with contextlib.suppress(*ALLOWED):
        call(*args)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(request_=JSON | st.fixed_dictionaries({"state": STATE_KEYS | JSON},
                                             optional={"orders": JSON, "options": JSON}))
def test_adjudicate_refuses_any_json_with_a_documented_error(request_: Any) -> None:
    _only_documented_errors(api.adjudicate, request_)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=STATE_KEYS | JSON, power=JSON, text=JSON)
def test_every_other_operation_too(state: Any, power: Any, text: Any) -> None:
    _only_documented_errors(api.check_orders, state, power, text)
    _only_documented_errors(api.legal_orders, state, power)
    _only_documented_errors(api.powers_with_choices, state)


@pytest.mark.parametrize("setup", [None, {}, {"players": 3}, {"players": [{"x": 1}]}])
def test_a_duel_without_its_players_lists_is_a_request_error(setup: Any) -> None:
    with pytest.raises(api.RequestError) as caught:
        api.new_game_state("duel", setup)
    assert caught.value.field == "setup"


def test_each_variant_says_what_its_charts_follow() -> None:
    """``Variant.measures`` and ``measure``: classic centres at the start of each year, the
    years named as the game names them (the opening is 1901, never "1900"; a Winter
    position is the start of the next year); a measure a variant has not is no point."""
    from engine import api as engine_api
    from engine import variants

    classic = variants.get("classic")
    start = engine_api.new_game_state("classic")
    assert classic.measures == ("centres",)
    label, values = classic.measure(start, "centres") or ("", {})
    assert label == "1901" and values["russia"] == 4.0 and values["italy"] == 3.0
    assert (classic.measure({**start, "phase": "F1901M"}, "centres") or ("",))[0] == "1901"
    assert (classic.measure({**start, "phase": "W1901A"}, "centres") or ("",))[0] == "1902"
    assert classic.measure(start, "credits") is None
    assert variants.get("duel").measures == ("centres", "credits")
    assert variants.get("duel").measure(start, "credits") is None  # no duel in it
    assert variants.get("imperialisme").measures == ("influence",)
    assert variants.get("imperialisme").measure(start, "centres") is None


@pytest.mark.parametrize("odd", ["\u3000", "\u0085", "\u2028", "\x0b", "\x0c", "\xa0"])
def test_a_line_of_other_whitespace_gets_an_error_answer(odd: str) -> None:
    """Blank means JSON's own whitespace only (space, tab, CR, LF): any other line is a
    request, malformed, and gets its one answer."""
    lines = [json.dumps(GOOD), odd, " \t\r", json.dumps(GOOD)]
    rc, answers = cli(("\n".join(lines) + "\n").encode("utf-8"))
    assert rc == 1 and len(answers) == 3  # 1: a request failed
    assert "bad JSON" in answers[1]["error"]
    assert answers[0]["state"]["phase"] == answers[2]["state"]["phase"] == "F1901M"


def test_input_of_other_whitespace_alone_gets_an_error_answer() -> None:
    rc, answers = cli("\u3000\n".encode())
    assert rc == 1 and len(answers) == 1 and "bad JSON" in answers[0]["error"]
    rc, answers = cli(b" \r\n\t\n")
    assert rc == 2 and answers == []


@pytest.mark.parametrize("phases", [[1, 2], [{"phase": "S1901M", "state": []}], "x"])
def test_replay_of_a_malformed_export_is_refused_not_a_traceback(phases: Any,
                                                                 tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "diplomacy-referee/1", "variant": "classic",
                                "phases": phases, "final_state": {}}), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)],
                          capture_output=True, cwd=ROOT, timeout=120, check=False, text=True)
    assert proc.returncode == 1 and proc.stderr.startswith("replay failed:"), proc.stderr
    assert "Traceback" not in proc.stderr
