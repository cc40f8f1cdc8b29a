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
from itertools import permutations

import numpy as np

from ..errors import SquarewiseError
from ..grid import symmetries
from .position import Board, Position
from .tiles import COLOUR_LETTERS, looks, rotate

# how each board symmetry (solver.grid names) acts on one tile's colours "TRBL"
TILE_ACTIONS = {
    "identity": lambda t: t,
    "rotate180": lambda t: rotate(t, 2),
    "mirror-lr": lambda t: t[0] + t[3] + t[2] + t[1],
    "mirror-tb": lambda t: t[2] + t[1] + t[0] + t[3],
    "rotate90": lambda t: rotate(t, 1),
    "rotate270": lambda t: rotate(t, 3),
    "transpose": lambda t: t[3] + t[2] + t[1] + t[0],
    "antitranspose": lambda t: t[1] + t[0] + t[3] + t[2],
}


@lru_cache(maxsize=None)
def code_table(board: Board) -> dict[str, int]:
    """colours "TRBL" -> the code tile*4 + smallest rotation showing them."""
    out: dict[str, int] = {}
    for t, tile in enumerate(board.tiles):
        for k in range(4):
            out.setdefault(rotate(tile, k), t * 4 + k)
    return out


@lru_cache(maxsize=None)
def look_codes(board: Board) -> dict[tuple[int, int, int, int], int]:
    """colour indices (tiles.looks) -> the code showing them: code_table for the engines."""
    table = looks(board.colours)
    return {table[code // 4][code % 4]: code for code in set(code_table(board).values())}


def normal_code(board: Board, tile: int, rotation: int) -> int:
    return look_codes(board)[looks(board.colours)[tile][rotation]]


@lru_cache(maxsize=None)
def group(board: Board) -> tuple[tuple[str, np.ndarray, np.ndarray], ...]:
    """The group as (name, cell permutation, code map): cell c goes to perm[c] with code map[code]."""
    table = code_table(board)
    others = [c for c in COLOUR_LETTERS[:board.colours] if c != board.border]
    out = []
    for name, perm in symmetries(board.rows, board.cols):
        act = TILE_ACTIONS[name]
        for image in permutations(others):
            recolour = str.maketrans("".join(others), "".join(image))
            code_map = np.zeros(len(board.tiles) * 4, np.uint8)
            for t, tile in enumerate(board.tiles):
                for k in range(4):
                    code_map[t * 4 + k] = table[act(rotate(tile, k)).translate(recolour)]
            label = name if list(image) == others else f"{name}+{''.join(others)}->{''.join(image)}"
            out.append((label, np.array(perm, np.int64), code_map))
    return tuple(out)


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
    board = position.board
    return np.array([255 if v is None else normal_code(board, *v) for v in position.cells], np.uint8)


def position_from_codes(board: Board, codes) -> Position:
    return Position(board, tuple(None if int(c) == 255 else (int(c) // 4, int(c) % 4) for c in codes))


def canonical(position: Position) -> Position:
    """The class representative of a solved (or any complete) position."""
    codes = position_codes(position)
    if (codes == 255).any():
        raise SquarewiseError("only a complete position has a canonical form")
    best, _ = canonical_codes(position.board, codes[None, :])
    return position_from_codes(position.board, best[0])
