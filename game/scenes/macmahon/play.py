"""The MacMahon play state without pygame (what Tatham's `game_ui` is to a midend): the tile in
hand, and what putting it down or turning a placed tile does to a position under strict rules
(a rule break is refused with the engine's reason) or free ones (anything goes on an empty
cell; clashes are marked). The scene turns the pointer or the cursor into a cell and shows the answers."""
from __future__ import annotations

from dataclasses import dataclass

from solver.errors import IllegalMove
from solver.macmahon.position import Move, Position
from solver.macmahon.tiles import rotate


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
