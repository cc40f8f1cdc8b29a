"""Tile codes and the symmetry group of a MacMahon board, in plain Python (no numpy).

A code is ``tile * 4 + rotation`` with the smallest rotation that gives the tile's colours
(so a symmetric tile has one code per distinct look); 255 is an empty cell. The group is
listed as (name, cell permutation, code map). symmetry.py builds its numpy forms from
these; a command that needs no table (`macmahon solve` on a shipped board) uses them as they are.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from ..grid import symmetries
from .position import Board, Position
from .tiles import COLOUR_LETTERS, looks, rotate

EMPTY = 255

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


def codes_of(position: Position) -> tuple[int, ...]:
    """The position's cells as codes, EMPTY for an empty cell."""
    board = position.board
    return tuple(EMPTY if v is None else normal_code(board, *v) for v in position.cells)


def position_from_codes(board: Board, codes) -> Position:
    return Position(board, tuple(None if int(c) == EMPTY else (int(c) // 4, int(c) % 4) for c in codes))


@lru_cache(maxsize=None)
def group_actions(board: Board) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]:
    """The group as (name, cell permutation, code map): cell c goes to perm[c] with code map[code].
    The identity comes first."""
    table = code_table(board)
    others = [c for c in COLOUR_LETTERS[:board.colours] if c != board.border]
    out = []
    for name, perm in symmetries(board.rows, board.cols):
        act = TILE_ACTIONS[name]
        for image in permutations(others):
            recolour = str.maketrans("".join(others), "".join(image))
            code_map = [0] * (len(board.tiles) * 4)
            for t, tile in enumerate(board.tiles):
                for k in range(4):
                    code_map[t * 4 + k] = table[act(rotate(tile, k)).translate(recolour)]
            label = name if list(image) == others else f"{name}+{''.join(others)}->{''.join(image)}"
            out.append((label, tuple(perm), tuple(code_map)))
    return tuple(out)


def image(perm, code_map, codes) -> tuple[int, ...]:
    """`codes` (a row, one code per cell) seen through the group element (perm, code_map)."""
    out = [EMPTY] * len(codes)
    for c, cell in enumerate(perm):
        out[cell] = code_map[codes[c]]
    return tuple(out)
