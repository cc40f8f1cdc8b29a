"""The engine's list of puzzles (Tatham's list of games, python-chess's VARIANTS): one entry a
puzzle, read by the command line, the daily puzzles, the statistics and the servers.

Each entry says the puzzle's name (the command line's word, the statistics' and the protocol's
key), its title, its short name (the share line's, a card's heading), and the module of its
rules, `solver/<name>/engine.py`, which offers the same few things for every puzzle:

    parse(text)                a position from its notation (SquarewiseError)
    start(text)                a puzzle's start from its game ID (what it gives stays put)
    execute(position, move)    the position a move string makes (IllegalMove: the reason)
    describe(before, after)    the move string between two positions
    strict(move)               the move as the strict rules write it (a ranked run takes no other)
    daily(day, numbers)        the daily puzzle of a date (solver.daily.Day); `numbers`: drawn from
                               those 64-bit numbers instead of the day's own (a server's own deal)
    to_place(start)            how many pieces or tiles a player places to finish `start`
    LEVELS                     the levels a game is recorded at, easiest first
    PLACINGS                   how many pieces or tiles a whole game places
    acts(start, moves)         the moves as a hand makes them (solver.acts.Act: the fair-play floor)
    same_deal(a, b)            whether two dailies are one puzzle under the board's symmetries
    run_position(start, text)  a ranked run's stored board, checked to be one of `start`'s
    run_move(position, move)   a ranked run's move (the strict rules only; IllegalMove: the reason)

and the puzzle the race server deals (`races`) also:

    RACE_DICE                  the dice sets a race may roll (names)
    RACE_LEVELS                (words, count): a race's level is a word ('any' among them) or 1..count
    check_level(value)         a typed level as the race takes it (SquarewiseError listing them)
    race_deal(dice, level, seed)  a race's start (slow: off an event loop)

The module is imported the first time one of them is asked for, so reading a title (the command
line's help) costs nothing. The race server deals the one puzzle marked `races` (`racing`). A file outside a puzzle's own packages never names a puzzle: it
reads this list (`PUZZLES`, `get`, `names`).

>>> get("macmahon").title
'MacMahon Squares'
>>> get("genius").describe(get("genius").parse("A1A2A4A6B4D5E1"), get("genius").parse("A1A2A4A6B4D5E1/1:F6"))
'1:F6'
"""
from __future__ import annotations

import datetime as dt
import importlib
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType

from .errors import SquarewiseError


@dataclass(frozen=True)
class Engine:
    """One puzzle as the engine's list gives it."""
    name: str                 # 'genius': the command line's word, the statistics' and protocol's key
    title: str                # 'The Genius Square'
    short: str                # 'Genius': the share line's, a card's heading, the standings'
    module: str               # its rules: parse, start, execute, describe, strict, daily, to_place, ... (above)
    races: bool = False       # the race server deals it (game/net/server.py)

    @cached_property
    def rules(self) -> ModuleType:
        return importlib.import_module(self.module)

    def parse(self, text: str):
        return self.rules.parse(text)

    def start(self, text: str):
        return self.rules.start(text)

    def execute(self, position, move: str):
        return self.rules.execute(position, move)

    def describe(self, before, after) -> str:
        return self.rules.describe(before, after)

    def strict(self, move: str) -> str:
        return self.rules.strict(move)

    def daily(self, day: dt.date, numbers=None):
        return self.rules.daily(day) if numbers is None else self.rules.daily(day, numbers)

    def to_place(self, start) -> int:
        return self.rules.to_place(start)

    def acts(self, start, moves: list[str]) -> list:
        return self.rules.acts(start, moves)

    def same_deal(self, a, b) -> bool:
        return self.rules.same_deal(a, b)

    def run_position(self, start, notation: str):
        return self.rules.run_position(start, notation)

    def run_move(self, position, move: str):
        return self.rules.run_move(position, move)

    @property
    def levels(self) -> tuple[str, ...]:
        return self.rules.LEVELS

    @property
    def placings(self) -> int:
        return self.rules.PLACINGS

    @property
    def race_dice(self) -> tuple[str, ...]:
        return self.rules.RACE_DICE

    @property
    def race_levels(self) -> tuple[tuple[str, ...], int]:
        return self.rules.RACE_LEVELS

    def check_level(self, value):
        return self.rules.check_level(value)

    def race_deal(self, dice: str, level, seed: int):
        return self.rules.race_deal(dice, level, seed)


PUZZLES: tuple[Engine, ...] = (
    Engine("genius", "The Genius Square", "Genius", "solver.genius.engine", races=True),
    Engine("macmahon", "MacMahon Squares", "MacMahon", "solver.macmahon.engine"),
)


def names() -> tuple[str, ...]:
    """The puzzles' names, in the list's order."""
    return tuple(p.name for p in PUZZLES)


def racing() -> Engine:
    """The puzzle the race server deals."""
    return next(p for p in PUZZLES if p.races)


def get(name: str) -> Engine:
    """The puzzle called `name`; SquarewiseError if the list has none."""
    for puzzle in PUZZLES:
        if puzzle.name == name:
            return puzzle
    raise SquarewiseError(f"no puzzle '{name}' (there are {', '.join(names())})")
