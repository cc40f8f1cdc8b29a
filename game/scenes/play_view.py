"""What every play screen draws the same way, as functions of a `Frame` (game/play/frame.py):
the top bar's split, the clock, and the overlay (the pause cover, a refused item's flight home,
the win's confetti and banner, the guided game's card, the key table). The puzzles' views
(game/scenes/genius/view.py, game/scenes/macmahon/view.py) call them; none reads a screen.
"""
from __future__ import annotations

import pygame

from game.play import key_words
from game.draw.theme import font, mix, text_size
from game.draw.widgets import overlay_panel, text, wrap
from game.play.frame import Frame
from game.puzzles import registry
from game.scenes.anim import banner


def top_and_body(app, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The top bar (title, game ID, clock) and the area under it inside the margin."""
    w, h = size
    top = app.px(70)
    margin = app.px(14)
    return pygame.Rect(0, 0, w, top), pygame.Rect(margin, top + margin, w - 2 * margin, h - top - 2 * margin)


def board_box(geo) -> pygame.Rect:
    """What a board covers: the frame round its cells and the labels left and above."""
    label = geo.cell * 3 // 5
    return geo.rect.inflate(geo.cell // 5, geo.cell // 5).union(
        pygame.Rect(geo.rect.x - label, geo.rect.y - label, label, label))


def title_box(app, top: pygame.Rect, title: str, subtitle: str) -> pygame.Rect:
    """Where the top bar's title and the line under it are written."""
    width = max(font(text_size("title", app.scale), "bold").size(title)[0],
                font(text_size("small", app.scale)).size(subtitle)[0])
    return pygame.Rect(app.px(16), top.y, width, top.height)


def clock_box(app, top: pygame.Rect) -> pygame.Rect:
    width = font(app.px(34), "mono").size("00:00")[0]
    return pygame.Rect(top.right - app.px(20) - width, top.y, width, top.height)


def result_shown(match) -> bool:
    """Whether Copy result shows: a won daily on the board."""
    return match is not None and match.finished and match.meta.get("daily") is not None and \
        match.meta.get("result") == "won" and match.meta.get("kind", "play") == "play"


def status_box(app, area: pygame.Rect, frame: Frame, button_w: int) -> pygame.Rect:
    """Where the status line is written in `area` (wrapped, as many lines as fit): left of the
    button at its right (Cancel while a job runs, Copy result under a won daily; `button_w`:
    Cancel's width)."""
    button = frame.job is not None or result_shown(frame.match)
    width = area.width - (max(button_w, app.px(140)) + app.px(10) if button else 0)
    return pygame.Rect(area.x, area.y + app.px(8), width, area.height - app.px(8))


def clipped_to(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """Whether the frame draws no more than `rect` (the app clips a clock's tick to the top bar)."""
    return rect.contains(surface.get_clip())


def draw_clock(surface: pygame.Surface, app, top: pygame.Rect, frame: Frame) -> None:
    """The clock at the right of the top bar; with hints used, a little smaller, the hints under it."""
    pal = app.palette
    colour = pal.accent if frame.finished else pal.text
    clock, note = frame.clock.partition(" · ")[::2]     # the time, the hints used
    right = top.right - app.px(20)
    if note:
        text(surface, clock, (right, top.centery - app.px(9)), app.px(28), colour, anchor="midright", style="mono")
        text(surface, note, (right, top.centery + app.px(19)), text_size("small", app.scale), pal.dim_text,
             anchor="midright")
    else:
        text(surface, clock, (right, top.centery), app.px(34), colour, anchor="midright", style="mono")


def draw_overlay(surface: pygame.Surface, app, lay: dict, frame: Frame, hidden: list[pygame.Rect]) -> None:
    """Over the widgets: the pause cover over `hidden`, a refused item's flight, the win, the guide."""
    pal, geo = app.palette, lay["geo"]
    if frame.paused:
        for area in hidden:
            pygame.draw.rect(surface, mix(pal.background, pal.panel, 0.5), area, border_radius=app.px(8))
        banner(surface, geo.rect, [f"Paused: {key_words.describe('pause')} to resume"], pal, app.scale)
    anims = frame.anims
    if anims.motion is not None:
        anims.motion.draw_flight(surface, app.scale)
    if anims.celebration is not None:
        anims.celebration.draw(surface, app.scale)
    if anims.banner:                          # over the confetti, so it can be read (or alone: it stays)
        panel = banner(surface, geo.rect, list(anims.banner), pal, app.scale)
        if anims.celebration is not None:
            anims.celebration.draw_stamp(surface, panel, pal, app.scale)
    if frame.shows.guide is not None and not frame.paused:
        frame.shows.guide.draw(surface, app, lay["messages"], geo)


def draw_help(surface: pygame.Surface, app, puzzle: str) -> None:
    """The puzzle's key table (game/puzzles/registry.py `key_table`) in two columns on a panel: one text
    size for every row, a long description wrapped rather than shrunk."""
    pal = app.palette
    w, h = surface.get_size()
    lines = registry.key_table(puzzle)
    col_w = (w - app.px(80)) // 2
    combo_w, what_w = int(col_w * 0.34), int(col_w * 0.62)
    size = text_size("body", app.scale)
    while True:                           # the largest size at which the table fits the window
        step = size + max(3, size // 2)
        rows = [(combo, wrap(what, size, what_w)) for combo, what in lines]
        fits = all(font(size, "mono").size(combo)[0] <= combo_w for combo, _ in rows)
        half = (sum(len(r) for _, r in rows) + 1) // 2
        if fits and app.px(90) + half * step <= h - app.px(20) or size <= 9:
            break
        size -= 1
    panel = pygame.Rect(app.px(20), 0, w - app.px(40), app.px(90) + half * step)
    panel.centery = h // 2
    overlay_panel(surface, app, panel, 150, 2)
    text(surface, f"Keys (any key or click closes; {key_words.describe('help')} again: How to play)",
         (panel.centerx, panel.y + app.px(16)), text_size("title", app.scale), pal.text, anchor="midtop",
         style="bold")
    column, y0 = 0, panel.y + app.px(70)
    y = y0
    for combo, wrapped in rows:
        if column == 0 and y + len(wrapped) * step > y0 + half * step:
            column, y = 1, y0             # the second column starts with a whole row
        x = panel.x + app.px(20) + column * col_w
        text(surface, combo, (x, y), size, pal.accent, style="mono", max_width=combo_w)
        for line in wrapped:
            text(surface, line, (x + int(col_w * 0.36), y), size, pal.text, max_width=what_w)
            y += step
