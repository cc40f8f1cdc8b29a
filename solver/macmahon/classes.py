"""Solution classes of a MacMahon board: the list, where the all-white tile can sit, and a cache.

A class is a solution together with its images under the board's symmetries (the half turn
and the two mirrors) and with red and blue swapped; the classic 4 x 6 board has 13,328 of
them (106,624 solutions). `Classes` answers what the solution browser asks: which classes
can show the all-white tile on a cell (a class counts for a cell when one of its mirror
images has the white tile there) and that class shown in such an image. The list comes from
the class file the engine ships or, failing that, from a cache file that `compute_classes`
(a whole census, run once) fills.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from solver.errors import SquarewiseError
from solver.grid import symmetries
from solver.macmahon.position import Board, Position
from solver.macmahon.store import classes_from_bytes, classes_to_bytes, load_asset
from solver.macmahon.symmetry import canonical_codes, code_table, group, position_from_codes
from solver.safe_read import read_bytes

WHITE = "WWWW"
MAX_CLASSES_BYTES = 64 << 20     # the 4 x 6 classes take 66 kB; the largest variant stays far below this


def cache_file(folder: Path, board: Board) -> Path:
    """Where the class list of `board` is cached inside the data folder `folder`."""
    return Path(folder) / f"macmahon-{board.header}.classes"


def cached_classes(folder: Path, board: Board) -> np.ndarray | None:
    """The class representatives of `board`: shipped with the game, else cached earlier in
    `folder`, else None (an unreadable or foreign cache file counts as none)."""
    reps = load_asset(board)
    if reps is not None:
        return reps
    path = cache_file(folder, board)
    if not path.is_file():
        return None
    try:
        stored, reps = classes_from_bytes(read_bytes(path, "solution cache", MAX_CLASSES_BYTES))
    except SquarewiseError:
        return None
    return reps if stored == board else None


def compute_classes(header: str, progress=None) -> bytes:
    """List every solution and keep one per class (a child-process job): the class file's bytes."""
    from solver.macmahon import search
    board = Board.parse(header)
    return classes_to_bytes(board, search.census(board, jobs=1, progress=progress)["representatives"])


class Classes:
    """The class representatives of a board and where each one's all-white tile can be shown."""

    def __init__(self, board: Board, reps: np.ndarray):
        self.board = board
        self.reps = reps
        white = code_table(board)[WHITE]
        self.white_cell = (reps == white).argmax(axis=1)
        perms = [perm for _, perm in symmetries(board.rows, board.cols)]
        # reach[k, cell]: class k can be shown with its white tile on `cell`
        self.reach = np.zeros((len(reps), board.size), bool)
        for perm in perms:
            self.reach[np.arange(len(reps)), np.array(perm)[self.white_cell]] = True
        self.cell_counts = self.reach.sum(axis=0)
        self.solutions = int(canonical_codes(board, reps)[1].sum())   # the classes' orbit sizes

    def __len__(self) -> int:
        return len(self.reps)

    def matching(self, cell: int | None) -> np.ndarray:
        """The class numbers (0-based) that can show the white tile on `cell` (all when None)."""
        if cell is None:
            return np.arange(len(self.reps))
        return np.flatnonzero(self.reach[:, cell])

    def counts(self) -> np.ndarray:
        """Per cell, how many classes can show the white tile there."""
        return self.cell_counts

    def position(self, k: int, white_at: int | None = None) -> Position:
        """Class `k`, turned or mirrored so its white tile sits on `white_at` (if given)."""
        row = self.reps[k]
        if white_at is not None:
            for _, perm, code_map in group(self.board):
                if perm[self.white_cell[k]] == white_at:
                    image = np.empty_like(row)
                    image[perm] = code_map[row]
                    row = image
                    break
        return position_from_codes(self.board, row)
