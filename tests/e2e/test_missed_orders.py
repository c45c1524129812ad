"""What happens to a unit nobody ordered is reported as what happened (issue 12 item 3,
seed 004 §2.14, §3.5.3, §4.1.1), in English words and in the French notation, through the
real client: a missed retreat is a disbandment (``standard``) or the default retreat
(``vortigern``), never "no order, holds"; a default removal and a power in civil disorder
likewise. A turn that resolves a retreat at once is one post with both phases."""

from __future__ import annotations

import pytest

from tests.e2e.correspondence import (
    dms,
    language,
    new_game,
    pass_deadline,
    public,
    put_position,
    submit,
)
from tests.e2e.harness import CHANNEL_ID, Harness

# Fall 1901: Germany dislodges the French army in Burgundy (retreats: bel, gas, par, pic)
FALL = {"germany": ["A mun", "A ruh", "F kie"], "france": ["A bur", "A mar", "F bre"]}
ATTACK = "A mun - bur; A ruh S A mun - bur; F kie - hol"


@pytest.mark.parametrize("preset", ["standard", "vortigern"])
async def test_a_missed_retreat_is_reported_as_what_happened(h: Harness, preset: str) -> None:
    game_id, by = await new_game(h, preset=preset)
    await put_position(h, game_id, "F1901M", FALL)
    await submit(h, by["germany"], ATTACK)
    posts = public(await pass_deadline(h, game_id))
    assert len(posts) == 1
    report = posts[0].text()
    assert ("A BOU H (d)" if language(h) == "fr" else "dislodged") in report

    posts = public(await pass_deadline(h, game_id))  # France sends no retreat
    assert len(posts) == 1
    report = posts[0].text()
    assert "no order, holds" not in report and "disbands: succeeds" not in report
    if preset == "standard":  # seed 004 §2.14.4 / original rules: disbanded
        expected = {"en": "The army in Burgundy had no retreat order: disbanded.",
                    "fr": "A BOU (o) (a)"}
    else:  # seed 004 §3.5.3: towards the nearest home centre, Paris
        expected = {"en": "The army in Burgundy had no retreat order: retreats to Paris by "
                          "default.",
                    "fr": "A BOU (o) (d-PAR)"}
    assert expected[language(h)] in report
    assert "A BOU disp." not in report and "A BOU R=PAR" not in report


async def test_default_removals_and_civil_disorder_say_what_happened(h: Harness) -> None:
    """Winter 1901: Austria has 2 centres for 3 units and sends nothing (a default removal);
    Italy's player left (civil disorder: its removal is the rules', and it holds)."""
    game_id, by = await new_game(h)
    await h.slash(by["italy"], "game leave", channel_id=CHANNEL_ID)
    await put_position(h, game_id, "W1901A",
                       {"austria": ["A vie", "A bud", "F alb"],
                        "italy": ["A ven", "A rom", "F nap", "A pie"]},
                       {"austria": ["vie", "bud"], "italy": ["ven", "rom", "nap"],
                        "turkey": ["ank", "con", "smy", "tri"]})
    posts = public(await pass_deadline(h, game_id))
    report = posts[-1].text()
    if language(h) == "fr":
        assert "- F ALB (o)" in report
        assert "- A PIE (désordre civil)" in report
    else:
        assert "The fleet in Albania had no removal order: removed by default." in report
        assert "The army in Piedmont is removed: civil disorder." in report
    assert "is removed: succeeds" not in report
    # Spring 1902: Italy's units hold in civil disorder, and say so
    posts = public(await pass_deadline(h, game_id))
    report = posts[-1].text()
    assert ("A VEN H (désordre civil)" if language(h) == "fr"
            else "The army in Venice holds: civil disorder.") in report


async def test_a_retreat_resolved_at_once_is_in_the_same_post(h: Harness) -> None:
    """France sent its retreat with its Fall orders (seed 004 §3.4.2): the Fall and its
    retreat are one post with a report per phase; the Fall's line says where it went."""
    game_id, by = await new_game(h)
    await put_position(h, game_id, "F1901M", FALL)
    await submit(h, by["germany"], ATTACK)
    feedback = await submit(h, by["france"], "A bur H; A mar H; F bre H; A bur R pic")
    assert "A bur R pic" in feedback.text()
    calls = await pass_deadline(h, game_id)
    (post,) = public(calls)
    titles = [e.get("title") for e in post.embeds]
    if language(h) == "fr":
        assert titles[:2] == ["Résultats — Automne 1901, mouvements",
                              "Résultats — Automne 1901, retraites"]
        assert "A BOU H (d-PIC)" in post.text() and "A BOU R=PIC" in post.text()
    else:
        assert titles[:2] == ["Results — Fall 1901, movement", "Results — Fall 1901, retreats"]
        assert "dislodged, retreats to Picardy" in post.text()
        assert "The army in Burgundy retreats to Picardy: succeeds." in post.text()
    assert post.pngs(), "the map is attached"
    assert not dms(h, calls, by["france"]) or all(
        "dip:rt:" not in " ".join(c.custom_ids()) for c in dms(h, calls, by["france"])), \
        "no retreat left to choose: no retreat prompt"
