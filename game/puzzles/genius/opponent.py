"""The computer opponent of a Genius Square race: when it lays each piece of a real solution.

The engine finds a solution (off the UI loop, by the caller); this module only decides
*when* a person of a given level would have laid each of its pieces, and in what order
(solver.genius.order). Nothing here draws or reads a clock: the scene asks "what is on the
computer's board at t seconds?" with the player's match clock, so whatever pauses that
clock pauses the computer too.

The pace model (docs/opponent.md has the reasoning and the measured figures). The k-th
piece laid (k = 0..8) takes

    seconds_per_piece(level) * difficulty(solutions) * WEIGHTS[k] * form * jitter_k

seconds, at least MIN_PIECE_SECONDS, where
  * difficulty = (MEDIAN_SOLUTIONS / solutions) ** DIFFICULTY_POWER, within DIFFICULTY_RANGE:
    a roll with fewer solutions is harder to see through;
  * WEIGHTS fall from 1.4 to 0.6 (mean 1): the first pieces need looking, the last drop in;
  * form ~ lognormal(sigma = FORM_SIGMA) with median 1, one per game (a good or a bad day,
    a lucky first fit), so half the games are faster than the level's median and half slower;
  * jitter_k ~ lognormal(sigma = JITTER_SIGMA) with mean 1, one per piece, so it spreads the
    pieces without moving the game's total much. All draws come from random.Random(seed), so a seed gives the same race
on every machine.
"""
from __future__ import annotations

import bisect
import math
import random
from dataclasses import dataclass
from typing import NamedTuple

from solver.genius import search
from solver.genius.order import placing_order
from solver.genius.position import Move, Position


@dataclass(frozen=True)
class Level:
    """A pace: seconds per piece on a median roll, and the order the pieces are laid in."""
    name: str
    seconds_per_piece: float
    order: str

    @property
    def median_seconds(self) -> float:
        """The model's median time for a whole median roll (before the randomness)."""
        return PIECES_PER_GAME * self.seconds_per_piece


PIECES_PER_GAME = 9
LEVELS = {level.name: level for level in (
    Level("beginner", 13.0, "reading"),
    Level("club", 8.5, "tightest"),
    Level("expert", 6.0, "tightest"),
    Level("champion", 3.5, "tightest"),
)}
DEFAULT_LEVEL = "expert"
MEDIAN_PLAYER_SECONDS = 60.0   # the assumed median human time on a median roll (docs/opponent.md)
MEDIAN_SOLUTIONS = 1340        # the median solution count of the default dice's 62,208 rolls
DIFFICULTY_POWER = 0.2
DIFFICULTY_RANGE = (0.5, 2.5)
WEIGHTS = tuple(1.4 - 0.1 * k for k in range(PIECES_PER_GAME))
FORM_SIGMA = 0.25
JITTER_SIGMA = 0.4
MIN_PIECE_SECONDS = 1.0        # a drag and a drop take at least this long


def difficulty(solutions: int) -> float:
    """How much longer than on a median roll a roll with `solutions` solutions takes (1.0 at the median)."""
    if solutions <= 0:
        raise ValueError("an unsolvable roll cannot be raced")
    low, high = DIFFICULTY_RANGE
    return min(high, max(low, (MEDIAN_SOLUTIONS / solutions) ** DIFFICULTY_POWER))


def _lognormal(rng: random.Random, sigma: float, shift: float = 0.0) -> float:
    """exp(N(shift, sigma)): median 1 with no shift, mean 1 with shift -sigma**2 / 2."""
    return math.exp(rng.gauss(shift, sigma))


def piece_seconds(level: Level, solutions: int, seed: int, pieces: int = PIECES_PER_GAME) -> list[float]:
    """The seconds each of the last `pieces` pieces of a game takes (the first pieces of a game
    are the ones a partly filled start already holds, so the weights of the last ones apply)."""
    rng = random.Random(seed)
    form = _lognormal(rng, FORM_SIGMA)
    base = level.seconds_per_piece * difficulty(solutions) * form
    return [max(MIN_PIECE_SECONDS, base * w * _lognormal(rng, JITTER_SIGMA, -JITTER_SIGMA ** 2 / 2))
            for w in WEIGHTS[PIECES_PER_GAME - pieces:]]


class Step(NamedTuple):
    """The computer's `move`, `at` seconds on the match clock."""
    at: float
    move: Move


def schedule(start: Position, solution: Position, solutions: int, level: str, seed: int) -> list[Step]:
    """When and where the computer lays each piece `solution` adds to `start`, in time order."""
    pace = LEVELS[level]
    moves = placing_order(start, solution, pace.order)
    steps, at = [], 0.0
    for move, seconds in zip(moves, piece_seconds(pace, solutions, seed, len(moves))):
        at += seconds
        steps.append(Step(round(at, 3), move))
    return steps


class Opponent:
    """The computer's side of a race on `start`: its board at any time on the match clock."""

    def __init__(self, start: Position, solution: Position, solutions: int, level: str = DEFAULT_LEVEL,
                 seed: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown level '{level}' (levels: {', '.join(LEVELS)})")
        self.level = level
        self.seed = seed
        self.solutions = solutions
        self.steps = schedule(start, solution, solutions, level, seed)
        self._times = [s.at for s in self.steps]
        self._boards = [start]
        for step in self.steps:
            self._boards.append(self._boards[-1].place(step.move))

    @property
    def finish_time(self) -> float:
        """The match time at which the computer lays its last piece."""
        return self._times[-1] if self._times else 0.0

    def laid(self, elapsed: float) -> int:
        """How many pieces the computer has laid by `elapsed` seconds."""
        return bisect.bisect_right(self._times, elapsed)

    def board(self, elapsed: float) -> Position:
        """The computer's board at `elapsed` seconds."""
        return self._boards[self.laid(elapsed)]

    def finished(self, elapsed: float) -> bool:
        return elapsed >= self.finish_time

    def next_time(self, elapsed: float) -> float | None:
        """When the computer lays its next piece after `elapsed`, or None once it is done."""
        k = self.laid(elapsed)
        return self._times[k] if k < len(self._times) else None


def job_plan(notation: str, progress=None) -> tuple[str, int] | None:
    """The worker's job before a race (run off the UI loop): a solution of the board `notation`,
    as notation, and the board's solution count; None if it has no solution."""
    start = Position.parse(notation)
    solution = search.solve(start)
    return None if solution is None else (solution.notation(), search.count(start))
