"""Rule marks show on every colour of every palette (issue 10: red on red vanished)."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.draw import marks, theme
from game.draw.tiles import EXTRA_COLOURS, draw_tile, empty_colour, mark_triangle, tile_colour, triangle

CELL = 96
WCAG_TEXT = 4.5          # the contrast ratio asked of text; a mark must reach it somewhere along its length


def luminance(rgb):
    """WCAG relative luminance of colours (an array of ..., 3 channels 0..255)."""
    c = np.asarray(rgb, dtype=float)[..., :3] / 255
    c = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return c @ np.array([0.2126, 0.7152, 0.0722])


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


def colours_under_marks(pal: theme.Palette) -> list:
    """Every colour a mark can land on: each tile colour, each piece, the board and its cells."""
    tiles = [tile_colour(pal, letter) for letter in "WRB" + "".join(EXTRA_COLOURS)]
    return tiles + list(pal.pieces) + [pal.board, pal.cell, pal.blocker, empty_colour(pal)]


def strong_pixels(surface: pygame.Surface, under) -> int:
    """How many pixels differ from `under` by at least the text contrast ratio."""
    return int((contrast(pygame.surfarray.array3d(surface), under) >= WCAG_TEXT).sum())


CASES = [(pal, colour) for pal in theme.PALETTES.values() for colour in colours_under_marks(pal)]


@pytest.mark.parametrize("pal, under", CASES, ids=[f"{p.name}-{c}" for p, c in CASES])
def test_a_clash_mark_contrasts_with_every_colour(pal, under):
    for verdict in (pal.illegal, pal.legal):
        surface = pygame.Surface((CELL, CELL))
        surface.fill(under)
        mark_triangle(surface, pygame.Rect(0, 0, CELL, CELL), 0, verdict)
        edge = CELL * 0.75 * 2.4                  # the marked triangle's perimeter, roughly
        assert strong_pixels(surface, under) >= 2 * edge, (pal.name, under, verdict)   # a line 2 px wide all round


EVERY_COLOUR = pytest.mark.parametrize("pal, under", CASES, ids=[f"{p.name}-{c}" for p, c in CASES])


@EVERY_COLOUR
def test_crossed_cells_contrast_with_every_colour(pal, under):
    surface = pygame.Surface((CELL, CELL))
    surface.fill(under)
    marks.mark_cells(surface, [pygame.Rect(0, 0, CELL, CELL)], pal.illegal)
    assert strong_pixels(surface, under) >= 2 * CELL * 0.75 * 2


@EVERY_COLOUR
def test_ghost_rings_contrast_with_every_colour(pal, under):
    surface = pygame.Surface((CELL, CELL))
    surface.fill(under)
    marks.ring(surface, pygame.Rect(8, 8, CELL - 16, CELL - 16), pal.illegal, 5)
    assert strong_pixels(surface, under) >= 2 * (CELL - 16) * 4


def test_a_ghost_tile_ring_shows_on_a_tile_of_the_verdict_colour():
    pal = theme.palette("classic")
    surface = pygame.Surface((CELL + 20, CELL + 20))
    surface.fill(pal.tile_red)
    draw_tile(surface, "RRRR", pygame.Rect(10, 10, CELL, CELL), pal, outline=pal.illegal)
    assert strong_pixels(surface, pal.tile_red) >= 2 * CELL * 4


def test_mark_cells_marks_only_the_cells_it_is_given():
    surface = pygame.Surface((3 * CELL, CELL))
    surface.fill((200, 60, 50))
    marks.mark_cells(surface, [pygame.Rect(CELL, 0, CELL, CELL)], (225, 70, 70))
    for x in range(0, 3 * CELL, 3):
        for y in range(0, CELL, 3):
            if not CELL <= x < 2 * CELL:
                assert surface.get_at((x, y))[:3] == (200, 60, 50)


def test_the_mark_sits_inside_its_triangle():
    pal = theme.palette("classic")
    surface = pygame.Surface((CELL, CELL))
    surface.fill((0, 0, 0))
    mark_triangle(surface, pygame.Rect(0, 0, CELL, CELL), 2, pal.illegal)      # the bottom triangle
    shape = pygame.Surface((CELL, CELL))
    pygame.draw.polygon(shape, (255, 255, 255), triangle((0, 0, CELL, CELL), 2))
    for x in range(0, CELL, 2):
        for y in range(0, CELL, 2):
            if surface.get_at((x, y))[:3] != (0, 0, 0):
                assert shape.get_at((x, y))[:3] == (255, 255, 255), (x, y)


def test_text_comes_in_a_few_sizes():
    assert set(theme.TEXT_SIZES) == {"title", "heading", "body", "small"}
    sizes = [theme.text_size(role, 1.0) for role in ("title", "heading", "body", "small")]
    assert sizes == sorted(sizes, reverse=True) and len(set(sizes)) == 4
    assert theme.text_size("small", 0.7) >= theme.SMALLEST_TEXT
    assert theme.text_size("title", 2.0) == 2 * theme.TEXT_SIZES["title"]


@pytest.mark.parametrize("pal", list(theme.PALETTES.values()), ids=list(theme.PALETTES))
def test_an_illegal_ghost_piece_outline_shows_on_every_piece_colour(pal):
    from game.draw.pieces import draw_squares
    for i, colour in enumerate(pal.pieces):
        ghost = theme.mix(colour, pal.illegal, 0.6)          # how the Genius scene tints an illegal ghost
        surface = pygame.Surface((CELL + 8, CELL + 8))
        surface.fill(ghost)
        draw_squares(surface, [(0, 0)], (4, 4), CELL, ghost, outline=pal.illegal)
        assert strong_pixels(surface, ghost) >= 2 * CELL * 4, (pal.name, i)
