"""What every duel use case shares: names, bilingual notices, who commands what."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from bot.models import Game, GameStatus, Player
from bot.services.common import load_players, require_status, seated_player
from bot.services.errors import Conflict, Forbidden, RuleRefused
from engine.variants.duel.countries import country_name
from engine.variants.duel.state import duel_from_json
from engine.variants.duel.state import is_bidding as is_bidding

VARIANT = "duel"


def refused(error: Mapping[str, Any]) -> RuleRefused:
    """The engine's JSON refusal of a duel action, as the one rule-error type."""
    return RuleRefused.from_json(VARIANT, error)


# -- small bilingual texts of the posts (the reveal itself is engine.variants.duel.format_bidding) ------
def _name(country: str, locale: str) -> str:
    return country_name(country).pick(locale)


def _both(en: str, fr: str, **params: Any) -> dict[str, str]:
    def fill(template: str, locale: str) -> str:
        values = {k: v(locale) if callable(v) else v for k, v in params.items()}
        return template.format(**values)

    return {"en": fill(en, "en"), "fr": fill(fr, "fr")}


def _notice(event: str, title: dict[str, str], text: dict[str, str],
            **extra: Any) -> dict[str, Any]:
    return {"event": event, "title_en": title["en"], "title_fr": title["fr"],
            "text_en": text["en"], "text_fr": text["fr"], **extra}


def _year(phase: str) -> str:
    return phase[1:-1]


def is_duel(state: Mapping[str, Any] | None) -> bool:
    return bool(state) and (state or {}).get("variant") == VARIANT and "duel" in (state or {})


# -- pure helpers for the other services and the renderer ----------------------------------------
def commanded(state: Mapping[str, Any]) -> dict[int, list[str]]:
    """User id -> the powers that player commands now (own country, then controlled minors):
    what ``Player.powers`` must say. Between a Winter and the reveal nobody holds a minor."""
    duel = duel_from_json(state)
    return {int(pid): duel.commanded(pid) for pid in duel.players}


def sync_powers(players: Sequence[Player], state: Mapping[str, Any]) -> None:
    """Write ``Player.powers`` from the duel STATE (rule 4: control lasts one year)."""
    powers = commanded(state)
    for p in players:
        if p.user_id in powers:
            p.powers = powers[p.user_id]


def _require_duel(game: Game) -> None:
    if game.variant != VARIANT:
        raise Conflict("duel.not_duel", variant=game.variant)


async def _duel_seat(session: AsyncSession, game: Game, user_id: int
                        ) -> tuple[Player, str, dict[str, Any]]:
    _require_duel(game)
    require_status(game, GameStatus.ACTIVE, GameStatus.PAUSED)
    player = seated_player(await load_players(session, game.id or 0), user_id)
    if player is None:
        raise Forbidden("player.not_in_game", user_id=user_id)
    state = dict(game.state or {})
    return player, str(user_id), state


def _own_country(state: Mapping[str, Any], pid: str) -> str:
    return duel_from_json(state).players[pid].country
