"""Statistics with charts: per puzzle and level, games and wins, best and median times,
streaks, the recent solve times and a histogram (game/records.py computes, game/draw/charts.py
draws). Opened from the title and from Settings; Left/Right change the puzzle, Up/Down the level.
"""
from __future__ import annotations

import datetime as dt

import pygame
import pygame_gui

from game import keys
from game.play import records
from game.draw import charts
from game.draw.theme import text_size
from game.draw.widgets import pressed_name, screen_heading, text
from game.play.match import format_time
from game.scenes.base import Scene
from solver import daily
from solver.genius.levels import LEVELS

PUZZLES = (("genius", "The Genius Square"), ("macmahon", "MacMahon Squares"))
LEVEL_CHOICES = (None,) + LEVELS          # None: every level


def figures(statistics: dict, puzzle: str, level: str | None, today: int) -> list[tuple[str, str]]:
    """(label, value) rows of the figures shown beside the charts."""
    s = records.summary(statistics, puzzle, level)
    rows = [("games played", str(s.played)), ("won", str(s.won)),
            ("won with help", str(s.assisted)), ("lost", str(s.lost)), ("best time", format_time(s.best)),
            ("median time", format_time(s.median)), ("current streak", str(s.current_streak)),
            ("longest streak", str(s.longest_streak))]
    if level is None:
        current, longest = records.daily_streak(statistics, puzzle, today)
        rows += [("daily puzzles won", str(len(records.daily_won(statistics, puzzle)))),
                 ("daily streak", f"{current} (longest {longest})")]
    return rows


class StatsScene(Scene):
    caption = "Squarewise - statistics"

    def __init__(self, app, puzzle: str = "genius", level: str | None = None, today: dt.date | None = None):
        super().__init__(app)
        self.puzzle = puzzle
        self.level = level
        self.today = daily.number(max(today or dt.date.today(), daily.EPOCH))
        self.tabs: dict = {}
        self.levels: dict = {}

    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        x, y, bh = app.px(40), app.px(76), app.px(38)
        self.tabs = {}
        for key, title in PUZZLES:
            self.tabs[key] = self.add(pygame_gui.elements.UIButton(pygame.Rect(x, y, app.px(230), bh), title, app.ui))
            x += app.px(240)
        x += app.px(20)
        self.levels = {}
        for level in LEVEL_CHOICES:
            width = app.px(96 if level != "very hard" else 110)
            self.levels[level] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, width, bh), level or "all levels", app.ui))
            x += width + app.px(6)
        self.done = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(40), h - app.px(64), app.px(200), app.px(44)), "Back (Esc)", app.ui))

    def choose(self, puzzle: str | None = None, level: str | None | bool = False) -> None:
        if puzzle is not None:
            self.puzzle = puzzle
        if level is not False:
            self.level = level

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done:
                self.back()
                return True
            puzzle, level = pressed_name(event, self.tabs), pressed_name(event, self.levels)
            if puzzle is not None:
                self.choose(puzzle=puzzle)
            elif event.ui_element in self.levels.values():
                self.choose(level=level)        # None is a level here: all levels
            return puzzle is not None or event.ui_element in self.levels.values()
        name = keys.action(event)
        order = [k for k, _ in PUZZLES]
        if name in ("left", "right"):
            self.choose(puzzle=order[(order.index(self.puzzle) + (1 if name == "right" else -1)) % len(order)])
        elif name in ("up", "down"):
            at = LEVEL_CHOICES.index(self.level) + (1 if name == "down" else -1)
            self.choose(level=LEVEL_CHOICES[at % len(LEVEL_CHOICES)])
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        body, small = (text_size(r, app.scale) for r in ("body", "small"))
        screen_heading(surface, app, "Statistics")
        for chosen in (self.tabs.get(self.puzzle), self.levels.get(self.level)):    # the choice in force: ringed
            if chosen is not None:
                pygame.draw.rect(surface, pal.accent, chosen.rect.inflate(app.px(8), app.px(8)), max(2, app.px(3)),
                                 border_radius=app.px(8))
        top = app.px(136)
        left = pygame.Rect(app.px(40), top, app.px(330), h - top - app.px(90))
        pygame.draw.rect(surface, pal.panel, left, border_radius=app.px(8))
        y = left.y + app.px(16)
        text(surface, f"{dict(PUZZLES)[self.puzzle]}, {self.level or 'all levels'}", (left.x + app.px(16), y), body,
             pal.accent, style="bold", max_width=left.width - app.px(32))
        y += round(body * 2)
        for label, value in figures(app.statistics, self.puzzle, self.level, self.today):
            text(surface, label, (left.x + app.px(16), y), body, pal.dim_text)
            text(surface, value, (left.right - app.px(16), y), body, pal.text, anchor="topright", style="mono")
            y += round(body * 1.9)
        s = records.summary(app.statistics, self.puzzle, self.level)
        right = pygame.Rect(left.right + app.px(24), top, w - left.right - app.px(64), left.height)
        half = (right.height - app.px(16)) // 2
        charts.recent_times(surface, pygame.Rect(right.x, right.y, right.width, half), pal, s.recent, s.median, small)
        times = records.solve_times(app.statistics, self.puzzle, self.level)
        charts.histogram(surface, pygame.Rect(right.x, right.y + half + app.px(16), right.width, half), pal,
                         records.histogram(times), small)
        text(surface, "Left/Right: puzzle   Up/Down: level   Esc: back", (w - app.px(40), h - app.px(42)), small,
             pal.dim_text, anchor="midright")
