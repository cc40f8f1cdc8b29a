"""Solution classes as compact bytes: the shipped asset and the game's cache.

Format: the line ``squarewise-macmahon-classes 1 <board header> <count>\\n`` followed by the
LZMA-compressed class representatives, one row of codes (tile*4 + rotation, one byte per
cell, row-major) per class, stored column by column (it compresses better).
The 13,328 classes of the 4 x 6 board take about 66 kB.
"""
from __future__ import annotations

import lzma
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..assets import asset_path
from ..errors import SquarewiseError
from ..grid import is_ascii_number
from .position import Board

MAGIC = "squarewise-macmahon-classes"


def classes_to_bytes(board: Board, reps: np.ndarray) -> bytes:
    reps = np.asarray(reps, np.uint8).reshape(-1, board.size)
    head = f"{MAGIC} 1 {board.header} {len(reps)}\n".encode()
    return head + lzma.compress(np.ascontiguousarray(reps.T).tobytes(), preset=9 | lzma.PRESET_EXTREME)


def classes_from_bytes(data: bytes) -> tuple[Board, np.ndarray]:
    """(board, representatives); SquarewiseError if the data is not a class file."""
    head, sep, body = data.partition(b"\n")
    parts = head.decode("ascii", "replace").split()
    if not sep or len(parts) != 4 or parts[0] != MAGIC or parts[1] != "1" or not is_ascii_number(parts[3]):
        raise SquarewiseError("not a MacMahon solution-class file")
    board = Board.parse(parts[2])
    count = int(parts[3])
    try:
        raw = np.frombuffer(lzma.decompress(body), np.uint8)
    except lzma.LZMAError as exc:
        raise SquarewiseError(f"corrupt MacMahon solution-class file ({exc})") from None
    if raw.size != count * board.size:
        raise SquarewiseError("corrupt MacMahon solution-class file (wrong length)")
    reps = raw.reshape(board.size, count).T.copy()
    if len(reps) and int(reps.max()) >= len(board.tiles) * 4:
        raise SquarewiseError("corrupt MacMahon solution-class file (unknown tile)")
    return board, reps


def asset_file(board: Board) -> Path:
    """Where the shipped classes of `board` would be: assets/macmahon/<header>.classes."""
    return asset_path("macmahon", f"{board.header}.classes")


@lru_cache(maxsize=None)
def load_asset(board: Board) -> np.ndarray | None:
    """The shipped class representatives of `board` (read-only, read once), or None."""
    path = asset_file(board)
    if not path.is_file():
        return None
    stored, reps = classes_from_bytes(path.read_bytes())
    reps.setflags(write=False)
    return reps if stored == board else None
