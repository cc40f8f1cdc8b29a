"""MacMahon Squares as the engine's list reads it (solver/puzzles.py): its notation (a puzzle's
start gives every tile it places), its move strings, its daily puzzle and its levels, its moves
as a hand makes them (acts.py) and a server's ranked runs of its dailies (ranked.py)."""
from __future__ import annotations

import datetime as dt

from ..daily import Day
from .acts import acts
from .levels import COUNT
from .moves import FREE, describe, execute
from .position import Position
from .ranked import run_move, run_position, same_deal
from .tiles import CLASSIC

__all__ = ["LEVELS", "PLACINGS", "acts", "daily", "describe", "execute", "parse", "run_move", "run_position",
           "same_deal", "start", "strict", "to_place"]

LEVELS = tuple(str(n) for n in range(1, COUNT + 1))
PLACINGS = len(CLASSIC)              # the tiles a whole game places (the classic 4 x 6 set)
parse = Position.parse


def start(text: str) -> Position:
    """A puzzle's start from its game ID: every tile it places is given (stays put)."""
    return Position.parse(text).with_givens()


def strict(move: str) -> str:
    """A move written for free rules ('8b@A2!': an undo, a turn in place) as the strict one it is."""
    return move.removesuffix(FREE)


def daily(day: dt.date, numbers=None) -> Day:
    from .daily import macmahon_daily
    made = macmahon_daily(day, numbers)
    return Day(made.number, made.level, made.puzzle.with_givens())


def to_place(start: Position) -> int:
    return len(start.unplaced)
