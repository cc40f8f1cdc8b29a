"""The symmetry group of a MacMahon board and canonical forms of solutions.

The group is the board's own symmetries (for a rectangle: identity, 180-degree turn,
left-right and top-bottom mirror; a square board also has the quarter turns and the two
diagonal reflections) combined with every permutation of the non-border colours (for 3
colours: swapping red and blue). A mirror mirrors every tile; a turn turns every tile.
For the 4 x 6 board with 3 colours the group has order 8.

Boards are handled as numpy rows of *codes*, one per cell in row-major order:
``tile * 4 + rotation``, with the smallest rotation that gives the tile's colours (so a
symmetric tile has one code per distinct look). The canonical form of a solution is the
lexicographically smallest code row among its images.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..errors import SquarewiseError
# code_table, look_codes, normal_code and position_from_codes are imported from here by callers
from .codes import code_table, codes_of, group_actions, look_codes, normal_code, position_from_codes  # noqa: F401
from .position import Board, Position


@lru_cache(maxsize=None)
def group(board: Board) -> tuple[tuple[str, np.ndarray, np.ndarray], ...]:
    """The group as (name, cell permutation, code map) in numpy: codes.group_actions."""
    return tuple((label, np.array(perm, np.int64), np.array(code_map, np.uint8))
                 for label, perm, code_map in group_actions(board))


def images(board: Board, boards: np.ndarray):
    """Yield each group element's image of every row of `boards`."""
    for _, perm, code_map in group(board):
        image = np.empty_like(boards)
        image[:, perm] = code_map[boards]
        yield image


def _smaller(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row by row, whether a < b lexicographically."""
    diff = a != b
    first = diff.argmax(axis=1)
    rows = np.arange(len(a))
    return diff.any(axis=1) & (a[rows, first] < b[rows, first])


def canonical_codes(board: Board, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(canonical form of every row, size of its orbit)."""
    boards = np.asarray(boards, np.uint8)
    best = boards.copy()
    fixed = np.zeros(len(boards), np.int64)
    for image in images(board, boards):
        fixed += (image == boards).all(axis=1)
        smaller = _smaller(image, best)
        best[smaller] = image[smaller]
    return best, len(group(board)) // np.maximum(fixed, 1)


def orbit_rows(board: Board, reps: np.ndarray) -> np.ndarray:
    """Every image of every representative of distinct classes: the whole solution set,
    orbit by orbit (an image equal to an earlier image of the same representative is dropped)."""
    reps = np.asarray(reps, np.uint8).reshape(-1, board.size)
    stack = np.stack(list(images(board, reps)), axis=1)          # (classes, |G|, cells)
    keep = np.ones(stack.shape[:2], bool)
    for g in range(1, stack.shape[1]):
        for h in range(g):
            keep[:, g] &= ~(stack[:, g] == stack[:, h]).all(axis=1)
    return stack[keep]


def position_codes(position: Position) -> np.ndarray:
    """The position's cells as codes, 255 for an empty cell."""
    return np.array(codes_of(position), np.uint8)


def canonical(position: Position) -> Position:
    """The class representative of a solved (or any complete) position."""
    codes = position_codes(position)
    if (codes == 255).any():
        raise SquarewiseError("only a complete position has a canonical form")
    best, _ = canonical_codes(position.board, codes[None, :])
    return position_from_codes(position.board, best[0])
