"""All solutions of a Genius roll, one at a time (after a win: "see the other N solutions").

`solver.genius.solutions.Solutions` counts the roll's completions once (up to about half a
second for the easiest rolls, so in a worker thread while the screen says so) and then gives
the k-th solution directly. Step with Left/Right (or the buttons), Up/Down jump by 100,
Home/End go to the first and last, a typed number jumps there; the solution the player found,
if given, is found in the list and shown first.
"""
from __future__ import annotations

import pygame
import pygame_gui

from game import keys
from game.draw.boards import BoardGeometry, draw_blocker, draw_board
from game.draw.pieces import draw_squares
from game.draw.theme import text_size
from game.draw.widgets import enable_buttons, screen_heading, text
from game.scenes.base import Scene
from solver.errors import SquarewiseError
from solver.genius.pieces import PIECES
from solver.genius.position import Position
from solver.genius.solutions import Solutions
from solver.grid import is_ascii_number

SIZE = 6
STEP = 100


class AllSolutionsScene(Scene):
    caption = "Squarewise - every solution of the roll"

    def __init__(self, app, game_id: str, found: str | None = None):
        """`game_id`: the roll (its blockers are what counts); `found`: the player's own solution."""
        super().__init__(app)
        self.problem = ""
        self.roll: Position | None = None
        self.found: Position | None = None
        try:
            position = Position.parse(game_id)
            self.found = Position.parse(found) if found else None
        except SquarewiseError as exc:
            self.problem = f"Game ID: {exc}"
        else:
            self.roll = Position.from_blockers(position.blockers)
            app.worker.submit("Counting the solutions", self._list, self._listed)
        self.solutions: Solutions | None = None
        self.index = 0
        self.buttons: dict = {}

    def _list(self, job) -> tuple[Solutions, int]:
        """In a worker thread: the roll's solutions, and where the player's own one is among them."""
        solutions = Solutions(self.roll)
        mine = next((k for k, s in enumerate(solutions) if s == self.found), 0) if self.found else 0
        return solutions, mine

    def _listed(self, job) -> None:
        if job.error is not None:
            self.problem = f"Could not list the solutions: {job.error}"
            return
        self.solutions, self.index = job.result
        self.refresh()

    @property
    def shown(self) -> Position | None:
        return self.solutions[self.index] if self.solutions is not None and len(self.solutions) else None

    def go(self, index: int) -> None:
        if self.solutions is None or not len(self.solutions):
            return
        self.index = max(0, min(len(self.solutions) - 1, index))
        self.refresh()

    # ------------------------------------------------------------------ widgets
    def build_ui(self) -> None:
        app = self.app
        w, h = app.size
        y, bh = h - app.px(64), app.px(44)
        x = app.px(40)
        self.buttons = {}
        for name, label, width in (("back", "Back (Esc)", 150), ("first", "|<", 60), ("prev", "<", 60),
                                   ("next", ">", 60), ("last", ">|", 60)):
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, y, app.px(width), bh), label, app.ui))
            x += app.px(width) + app.px(10)
        self.jump = self.add(pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x + app.px(20), y, app.px(140), bh), app.ui, placeholder_text="go to number"))
        self.refresh()

    def refresh(self) -> None:
        if not self.buttons:
            return
        n = len(self.solutions) if self.solutions is not None else 0
        back, on = self.index > 0, self.index < n - 1
        enable_buttons(self.buttons, {"first": back, "prev": back, "next": on, "last": on})

    def handle_event(self, event) -> bool:
        if self.run_pressed(event):
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.jump:
            typed = event.text.strip()
            if is_ascii_number(typed) and self.solutions is not None:
                self.go(int(typed) - 1)
            else:
                self.app.toasts.show("Type a solution's number, like 12", 3)
            self.jump.set_text("")
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.do("first" if event.key == pygame.K_HOME else "last")
            return True
        name = {"left": "prev", "right": "next", "up": "back100", "down": "on100"}.get(keys.action(event))
        if name is None:
            return False
        self.do(name)
        return True

    def do(self, name: str) -> None:
        moves = {"first": lambda i: 0, "prev": lambda i: i - 1, "next": lambda i: i + 1,
                 "last": lambda i: len(self.solutions) - 1, "back100": lambda i: i - STEP, "on100": lambda i: i + STEP}
        if name == "back":
            self.back()
        elif self.solutions is not None:
            self.go(moves[name](self.index))

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        w, h = surface.get_size()
        body = text_size("body", app.scale)
        screen_heading(surface, app, "Every solution of this roll")
        if self.solutions is None:
            line = self.problem or "Counting the solutions..."
        elif not len(self.solutions):
            line = "This roll has no solution"
        else:
            mine = " (yours)" if self.found is not None and self.shown == self.found else ""
            line = f"Solution {self.index + 1:,} of {len(self.solutions):,}{mine}"
        text(surface, line, (app.px(40), app.px(66)), body + app.px(3), pal.accent)
        text(surface, "Left/Right: step   Up/Down: 100 at a time   Home/End: first, last   Esc: back",
             (app.px(40), app.px(96)), body, pal.dim_text)
        if self.roll is None:
            return
        geo = BoardGeometry.fit(pygame.Rect(app.px(40), app.px(124), w - app.px(80), h - app.px(210)))
        draw_board(surface, geo, pal)
        for cell in sorted(self.roll.blockers):
            draw_blocker(surface, geo.cell_rect(cell), pal)
        shown = self.shown
        for piece, cells in (shown.placed.items() if shown is not None else ()):
            i = PIECES.index(piece)
            draw_squares(surface, [divmod(c, SIZE) for c in cells], geo.origin(), geo.cell, pal.piece_colour(i),
                         pattern=pal.piece_pattern(i), label=piece if app.settings.get("labels", False) else None)
