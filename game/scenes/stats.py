"""The one statistics screen: per puzzle and level, the games played, won, won with help and
lost (the words of docs/records.md), best and median times, streaks, the races against the
computer (a table), the recent solve times and a histogram (game/play/records.py computes,
game/draw/charts.py draws). Each puzzle offers its own levels (The Genius Square's easy to very
hard, MacMahon's 1 to 10). Opened from the title and from Settings; Left/Right change the
puzzle, Up/Down the level; Reset statistics forgets everything once the player agrees.
Every figure is drawn at the body size in a box it fits (`figure_cells`).
"""
from __future__ import annotations

import datetime as dt
from typing import NamedTuple

import pygame
import pygame_gui

from game import keys
from game.play import records
from game.draw import charts
from game.draw.theme import font, text_size
from game.draw.widgets import pressed_name, screen_heading, text
from game.play.match import format_time
from game.puzzles import registry
from game.scenes.base import Scene
from game.storage import DEFAULT_STATISTICS
from solver import daily

# design-size widths of the level buttons (others: 96, or 30 for a number)
BUTTON_WORDS = {None: "all levels", records.OTHER: "no level"}
LEVEL_WIDTHS = {None: 90, "easy": 60, "medium": 80, "hard": 60, "very hard": 104, "one way": 80, records.OTHER: 80,
                records.DAILIES: 76}


class Cell(NamedTuple):
    """One text of the figures: drawn at the body size inside `box`, aligned by `anchor`."""
    line: str
    box: pygame.Rect
    anchor: str           # "topleft" or "topright"
    style: str
    dim: bool


DAILIES_APART = "no times here yet: the daily puzzles' times are kept apart"
GIVEN_APART = "no times here yet: a board with pieces or tiles given keeps its times in its level's row"
HELPED_APART = "no times here yet: a game won with help is not timed"


def level_choices(puzzle: str) -> tuple[str | None, ...]:
    """A puzzle's rows as its games are stored (None: every level), which add up to it (records.rows)."""
    return (None,) + records.rows(puzzle)


def level_name(puzzle: str, level: str | None) -> str:
    """How a row is named on the screen: "all levels", "hard", "level 7", "no level", "daily puzzles"."""
    if level is None:
        return "all levels"
    return {records.OTHER: "no level", records.DAILIES: "daily puzzles"}.get(level) or \
        (f"level {level}" if level.isdigit() else level)


def figures(statistics: dict, puzzle: str, level: str | None, today: int) -> list[tuple[str, str]]:
    """(label, value) rows of the figures shown beside the charts."""
    s = records.summary(statistics, puzzle, level)
    rows = [("played", str(s.played)), ("won", str(s.won)), ("won with help", str(s.assisted)),
            ("lost", str(s.lost)), ("best time", format_time(s.best)),
            ("median time", format_time(s.median)), ("current streak", str(s.current_streak)),
            ("longest streak", str(s.longest_streak))]
    if level is None:
        current, longest = records.daily_streak(statistics, puzzle, today)
        rows += [("daily puzzles won", str(len(records.daily_won(statistics, puzzle)))),
                 ("best daily time", format_time(records.daily_best(statistics, puzzle))),
                 ("daily streak", f"{current} (longest {longest})")]
    return rows


