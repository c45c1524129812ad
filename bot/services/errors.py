"""Domain errors of the services. Each carries a stable ``code`` and ``params``; the Discord layer
translates them (``bot/i18n`` catalogues: one message per code, in French and English) and
never shows the exception text itself.

Codes (params in brackets):
- game.not_found [game_id] · game.no_game_here [channel_id] · game.channel_busy [game_id]
- game.wrong_status [status, expected] · game.not_gm [user_id] · game.variant_unsupported
  [variant, operation] · game.stale [expected_phase, phase, expected_version, version]
- game.not_due [deadline] · game.lease_held [owner]
- options.unknown [key] · options.invalid [key, value] · phase_length.invalid [key, value]
- player.not_in_game [user_id] · player.already_joined [user_id] · player.game_full [max]
- player.not_enough [count, min] · player.too_many [count, max] · player.not_active [status]
- player.power_required [powers] · player.not_your_power [power]
- player.preference_unknown [name] · player.preference_ambiguous [name, candidates]
- orders.no_choice [power, phase] · orders.rejected [power, phase, lines]
- draw.already_open · draw.none_open · draw.not_a_voter [user_id]
- history.not_found [seq] · rollback.not_found [seq]
- absence.bad_date [value] · absence.ends_before [starts, ends] · absence.past [ends]
- absence.too_long [count, max] · absence.overlaps [starts, ends] · absence.none [user_id]
- remind.bad_hours [value]
- rule.<variant>.<code> [the engine's params]: a refusal by the rules (``RuleRefused``)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import RuleError


class ServiceError(Exception):
    """Base of every domain error: ``code`` names the situation, ``params`` fill the message."""

    default_code = "error"

    def __init__(self, code: str | None = None, **params: Any) -> None:
        self.code = code or self.default_code
        self.params = params
        super().__init__(f"{self.code} {params}" if params else self.code)


class NotFound(ServiceError):
    default_code = "not_found"


class Forbidden(ServiceError):
    default_code = "forbidden"


class Conflict(ServiceError):
    """The request is valid but the game is not in a state that allows it."""

    default_code = "conflict"


class Invalid(ServiceError):
    """The request itself is malformed (options, lengths, names)."""

    default_code = "invalid"


class Stale(Conflict):
    """The phase or version changed since the caller looked: someone else acted first."""

    default_code = "game.stale"


class OrdersRejected(Invalid):
    """At least one line was refused; nothing was stored. ``params["lines"]`` holds every line
    as the engine checked it (text, ok, normalized, error with message_en/message_fr)."""

    default_code = "orders.rejected"


class RuleRefused(Invalid):
    """The rules of the game refused the request (the engine's ``RuleError``). One type for
    every variant: ``code`` is ``rule.<variant>.<engine code>`` and its text lives in the
    catalogues under ``error.rule.<variant>.<engine code>``; ``params`` are the engine's."""

    default_code = "rule.refused"

    @classmethod
    def from_error(cls, error: RuleError) -> RuleRefused:
        return cls(f"rule.{error.variant}.{error.code}", **error.params)

    @classmethod
    def from_json(cls, variant: str, error: Mapping[str, Any]) -> RuleRefused:
        """From the engine's JSON answer ``{"code", "params", ...}``."""
        return cls(f"rule.{variant}.{error.get('code')}", **dict(error.get("params") or {}))
