"""Every bad input gets a clear, localised, ephemeral reply and changes nothing (issue 5)."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import t
from bot.services import games as games_service
from bot.services import orders as orders_service
from tests.cogs.helpers import GM, OUTSIDER, PLAYERS, started_game
from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member


async def snapshot(h: Harness, game_id: int) -> tuple[object, ...]:
    game = await games_service.get_game(h.bot.db, game_id=game_id)
    orders = []
    for p in PLAYERS:
        orders.append(tuple(await orders_service.my_orders(h.bot.db, game_id=game_id,
                                                           user_id=p.id)))
    status = await orders_service.order_status(h.bot.db, game_id=game_id)
    return (game.version, game.phase, game.status, game.deadline, tuple(orders), status)


def only_private_reply(calls: list[Call]) -> Call:
    """Exactly one answer, ephemeral, and nothing posted anywhere (a public deferral, the
    first answer of a command that reads first, is withdrawn before the private refusal)."""
    if len(calls) == 3 and calls[0].response_type == 5 and not calls[0].ephemeral:
        assert calls[1].method == "DELETE" and calls[1].url.endswith("/messages/@original")
        assert calls[2].via_webhook and calls[2].ephemeral
        return calls[2]
    assert len(calls) == 1, [(c.method, c.path) for c in calls]
    assert calls[0].is_interaction_response and calls[0].ephemeral
    return calls[0]


async def test_garbled_order_is_explained_and_nothing_stored(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    await harness.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                        text="A par - bur")
    before = await snapshot(harness, game_id)
    calls = await harness.slash(by["france"], "orders submit", channel_id=CHANNEL_ID,
                                text="A par - bur; F bre xx zz")
    reply = only_private_reply(calls)
    assert t("error.orders.rejected", "en") in reply.content
    assert "❌ `F bre xx zz`" in reply.content and "✅ `A par - bur`" in reply.content
    assert await snapshot(harness, game_id) == before


async def test_another_powers_unit_is_refused_in_french(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    before = await snapshot(harness, game_id)
    french = replace(by["france"], locale="fr")
    calls = await harness.slash(french, "orders submit", channel_id=CHANNEL_ID,
                                text="F lon - nth")
    reply = only_private_reply(calls)
    assert t("error.orders.rejected", "fr") in reply.content
    assert "appartient" in reply.content  # the engine's reason, in French
    assert await snapshot(harness, game_id) == before


async def test_non_player_cannot_order_or_be_ready(harness: Harness) -> None:
    game_id, _by = await started_game(harness)
    before = await snapshot(harness, game_id)
    for command, values in (("orders submit", {"text": "A par - bur"}), ("ready", {}),
                            ("orders clear", {}), ("draw propose", {})):
        calls = await harness.slash(OUTSIDER, command, channel_id=CHANNEL_ID, **values)
        reply = only_private_reply(calls)
        assert reply.content in (t("error.player.not_in_game", "en"),
                                 t("error.draw.not_a_voter", "en"))
    assert await snapshot(harness, game_id) == before


async def test_non_gm_cannot_use_gm_tools(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    before = await snapshot(harness, game_id)
    player = by["italy"]
    for command, values in (("gm adjudicate", {}), ("gm extend", {"hours": 5.0}),
                            ("gm pause", {}), ("gm resume", {}),
                            ("gm kick", {"player": str(by["france"].id)}),
                            ("gm replace", {"power": "france", "player": str(OUTSIDER.id)}),
                            ("game start", {})):
        calls = await harness.slash(player, command, channel_id=CHANNEL_ID, **values)
        reply = only_private_reply(calls)
        assert reply.content in (t("error.game.not_gm", "en"),
                                 t("error.game.wrong_status", "en", status="active",
                                   expected="signup")), (command, reply.content)
    fr = replace(player, locale="fr")
    calls = await harness.slash(fr, "gm pause", channel_id=CHANNEL_ID)
    assert only_private_reply(calls).content == t("error.game.not_gm", "fr")
    assert await snapshot(harness, game_id) == before


async def test_expired_button_changes_nothing(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    calls = await harness.slash(by["england"], "orders submit", channel_id=CHANNEL_ID,
                                text="F lon - nth")
    ready_id = next(c for c in calls[0].custom_ids() if c.startswith("dip:ready:"))
    message = harness.message_of(calls[0])
    await harness.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)  # the phase moves on
    before = await snapshot(harness, game_id)
    calls = await harness.click(by["england"], message, ready_id)
    reply = only_private_reply(calls)
    assert reply.content == t("button.expired", "en")
    assert await snapshot(harness, game_id) == before


async def test_ready_button_of_someone_else_only_marks_the_presser(harness: Harness) -> None:
    game_id, by = await started_game(harness)
    calls = await harness.slash(by["england"], "orders submit", channel_id=CHANNEL_ID,
                                text="F lon - nth")
    ready_id = next(c for c in calls[0].custom_ids() if c.startswith("dip:ready:"))
    calls = await harness.click(OUTSIDER, harness.message_of(calls[0]), ready_id)
    assert only_private_reply(calls).content == t("error.player.not_in_game", "en")
    status = await orders_service.order_status(harness.bot.db, game_id=game_id)
    assert status.ready == ()


async def test_game_create_needs_manage_channels(harness: Harness) -> None:
    plain = Member(4001, "plain")
    calls = await harness.slash(plain, "game create", channel_id=CHANNEL_ID,
                                variant="classic")
    assert only_private_reply(calls).content == t("error.missing_permissions", "en")
    calls = await harness.slash(plain, "game status", channel_id=CHANNEL_ID)
    assert only_private_reply(calls).content.startswith("There is no game")


async def test_second_game_in_a_busy_channel_is_refused(harness: Harness) -> None:
    await started_game(harness)
    calls = await harness.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic")
    assert "already has a game" in only_private_reply(calls).content


async def test_bad_preferences_are_explained(harness: Harness) -> None:
    await harness.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic")
    calls = await harness.slash(PLAYERS[0], "game join", channel_id=CHANNEL_ID,
                                preferences="France, Narnia")
    assert only_private_reply(calls).content == t("error.player.preference_unknown", "en",
                                                  name="Narnia")
    game = await games_service.game_in_channel(harness.bot.db, channel_id=CHANNEL_ID)
    assert game.players == ()
