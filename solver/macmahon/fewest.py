"""The hardest puzzle a MacMahon solution allows: a proper puzzle with the fewest givens
(min_givens.smallest_puzzles), and among those the one whose completion needs the most
search (search.search_work: the nodes of the depth-first search, counted to the end), over
CANDIDATES drawn ones."""
from __future__ import annotations

import numpy as np

from .. import rng
from .min_givens import DifferenceSets, cells_of, given_values, smallest_puzzles
from .position import Board, Position
from .search import search_work, solution_table
from .symmetry import position_from_codes

CANDIDATES = 8          # puzzles whose search is measured for one board
EMPTY = 255
_diffs: dict[Board, DifferenceSets] = {}


def with_givens(table: np.ndarray, index: int, cells) -> Position:
    """Solution `index` of `table` with only `cells` given."""
    codes = np.full(table.shape[1], EMPTY, np.uint8)
    cells = sorted(cells)
    codes[cells] = table[index][cells]
    return position_from_codes(Board(), codes)


def most_search(puzzles: list[Position]) -> Position:
    """The puzzle whose completion needs the most search, each distinct one measured to the
    end (the first of equals)."""
    work = {p: search_work(p) for p in dict.fromkeys(puzzles)}
    return max(work, key=work.get)


def smallest_candidates(index: int, stream) -> list[Position]:
    """CANDIDATES smallest proper puzzles of solution `index` of the classic board, drawn from
    `stream` (all of them when there are fewer)."""
    board = Board()
    table = solution_table(board)
    if board not in _diffs:
        _diffs[board] = DifferenceSets(given_values(table))
    _, masks = smallest_puzzles(_diffs[board], index)
    drawn = rng.shuffled(range(len(masks)), stream)[:CANDIDATES]
    return [with_givens(table, index, cells_of(masks[k])) for k in drawn]


def fewest_givens(index: int, stream) -> list[int]:
    """The cells of a smallest proper puzzle of solution `index` of the classic board: of the
    smallest candidates drawn from `stream`, the one needing the most search."""
    best = most_search(smallest_candidates(index, stream))
    return [c for c, v in enumerate(best.cells) if v is not None]
