"""L'Impérialisme around its pure rules (``engine.variants.imperialisme``; docs/RULES.md §6).

The game's STATE lives in ``Game.state`` (owners, the crisis in progress, the queue of declared
crises, the exchange session flag, and the phase label ``state["phase"]`` = ``Game.phase``:
``C3-CONFERENCE``, ``C3-VOTE``, ``C3-ANNEXATION``, ``C4-PENDING``, ``X2``, ``END``); the
tables hold what the engine does not keep:

- ``Crisis`` rows: one per crisis started (``seq`` = crisis number; status ``conference`` ->
  ``vote`` -> ``annexation`` -> ``resolved``, or ``withdrawn``) with the stage's ``deadline``
  and public facts in ``data`` (commit, seed, outcome, annexed; the winner's choice or the
  target's consent until the step that uses it). One extra row per game with ``seq`` 0 (kind
  ``schedule``) holds the seed of the *next* random draw, whose SHA-256 was published in
  advance, and the time of the next automatic crisis.
- ``Vote`` rows: one per voting power while a vote is open (``votes``).
- ``Exchange`` rows: proposals of an exchange session.

Every step of the game (a crisis starts, the vote opens, the tally, the annexation, a
withdrawal, an exchange) goes through the one turn pipeline (``bot.services.turns``; the
steps are in ``turn``), by the scheduler at ``Game.deadline`` — the earliest pending deadline
of the game — or at once by the GM's command or the player's action that allows it. Each
writes a ``PhaseRecord``.

Use cases, one module each: ``setup`` (sign-up, start, timing), ``crises`` (draw, declare,
withdraw, close a stage), ``votes``, ``annexation``, ``exchanges``, ``reading``; ``turn`` is
the step; ``common`` what they share.
"""

from bot.services.imperialisme.annexation import AnnexOptions, annex, annexation_options
from bot.services.imperialisme.common import (
    BLANK,
    DEFAULT_TIMING,
    MAX_PLAYERS,
    MIN_PLAYERS,
    VARIANT,
    CrisisView,
    game_map,
    influence_rows,
    owners_of,
    phase_of,
    refused,
    resolve_power,
    timing,
)
from bot.services.imperialisme.crises import (
    answer_withdrawal,
    close_stage,
    declare_war,
    draw_crisis,
    request_withdrawal,
)
from bot.services.imperialisme.exchanges import (
    ExchangeView,
    answer_exchange,
    close_exchange_session,
    open_exchange_session,
    open_exchanges,
    propose_exchange,
)
from bot.services.imperialisme.reading import Overview, overview
from bot.services.imperialisme.setup import (
    Started,
    assign_powers,
    configure,
    create_game,
    join_game,
    start_game,
)
from bot.services.imperialisme.votes import Ballot, ballot, cast_vote, vote_token, voting_games

__all__ = [
    "BLANK",
    "DEFAULT_TIMING",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "VARIANT",
    "AnnexOptions",
    "Ballot",
    "CrisisView",
    "ExchangeView",
    "Overview",
    "Started",
    "annex",
    "annexation_options",
    "answer_exchange",
    "answer_withdrawal",
    "assign_powers",
    "ballot",
    "cast_vote",
    "close_exchange_session",
    "close_stage",
    "configure",
    "create_game",
    "declare_war",
    "draw_crisis",
    "game_map",
    "influence_rows",
    "join_game",
    "open_exchange_session",
    "open_exchanges",
    "overview",
    "owners_of",
    "phase_of",
    "propose_exchange",
    "refused",
    "request_withdrawal",
    "resolve_power",
    "start_game",
    "timing",
    "vote_token",
    "voting_games",
]
