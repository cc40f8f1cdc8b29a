"""Drawing the computer's side of a race: its small board and a few lines beside it.

Pure drawing from what the versus scene passes in (the computer's board now, the lines to
write); it never reads a clock or changes anything.
"""
from __future__ import annotations

import pygame

from game.draw.boards import BoardGeometry, draw_blocker, draw_board
from game.draw.pieces import draw_squares
from game.draw.widgets import text
from solver.genius.board import SIZE
from solver.genius.pieces import PIECES
from solver.genius.position import Position


def draw_pieces(surface: pygame.Surface, geo: BoardGeometry, pal, position: Position, label=None) -> None:
    """The blockers and placed pieces of `position` on a board drawn at `geo`."""
    for cell in position.blockers:
        draw_blocker(surface, geo.cell_rect(cell), pal)
    for piece, cells in position.placed.items():
        i = PIECES.index(piece)
        draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell, pal.piece_colour(i),
                     pattern=pal.piece_pattern(i), label=label(piece) if label else None)


def draw_rival(surface: pygame.Surface, app, area: pygame.Rect, board: Position | None, lines: list[str]) -> None:
    """The computer's board, as big as fits a square on the left of `area`, and `lines` to its
    right (the first in bold); an empty board while it has none yet."""
    pal = app.palette
    side = min(area.height, area.width // 2)
    inset = max(2, side // 16)              # room for the board's frame: nothing of it outside `area`
    geo = BoardGeometry.fit(pygame.Rect(area.x + inset, area.y + inset, side - 2 * inset, side - 2 * inset),
                            label_room=0)
    draw_board(surface, geo, pal, labels=False)
    if board is not None:
        draw_pieces(surface, geo, pal, board)
    x = area.x + side + app.px(12)
    y = geo.y
    for i, line in enumerate(lines):
        y = text(surface, line, (x, y), app.px(18 if i == 0 else 15), pal.text if i == 0 else pal.dim_text,
                 style="bold" if i == 0 else "regular", max_width=area.right - x).bottom + app.px(6)
