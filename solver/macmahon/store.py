"""Solution classes as compact bytes: the shipped asset and the game's cache.

Format: the line ``squarewise-macmahon-classes 1 <board header> <count>\\n`` followed by the
LZMA-compressed class representatives, one row of codes (tile*4 + rotation, one byte per
cell, row-major) per class, stored column by column (it compresses better).
The 13,328 classes of the 4 x 6 board take about 66 kB. numpy is imported only by the
functions that make arrays, so `asset_columns` serves the commands that start without it.
"""
from __future__ import annotations

import lzma
from functools import lru_cache
from pathlib import Path

from ..assets import asset_path
from ..errors import SquarewiseError
from ..grid import is_ascii_number
from .position import Board

MAGIC = "squarewise-macmahon-classes"


def classes_to_bytes(board: Board, reps) -> bytes:
    import numpy as np
    reps = np.asarray(reps, np.uint8).reshape(-1, board.size)
    head = f"{MAGIC} 1 {board.header} {len(reps)}\n".encode()
    return head + lzma.compress(np.ascontiguousarray(reps.T).tobytes(), preset=9 | lzma.PRESET_EXTREME)


def columns_from_bytes(data: bytes) -> tuple[Board, int, bytes]:
    """(board, count, the codes column by column: cell c of class k at c * count + k);
    SquarewiseError if the data is not a class file. Plain bytes: no numpy needed."""
    head, sep, body = data.partition(b"\n")
    parts = head.decode("ascii", "replace").split()
    if not sep or len(parts) != 4 or parts[0] != MAGIC or parts[1] != "1" or not is_ascii_number(parts[3]):
        raise SquarewiseError("not a MacMahon solution-class file")
    board = Board.parse(parts[2])
    count = int(parts[3])
    try:
        raw = lzma.decompress(body)
    except lzma.LZMAError as exc:
        raise SquarewiseError(f"corrupt MacMahon solution-class file ({exc})") from None
    if len(raw) != count * board.size:
        raise SquarewiseError("corrupt MacMahon solution-class file (wrong length)")
    if raw.translate(None, bytes(range(len(board.tiles) * 4))):    # what is left is no tile's code
        raise SquarewiseError("corrupt MacMahon solution-class file (unknown tile)")
    return board, count, raw


def classes_from_bytes(data: bytes):
    """(board, representatives as a numpy array, one row per class); SquarewiseError if the
    data is not a class file."""
    board, count, raw = columns_from_bytes(data)
    return board, _rows(board, count, raw)


def _rows(board: Board, count: int, raw: bytes):
    """The column-by-column codes as a numpy array with one row per class."""
    import numpy as np
    return np.frombuffer(raw, np.uint8).reshape(board.size, count).T.copy()


def asset_file(board: Board) -> Path:
    """Where the shipped classes of `board` would be: assets/macmahon/<header>.classes."""
    return asset_path("macmahon", f"{board.header}.classes")


@lru_cache(maxsize=None)
def asset_columns(board: Board) -> tuple[int, bytes] | None:
    """The shipped classes of `board` as (count, codes column by column), read once, or None."""
    path = asset_file(board)
    if not path.is_file():
        return None
    stored, count, raw = columns_from_bytes(path.read_bytes())
    return (count, raw) if stored == board else None


@lru_cache(maxsize=None)
def load_asset(board: Board):
    """The shipped class representatives of `board` (a read-only numpy array, one row per
    class, read once), or None."""
    shipped = asset_columns(board)
    if shipped is None:
        return None
    reps = _rows(board, *shipped)
    reps.setflags(write=False)
    return reps
