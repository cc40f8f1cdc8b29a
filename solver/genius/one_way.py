"""One way: a Genius Square puzzle with a single finish, dealt at one of ten levels.

A setter places some pieces as they lie in one solution of a roll so that exactly one way to
finish remains (min_pieces.puzzle); the player places the rest. Level 1 gives MOST pieces (the
player places two), level 10 the fewest the roll allows (min_pieces.fewest: one or two for
every roll of the real dice), the levels between go down evenly and never rise.

`deal(level, seed, roll=None)` is pure: the same level, seed and roll give the same puzzle on
every machine (the roll, when not given, is the default dice rolled from the seed).

>>> p = deal(10, 7)
>>> p.start.notation(), p.givens, p.level
('A3A6B4B6C6E2F4/4-L=E3E4E5F3', 1, 10)
>>> [givens_at(1, level) for level in range(1, 11)]
[7, 6, 6, 5, 4, 4, 3, 2, 2, 1]
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import SquarewiseError
from ..rng import stream
from .dice import builtin
from .min_pieces import fewest, puzzle
from .position import Position
from .search import solve

LEVELS = 10
MOST = 7                  # level 1's given pieces: two left to place


def givens_at(least: int, level: int) -> int:
    """The given pieces of `level` (1..10) on a roll that needs `least`: MOST at level 1 (or
    `least` if that is more), `least` at level 10, evenly between, never rising."""
    check_level(level)
    most = max(MOST, least)
    return int(most - (most - least) * (level - 1) / (LEVELS - 1) + 0.5)


def check_level(level) -> int:
    """`level` as an int 1..10; SquarewiseError otherwise."""
    if type(level) is not int or not 1 <= level <= LEVELS:
        raise SquarewiseError(f"a One way level is 1 to {LEVELS}, not {level!r}")
    return level


@dataclass(frozen=True)
class OneWay:
    """A dealt puzzle: `start` (the roll with `givens` pieces given, one finish), its `finish`,
    the `level`, the fewest givens the roll allows (`least`), the roll's `solutions` and, when
    the deal rolled the dice, the faces in die order (`rolled`, for the dice rolling in)."""
    start: Position
    finish: Position
    level: int
    givens: int
    least: int
    solutions: int
    rolled: tuple[int, ...] | None = None


def deal(level: int, seed: int, roll: Position | None = None) -> OneWay:
    """The One way puzzle of `level` from `seed` on `roll` (a bare board; by default the default
    dice rolled from the seed). SquarewiseError for a bad level or a roll with no solution."""
    check_level(level)
    draws = stream(seed)
    roll_seed, puzzle_seed = next(draws), next(draws)
    rolled = builtin("default").roll(roll_seed) if roll is None else None
    board = Position.from_blockers(rolled) if roll is None else roll
    if board.placed:
        raise SquarewiseError("One way deals from a bare board (blockers only)")
    answer = fewest(board)
    if answer.pieces is None:
        raise SquarewiseError("this roll has no solution")
    givens = givens_at(answer.pieces, level)
    start = puzzle(board, givens, puzzle_seed).with_givens()
    return OneWay(start, solve(start), level, givens, answer.pieces, answer.solutions, rolled)
