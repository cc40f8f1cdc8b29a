"""MacMahon Squares' ranked daily runs on a server (game/net/deal.py): whether a deal is the
offline daily under another face, a run's board read back from the store, and its moves (the
strict rules only)."""
from __future__ import annotations

from ..daily import Day
from ..errors import IllegalMove, SquarewiseError
from .moves import FREE, execute
from .position import Position


def same_deal(a: Day, b: Day) -> bool:
    """Whether two dailies (each with one finish) finish in the same solution class: the same
    puzzle up to the board's symmetries, whichever tiles they give."""
    from .search import finish              # (numpy and the solution table: only a server's deal needs them)
    from .symmetry import canonical
    return canonical(finish(a.start)) == canonical(finish(b.start))


def run_position(start: Position, notation: str) -> Position:
    """The position written `notation`, checked to be one of `start`'s (its board, its given
    tiles), with `start`'s givens (they stay put); SquarewiseError if not."""
    position = Position.parse(notation)
    if position.board != start.board or any(position.cells[c] != start.cells[c] for c in start.givens):
        raise SquarewiseError("its board or given tiles are not the day's")
    return position.with_givens(start.givens)


def run_move(position: Position, move: str) -> Position:
    """The position after a ranked run's `move`: the strict rules only (IllegalMove otherwise)."""
    if move.endswith(FREE):
        raise IllegalMove("a daily run keeps the strict rules: colours must match (no '!' moves)")
    return execute(position, move)
