"""Secrets at rest: sealed bids until the reveal, and draw votes, are unreadable to someone
who has only the database (docs/RULES.md §3.9; docs/PRIVACY.md).

One master key (``SECRET_KEY``, or a key file created once beside the data) gives two keys
by HKDF: an encryption key (Fernet: AES-128-CBC + HMAC-SHA256, from ``cryptography``) for
values the bot must read back, and a keyed hash (HMAC-SHA256) for names the bot only has to
recognise — who voted, without saying who."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def lasting_sealer(secret_key: str | None, key_file: str) -> Sealer:
    """The deployment's key: ``SECRET_KEY`` when set, else the key file (created once)."""
    if secret_key:
        return Sealer.from_text(secret_key)
    return Sealer.from_file(Path(key_file))


class SealError(ValueError):
    """A sealed value that this key cannot open (another key, or tampered data)."""


def _derive(master: bytes, purpose: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                info=b"diplomacy-referee/" + purpose).derive(master)


class Sealer:
    def __init__(self, master: bytes) -> None:
        if len(master) < 32:
            raise ValueError("the secret key must hold at least 32 bytes")
        self._fernet = Fernet(base64.urlsafe_b64encode(_derive(master, b"seal")))
        self._tag_key = _derive(master, b"tag")
        self._master = master

    def derived_key(self, purpose: str) -> bytes:
        """A key of its own for ``purpose`` (signed board links), from the same master key."""
        return _derive(self._master, purpose.encode())

    @classmethod
    def from_text(cls, text: str) -> Sealer:
        """A key as written in ``SECRET_KEY`` or the key file (URL-safe base64)."""
        text = text.strip()
        try:  # the padding is optional (secrets.token_urlsafe writes none)
            return cls(base64.urlsafe_b64decode((text + "=" * (-len(text) % 4)).encode()))
        except (ValueError, TypeError) as exc:
            raise ValueError("SECRET_KEY must be 32 bytes or more in URL-safe base64: "
                             "`python -m bot key` prints one") from exc

    @staticmethod
    def new_key() -> str:
        """A new master key as ``SECRET_KEY`` or the key file hold it."""
        return base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()

    @classmethod
    def ephemeral(cls) -> Sealer:
        """A key for this process only (tests, benchmarks): sealed rows die with it."""
        return cls(secrets.token_bytes(32))

    @classmethod
    def from_file(cls, path: Path) -> Sealer:
        """The key in ``path``, created (readable by its owner only) on first use."""
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as fh:
                fh.write(cls.new_key() + "\n")
        return cls.from_text(path.read_text(encoding="ascii"))

    def seal(self, value: Any) -> str:
        return self._fernet.encrypt(json.dumps(value, sort_keys=True).encode()).decode()

    def unseal(self, token: str) -> Any:
        try:
            return json.loads(self._fernet.decrypt(token.encode()))
        except (InvalidToken, ValueError) as exc:
            raise SealError("a sealed value cannot be opened with this key") from exc

    def tag(self, *parts: object) -> str:
        """A stable pseudonym of ``parts`` that only this key can recompute."""
        message = "\x1f".join(map(str, parts)).encode()
        return hmac.new(self._tag_key, message, hashlib.sha256).hexdigest()[:32]
