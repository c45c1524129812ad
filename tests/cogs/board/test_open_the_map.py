"""The web board opened from Discord, through the real client, in English and in French:
``/game board``, the button of ``/orders show`` and the one of the turn's DMs give a seated
player a personal link made for them alone (``bot.board_links``), anyone else the public page;
without ``WEB_URL`` nothing changes; with the application's OAuth2 client the command launches
the Activity."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

from pydantic import SecretStr

from bot.board_links import BoardPass, read_board_token
from bot.i18n import t
from bot.services import games as games_service
from tests.cogs.helpers import OUTSIDER
from tests.e2e.correspondence import GM, language, new_game, pass_deadline, put_position, submit
from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member
from tests.e2e.test_missed_orders import ATTACK, FALL
from tests.e2e.test_prompts import one_dm_with

WEB_URL = "https://diplo.example.org"


def enable(h: Harness, **more: Any) -> None:
    h.bot.settings = h.bot.settings.model_copy(update={"web_url": WEB_URL, **more})


def buttons(call: Call) -> list[dict[str, Any]]:
    return [c for row in call.components for c in row.get("components") or []]


def link_of(call: Call) -> str:
    """The one link button of an answer."""
    (link,) = [b for b in buttons(call) if b.get("style") == 5]
    assert link["label"] == t("board.open", "fr" if "Ouvrir" in link["label"] else "en")
    return str(link["url"])


def pass_of(h: Harness, url: str) -> BoardPass:
    assert url.startswith(f"{WEB_URL}/board/open?t=")
    (token,) = parse_qs(urlsplit(url).query)["t"]
    return read_board_token(h.bot.db.sealer, token)


async def board(h: Harness, who: Member) -> Call:
    calls = await h.slash(who, "game board", channel_id=CHANNEL_ID)
    (answer,) = [c for c in calls if c.is_interaction_response]
    return answer


async def test_game_board_gives_each_seated_player_their_own_link(h: Harness) -> None:
    lang = language(h)
    game_id, by = await new_game(h)
    enable(h)
    france, germany = by["france"], by["germany"]
    answer = await board(h, france)
    assert answer.ephemeral
    assert answer.content == t("board.personal", lang, name="G")
    assert buttons(answer)[0]["label"] == ("Ouvrir la carte" if lang == "fr" else "Open the map")
    assert pass_of(h, link_of(answer)) == BoardPass(game_id=game_id, user_id=france.id)
    # another player's answer is a different link, made for them
    theirs = link_of(await board(h, germany))
    assert pass_of(h, theirs) == BoardPass(game_id=game_id, user_id=germany.id)
    assert theirs != link_of(answer)


async def test_anyone_without_a_seat_gets_the_public_page(h: Harness) -> None:
    game_id, _by = await new_game(h)
    enable(h)
    for who in (OUTSIDER, GM):  # the GM plays no power
        answer = await board(h, who)
        assert answer.ephemeral and link_of(answer) == f"{WEB_URL}/g/{game_id}"
        assert answer.content == t("board.public", who.locale, name="G")


async def test_without_web_url_the_board_is_off(h: Harness) -> None:
    lang = language(h)
    _game_id, by = await new_game(h)
    answer = await board(h, by["france"])
    assert answer.ephemeral and buttons(answer) == []
    assert t("board.not_enabled", lang) in answer.content
    assert ("Le plateau web n'est pas activé" if lang == "fr" else
            "The web board is not enabled") in answer.content
    calls = await h.slash(by["france"], "orders show", channel_id=CHANNEL_ID)
    assert calls and all(buttons(c) == [] for c in calls)


async def test_orders_show_carries_the_players_link(h: Harness) -> None:
    game_id, by = await new_game(h)
    enable(h)
    italy = by["italy"]
    await submit(h, italy, "A ven H")
    calls = await h.slash(italy, "orders show", channel_id=CHANNEL_ID)
    (shown,) = [c for c in calls if c.pngs()]
    assert shown.ephemeral and "A ven H" in shown.text()
    assert pass_of(h, link_of(shown)) == BoardPass(game_id=game_id, user_id=italy.id)


async def test_the_command_is_for_a_guild_and_for_everyone(h: Harness) -> None:
    await h.bot.sync_commands()
    (game,) = [c for c in h.fake.commands_synced if c["name"] == "game"]
    (sub,) = [o for o in game["options"] if o["name"] == "board"]
    assert sub["name_localizations"]["fr"] == "plateau"
    assert sub["description_localizations"]["fr"] == "Ouvrir la carte de cette partie"
    assert game.get("contexts") in ([0], None) and game.get("dm_permission") in (False, None)
    assert game.get("contexts") == [0] or game.get("dm_permission") is False
    assert game.get("default_member_permissions") is None


async def test_the_turns_dms_carry_a_button_that_makes_the_pressers_link(h: Harness) -> None:
    game_id, by = await new_game(h)
    enable(h)
    await put_position(h, game_id, "F1901M", FALL)
    await submit(h, by["germany"], ATTACK)
    calls = await pass_deadline(h, game_id)
    prompt = one_dm_with(h, calls, by["france"], "dip:rt:")
    assert f"dip:board:{game_id}" in prompt.custom_ids()
    assert [b for b in buttons(prompt) if b.get("style") == 5] == []  # no link in a DM
    message = h.message_of(prompt)
    for who in (by["france"], by["germany"]):
        (answer,) = [c for c in await h.click(who, message, f"dip:board:{game_id}", dm=True)
                     if c.is_interaction_response]
        assert answer.ephemeral
        # the presser's own link: France's DM never hands Germany France's seat
        assert pass_of(h, link_of(answer)) == BoardPass(game_id=game_id, user_id=who.id)
    (answer,) = [c for c in await h.click(OUTSIDER, message, f"dip:board:{game_id}", dm=True)
                 if c.is_interaction_response]
    assert link_of(answer) == f"{WEB_URL}/g/{game_id}"


async def test_without_web_url_the_dms_are_unchanged(h: Harness) -> None:
    game_id, by = await new_game(h)
    await put_position(h, game_id, "F1901M", FALL)
    await submit(h, by["germany"], ATTACK)
    calls = await pass_deadline(h, game_id)
    prompt = one_dm_with(h, calls, by["france"], "dip:rt:")
    assert not [x for x in prompt.custom_ids() if x.startswith("dip:board:")]


async def test_a_reminder_carries_the_button(h: Harness) -> None:
    game_id, by = await new_game(h)
    enable(h)
    france = by["france"]
    await h.slash(france, "remind set", channel_id=CHANNEL_ID, hours="24")
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.deadline is not None
    await h.bot.scheduler.run_once(now=view.deadline - timedelta(hours=24))
    (reminder,) = h.fake.dms_to(france.id)
    assert f"dip:board:{game_id}" in reminder.custom_ids()


async def test_with_the_oauth_client_the_command_launches_the_activity(h: Harness) -> None:
    _game_id, by = await new_game(h)
    enable(h, discord_client_id="123", discord_client_secret=SecretStr("s"))
    answer = await board(h, by["france"])
    assert answer.response_type == 12  # LAUNCH_ACTIVITY
    # without WEB_URL there is no page to launch: the command says the board is off
    h.bot.settings = h.bot.settings.model_copy(update={"web_url": None})
    answer = await board(h, by["france"])
    assert answer.response_type == 4 and t("board.not_enabled", language(h)) in answer.content
