"""The order in which a person would lay the pieces of a known solution.

A solver fills the board in whatever order its search found; a person racing on a real
board does not. Two orders a person uses, both deterministic:

- "tightest": first the spot with the fewest ways to fill it. Every empty cell is scored
  by how many placements of the pieces still in hand fit the empty cells and cover it; the
  solution's piece on the lowest-scored cell goes down next (ties: the cell first in board
  order). A pocket beside a blocker or a corner is settled before the open middle, and a
  piece with few places to go (the long 4-I, the square 4-O) tends to come early.
- "reading": the piece on the lowest empty cell, board order (left to right, top to
  bottom): how a beginner fills a board.

Only the order is chosen here: the pieces and their cells are the solution's.
"""
from __future__ import annotations

from .pieces import placements
from .position import Move, Position

STYLES = ("tightest", "reading")


def _lowest_first(pending: dict[str, frozenset[int]], free: set[int]) -> str:
    first = min(free)
    return next(piece for piece, cells in pending.items() if first in cells)


def _tightest(pending: dict[str, frozenset[int]], free: set[int]) -> str:
    ways = dict.fromkeys(free, 0)
    for piece in pending:
        for cells in placements(piece):
            if free.issuperset(cells):
                for c in cells:
                    ways[c] += 1
    cell = min(free, key=lambda c: (ways[c], c))
    return next(piece for piece, cells in pending.items() if cell in cells)


def placing_order(start: Position, solution: Position, style: str = "tightest") -> list[Move]:
    """The moves that take `start` to `solution`, in the order of `style`.

    ValueError if `style` is unknown or `solution` is not a completion of `start`.
    """
    pick = {"tightest": _tightest, "reading": _lowest_first}.get(style)
    if pick is None:
        raise ValueError(f"unknown placing order '{style}' (orders: {', '.join(STYLES)})")
    if solution.blockers != start.blockers or not solution.is_complete or any(
            solution.placed.get(p) != cells for p, cells in start.placed.items()):
        raise ValueError("the solution does not complete the start position")
    pending = dict(start.moves_to(solution))
    free = set(start.empty)
    order = []
    while pending:
        piece = pick(pending, free)
        cells = pending.pop(piece)
        free.difference_update(cells)
        order.append(Move(piece, cells))
    return order
