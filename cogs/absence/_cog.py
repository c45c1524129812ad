"""``/absence set|clear|policy`` and ``/remind set|off|show``. Replies are ephemeral: an
absence's reason is the player's own (``bot.services.absence``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as L
from discord.ext import commands

from bot.i18n import babel_locale, t
from bot.models import utcnow
from bot.services import absence as absence_service
from bot.services import reminders as reminders_service
from bot.services.reminders import ReminderSettings
from bot.ui.absence import day_text, hours_text
from bot.ui.common import bot_of, game_here, reader_locale
from bot.ui.errors import reply
from bot.ui.format import deadline_text


def _reminders_text(s: ReminderSettings, locale: str) -> str:
    if not s.enabled:
        return t("remind.is_off", locale)
    if not s.hours:
        return t("remind.is_default", locale, hours=hours_text([s.default_hours], locale))
    text = t("remind.is_set", locale, hours=hours_text(s.hours, locale),
             only_missing="yes" if s.only_missing else "no")
    # an offset not shorter than a phase would fall before that phase opened: said at once
    if s.never_sent():
        text += "\n" + t("remind.never_sent", locale, hours=hours_text(s.never_sent(), locale),
                         longest=hours_text(s.phase_hours[-1:], locale))
    if s.sent_in_longer_phases():
        text += "\n" + t("remind.longer_phases_only", locale,
                         hours=hours_text(s.sent_in_longer_phases(), locale),
                         lengths=hours_text(sorted(s.phase_hours, reverse=True), locale))
    return text


@app_commands.guild_only()
class AbsenceCog(commands.Cog):
    # every answer is private and goes through reply: deferred if slow (GameTree)
    answers_privately = True

    absence = app_commands.Group(name=L("absence"), description=L(
        "Days away from the game (announced in advance)"), guild_only=True)
    remind = app_commands.Group(name=L("remind"), description=L(
        "Your reminders before each deadline"), guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @absence.command(name=L("set", key="absence.set"),
                     description=L("Announce days away (e.g. 2026-12-24 or 24/12)"))
    @app_commands.rename(starts=L("from"), ends=L("to"), reason=L("reason"))
    @app_commands.describe(starts=L("First day away (2026-12-24 or 24/12)"),
                           ends=L("Last day away (2026-12-31 or 31/12)"),
                           reason=L("Why (only you will see it)"))
    async def absence_set(self, interaction: discord.Interaction[Any], starts: str, ends: str,
                          reason: app_commands.Range[str, 0, 200] | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        view = await absence_service.set_absence(
            bot.db, game_id=game.id, user_id=interaction.user.id, starts=starts, ends=ends,
            reason=reason, now=utcnow())
        # days the reader's way: their client's locale (en-GB and en-US write them apart)
        lines = [t("absence.set_done", locale,
                   starts=day_text(view.starts, interaction.locale),
                   ends=day_text(view.ends, interaction.locale))]
        if view.policy == "replace":
            lines.append(t("absence.set_replace", locale))
        else:
            lines.append(t("absence.set_extend", locale, count=view.remaining,
                           deadline=deadline_text(view.deadline)))
        if view.reason:
            lines.append(t("absence.set_reason", locale, reason=view.reason))
        await reply(interaction, "\n".join(lines))
        await bot.post_now()

    @absence.command(name=L("clear", key="absence.clear"),
                     description=L("Withdraw your announced absences"))
    async def absence_clear(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        count = await absence_service.clear_absences(bot.db, game_id=game.id,
                                                     user_id=interaction.user.id,
                                                     now=utcnow())
        await reply(interaction, t("absence.cleared", reader_locale(interaction), count=count))

    @absence.command(name=L("policy"),
                     description=L("What an absence does in this game (the GM may change it)"))
    @app_commands.rename(mode=L("mode"), days=L("days"))
    @app_commands.describe(mode=L("Game master: extend deadlines or name a replacement"),
                           days=L("Game master: days of extension per player and game year"))
    @app_commands.choices(mode=[
        app_commands.Choice(name=L("extend the deadlines"), value="extend"),
        app_commands.Choice(name=L("a replacement named by the GM"), value="replace")])
    async def absence_policy(self, interaction: discord.Interaction[Any],
                             mode: str | None = None,
                             days: app_commands.Range[int, 0, 365] | None = None) -> None:
        bot, locale = bot_of(interaction), reader_locale(interaction)
        game = await game_here(interaction)
        if mode is not None or days is not None:
            await absence_service.set_policy(bot.db, game_id=game.id,
                                             user_id=interaction.user.id, policy=mode,
                                             days=days)
        policy = await absence_service.get_policy(bot.db, game_id=game.id,
                                                  user_id=interaction.user.id)
        text = t("absence.policy", locale, policy=policy.policy, count=policy.days)
        if policy.remaining is not None and policy.policy == "extend":
            text += "\n" + t("absence.remaining", locale, count=policy.remaining)
        await reply(interaction, text)

    @remind.command(name=L("set", key="remind.set"),
                    description=L("Hours before each deadline to be reminded (e.g. 24, 1.5)"))
    @app_commands.rename(hours=L("hours"), only_missing=L("only_missing"))
    @app_commands.describe(hours=L("Hours before the deadline, comma-separated (e.g. 24, 1.5)"),
                           only_missing=L("Only while your orders are missing"))
    async def remind_set(self, interaction: discord.Interaction[Any], hours: str,
                         only_missing: bool = False) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        settings = await reminders_service.set_reminders(
            bot.db, game_id=game.id, user_id=interaction.user.id, hours=hours,
            only_missing=only_missing, now=utcnow(),
            locale=babel_locale(interaction.locale))
        await reply(interaction, _reminders_text(settings, reader_locale(interaction)))

    @remind.command(name=L("off", key="remind.off"),
                    description=L("No more reminders in this game"))
    async def remind_off(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        settings = await reminders_service.reminders_off(
            bot.db, game_id=game.id, user_id=interaction.user.id, now=utcnow())
        await reply(interaction, _reminders_text(settings, reader_locale(interaction)))

    @remind.command(name=L("show"), description=L("Your reminders in this game"))
    async def remind_show(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await game_here(interaction)
        settings = await reminders_service.reminder_settings(
            bot.db, game_id=game.id, user_id=interaction.user.id)
        await reply(interaction, _reminders_text(settings, reader_locale(interaction)))