def figure_cells(rows: list[tuple[str, str]], table: list[tuple[str, ...]], area: pygame.Rect,
                 size: int, gap: int) -> list[Cell]:
    """The texts of `rows` (label, value) and then of `table` (a heading row and rows of a label
    and values, in columns) laid out in `area`, one line each, every text at `size` in a box as
    wide as it is (a label gets what its line leaves)."""
    regular, mono = font(size, "regular"), font(size, "mono")
    lines = len(rows) + len(table)
    step = min(round(size * 1.9), area.height // max(1, lines))
    height = regular.get_linesize()
    cells, y = [], area.y
    for label, value in rows:
        width = min(mono.size(value)[0], (area.width - gap) * 5 // 8)
        cells += [Cell(value, pygame.Rect(area.right - width, y, width, height), "topright", "mono", False),
                  Cell(label, pygame.Rect(area.x, y, area.width - width - gap, height), "topleft", "regular", True)]
        y += step
    if table:
        columns = [max(max(regular.size(row[k])[0] if r == 0 else mono.size(row[k])[0] for r, row in enumerate(table)), 1)
                   for k in range(1, len(table[0]))]
        for r, row in enumerate(table):
            right = area.right
            for k in range(len(columns), 0, -1):
                width = columns[k - 1]
                cells.append(Cell(row[k], pygame.Rect(right - width, y, width, height), "topright",
                                  "regular" if r == 0 else "mono", r == 0))
                right -= width + gap
            cells.append(Cell(row[0], pygame.Rect(area.x, y, right - area.x, height), "topleft", "regular", True))
            y += step
    return cells


class StatsScene(Scene):
    caption = "Squarewise - statistics"

    def __init__(self, app, puzzle: str | None = None, level: str | None = None, today: dt.date | None = None):
        super().__init__(app)
        self.puzzle = puzzle or registry.ordered()[0]
        self.level = level
        self.today = daily.number(max(today or dt.date.today(), daily.EPOCH))
        self.tabs: dict = {}
        self.levels: dict = {}

    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        x, y, bh = app.px(40), app.px(76), app.px(38)
        self.tabs = {}
        for key in registry.ordered():
            self.tabs[key] = self.add(pygame_gui.elements.UIButton(pygame.Rect(x, y, app.px(200), bh),
                                                                   registry.get(key).engine.title, app.ui))
            x += app.px(208)
        x += app.px(16)
        self.levels = {}
        for level in level_choices(self.puzzle):
            width = app.px(LEVEL_WIDTHS.get(level) or (30 if level.isdigit() else 96))
            self.levels[level] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, width, bh), BUTTON_WORDS.get(level, level), app.ui))
            x += width + app.px(4)
        self.done = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(40), h - app.px(64), app.px(200), app.px(44)), "Back (Esc)", app.ui))
        self.reset = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(256), h - app.px(64), app.px(200), app.px(44)), "Reset statistics...", app.ui))
        app.toasts.place(pygame.Rect(app.px(470), h - app.px(76), w - app.px(490), app.px(72)))   # beside the buttons

    def choose(self, puzzle: str | None = None, level: str | None | bool = False) -> None:
        """Show `puzzle` (its own levels: the level shown stays if the puzzle has it) and `level`."""
        if puzzle is not None and puzzle != self.puzzle:
            self.puzzle = puzzle
            if self.level not in level_choices(puzzle):
                self.level = None
            self.on_resize()              # the new puzzle's level buttons
        if level is not False:
            self.level = level

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done:
                self.back()
                return True
            if event.ui_element is self.reset:
                self.confirm("Forget every game, best time and streak?", self.reset_statistics,
                             title="Reset statistics?", action="Reset", destructive=True)
                return True
            puzzle, level = pressed_name(event, self.tabs), pressed_name(event, self.levels)
            if puzzle is not None:
                self.choose(puzzle=puzzle)
            elif event.ui_element in self.levels.values():
                self.choose(level=level)        # None is a level here: all levels
            return puzzle is not None or event.ui_element in self.levels.values()
        name = keys.action(event)
        order = registry.ordered()
        if name in ("left", "right"):
            self.choose(puzzle=order[(order.index(self.puzzle) + (1 if name == "right" else -1)) % len(order)])
        elif name in ("up", "down"):
            choices = level_choices(self.puzzle)
            at = choices.index(self.level) + (1 if name == "down" else -1)
            self.choose(level=choices[at % len(choices)])
        else:
            return False
        return True

    def reset_statistics(self) -> None:
        import copy
        self.app.statistics = copy.deepcopy(DEFAULT_STATISTICS)
        self.app.save_statistics()
        self.app.toasts.show("Statistics reset")

    def panel(self) -> pygame.Rect:
        """The figures' panel, left of the charts."""
        app = self.app
        top = app.px(136)
        return pygame.Rect(app.px(40), top, app.px(330), app.size[1] - top - app.px(90))

    def figures(self) -> tuple[list, list, pygame.Rect]:
        """The rows, the puzzle's own table for the level shown (The Genius Square's: the races' under
        all levels, One way's levels under its row) and the area they fill."""
        app, panel = self.app, self.panel()
        rows = figures(app.statistics, self.puzzle, self.level, self.today)
        own = registry.get(self.puzzle).statistics
        table = own(app.statistics, self.level) if own is not None else []
        top = panel.y + app.px(16) + round(text_size("body", app.scale) * 2)
        area = pygame.Rect(panel.x + app.px(16), top, panel.width - app.px(32), panel.bottom - app.px(8) - top)
        return rows, table, area

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
        left = self.panel()
        pygame.draw.rect(surface, pal.panel, left, border_radius=app.px(8))
        y = left.y + app.px(16)
        text(surface, f"{registry.get(self.puzzle).engine.title}, {level_name(self.puzzle, self.level)}",
             (left.x + app.px(16), y), body, pal.accent, style="bold", max_width=left.width - app.px(32))
        rows, table, area = self.figures()
        for cell in figure_cells(rows, table, area, body, app.px(8)):
            text(surface, cell.line, getattr(cell.box, cell.anchor), body, pal.dim_text if cell.dim else pal.text,
                 anchor=cell.anchor, style=cell.style, max_width=cell.box.width)
        s = records.summary(app.statistics, self.puzzle, self.level)
        right = pygame.Rect(left.right + app.px(24), left.y, w - left.right - app.px(64), left.height)
        half = (right.height - app.px(16)) // 2
        empty = self.why_no_times() if not s.recent else charts.EMPTY
        charts.recent_times(surface, pygame.Rect(right.x, right.y, right.width, half), pal, s.recent, s.median, small,
                            empty)
        times = records.solve_times(app.statistics, self.puzzle, self.level)
        charts.histogram(surface, pygame.Rect(right.x, right.y + half + app.px(16), right.width, half), pal,
                         records.histogram(times), small, empty)
        text(surface, "Left/Right: puzzle   Up/Down: level   Esc: back", (w - app.px(40), h - app.px(42)), small,
             pal.dim_text, anchor="midright")

    def why_no_times(self) -> str:
        """What the empty charts say beside games won: why none of them is timed in this view
        (records.timed: a daily's times are kept apart, a given start's are in its level's row)."""
        won = [g for g in records.games(self.app.statistics, self.puzzle, self.level) if g["won"]]
        if any(g.get("daily") is not None for g in won):
            return DAILIES_APART
        if any(g["key"].endswith(records.GIVEN) and not g["assisted"] for g in won):
            return GIVEN_APART
        return HELPED_APART if won else charts.EMPTY
