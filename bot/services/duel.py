"""Duel-Diplomatie use cases (seed 001; RULES.md "Duel-Diplomatie"; issue 6): sign-up with a
ranked list of the seven countries, the start (country choice, rule 3, with an explicit seed),
sealed bids stored in the ``Bid`` table, the reveal (one transaction, like an adjudication),
and stalemate claims (rule 10).

Who commands what: a player's ``Player.powers`` is their own country followed by the minors
they won for the year (``engine.variants.duel.api.commanded_powers``), written at each reveal. So the
classic order services (``bot.services.orders``) let a player order for exactly those powers;
the duel STATE (``state["duel"]``) stays the authority and is what this module reads.

Player ids in the duel STATE are Discord user ids written as strings.

Posts: besides the kinds the classic poster knows (``game_started``, ``game_over``), this
module queues ``duel_notice`` rows whose payload carries the text in both languages
(``title_en``/``title_fr``/``text_en``/``text_fr``; the reveal's text is the engine's
``format_bidding``), and an ``event`` naming what happened.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, delete, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot.db import Database
from bot.models import Bid, Game, GameStatus, OrderSet, PhaseRecord, Player, utcnow
from bot.services.common import (
    enqueue,
    game_view,
    iso,
    load_game,
    load_players,
    require_gm,
    require_status,
    schedule_phase,
    seated_player,
    set_deadline,
    touch,
)
from bot.services.errors import Conflict, Forbidden, Invalid, NotFound, Stale
from bot.services.games import StartResult
from bot.services.players import join_game, set_preferences
from bot.services.turns import TurnOutcome
from engine import api as engine_api
from engine import variants
from engine.variants.duel import api as duel_api
from engine.variants.duel.countries import COUNTRIES, country_name, minors_of
from engine.variants.duel.errors import DuelError

VARIANT = "duel"


class DuelRefused(Invalid):
    """The engine refused a duel action; ``params`` carry its code and both messages
    (catalogue key ``error.duel.refused`` shows the one of the reader's language)."""

    default_code = "duel.refused"

    @classmethod
    def from_engine(cls, error: Mapping[str, Any]) -> DuelRefused:
        return cls(engine_code=str(error.get("code")), message_en=str(error.get("message_en")),
                   message_fr=str(error.get("message_fr")))


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


def is_bidding(phase: str | None) -> bool:
    """``S1901B``: a bidding season (rule 8)."""
    return bool(phase) and str(phase).upper().endswith("B")


# -- pure helpers for the other services and the renderer ----------------------------------------
def commanded(state: Mapping[str, Any]) -> dict[int, list[str]]:
    """User id -> the powers that player commands now (own country, then controlled minors):
    what ``Player.powers`` must say. Between a Winter and the reveal nobody holds a minor."""
    return {int(pid): duel_api.commanded_powers(dict(state), pid)
            for pid in state["duel"]["players"]}


def sync_powers(players: Sequence[Player], state: Mapping[str, Any]) -> None:
    """Write ``Player.powers`` from the duel STATE (rule 4: control lasts one year)."""
    powers = commanded(state)
    for p in players:
        if p.user_id in powers:
            p.powers = powers[p.user_id]


def duel_result(state: Mapping[str, Any]) -> dict[str, Any] | None:
    return variants.get(VARIANT).end_of_game(state)


# -- sign-up and start (rule 3) ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DuelJoin:
    game_id: int
    user_id: int
    preferences: tuple[str, ...]
    players: int  # seated players after this sign-up
    updated: bool  # an earlier list was replaced


def _require_duel(game: Game) -> None:
    if game.variant != VARIANT:
        raise Conflict("duel.not_duel", variant=game.variant)


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
        raise DuelRefused.from_engine(checked["error"])
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
                    "choice, the other player their second (rule 3).",
                    "Listes identiques : tirage au sort gagné par <@{w}>, qui prend son "
                    "premier choix ; l'autre joueur prend son deuxième (règle 3).",
                    w=entry["lot_winner"])
    elif entry["rank"] == 1:
        why = _both("Different first choices: each player gets theirs (rule 3).",
                    "Premiers choix différents : chacun obtient le sien (règle 3).")
    else:
        why = _both("The lists first differ at rank {r}: each player gets their choice of "
                    "that rank (rule 3).",
                    "Les listes diffèrent d'abord au rang {r} : chacun obtient son choix de "
                    "ce rang (règle 3).", r=entry["rank"])
    return {lang: "\n".join([*lines[lang], why[lang]]) for lang in ("en", "fr")}


