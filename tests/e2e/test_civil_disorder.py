"""Civil disorder announced before it hits (issue 12 item 7, seed 004 §3.5.4, §3.6): after a
missed movement phase the player is warned by DM that the next miss puts the power in civil
disorder, and the GM gets a note; the declaration itself is part of the turn's one results
post (and a DM to the player), never a public post of its own before it."""

from __future__ import annotations

from tests.e2e.correspondence import (
    GM,
    dms,
    language,
    new_game,
    pass_deadline,
    public,
    submit,
)
from tests.e2e.harness import Harness


async def test_warned_after_one_miss_declared_in_the_results_after_two(h: Harness) -> None:
    fr = language(h) == "fr"
    game_id, by = await new_game(h)
    others = [m for power, m in by.items() if power != "france"]
    await submit(h, by["france"], "A par - bur; A mar - spa; F bre - mao")

    # Spring 1901: six players send nothing -> warned by DM, the GM gets one note
    calls = await pass_deadline(h, game_id)
    (post,) = public(calls)
    assert ("Désordre civil" if fr else "Civil disorder") not in post.text()
    for member in others:
        (warning,) = dms(h, calls, member)
        text = warning.text()
        assert ("tombe en désordre civil" if fr else "falls into civil disorder") in text
        assert ("Printemps 1901" if fr else "Spring 1901") in text and "<t:" in text
    assert not dms(h, calls, by["france"]), "France ordered: no warning"
    (note,) = dms(h, calls, GM)
    assert all(f"<@{m.id}>" in note.text() for m in others)
    assert f"<@{by['france'].id}>" not in note.text()
    assert calls.index(post) < calls.index(note), "the results come first"

    # Fall 1901: England orders again (no longer at risk), the five others miss again
    await submit(h, by["england"], "F lon H")
    await submit(h, by["france"], "A bur H")
    calls = await pass_deadline(h, game_id)
    posts = public(calls)
    assert len(posts) == 1, "one public post for the turn: no separate declaration"
    report = posts[0].text()
    assert ("Désordre civil" if fr else "Civil disorder") in report
    fallen = [m for power, m in by.items() if power not in ("france", "england")]
    for member in fallen:
        assert f"<@{member.id}>" in report
        (dm,) = dms(h, calls, member)
        assert ("est en désordre civil" if fr else "is in civil disorder") in dm.text()
        # the rule cited as the reader can look it up: a section of docs/RULES.md
        cites = "(règles §2.14.3)" if fr else "(rules §2.14.3)"
        assert cites in dm.text() and "seed" not in dm.text().lower()
    assert f"<@{by['england'].id}>" not in report and not dms(h, calls, by["england"])
    (note,) = dms(h, calls, GM)
    assert all(f"<@{m.id}>" in note.text() for m in fallen)
    assert ("/mj remplacer" if fr else "/gm replace") in note.text()  # as Discord lists it
