"""``/press`` and ``/inbox`` (docs/RULES.md §3.4.7). Without ``to``, a press release posted by the
bot in the game, in the guild's language, signed with the sender's powers (or anonymous);
with ``to``, a private letter the bot relays by DM to the recipients' players. ``/inbox``
lists the reader's letters of the game, ephemeral. Who may write what is decided by
``bot.services.press``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import t
from bot.services import guilds as guilds_service
from bot.services import press as press_service
from bot.services.common import GameView
from bot.services.errors import ServiceError
from bot.ui.common import bot_of, game_here, reader_locale
from bot.ui.embeds import COLOUR
from bot.ui.errors import reply
from bot.ui.format import phase_name, power_name

INBOX_SHOWN = 10  # letters in one /inbox reply (Discord: 25 fields, 6,000 characters)


def powers_text(powers: Any, locale: str, variant: str) -> str:
    """Power names joined by commas: the catalogue's grammar functions (``A_AND``,
    ``DE_AND``…) give each its article and put the last after "and"/"et"."""
    return ", ".join(power_name(str(p), locale, variant) for p in powers)


def _sender(letter: press_service.Letter, locale: str, variant: str) -> str:
    return powers_text(letter.sender, locale, variant) if letter.sender else \
        t("press.letter.anonymous", locale)


def _recipients(letter: press_service.Letter, locale: str, variant: str) -> str:
    """The recipients' names, or for an anonymous letter read by anyone but its sender
    what the list may say without telling who wrote it (RULES.md secrecy)."""
    hidden = letter.hidden_to
    if hidden is None:
        return powers_text(letter.recipients, locale, variant)
    if hidden.everyone:
        return t("press.letter.everyone", locale)
    if not hidden.to_reader:
        return t("press.letter.powers", locale, count=hidden.count)
    return t("press.letter.you_and", locale, count=hidden.others)


def _phase(letter: press_service.Letter, locale: str, variant: str) -> str:
    return phase_name(letter.phase, locale, variant) if letter.phase \
        else t("press.phase.none", locale)


def letter_heading(letter: press_service.Letter, locale: str, variant: str) -> str:
    key = "press.inbox.sent" if letter.mine else "press.inbox.received"
    return t(key, locale, sender=_sender(letter, locale, variant),
             phase=_phase(letter, locale, variant),
             powers=_recipients(letter, locale, variant))


def letter_embed(game: GameView, letter: press_service.Letter, locale: str) -> discord.Embed:
    """A letter as its recipient reads it in their DMs: never a player's name."""
    embed = discord.Embed(title=t("press.letter.title", locale, name=game.name,
                                  sender=_sender(letter, locale, game.variant)),
                          description=letter.text, colour=COLOUR)
    embed.add_field(name=t("press.letter.to", locale, phase=_phase(letter, locale, game.variant),
                           powers=_recipients(letter, locale, game.variant)),
                    value="\u200b", inline=False)
    embed.set_footer(text=t("press.letter.footer", locale))
    return embed


async def power_autocomplete(interaction: discord.Interaction[Any], current: str
                             ) -> list[app_commands.Choice[str]]:
    """The game's powers in the reader's language; what is typed before the last comma is
    kept, so several powers can be chosen one after the other."""
    locale = reader_locale(interaction)
    try:
        game = await game_here(interaction)
    except ServiceError:  # not a game channel: nothing to offer
        return []
    head, _, last = current.rpartition(",")
    prefix = f"{head.strip()}, " if head.strip() else ""
    word = last.strip().lower()
    out = []
    for power in dict.fromkeys(press_service.power_names(game.variant).values()):
        name = power_name(power, locale, game.variant)
        if not word or name.lower().startswith(word) or power.startswith(word):
            out.append(app_commands.Choice(name=(prefix + name)[:100],
                                           value=(prefix + name)[:100]))
    return out[:25]


@app_commands.guild_only()
class PressCog(commands.Cog):
    # every answer is private and goes through reply: deferred if slow (GameTree)
    answers_privately = True

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=L("press"),
        description=L("A press release in the game, or a private letter to powers"))
    @app_commands.rename(text=L("text"), to=L("to"), anonymous=L("anonymous"))
    @app_commands.describe(
        text=L("Your message"), anonymous=L("Hide who sent it"),
        to=L("Powers to write to privately (e.g. France, Italy); empty: a press release"))
    @app_commands.autocomplete(to=power_autocomplete)
    @app_commands.guild_only()
    async def press(self, interaction: discord.Interaction[Any], text: str,
                    to: str | None = None, anonymous: bool = False) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        if to is not None and to.strip():
            sent = await press_service.send_letter(
                bot.db, game_id=game.id, user_id=interaction.user.id, to=to, text=text,
                anonymous=anonymous)
            await press_service.remember_language(bot.db, game_id=game.id,
                                                  user_id=interaction.user.id, language=locale)
            await reply(interaction, t(
                "press.letter.sent", locale, anonymous="yes" if sent.anonymous else "no",
                powers=powers_text(sent.recipients, locale, game.variant)))
            await bot.post_now()
            return
        allowed = await press_service.check_public(bot.db, game_id=game.id,
                                                   user_id=interaction.user.id, text=text)
        public = await guilds_service.guild_language(bot.db, guild_id=game.guild_id,
                                                      default=bot.default_locale)
        anonymous = anonymous or allowed.forced_anonymous
        if anonymous:
            author = t("press.anonymous", public)
        elif allowed.powers:
            author = powers_text(allowed.powers, public, game.variant)
        elif allowed.gm:
            author = t("press.gm", public)
        else:  # a player before the powers are drawn
            author = interaction.user.display_name
        embed = discord.Embed(title=t("press.title", public, author=author),
                              description=text, colour=COLOUR)
        if not anonymous:
            embed.set_footer(text=interaction.user.display_name)
        channel = bot.get_partial_messageable(game.thread_id or game.channel_id)
        await channel.send(embed=embed)
        await reply(interaction, t("press.sent", locale))
        await press_service.remember_language(bot.db, game_id=game.id,
                                              user_id=interaction.user.id, language=locale)

    @app_commands.command(name=L("inbox"),
                          description=L("Your private letters of this game"))
    @app_commands.guild_only()
    async def inbox(self, interaction: discord.Interaction[Any]) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        letters = await press_service.inbox(bot.db, game_id=game.id,
                                            user_id=interaction.user.id)
        await press_service.remember_language(bot.db, game_id=game.id,
                                              user_id=interaction.user.id, language=locale)
        embed = discord.Embed(title=t("press.inbox.title", locale, name=game.name),
                              colour=COLOUR)
        if not letters:
            embed.description = t("press.inbox.empty", locale)
        for letter in letters[:INBOX_SHOWN]:
            text = letter.text if len(letter.text) <= 500 else letter.text[:499] + "…"
            embed.add_field(name=letter_heading(letter, locale, game.variant)[:256],
                            value=text, inline=False)
        if len(letters) > INBOX_SHOWN:
            embed.set_footer(text=t("press.inbox.more", locale,
                                    count=len(letters) - INBOX_SHOWN))
        await reply(interaction, embed=embed, ephemeral=True)
