"""Drawing polyominoes: a set of grid squares in one colour, joined into one solid piece.

Works in pixels only: callers pass the (row, col) squares, where square (0, 0) sits and the
square size, so the same code draws pieces on the board, in the tray and under the mouse.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from . import marks
from .theme import Colour, contrast_text, font, mix


def _pattern(surface: pygame.Surface, rect: pygame.Rect, kind: str, colour: Colour) -> None:
    """A small texture inside `rect` so pieces differ by more than hue."""
    step = max(6, rect.width // 4)
    w = max(1, rect.width // 18)
    if kind == "dots":
        for x in range(rect.left + step // 2, rect.right, step):
            for y in range(rect.top + step // 2, rect.bottom, step):
                pygame.draw.circle(surface, colour, (x, y), max(1, w + 1))
    elif kind in ("hstripes", "grid"):
        for y in range(rect.top + step // 2, rect.bottom, step):
            pygame.draw.line(surface, colour, (rect.left, y), (rect.right - 1, y), w)
    if kind in ("vstripes", "grid"):
        for x in range(rect.left + step // 2, rect.right, step):
            pygame.draw.line(surface, colour, (x, rect.top), (x, rect.bottom - 1), w)
    if kind in ("diag", "cross"):
        for k in range(-rect.height, rect.width, step):
            a = (rect.left + max(k, 0), rect.top + max(-k, 0))
            n = min(rect.width - max(k, 0), rect.height - max(-k, 0))
            pygame.draw.line(surface, colour, a, (a[0] + n - 1, a[1] + n - 1), w)
    if kind in ("antidiag", "cross"):
        for k in range(-rect.height, rect.width, step):
            a = (rect.right - 1 - max(k, 0), rect.top + max(-k, 0))
            n = min(rect.width - max(k, 0), rect.height - max(-k, 0))
            pygame.draw.line(surface, colour, a, (a[0] - n + 1, a[1] + n - 1), w)
    if kind == "ring":
        pygame.draw.circle(surface, colour, rect.center, rect.width // 4, w + 1)


def draw_squares(surface: pygame.Surface, squares, origin: tuple[float, float], size: float,
                 colour: Colour, *, alpha: int = 255, outline: Colour | None = None,
                 pattern: str = "none", label: str | None = None) -> None:
    """Draw the grid `squares` [(row, col), ...] as one piece, square (0, 0) at `origin`."""
    squares = list(squares)
    if not squares:
        return
    r0 = min(r for r, _ in squares)
    c0 = min(c for _, c in squares)
    key = tuple(sorted((r - r0, c - c0) for r, c in squares))
    layer = _render(key, float(size), tuple(colour), alpha, outline and tuple(outline), pattern, label)
    surface.blit(layer, (round(origin[0] + c0 * size), round(origin[1] + r0 * size)))


@lru_cache(maxsize=512)
def _render(shape, size, colour, alpha, outline, pattern, label) -> pygame.Surface:
    """One piece drawn on its own transparent surface (cached: the same piece is drawn every frame)."""
    squares = set(shape)
    pad = max(1, round(size * 0.06))
    radius = max(2, round(size * 0.14))
    rows = [r for r, _ in squares]
    cols = [c for _, c in squares]
    r0, c0 = min(rows), min(cols)
    bw = round((max(cols) - c0 + 1) * size)
    bh = round((max(rows) - r0 + 1) * size)
    layer = pygame.Surface((bw + 2, bh + 2), pygame.SRCALPHA)
    dark = mix(colour, (0, 0, 0), 0.35)
    light = mix(colour, (255, 255, 255), 0.3)

    def cell(r, c) -> pygame.Rect:
        x, y = round((c - c0) * size), round((r - r0) * size)
        return pygame.Rect(x + pad, y + pad, round((c - c0 + 1) * size) - x - 2 * pad,
                           round((r - r0 + 1) * size) - y - 2 * pad)

    def fill(paint: Colour, shrink: int) -> None:
        """Every square, plus the gaps between neighbouring squares, in one colour."""
        rad = max(1, radius - shrink)

        def box(r, c):
            return cell(r, c).inflate(-2 * shrink, -2 * shrink)

        for r, c in squares:
            a = box(r, c)
            pygame.draw.rect(layer, paint, a, border_radius=rad)
            if (r, c + 1) in squares:
                b = box(r, c + 1)
                pygame.draw.rect(layer, paint, (a.right - rad, a.top, b.left - a.right + 2 * rad, a.height))
            if (r + 1, c) in squares:
                b = box(r + 1, c)
                pygame.draw.rect(layer, paint, (a.left, a.bottom - rad, a.width, b.top - a.bottom + 2 * rad))
            if {(r, c + 1), (r + 1, c), (r + 1, c + 1)} <= squares:
                d = box(r + 1, c + 1)
                pygame.draw.rect(layer, paint, (a.right - rad, a.bottom - rad, d.left - a.right + 2 * rad,
                                                d.top - a.bottom + 2 * rad))

    inset = max(1, round(size * 0.05))
    fill(dark, 0)
    fill(colour, inset)
    for r, c in squares:
        inner = cell(r, c).inflate(-2 * inset, -2 * inset)
        if (r - 1, c) not in squares:
            hl = pygame.Rect(inner.left + radius // 2, inner.top + inset, inner.width - radius, max(1, inset))
            pygame.draw.rect(layer, light, hl, border_radius=inset)
        if pattern != "none":
            _pattern(layer, inner.inflate(-inset * 2, -inset * 2), pattern, mix(colour, contrast_text(colour), 0.45))
    if outline is not None:          # black, white and the verdict colour: shows on any piece colour
        for paint, width in marks.bands(max(3, round(size * 0.07))):
            for r, c in squares:
                rect = cell(r, c)
                for (dr, dc), (a, b) in (((-1, 0), (rect.topleft, rect.topright)),
                                         ((1, 0), (rect.bottomleft, rect.bottomright)),
                                         ((0, -1), (rect.topleft, rect.bottomleft)),
                                         ((0, 1), (rect.topright, rect.bottomright))):
                    if (r + dr, c + dc) not in squares:
                        pygame.draw.line(layer, paint or outline, a, b, width)
    if label:
        r, c = min(squares)
        image = font(max(9, round(size * 0.32)), "bold").render(label, True, contrast_text(colour))
        layer.blit(image, image.get_rect(center=cell(r, c).center))
    if alpha < 255:
        layer.set_alpha(alpha)
    return layer


def shape_size(shape) -> tuple[int, int]:
    """(rows, cols) of a shape's bounding box."""
    return max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1
