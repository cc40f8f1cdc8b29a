"""The Genius Square as the engine's list reads it (solver/puzzles.py): its notation, its move
strings, its daily puzzle and its levels, its moves as a hand makes them (acts.py) and a
server's ranked runs of its dailies (ranked.py)."""
from __future__ import annotations

import datetime as dt

from ..daily import Day
from .acts import acts
from .dice import BUILTIN, builtin
from .levels import CHOICES, COUNT, LEVELS, check_level, roll_at_level
from .moves import describe, execute
from .pieces import PIECES
from .position import Position
from .ranked import run_move, run_position, same_deal

__all__ = ["LEVELS", "RACE_DICE", "RACE_LEVELS", "PLACINGS", "acts", "check_level", "daily", "describe", "execute",
           "parse", "race_deal", "run_move", "run_position", "same_deal", "start", "strict", "to_place"]

parse = start = Position.parse       # a game ID's pieces "/p:cells" move like any other, "/p=cells" stay put
LEVELS = LEVELS + ("one way",)       # a One way puzzle is recorded in a row of its own (game/puzzles/genius/one_way.py)
PLACINGS = len(PIECES)               # the pieces a whole game places
RACE_DICE = BUILTIN                  # the dice sets a race may roll
RACE_LEVELS = (CHOICES, COUNT)       # a race's level: one of the words ('any' among them) or 1..COUNT


def strict(move: str) -> str:
    """Every Genius move string is the rules' own."""
    return move


def daily(day: dt.date, numbers=None) -> Day:
    from .daily import genius_daily
    made = genius_daily(day, numbers)
    return Day(made.number, made.level, made.position)


def to_place(start: Position) -> int:
    return len(PIECES) - len(start.placed)


def race_deal(dice: str, level, seed: int) -> Position:
    """A race's start: a roll of `dice` (one of RACE_DICE) at `level` (check_level's), the same
    for the same seed (milliseconds for the built-in sets: run it off an event loop)."""
    return Position.from_blockers(roll_at_level(builtin(dice), level, seed).faces)
