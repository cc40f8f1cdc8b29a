"""The Genius Square as the engine's list reads it (solver/puzzles.py): its notation, its move
strings, its daily puzzle and its levels."""
from __future__ import annotations

import datetime as dt

from ..daily import Day
from .dice import BUILTIN, builtin
from .levels import CHOICES, COUNT, GROUPS, LEVELS, check_level, roll_at_level
from .moves import describe, execute
from .pieces import PIECES
from .position import Position

__all__ = ["LEVELS", "RACE_DICE", "RACE_LEVELS", "PLACINGS", "RACE_LEVEL_GROUPS", "check_level", "daily", "describe", "execute",
           "parse", "race_deal", "start", "strict", "to_place"]

parse = start = Position.parse       # a game ID's pieces "/p:cells" move like any other, "/p=cells" stay put
LEVELS = LEVELS + ("one way",)       # a One way puzzle is recorded in a row of its own (game/puzzles/genius/one_way.py)
PLACINGS = len(PIECES)               # the pieces a whole game places
RACE_DICE = BUILTIN                  # the dice sets a race may roll
RACE_LEVELS = (CHOICES, COUNT)       # a race's level: one of the words ('any' among them) or 1..COUNT
RACE_LEVEL_GROUPS = GROUPS           # each word but 'any': the numbers it draws among ('easy': (1, 2))


def strict(move: str) -> str:
    """Every Genius move string is the rules' own."""
    return move


def daily(day: dt.date) -> Day:
    from .daily import genius_daily
    made = genius_daily(day)
    return Day(made.number, made.level, made.position)


def to_place(start: Position) -> int:
    return len(PIECES) - len(start.placed)


def race_deal(dice: str, level, seed: int) -> Position:
    """A race's start: a roll of `dice` (one of RACE_DICE) at `level` (check_level's), the same
    for the same seed (milliseconds for the built-in sets: run it off an event loop)."""
    return Position.from_blockers(roll_at_level(builtin(dice), level, seed).faces)
