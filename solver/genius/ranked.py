"""The Genius Square's ranked daily runs on a server (game/net/deal.py): whether a deal is the
offline daily under another face, and a run's board read back from the store."""
from __future__ import annotations

from ..daily import Day
from ..errors import SquarewiseError
from .board import SIZE
from .moves import execute
from .position import Position

run_move = execute                  # a ranked run's move: every Genius move string is the strict rules'


def _images(cells) -> set[frozenset[int]]:
    """The blocker cells under the square's 8 symmetries (a turned or mirrored board is the same puzzle)."""
    out = set()
    for turns in range(4):
        for mirror in (False, True):
            moved = []
            for cell in cells:
                r, c = divmod(cell, SIZE)
                if mirror:
                    c = SIZE - 1 - c
                for _ in range(turns):
                    r, c = c, SIZE - 1 - r
                moved.append(r * SIZE + c)
            out.add(frozenset(moved))
    return out


def same_deal(a: Day, b: Day) -> bool:
    """Whether two dailies roll the same blockers, up to turning or mirroring the board."""
    return frozenset(a.start.blockers) in _images(b.start.blockers)


def run_position(start: Position, notation: str) -> Position:
    """The position written `notation`, checked to be one of `start`'s (its blockers, its given
    pieces where they were given); SquarewiseError if not."""
    position = Position.parse(notation)
    if position.blockers != start.blockers:
        raise SquarewiseError("its blockers are not the day's")
    if position.givens != start.givens or any(position.placed[p] != start.placed[p] for p in start.givens):
        raise SquarewiseError("its given pieces are not the day's")     # (a Sunday's One way)
    return position
