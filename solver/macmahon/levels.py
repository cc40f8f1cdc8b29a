"""MacMahon levels: the classic 4 x 6 board with tiles given and exactly one completion, from
a few empty cells (level 1) to a puzzle with the fewest givens its solution allows (level
COUNT). The empty board, the whole puzzle, is free play.

The seed's stream picks one of the 106,624 solutions; level COUNT is its smallest proper puzzle
(fewest.fewest_givens: m(s) givens, 2 to 5; of the smallest puzzles, the one whose completion
needs the most search). The levels below give back tiles: level 1 leaves FEW cells empty and
the levels between spread evenly up to the 24 - m(s) of level COUNT. A level's board is drawn
CANDIDATES times (the smallest puzzle plus other tiles of the solution) and the one whose
completion needs the most search is kept. Every board contains the smallest puzzle, so its
completion is unique.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import rng
from ..errors import SquarewiseError
from .fewest import CANDIDATES, fewest_givens, most_search, with_givens
from .position import Board, Position
from .search import completions, solution_table
from .symmetry import position_from_codes

BOARD = Board()

COUNT = 10
FEW = 3                       # empty cells at level 1


@dataclass(frozen=True)
class MacMahonLevel:
    """A board of `level` made from `seed`: the givens (`puzzle`), the solution they came from,
    and how many completions the puzzle has (always 1; counted, not assumed)."""
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
    """How many cells level 1..COUNT leaves empty when the smallest puzzle leaves `most`."""
    return FEW + round((most - FEW) * (level - 1) / (COUNT - 1))


def macmahon_level_board(level: int, seed: int) -> MacMahonLevel:
    """The board of `level` (1..COUNT) made from `seed`, the same on every machine."""
    check_level(level)
    table = solution_table(BOARD)
    stream = rng.stream(seed)
    index = rng.below(next(stream), len(table))
    smallest = fewest_givens(index, stream)
    given = BOARD.size - empty_cells(level, BOARD.size - len(smallest))
    others = [c for c in range(BOARD.size) if c not in smallest]
    drawn = [smallest + rng.shuffled(others, stream)[:given - len(smallest)] for _ in range(CANDIDATES)]
    puzzle = most_search([with_givens(table, index, cells) for cells in drawn])
    return MacMahonLevel(level, seed, puzzle, position_from_codes(BOARD, table[index]), completions(puzzle))
