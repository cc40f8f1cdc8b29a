"""Two small charts in the game's look: recent solve times and a histogram of times.

Both draw into a given rect with the palette's panel, grid, text and accent colours and the
game's fonts, label their axes with the clock's m:ss, and draw a quiet 'no games yet' when
there is nothing to show. They take plain numbers (game/records.py computes them).
"""
from __future__ import annotations

import pygame

from game.play.match import format_time

from .theme import Palette, mix
from .widgets import text, text_block


def _frame(surface, rect: pygame.Rect, pal: Palette, title: str, size: int) -> pygame.Rect:
    """The chart's panel and title; returns the plotting area inside it."""
    pygame.draw.rect(surface, pal.panel, rect, border_radius=max(4, size // 2))
    text(surface, title, (rect.x + size, rect.y + size // 2), size, pal.text, style="bold", max_width=rect.width - 2 * size)
    return pygame.Rect(rect.x + size * 4, rect.y + size * 2 + size // 2, rect.width - size * 5,
                       rect.height - size * 5)


EMPTY = "no solved games yet"


def _empty(surface, plot: pygame.Rect, pal: Palette, size: int, words: str) -> None:
    """`words` in the middle of an empty chart, wrapped to its width (never shrunk out of sight)."""
    text_block(surface, [words], pygame.Rect(plot.x + size, plot.centery - size * 2, plot.width - 2 * size, size * 4),
               size, pal.dim_text, anchor="midtop")


def _y_axis(surface, plot: pygame.Rect, pal: Palette, size: int, top: float) -> None:
    """Three grid lines with their times, from 0 to `top` seconds."""
    for k in range(3):
        value = top * k / 2
        y = plot.bottom - round(plot.height * k / 2)
        pygame.draw.line(surface, mix(pal.panel, pal.dim_text, 0.35), (plot.left, y), (plot.right, y), 1)
        text(surface, format_time(value), (plot.left - size // 2, y), size, pal.dim_text, anchor="midright")


def recent_times(surface, rect: pygame.Rect, pal: Palette, times, median: float | None, size: int,
                 empty: str = EMPTY) -> None:
    """The solve times oldest to newest as a line of dots, the median as a dashed accent line."""
    plot = _frame(surface, rect, pal, solve_times_title(len(times)), size)
    if not times:
        _empty(surface, plot, pal, size, empty)
        return
    top = max(times) * 1.1
    _y_axis(surface, plot, pal, size, top)
    step = plot.width / max(1, len(times) - 1)
    points = [(plot.left + round(i * step) if len(times) > 1 else plot.centerx,
               plot.bottom - round(plot.height * t / top)) for i, t in enumerate(times)]
    if len(points) > 1:
        pygame.draw.lines(surface, mix(pal.accent, pal.panel, 0.35), False, points, max(2, size // 6))
    best = min(times)
    for (x, y), t in zip(points, times):
        colour = pal.legal if t == best else pal.accent
        pygame.draw.circle(surface, colour, (x, y), max(3, size // 3))
    if median is not None:
        y = plot.bottom - round(plot.height * median / top)
        for x in range(plot.left, plot.right, size):
            pygame.draw.line(surface, pal.text, (x, y), (min(plot.right, x + size // 2), y), 1)
        text(surface, f"median {format_time(median)}", (plot.right, y - 2), size, pal.text, anchor="bottomright")
    text(surface, "oldest", (plot.left, plot.bottom + size // 3), size, pal.dim_text)
    text(surface, "newest", (plot.right, plot.bottom + size // 3), size, pal.dim_text, anchor="topright")


def histogram(surface, rect: pygame.Rect, pal: Palette, bins, size: int, empty: str = EMPTY) -> None:
    """One bar per bin (records.Bin: start, stop, count), its count on top and its start time below."""
    plot = _frame(surface, rect, pal, "How long the solves took", size)
    if not bins:
        _empty(surface, plot, pal, size, empty)
        return
    most = max(b.count for b in bins) or 1
    width = plot.width / len(bins)
    gap = max(2, round(width * 0.12))
    for i, b in enumerate(bins):
        h = round((plot.height - size) * b.count / most)     # room for the count over the tallest
        bar = pygame.Rect(plot.left + round(i * width) + gap // 2, plot.bottom - h, max(1, round(width) - gap), h)
        if h:
            pygame.draw.rect(surface, pal.piece_colour(i % len(pal.pieces)), bar, border_radius=max(2, size // 4))
            text(surface, str(b.count), (bar.centerx, bar.top - 2), size, pal.text, anchor="midbottom")
        text(surface, format_time(b.start), (bar.left, plot.bottom + size // 3), size, pal.dim_text,
             max_width=round(width))
    pygame.draw.line(surface, pal.dim_text, plot.bottomleft, plot.bottomright, 1)


def solve_times_title(count: int) -> str:
    """The recent-times chart's title: 'Last solve time', 'Last 12 solve times', or with none yet 'Recent solve times'."""
    if count == 1:
        return "Last solve time"
    return f"Last {count} solve times" if count else "Recent solve times"
