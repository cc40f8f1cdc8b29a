"""The board as the counting search sees it: scanned column by column, top to bottom.

The scan runs along the longer side (a board taller than wide is transposed), so the
frontier between filled and empty cells is one short column. Every tile is described by
its *orientations*: the distinct colourings (top, right, bottom, left as colour indices)
it shows in scan coordinates; a tile that looks the same after a turn has fewer of them.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .position import Board
from .tiles import COLOUR_LETTERS, looks


def transpose_colours(colours):
    """A tile seen after the board is reflected in its main diagonal: T<->L, R<->B."""
    t, r, b, l = colours
    return (l, b, r, t)


def mirror_colours(colours):
    """A tile seen in a left-right mirror."""
    t, r, b, l = colours
    return (t, l, b, r)


@dataclass(frozen=True)
class Scan:
    board: Board
    h: int                      # cells per column in scan coordinates
    w: int                      # columns in scan coordinates
    transposed: bool
    orient_tile: np.ndarray     # orientation -> tile index
    orient_colours: np.ndarray  # orientation -> (t, r, b, l) in scan coordinates
    orient_rotation: np.ndarray  # orientation -> rotation of the tile on the real board
    mirror_orient: np.ndarray   # orientation -> the orientation seen in a left-right mirror
    mirror_tile: np.ndarray     # tile -> its mirror image
    bits: int                   # bits per colour in a packed state

    @property
    def ntiles(self) -> int:
        return len(self.board.tiles)

    @property
    def border(self) -> int:
        return COLOUR_LETTERS.index(self.board.border)

    def scan_cell(self, r: int, c: int) -> int:
        """The real board's cell index of scan cell (r, c)."""
        return c * self.board.cols + r if self.transposed else r * self.board.cols + c

    def border_sides(self, r: int, c: int) -> int:
        """How many sides of scan cell (r, c) lie on the border."""
        return (r == 0) + (r == self.h - 1) + (c == 0) + (c == self.w - 1)

    def corner_like(self, r: int, c: int) -> bool:
        """Whether scan cell (r, c) needs border colour on two adjacent sides."""
        vertical = (r == 0) or (r == self.h - 1)
        horizontal = (c == 0) or (c == self.w - 1)
        return vertical and horizontal


@lru_cache(maxsize=None)
def scan_for(board: Board) -> Scan:
    transposed = board.rows > board.cols
    h, w = (board.cols, board.rows) if transposed else (board.rows, board.cols)
    tiles = board.tiles
    rows = []  # (tile, scan colours, rotation on the real board)
    for t, turns in enumerate(looks(board.colours)):
        seen = set()
        for k, real in enumerate(turns):
            scan = transpose_colours(real) if transposed else real
            if scan not in seen:
                seen.add(scan)
                rows.append((t, scan, k))
    lookup = {(t, s): i for i, (t, s, _) in enumerate(rows)}
    by_colours = {s: t for t, s, _ in rows}
    some_look = {t: s for t, s, _ in reversed(rows)}
    mirror_tile = np.array([by_colours[mirror_colours(some_look[t])] for t in range(len(tiles))], dtype=np.int64)
    mirror_orient = np.array([lookup[(mirror_tile[t], mirror_colours(s))] for t, s, _ in rows], dtype=np.int64)
    bits = max(1, (board.colours - 1).bit_length())
    return Scan(board, h, w, transposed,
                np.array([r[0] for r in rows], dtype=np.int64),
                np.array([r[1] for r in rows], dtype=np.int64),
                np.array([r[2] for r in rows], dtype=np.int64),
                mirror_orient, mirror_tile, bits)
