"""``python -m engine`` as a shell user meets it: a failed request makes the exit code 1 once
the batch is done; a missing file is one line (exit 2); French messages are UTF-8 text; an
unknown power is refused naming its field; ``render`` never drops a stray ./map.png; a
rendered response is titled with the phase its orders belong to."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from PIL import Image

from engine import api

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"state": api.new_game_state("classic"),
        "orders": [{"power": "france", "text": "A par - bur"}]}


def engine(*args: str, stdin: bytes = b"", cwd: Path = ROOT) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, cwd=cwd,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                          capture_output=True, timeout=120, check=False)


def test_a_failed_request_makes_the_exit_code_1_after_the_whole_batch() -> None:
    batch = [GOOD, {"state": "nonsense"}, GOOD]
    proc = engine("adjudicate", stdin=json.dumps(batch).encode())
    answers = json.loads(proc.stdout)
    assert proc.returncode == 1 and len(answers) == 3
    assert "error" in answers[1] and answers[2]["state"]["phase"] == "F1901M"
    assert engine("adjudicate", stdin=json.dumps(GOOD).encode()).returncode == 0


def test_a_missing_file_is_one_line() -> None:
    proc = engine("adjudicate", "no/such/file.json")
    assert proc.returncode == 2 and proc.stdout == b""
    [line] = proc.stderr.decode().strip().splitlines()
    assert "cannot read no/such/file.json" in line


def test_french_messages_are_utf8_text() -> None:
    request = {**GOOD, "orders": [{"power": "france", "text": "A par - zzz"}]}
    proc = engine("adjudicate", stdin=json.dumps(request).encode())
    message = json.loads(proc.stdout)["results"][0]["message_fr"]
    assert "Lieu inconnu" in message and "«" in message
    assert message.encode() in proc.stdout and b"\\u00" not in proc.stdout


def test_an_unknown_power_is_refused_naming_its_field() -> None:
    request: dict[str, Any] = {**GOOD, "orders": [
        {"power": "France", "text": "A par - bur"}, {"power": "narnia", "text": "A par - bur"}]}
    proc = engine("adjudicate", stdin=json.dumps(request).encode())
    answer = json.loads(proc.stdout)
    assert proc.returncode == 1 and answer["field"] == "orders[1].power"
    assert "narnia" in answer["error"]
    french = {**GOOD, "orders": [{"power": "Allemagne", "text": "A mun - ruh"}]}
    assert "results" in api.adjudicate(french)  # a French name is a known power


def test_render_without_output_writes_stdout_never_a_stray_file(tmp_path: Path) -> None:
    proc = engine("render", stdin=json.dumps(GOOD).encode(), cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith(b"\x89PNG")
    assert list(tmp_path.iterdir()) == []
    missing = engine("render", "nothing.json", cwd=tmp_path)
    assert missing.returncode == 2 and len(missing.stderr.splitlines()) == 1


def test_a_rendered_response_is_titled_with_the_phase_of_its_orders(tmp_path: Path) -> None:
    """The response's state is the next phase (F1901M); its orders are of S1901M: the map
    of the response is the one drawn with the orders of S1901M and its title."""
    response = api.adjudicate(GOOD)
    assert response["state"]["phase"] == "F1901M"
    (tmp_path / "response.json").write_text(json.dumps(response))
    proc = engine("render", "response.json", "-o", "map.png", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    drawn = Image.open(tmp_path / "map.png").convert("RGB")
    spring = api.render({**response["state"], "phase": "S1901M"}, results=response["results"])
    fall = api.render(response["state"], results=response["results"])
    (tmp_path / "spring.png").write_bytes(spring)
    (tmp_path / "fall.png").write_bytes(fall)
    assert drawn.tobytes() == Image.open(tmp_path / "spring.png").convert("RGB").tobytes()
    assert drawn.tobytes() != Image.open(tmp_path / "fall.png").convert("RGB").tobytes()
