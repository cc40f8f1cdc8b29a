"""The MacMahon daily puzzle: the classic 4 x 6 board with some tiles given whose completion
is unique, fewer given as the week goes on.

Made from the solution table (search.solution_table: the 106,624 solutions, rebuilt from the
shipped classes): the day's stream (solver.daily) picks one solution; its cells are visited in
a drawn order and each is taken away if the others still leave exactly one solution that
agrees with them. What remains is a minimal puzzle (no given can go: each one left is needed).
Then EXTRA_GIVENS[level] of the removed tiles are given back, in the same drawn order, which
keeps the completion unique and makes the early days easier. The hardest day (Sunday) is
instead a smallest proper puzzle of the solution: no puzzle from it has fewer givens.

"Agrees" is tested on bitsets: for each cell, one bit per solution, set where that solution
has the chosen tile in the chosen turn there; the solutions agreeing with a set of givens are
the AND of their cells' bitsets (106,624 bits = 1,666 words), so a test costs microseconds.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np

from .. import daily, rng
from .position import Board, Position
from . import search
from .fewest import fewest_givens, with_givens
from .search import solution_table
from .symmetry import position_from_codes

BOARD = Board(4, 6, 3)
EXTRA_GIVENS = {"easy": 6, "medium": 3, "hard": 1}
HARDEST = "very hard"                     # the fewest givens the solution allows (fewest.py)
EMPTY = 255


@dataclass(frozen=True)
class MacMahonDaily:
    """The daily puzzle of `date`: the givens (`puzzle`), its unique `solution`, and how many
    completions the puzzle has (always 1; computed, not assumed)."""
    date: dt.date
    number: int
    level: str
    puzzle: Position
    solution: Position
    completions: int

    @property
    def givens(self) -> int:
        return sum(cell is not None for cell in self.puzzle.cells)


def _agreement(table: np.ndarray, row: np.ndarray) -> np.ndarray:
    """Per cell, the packed bitset of the solutions that agree with `row` there: (cells, words)."""
    equal = table == row                                  # (solutions, cells)
    return np.packbits(equal.T, axis=1)                   # (cells, bytes)


def _completions(bits: np.ndarray, givens) -> int:
    """How many solutions agree with the solution on every cell of `givens`."""
    together = np.bitwise_and.reduce(bits[list(givens)], axis=0) if givens else np.full(bits.shape[1], 255, np.uint8)
    return int(np.unpackbits(together).sum())


def unique_puzzle(table: np.ndarray, index: int, stream, extra: int) -> tuple[np.ndarray, int]:
    """(codes with EMPTY where no tile is given, completions) for solution `index` of `table`:
    a minimal unique set of givens drawn from `stream`, plus `extra` of the removed ones."""
    row = table[index]
    bits = _agreement(table, row)
    order = rng.shuffled(range(table.shape[1]), stream)
    givens = set(order)
    removed = []
    for cell in order:
        if _completions(bits, givens - {cell}) == 1:
            givens.discard(cell)
            removed.append(cell)
    givens.update(removed[:extra])
    codes = np.full(table.shape[1], EMPTY, np.uint8)
    cells = sorted(givens)
    codes[cells] = row[cells]
    return codes, _completions(bits, givens)


def macmahon_daily(day: dt.date, stream=None) -> MacMahonDaily:
    """The daily puzzle of `day` (SquarewiseError before solver.daily.EPOCH); `stream`: draw it
    from those 64-bit numbers instead of the day's own (a server's secret deal, game/net/deal.py:
    the same level rules, another puzzle)."""
    day = daily.parse_date(day.isoformat())
    table = solution_table(BOARD)
    stream = daily.seeds("macmahon", day) if stream is None else stream
    index = rng.below(next(stream), len(table))
    level = daily.level(day)
    if level == HARDEST:
        puzzle = with_givens(table, index, fewest_givens(index, stream))
        completions = search.completions(puzzle)
    else:
        codes, completions = unique_puzzle(table, index, stream, EXTRA_GIVENS[level])
        puzzle = position_from_codes(BOARD, codes)
    return MacMahonDaily(day, daily.number(day), level, puzzle, position_from_codes(BOARD, table[index]), completions)


def given_ranges(first: dt.date, days: int) -> dict[str, tuple[int, int]]:
    """The fewest and most tiles given by the dailies of `days` days from `first`, per level
    ('easy' ... 'very hard'), and under 'minimal' those of the minimal puzzles the easy,
    medium and hard days give tiles back to (scripts/daily_givens.py prints them for the docs)."""
    seen: dict[str, list[int]] = {}
    for k in range(days):
        puzzle = macmahon_daily(first + dt.timedelta(days=k))
        seen.setdefault(puzzle.level, []).append(puzzle.givens)
        if puzzle.level != HARDEST:
            seen.setdefault("minimal", []).append(puzzle.givens - EXTRA_GIVENS[puzzle.level])
    return {level: (min(counts), max(counts)) for level, counts in seen.items()}
