"""Drawing MacMahon tiles and their board.

A tile is a square cut by its diagonals into four triangles (top, right, bottom, left), each
in one colour, with thin dark diagonals and outline. Tiles are drawn four times too large
and scaled down smoothly, so edges are antialiased and crisp at any size; each drawing is
cached by (colours, size, palette), so a frame costs a few blits.

With a palette that marks colours by more than hue (the colour-blind-safe one), every
non-white triangle also carries a symbol of its colour (red a dot, blue a square, green a
triangle, ...), so a player can tell the colours apart by shape alone.

The board shows its required border colour as a band around the cells.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from solver.grid import ROW_LETTERS

from . import marks
from .boards import BoardGeometry
from .theme import Colour, Palette, contrast_text, font, mix

SIDES = "TRBL"
SUPERSAMPLE = 4
# Colours past the classic three (4-colour and larger sets): green, yellow, orange, purple, cyan.
EXTRA_COLOURS: dict[str, Colour] = {"G": (60, 160, 80), "Y": (235, 200, 40), "O": (240, 130, 30),
                                    "P": (140, 80, 180), "C": (40, 180, 200)}
# Symbols that tell colours apart without hue (drawn when the palette uses patterns).
SYMBOLS = {"R": "dot", "B": "square", "G": "triangle", "Y": "plus", "O": "ring", "P": "cross", "C": "diamond"}
OUTLINE = (28, 28, 34)


def tile_colour(pal: Palette, letter: str) -> Colour:
    """The fill colour of one triangle colour letter (W R B G Y O P C) in `pal`."""
    if letter == "W":
        return pal.tile_white
    if letter == "R":
        return pal.tile_red
    if letter == "B":
        return pal.tile_blue
    return EXTRA_COLOURS[letter]


def uses_symbols(pal: Palette) -> bool:
    """Whether `pal` marks colours by symbol too (the colour-blind-safe palette)."""
    return any(p != "none" for p in pal.patterns)


def triangle(rect: pygame.Rect | tuple, side: int) -> list[tuple[float, float]]:
    """The corners of triangle `side` (0 top, 1 right, 2 bottom, 3 left) of a tile in `rect`."""
    x, y, w, h = rect
    tl, tr, br, bl = (x, y), (x + w, y), (x + w, y + h), (x, y + h)
    c = (x + w / 2, y + h / 2)
    return [(tl, tr), (tr, br), (br, bl), (bl, tl)][side] + (c,)


def triangle_centre(rect: pygame.Rect | tuple, side: int) -> tuple[float, float]:
    """The centroid of triangle `side`: where its colour (and symbol) is sure to show."""
    pts = triangle(rect, side)
    return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3


def _symbol(surface: pygame.Surface, kind: str, centre, r: float, colour: Colour) -> None:
    cx, cy = centre
    w = max(1, round(r * 0.35))
    if kind == "dot":
        pygame.draw.circle(surface, colour, (cx, cy), r * 0.7)
    elif kind == "square":
        s = r * 1.15
        pygame.draw.rect(surface, colour, pygame.Rect(cx - s / 2, cy - s / 2, s, s))
    elif kind == "triangle":
        pygame.draw.polygon(surface, colour, [(cx, cy - r * 0.8), (cx + r * 0.8, cy + r * 0.6), (cx - r * 0.8, cy + r * 0.6)])
    elif kind == "plus":
        pygame.draw.line(surface, colour, (cx - r * 0.8, cy), (cx + r * 0.8, cy), w)
        pygame.draw.line(surface, colour, (cx, cy - r * 0.8), (cx, cy + r * 0.8), w)
    elif kind == "ring":
        pygame.draw.circle(surface, colour, (cx, cy), r * 0.75, w)
    elif kind == "cross":
        pygame.draw.line(surface, colour, (cx - r * 0.6, cy - r * 0.6), (cx + r * 0.6, cy + r * 0.6), w)
        pygame.draw.line(surface, colour, (cx - r * 0.6, cy + r * 0.6), (cx + r * 0.6, cy - r * 0.6), w)
    elif kind == "diamond":
        pygame.draw.polygon(surface, colour, [(cx, cy - r * 0.85), (cx + r * 0.85, cy), (cx, cy + r * 0.85),
                                              (cx - r * 0.85, cy)])


@lru_cache(maxsize=1024)
def tile_image(colours: str, size: int, pal: Palette, alpha: int = 255) -> pygame.Surface:
    """A size x size picture of a tile whose triangles are `colours` ("TRBL", after rotation)."""
    size = max(4, int(size))
    big = size * SUPERSAMPLE
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = (0, 0, big, big)
    symbols = uses_symbols(pal)
    for side, letter in enumerate(colours):
        pygame.draw.polygon(layer, tile_colour(pal, letter), triangle(rect, side))
    line = max(1, round(big * 0.018))
    pygame.draw.line(layer, OUTLINE, (0, 0), (big - 1, big - 1), line)
    pygame.draw.line(layer, OUTLINE, (big - 1, 0), (0, big - 1), line)
    if symbols:
        r = big * 0.1
        for side, letter in enumerate(colours):
            kind = SYMBOLS.get(letter)
            if kind:
                colour = mix(tile_colour(pal, letter), contrast_text(tile_colour(pal, letter)), 0.75)
                _symbol(layer, kind, triangle_centre(rect, side), r, colour)
    pygame.draw.rect(layer, OUTLINE, pygame.Rect(rect), max(1, round(big * 0.013)))
    image = pygame.transform.smoothscale(layer, (size, size))
    if alpha < 255:
        image.set_alpha(alpha)
    return image


def draw_tile(surface: pygame.Surface, colours: str, rect: pygame.Rect, pal: Palette, *, alpha: int = 255,
              outline: Colour | None = None) -> None:
    """Draw the tile `colours` filling the square `rect`; `outline` rings it (a ghost's verdict)."""
    surface.blit(tile_image(colours, rect.width, pal, alpha), rect.topleft)
    if outline is not None:
        marks.ring(surface, rect.inflate(4, 4), outline, max(3, rect.width // 18))


def mark_triangle(surface: pygame.Surface, rect: pygame.Rect, side: int, colour: Colour) -> None:
    """Highlight one triangle of the tile in `rect` (a clashing edge or a wrong border colour):
    a light wash of `colour` inside a black-white-`colour` edge that shows on every tile colour."""
    pts = triangle(rect, side)
    cx, cy = triangle_centre(rect, side)
    inner = [(cx + (x - cx) * 0.75, cy + (y - cy) * 0.75) for x, y in pts]
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.polygon(shade, (*colour, 80), [(x - rect.x, y - rect.y) for x, y in inner])
    surface.blit(shade, rect.topleft)
    marks.outline(surface, inner, colour, max(4, rect.width // 16))


def mark_edge(surface: pygame.Surface, rect: pygame.Rect, side: int, colour: Colour) -> None:
    """Mark one side of the tile in `rect` (a held tile's edge that would clash) with a stroke
    along that edge, just inside it, short of the corners: the triangle's own colour stays in
    sight (a wash over it turned a held tile's red, blue and white into pinks and purples)."""
    width = max(4, rect.width // 16)
    (ax, ay), (bx, by), (cx, cy) = triangle(rect, side)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    inward = (marks.bands(width)[0][1] / 2 + 1) / max(1.0, math.hypot(cx - mx, cy - my))
    ends = [(x + (ox - x) * 0.08 + (cx - mx) * inward, y + (oy - y) * 0.08 + (cy - my) * inward)
            for (x, y), (ox, oy) in (((ax, ay), (bx, by)), ((bx, by), (ax, ay)))]
    marks.stroke(surface, ends[0], ends[1], colour, width)


def empty_colour(pal: Palette) -> Colour:
    """An empty cell: well darker than a white tile, so white tiles stand out on it (on a
    light palette a mid grey from the grid colour; on a dark one a deep slot)."""
    r, g, b = pal.background
    if 0.299 * r + 0.587 * g + 0.114 * b > 128:
        return mix(pal.grid, pal.panel, 0.2)
    return mix(pal.panel, pal.background, 0.5)


def draw_board(surface: pygame.Surface, geo: BoardGeometry, pal: Palette, border: str = "W", *,
               labels: bool = True, highlight: dict[int, Colour] | None = None) -> None:
    """The board: a band in the border colour around the cells, empty cells as dark slots with
    faint diagonals, and the A.. / 1.. labels. `highlight` tints cells {cell: colour}."""
    layer, at = _board_layer(geo, pal, border, labels, tuple(sorted((highlight or {}).items())))
    surface.blit(layer, at)


def frame_rect(geo: BoardGeometry) -> pygame.Rect:
    """What the board covers without its labels: its cells, the border band and its outline."""
    band = max(3, geo.cell // 9)
    return geo.rect.inflate(2 * band + 4, 2 * band + 4)


@lru_cache(maxsize=16)
def _board_layer(geo: BoardGeometry, pal: Palette, border: str, labels: bool, highlight: tuple):
    """The board drawn once on its own surface (cached: it only changes with the layout)."""
    band = max(3, geo.cell // 9)
    room = geo.cell if labels else band + 4
    origin = (geo.x - room, geo.y - room)
    layer = pygame.Surface((geo.cell * geo.cols + room + band + 4, geo.cell * geo.rows + room + band + 4),
                           pygame.SRCALPHA)
    local = BoardGeometry(room, room, geo.cell, geo.rows, geo.cols)
    frame = local.rect.inflate(2 * band, 2 * band)
    pygame.draw.rect(layer, OUTLINE, frame_rect(local), border_radius=max(3, band))
    pygame.draw.rect(layer, tile_colour(pal, border), frame, border_radius=max(3, band))
    empty = empty_colour(pal)
    faint = mix(empty, pal.text, 0.12)
    tints = dict(highlight)
    for cell in range(geo.rows * geo.cols):
        rect = local.cell_rect(cell)
        pygame.draw.rect(layer, mix(empty, tints[cell], 0.45) if cell in tints else empty, rect)
        pygame.draw.aaline(layer, faint, rect.topleft, rect.bottomright)
        pygame.draw.aaline(layer, faint, rect.topright, rect.bottomleft)
        pygame.draw.rect(layer, OUTLINE, rect, 1)
    if labels:
        f = font(max(10, geo.cell // 4), "bold")
        for r in range(geo.rows):
            image = f.render(ROW_LETTERS[r], True, pal.dim_text)
            layer.blit(image, image.get_rect(midright=(frame.left - geo.cell // 8,
                                                       local.y + r * geo.cell + geo.cell // 2)))
        for c in range(geo.cols):
            image = f.render(str(c + 1), True, pal.dim_text)
            layer.blit(image, image.get_rect(midbottom=(local.x + c * geo.cell + geo.cell // 2,
                                                        frame.top - geo.cell // 12)))
    return layer, origin


def tray_grid(area: pygame.Rect, count: int, gap: int, most: int | None = None) -> list[pygame.Rect]:
    """`count` equal square slots laid out row by row from the top of `area`, as large as it
    allows (and no larger than `most` pixels), in as few rows as that size allows."""
    best = (0, 0, 1)
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        side = min((area.width - gap * (cols - 1)) / cols, (area.height - gap * (rows - 1)) / rows)
        side = int(min(side, most or side))
        if (side, -rows) > best[:2]:
            best = (side, -rows, cols)
    side, _, cols = best
    width = cols * side + (cols - 1) * gap
    x0 = area.x + (area.width - width) // 2
    return [pygame.Rect(x0 + (i % cols) * (side + gap), area.y + (i // cols) * (side + gap), side, side)
            for i in range(count)]
