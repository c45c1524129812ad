"""A duel's archive through the real client: the export holds the bids of a season once
revealed, never the sealed bids of the season being played; the chart follows each
country's credits per year (English and French readers)."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import t
from bot.services import archive as archive_service
from bot.services import duel as duel_service
from bot.services import games as games_service
from engine.replay import replay
from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member, running_bot

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))
ALICE = Member(2001, "alice", locale="en-GB")
BOB = Member(2002, "bob", locale="fr")
OUT = Path("/tmp/archive-test")


@pytest.fixture
async def h(database_url: str) -> AsyncIterator[Harness]:
    async with running_bot(database_url) as harness:
        yield harness


def attached(calls: list[Call], suffix: str) -> bytes:
    files = [data for c in calls for name, data in c.files if name.endswith(suffix)]
    assert len(files) == 1
    return files[0]


async def test_duel_export_keeps_sealed_bids_out_and_charts_the_credits(h: Harness) -> None:
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="duel", name="Duel")
    await h.slash(ALICE, "game join", channel_id=CHANNEL_ID,
                  preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR")
    await h.slash(BOB, "game join", channel_id=CHANNEL_ID,
                  preferences="GER, ENG, FRA, ITA, AUS, RUS, TUR")
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    await duel_service.start_duel(h.bot.db, game_id=game.id, user_id=GM.id, seed=1)
    await h.slash(ALICE, "bid", channel_id=CHANNEL_ID, text="ENG 5, ITA 3", ready=True)
    await h.slash(BOB, "bid", channel_id=CHANNEL_ID, text="ANG 5, RUS 4", ready=True)
    for _ in range(5):  # the year 1901 with nobody ordering: on to the 1902 bids
        game = await games_service.get_game(h.bot.db, game_id=game.id)
        if game.phase == "S1902B":
            break
        for who in (ALICE, BOB):
            await h.slash(who, "ready", channel_id=CHANNEL_ID)
    assert game.phase == "S1902B"
    await h.slash(ALICE, "bid", channel_id=CHANNEL_ID, text="ENG 9, TUR 2")  # sealed

    calls = await h.slash(BOB, "game export", channel_id=CHANNEL_ID)
    export = json.loads(attached(calls, ".json"))
    assert t("archive.exported", "fr", name="Duel", count=len(export["phases"])) \
        in calls[-1].text()
    phases = [p["phase"] for p in export["phases"]]
    assert phases[0] == "S1901B" and "S1902B" not in phases
    revealed = {o["power"]: o["bids"] for o in export["phases"][0]["orders"]}
    assert {k: v for k, v in revealed["france"].items() if v} == {"england": 5, "italy": 3}
    # Alice's sealed 1902 bid (Turkey 2) is nowhere: no bid on Turkey was ever revealed
    assert not [o for p in export["phases"] for o in p["orders"]
                if (o.get("bids") or {}).get("turkey")]
    assert "\"england\": 9" not in json.dumps(export)
    # the stricter replay (results, phases, the opening dealt) takes a duel's export
    assert all(line["ok"] for line in replay(export))

    calls = await h.slash(ALICE, "game chart", channel_id=CHANNEL_ID, figure="credits")
    assert t("archive.chart_title", "en", name="Duel", measure="credits") in calls[-1].text()
    png = attached(calls, ".png")
    OUT.mkdir(exist_ok=True)
    (OUT / "chart-duel-credits.png").write_bytes(png)
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG"
    chart = await archive_service.chart_series(h.bot.db, game_id=game.id, measure="credits")
    # rule 5: 20 and 22 to start; 1902: what was left plus one per centre
    assert chart.series == {"france": [("1901", 20.0), ("1902", 20.0)],
                            "germany": [("1901", 22.0), ("1902", 21.0)]}
    calls = await h.slash(BOB, "game chart", channel_id=CHANNEL_ID)
    assert t("archive.chart_title", "fr", name="Duel", measure="centres") in calls[-1].text()
