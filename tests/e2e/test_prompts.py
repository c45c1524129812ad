"""Retreats and builds by DM, checked when sent (issue 12 item 4): the retreat prompt offers
the legal retreats as persistent buttons, the adjustment prompt says how many, where and by
when with a menu; a press or a choice sends that order and answers privately; foreign and
stale presses are refused clearly; extra builds are refused at entry with the reason, in
the reader's language."""

from __future__ import annotations

from tests.e2e.correspondence import (
    GM,
    dms,
    language,
    new_game,
    pass_deadline,
    public,
    put_position,
    submit,
)
from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member
from tests.e2e.test_missed_orders import ATTACK, FALL

OUTSIDER = Member(3001, "outsider")


def one_dm_with(h: Harness, calls: list[Call], member: Member, prefix: str) -> Call:
    found = [c for c in dms(h, calls, member) if any(x.startswith(prefix)
                                                      for x in c.custom_ids())]
    assert len(found) == 1, [c.text() for c in dms(h, calls, member)]
    return found[0]


async def test_the_retreat_prompt_offers_the_legal_retreats_as_buttons(h: Harness) -> None:
    fr = language(h) == "fr"
    game_id, by = await new_game(h)
    await put_position(h, game_id, "F1901M", FALL)
    await submit(h, by["germany"], ATTACK)
    calls = await pass_deadline(h, game_id)
    prompt = one_dm_with(h, calls, by["france"], "dip:rt:")
    text = prompt.text()
    # the unit and its retreats in sentences, with French articles and prepositions
    assert ("l'armée de Bourgogne (A BOU) est délogée\u202f; elle peut faire retraite en "
            "Belgique, en Gascogne, à Paris ou en Picardie." if fr else
            "the army in Burgundy (A BUR) is dislodged; it may retreat to Belgium, Gascony, "
            "Paris or Picardy.") in text
    assert ("Picardie" if fr else "Picardy") in text and "<t:" in text  # where, by when
    ids = prompt.custom_ids()
    assert ids == [f"dip:rt:{game_id}:F1901R:bur:{x}" for x in ("bel", "gas", "par", "pic",
                                                                 "-")]
    labels = [c["label"] for row in prompt.components for c in row["components"]]
    assert labels[3] == ("Bourgogne → Picardie" if fr else "Burgundy → Picardy")
    message = h.message_of(prompt)

    # someone else's press changes nothing and says why
    for stranger, why in ((by["germany"], "France n'est pas votre puissance." if fr else
                           "France is not your power."),
                          (OUTSIDER, "You are not a player of this game.")):
        (answer,) = [c for c in await h.click(stranger, message, ids[3], dm=True)
                     if c.is_interaction_response]
        assert answer.ephemeral and why in answer.content
    # the owner's press sends that retreat, privately; a second press replaces it
    (answer,) = [c for c in await h.click(by["france"], message, ids[3], dm=True)
                 if c.is_interaction_response]
    assert answer.ephemeral and "`A bur R pic`" in answer.text() and "✅" in answer.text()
    (answer,) = [c for c in await h.click(by["france"], message, ids[2], dm=True)
                 if c.is_interaction_response]
    assert "`A bur R par`" in answer.text() and "pic" not in answer.text()
    mark = len(h.fake.calls)
    await h.slash(by["france"], "ready", channel_id=CHANNEL_ID)
    (post,) = public(h.fake.since(mark))
    assert ("A BOU R=PAR" if fr else "The army in Burgundy retreats to Paris: succeeds.") \
        in post.text()
    # the phase is over: the button is stale
    (answer,) = [c for c in await h.click(by["france"], message, ids[3], dm=True)
                 if c.is_interaction_response]
    assert answer.ephemeral and ("phase passée" if fr else "past phase") in answer.content


async def test_the_adjustment_prompt_says_how_many_where_and_by_when(h: Harness) -> None:
    """Fall 1901: Germany takes Holland (a build due); Austria has lost Trieste (a removal
    due); France's retreat was sent with its Fall orders, so Winter follows at once."""
    fr = language(h) == "fr"
    game_id, by = await new_game(h)
    await put_position(h, game_id, "F1901M", {**FALL, "austria": ["A vie", "A bud", "F alb"]},
                       {"austria": ["vie", "bud"], "turkey": ["ank", "con", "smy", "tri"]})
    await submit(h, by["germany"], ATTACK)
    await submit(h, by["france"], "A bur H; A mar H; F bre H; A bur R pic")
    calls = await pass_deadline(h, game_id)
    assert len(public(calls)) == 1
    prompt = one_dm_with(h, calls, by["germany"], "dip:adj:")
    text = prompt.text()
    assert ("constructions\u202f: 1" if fr else "builds: 1") in text
    assert "Berlin, Kiel, Munich" in text  # the free home centres it owns
    assert "<t:" in text
    (menu,) = [c for row in prompt.components for c in row["components"]]
    assert menu["custom_id"] == f"dip:adj:{game_id}:W1901A:germany"
    assert menu["max_values"] == 1
    values = [o["value"] for o in menu["options"]]
    assert "BUILD A ber" in values and "BUILD F kie" in values and "WAIVE" in values
    assert ("Armée — Berlin" if fr else "Army — Berlin") in [o["label"] for o in menu["options"]]
    removal = one_dm_with(h, calls, by["austria"], "dip:adj:")
    assert ("retraits\u202f: 1" if fr else "removals: 1") in removal.text()
    message = h.message_of(prompt)

    # builds are checked when sent: the reason, in the reader's language
    refused = await submit(h, by["germany"], "A ber B; A mun B")
    assert ("Une construction de trop\u202f: vous pouvez en faire 1 cet hiver." if fr else
            "One build too many: you may build 1 this winter.") in refused.text()
    refused = await submit(h, by["germany"], "A ber B; F ber B")
    assert ("Une seule construction par centre." if fr else
            "Only one build per centre.") in refused.text()
    # a choice in the menu is the power's Winter orders; someone else's is refused
    (answer,) = [c for c in await h.click(by["france"], message, menu["custom_id"],
                                          values=["BUILD A ber"], component_type=3, dm=True)
                 if c.is_interaction_response]
    assert answer.ephemeral and ("Allemagne" if fr else "Germany") in answer.content
    (answer,) = [c for c in await h.click(by["germany"], message, menu["custom_id"],
                                          values=["BUILD A ber"], component_type=3, dm=True)
                 if c.is_interaction_response]
    assert answer.ephemeral and "✅" in answer.text() and "`BUILD A ber`" in answer.text()
    mark = len(h.fake.calls)
    await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    (post,) = public(h.fake.since(mark))
    assert ("+ A BER" if fr else "New army built in Berlin: succeeds.") in post.text()
    (answer,) = [c for c in await h.click(by["germany"], message, menu["custom_id"],
                                          values=["BUILD A ber"], component_type=3, dm=True)
                 if c.is_interaction_response]
    assert ("phase passée" if fr else "past phase") in answer.content
