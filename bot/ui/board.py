"""The web board from Discord: the "Open the map" link a reader is given.

A seated player gets a personal link (``bot.board_links``: signed for that user and that game,
short-lived), anyone else the public page of the game. A link is made for the one who asked,
at the moment they ask: a DM of the turn carries a button that makes one when pressed, never
a link itself (a DM outlives a link). Without ``WEB_URL`` there is no board: no button."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord

from bot.board_links import board_link
from bot.i18n import t
from bot.services import games as games_service
from bot.services.common import GameView
from bot.ui.common import RefereeBot, bot_of, reader_locale
from bot.ui.errors import UserFacingError, guard, reply


def board_enabled(bot: RefereeBot) -> bool:
    return bool(bot.settings.web_url)


def board_url(bot: RefereeBot, game: GameView, user_id: int) -> str | None:
    """The reader's link to the board of ``game``: personal for a seated player, the public
    page for anyone else; None when the board is off."""
    base = bot.settings.web_url
    if not base:
        return None
    if game.player(user_id) is not None:
        return board_link(base, bot.db.sealer, game_id=game.id, user_id=user_id)
    return f"{base.rstrip('/')}/g/{game.id}"


def board_reply(bot: RefereeBot, game: GameView, user_id: int, locale: str
                ) -> tuple[str, discord.ui.View]:
    """The text and the link button of an answer that opens the board, or
    ``board.not_enabled`` (a :class:`UserFacingError`)."""
    url = board_url(bot, game, user_id)
    if url is None:
        raise UserFacingError("board.not_enabled")
    seated = game.player(user_id) is not None
    text = t("board.personal" if seated else "board.public", locale, name=game.name)
    return text, link_view(url, locale)


def link_view(url: str, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=t("board.open", locale), url=url,
                                    style=discord.ButtonStyle.link))
    return view


def add_board_button(bot: RefereeBot, view: discord.ui.View, game_id: int,
                     locale: str) -> None:
    """Adds the DM's "Open the map" button to ``view`` when the board is on and the view
    has room left (Discord's five rows)."""
    if not board_enabled(bot):
        return
    # a full prompt keeps its choices; /game board still opens the map
    with contextlib.suppress(ValueError):
        view.add_item(BoardButton(game_id, label=t("board.open", locale)))


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"dip:board:(?P<game>\d+)"):
    """Pressed: an ephemeral answer with the presser's own link, made now."""

    def __init__(self, game_id: int, label: str = "Open the map") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"dip:board:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> BoardButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guard(interaction, self._open(interaction))

    async def _open(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        game = await games_service.get_game(bot.db, game_id=self.game_id)
        text, view = board_reply(bot, game, interaction.user.id, reader_locale(interaction))
        await reply(interaction, text, view=view, ephemeral=True)
