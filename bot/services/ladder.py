"""A server's record: each player's games, results and reliability, and a ladder per variant
rated with OpenSkill (Plackett–Luce, a maintained multiplayer rating library) from the
games' scores. Computed from the finished games when asked: nothing is stored twice.

Scores (``engine.scoring``): the game option ``scoring`` (``draw_size`` by default) on the
final supply centres; L'Impérialisme scores each power's share of the influence; a duel's
country is scored on its own centres. A player who left or was removed scores 0 for the
powers a replacement finished."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce
from sqlmodel import col, select

from bot.db import Database
from bot.models import Game, GameStatus, PhaseRecord, Player, PlayerStatus
from bot.services.bots import with_bots
from engine import variants


@dataclass(frozen=True, slots=True)
class Finished:
    """One finished game as the ladder reads it."""

    game_id: int
    variant: str
    result: dict[str, Any]
    scores: dict[int, float]  # user id -> points (0 for a seat given up)
    outcome: dict[int, str]  # user id -> "win" | "draw" | "survived" | "eliminated" | "left"
    missed: dict[int, int]  # user id -> movement phases missed
    disorders: dict[int, int]  # user id -> times fallen into civil disorder (0 or 1)
    with_bots: bool = False  # the bot played a power: counted apart, never rated


def _power_scores(game: Game) -> dict[str, float]:
    system = variants.scoring_of(game.variant, game.options)
    return variants.get(game.variant).scores(game.state or {}, game.result or {}, system)


def _outcome(result: dict[str, Any], powers: Sequence[str], alive: set[str]) -> str:
    if result.get("winner") in powers:
        return "win"
    if set(result.get("draw") or ()) & set(powers):
        return "draw"
    return "survived" if set(powers) & alive else "eliminated"


async def finished_games(db: Database, *, guild_id: int,
                         variant: str | None = None) -> list[Finished]:
    async with db.transaction(write=False) as session:
        query = select(Game).where(Game.guild_id == guild_id,
                                   Game.status == GameStatus.FINISHED.value)
        if variant is not None:
            query = query.where(Game.variant == variant)
        games = (await session.exec(query.order_by(col(Game.updated_at)))).all()
        out = []
        for game in games:
            if not game.result or "ended_by" in game.result:
                continue  # abandoned by the GM: no result to rate
            players = (await session.exec(select(Player).where(
                Player.game_id == game.id))).all()
            snapshots = (await session.exec(select(PhaseRecord.snapshot).where(
                PhaseRecord.game_id == game.id, col(PhaseRecord.superseded).is_(False))
                .order_by(col(PhaseRecord.seq)))).all()
            power_scores = _power_scores(game)
            state = game.state or {}
            # a power is alive with a centre (Diplomacy) or a territory (L'Impérialisme)
            alive = {p for p, c in (state.get("centers") or {}).items() if c} | \
                set((state.get("owners") or {}).values())
            scores: dict[int, float] = {}
            outcome: dict[int, str] = {}
            for p in players:
                if p.status in (PlayerStatus.LEFT.value, PlayerStatus.KICKED.value,
                                PlayerStatus.REPLACED.value):
                    scores.setdefault(p.user_id, 0.0)
                    outcome.setdefault(p.user_id, "left")
                    continue
                scores[p.user_id] = sum(power_scores.get(pw, 0.0) for pw in p.powers)
                outcome[p.user_id] = _outcome(game.result, p.powers, alive)
            missed, disorders = _reliability(snapshots, players)
            out.append(Finished(game.id or 0, game.variant, dict(game.result), scores,
                                outcome, missed, disorders, with_bots(game)))
        return out


def _reliability(snapshots: Sequence[Any], players: Sequence[Player]
                 ) -> tuple[dict[int, int], dict[int, int]]:
    """Missed movement phases and falls into civil disorder, read from the seats each record
    kept (``PhaseRecord.snapshot``), then from the final seats."""
    missed = {p.user_id: 0 for p in players}
    fell = {p.user_id: 0 for p in players}
    previous: dict[int, tuple[int, str]] = {}
    seats = [[(s["user_id"], s["missed_phases"], s["status"])
              for s in (snap or {}).get("players", [])] for snap in snapshots]
    seats.append([(p.user_id, p.missed_phases, p.status) for p in players])
    for seat_list in seats:
        for user, count, status in seat_list:
            before = previous.get(user)
            if before is not None:
                if count > before[0]:
                    missed[user] = missed.get(user, 0) + count - before[0]
                if status == PlayerStatus.CIVIL_DISORDER.value and \
                        before[1] != PlayerStatus.CIVIL_DISORDER.value:
                    fell[user] = fell.get(user, 0) + 1
            previous[user] = (count, status)
    return missed, fell


@dataclass(slots=True)
class PlayerRecord:
    user_id: int
    variant: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    survivals: int = 0
    missed_phases: int = 0
    civil_disorders: int = 0
    points: float = 0.0
    rating: float = 0.0  # OpenSkill ordinal (mu - 3 sigma): a cautious estimate
    mu: float = 25.0
    sigma: float = 25.0 / 3
    history: list[int] = field(default_factory=list)  # game ids
    bot_games: int = 0  # games the bot played in (practice, civil disorder): not rated


def rate(games: Sequence[Finished]) -> dict[tuple[int, str], PlayerRecord]:
    """Every player's record per variant, games taken in the order they finished."""
    model = PlackettLuce()
    records: dict[tuple[int, str], PlayerRecord] = {}
    ratings: dict[tuple[int, str], Any] = {}
    for g in games:
        users = sorted(g.scores)
        if g.with_bots:  # a game with bots counts as such and never moves the ladder
            for user in users:
                rec = records.setdefault((user, g.variant), PlayerRecord(user, g.variant))
                rec.bot_games += 1
                rec.history.append(g.game_id)
                ratings.setdefault((user, g.variant), model.rating(name=str(user)))
            continue
        for user in users:
            key = (user, g.variant)
            rec = records.setdefault(key, PlayerRecord(user, g.variant))
            rec.games += 1
            rec.history.append(g.game_id)
            rec.points += g.scores[user]
            rec.wins += g.outcome[user] == "win"
            rec.draws += g.outcome[user] == "draw"
            rec.survivals += g.outcome[user] == "survived"
            rec.missed_phases += g.missed.get(user, 0)
            rec.civil_disorders += g.disorders.get(user, 0)
            ratings.setdefault(key, model.rating(name=str(user)))
        if len(users) < 2:
            continue
        teams = [[ratings[(u, g.variant)]] for u in users]
        rated = model.rate(teams, scores=[g.scores[u] for u in users])
        for user, team in zip(users, rated, strict=True):
            ratings[(user, g.variant)] = team[0]
    for key, rec in records.items():
        r = ratings[key]
        rec.mu, rec.sigma, rec.rating = float(r.mu), float(r.sigma), float(r.ordinal())
    return records


async def player_stats(db: Database, *, guild_id: int, user_id: int) -> list[PlayerRecord]:
    """The player's record in each variant played on this server."""
    records = rate(await finished_games(db, guild_id=guild_id))
    return sorted((r for (u, _), r in records.items() if u == user_id),
                  key=lambda r: r.variant)


async def ladder(db: Database, *, guild_id: int, variant: str) -> list[PlayerRecord]:
    """The server's ladder of one variant, best rating first (players of games with bots
    only are not on it)."""
    records = rate(await finished_games(db, guild_id=guild_id, variant=variant))
    return sorted((r for r in records.values() if r.games),
                  key=lambda r: (-r.rating, -r.points, r.user_id))


async def game_scores(db: Database, *, game_id: int) -> dict[str, float]:
    """Each power's points in a finished game by its scoring system (empty when the game has
    no result to score: still running, or ended by its GM)."""
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        if game is None or game.status != GameStatus.FINISHED.value or not game.result \
                or "ended_by" in game.result or not game.state:
            return {}
        return _power_scores(game)
