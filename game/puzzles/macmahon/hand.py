"""The MacMahon play state without pygame (what Tatham's `game_ui` is to a midend): the tile in
hand, and what putting it down or turning a placed tile does to a position under strict rules
(a rule break is refused with the engine's reason) or free ones (anything goes on an empty
cell; clashes are marked). The scene turns the pointer or the cursor into a cell and shows the answers."""
from __future__ import annotations

from dataclasses import dataclass

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


def put_down(position: Position, held: Held, cell: int | None, strict: bool) -> Position | str | None:
    """Putting `held` down on `cell` (None: off the board, which sends a tile from the board back
    to the tray): the new position, the reason the rules refuse it, or None when nothing changes."""
    if cell is None:
        return position.remove(held.source) if held.source is not None else None
    if cell == held.source and position.cells[cell] == (held.tile, held.rotation):
        return None
    base = without_held(position, held)
    move = Move(held.tile, held.rotation, cell)
    try:
        return base.place(move) if strict else base.place_unchecked(move)
    except IllegalMove as exc:
        return str(exc)


def ghost_clashes(position: Position, move: Move) -> frozenset[tuple[int, str]]:
    """The (cell, side) triangles that `move` would put in a clash on `position` (an empty cell):
    its own sides that meet another colour or a wrong border, and the neighbours' sides they meet."""
    return position.place_unchecked(move).clashes() - position.clashes()


def turn_in_place(position: Position, cell: int, times: int, strict: bool) -> tuple[Move | None, str | None]:
    """The move that turns the tile on `cell` where it lies, `times` quarter turns at a time:
    free rules take the next way round that looks different, strict ones the next that fits.
    (None, the last reason) when no way round will do."""
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
