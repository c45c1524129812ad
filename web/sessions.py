"""Who is who on the web board, without accounts: a personal link (``bot.board_links``)
opens a session kept in a cookie, one per game.

The cookie is signed with a key derived from the deployment's (itsdangerous), HttpOnly,
SameSite=Strict, Secure when the public URL is https. It names the game, the user and the
seat (the ``player`` row) it was opened for, and carries the session's CSRF token: every
write must send the same token back (a form field or the ``X-CSRF-Token`` header). The
cookie proves nothing about the present: each request checks the seat again, so the cookie
of a replaced player opens nothing."""

from __future__ import annotations

import hmac
import secrets
import time
from dataclasses import dataclass
from typing import Any

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from bot.sealing import Sealer

# a session lasts a game week; a new link opens a new one
SESSION_MAX_AGE = 7 * 24 * 3600
_SALT = "board-session"
CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf"


def cookie_name(game_id: int) -> str:
    """One cookie per game: a player of two games keeps both sessions."""
    return f"board_{int(game_id)}"


@dataclass(frozen=True)
class Session:
    game_id: int
    user_id: int
    player_id: int  # the seat the link was opened for (a replacement is another row)
    csrf: str
    lang: str


class SessionRefused(Exception):
    """``reason``: ``missing`` (no cookie for this game), ``expired`` or ``altered``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Sessions:
    """Makes and reads the session cookies of one deployment."""

    def __init__(self, sealer: Sealer, *, secure: bool, max_age: int = SESSION_MAX_AGE) -> None:
        self._serializer = URLSafeTimedSerializer(sealer.derived_key("board-session"),
                                                  salt=_SALT)
        self.secure = secure
        self.max_age = max_age
        self._verified: dict[str, tuple[Session, float]] = {}

    def new(self, *, game_id: int, user_id: int, player_id: int, lang: str) -> Session:
        return Session(game_id=game_id, user_id=user_id, player_id=player_id,
                       csrf=secrets.token_urlsafe(24), lang=lang)

    def dump(self, session: Session) -> str:
        return self._serializer.dumps([session.game_id, session.user_id, session.player_id,
                                       session.csrf, session.lang])

    def load(self, cookies: Any, game_id: int) -> Session:
        """The session of ``game_id`` from the request's cookies, or ``SessionRefused``. A
        cookie already verified is not verified again until it expires (a page polls)."""
        value = cookies.get(cookie_name(game_id))
        if not value:
            raise SessionRefused("missing")
        known = self._verified.get(value)
        if known is not None and known[1] > time.time() and known[0].game_id == game_id:
            return known[0]
        session, signed_at = self._verify(value, game_id)
        if len(self._verified) >= 4096:
            self._verified.clear()
        self._verified[value] = (session, signed_at + self.max_age)
        return session

    def _verify(self, value: str, game_id: int) -> tuple[Session, float]:
        try:
            data, signed = self._serializer.loads(value, max_age=self.max_age,
                                                  return_timestamp=True)
        except SignatureExpired as exc:
            raise SessionRefused("expired") from exc
        except (BadSignature, ValueError, TypeError) as exc:
            raise SessionRefused("altered") from exc
        if not (isinstance(data, list) and len(data) == 5
                and all(isinstance(x, int) for x in data[:3])
                and all(isinstance(x, str) for x in data[3:])):
            raise SessionRefused("altered")
        session = Session(*data)
        if session.game_id != game_id:  # a cookie copied under another game's name
            raise SessionRefused("altered")
        return session, signed.timestamp()

    def cookie_options(self) -> dict[str, Any]:
        return {"httponly": True, "samesite": "Strict", "secure": self.secure,
                "max_age": self.max_age, "path": "/"}


def csrf_ok(session: Session, sent: str | None) -> bool:
    return bool(sent) and hmac.compare_digest(session.csrf.encode(), str(sent).encode())
