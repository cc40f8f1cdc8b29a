"""Drawing the computer's side of a race: its small board and a few lines beside it.

Pure drawing from what the versus scene passes in (the computer's board now, the lines to
write); it never reads a clock or changes anything.
"""
from __future__ import annotations

import pygame

from game.draw.boards import BoardGeometry, draw_blocker, draw_board
from game.draw.pieces import draw_squares
from game.draw.theme import font
from game.draw.widgets import SMALLEST, ellipsized, text
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
    right (the first in bold), smaller until they fit `area`'s height (at the smallest size the
    lines after the first joined in one, and what does not fit left out), each cut to its width
    ('Bartholomew Feath…'); an empty board while it has none yet."""
    pal = app.palette
    side = min(area.height, area.width // 2)
    inset = max(2, side // 16)              # room for the board's frame: nothing of it outside `area`
    geo = BoardGeometry.fit(pygame.Rect(area.x + inset, area.y + inset, side - 2 * inset, side - 2 * inset),
                            label_room=0)
    draw_board(surface, geo, pal, labels=False)
    if board is not None:
        draw_pieces(surface, geo, pal, board)
    x, room = area.x + side + app.px(12), area.bottom - geo.y

    def step(size: int) -> int:
        return font(size).get_linesize() + app.px(5)

    sizes = [app.px(18)] + [app.px(15)] * (len(lines) - 1)
    while sum(map(step, sizes)) > room and min(sizes) > SMALLEST:
        sizes = [max(SMALLEST, size - 1) for size in sizes]
    if sum(map(step, sizes)) > room and len(lines) > 2:        # at the smallest: the details on one line
        lines, sizes = [lines[0], " · ".join(lines[1:])], sizes[:2]
    y = geo.y
    for i, (line, size) in enumerate(zip(lines, sizes)):
        if i and y + step(size) > area.bottom:
            break
        style = "bold" if i == 0 else "regular"
        text(surface, ellipsized(line, size, area.right - x, style), (x, y), size,
             pal.text if i == 0 else pal.dim_text, style=style)
        y += step(size)
