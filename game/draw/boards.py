"""Square-cell boards: where each cell is on screen, and drawing the board with its labels.

`BoardGeometry` maps cells to pixels and back for any rows x cols board fitted into a
rectangle (the same class serves the 6 x 6 Genius board and the 4 x 6 MacMahon board).
Rows are lettered A.. from the top, columns numbered 1.. from the left, as in solver.grid.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from solver.grid import ROW_LETTERS

from .theme import Palette, font, mix


@dataclass(frozen=True)
class BoardGeometry:
    """A rows x cols board of square cells whose top-left corner is at (x, y)."""
    x: int
    y: int
    cell: int
    rows: int = 6
    cols: int = 6

    @classmethod
    def fit(cls, area: pygame.Rect, rows: int = 6, cols: int = 6, label_room: float = 0.55) -> "BoardGeometry":
        """The biggest board that fits `area`, leaving `label_room` cells for the row/column labels
        (cells of at least 2 pixels, even where the area is smaller)."""
        cell = max(2, int(min(area.width / (cols + label_room), area.height / (rows + label_room))))
        w, h = cell * cols, cell * rows
        lab = int(cell * label_room)
        x = area.x + lab + (area.width - lab - w) // 2
        y = area.y + lab + (area.height - lab - h) // 2
        return cls(x, y, cell, rows, cols)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.cell * self.cols, self.cell * self.rows)

    def cell_rect(self, cell: int) -> pygame.Rect:
        r, c = divmod(cell, self.cols)
        return pygame.Rect(self.x + c * self.cell, self.y + r * self.cell, self.cell, self.cell)

    def row_col_at(self, pos) -> tuple[int, int]:
        """The (row, col) under a pixel, which may lie outside the board."""
        return (int((pos[1] - self.y) // self.cell), int((pos[0] - self.x) // self.cell))

    def cell_at(self, pos) -> int | None:
        """The cell under a pixel, or None off the board."""
        r, c = self.row_col_at(pos)
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return r * self.cols + c
        return None

    def origin(self) -> tuple[int, int]:
        """The pixel where square (0, 0) starts (for draw_squares)."""
        return self.x, self.y


def draw_board(surface: pygame.Surface, geo: BoardGeometry, pal: Palette, *, labels: bool = True,
               highlight: dict[int, tuple] | None = None) -> None:
    """The board's frame, its cells and the A.. / 1.. labels; `highlight` tints cells {cell: colour}."""
    if highlight:
        _paint_board(surface, geo, pal, labels, highlight)
        return
    image, at = _board_image(geo, pal, labels)       # the plain board is drawn once and reused
    surface.blit(image, at)


@lru_cache(maxsize=8)
def _board_image(geo: BoardGeometry, pal: Palette, labels: bool) -> tuple[pygame.Surface, tuple[int, int]]:
    margin = geo.cell * 11 // 20 + 2          # room for the labels, as in BoardGeometry.fit
    image = pygame.Surface((geo.cell * geo.cols + 2 * margin, geo.cell * geo.rows + 2 * margin))
    image.fill(pal.background)       # opaque: blits much faster, and the board sits on the background
    _paint_board(image, BoardGeometry(margin, margin, geo.cell, geo.rows, geo.cols), pal, labels, None)
    return image, (geo.x - margin, geo.y - margin)


def frame_rect(geo: BoardGeometry) -> pygame.Rect:
    """What the board covers without its labels: its cells and the frame round them."""
    return geo.rect.inflate(geo.cell // 5, geo.cell // 5)


def _paint_board(surface, geo: BoardGeometry, pal: Palette, labels: bool, highlight) -> None:
    frame = frame_rect(geo)
    pygame.draw.rect(surface, pal.board, frame, border_radius=max(4, geo.cell // 8))
    gap = max(1, geo.cell // 30)
    for cell in range(geo.rows * geo.cols):
        rect = geo.cell_rect(cell).inflate(-2 * gap, -2 * gap)
        colour = pal.cell
        if highlight and cell in highlight:
            colour = mix(pal.cell, highlight[cell][:3], 0.45)
        pygame.draw.rect(surface, colour, rect, border_radius=max(2, geo.cell // 12))
    if labels:
        f = font(max(10, geo.cell // 4), "bold")
        for r in range(geo.rows):
            image = f.render(ROW_LETTERS[r], True, pal.dim_text)
            surface.blit(image, image.get_rect(midright=(frame.left - geo.cell // 8, geo.y + r * geo.cell + geo.cell // 2)))
        for c in range(geo.cols):
            image = f.render(str(c + 1), True, pal.dim_text)
            surface.blit(image, image.get_rect(midbottom=(geo.x + c * geo.cell + geo.cell // 2, frame.top - geo.cell // 12)))


def draw_blocker(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, drop: float = 1.0) -> None:
    """A blocker peg in `rect`; `drop` < 1 draws it falling in (bigger and fainter)."""
    drop = round(max(0.0, min(1.0, drop)), 2)
    centre = (rect.centerx, rect.centery - int(rect.height * 0.8 * (1.0 - drop)))
    layer = _blocker_image(rect.width, pal, drop)
    surface.blit(layer, layer.get_rect(center=centre))


@lru_cache(maxsize=64)
def _blocker_image(width: int, pal: Palette, drop: float) -> pygame.Surface:
    grow = 1.0 + 0.8 * (1.0 - drop)
    radius = int(width * 0.36 * grow)
    layer = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
    c = (radius + 2, radius + 2)
    pygame.draw.circle(layer, pal.blocker, c, radius)
    pygame.draw.circle(layer, mix(pal.blocker, pal.blocker_mark, 0.25), c, radius, max(1, radius // 8))
    pygame.draw.circle(layer, mix(pal.blocker, pal.blocker_mark, 0.12),
                       (c[0] - radius // 3, c[1] - radius // 3), max(1, radius // 4))
    layer.set_alpha(int(255 * min(1.0, 0.2 + drop)))
    return layer
