"""Marks that say "this breaks a rule" (or "this fits"), readable on any colour.

A mark drawn in one colour vanishes on a tile or piece of that colour (a red outline on a
red triangle). So every mark here is a stroke in three bands: black outside, white inside
it, and the verdict colour (legal green, illegal red) as a thin core. Whatever is under the
mark, black or white differs from it by a contrast ratio of at least 4.5 (the WCAG figure
for text), and the core still says which verdict it is.

- `outline(surface, points, colour, width)`: a closed shape's edge (a triangle, a cell).
- `ring(surface, rect, colour, width)`: a rectangle's edge, just inside `rect`.
- `stroke(surface, start, end, colour, width)`: a straight line (a tile's side that clashes).
- `cross(surface, rect, colour, width)`: an X over a cell.
- `mark_cells(surface, rects, colour)`: "these cells break the rule": a cross on each.
"""
from __future__ import annotations

import pygame

from .theme import Colour

DARK: Colour = (0, 0, 0)
LIGHT: Colour = (255, 255, 255)


def bands(width: int) -> list[tuple[Colour | None, int]]:
    """The nested strokes of a mark `width` pixels wide, widest first: (colour, or None for the
    verdict colour, stroke width). Black shows at least 2 px on each side of the white."""
    width = max(3, int(width))
    edge = max(2, round(width / 5))
    return [(DARK, width + 2 * edge), (LIGHT, width), (None, max(1, width - 2 * edge))]


def _polyline(surface: pygame.Surface, colour: Colour, points, width: int, closed: bool) -> None:
    """Thick lines with round joins (pygame's thick polygons leave notches at the corners)."""
    points = [(round(x), round(y)) for x, y in points]
    pairs = list(zip(points, points[1:] + points[:1])) if closed else list(zip(points, points[1:]))
    for a, b in pairs:
        pygame.draw.line(surface, colour, a, b, width)
    if width > 2:
        for p in points:
            pygame.draw.circle(surface, colour, p, width / 2)


def outline(surface: pygame.Surface, points, colour: Colour, width: int) -> None:
    """The edge of the closed shape `points`, readable on any colour."""
    for paint, w in bands(width):
        _polyline(surface, paint or colour, points, w, True)


def ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int) -> None:
    """A rectangle's edge just inside `rect`, readable on any colour."""
    for paint, w in bands(width):
        inset = (bands(width)[0][1] - w) // 2
        pygame.draw.rect(surface, paint or colour, pygame.Rect(rect).inflate(-2 * inset, -2 * inset), w)


def stroke(surface: pygame.Surface, start, end, colour: Colour, width: int) -> None:
    """A straight stroke from `start` to `end` with round ends, readable on any colour."""
    for paint, w in bands(width):
        _polyline(surface, paint or colour, [start, end], w, False)


def cross(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int) -> None:
    """An X over `rect` (inset so its ends stay inside), readable on any colour."""
    box = pygame.Rect(rect).inflate(-rect.width // 4, -rect.height // 4)
    stroke(surface, box.topleft, box.bottomright, colour, width)
    stroke(surface, box.topright, box.bottomleft, colour, width)


def mark_cells(surface: pygame.Surface, rects, colour: Colour) -> None:
    """Mark the cells that break a rule (only those: the overlap, the blocker, the clashing
    tile), each with a cross as wide as its cell asks for."""
    for rect in rects:
        cross(surface, rect, colour, max(3, rect.width // 10))
