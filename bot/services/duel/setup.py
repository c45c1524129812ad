"""Sign-up with a ranked list of the seven countries and the start (docs/RULES.md §5.3)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.db import Database
from bot.models import GameStatus, Player, utcnow
from bot.services.common import (
    iso,
    load_game,
    load_players,
    require_gm,
    require_status,
    seated_player,
)
from bot.services.duel.common import (
    _both,
    _name,
    _notice,
    _require_duel,
    _year,
    refused,
    sync_powers,
)
from bot.services.errors import Conflict
from bot.services.games import StartResult, open_first_phase
from bot.services.players import join_game, set_preferences
from engine import wording
from engine.variants.duel import api as duel_api
from engine.variants.duel.countries import COUNTRIES
from engine.variants.duel.errors import DuelError
from engine.variants.duel.state import duel_from_json


# -- sign-up and start (rule 3) ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DuelJoin:
    game_id: int
    user_id: int
    preferences: tuple[str, ...]
    players: int  # seated players after this sign-up
    updated: bool  # an earlier list was replaced


async def join_duel(db: Database, *, game_id: int, user_id: int, preferences: str,
                    now: datetime | None = None) -> DuelJoin:
    """Sign up with a ranked list of the seven countries (rule 3), checked by the engine:
    every country once, best first (``FRA, ENG, GER, ITA, AUS, RUS, TUR``, French names
    too). Signing up again before the start replaces the list."""
    checked = duel_api.check_preferences(preferences or "")
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        _require_duel(game)
        require_status(game, GameStatus.SIGNUP)
        already = seated_player(await load_players(session, game_id), user_id) is not None
    if not checked["ok"]:
        raise refused(checked["error"])
    ranked = list(checked["preferences"])
    if already:
        await set_preferences(db, game_id=game_id, user_id=user_id, preferences=ranked)
    else:
        await join_game(db, game_id=game_id, user_id=user_id, preferences=ranked, now=now)
    async with db.transaction(write=False) as session:
        count = len(await load_players(session, game_id, seated_only=True))
    return DuelJoin(game_id=game_id, user_id=user_id, preferences=tuple(ranked),
                    players=count, updated=already)


def _choice_text(state: Mapping[str, Any], users: Sequence[int]) -> dict[str, str]:
    """How rule 3 decided, in both languages."""
    entry = next(h for h in state["duel"]["history"] if h["kind"] == "countries")
    countries = entry["countries"]
    lines = {"en": [], "fr": []}  # type: dict[str, list[str]]
    for uid in users:
        for lang in ("en", "fr"):
            lines[lang].append(f"<@{uid}> — {_name(countries[str(uid)], lang)}")
    if entry["drawn"]:
        why = _both("Identical lists: lots were drawn; <@{w}> won and takes their first "
                    "choice, the other player their second (rules §5.3).",
                    "Listes identiques : tirage au sort gagné par <@{w}>, qui prend son "
                    "premier choix ; l'autre joueur prend son deuxième (règles §5.3).",
                    w=entry["lot_winner"])
    elif entry["rank"] == 1:
        why = _both("Different first choices: each player gets theirs (rules §5.3).",
                    "Premiers choix différents : chacun obtient le sien (règles §5.3).")
    else:
        why = _both("The lists first differ at rank {r}: each player gets their choice of "
                    "that rank (rules §5.3).",
                    "Les listes diffèrent d'abord au rang {r} : chacun obtient son choix de "
                    "ce rang (règles §5.3).", r=entry["rank"])
    return {lang: "\n".join([*lines[lang], why[lang]]) for lang in ("en", "fr")}


def _credits_line(state: Mapping[str, Any], lang: str) -> str:
    seats = sorted(duel_from_json(state).players.values(),
                   key=lambda seat: COUNTRIES.index(seat.country))
    parts = [f"{_name(seat.country, lang)} {seat.credits}" for seat in seats]
    return ("Crédits : " if lang == "fr" else "Credits: ") + ", ".join(parts)


def _bidding_open_text(state: Mapping[str, Any], deadline: datetime | None) -> dict[str, str]:
    minors = duel_from_json(state).minors
    when = f"<t:{int(deadline.timestamp())}:f>" if deadline else "—"
    return _both("Bidding season {year}: sealed bids for {minors} with `/bid` (e.g. `{ex}`), "
                 "until {when}. {credits}.",
                 "Saison des enchères {year} : offres secrètes pour {minors} avec `/enchérir` "
                 "(par ex. `{ex}`), jusqu'au {when}. {credits}.",
                 year=_year(str(state["phase"])),
                 minors=lambda lang: ", ".join(  # "pour l'Angleterre, la Russie"
                     wording.power("classic", m, _name(m, lang), lang).the for m in minors),
                 ex=lambda lang: f"{_name(minors[0], lang)} 5, {_name(minors[1], lang)} 3",
                 when=when, credits=lambda lang: _credits_line(state, lang))


async def start_duel(db: Database, *, game_id: int, user_id: int, seed: int | None = None,
                     now: datetime | None = None) -> StartResult:
    """GM starts the duel: each player's country from the two ranked lists (rule 3; lots
    drawn with ``seed`` when the lists are identical, so the draw can be re-run), starting
    credits (rule 5), and the first bidding season ``S1901B`` opens with its deadline."""
    now = now or utcnow()
    seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        require_gm(game, user_id)
        _require_duel(game)
        require_status(game, GameStatus.SIGNUP)
        players = await load_players(session, game_id, seated_only=True)
        if len(players) != 2:
            raise Conflict("duel.two_players", count=len(players))
        for p in players:
            if sorted(p.preferences) != sorted(COUNTRIES):
                raise Conflict("duel.no_preferences", user=f"<@{p.user_id}>")
        a, b = players
        try:
            state = duel_api.new_duel_state(
                str(a.user_id), list(a.preferences), str(b.user_id), list(b.preferences), seed,
                options={"bids_accumulate": bool(game.options.get("bids_accumulate"))})
        except DuelError as err:
            raise refused(err.to_json()) from None
        sync_powers(players, state)
        for seat, p in enumerate(sorted(players, key=lambda p: COUNTRIES.index(p.powers[0]))):
            p.seat = seat
        game.options = {**game.options, "assignment_seed": seed, "neutral": []}

        def notice(ordered: list[Player]) -> list[tuple[str, dict[str, Any]]]:
            choice = _choice_text(state, [p.user_id for p in ordered])
            bidding = _bidding_open_text(state, game.deadline)
            return [("duel_notice", _notice(
                "started", _both("Countries of the duel", "Pays du duel"),
                {lang: f"{choice[lang]}\n\n{bidding[lang]}" for lang in ("en", "fr")},
                phase=game.phase, deadline=iso(game.deadline), seed=seed))]

        result = await open_first_phase(session, game, players, state, seed=seed,
                                        neutral=[], now=now, then=notice)
    db.notify_deadlines()
    return result
