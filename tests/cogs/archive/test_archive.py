"""After the game through the real client, in an English and a French guild: a game that
ends in a draw posts each power's score by its scoring system; anyone exports it (every
phase, its orders, results and the seed 004 §4.1.1 report in both languages; never the
orders of the phase being played); a GM imports the file into a new game that /game history
reads; the timelapse and the chart are drawn; /stats and /ladder tell the server's record."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from PIL import Image
from sqlmodel import func, select

from bot.i18n import t
from bot.models import Game
from bot.ui.format import phase_name
from engine.replay import replay
from tests.cogs.helpers import OUTSIDER
from tests.e2e.correspondence import GM, language, new_game, public, submit
from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member, answer

OTHER_CHANNEL = 600_000_000_000_000_003
OUT = Path("/tmp/archive-test")
ROOT = Path(__file__).resolve().parents[3]


def reader(h: Harness, who: Member) -> Member:
    return Member(who.id, who.name, permissions=who.permissions,
                  locale="fr" if language(h) == "fr" else "en-GB")


def described(calls: list[Call]) -> list[str]:
    """The descriptions of the attachments sent (what a screen reader reads)."""
    return [str(a.get("description") or "") for c in calls
            for a in c.body.get("attachments") or [] if c.files]


def attached(calls: list[Call], suffix: str) -> bytes:
    files = [data for c in calls for name, data in c.files if name.endswith(suffix)]
    assert len(files) == 1, [c.files for c in calls]
    return files[0]


async def games_count(h: Harness) -> int:
    async with h.bot.db.transaction(write=False) as session:
        return int((await session.exec(select(func.count()).select_from(Game))).one())


async def drawn_game(h: Harness) -> tuple[int, dict[str, Member]]:
    """France takes Spain in 1901; the game ends after 1901 (seed 000 III) with France and
    Russia level on 4 centres: a draw, scored by the sum of squares."""
    game_id, by = await new_game(h, options={"end_year": 1901, "scoring": "sum_of_squares"})
    await submit(h, by["france"], "A mar - spa")
    await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)  # S1901M
    await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)  # F1901M
    return game_id, by


async def test_a_drawn_game_scored_exported_imported_drawn_and_ranked(h: Harness) -> None:
    lang = language(h)
    OUT.mkdir(exist_ok=True)
    game_id, by = await drawn_game(h)
    # the scoring system is a game option, said in /game settings
    calls = await h.slash(by["russia"], "game settings", channel_id=CHANNEL_ID)
    assert t("settings.scoring", lang, scoring="sum_of_squares") in calls[0].text()
    mark = len(h.fake.calls)
    await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)  # W1901A: the game ends
    over = public(h.fake.since(mark))[-1].text()
    # 16 / (16 + 16 + 5 × 9) of 100 for each of the two largest, 9/77 for the others
    assert t("archive.scores_title", lang, scoring="sum_of_squares") in over
    if lang == "fr":
        assert "France\u202f: 20,8" in over and "Russie\u202f: 20,8" in over
        assert "Angleterre\u202f: 11,7" in over
    else:
        assert "France: 20.8" in over and "Russia: 20.8" in over and "England: 11.7" in over

    # anyone exports the whole game; the engine replays it
    calls = await h.slash(reader(h, OUTSIDER), "game export", channel_id=CHANNEL_ID)
    raw = attached(calls, ".json")
    export = json.loads(raw)
    assert [p["phase"] for p in export["phases"]] == ["S1901M", "F1901M", "W1901A"]
    assert all(line["ok"] for line in replay(export))
    spring = export["phases"][0]
    assert {"power": "france", "text": "A mar - spa"} in spring["orders"]
    assert "A MAR=ESP" in spring["report"]["fr"]["france"]
    assert any("Spain" in line for line in spring["report"]["en"]["france"])
    assert t("archive.exported", lang, name="G", count=3) in calls[-1].text()
    assert calls[-1].ephemeral

    # a GM imports it into another channel: a new game, replayed, that /game history reads
    before = await games_count(h)
    calls = await h.slash(reader(h, GM), "game import", channel_id=OTHER_CHANNEL,
                          file=("game.json", raw))
    assert await games_count(h) == before + 1
    assert t("archive.imported", lang, name="G", id=before + 1, count=3) in calls[-1].text()
    calls = await h.slash(reader(h, OUTSIDER), "game history", channel_id=OTHER_CHANNEL)
    assert "S1901M" in answer(calls).text() and "W1901A" in answer(calls).text()

    # the timelapse: one frame per resolved phase and the final position, under 10 MB
    calls = await h.slash(reader(h, OUTSIDER), "game timelapse", channel_id=OTHER_CHANNEL)
    gif = attached(calls, ".gif")
    assert len(gif) < 10 * 1024 * 1024
    with Image.open(io.BytesIO(gif)) as im:
        assert im.format == "GIF" and im.n_frames == 4
        (OUT / f"timelapse-{lang}.gif").write_bytes(gif)
        # the last frame says how the game ended, and so does the description
        im.seek(im.n_frames - 1)
        last = im.convert("RGB")
        im.seek(im.n_frames - 2)
        band = (0, 40, last.width, 60)
        assert last.crop(band).tobytes() != im.convert("RGB").crop(band).tobytes()
    (alt,) = described(calls)
    assert ("La partie finit par une nulle entre la France et la Russie." if lang == "fr"
            else "The game ends in a draw between France and Russia.") in alt
    calls = await h.slash(reader(h, OUTSIDER), "game timelapse", channel_id=CHANNEL_ID,
                          fmt="webp")
    with Image.open(io.BytesIO(attached(calls, ".webp"))) as im:
        assert im.format == "WEBP" and im.n_frames == 4

    # the chart of the supply centres per year, in the powers' colours
    calls = await h.slash(reader(h, OUTSIDER), "game chart", channel_id=CHANNEL_ID)
    png = attached(calls, ".png")
    (OUT / f"chart-{lang}.png").write_bytes(png)
    assert t("archive.chart_title", lang, name="G", measure="centres") in calls[-1].text()
    (alt,) = described(calls)
    assert alt.startswith("Graphique\u202f: " if lang == "fr" else "Chart: ")
    assert ("France de 3 à 4" if lang == "fr" else "France 3 to 4") in alt
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG" and im.size == (1400, 820)

    # the record and the ladder of the server (the imported game has no players: not rated)
    calls = await h.slash(reader(h, by["france"]), "stats", channel_id=CHANNEL_ID)
    text = calls[0].text()
    body = t("ladder.stats_body", lang, games=1, wins=0, draws=1, survivals=0, missed=0,
             disorders=0, rating=0, mu=0, sigma=0, points=0)
    assert body.split("\n")[0] in text
    # reliability: Russia never ordered, two movement phases missed, then civil disorder
    calls = await h.slash(reader(h, OUTSIDER), "stats", channel_id=CHANNEL_ID,
                          player=str(by["russia"].id))
    body = t("ladder.stats_body", lang, games=1, wins=0, draws=1, survivals=0, missed=2,
             disorders=1, rating=0, mu=0, sigma=0, points=0).split("\n")
    assert body[0] in calls[0].text() and body[1] in calls[0].text()
    assert ("points\u202f: 20,8" if lang == "fr" else "points: 20.8") in calls[0].text()
    calls = await h.slash(reader(h, OUTSIDER), "stats", channel_id=CHANNEL_ID,
                          player=str(OUTSIDER.id))
    assert t("ladder.stats_none", lang, user=f"<@{OUTSIDER.id}>") in calls[0].text()
    calls = await h.slash(reader(h, OUTSIDER), "ladder", channel_id=CHANNEL_ID)
    lines = calls[0].embeds[0]["description"].split("\n")
    assert len(lines) == 7
    # the two drawn powers first: their scores were the best
    top = {f"<@{by['france'].id}>", f"<@{by['russia'].id}>"}
    assert {next(u for u in top if u in line) for line in lines[:2]} == top
    calls = await h.slash(reader(h, OUTSIDER), "ladder", channel_id=CHANNEL_ID, variant="duel")
    assert t("ladder.empty", lang, variant="Duel-Diplomatie") in calls[0].text()
    _ = game_id


async def test_the_export_never_shows_the_orders_being_written(h: Harness) -> None:
    _game_id, by = await new_game(h)
    await submit(h, by["france"], "A mar - spa")
    await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    await submit(h, by["germany"], "A mun - ruh\nF kie - hol")  # F1901M, still secret
    calls = await h.slash(reader(h, OUTSIDER), "game export", channel_id=CHANNEL_ID)
    raw = attached(calls, ".json").decode()
    export = json.loads(raw)
    assert [p["phase"] for p in export["phases"]] == ["S1901M"]
    assert export["final_state"]["phase"] == "F1901M"
    assert "mun - ruh" not in raw.lower() and "kie - hol" not in raw.lower()
    assert not [o for p in export["phases"] for o in p["orders"] if o["power"] == "germany"]


async def test_bad_files_are_refused_and_nothing_is_created(h: Harness) -> None:
    lang = language(h)
    await drawn_game(h)
    await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    calls = await h.slash(GM, "game export", channel_id=CHANNEL_ID)
    export: dict[str, Any] = json.loads(attached(calls, ".json"))
    before = await games_count(h)
    tampered = json.loads(json.dumps(export))
    tampered["phases"][0]["orders"] = [{"power": "france", "text": "A mar - bur"}]
    cases = [
        (b"\x89PNG not json", t("error.archive.not_json", lang)),
        (json.dumps({"hello": 1}).encode(), t("error.archive.not_export", lang)),
        (json.dumps({**export, "variant": "chess"}).encode(),
         t("error.archive.unknown_variant", lang, variant="chess")),
        (json.dumps({**export, "phases": []}).encode(), t("error.archive.no_phases", lang)),
        (json.dumps(tampered).encode(),
         t("error.archive.does_not_replay", lang,
           phase=phase_name("S1901M", lang), field="results")),
        (json.dumps({**export, "phases": [{"phase": "S1901M"}]}).encode(),
         t("error.archive.not_export", lang)),
    ]
    for data, message in cases:
        calls = await h.slash(reader(h, GM), "game import", channel_id=OTHER_CHANNEL,
                              file=("game.json", data))
        assert calls[-1].text() == message
    # importing creates a game: it takes the right to create one
    calls = await h.slash(reader(h, OUTSIDER), "game import", channel_id=OTHER_CHANNEL,
                          file=("game.json", json.dumps(export).encode()))
    assert calls[-1].ephemeral
    assert calls[-1].text() == t("error.missing_permissions", lang)
    assert await games_count(h) == before


def forgeries(export: dict[str, Any]) -> list[tuple[str, dict[str, Any], str, str]]:
    """(what, forged export, phase named, field named): each changes one declared fact and
    keeps the orders, so that the positions would still replay."""
    out = []

    def forged(what: str, phase: str, field: str, change: Any) -> None:
        copy = json.loads(json.dumps(export))
        change(copy)
        out.append((what, copy, phase, field))

    def solo(e: dict[str, Any]) -> None:
        e["result"] = {"winner": "italy"}

    def fails(e: dict[str, Any]) -> None:
        line = next(r for r in e["phases"][0]["results"] if r["text"] == "A mar - spa")
        line["status"] = "fails"

    def support(e: dict[str, Any]) -> None:
        e["phases"][0]["results"].append({**e["phases"][0]["results"][0], "power": "italy",
                                          "text": "A ven S A rom", "unit": "A ven"})

    def units(e: dict[str, Any]) -> None:
        for u in e["phases"][1]["state"]["units"]:
            if u["location"] == "par":
                u["location"] = "bur"

    def opening(e: dict[str, Any]) -> None:  # Tunis Italian from the start, in every record
        for state in [p["state"] for p in e["phases"]] + [e["final_state"]]:
            state["centers"]["italy"].append("tun")

    def centres(e: dict[str, Any]) -> None:
        e["final_state"]["centers"]["italy"].append("tun")

    def phases(e: dict[str, Any]) -> None:
        e["phases"][1]["phase"] = "F1902M"

    forged("a solo declared", "S1902M", "result", solo)
    forged("a result changed to fails", "S1901M", "results", fails)
    forged("a support nobody ordered", "S1901M", "results", support)
    forged("a unit put elsewhere", "S1901M", "units", units)
    forged("a centre given", "W1901A", "centres", centres)
    forged("a made-up opening", "S1901M", "centres", opening)
    forged("a phase renamed", "S1901M", "phase", phases)
    return out


async def test_a_forged_export_is_refused_field_by_field(h: Harness, tmp_path: Path) -> None:
    """Only the orders are trusted: each declared fact that disagrees with what the engine
    makes of them refuses the file, nothing created, the phase and the fact said; the command
    line refuses the same files."""
    lang = language(h)
    await drawn_game(h)
    await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    calls = await h.slash(GM, "game export", channel_id=CHANNEL_ID)
    export: dict[str, Any] = json.loads(attached(calls, ".json"))
    assert export["result"]["draw"] == ["france", "russia"]
    before = await games_count(h)
    for what, forged, phase, field in forgeries(export):
        calls = await h.slash(reader(h, GM), "game import", channel_id=OTHER_CHANNEL,
                              file=("game.json", json.dumps(forged).encode()))
        assert calls[-1].text() == t("error.archive.does_not_replay", lang,
                                     phase=phase_name(phase, lang), field=field), what
        if lang == "en":
            path = tmp_path / "forged.json"
            path.write_text(json.dumps(forged), encoding="utf-8")
            proc = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)],
                                  cwd=ROOT, capture_output=True, text=True, timeout=120,
                                  check=False)
            assert proc.returncode == 1, what
            assert proc.stderr.startswith(f"replay failed: {phase}:"), (what, proc.stderr)
            assert f"(field: {field})" in proc.stderr, (what, proc.stderr)
    assert await games_count(h) == before
    # the genuine file is imported, with the result the rules give
    calls = await h.slash(reader(h, GM), "game import", channel_id=OTHER_CHANNEL,
                          file=("game.json", json.dumps(export).encode()))
    assert await games_count(h) == before + 1
    async with h.bot.db.transaction(write=False) as session:
        imported = (await session.exec(select(Game).order_by(Game.id.desc()))).first()  # type: ignore[union-attr]
    assert imported is not None and imported.result is not None
    assert imported.result["draw"] == ["france", "russia"] and imported.result["imported"]


async def test_nothing_to_draw_before_the_first_phase(h: Harness) -> None:
    lang = language(h)
    await new_game(h)
    for command in ("game timelapse", "game chart"):
        calls = await h.slash(reader(h, OUTSIDER), command, channel_id=CHANNEL_ID)
        assert calls[-1].text() == t("error.archive.nothing_yet", lang)
    calls = await h.slash(reader(h, OUTSIDER), "game chart", channel_id=CHANNEL_ID,
                          figure="credits")
    assert calls[-1].text() == t("error.archive.credits_duel_only", lang)
