"""One ``/game join|start|status|settings`` and ``/ready`` for every variant (issue 11): a
variant's extension registers its hooks (``bot.ui.surface``); the shared commands use them,
or their classic behaviour when there are none."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from bot.i18n import t
from bot.services import imperialisme as service
from bot.ui import surface
from cogs.imperialisme._posts import timing_text
from cogs.imperialisme._views import power_name
from tests.e2e.harness import Call, Harness, answer, running_bot
from tests.e2e.test_imperialisme_game import GM, PLAYERS, Table

FRENCH, ENGLISH = PLAYERS[0], PLAYERS[1]  # locales fr and en-GB


@pytest.fixture
async def table(database_url: str) -> AsyncIterator[Table]:
    async with running_bot(database_url) as h:
        table = Table(h)
        await table.setup()  # /game create, 14 x /game join, /game start
        yield table


class OtherBot:
    """A second bot of the same process, without extensions."""


def public_embed(calls: list[Call]) -> dict:
    """The one public embed answering the command (``/game status`` is deferred first, then
    followed up)."""
    assert [c.response_type for c in calls] in ([4], [5, None])
    assert not answer(calls).ephemeral
    assert len(answer(calls).embeds) == 1
    return answer(calls).embeds[0]


async def test_game_status_of_an_imperialisme_game(table: Table) -> None:
    o = await service.overview(table.db, game_id=table.game_id)
    power, row = next(iter(o.influence.items()))
    for member, language in ((FRENCH, "fr"), (ENGLISH, "en")):
        embed = public_embed(await table.slash(member, "game status"))
        assert embed["title"] == "Empires"
        # what /imperialisme status showed: influence of every power, then the timing
        assert t("imp.status_line", language, power=power_name(power, language),
                 influence=row["influence"], territories=row["territories"]) \
            in embed["description"]
        assert len(embed["description"].splitlines()) == 14
        names = [f["name"] for f in embed["fields"]]
        assert names[-1] == t("imp.status_timing", language)
        assert embed["fields"][-1]["value"] == timing_text(
            service.timing(o.game), language, o.next_crisis)
        # not the classic status (variant, state, players and centres)
        assert t("status.variant", language) not in names


async def test_game_settings_of_an_imperialisme_game(table: Table) -> None:
    await table.slash(GM, "imperialisme settings", conference_hours=2.0)
    game = (await service.overview(table.db, game_id=table.game_id)).game
    assert service.timing(game)["conference"] == 120
    for member, language in ((FRENCH, "fr"), (ENGLISH, "en")):
        embed = public_embed(await table.slash(member, "game settings"))
        assert embed["title"] == t("settings.title", language, name="Empires")
        assert embed["description"] == timing_text(service.timing(game), language)
        assert t("imp.hours", language, hours=2.0) in embed["description"]


async def test_imperialisme_keeps_only_its_settings_setter(harness: Harness) -> None:
    group = harness.bot.tree.get_command("imperialisme")
    assert isinstance(group, discord.app_commands.Group)
    assert [c.name for c in group.commands] == ["settings"]


async def test_hooks_are_registered_per_bot_and_removed_with_the_extension(
        harness: Harness) -> None:
    bot = harness.bot
    assert surface.surface_of(bot, "duel").join is not None
    assert surface.surface_of(bot, "imperialisme").status is not None
    assert surface.surface_of(bot, "classic") is surface.CLASSIC
    assert surface.surface_of(OtherBot(), "duel") is surface.CLASSIC  # another bot: none
    await bot.unload_extension("cogs.duel")
    assert surface.surface_of(bot, "duel") is surface.CLASSIC
    await bot.load_extension("cogs.duel")
    assert surface.surface_of(bot, "duel").ready is not None
    with pytest.raises(ValueError, match="unknown variant"):
        surface.register(bot, "chess", surface.VariantSurface())
