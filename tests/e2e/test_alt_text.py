"""Every image the bot posts carries a description a screen reader reads (Discord's
attachment ``description``, WCAG 1.1.1): the phase, what changed, who holds which supply
centres, in the post's language; and ``/map text:true`` gives the whole position in
sentences, to the reader alone. Read from the HTTP payloads the real client sends."""

from __future__ import annotations

from typing import Any

from tests.e2e.correspondence import (
    GM,
    language,
    new_game,
    pass_deadline,
    public,
    put_position,
    submit,
)
from tests.e2e.harness import CHANNEL_ID, Call, Harness


def descriptions(call: Call) -> list[str]:
    return [str(a.get("description") or "") for a in call.body.get("attachments") or []]


def _results_post(calls: list[Call]) -> Call:
    (post,) = [c for c in public(calls) if c.pngs()]
    return post


async def _dislodging_turn(h: Harness) -> tuple[int, dict[str, Any]]:
    game_id, by = await new_game(h)
    await put_position(h, game_id, "S1901M",
                       units={"france": ["A pic", "F mao", "A mar", "A par"],
                              "germany": ["A bur", "F kie", "A ber"]})
    await submit(h, by["france"], "A pic - bel; F mao - spa/nc; A mar - bur; A par S A mar - bur")
    await submit(h, by["germany"], "A bur H; F kie H; A ber H")
    return game_id, by


async def test_the_results_map_says_what_changed_in_the_post_language(h: Harness) -> None:
    fr = language(h) == "fr"
    game_id, by = await _dislodging_turn(h)
    post = _results_post(await pass_deadline(h, game_id))
    (alt,) = descriptions(post)
    assert 0 < len(alt) <= 1024
    if fr:
        assert alt.startswith("Carte\u202f: Printemps 1901")
        assert "la France prend la Belgique et l'Espagne" in alt.replace("La France", "la France")
        assert "l'Allemagne est délogée de Bourgogne" in alt
        assert "France 3 (Brest, Marseille, Paris)" in alt
    else:
        assert alt.startswith("Map: Spring 1901")
        assert "France takes Belgium and Spain" in alt
        assert "Germany is dislodged from Burgundy" in alt
        assert "France 3 (Brest, Marseilles, Paris)" in alt and "neutral 12" in alt
    # the retreat: where the dislodged army went
    await submit(h, by["germany"], "A bur - mun")
    post = _results_post(await pass_deadline(h, game_id))
    (alt,) = descriptions(post)
    assert ("L'Allemagne se retire de Bourgogne à Munich" if fr
            else "Germany retreats from Burgundy to Munich") in alt


async def test_map_is_described_and_told_in_words(h: Harness) -> None:
    fr = language(h) == "fr"
    game_id, by = await _dislodging_turn(h)
    await pass_deadline(h, game_id)
    who = by["england"]
    shown = [c for c in await h.slash(who, "map", channel_id=CHANNEL_ID) if c.pngs()]
    (alt,) = descriptions(shown[0])
    assert ("Carte\u202f: Printemps 1901 — Retraites" if fr
            else "Map: Spring 1901 — Retreats") in alt
    words = [c for c in await h.slash(who, "map", channel_id=CHANNEL_ID, text=True)
             if c.content]
    assert words and all(c.ephemeral and not c.pngs() for c in words)
    text = "\n".join(c.content for c in words)
    assert all(len(c.content) <= 2000 for c in words)
    if fr:
        assert "Unités\u202f: l'armée de Belgique, l'armée de Bourgogne, l'armée de Paris, la flotte d'Espagne (côte nord)." in text
        assert "L'armée de Marseille va en Bourgogne\u202f: réussit." in text
        assert "L'armée de Bourgogne tient\u202f: échoue, délogée." in text
        assert "Centres neutres (12)" in text
    else:
        assert "Units: the army in Belgium, the army in Burgundy, the army in Paris, the fleet in Spain (north coast)." in text
        assert "The army in Burgundy holds: fails, dislodged." in text
        assert "The army in Marseilles moves to Burgundy: succeeds." in text
        assert "The army in Paris supports the army in Marseilles moving to Burgundy" in text
        assert "Neutral supply centres (12)" in text
    # nothing drawn with notation or emoji: words only
    assert " - " not in text and "→" not in text and not any(ord(ch) > 0x2FFF for ch in text)
    assert GM


async def test_an_imperialisme_map_says_what_the_crisis_changed(database_url: str) -> None:
    """L'Impérialisme: the map posted after an annexation tells it, in the guild's language
    (French here), from the step's public facts."""
    from cogs.imperialisme._views import power_name, territory_name
    from engine import wording
    from tests.e2e.test_imperialisme_game import Table, imperial_bot, unanimous

    async with imperial_bot(database_url, guild_locale="fr") as h:
        table = Table(h)
        await table.setup()
        await table.slash(GM, "crisis draw")
        mark = table.mark()
        out = await table.run_crisis(unanimous(0), annex="menu")
        annexed = [c for c in table.posts(mark) if c.pngs()][-1]
        (alt,) = descriptions(annexed)
        assert 0 < len(alt) <= 1024
        row = await table.crisis_row(out["number"])
        winner, loser = (wording.power("imperialisme", p, power_name(p, "fr"), "fr")
                         for p in (row.attacker, row.defender))
        n = len(out["annexed"])
        count = "un territoire" if n == 1 else f"{n} territoires"
        assert f"{wording.capital(winner.the)} annexe {count} {loser.of}\u202f: " in alt
        assert all(territory_name(x, "fr") in alt for x in out["annexed"])
        assert "Territoires\u202f: " in alt
