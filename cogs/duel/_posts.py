"""The duel's own post (kind ``duel_notice``, written by ``bot.services.duel`` in both
languages: ``text_en``/``text_fr``, ``title_en``/``title_fr``), registered with the poster by
the extension's ``setup``."""

from __future__ import annotations

from bot.i18n import typography
from bot.outbox import PostMessage
from bot.services import games as games_service
from bot.ui.common import RefereeBot
from bot.ui.posts import Builder, to_game


async def notice(bot: RefereeBot, post: PostMessage) -> None:
    p = post.payload
    lang = "fr" if str(post.locale).startswith("fr") else "en"
    name = ""
    if post.game_id is not None:
        name = (await games_service.get_game(bot.db, game_id=post.game_id)).name
    # written by the service: French typography (narrow no-break spaces) put here
    await to_game(bot, post, typography(p.get(f"title_{lang}") or name, lang),
                  typography(p.get(f"text_{lang}") or "", lang))


BUILDERS: dict[str, Builder] = {"duel_notice": notice}
