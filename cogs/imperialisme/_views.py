"""Persistent buttons and menus of L'Impérialisme (``DynamicItem``: the custom id carries
everything, so messages posted before a restart keep working).

- ``imp:v:<game>:<crisis>:<power>:<token>``  a ballot button; ``token`` is opaque (an HMAC of
  the choice under a per-crisis key deleted at the tally): the id never says what it votes
- ``imp:vb:<game>:<crisis>:<power>``         "vote in private" (the voter's DMs are closed)
- ``imp:w:<game>:<attacker>:<target>:<y|n>`` the target's consent to a withdrawal
- ``imp:ax:<game>:<crisis>``                 the winner's annexation menu
- ``imp:x:<game>:<exchange>:<y|n>``          accept / decline an exchange

Every callback passes the presser's id to a service, which refuses anyone but the player
holding the power concerned (a belligerent, a non-player, another player).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import language_of, t
from bot.services import imperialisme as service
from bot.ui.common import bot_of, reader_locale
from bot.ui.embeds import COLOUR
from bot.ui.errors import UserFacingError, guard, reply
from bot.ui.format import deadline_text
from engine.variants.imperialisme.errors import ImperialError

MAX_OPTIONS = 25  # Discord's limit of options in a select menu


def power_name(power: str, locale: Any) -> str:
    try:
        return service.game_map().power(power).name(language_of(locale))
    except ImperialError:
        return power


def territory_name(territory: str, locale: Any) -> str:
    try:
        return service.game_map().territory(territory).name(language_of(locale))
    except ImperialError:
        return territory


def territory_names(territories: Sequence[str], locale: Any) -> str:
    return ", ".join(territory_name(x, locale) for x in territories)


_guard = guard  # every component's handler: answered in time, its errors reported


# --- ballots ------------------------------------------------------------------------------

def ballot_embed(ballot: service.Ballot, locale: str) -> discord.Embed:
    first, second = (power_name(s, locale) for s in ballot.sides)
    embed = discord.Embed(
        title=t("imp.ballot_title", locale, name=ballot.game_name, number=ballot.number),
        description=t("imp.ballot_body", locale, power=power_name(ballot.power, locale),
                      weight=ballot.weight, first=first, second=second,
                      deadline=deadline_text(ballot.deadline)), colour=COLOUR)
    return embed


def ballot_view(ballot: service.Ballot, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice, token in ballot.tokens:
        label = t("imp.blank_button", locale) if choice == service.BLANK else t(
            "imp.support_button", locale, power=power_name(choice, locale))
        view.add_item(VoteButton(ballot.game_id, ballot.number, ballot.power, token,
                                 label=label, blank=choice == service.BLANK))
    return view


class VoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"imp:v:(?P<game>\d+):(?P<n>\d+):(?P<power>[a-z]+)"
                          r":(?P<token>[0-9a-f]{12})"):
    def __init__(self, game_id: int, number: int, power: str, token: str, *,
                 label: str = "", blank: bool = False) -> None:
        style = discord.ButtonStyle.secondary if blank else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(
            label=label or "·", style=style,
            custom_id=f"imp:v:{game_id}:{number}:{power}:{token}"))
        self.game_id, self.number, self.power, self.token = game_id, number, power, token

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> VoteButton:
        return cls(int(match["game"]), int(match["n"]), match["power"], match["token"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._vote(interaction))

    async def _vote(self, interaction: discord.Interaction[Any]) -> None:
        ballot = await service.cast_vote(bot_of(interaction).db, game_id=self.game_id,
                                         user_id=interaction.user.id, number=self.number,
                                         power=self.power, token=self.token)
        # the reply does not repeat the choice: nothing sent anywhere says what was voted
        await reply(interaction, t("imp.vote_recorded", reader_locale(interaction),
                                   deadline=deadline_text(ballot.deadline)), ephemeral=True)


class VoteHereButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"imp:vb:(?P<game>\d+):(?P<n>\d+):(?P<power>[a-z]+)"):
    """For a voter whose DMs are closed: the ballot, as an ephemeral reply in the channel."""

    def __init__(self, game_id: int, number: int, power: str, *, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or "·",
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"imp:vb:{game_id}:{number}:{power}"))
        self.game_id, self.number, self.power = game_id, number, power

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> VoteHereButton:
        return cls(int(match["game"]), int(match["n"]), match["power"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._open(interaction))

    async def _open(self, interaction: discord.Interaction[Any]) -> None:
        ballot = await service.ballot(bot_of(interaction).db, game_id=self.game_id,
                                      user_id=interaction.user.id)
        if ballot.power != self.power:
            raise UserFacingError("error.imp.not_your_ballot")
        if ballot.number != self.number:
            raise UserFacingError("error.imp.ballot_expired")
        locale = reader_locale(interaction)
        await reply(interaction, embed=ballot_embed(ballot, locale),
                    view=ballot_view(ballot, locale), ephemeral=True)


# --- withdrawal, annexation, exchanges ------------------------------------------------------

class WithdrawConsentButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                            template=r"imp:w:(?P<game>\d+):(?P<a>[a-z]+):(?P<t>[a-z]+)"
                                     r":(?P<yes>[yn])"):
    def __init__(self, game_id: int, attacker: str, target: str, consent: bool, *,
                 label: str = "") -> None:
        yes = "y" if consent else "n"
        style = discord.ButtonStyle.success if consent else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(
            label=label or yes, style=style,
            custom_id=f"imp:w:{game_id}:{attacker}:{target}:{yes}"))
        self.game_id, self.attacker, self.target, self.consent = (game_id, attacker, target,
                                                                  consent)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> WithdrawConsentButton:
        return cls(int(match["game"]), match["a"], match["t"], match["yes"] == "y")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        result = await service.answer_withdrawal(
            bot.db, game_id=self.game_id, user_id=interaction.user.id, attacker=self.attacker,
            target=self.target, consent=self.consent)
        await reply(interaction, t(f"imp.withdraw_answer_{result}",
                                   reader_locale(interaction)), ephemeral=True)
        await bot.post_now()


def annex_options(eligible: Sequence[str], locale: str) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=territory_name(x, locale)[:100], value=x)
            for x in eligible[:MAX_OPTIONS]]


class AnnexSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=r"imp:ax:(?P<game>\d+):(?P<n>\d+)"):
    def __init__(self, game_id: int, number: int,
                 options: list[discord.SelectOption] | None = None, count: int = 1,
                 placeholder: str | None = None) -> None:
        options = options or [discord.SelectOption(label="-")]
        super().__init__(discord.ui.Select(custom_id=f"imp:ax:{game_id}:{number}",
                                           options=options, min_values=1,
                                           max_values=max(1, min(count, len(options))),
                                           placeholder=placeholder))
        self.game_id, self.number = game_id, number

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> AnnexSelect:
        return cls(int(match["game"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._annex(interaction))

    async def _annex(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values") or []]
        taken = await service.annex(bot.db, game_id=self.game_id, user_id=interaction.user.id,
                                    territories=values, number=self.number)
        locale = reader_locale(interaction)
        await reply(interaction, t("imp.annexed_reply", locale,
                                   territories=territory_names(taken, locale)), ephemeral=True)
        await bot.post_now()


class ExchangeButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"imp:x:(?P<game>\d+):(?P<x>\d+):(?P<yes>[yn])"):
    def __init__(self, game_id: int, exchange_id: int, accept: bool, *,
                 label: str = "") -> None:
        yes = "y" if accept else "n"
        style = discord.ButtonStyle.success if accept else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label or yes, style=style,
                                           custom_id=f"imp:x:{game_id}:{exchange_id}:{yes}"))
        self.game_id, self.exchange_id, self.accept = game_id, exchange_id, accept

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> ExchangeButton:
        return cls(int(match["game"]), int(match["x"]), match["yes"] == "y")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._answer(interaction))

    async def _answer(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        view = await service.answer_exchange(bot.db, game_id=self.game_id,
                                             exchange_id=self.exchange_id,
                                             user_id=interaction.user.id, accept=self.accept)
        key = {"done": "imp.exchange_answer_done", "refused": "imp.exchange_answer_refused"
               }.get(view.status, "imp.exchange_answer_waiting")
        await reply(interaction, t(key, reader_locale(interaction)), ephemeral=True)
        await bot.post_now()


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    VoteButton, VoteHereButton, WithdrawConsentButton, AnnexSelect, ExchangeButton)
