"""The Genius Square's board: 6 x 6 cells, their checkerboard colours, and sets of cells as masks.

One vocabulary for the search, the dice, the census and the tests. A cell is an index
`row * SIZE + col` from the top-left (solver.grid names them: 0 is A1, 35 is F6). A set of
cells is often a 36-bit int, bit `cell` set for each cell in it: the search and the census
work on such masks.

>>> mask([0, 7, 35]) == 1 | 1 << 7 | 1 << 35
True
>>> cells_of(mask([35, 0, 7]))
[0, 7, 35]
>>> is_dark(0), is_dark(1), is_dark(6)
(True, False, False)
>>> on_board(5, 0), on_board(6, 0), on_board(0, -1)
(True, False, False)
"""
from __future__ import annotations

from typing import Iterable

SIZE = 6
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1


def on_board(row: int, col: int) -> bool:
    """Whether (row, col) is a square of the board."""
    return 0 <= row < SIZE and 0 <= col < SIZE


def mask(cells: Iterable[int]) -> int:
    """The mask with bit `cell` set for each of `cells`."""
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def cells_of(cells_mask: int) -> list[int]:
    """The cells of a mask, in board order."""
    return [c for c in range(CELLS) if cells_mask >> c & 1]


def is_dark(cell: int) -> bool:
    """The checkerboard colour of `cell`: A1 is dark. Every piece but 1, 3-I, 3-L and 4-T covers
    as many dark cells as light ones, which is what the colour arguments count."""
    return (cell // SIZE + cell % SIZE) % 2 == 0


DARK_CELLS = tuple(c for c in range(CELLS) if is_dark(c))
LIGHT_CELLS = tuple(c for c in range(CELLS) if not is_dark(c))
DARK = mask(DARK_CELLS)
FIRST_COLUMN = mask(range(0, CELLS, SIZE))
LAST_COLUMN = FIRST_COLUMN << (SIZE - 1)
