"""Move strings of the Genius Square: what a player, a hint, a save or a race server does to a
position, as text (python-chess's `push_san` is the model: `execute` applies a move string,
`describe` writes the one between two positions).

    4-O:C2C3D2D3    put the square on C2 C3 D2 D3: from the tray, or moved there (a turn or a
                    flip in place is a move of that piece) if it is on the board already
    -4-O            take the square back to the tray

The first form is a `Move`'s notation (solver/genius/position.py). A piece the puzzle gives
(`Position.givens`) stays put: a move that takes it back or moves it is refused.

>>> p = execute(Position.parse("A1A2A4A6B4D5E1"), "1:F6")
>>> p.notation()
'A1A2A4A6B4D5E1/1:F6'
>>> describe(p, execute(p, "1:F5"))
'1:F5'
"""
from __future__ import annotations

from functools import lru_cache

from ..errors import IllegalMove, SquarewiseError
from .position import Move, Position

TAKE_BACK = "-"            # "-4-O": the piece back to the tray

# Move strings parsed once (a Move is immutable; a race server parses the same few thousand).
_parse = lru_cache(maxsize=4096)(Move.parse)


def execute(position: Position, move: str) -> Position:
    """The position after `move`; IllegalMove (a SquarewiseError) with the engine's reason if the
    rules refuse it, SquarewiseError if it is not a move string.

    >>> p = execute(Position.parse("A1A2A4A6B4D5E1"), "4-O:C2C3D2D3")
    >>> execute(p, "4-O:C3C4D3D4").notation()
    'A1A2A4A6B4D5E1/4-O:C3C4D3D4'
    >>> execute(p, "-4-O").notation()
    'A1A2A4A6B4D5E1'
    >>> execute(p, "-1")
    Traceback (most recent call last):
    ...
    solver.errors.IllegalMove: 1 is not on the board
    >>> execute(p.with_givens(), "-4-O")
    Traceback (most recent call last):
    ...
    solver.errors.IllegalMove: the 4-O is given: it stays put
    """
    if not isinstance(move, str):
        raise SquarewiseError(f"a move is text like 4-O:C2C3D2D3 or -4-O, not {move!r}")
    if move.startswith(TAKE_BACK):
        piece = move[len(TAKE_BACK):].strip().upper()
        if piece not in position.placed:
            raise IllegalMove(f"{piece} is not on the board")
        _movable(position, piece)
        return position.remove(piece)
    made = _parse(move)
    _movable(position, made.piece)
    base = position.remove(made.piece) if made.piece in position.placed else position
    return base.place(made)


def _movable(position: Position, piece: str) -> None:
    """IllegalMove if `piece` is one the puzzle gives."""
    if piece in position.givens:
        raise IllegalMove(f"the {piece} is given: it stays put")


def describe(before: Position, after: Position) -> str:
    """The move string that takes `before` to `after` (one piece put, moved or taken back);
    SquarewiseError if no one move does.

    >>> empty = Position.parse("A1A2A4A6B4D5E1")
    >>> describe(empty, Position.parse("A1A2A4A6B4D5E1/1:F6"))
    '1:F6'
    >>> describe(Position.parse("A1A2A4A6B4D5E1/1:F6"), empty)
    '-1'
    """
    changed = [p for p in set(before.placed) | set(after.placed) if before.placed.get(p) != after.placed.get(p)]
    if before.blockers != after.blockers or len(changed) != 1:
        raise SquarewiseError("not one move apart")
    piece = changed[0]
    return f"{TAKE_BACK}{piece}" if piece not in after.placed else Move(piece, after.placed[piece]).notation()
