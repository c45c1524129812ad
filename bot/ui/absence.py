"""How absences and reminder offsets read on Discord: days in the reader's convention, hours,
and the "away" line of ``/game status`` (who and until when — never the reason)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import language_of, t
from bot.services.absence import Away
from bot.services.common import GameView
from bot.ui.format import day_text, power_name


def hours_text(hours: Sequence[float], locale: Any) -> str:
    """(24.0, 1.5) -> "24 h, 1.5 h" ("1,5 h" in French)."""
    comma = language_of(locale) == "fr"

    def one(h: float) -> str:
        text = f"{h:g}"
        return (text.replace(".", ",") if comma else text) + " h"

    return ", ".join(one(h) for h in hours)


def add_away_field(embed: discord.Embed, away: Sequence[Away], locale: Any,
                   names: GameView | None = None) -> None:
    """``/game status``: the players away today, if any. ``names``: a gunboat game, whose
    players are never named — their powers are shown instead."""

    def who(user_id: int) -> str:
        if names is None:
            return f"<@{user_id}>"
        seat = names.player(user_id)
        powers = seat.powers if seat is not None else ()
        return ", ".join(power_name(p, locale, names.variant) for p in powers) or "—"

    if away:
        lines = [t("absence.status_line", locale, user=who(a.user_id),
                   ends=day_text(a.ends, locale)) for a in away]
        embed.add_field(name=t("absence.status_title", locale, count=len(away)),
                        value="\n".join(lines)[:1024], inline=False)
