"""Personal links to the web board: signed with the deployment's key, bound to one user and
one game, and short-lived. A link only opens a session (the web layer's cookie); who may see
or order what is decided again on every request from the seats as they are then."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from bot.sealing import Sealer

# a link is opened right after it is given (an ephemeral button, a DM of this phase)
LINK_MAX_AGE = 3600
_SALT = "board-link"


class BoardLinkRefused(Exception):
    """A link that opens nothing: ``reason`` is ``expired`` or ``altered``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class BoardPass:
    game_id: int
    user_id: int


def _serializer(sealer: Sealer) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(sealer.derived_key("board-link"), salt=_SALT)


def board_token(sealer: Sealer, *, game_id: int, user_id: int) -> str:
    return _serializer(sealer).dumps([int(game_id), int(user_id)])


def board_link(base_url: str, sealer: Sealer, *, game_id: int, user_id: int) -> str:
    """``WEB_URL/board/open?t=…`` for this user in this game."""
    token = board_token(sealer, game_id=game_id, user_id=user_id)
    return f"{base_url.rstrip('/')}/board/open?t={quote(token)}"


def read_board_token(sealer: Sealer, token: str, *, max_age: int = LINK_MAX_AGE) -> BoardPass:
    """The game and user a link was made for, or :class:`BoardLinkRefused`."""
    try:
        game_id, user_id = _serializer(sealer).loads(token, max_age=max_age)
    except SignatureExpired as exc:
        raise BoardLinkRefused("expired") from exc
    except (BadSignature, ValueError, TypeError) as exc:
        raise BoardLinkRefused("altered") from exc
    if not (isinstance(game_id, int) and isinstance(user_id, int)):
        raise BoardLinkRefused("altered")
    return BoardPass(game_id=game_id, user_id=user_id)
