"""The MacMahon hand without pygame (what Tatham's `game_ui` is to a mid end): the tile in
hand, each tile's way round in the tray, the keyboard cursor, and the move string that putting
a tile down or turning a placed one makes, under strict rules (a rule break is refused with
the engine's reason) or free ones (anything goes on an empty cell; clashes are marked). The
session plays the moves (solver/macmahon/moves.py `execute`); the screen turns the
pointer or the cursor into a cell and shows the answers."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from game.puzzles.macmahon.words import hint_text
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


class Landing(NamedTuple):
    """Where the held tile would go: the cell, the rules' reason against it (None: it fits),
    whether it may go there all the same (free rules on an empty cell), and the triangles it
    would put in a clash."""
    cell: int
    reason: str | None
    allowed: bool
    clashes: frozenset


class Hand:
    """The tile in hand, each tile's way round in the tray, the keyboard cursor (a cell), the
    cell under the pointer, the tile number being typed, the rules in force (`strict`), the
    and the engine's marks: a hint's rung and a
    tile to take back. `keyboard`: the keys are in use, so the held tile follows the cursor."""

    def __init__(self):
        self.held: Held | None = None
        self.orient: dict[int, int] = {}
        self.cursor = 0
        self.pointer: int | None = None
        self.keyboard = False
        self.number = TileNumber()
        self.strict = True
        self.solutions: int | None = None          # the board's solutions, when counted
        self.hint: tuple[int, int, int, int, float] | None = None     # tile, rotation, cell, step, seconds left
        self.blamed: tuple[int, float] | None = None                  # cell, seconds left

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

    def fresh(self, start: Position) -> None:
        """A new board: every tile the way it lies in the tray, the cursor on the board."""
        self.orient = {}
        self.cursor = min(self.cursor, start.board.size - 1)
        self.solutions = None

    def anchor(self) -> int | None:
        """The cell the held tile is over: the cursor's in keyboard play, else the pointer's."""
        return self.cursor if self.keyboard else self.pointer

    @staticmethod
    def lies_on(position: Position, tile: int, cell: int) -> bool:
        """Whether `tile` lies on `cell` (the guided game's check)."""
        there = position.cells[cell]
        return there is not None and there[0] == tile

    @staticmethod
    def turn_of(held: Held | None) -> tuple[int, int] | None:
        """(tile, how it is turned) of the held tile; None for nothing held."""
        return None if held is None else (held.tile, held.rotation)

    def filled(self, position: Position) -> float:
        """How full the board is, 0..1 (a drop's note rises with it)."""
        return sum(v is not None for v in position.cells) / position.board.size

    def shown(self, position: Position) -> Position:
        """What the board shows: `position` without the tile in hand."""
        return without_held(position, self.held)

    def landing(self, position: Position) -> Landing | None:
        """Where the held tile would go now, and whether the rules allow it (None: nothing
        held, or off the board)."""
        cell = self.anchor()
        if self.held is None or cell is None:
            return None
        base = self.shown(position)
        move = Move(self.held.tile, self.held.rotation, cell)
        reason = base.check(move)
        empty = base.cells[cell] is None
        clashes = ghost_clashes(base, move) if reason is not None and empty else frozenset()
        return Landing(cell, reason, reason is None or (not self.strict and empty), clashes)

    # ------------------------------------------------------------------ the engine's marks and words
    def clear_marks(self) -> None:
        self.hint = self.blamed = None

    def tick(self, dt: float) -> None:
        """The marks fade; a tile number not finished in time ends."""
        self.number.tick(dt)
        if self.hint is not None:
            self.hint = None if self.hint[-1] <= dt else (*self.hint[:-1], self.hint[-1] - dt)
        if self.blamed is not None:
            self.blamed = None if self.blamed[-1] <= dt else (self.blamed[0], self.blamed[-1] - dt)

    @property
    def mark(self):
        """A mark on the board (it pulses while it shows), or None."""
        return self.hint or self.blamed

    def mark_hint(self, position: Position, step) -> None:
        """A hint's rung on the board: its tray slot lights, then its cell is ringed, then its
        ghost shows turned as it goes."""
        tile, rotation, cell = step.move
        self.hint = (tile, rotation, cell, step.step, 5.0 if step.complete else 6.0)

    def hint_words(self, position: Position, step) -> str:
        return hint_text(step, position.board.cols)

    def stuck_words(self, position: Position, answer) -> str:
        """Say there is no way on, and which tile to take back if one will do (marked)."""
        cell, board = answer.blame, position.board
        placed = [c for c, v in enumerate(position.cells) if v is not None]
        if cell is not None:
            self.blamed = (cell, 6.0)
            return f"No: no solution keeps these tiles. Take back tile {position.cells[cell][0] + 1} " \
                   f"on {board.cell_name(cell)}"
        if not placed or set(placed) <= position.givens and self.solutions == 0:
            return f"No: the {board.rows} x {board.cols} board has no solution at all"
        return "No: no solution keeps these tiles, and no single tile taken back will do"
