"""``/game create options:``: a variant's own rule options typed "name=value, name=value",
read against its schema, refused naming the option and what it takes, offered by
autocomplete with their labels, in the reader's language."""

from __future__ import annotations

from bot.services import games as games_service
from bot.services.errors import NotFound
from tests.cogs.helpers import GM
from tests.e2e.harness import CHANNEL_ID, Harness, Member

GM_FR = Member(GM.id, "gm", permissions=GM.permissions, locale="fr")


async def no_game(h: Harness) -> bool:
    try:
        await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    except NotFound:
        return True
    return False


async def test_the_duel_option_is_set_at_creation(harness: Harness) -> None:
    await harness.slash(GM, "game create", channel_id=CHANNEL_ID, variant="duel",
                        options="bids_accumulate=yes, nmr_threshold=3")
    game = await games_service.game_in_channel(harness.bot.db, channel_id=CHANNEL_ID)
    assert game.options["bids_accumulate"] is True and game.options["nmr_threshold"] == 3
    (settings,) = await harness.slash(GM, "game settings", channel_id=CHANNEL_ID)
    assert "carried over to the next year: on" in settings.text()


async def test_a_bad_value_names_the_option_and_what_it_takes(harness: Harness) -> None:
    calls = await harness.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic",
                                options="nmr_threshold=9")
    assert calls[-1].content == ("Civil disorder after (nmr_threshold) does not take “9”: "
                                 "a whole number from 1 to 3.")
    calls = await harness.slash(GM_FR, "game create", channel_id=CHANNEL_ID,
                                variant="duel", options="bids_accumulate=peut-être")
    assert calls[-1].ephemeral
    assert calls[-1].content == ("Report des enchères non dépensées à l'année suivante "
                                 "(bids_accumulate) n'accepte pas « peut-être »\u202f: "
                                 "oui ou non.")
    assert await no_game(harness)


async def test_unknown_and_unreadable_options_are_refused(harness: Harness) -> None:
    calls = await harness.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic",
                                options="bids_accumulate=yes")
    text = str(calls[-1].content)
    assert text.startswith("Unknown option for this game: “bids_accumulate”.")
    assert "nmr_threshold" in text
    calls = await harness.slash(GM_FR, "game create", channel_id=CHANNEL_ID,
                                variant="classic", options="press")
    assert str(calls[-1].content).startswith("« press » n'est pas une option\u202f: écrivez "
                                             "nom=valeur")
    assert await no_game(harness)


async def test_autocomplete_offers_the_variant_options_first_with_labels(
        harness: Harness) -> None:
    choices = await harness.autocomplete(GM, "game create", "options", channel_id=CHANNEL_ID,
                                         variant="duel", options="")
    assert choices[0]["value"] == "bids_accumulate=no"
    assert "yes or no" in choices[0]["name"]
    assert len(choices) <= 25
    # what is typed already stays in front; an option given is not offered again
    choices = await harness.autocomplete(GM_FR, "game create", "options",
                                         channel_id=CHANNEL_ID, variant="duel",
                                         options="bids_accumulate=yes, nmr")
    assert [c["value"] for c in choices] == ["bids_accumulate=yes, nmr_threshold=2"]
    assert "un nombre entier de 1 à 3" in choices[0]["name"]
