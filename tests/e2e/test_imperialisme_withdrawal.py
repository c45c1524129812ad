"""Issue 12 item 9 through the real client (seed 003: "peut toujours à tout moment retirer sa
déclaration de guerre" with the target's public consent): a declared crisis is withdrawn
during its vote; the ballots already cast are discarded and nothing is said of them."""

from __future__ import annotations

from tests.e2e.harness import Harness
from tests.e2e.test_imperialisme_game import Table, harness_imp  # noqa: F401  (fixture)


async def test_a_war_is_withdrawn_during_its_vote(harness_imp: Harness) -> None:  # noqa: F811
    h = harness_imp
    table = Table(h)
    await table.setup()
    turkey, greece = table.by_power["turkey"], table.by_power["greece"]
    await table.slash(turkey, "crisis declare", target="Greece")
    mark = table.mark()
    assert await table.deadline_passes() == 1  # the conference ends: the vote opens
    assert (await table.state())["crisis"]["stage"] == "vote"
    await table.vote(lambda voter, sides: "turkey", since=mark)
    assert await table.vote_rows() > 0
    mark = table.mark()
    await table.slash(turkey, "crisis withdraw", target="Greece")
    request = next(c for c in table.posts(mark) if c.custom_ids()
                   and c.custom_ids()[0].startswith("imp:w:"))
    consent = next(i for i in request.custom_ids() if i.endswith(":y"))
    await h.click(greece, h.message_of(request), consent)
    state = await table.state()
    assert state["crisis"] is None, "withdrawn during the vote"
    assert await table.vote_rows() == 0, "the ballots cast are discarded"
    said = " ".join(c.text() for c in table.posts(mark))
    assert "prevails" not in said and "vote" not in said.lower()  # nothing about the ballots
