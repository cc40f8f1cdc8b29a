"""The Genius play state without pygame (what Tatham's `game_ui` is to a midend): the piece in
hand, turning and flipping it, where it lands, and what putting it down does to a position.
The scene turns the pointer or the keyboard cursor into a board square and shows the answers."""
from __future__ import annotations

from dataclasses import dataclass, replace

from solver.genius.board import SIZE
from solver.genius.pieces import cells_at, flip, orientation_of, orientations, turn
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


def reoriented(held: Held, orientation: int) -> Held:
    return replace(held, orientation=orientation, grab=centre_square(held.piece, orientation))


def turned(held: Held, times: int = 1) -> Held:
    """The held piece turned `times` quarter turns clockwise (held by its middle)."""
    o = held.orientation
    for _ in range(times % 4):
        o = turn(held.piece, o)
    return reoriented(held, o)


def flipped(held: Held) -> Held:
    return reoriented(held, flip(held.piece, held.orientation))


def landing(held: Held, at: tuple[int, int]) -> tuple[int, ...] | None:
    """The cells the held piece covers with its grabbed square on board square `at` (None if
    part of it would be off the board)."""
    return cells_at(held.piece, held.orientation, at[0] - held.grab[0], at[1] - held.grab[1])


def without_held(position: Position, held: Held | None) -> Position:
    """What the board shows while `held` is in hand: the position without it."""
    if held and held.source == "board" and held.piece in position.placed:
        return position.remove(held.piece)
    return position


def put_down(position: Position, held: Held, at: tuple[int, int] | None) -> Position | str | None:
    """Putting `held` down with its grabbed square on `at` (None: off the board, which sends a
    piece from the board back to the tray): the new position, the reason the rules refuse
    it, or None when nothing changes."""
    if at is None:
        return position.remove(held.piece) if held.source == "board" else None
    cells = landing(held, at)
    base = without_held(position, held)
    reason = base.check(Move(held.piece, cells))
    if reason is not None:
        return reason
    after = base.place(Move(held.piece, cells))
    return after if after != position else None