def _credits_line(state: Mapping[str, Any], lang: str) -> str:
    duel = state["duel"]
    parts = [f"{_name(info['country'], lang)} {info['credits']}"
             for _p, info in sorted(duel["players"].items(),
                                    key=lambda kv: COUNTRIES.index(kv[1]["country"]))]
    return ("Crédits : " if lang == "fr" else "Credits: ") + ", ".join(parts)


def _bidding_open_text(state: Mapping[str, Any], deadline: datetime | None) -> dict[str, str]:
    minors = minors_of(info["country"] for info in state["duel"]["players"].values())
    when = f"<t:{int(deadline.timestamp())}:f>" if deadline else "—"
    return _both("Bidding season {year}: sealed bids for {minors} with `/bid` (e.g. `{ex}`), "
                 "until {when}. {credits}.",
                 "Saison des enchères {year} : offres secrètes pour {minors} avec `/bid` "
                 "(par ex. `{ex}`), jusqu'au {when}. {credits}.",
                 year=_year(str(state["phase"])),
                 minors=lambda lang: ", ".join(_name(m, lang) for m in minors),
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
            raise DuelRefused.from_engine(err.to_json()) from None
        sync_powers(players, state)
        for seat, p in enumerate(sorted(players, key=lambda p: COUNTRIES.index(p.powers[0]))):
            p.seat = seat
        game.options = {**game.options, "assignment_seed": seed, "neutral": []}
        game.state = state
        game.phase = str(state["phase"])
        game.status = GameStatus.ACTIVE.value
        touch(game, now)
        schedule_phase(game, now)
        ordered = sorted(players, key=lambda p: p.seat or 0)
        seats = tuple((p.user_id, tuple(p.powers)) for p in ordered)
        enqueue(session, game, "game_started", {
            "phase": game.phase, "deadline": iso(game.deadline), "seed": seed, "neutral": [],
            "seats": [{"user_id": u, "powers": list(pw)} for u, pw in seats],
            "map": {"source": "game"}}, now)
        choice = _choice_text(state, [p.user_id for p in ordered])
        bidding = _bidding_open_text(state, game.deadline)
        enqueue(session, game, "duel_notice", _notice(
            "started", _both("Countries of the duel", "Pays du duel"),
            {lang: f"{choice[lang]}\n\n{bidding[lang]}" for lang in ("en", "fr")},
            phase=game.phase, deadline=iso(game.deadline), seed=seed), now)
        view = game_view(game, players)
    db.notify_deadlines()
    return StartResult(game=view, seed=seed, seats=seats)


# -- sealed bids (rules 4-7) ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BidsView:
    """One player's own bids of the current season: never the other player's."""

    game_id: int
    phase: str
    country: str
    credits: int
    minors: tuple[str, ...]
    amounts: dict[str, int] | None  # None: no bid sent yet (counts as 0 everywhere)
    ready: bool
    deadline: datetime | None
    revealed: TurnOutcome | None = None  # both were ready: the season was resolved at once

    @property
    def total(self) -> int:
        return sum((self.amounts or {}).values())


def _bid_text(amounts: Mapping[str, int]) -> str:
    """``{"austria": 5, "italy": 3}`` -> ``AUS 5, ITA 3`` (what the history records)."""
    abbrev = {"england": "ENG", "france": "FRA", "germany": "GER", "italy": "ITA",
              "austria": "AUS", "russia": "RUS", "turkey": "TUR"}
    return ", ".join(f"{abbrev[m]} {v}" for m, v in amounts.items())


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
    return str(state["duel"]["players"][pid]["country"])


async def _bid_row(session: AsyncSession, game_id: int, season: str, country: str
                   ) -> Bid | None:
    return (await session.exec(select(Bid).where(
        Bid.game_id == game_id, Bid.season == season, Bid.bidder == country))).first()


def _view(game: Game, state: Mapping[str, Any], pid: str, row: Bid | None,
          revealed: TurnOutcome | None = None) -> BidsView:
    country = _own_country(state, pid)
    duel = state["duel"]
    other = next(info["country"] for p, info in duel["players"].items() if p != pid)
    return BidsView(game_id=game.id or 0, phase=str(game.phase), country=country,
                    credits=int(duel["players"][pid]["credits"]),
                    minors=minors_of((country, other)),
                    amounts={k: int(v) for k, v in row.amounts.items()} if row else None,
                    ready=bool(row.ready) if row else False, deadline=game.deadline,
                    revealed=revealed)


async def submit_bids(db: Database, *, game_id: int, user_id: int, text: str,
                      ready: bool | None = None, now: datetime | None = None) -> BidsView:
    """Store the caller's sealed bids for this season, replacing earlier ones (changeable
    until the deadline). The engine refuses, at entry, an over-budget total, a bid on one's
    own or the opponent's country, negative, fractional or unreadable bids, outside a
    bidding season. ``ready``: done; when both players are, the bids are revealed at once."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        _player, pid, state = await _duel_seat(session, game, user_id)
        checked = duel_api.check_bids(state, pid, text)
        if not checked["ok"]:
            raise DuelRefused.from_engine(checked["error"])
        if game.deadline is not None and game.deadline <= now:
            raise Conflict("duel.deadline_passed")
        season = _year(str(game.phase))
        country = _own_country(state, pid)
        row = await _bid_row(session, game_id, season, country)
        amounts = {m: int(v) for m, v in checked["bids"].items()}
        if row is None:
            row = Bid(game_id=game_id, season=season, bidder=country)
            session.add(row)
        row.amounts = amounts
        row.ready = bool(ready)  # new bids are not "ready" unless said again
        row.updated_at = now
        await session.flush()
        view = _view(game, state, pid, row)
    if ready:
        outcome = await reveal_if_ready(db, game_id=game_id, now=now)
        if outcome is not None:
            return BidsView(**{**_fields(view), "revealed": outcome})
    return view


def _fields(view: BidsView) -> dict[str, Any]:
    return {f: getattr(view, f) for f in BidsView.__dataclass_fields__}


async def my_bids(db: Database, *, game_id: int, user_id: int) -> BidsView:
    """The caller's own bids of the current season (sealed: only to their author)."""
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        _player, pid, state = await _duel_seat(session, game, user_id)
        if not is_bidding(game.phase):
            return _view(game, state, pid, None)
        row = await _bid_row(session, game_id, _year(str(game.phase)), _own_country(state, pid))
        return _view(game, state, pid, row)


async def set_bids_ready(db: Database, *, game_id: int, user_id: int, ready: bool = True,
                         now: datetime | None = None) -> BidsView:
    """Say one's bids are final (or not); with no bid sent, ready means "nothing". When both
    players are ready the season is revealed at once."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        _player, pid, state = await _duel_seat(session, game, user_id)
        if not is_bidding(game.phase):
            raise DuelRefused.from_engine(duel_api.check_bids(state, pid, "")["error"])
        season, country = _year(str(game.phase)), _own_country(state, pid)
        row = await _bid_row(session, game_id, season, country)
        if row is None:
            row = Bid(game_id=game_id, season=season, bidder=country, amounts={})
            session.add(row)
        row.ready = ready
        row.updated_at = now
        await session.flush()
        view = _view(game, state, pid, row)
    if ready:
        outcome = await reveal_if_ready(db, game_id=game_id, now=now)
        if outcome is not None:
            return BidsView(**{**_fields(view), "revealed": outcome})
    return view


@dataclass(frozen=True, slots=True)
class BidProgress:
    """Public: who has bid and who is ready — never how much."""

    phase: str
    submitted: tuple[str, ...]  # countries
    ready: tuple[str, ...]


async def bid_progress(db: Database, *, game_id: int) -> BidProgress:
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        rows = (await session.exec(select(Bid).where(
            Bid.game_id == game_id, Bid.season == _year(str(game.phase or "S0000B"))))).all() \
            if is_bidding(game.phase) else []
        return BidProgress(phase=str(game.phase),
                           submitted=tuple(sorted(r.bidder for r in rows if r.amounts)),
                           ready=tuple(sorted(r.bidder for r in rows if r.ready)))


# -- the reveal: one transaction, like an adjudication (DESIGN.md "Persistence") ---------------
async def reveal_bids(db: Database, *, game_id: int, expected_phase: str | None = None,
                      expected_version: int | None = None, trigger: str = "gm",
                      user_id: int | None = None, lease_owner: str | None = None,
                      now: datetime | None = None) -> TurnOutcome:
    """Reveal the season's bids and open Spring movement (rules 4-7): lock the game, check
    phase and version, run the engine's bidding, write the new state (balances, control),
    a ``PhaseRecord`` with both players' bids, ``Player.powers`` for the year, the public
    reveal post (both bids, penalties, winners, new balances; with the map), bump the
    version, set the Spring deadline. Same keywords and result as
    ``turns.adjudicate_phase``: ``trigger`` "deadline" | "ready" | "gm"."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        if (expected_phase is not None and game.phase != expected_phase) \
                or (expected_version is not None and game.version != expected_version):
            raise Stale(expected_phase=expected_phase, phase=game.phase,
                        expected_version=expected_version, version=game.version)
        _require_duel(game)
        require_status(game, GameStatus.ACTIVE)
        phase = str(game.phase)
        if not is_bidding(phase):
            raise Conflict("duel.not_bidding", phase=phase)
        season = _year(phase)
        rows = list((await session.exec(select(Bid).where(
            Bid.game_id == game_id, Bid.season == season))).all())
        state = dict(game.state or {})
        pids = {info["country"]: pid for pid, info in state["duel"]["players"].items()}
        if trigger == "deadline":
            if game.deadline is None or game.deadline > now:
                raise Conflict("game.not_due", deadline=iso(game.deadline))
            if lease_owner is not None and game.lease_owner not in (None, lease_owner) \
                    and game.lease_until is not None and game.lease_until > now:
                raise Conflict("game.lease_held", owner=game.lease_owner)
        elif trigger == "ready":
            if {r.bidder for r in rows if r.ready} != set(pids):
                raise Conflict("game.not_due", deadline=iso(game.deadline))
        else:
            require_gm(game, user_id if user_id is not None else -1)

        bids = {pids[r.bidder]: dict(r.amounts) for r in rows
                if r.bidder in pids and r.amounts}
        try:
            response = engine_api.adjudicate({"state": state, "orders": [], "bids": bids})
        except DuelError as err:
            raise DuelRefused.from_engine(err.to_json()) from None
        new_state, bidding = response["state"], response["bidding"]

        seq = int((await session.exec(select(func.max(PhaseRecord.seq)).where(
            PhaseRecord.game_id == game_id))).one() or 0) + 1
        session.add(PhaseRecord(
            game_id=game_id, seq=seq, phase=phase, state=state,
            orders=[{"power": r.bidder, "text": _bid_text(r.amounts), "bids": dict(r.amounts),
                     "ready": r.ready} for r in rows if r.bidder in pids],
            results=[], next_phase=str(new_state["phase"]), started_at=game.updated_at,
            resolved_at=now))
        await session.exec(delete(OrderSet).where(  # type: ignore[call-overload]
            col(OrderSet.game_id) == game_id, col(OrderSet.phase) == phase))
        players = await load_players(session, game_id)
        sync_powers(players, new_state)

        game.state = new_state
        game.phase = str(new_state["phase"])
        touch(game, now)
        game.lease_owner = None
        game.lease_until = None
        schedule_phase(game, now)
        enqueue(session, game, "duel_notice", _reveal_notice(
            new_state, bidding, phase, seq, game.deadline), now)
        outcome = TurnOutcome(game_id=game_id, phase=phase, next_phase=game.phase,
                              version=game.version, record_seq=seq, finished=False,
                              result=None, deadline=game.deadline, new_civil_disorder=())
    db.notify_deadlines()
    return outcome


def _reveal_notice(state: Mapping[str, Any], bidding: dict[str, Any], phase: str, seq: int,
                   deadline: datetime | None) -> dict[str, Any]:
    countries = {str(p): info["country"] for p, info in state["duel"]["players"].items()}
    text = {}
    for lang in ("en", "fr"):
        names = {p: _name(c, lang) for p, c in countries.items()}
        body = duel_api.format_bidding(bidding, lang, names)
        when = f"<t:{int(deadline.timestamp())}:f>" if deadline else "—"
        body += ("\n\nOrdres du printemps jusqu'au " if lang == "fr"
                 else "\n\nSpring orders until ") + when + "."
        text[lang] = body
    return _notice("bidding", _both("Bids revealed — {y}", "Enchères révélées — {y}",
                                    y=_year(phase)), text,
                   phase=phase, next_phase=state["phase"], seq=seq, deadline=iso(deadline),
                   bidding=bidding, map={"source": "game"})


async def reveal_if_ready(db: Database, *, game_id: int, now: datetime | None = None
                          ) -> TurnOutcome | None:
    """Reveal early when both players are ready; None when not (or already revealed)."""
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        if game.status != GameStatus.ACTIVE.value or not is_bidding(game.phase):
            return None
        phase, version = game.phase, game.version
    try:
        return await reveal_bids(db, game_id=game_id, expected_phase=phase,
                                 expected_version=version, trigger="ready", now=now)
    except (Stale, Conflict):
        return None


async def resolve_phase(db: Database, *, game_id: int, expected_phase: str | None = None,
                        **kwargs: Any) -> TurnOutcome:
    """The one entry point for a duel's deadline or GM: a bidding season is revealed here,
    any other phase goes to ``turns.adjudicate_phase``."""
    from bot.services.turns import adjudicate_phase

    phase = expected_phase
    if phase is None:
        async with db.transaction(write=False) as session:
            phase = (await load_game(session, game_id)).phase
    if is_bidding(phase):
        return await reveal_bids(db, game_id=game_id, expected_phase=expected_phase, **kwargs)
    return await adjudicate_phase(db, game_id=game_id, expected_phase=expected_phase, **kwargs)


# -- stalemate (rule 10) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StalemateOutcome:
    game_id: int
    claimed_by: int | None
    finished: bool
    result: dict[str, Any] | None


async def claim_stalemate(db: Database, *, game_id: int, user_id: int,
                          now: datetime | None = None) -> StalemateOutcome:
    """A player claims a stalemate (allowed once every minor is eliminated); the other
    player or the GM then confirms it."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        _player, pid, state = await _duel_seat(session, game, user_id)
        out = duel_api.claim_stalemate(state, pid)
        if not out["ok"]:
            raise DuelRefused.from_engine(out["error"])
        game.state = out["state"]
        touch(game, now)
        enqueue(session, game, "duel_notice", _notice(
            "stalemate_claim", _both("Stalemate claimed", "Impasse demandée"),
            _both("<@{u}> claims a stalemate: every minor power is eliminated. The other "
                  "player (`/stalemate confirm`) or the game master may confirm it; then "
                  "the country with more centres wins (rule 10).",
                  "<@{u}> demande l'impasse : toutes les puissances mineures sont "
                  "éliminées. L'autre joueur (`/stalemate confirm`) ou l'arbitre peut la "
                  "confirmer ; le pays qui a le plus de centres gagne alors (règle 10).",
                  u=user_id), user_id=user_id), now)
    return StalemateOutcome(game_id=game_id, claimed_by=user_id, finished=False, result=None)


async def confirm_stalemate(db: Database, *, game_id: int, user_id: int,
                            now: datetime | None = None) -> StalemateOutcome:
    """The other player (or the GM) confirms the claim: the country with more supply
    centres wins; equal centres end the duel in a draw (rule 10)."""
    now = now or utcnow()
    async with db.transaction() as session:
        game = await load_game(session, game_id, lock=True)
        _require_duel(game)
        require_status(game, GameStatus.ACTIVE, GameStatus.PAUSED)
        state = dict(game.state or {})
        if user_id == game.gm_user_id and \
                seated_player(await load_players(session, game_id), user_id) is None:
            by = "gm"
        else:
            _player, by, state = await _duel_seat(session, game, user_id)
        out = duel_api.confirm_stalemate(state, by)
        if not out["ok"]:
            raise DuelRefused.from_engine(out["error"])
        game.state = out["state"]
        result = duel_result(out["state"])
        game.status = GameStatus.FINISHED.value
        game.result = result
        touch(game, now)
        set_deadline(game, None, now)
        enqueue(session, game, "game_over", {"result": result, "phase": game.phase}, now)
    db.notify_deadlines()
    return StalemateOutcome(game_id=game_id, claimed_by=None, finished=True, result=result)


# -- reading a duel ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DuelSummary:
    """Public facts of a running duel: countries, treasuries, this year's control."""

    phase: str
    countries: dict[int, str]  # user id -> own country
    credits: dict[int, int]
    control: dict[str, int | None]  # minor -> user id commanding it this year
    winner: int | None


async def duel_summary(db: Database, *, game_id: int) -> DuelSummary:
    async with db.transaction(write=False) as session:
        game = await load_game(session, game_id)
        _require_duel(game)
        if not is_duel(game.state):
            raise NotFound("duel.not_started")
        duel = (game.state or {})["duel"]
        return DuelSummary(
            phase=str(game.phase),
            countries={int(p): info["country"] for p, info in duel["players"].items()},
            credits={int(p): int(info["credits"]) for p, info in duel["players"].items()},
            control={m: int(p) if p is not None else None
                     for m, p in (duel.get("control") or {}).items()},
            winner=int(duel["winner"]) if duel.get("winner") else None)


__all__ = [
    "BidProgress",
    "BidsView",
    "DuelJoin",
    "DuelRefused",
    "DuelSummary",
    "StalemateOutcome",
    "bid_progress",
    "claim_stalemate",
    "commanded",
    "confirm_stalemate",
    "duel_result",
    "duel_summary",
    "is_bidding",
    "is_duel",
    "join_duel",
    "my_bids",
    "resolve_phase",
    "reveal_bids",
    "reveal_if_ready",
    "set_bids_ready",
    "start_duel",
    "submit_bids",
    "sync_powers",
]
