"""Daily puzzles: today's Genius roll and MacMahon board (the same for everyone on a date),
the daily streaks, a list of past days to replay, and the result to copy once solved.

The puzzles of a day are worked out by the worker (game/play/dailies.day_puzzles) so the
window never waits; Play opens the puzzle's screen (through the registry) with the day's game
ID, number and level: the screen asks before it abandons a game in progress, labels the match
"Daily #N", and its session records it as that daily.
"""
from __future__ import annotations

import datetime as dt

import pygame
import pygame_gui

from game.play import records
from game.play.dailies import Daily, day_puzzles, first_win, result_line, solved_time, status
from game.draw.theme import text_size
from game.draw.widgets import enable_buttons, pressed_name, screen_heading, text
from game.scenes.base import Scene
from game.play.jobs import JobSlot
from solver import daily

GAMES = (("genius", "The Genius Square"), ("macmahon", "MacMahon Squares"))
PAST_DAYS = 30


def copy_result(app, puzzle: str, number: int) -> bool:
    """Put the share line of daily `number` of `puzzle` on the clipboard (or show it where there
    is no clipboard); False when that daily has not been won."""
    line = result_line(app.statistics, puzzle, number)
    if line is None:
        return False
    ok = app.copy_text(line)
    app.toasts.show(f"Copied: {line}" if ok else f"No clipboard here: {line}", 5)
    return True


class DailyScene(Scene):
    caption = "Squarewise - daily puzzles"

    def __init__(self, app, today: dt.date | None = None):
        super().__init__(app)
        self.today = max(today or dt.date.today(), daily.EPOCH)
        self.day = self.today
        self.puzzles: dict[dt.date, dict[str, Daily]] = {}
        self.jobs = JobSlot(app.worker)
        self.problem = ""
        self.buttons: dict = {}
        self.days: list[dt.date] = []
        self.fetch()

    # ------------------------------------------------------------------ the day's puzzles
    def fetch(self) -> None:
        """Work out the chosen day's puzzles (once per day) in the worker."""
        if self.day in self.puzzles:
            return
        day = self.day
        self.problem = ""
        self.jobs.run(f"Daily puzzles of {day}", day_puzzles, (day.isoformat(),),
                      lambda found: self._found(day, found), self._failed)

    def _found(self, day: dt.date, found: dict) -> None:
        self.puzzles[day] = found
        self.refresh()

    def _failed(self, error) -> None:
        self.problem = f"Could not make the daily puzzles: {error}"

    @property
    def shown(self) -> dict[str, Daily] | None:
        return self.puzzles.get(self.day)

    def choose_day(self, day: dt.date) -> None:
        self.day = max(daily.EPOCH, min(self.today, day))
        self.fetch()
        self.refresh()

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        half = (w - app.px(100)) // 2
        self.buttons = {}
        for i, (key, _) in enumerate(GAMES):
            x = app.px(40) + i * (half + app.px(20))
            y = app.px(250)
            self.buttons[("play", key)] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x + app.px(16), y, app.px(150), app.px(40)), "Play", app.ui))
            self.buttons[("copy", key)] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x + app.px(176), y, app.px(170), app.px(40)), "Copy result", app.ui))
        top = app.px(340)
        self.days = [self.today - dt.timedelta(days=k) for k in range(PAST_DAYS) if self.today - dt.timedelta(days=k) >= daily.EPOCH]
        self.day_list = self.add(pygame_gui.elements.UISelectionList(
            pygame.Rect(app.px(40), top, w - app.px(80), h - top - app.px(90)),
            [self.day_label(d) for d in self.days], app.ui))
        self.done = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(app.px(40), h - app.px(64), app.px(200), app.px(44)), "Back (Esc)", app.ui))
        app.toasts.place(pygame.Rect(w // 2, h - app.px(72), w // 2 - app.px(20), app.px(64)))
        self.refresh()

    def day_label(self, day: dt.date) -> str:
        n = daily.number(day)
        done = "   ".join(f"{daily.GAMES[key]} {solved_time(self.app.statistics, key, n)}" for key, _ in GAMES)
        when = "today" if day == self.today else day.strftime("%a %d %b %Y")
        return f"#{n}   {when}   {daily.level(day)}   {done}"

    def refresh(self) -> None:
        """Play needs the day's puzzle; Copy result needs it solved."""
        if not self.buttons:
            return
        n = daily.number(self.day)
        enable_buttons(self.buttons, {(action, key): self.shown is not None if action == "play" else
                                      result_line(self.app.statistics, key, n) is not None
                                      for action, key in self.buttons})

    # ------------------------------------------------------------------ actions
    def play(self, key: str) -> None:
        """Open the day's puzzle `key`, marked as that daily."""
        found = self.shown
        if not found:
            return
        puzzle = found[key]
        self.app.open(key, game_id=puzzle.game_id, daily=puzzle.number, level=puzzle.level)

    def copy_result(self, key: str) -> None:
        copy_result(self.app, key, daily.number(self.day))

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done:
                self.back()
                return True
            pressed = pressed_name(event, self.buttons)
            if pressed is not None:
                action, key = pressed
                self.play(key) if action == "play" else self.copy_result(key)
            return pressed is not None
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.day_list:
            labels = [self.day_label(d) for d in self.days]
            if event.text in labels:
                self.choose_day(self.days[labels.index(event.text)])
            return True
        return False

    def back(self) -> None:
        self.jobs.cancel()
        self.app.pop()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        heading, body = (text_size(r, app.scale) for r in ("heading", "body"))
        screen_heading(surface, app, "Daily puzzles")
        n = daily.number(self.day)
        which = "Today" if self.day == self.today else "Replaying"
        text(surface, f"{which}: #{n}, {self.day.strftime('%A %d %B %Y')}, the same puzzles for everyone",
             (app.px(40), app.px(66)), body, pal.dim_text)
        half = (w - app.px(100)) // 2
        found = self.shown
        for i, (key, name) in enumerate(GAMES):
            panel = pygame.Rect(app.px(40) + i * (half + app.px(20)), app.px(100), half, app.px(206))
            pygame.draw.rect(surface, pal.panel, panel, border_radius=app.px(8))
            x, y = panel.x + app.px(16), panel.y + app.px(14)
            text(surface, f"{name} #{n}", (x, y), heading, pal.text, style="bold", max_width=panel.width - app.px(32))
            y += round(heading * 1.7)
            text(surface, f"level: {daily.level(self.day)}", (x, y), body, pal.accent)
            y += round(body * 1.6)
            win = first_win(app.statistics, key, n)
            said = status(app.statistics, key, n) if win is not None or found is not None else \
                self.problem or "working out the puzzle..."
            text(surface, said, (x, y), body, pal.legal if win else pal.text, max_width=panel.width // 2)
            if n > 1:               # the day before's time beside it
                before = "yesterday" if self.day == self.today else "the day before"
                text(surface, f"{before}: {solved_time(app.statistics, key, n - 1)}",
                     (panel.right - app.px(16), y), body, pal.dim_text, anchor="topright")
            y += round(body * 1.6)
            current, longest = records.daily_streak(app.statistics, key, daily.number(self.today))
            text(surface, f"daily streak {current}, longest {longest}", (x, y), body, pal.dim_text)
        text(surface, "Past days: pick one to replay it", (app.px(40), app.px(316)), body, pal.dim_text)
