"""Rectangular grids of square cells: cell names and the grid's symmetries.

A cell is an index `row * cols + col`, counted from the top-left corner. Its name is the
row letter (A at the top) followed by the 1-based column number: on 6 x 6, `A1` is the
top-left cell and `F6` the bottom-right one.
"""
from __future__ import annotations

from functools import lru_cache

from .errors import SquarewiseError

ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell_name(cell: int, cols: int = 6) -> str:
    """The name of cell index `cell` on a grid `cols` wide, e.g. 0 -> 'A1'."""
    row, col = divmod(cell, cols)
    return f"{ROW_LETTERS[row]}{col + 1}"


def is_ascii_number(text: str, most: int = 9) -> bool:
    """True if `text` is 1..`most` ASCII digits: not '²' or '٣' (which str.isdigit accepts), and
    never long enough to meet Python's int-string limit. For digits inside a name (a cell's
    column) and typed keys; a whole number typed by the user is read by user_number."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()


def parse_cell(name: str, rows: int = 6, cols: int = 6) -> int:
    """The index of the cell called `name` ('A1'..), or a SquarewiseError saying why not."""
    text = name.strip().upper()
    if len(text) < 2 or text[0] not in ROW_LETTERS or not is_ascii_number(text[1:], 3):
        raise SquarewiseError(f"'{name}' is not a cell name (expected a row letter and a column number, like A1)")
    row, col = ROW_LETTERS.index(text[0]), int(text[1:]) - 1
    if row >= rows or not 0 <= col < cols:
        last = cell_name(rows * cols - 1, cols)
        raise SquarewiseError(f"cell '{name}' is off the board (A1..{last})")
    return row * cols + col


@lru_cache(maxsize=None)
def symmetries(rows: int, cols: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The grid's symmetries as (name, perm) pairs, where perm[cell] is the cell it maps to.

    A square grid has the eight of the dihedral group D4; any other rectangle has four
    (identity, 180-degree turn, left-right mirror, top-bottom mirror). The identity is first.
    """
    def perm(f):
        return tuple(f(r, c) for r in range(rows) for c in range(cols))

    R, C = rows - 1, cols - 1
    out = [
        ("identity", perm(lambda r, c: r * cols + c)),
        ("rotate180", perm(lambda r, c: (R - r) * cols + (C - c))),
        ("mirror-lr", perm(lambda r, c: r * cols + (C - c))),
        ("mirror-tb", perm(lambda r, c: (R - r) * cols + c)),
    ]
    if rows == cols:
        out += [
            ("rotate90", perm(lambda r, c: c * cols + (R - r))),
            ("rotate270", perm(lambda r, c: (C - c) * cols + r)),
            ("transpose", perm(lambda r, c: c * cols + r)),
            ("antitranspose", perm(lambda r, c: (C - c) * cols + (R - r))),
        ]
    return tuple(out)
