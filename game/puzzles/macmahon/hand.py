"""The MacMahon hand without pygame (what Tatham's `game_ui` is to a mid end): the tile in
hand, each tile's way round in the tray, the keyboard cursor, and the move string that putting
a tile down or turning a placed one makes, under strict rules (a rule break is refused with
the engine's reason) or free ones (anything goes on an empty cell; clashes are marked). The
session plays the moves (solver/macmahon/moves.py `execute`); the screen turns the
pointer or the cursor into a cell and shows the answers."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from solver.macmahon.moves import FREE
from solver.errors import IllegalMove
from solver.macmahon.position import Move, Position
from solver.macmahon.tiles import rotate


DIGIT_WAIT = 0.9           # seconds to type the second digit of a tile number


@dataclass(frozen=True)
class Held:
    """The tile in hand, its rotation, the cell it came from (None: the tray) and whether it
    was picked up by a click (it then follows the pointer until the next click)."""
    tile: int
    rotation: int
    source: int | None
    sticky: bool = False


def without_held(position: Position, held: Held | None) -> Position:
    """What the board shows while `held` is in hand: the position without it."""
    if held is not None and held.source is not None:
        return position.remove(held.source)
    return position


class Drop(NamedTuple):
    """What putting the tile down does: a move for the session, or the rules' reason against
    it; neither when nothing changes."""
    move: str | None
    reason: str | None


def move_text(position: Position, held: Held, cell: int, strict: bool) -> str:
    """The move string that puts `held` on `cell` (from its cell, if it came from the board)."""
    board = position.board
    source = f"{board.cell_name(held.source)}>" if held.source is not None else ""
    return source + Move(held.tile, held.rotation, cell).notation(board) + ("" if strict else FREE)


def drop(position: Position, held: Held, cell: int | None, strict: bool) -> Drop:
    """Putting `held` down on `cell` (None: off the board, which sends a tile from the board
    back to the tray)."""
    if cell is None:
        return Drop(f"-{position.board.cell_name(held.source)}" if held.source is not None else None, None)
    if cell == held.source and position.cells[cell] == (held.tile, held.rotation):
        return Drop(None, None)
    base = without_held(position, held)
    move = Move(held.tile, held.rotation, cell)
    try:
        base.place(move) if strict else base.place_unchecked(move)
    except IllegalMove as exc:
        return Drop(None, str(exc))
    return Drop(move_text(position, held, cell, strict), None)


def ghost_clashes(position: Position, move: Move) -> frozenset[tuple[int, str]]:
    """The (cell, side) triangles that `move` would put in a clash on `position` (an empty cell):
    its own sides that meet another colour or a wrong border, and the neighbours' sides they meet."""
    return position.place_unchecked(move).clashes() - position.clashes()


def turn_in_place(position: Position, cell: int, times: int, strict: bool) -> tuple[Move | None, str | None]:
    """The move that turns the tile on `cell` where it lies, `times` quarter turns at a time:
    free rules take the next way round that looks different, strict ones the next that fits.
    (None, the last reason) when no way round will do. `turn_text` writes it for the session."""
    tile, now = position.cells[cell]
    base, faces = position.remove(cell), position.board.tiles[tile]
    reason = None
    for k in range(1, 4):
        rotation = (now + k * times) % 4
        if rotate(faces, rotation) == rotate(faces, now):
            continue                       # a symmetric tile looks the same this way round
        move = Move(tile, rotation, cell)
        reason = base.check(move)
        if reason is None or not strict:
            return move, None
    return None, reason


def turn_text(position: Position, move: Move) -> str:
    """The move string of a turn in place found by `turn_in_place` (always played as free: it
    was checked there under the rules in force)."""
    return f"{position.board.cell_name(move.cell)}>{move.notation(position.board)}{FREE}"


class TileNumber:
    """Tile numbers typed at the keyboard: a digit picks a tile, and a second digit typed within
    DIGIT_WAIT seconds makes a two-digit number (10..) when there is such a tile."""

    def __init__(self):
        self.digits = ""
        self.clock = 0.0           # seconds left to type a second digit

    def type(self, digit: str, tiles: int) -> int:
        """The tile number (1-based; 0 for none) that typing `digit` makes now."""
        self.digits = (self.digits + digit)[-2:] if self.clock > 0 else digit
        self.clock = DIGIT_WAIT
        number = int(self.digits)
        if not 1 <= number <= tiles:
            number = int(digit)
            self.digits = digit
        return number

    def end(self) -> None:
        """Any other key ends a number."""
        self.clock = 0.0

    def tick(self, dt: float) -> None:
        self.clock = max(0.0, self.clock - dt)


def next_empty(cells, cursor: int) -> int:
    """The cursor moved on (row by row, round the board) to an empty cell, if it is on a filled one."""
    if cells[cursor] is None:
        return cursor
    size = len(cells)
    return next((c % size for c in range(cursor + 1, cursor + size) if cells[c % size] is None), cursor)


def next_tile(unplaced: list[int], now: int | None, step: int, tiles: int) -> int:
    """The tile of the tray after (step 1) or before (-1) tile `now` by number (None: from the
    start or the end), round the tray."""
    if now is None:
        now = -1 if step > 0 else tiles
    later = [t for t in unplaced if (t - now) * step > 0]
    return (later[0] if step > 0 else later[-1]) if later else (unplaced[0] if step > 0 else unplaced[-1])


class Hand:
    """The tile in hand, each tile's way round in the tray, the keyboard cursor (a cell) and
    the tile number being typed."""

    def __init__(self):
        self.held: Held | None = None
        self.orient: dict[int, int] = {}
        self.cursor = 0
        self.number = TileNumber()

    def let_go(self) -> None:
        self.held = None

    def stick(self) -> None:
        self.held = replace(self.held, sticky=True)

    def hold(self, held: Held) -> None:
        self.held = held
        if held.source is not None:
            self.cursor = held.source

    def turn(self, times: int) -> None:
        rotation = (self.held.rotation + times) % 4
        self.orient[self.held.tile] = rotation
        self.held = replace(self.held, rotation=rotation)

    def fresh(self, size: int) -> None:
        """A new board: every tile the way it lies in the tray, the cursor on the board."""
        self.orient = {}
        self.cursor = min(self.cursor, size - 1)
