"""MacMahon Squares' moves as a hand makes them (solver/acts.py; the fair-play floor of a
ranked run, game/net/fair.py): a tile taken from the tray, moved, turned where it lies or
taken back, the quarter turns each needs, and its keystrokes on the game's keyboard (R and
Delete act on the tile at the cursor; Enter picks a placed tile up and puts a tile down)."""
from __future__ import annotations

from ..acts import Act
from ..grid import parse_cell
from .moves import FROM, TAKE_BACK
from .position import Move


class TileAct(Act):
    POINT_BITS = 1.25
    DRAG_BITS = 1.14

    def keys(self, cursor: frozenset[int] | None) -> int:
        near = self.steps(cursor, self.cells)
        if self.kind == "turn":                         # R on the tile at the cursor
            return self.turns + near
        if self.kind == "back":                         # Delete on the tile at the cursor
            return 1 + near
        if self.kind == "move":                         # Enter on it, arrows, turns, Enter
            return 2 + self.turns + self.steps(cursor, self.was) + self.steps(self.was, self.cells)
        return 2 + self.turns + near                    # a tile picked from the tray, arrows, turns, Enter


def acts(start, moves: list[str]) -> list[TileAct]:
    """The accepted moves (legal, in order, from `start`) as acts of a hand."""
    board = start.board
    rotation = {cell: v[1] for cell, v in enumerate(start.cells) if v is not None}
    made = []
    for text in moves:
        if text.startswith(TAKE_BACK):
            cell = parse_cell(text[1:], board.rows, board.cols)
            rotation.pop(cell, None)
            made.append(TileAct("back", frozenset({cell}), frozenset({cell}), 0, cell, board.cols))
            continue
        source, _, rest = text.rpartition(FROM)
        move = Move.parse(rest, board)
        if source:
            old = parse_cell(source, board.rows, board.cols)
            turned = (move.rotation - rotation.pop(old, 0)) % 4
            kind = "turn" if old == move.cell else "move"
        else:
            old, turned, kind = None, move.rotation % 4, "place"
        rotation[move.cell] = move.rotation
        made.append(TileAct(kind, frozenset({move.cell}), frozenset() if old is None else frozenset({old}),
                            min(turned, 4 - turned), move.tile, board.cols))
    return made
