"""Issue 13 item 3: a French reader reads the provinces in the French abbreviations of seeds
002/004 (BOU for Burgundy, MAN for the English Channel, VAR for Warsaw): the order echo, the
autocomplete and the results notation; orders are read in either language."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from bot.ui.format import FRENCH_CODES, local_code, local_order
from tests.cogs.helpers import GM, started_game
from tests.e2e.harness import CHANNEL_ID, running_bot

MAP = Path(__file__).resolve().parents[3] / "assets" / "maps" / "classic" / "map.json"


def test_every_french_code_is_read_as_its_province_and_no_other() -> None:
    provinces = json.loads(MAP.read_text(encoding="utf-8"))["provinces"]
    names = {p["id"]: {p["id"], *(a.lower() for a in p["aliases"])} for p in provinces}
    for english, french in FRENCH_CODES.items():
        assert french in names[english], (english, french)
        assert not [p for p, words in names.items() if p != english and french in words]


def test_orders_in_french_abbreviations() -> None:
    assert local_order("A war S A mos - ukr", "fr") == "A var S A mos - ukr"
    assert local_order("F bre - eng", "fr") == "F bre - man"
    assert local_order("F spa/nc - mao", "fr") == "F esp/nc - amo"
    assert local_order("A mun - bur", "en") == "A mun - bur"
    assert local_order("A yor - nwy via convoy", "fr") == "A yor - nor par convoi"
    assert local_order("A yor - nwy via convoy", "en") == "A yor - nwy via convoy"
    assert local_code("BUR", "fr") == "BOU" and local_code("bur", "en-GB") == "bur"


async def test_a_french_guild_reads_french_provinces(database_url: str) -> None:
    async with running_bot(database_url, guild_locale="fr") as h:
        _game_id, by = await started_game(h)
        france = replace(by["france"], locale="fr")
        # typed in French, echoed in French; typed in English, echoed in French too
        reply = (await h.slash(france, "orders submit", channel_id=CHANNEL_ID,
                               text="A par - bou; A mar S A par - bur; F bre - eng"))[0].text()
        assert "→ `A par - bou`" in reply and "→ `A mar S A par - bou`" in reply
        assert "→ `F bre - man`" in reply
        english = (await h.slash(by["germany"], "orders submit", channel_id=CHANNEL_ID,
                                 text="A mun - bou; A ber - kie"))[0].text()
        assert "→ `A mun - bur`" in english and "A mun - bou" not in english.split("→")[-1]
        mark = len(h.fake.calls)
        await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
        report = h.fake.posts_to(CHANNEL_ID, mark)[0].text()
        # seed 004 §4.1.1 with the French abbreviations
        assert "A PAR=BOU" in report and "A MUN:BOU" in report and "F BRE=MAN" in report
        assert "A MAR S A PAR-BOU" in report and "A BER:FIE" in report
        assert "BUR" not in report and "ENG" not in report
