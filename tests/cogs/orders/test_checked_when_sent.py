"""A set of orders read back as the rules take it (issue 12 item 5, seed 004 §3.4.2, §3.5.2):
two orders for one unit are refused with the reason; a build or a retreat sent with the
movement orders is a conditional order, said to replace no movement order, and kept for
the phase it belongs to — the Winter for builds sent in the Fall."""

from __future__ import annotations

from tests.e2e.correspondence import (
    language,
    new_game,
    pass_deadline,
    submit,
)
from tests.e2e.harness import CHANNEL_ID, Harness


async def test_two_orders_for_one_unit_are_refused_with_the_reason(h: Harness) -> None:
    fr = language(h) == "fr"
    _game_id, by = await new_game(h)
    reply = await submit(h, by["france"], "A par - bur; A mar H; A par - pic")
    text = reply.text()
    assert ("Vos ordres n'ont pas été enregistrés" if fr else
            "Your orders were not saved") in text
    assert ("❌ `A par - bur` — L'armée de Paris a un autre ordre plus bas\u202f: un seul "
            "ordre par unité." if fr else
            "❌ `A par - bur` — The army in Paris has another order below: send one order per "
            "unit.") \
        in text
    calls = await h.slash(by["france"], "orders show", channel_id=CHANNEL_ID)
    assert "A par - pic" not in calls[-1].text(), "nothing was stored"


async def test_builds_sent_with_movement_orders_say_what_becomes_of_them(h: Harness) -> None:
    fr = language(h) == "fr"
    game_id, by = await new_game(h)
    reply = await submit(h, by["france"], "A par - bur; A mar - spa; F bre - mao; A par B")
    text = reply.text()
    # a French reader reads the order with the French verb of seed 004 ("construire")
    assert "❌" not in text and ("`construire A par`" if fr else "`BUILD A par`") in text
    # Spring: a conditional build waits for the Winter (seed 004 §3.4.2); the player is told
    assert ("il ne remplace pas vos ordres de mouvement" if fr else
            "it does not replace your movement orders") in text
    assert ("gardé pour l'hiver" if fr else "kept for the Winter") in text
    calls = await h.slash(by["france"], "orders show", channel_id=CHANNEL_ID)
    assert ("`construire A par` (conditionnel)" if fr else "`BUILD A par` (conditional)") \
        in calls[-1].text()
    await pass_deadline(h, game_id)
    reply = await submit(h, by["france"], "A bur - mun; A spa H; F mao - por; F bre B; "
                                          "A spa R gas")
    text = reply.text()
    assert ("gardé pour l'hiver comme ordre conditionnel\u202f; il ne remplace pas vos ordres de "
            "mouvement" if fr else
            "kept for the Winter as a conditional order; it does not replace your movement "
            "orders") in text
    assert ("retraite conditionnelle\u202f: utilisée seulement si cette unité est délogée" if fr
            else "conditional retreat: used only if this unit is dislodged") in text


async def test_a_build_sent_ahead_is_checked_as_far_as_it_can_be(h: Harness) -> None:
    """A conditional build (rules §3.4.2) is refused at once when it can never be played:
    not a home centre of the power, or a fleet inland; owning the centre and its being free
    are left to the Winter."""
    fr = language(h) == "fr"
    _game_id, by = await new_game(h)
    cases = [
        (by["austria"], "A vie - tyr; Build A mun",
         "❌ `Build A mun` — Vous ne pouvez pas construire à Munich\u202f: ce n'est pas l'un "
         "de vos centres nationaux." if fr else
         "❌ `Build A mun` — You cannot build in Munich: it is not one of your home centres."),
        (by["germany"], "Build F mun",
         "❌ `Build F mun` — Une flotte ne peut pas être construite à l'intérieur des terres "
         "(Munich)." if fr else "❌ `Build F mun` — A fleet cannot be built inland (Munich)."),
        (by["russia"], "Build F stp", "❌ `Build F stp`"),
    ]
    for member, text, refusal in cases:
        reply = (await submit(h, member, text)).text()
        assert ("Vos ordres n'ont pas été enregistrés" if fr else
                "Your orders were not saved") in reply
        assert refusal in reply, reply
        calls = await h.slash(member, "orders show", channel_id=CHANNEL_ID)
        assert "mun" not in calls[-1].text().lower().replace("munich", ""), "nothing stored"
    # the same build by the power whose home centre it is stays a conditional order
    reply = (await submit(h, by["germany"], "Build A mun")).text()
    assert "❌" not in reply
    assert ("gardé pour l'hiver" if fr else "kept for the Winter") in reply
