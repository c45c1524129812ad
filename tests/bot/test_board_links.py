"""Signed board links: bound to a user and a game, expiring, refused when altered."""

import time

import pytest

from bot.board_links import BoardLinkRefused, board_link, board_token, read_board_token
from bot.sealing import Sealer


def test_a_link_reads_back_its_game_and_user() -> None:
    sealer = Sealer.ephemeral()
    token = board_token(sealer, game_id=7, user_id=2001)
    board = read_board_token(sealer, token)
    assert (board.game_id, board.user_id) == (7, 2001)
    assert board_link("https://d.example/", sealer, game_id=7, user_id=2001).startswith(
        "https://d.example/board/open?t=")


def test_an_altered_link_or_another_key_is_refused() -> None:
    sealer = Sealer.ephemeral()
    token = board_token(sealer, game_id=7, user_id=2001)
    forged = token[:-2] + ("A" if token[-2] != "A" else "B") + token[-1]
    for bad in (forged, "", "not-a-token", token.replace(".", "", 1)):
        with pytest.raises(BoardLinkRefused) as refused:
            read_board_token(sealer, bad)
        assert refused.value.reason == "altered"
    with pytest.raises(BoardLinkRefused):
        read_board_token(Sealer.ephemeral(), token)


def test_an_old_link_is_expired() -> None:
    sealer = Sealer.ephemeral()
    token = board_token(sealer, game_id=7, user_id=2001)
    time.sleep(1.1)
    with pytest.raises(BoardLinkRefused) as refused:
        read_board_token(sealer, token, max_age=0)
    assert refused.value.reason == "expired"
