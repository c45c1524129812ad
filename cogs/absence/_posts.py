"""The posts of absences: a deadline moved (the game channel: who and until when, never
why) and the game master asked to name a replacement (a DM to the game master)."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.outbox import PostMessage
from bot.services import games as games_service
from bot.services.press import names_hidden
from bot.ui.absence import day_text
from bot.ui.common import RefereeBot
from bot.ui.embeds import COLOUR
from bot.ui.format import deadline_text, power_name
from bot.ui.posts import Builder


async def _extended(bot: RefereeBot, post: PostMessage) -> None:
    p, loc = post.payload, post.locale
    target = post.thread_id or post.channel_id
    if target is None:
        return
    days = {"ends": day_text(str(p["ends"]), loc), "count": int(p["days"]),
            "deadline": deadline_text(p.get("deadline"))}
    game = await games_service.get_game(bot.db, game_id=post.game_id or 0)
    seat = game.player(int(p["user_id"]))
    if names_hidden(game):  # gunboat: the power, as /game status shows it, never the player
        powers = ", ".join(power_name(pw, loc, game.variant) for pw in
                           (seat.powers if seat else ())) or t("press.player", loc)
        text = t("absence.extended_post_power", loc, powers=powers, **days)
    else:
        text = t("absence.extended_post", loc, user=f"<@{p['user_id']}>", **days)
    await bot.get_partial_messageable(target).send(embed=discord.Embed(
        title=t("absence.extended_title", loc), description=text, colour=COLOUR))


async def _ask_gm(bot: RefereeBot, post: PostMessage) -> None:
    p, loc = post.payload, post.locale
    game = await games_service.get_game(bot.db, game_id=post.game_id or 0)
    powers = ", ".join(power_name(pw, loc, game.variant) for pw in p.get("powers", []))
    text = t("absence.replace_dm", loc, user=f"<@{p['player_id']}>", powers=powers or "—",
             starts=day_text(str(p["starts"]), loc), ends=day_text(str(p["ends"]), loc),
             name=game.name)
    channel = await bot.create_dm(discord.Object(id=int(p["user_id"])))  # type: ignore[arg-type]
    await channel.send(embed=discord.Embed(title=t("absence.replace_title", loc,
                                                   name=game.name),
                                           description=text, colour=COLOUR))


BUILDERS: dict[str, Builder] = {"absence_extended": _extended, "absence_replace": _ask_gm}
