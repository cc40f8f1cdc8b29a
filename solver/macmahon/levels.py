"""MacMahon levels: the classic 4 x 6 board with tiles given, from a few empty cells (level 1)
to the empty board (level COUNT).

Made as the dailies are (daily.unique_puzzle): the seed's stream picks one of the 106,624
solutions and a drawn order of its cells; taking away every tile the others do not need gives
a minimal puzzle (4 to 6 tiles given, one completion). Level 1 leaves FEW cells empty and level
COUNT - 1 is that minimal puzzle, the levels between spread evenly; every one of them has
exactly one completion, since it gives back some of the removed tiles of a puzzle whose
completion is already unique. Level COUNT is the empty board: the whole puzzle, any of its
solutions. For one seed the levels share the solution and the order, so the givens of a level
are among those of every easier level.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import rng
from ..errors import SquarewiseError
from .daily import BOARD, EMPTY, unique_puzzle
from .position import Position
from .search import completions, solution_table
from .symmetry import position_from_codes

COUNT = 10
FEW = 3                       # empty cells at level 1


@dataclass(frozen=True)
class MacMahonLevel:
    """A board of `level` made from `seed`: the givens (`puzzle`), the solution they came from,
    and how many completions the puzzle has (1 below level COUNT; counted, not assumed)."""
    level: int
    seed: int
    puzzle: Position
    solution: Position
    completions: int

    @property
    def empty(self) -> int:
        return sum(cell is None for cell in self.puzzle.cells)

    @property
    def givens(self) -> int:
        return len(self.puzzle.cells) - self.empty


def check_level(level: int) -> int:
    """`level` if it is 1..COUNT, else SquarewiseError."""
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= COUNT:
        raise SquarewiseError(f"MacMahon level {level} does not exist (levels: 1..{COUNT})")
    return level


def empty_cells(level: int, most: int) -> int:
    """How many cells level 1..COUNT-1 leaves empty when the minimal puzzle leaves `most`."""
    return min(most, FEW + round((most - FEW) * (level - 1) / (COUNT - 2)))


def macmahon_level_board(level: int, seed: int) -> MacMahonLevel:
    """The board of `level` (1..COUNT) made from `seed`, the same on every machine."""
    check_level(level)
    table = solution_table(BOARD)
    index = rng.below(next(rng.stream(seed)), len(table))
    codes = np.full(table.shape[1], EMPTY, np.uint8)
    if level < COUNT:
        minimal = _puzzle(table, index, seed, 0)
        most = int((minimal == EMPTY).sum())
        codes = _puzzle(table, index, seed, most - empty_cells(level, most))
    puzzle = position_from_codes(BOARD, codes)
    return MacMahonLevel(level, seed, puzzle, position_from_codes(BOARD, table[index]), completions(puzzle))


def _puzzle(table: np.ndarray, index: int, seed: int, extra: int) -> np.ndarray:
    """daily.unique_puzzle of solution `index` with the cell order drawn from `seed`'s stream
    after the draw of the solution, `extra` removed tiles given back."""
    stream = rng.stream(seed)
    next(stream)
    return unique_puzzle(table, index, stream, extra)[0]
