"""A move as a hand makes it: what the fair-play floor of a ranked run counts (game/net/fair.py).

Each puzzle turns its move strings into acts (`acts(start, moves)` of its engine, the engine's
list's `acts`): a kind, the cells it goes to and leaves, the turns the keyboard needs, and how
hard the pointer's aim is on its layout (`POINT_BITS` to a tray slot, `DRAG_BITS` to a board
square: Fitts's index of difficulty, docs/server.md). `keys(cursor)` counts its keystrokes;
the floor's arithmetic (times, the two inputs, the cursor) is the server's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class Act:
    """One accepted move as a hand makes it: 'place' (from the tray), 'move' (a placed piece
    elsewhere), 'turn' (turned or flipped where it lies), 'back' (to the tray); the cells it
    goes to (or leaves, for 'back'), the cells it left, the turns the keyboard needs, the piece
    or tile, and the board's width (the cursor's steps)."""
    POINT_BITS: ClassVar[float]     # the board to a tray slot: the nearest pair at any window size
    DRAG_BITS: ClassVar[float]      # a tray slot to a board square, likewise

    kind: str
    cells: frozenset[int]
    was: frozenset[int]
    turns: int
    piece: object
    cols: int

    def keys(self, cursor: frozenset[int] | None) -> int:
        """Keystrokes of the act by keyboard with the cursor on `cursor` (None: anywhere)."""
        raise NotImplementedError

    def steps(self, a: frozenset[int] | None, b: frozenset[int]) -> int:
        """The fewest cursor steps from a cell of `a` to a cell of `b` (0 with the cursor anywhere)."""
        if not a or not b:
            return 0
        cols = self.cols
        return min(abs(x // cols - y // cols) + abs(x % cols - y % cols) for x in a for y in b)
