"""A deliberately simple Genius Square solver, kept as the yardstick for the fast search.

It uses sets of cells and no pruning at all: take the first empty cell in board order, try
every unplaced piece in every placement that covers it and fits, recurse. Slow but obviously
right; the tests compare the fast search in `search.py` against it.
"""
from __future__ import annotations

from typing import Iterator

from .board import CELLS
from .pieces import PIECES, placements


def completions(blockers, placed=None) -> Iterator[dict[str, frozenset[int]]]:
    """Every way to finish the board (piece -> cells), keeping the pieces in `placed`."""
    placed = {p: frozenset(c) for p, c in (placed or {}).items()}
    used = set(blockers)
    for cells in placed.values():
        used |= cells
    yield from _extend(used, placed)


def _extend(used: set[int], placed: dict) -> Iterator[dict[str, frozenset[int]]]:
    empty = [c for c in range(CELLS) if c not in used]
    if not empty:
        if len(placed) == len(PIECES):
            yield dict(placed)
        return
    first = empty[0]
    for piece in PIECES:
        if piece in placed:
            continue
        for cells in placements(piece):
            if first in cells and not used.intersection(cells):
                placed[piece] = frozenset(cells)
                yield from _extend(used | placed[piece], placed)
                del placed[piece]


def count(blockers, placed=None) -> int:
    """The number of completions."""
    return sum(1 for _ in completions(blockers, placed))
