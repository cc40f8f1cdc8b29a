"""The Genius hand without pygame (what Tatham's `game_ui` is to a mid end): the piece in hand,
turning and flipping it, where it lands on a board square and whether the rules allow it
(`Hand.aim`, computed once per position, piece and square however often a frame asks), and
the move string that putting it down makes (`drop`), which the session plays. The screen
turns the pointer or the keyboard cursor into a board square and shows the answers."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from game.puzzles.genius.words import hint_text, piece_words, reason_words
from solver.genius.board import SIZE
from solver.genius.pieces import PIECES, cells_at, flip, orientation_of, orientations, turn
from solver.genius.position import Move, Position


@dataclass(frozen=True)
class Held:
    """The piece in hand: its orientation, the square of the shape under the pointer, and
    where it came from ('tray' or 'board'). `sticky`: picked up by a click, follows the
    pointer until the next click."""
    piece: str
    orientation: int
    grab: tuple[int, int]
    source: str
    sticky: bool = False


def centre_square(piece: str, orientation: int) -> tuple[int, int]:
    """The square of the shape nearest its middle (what the pointer holds after a turn)."""
    shape = orientations(piece)[orientation]
    rows, cols = max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1
    return min(shape, key=lambda rc: ((rc[0] - (rows - 1) / 2) ** 2 + (rc[1] - (cols - 1) / 2) ** 2, rc))


def corner(cells) -> tuple[int, int]:
    """The (row, col) of the top left corner of the cells' bounding box."""
    return min(c // SIZE for c in cells), min(c % SIZE for c in cells)


def square_on(cells, cell: int) -> tuple[int, int]:
    """The square of a placed piece's shape that lies on `cell` (the grab of a pick-up there)."""
    r0, c0 = corner(cells)
    return cell // SIZE - r0, cell % SIZE - c0


def pick_up(position: Position, piece: str, orientation: int, *, sticky: bool,
            grab: tuple[int, int] | None = None) -> tuple[Held, tuple[int, int] | None]:
    """`piece` taken from the board (if placed there) or the tray (turned `orientation`), and the
    board square now under the grabbed square (None from the tray)."""
    if piece in position.placed:
        cells = position.placed[piece]
        orientation = orientation_of(piece, cells)
        grab = grab if grab is not None else centre_square(piece, orientation)
        r0, c0 = corner(cells)
        return Held(piece, orientation, grab, "board", sticky), (r0 + grab[0], c0 + grab[1])
    return Held(piece, orientation, grab or centre_square(piece, orientation), "tray", sticky), None


def reoriented(held: Held, orientation: int, move=None) -> Held:
    """`held` the other way round; its grabbed square goes where `move` ((row, col) -> (row,
    col), a turn or a mirror of the shape) takes it, so the square under the pointer stays
    there (the middle square if `move` does not give the new shape)."""
    grab = centre_square(held.piece, orientation)
    if move is not None:
        old = orientations(held.piece)[held.orientation]
        moved = [move(rc) for rc in old]
        r0, c0 = min(r for r, _ in moved), min(c for _, c in moved)
        if sorted((r - r0, c - c0) for r, c in moved) == sorted(orientations(held.piece)[orientation]):
            g = move(held.grab)
            grab = (g[0] - r0, g[1] - c0)
    return replace(held, orientation=orientation, grab=grab)


def turned(held: Held, times: int = 1) -> Held:
    """The held piece turned `times` quarter turns clockwise round the square it is held by."""
    for _ in range(times % 4):
        held = reoriented(held, turn(held.piece, held.orientation), lambda rc: (rc[1], -rc[0]))
    return held


def flipped(held: Held) -> Held:
    """The held piece turned over left to right, still held by the same square."""
    return reoriented(held, flip(held.piece, held.orientation), lambda rc: (rc[0], -rc[1]))


def landing(held: Held, at: tuple[int, int]) -> tuple[int, ...] | None:
    """The cells the held piece covers with its grabbed square on board square `at` (None if
    part of it would be off the board)."""
    return cells_at(held.piece, held.orientation, at[0] - held.grab[0], at[1] - held.grab[1])


def without_held(position: Position, held: Held | None) -> Position:
    """What the board shows while `held` is in hand: the position without it."""
    if held and held.source == "board" and held.piece in position.placed:
        return position.remove(held.piece)
    return position


class Aim(NamedTuple):
    """Where the held piece would land (None: partly off the board), the rules' reason against
    it (None: it fits) and the cells where it breaks them."""
    cells: tuple[int, ...] | None
    reason: str | None
    offending: frozenset[int]


class Drop(NamedTuple):
    """What putting the piece down does: a move for the session, or the rules' reason against
    it; neither when nothing changes (put back where it was, or dropped off the board from the tray)."""
    move: str | None
    reason: str | None


def aim(position: Position, held: Held, at: tuple[int, int]) -> Aim:
    """Where `held` lands with its grabbed square on board square `at`, and whether it may."""
    cells = landing(held, at)
    base = without_held(position, held)
    move = Move(held.piece, cells)
    reason = base.check(move)
    return Aim(cells, reason, base.clashes(move) if reason is not None and cells is not None else frozenset())


def drop(position: Position, held: Held, at: tuple[int, int] | None, found: Aim | None = None) -> Drop:
    """Putting `held` down with its grabbed square on `at` (None: off the board, which sends a
    piece from the board back to the tray); `found`: its aim there, if known already."""
    if at is None:
        return Drop(f"-{held.piece}" if held.source == "board" else None, None)
    found = found or aim(position, held, at)
    if found.reason is not None:
        return Drop(None, found.reason)
    if held.source == "board" and position.placed.get(held.piece) == frozenset(found.cells):
        return Drop(None, None)
    return Drop(Move(held.piece, frozenset(found.cells)).notation(), None)


def turned_in_place(position: Position, piece: str, cell: int, change) -> Drop:
    """The placed `piece` changed by `change` (Held -> Held: a turn or a flip) where it lies:
    held by the square on `cell` first, then by each other square, nearest first, until the
    changed piece fits; the reason against the first try when none does (neither: it looks
    the same, as the O turned)."""
    cells = position.placed[piece]
    at = divmod(cell, SIZE)
    squares = sorted(cells, key=lambda c: (abs(c // SIZE - at[0]) + abs(c % SIZE - at[1]), c))
    first = None
    for c in squares:
        held, _ = pick_up(position, piece, 0, sticky=False, grab=square_on(cells, c))
        found = drop(position, change(held), divmod(c, SIZE))
        if found.reason is None:
            return found
        first = first or found
    return first


class Hand:
    """The piece in hand, each piece's way round in the tray, the keyboard cursor, and the
    board square under the pointer; `keyboard`: the keys are in use, so the held piece
    follows the cursor, not the pointer."""

    def __init__(self, colours: tuple[str, ...] = ()):
        self.held: Held | None = None
        self.orient = {p: 0 for p in PIECES}
        self.cursor = (0, 0)
        self.pointer: tuple[int, int] | None = None     # the board square under the pointer
        self.keyboard = False
        self.colours = colours           # the palette's names of the pieces' colours (none: by shape alone)
        self.mark: tuple[str, frozenset, float] | None = None     # the engine's piece, its cells, seconds left
        self._aim: tuple | None = None          # (position, held, square) -> Aim, the last one asked

    def name(self, piece: str) -> str:
        """`piece` as the player sees it: 'the teal long bar (5)' (the shape alone when the
        palette tells pieces by pattern)."""
        i = PIECES.index(piece)
        return piece_words(piece, i + 1, self.colours[i % len(self.colours)] if self.colours else None)

    def anchor(self) -> tuple[int, int] | None:
        """The square the held piece's grabbed square is over: the cursor's in keyboard play,
        else the pointer's (None off the board)."""
        return self.cursor if self.keyboard else self.pointer

    def let_go(self) -> None:
        self.held = None

    # ------------------------------------------------------------------ the engine's marks and words
    def clear_marks(self) -> None:
        self.mark = None

    def tick(self, dt: float) -> None:
        """The engine's mark fades."""
        if self.mark is not None:
            self.mark = None if self.mark[2] <= dt else (*self.mark[:2], self.mark[2] - dt)

    def mark_hint(self, position: Position, step) -> None:
        """A hint's rung on the board: its tray slot, then the one cell it covers, then all of them."""
        cells = sorted(step.move.cells)
        self.mark = (step.move.piece, frozenset(cells), 4.0) if step.complete else \
            (step.move.piece, frozenset(cells[:step.step]), 6.0)

    def hint_words(self, position: Position, step) -> str:
        return hint_text(step, self.name)

    def stuck_words(self, position: Position, answer) -> str:
        """Why there is no way on, and which piece to take back if one would do (marked)."""
        piece, reason = answer.blame, answer.reason
        if piece:
            self.mark = (piece, position.placed[piece], 4.0)
            return f"No solution keeps these pieces: take {self.name(piece)} back"
        if position.placed and reason == "no solution keeps these pieces":
            return "No solution keeps these pieces: take some back"
        return f"This board has no solution: {reason}"

    def stick(self) -> None:
        """Picked up by a click: it follows the pointer until the next click."""
        self.held = replace(self.held, sticky=True)

    def fresh_tray(self) -> None:
        """Every piece back the way round it starts (a race's next player)."""
        self.orient = {p: 0 for p in PIECES}

    def take(self, position: Position, piece: str, *, sticky: bool, grab: tuple[int, int] | None = None) -> None:
        """Pick up `piece` from the tray or, if placed, from the board (the cursor goes with it)."""
        self.held, cursor = pick_up(position, piece, self.orient[piece], sticky=sticky, grab=grab)
        if cursor is not None:
            self.cursor = cursor

    def turn(self, times: int = 1) -> None:
        self._hold(turned(self.held, times))

    def flip(self) -> None:
        self._hold(flipped(self.held))

    def _hold(self, held: Held) -> None:
        self.orient[held.piece] = held.orientation
        self.held = held

    def move_cursor(self, dr: int, dc: int) -> None:
        self.cursor = (min(SIZE - 1, max(0, self.cursor[0] + dr)), min(SIZE - 1, max(0, self.cursor[1] + dc)))

    def aim(self, position: Position, at: tuple[int, int] | None) -> Aim | None:
        """Where the held piece would land from square `at` on `position` (None: nothing held,
        or off the board); asked every frame, worked out once per position, piece and square."""
        if self.held is None or at is None:
            return None
        key = (position, self.held, at)
        if self._aim is None or self._aim[0] != key:
            self._aim = (key, aim(position, self.held, at))
        return self._aim[1]

    @staticmethod
    def lies_on(position: Position, piece: str, cell: int) -> bool:
        """Whether `piece` lies on `cell` (the guided game's check)."""
        return cell in position.placed.get(piece, ())

    @staticmethod
    def turn_of(held) -> tuple[str, object] | None:
        """(piece, how it is turned) of the held piece; None for nothing held."""
        return None if held is None else (held.piece, held.orientation)

    def filled(self, position: Position) -> float:
        """How full the board is, 0..1 (a drop's note rises with it)."""
        return len(position.placed) / len(PIECES)

    def shown(self, position: Position) -> Position:
        """What the board shows: `position` without the piece in hand."""
        return without_held(position, self.held)

    def landing(self, position: Position) -> Aim | None:
        """Where the held piece would land now, the reason against it in the player's words."""
        found = self.aim(self.shown(position), self.anchor())
        if found is None or found.reason is None:
            return found
        return found._replace(reason=reason_words(found.reason, self.name))

    def drop(self, position: Position, at: tuple[int, int] | None) -> Drop:
        """Put the held piece down from square `at` (what the aim said there) and let go of it."""
        held, self.held = self.held, None
        found = None if at is None or self._aim is None or self._aim[0] != (position, held, at) else self._aim[1]
        return drop(position, held, at, found)
