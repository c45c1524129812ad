"""The private what-if board (``/sandbox``): a copy of a public position — the current one of
a game the caller plays or referees, a past phase of it, or a variant's opening — on which
the caller enters orders for every power and resolves them through the engine, step by
step, with undo and reset.

Nothing here writes to a game: a sandbox is its own row, found by its owner's user id only
(one per user), so nobody else can read or change it. The copy is the game's public
position (``Game.state``, ``PhaseRecord.state``); pending orders of a game are never read (``public_copy``)."""

from __future__ import annotations

from bot.services.sandbox.board import (
    HISTORY_LIMIT,
    SandboxView,
    add_orders,
    clear_orders,
    end,
    reset,
    resolve,
    show,
    suggest,
    undo,
)
from bot.services.sandbox.start import OwnGame, own_games, past_phases, phase_id, public_copy, start

__all__ = ["HISTORY_LIMIT", "OwnGame", "SandboxView", "add_orders", "clear_orders", "end",
           "own_games", "past_phases", "phase_id", "public_copy", "reset", "resolve", "show",
           "start", "suggest", "undo"]
