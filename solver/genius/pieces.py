"""The nine Genius Square pieces and their fixed orientations on the 6 x 6 board.

A shape is a sorted tuple of (row, col) offsets normalised so that the smallest row and the
smallest column are both 0. Each piece has between one (the monomino, the square) and eight
(the L-tetromino) distinct orientations under rotation and reflection; index 0 is the home
shape given below. Cells are ints 0..35 (row * 6 + col, A1 = 0, F6 = 35).
"""
from __future__ import annotations

from functools import lru_cache

from ..errors import SquarewiseError
from .board import CELLS, SIZE, on_board

PIECES = ("1", "2", "3-I", "3-L", "4-I", "4-L", "4-T", "4-S", "4-O")

HOME = {
    "1": ((0, 0),),
    "2": ((0, 0), (0, 1)),
    "3-I": ((0, 0), (0, 1), (0, 2)),
    "3-L": ((0, 0), (1, 0), (1, 1)),
    "4-I": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "4-L": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "4-T": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "4-S": ((0, 1), (0, 2), (1, 0), (1, 1)),
    "4-O": ((0, 0), (0, 1), (1, 0), (1, 1)),
}

Shape = tuple[tuple[int, int], ...]


def normalise(offsets) -> Shape:
    """The offsets moved so that min row == min col == 0, sorted."""
    offsets = list(offsets)
    r0 = min(r for r, _ in offsets)
    c0 = min(c for _, c in offsets)
    return tuple(sorted((r - r0, c - c0) for r, c in offsets))


def _turned(shape: Shape) -> Shape:
    """The shape turned 90 degrees clockwise (rows grow downwards)."""
    return normalise((c, -r) for r, c in shape)


def _flipped(shape: Shape) -> Shape:
    """The shape mirrored left-right."""
    return normalise((r, -c) for r, c in shape)


def _check_piece(piece: str) -> None:
    if piece not in HOME:
        raise SquarewiseError(f"unknown piece '{piece}' (pieces: {' '.join(PIECES)})")


@lru_cache(maxsize=None)
def orientations(piece: str) -> tuple[Shape, ...]:
    """The distinct fixed orientations of `piece`; index 0 is its home shape."""
    _check_piece(piece)
    seen: list[Shape] = []
    shape = normalise(HOME[piece])
    for _ in range(2):
        for _ in range(4):
            if shape not in seen:
                seen.append(shape)
            shape = _turned(shape)
        shape = _flipped(shape)
    return tuple(seen)


def _index(piece: str, orientation: int) -> Shape:
    shapes = orientations(piece)
    if not 0 <= orientation < len(shapes):
        raise SquarewiseError(f"piece {piece} has no orientation {orientation} (0..{len(shapes) - 1})")
    return shapes[orientation]


def turn(piece: str, orientation: int) -> int:
    """The orientation index after a 90-degree clockwise turn."""
    return orientations(piece).index(_turned(_index(piece, orientation)))


def flip(piece: str, orientation: int) -> int:
    """The orientation index after a left-right mirror."""
    return orientations(piece).index(_flipped(_index(piece, orientation)))


def cells_at(piece: str, orientation: int, row: int, col: int) -> tuple[int, ...] | None:
    """The cells covered when the shape's (0, 0) offset sits at (row, col), or None if any is off the board."""
    out = []
    for dr, dc in _index(piece, orientation):
        r, c = row + dr, col + dc
        if not on_board(r, c):
            return None
        out.append(r * SIZE + c)
    return tuple(sorted(out))


def shape_of(cells) -> Shape | None:
    """The normalised shape of a set of cells, or None if a cell is not on the board."""
    cells = list(cells)
    if not cells or any(not isinstance(c, int) or not 0 <= c < CELLS for c in cells):
        return None
    return normalise(divmod(c, SIZE) for c in cells)


def orientation_of(piece: str, cells) -> int | None:
    """The orientation index of `piece` that covers exactly `cells`, or None if they do not form it."""
    cells = list(cells)
    if len(set(cells)) != len(cells):
        return None
    shape = shape_of(cells)
    shapes = orientations(piece)
    return shapes.index(shape) if shape in shapes else None


@lru_cache(maxsize=None)
def placements(piece: str) -> tuple[tuple[int, ...], ...]:
    """Every way to put `piece` on the empty board, each as its sorted covered cells."""
    out = []
    for o in range(len(orientations(piece))):
        for row in range(SIZE):
            for col in range(SIZE):
                cells = cells_at(piece, o, row, col)
                if cells is not None:
                    out.append(cells)
    return tuple(out)


@lru_cache(maxsize=None)
def placement_set(piece: str) -> frozenset[frozenset[int]]:
    """`placements(piece)` as a set of cell sets: whether some cells form `piece` on the board is
    one look-up."""
    return frozenset(map(frozenset, placements(piece)))
