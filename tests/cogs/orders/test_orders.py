"""/order (guided menus, autocompletion), /orders submit (the modal), /orders show (the
private preview map) and /orders clear."""

from __future__ import annotations

from bot.services import orders as orders_service
from tests.cogs.helpers import started_game
from tests.e2e.harness import CHANNEL_ID, PNG_MAGIC, Harness


async def test_guided_order_unit_action_target(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    italy = by["italy"]
    units = await harness.autocomplete(italy, "order", "unit", channel_id=CHANNEL_ID,
                                       unit="")
    assert {c["value"] for c in units} == {"ven", "rom", "nap"}
    options = await harness.autocomplete(italy, "order", "order", channel_id=CHANNEL_ID,
                                         unit="ven", order="tyr")
    values = [c["value"] for c in options]
    assert "A ven - tyr" in values and "A ven S A vie - tyr" in values
    assert all(v.startswith("A ven") and "tyr" in v for v in values)
    calls = await harness.slash(italy, "order", channel_id=CHANNEL_ID)
    step1 = calls[0]
    assert step1.ephemeral
    unit_select = step1.custom_ids()[0]
    calls = await harness.click(italy, harness.message_of(step1), unit_select,
                                values=["ven"], component_type=3)
    action_select = calls[0].custom_ids()[0]
    calls = await harness.click(italy, harness.message_of(calls[0]), action_select,
                                values=["move"], component_type=3)
    target_select = calls[0].custom_ids()[0]
    calls = await harness.click(italy, harness.message_of(calls[0]), target_select,
                                values=["A ven - tyr"], component_type=3)
    assert "A ven - tyr" in calls[0].text()
    # a second guided order adds to the set; an order for the same unit replaces its line
    await harness.slash(italy, "order", channel_id=CHANNEL_ID, order="F nap - ion")
    await harness.slash(italy, "order", channel_id=CHANNEL_ID, order="A ven - pie")
    own = await orders_service.my_orders(harness.bot.db, game_id=game_id, user_id=italy.id)
    assert sorted(x.normalized for x in own[0].lines) == ["A ven - pie", "F nap - ion"]
    # another player cannot use Italy's menu to order Italian units
    calls = await harness.click(by["austria"], harness.message_of(step1), unit_select,
                                values=["ven"], component_type=3)
    assert calls[0].ephemeral and "VEN" in calls[0].content


async def test_orders_modal_and_private_preview(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    turkey = by["turkey"]
    calls = await harness.slash(turkey, "orders submit", channel_id=CHANNEL_ID)
    assert calls[0].response_type == 9  # a modal
    modal = calls[0].json["data"]
    field_id = modal["components"][0]["components"][0]["custom_id"]
    calls = await harness.submit_modal(turkey, modal["custom_id"],
                                       {field_id: "F ank - bla\nA con - bul\nA smy - arm"},
                                       channel_id=CHANNEL_ID)
    assert calls[0].ephemeral and calls[0].text().count("✅") == 3
    calls = await harness.slash(turkey, "orders show", channel_id=CHANNEL_ID)
    preview = [c for c in calls if c.pngs()]
    assert preview and preview[0].ephemeral and preview[0].pngs()[0].startswith(PNG_MAGIC)
    assert "A con - bul" in preview[0].text()
    calls = await harness.slash(turkey, "orders clear", channel_id=CHANNEL_ID)
    assert await orders_service.my_orders(harness.bot.db, game_id=game_id,
                                          user_id=turkey.id) == []
