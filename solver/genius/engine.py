"""The Genius Square as the engine's list reads it (solver/puzzles.py): its notation, its move
strings, its daily puzzle and its levels."""
from __future__ import annotations

import datetime as dt

from ..daily import Day
from .levels import LEVELS
from .moves import describe, execute
from .pieces import PIECES
from .position import Position

__all__ = ["LEVELS", "daily", "describe", "execute", "parse", "start", "strict", "to_place"]

parse = start = Position.parse       # a game ID's pieces "/p:cells" move like any other, "/p=cells" stay put
LEVELS = LEVELS + ("one way",)       # a One way puzzle is recorded in a row of its own (game/puzzles/genius/one_way.py)


def strict(move: str) -> str:
    """Every Genius move string is the rules' own."""
    return move


def daily(day: dt.date) -> Day:
    from .daily import genius_daily
    made = genius_daily(day)
    return Day(made.number, made.level, made.position)


def to_place(start: Position) -> int:
    return len(PIECES) - len(start.placed)
