"""Move strings of MacMahon Squares: what a player, a hint or a save does to a position, as
text (python-chess's `push_san` is the model: `execute` applies one, `describe` writes the one
between two positions).

    8b@A2       put tile 8, turned once, on A2 (strict rules: a clash is refused)
    8b@A2!      the same under free rules (clashes allowed, and marked)
    B3>8b@A2    take the tile on B3 first: a move, or a turn in place when the cells are one
    -A2         take the tile on A2 back to the tray

`8b@A2` is a `Move`'s notation (solver/macmahon/position.py).

>>> p = execute(Position.parse("4x6x3"), "2b@A1")
>>> describe(p, execute(p, "A1>2c@A1"))
'A1>2c@A1!'
"""
from __future__ import annotations

from ..errors import IllegalMove, SquarewiseError
from ..grid import parse_cell
from .position import Move, Position

FREE = "!"                 # "8b@A2!": placed under free rules (clashes allowed, marked)
TAKE_BACK = "-"            # "-A2": the tile on A2 back to the tray
FROM = ">"                 # "B3>8b@A2": the tile on B3 moved (or turned) to A2


def execute(position: Position, move: str) -> Position:
    """The position after `move`; IllegalMove (a SquarewiseError) with the engine's reason if the
    rules refuse it, SquarewiseError if it is not a move string.

    >>> p = execute(Position.parse("4x6x3"), "2b@A1")
    >>> execute(p, "A1>2b@A2!").notation()
    '4x6x3:.2b..../....../....../......'
    >>> execute(p, "-A1").notation()
    '4x6x3:....../....../....../......'
    >>> execute(p, "-B1")
    Traceback (most recent call last):
    ...
    solver.errors.IllegalMove: no tile on B1
    >>> execute(p.with_givens(), "A1>2c@A1")
    Traceback (most recent call last):
    ...
    solver.errors.IllegalMove: the tile on A1 is given: it stays put
    """
    if not isinstance(move, str):
        raise SquarewiseError(f"a move is text like 8b@A2 or -A2, not {move!r}")
    if move.startswith(TAKE_BACK):
        return position.remove(_movable(move[len(TAKE_BACK):], position))
    source, _, rest = move.rpartition(FROM)
    if source:
        position = position.remove(_movable(source, position))
    free = rest.endswith(FREE)
    made = Move.parse(rest[:-1] if free else rest, position.board)
    return position.place_unchecked(made) if free else position.place(made)


def _movable(name: str, position: Position) -> int:
    """The cell named `name`, which must hold a tile the puzzle does not give."""
    board = position.board
    cell = parse_cell(name, board.rows, board.cols)
    if position.cells[cell] is None:
        raise IllegalMove(f"no tile on {board.cell_name(cell)}")
    if cell in position.givens:
        raise IllegalMove(f"the tile on {board.cell_name(cell)} is given: it stays put")
    return cell


def describe(before: Position, after: Position) -> str:
    """The move string that takes `before` to `after` (one tile put, moved, turned or taken
    back; written under free rules, which take any of them); SquarewiseError if no one move does.

    >>> empty = Position.parse("4x6x3")
    >>> describe(empty, execute(empty, "2b@A1"))
    '2b@A1!'
    >>> describe(execute(empty, "2b@A1"), empty)
    '-A1'
    """
    board = before.board
    changed = [c for c in range(board.size) if before.cells[c] != after.cells[c]]
    came = [c for c in changed if before.cells[c] is not None]
    went = [c for c in changed if after.cells[c] is not None]
    if after.board != board or len(went) > 1 or len(came) > 1 or not changed:
        raise SquarewiseError("not one move apart")
    if not went:
        return f"{TAKE_BACK}{board.cell_name(came[0])}"
    cell = went[0]
    source = f"{board.cell_name(came[0])}{FROM}" if came else ""
    return source + Move(*after.cells[cell], cell).notation(board) + FREE
