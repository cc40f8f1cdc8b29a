"""Every solution of a Genius Square position, in a stable order, listed or picked by number.

`Solutions(position)` counts the completions once with the engine's memoised count
(search._count, about 40 ms for a bare board); the table it fills holds the number of
completions of every live state, so the solutions can then be walked without ever entering
a dead end (a child with no completions is skipped by one lookup), and the k-th solution is
found directly by subtracting the counts of the branches before it. The order is the
engine's: cover the lowest free cell, placements in search.TRY_ORDER and board order.

For the after-win stepper ("see the other N solutions"): `len(s)`, `s[k]` and `iter(s)`; for
`squarewise genius solutions`: `s.notations(start)`, the texts alone, from any number on.
"""
from __future__ import annotations

from typing import Iterator

from .pieces import PIECES
from .position import Move, Position
from .search import _PIECE_OF, CANDIDATES, CELLS_OF, LAST, _count, _state, _with, regions_fit


class Solutions:
    """The completions of `position` (pieces already placed are kept), as a read-only sequence."""

    def __init__(self, position: Position):
        self.position = position
        self._free, self._rem = _state(position)
        self._memo: dict[int, int] = {}
        self._kids: dict[int, list] = {}
        if not self._rem:
            self._total = 1
        elif not regions_fit(self._free, self._rem):
            self._total = 0
        else:
            self._total = _count(self._free, self._rem, self._memo, None)

    def __len__(self) -> int:
        return self._total

    def _live(self, free: int, rem: int) -> int:
        """Completions of a state: 0 or 1 when one piece or none is left, else from the table."""
        if not rem & (rem - 1):
            return 1 if not rem or (rem << 36 | free) in LAST else 0
        return self._memo.get(rem << 36 | free, 0)

    def _children(self, free: int, rem: int):
        """(bit, mask, completions) of every placement on the lowest free cell that leads on
        (remembered per state: the walk meets the same states again and again)."""
        key = rem << 36 | free
        known = self._kids.get(key)
        if known is not None:
            return known
        if not rem & (rem - 1):  # the last piece fills exactly the free cells
            out = [(rem, free, 1)] if key in LAST else []
        else:
            out = []
            for bit, m in CANDIDATES[((free & -free).bit_length() - 1) << 9 | rem]:
                if free & m == m:
                    n = self._live(free ^ m, rem ^ bit)
                    if n:
                        out.append((bit, m, n))
        self._kids[key] = out
        return out

    def _position(self, found: list[tuple[int, int]]) -> Position:
        return _with(self.position, found)

    def __getitem__(self, k: int) -> Position:
        """The k-th solution (negative k counts from the end); IndexError outside 0..len-1."""
        if k < 0:
            k += self._total
        if not 0 <= k < self._total:
            raise IndexError(f"solution {k} of {self._total}")
        free, rem, found = self._free, self._rem, []
        while rem:
            for bit, m, n in self._children(free, rem):
                if k < n:
                    found.append((bit, m))
                    free, rem = free ^ m, rem ^ bit
                    break
                k -= n
        return self._position(found)

    def __iter__(self) -> Iterator[Position]:
        """Every solution in order, made one at a time."""
        for found in self._paths():
            yield self._position(found)

    def notations(self, start: int = 0) -> Iterator[str]:
        """The notation of every solution from number `start` on, in order: the same text as
        `s[k].notation()`, written straight from the walk (no Position is built)."""
        fixed = [None] * len(PIECES)
        for piece, cells in self.position.placed.items():
            fixed[PIECES.index(piece)] = "/" + Move(piece, cells).notation()
        head = Position._trusted(self.position.blockers, {}).notation()
        texts = _MOVE_TEXTS
        for found in self._paths(start):
            parts = fixed.copy()
            for bit, m in found:
                text = texts.get(m)
                if text is None:
                    text = texts[m] = "/" + Move(_PIECE_OF[bit], CELLS_OF[m]).notation()
                parts[bit.bit_length() - 1] = text
            yield head + "".join(filter(None, parts))

    def _paths(self, start: int = 0) -> Iterator[list[tuple[int, int]]]:
        """The (piece bit, mask) placements of every solution from number `start` on, in order
        (one list, changed between yields): the walk goes down to solution `start` as
        __getitem__ does, keeping the branches still to take on a stack, then on from there."""
        if not 0 <= start < self._total:
            return
        free, rem, k = self._free, self._rem, start
        found: list[tuple[int, int]] = []
        stack = []
        while rem:
            branches = iter(self._children(free, rem))
            for bit, m, n in branches:
                if k < n:
                    break
                k -= n
            stack.append(branches)
            found.append((bit, m))
            free, rem = free ^ m, rem ^ bit
        yield found
        while stack:
            bit, m = found.pop()
            free, rem = free ^ m, rem ^ bit
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                continue
            while True:           # down the first branch: every child listed leads on
                bit, m, _ = step
                found.append((bit, m))
                free, rem = free ^ m, rem ^ bit
                if not rem:
                    break
                branches = iter(self._children(free, rem))
                stack.append(branches)
                step = next(branches)
            yield found


# placement mask -> "/piece:cells", filled as the walks meet them (a mask names its piece's cells)
_MOVE_TEXTS: dict[int, str] = {}
