"""`PlayScene`: what the two puzzle scenes (The Genius Square, MacMahon Squares) share.

The match and its history (undo, redo, restart), the clock and pause, replacing a begun
game only when the player agrees, the win, the game ID entry, the frame update and Escape.
Solver jobs, hints and solve are in `play_engine.PlayEngine`, save / load / autosave in
`play_saves.PlaySaves`, keys and the mouse (the held item's drag-or-click, the keyboard
cursor) in `play_input.PlayInput`; the widgets and the overlay are in `play_view.PlayView`,
the base of both views. A puzzle scene fills in the hooks (what is held, how a cursor moves
on its board, what a hint or a solution looks like); everything a puzzle decides stays in
its own module.
"""
from __future__ import annotations

import random
from datetime import datetime

import pygame
import pygame_gui

from game import keys
from game.draw.widgets import enable_buttons, pressed_name
from game.play.hints import HintStep
from game.play.match import Match
from game.play.puzzle import Puzzle
from game.scenes.base import Scene
from game.play.jobs import JobSlot
from game.scenes.anim import Celebration
from game.scenes.play_engine import PlayEngine
from game.scenes.play_input import PlayInput
from game.scenes.play_saves import PlaySaves
from solver.errors import SquarewiseError


def countdown(mark: tuple | None, dt: float) -> tuple | None:
    """A mark whose last item is the seconds it has left, `dt` later (None once it is over)."""
    if mark is None or mark[-1] <= dt:
        return None
    return (*mark[:-1], mark[-1] - dt)


class PlayScene(PlayEngine, PlaySaves, PlayInput, Scene):
    """A puzzle being played. Subclasses set `puzzle` (game/puzzle.py) and fill in the hooks
    (here and in `PlayInput`); their view, a `PlayView`, builds the widgets and draws."""

    #: the puzzle as the mid end sees it (game/puzzle.py): parse, jobs, metadata, autosave name
    puzzle: Puzzle
    SOLVE_STEP = 0.25        # seconds between the moves of an animated solve

    def __init__(self, app, rng: random.Random | None = None):
        super().__init__(app)
        self.rng = rng or random.Random()
        self.match: Match | None = None
        self.held = None
        self.keyboard = False
        self.mouse = (0, 0)
        self.press: tuple[int, int] | None = None
        self.hint: tuple | None = None
        self.hint_step: HintStep | None = None     # the last rung of the hint ladder climbed
        self.solve_queue: list[tuple] = []
        self.solve_clock = 0.0
        self.celebration: Celebration | None = None
        self.jobs = JobSlot(app.worker)
        self.status = ""
        self.show_help = False
        self.paused = False
        self.covered = False         # another screen is on top of this one
        self.win_lines: list[str] = []
        self.buttons: dict = {}

    # ------------------------------------------------------------------ the match
    @property
    def position(self):
        return self.match.position

    def _count_stat(self, key: str) -> None:
        stats = self.app.statistics.setdefault(self.puzzle.name, {"played": 0, "solved": 0, "best": {}})
        stats[key] = stats.get(key, 0) + 1

    def _begin(self, match: Match) -> None:
        """Put `match` on the board: no job, nothing in hand, no marks, no status, not paused."""
        self.cancel_job(quiet=True)
        self.match = match
        self.hint_step = None
        self._interrupt()
        self.status = ""
        self.paused = False
        self.win_lines = []
        self.sync_clock()

    def make_move(self, position) -> bool:
        """Play `position` on the match (True if that won it); the first move of a match counts
        it as a game the player began ("played" in the statistics), once, even over a save."""
        if not self.match.meta.get("begun"):
            self.match.meta["begun"] = True
            self._count_stat("played")
        return self.match.play(position)

    # ------------------------------------------------------------------ the clock and pause
    def clock_held(self) -> bool:
        """Whether the player cannot see and play the board now: another screen covers it, a
        dialog or the help is open, the game is paused, or the window is unfocused or minimised."""
        return self.covered or self.paused or self.show_help or self.dialog_open or not self.app.active

    def sync_clock(self) -> None:
        """Freeze the match clock while `clock_held()` (it counts only playable time)."""
        if self.match is not None:
            self.match.timer.hold(self.clock_held())

    def on_focus(self, active: bool) -> None:
        self.sync_clock()

    def can_pause(self) -> bool:
        """Hook: whether Pause applies now (a game on the board, not finished)."""
        return self.match is not None and not self.match.finished

    def toggle_pause(self) -> bool:
        """Pause (the board hidden, no moves, the clock stopped) or resume; False if it does not apply."""
        if not self.paused and not self.can_pause():
            return False
        self.paused = not self.paused
        self.held = None
        self.press = None
        self.solve_clock = 0.0
        self.sync_clock()
        self.refresh_buttons()
        return True

    # ------------------------------------------------------------------ replacing the game
    def replace_game(self, start_fn, what: str = "a new game") -> None:
        """Run `start_fn()` (which puts another game on the board) now, or, if a game is in
        progress, once the player has confirmed "Abandon this game?"."""
        if not self.game_in_progress():
            start_fn()
            return

        def abandon() -> None:
            self.abandoned()
            start_fn()

        self.confirm(f"Abandon this game for {what}? Its moves and time are lost.", abandon,
                     title="Abandon this game?", action="Abandon")
        self.sync_clock()

    def abandoned(self) -> None:
        """Hook: the player has confirmed abandoning the game in progress (a puzzle that keeps
        a record of its games notes it as lost)."""

    def celebrate(self) -> None:
        """Confetti over the board (when animations are on)."""
        self.app.sounds.play("win")
        if self.app.settings.get("animations", True):
            self.celebration = Celebration(self.layout()["geo"].rect, self.app.palette, self.rng)

    def announce_win(self, headline: str, detail: str = "", offer: str = "") -> None:
        """Say a win once: the banner over the board (with the confetti) says it and offers the
        next game (and `offer`, what else there is to do now); without the banner (no
        animations, or once it has gone) the status line does."""
        self.celebrate()
        self.status = headline + (f", {detail}" if detail else "") + (f" · {offer}" if offer else "")
        self.win_lines = [headline] + ([detail] if detail else []) + ([offer] if offer else []) + \
            [f"New game: {keys.describe('new')}"]

    def status_line(self) -> str:
        """The status line's text: empty while the win banner says it."""
        return "" if self.win_banner() else self.status

    def win_banner(self) -> list[str]:
        """The lines of the win banner while it shows (it shows with the confetti), else []."""
        c = self.celebration
        return self.win_lines if c is not None and c.t < Celebration.BANNER and self.win_lines else []

    def undo(self) -> None:
        self._through_history(self.match.undo)

    def redo(self) -> None:
        self._through_history(self.match.redo)

    def restart(self) -> None:
        self._through_history(self.match.restart)

    def _through_history(self, step) -> None:
        """Drop what is in hand and the marks, then `step` (the match's undo / redo / restart)."""
        self._interrupt()
        if step():
            self.after_history()
            self.refresh_buttons()

    def after_history(self) -> None:
        """Hook: the match has moved through its history (undo, redo, restart)."""

    def _interrupt(self) -> None:
        self.held = None
        self.clear_marks()
        self.solve_queue = []
        self.celebration = None

    def clear_marks(self) -> None:
        """Hook: forget the engine's marks on the board (the hint, ...)."""
        self.hint = None

    def on_enter(self) -> None:
        self.covered = False
        super().on_enter()
        self.sync_clock()

    def on_exit(self) -> None:
        super().on_exit()
        self.covered = True                  # popped or covered: nobody plays it now
        self.sync_clock()
        self.cancel_job(quiet=True)          # an answer about a board no longer on show is no use
        self.app.toasts.anchor = None
        self.autosave()

    def on_quit(self) -> None:
        self.autosave()

    # ------------------------------------------------------------------ widgets
    def refresh_buttons(self) -> None:
        """Enable what makes sense now, show Cancel while a job runs and show the game ID."""
        if not self.buttons:
            return
        enable_buttons(self.buttons, {"pause": self.paused or self.can_pause(), **self.button_flags()})
        if "pause" in self.buttons:
            self.buttons["pause"].set_text("Resume" if self.paused else "Pause")
        if self.jobs.running:
            self.cancel_button.show()
        else:
            self.cancel_button.hide()
        shown = self.shown_id()
        if shown is not None and not self.id_entry.is_focused:
            self.id_entry.set_text(shown)

    def button_flags(self) -> dict:
        """Hook: button name -> whether it is enabled now (a name left out is enabled)."""
        return {}

    def shown_id(self) -> str | None:
        """Hook: the text of the game ID entry (None: leave it as it is)."""
        return self.match.game_id if self.match else None

    # ------------------------------------------------------------------ actions
    def ask_play_id(self, text: str) -> bool:
        """Play the game whose ID is `text` (typed or pasted), asking first if that would
        abandon a game in progress; False (and a toast) for a bad ID."""
        try:
            self.puzzle.parse(text)
        except SquarewiseError as exc:
            self.app.toasts.show(f"Game ID: {exc}", 4, self.app.palette.illegal)
            return False
        self.replace_game(lambda: self.play_id(text, quiet=False), "the game ID's game")
        return True

    def play_id(self, text: str, quiet: bool = True) -> bool:
        """Start the game whose ID is `text` now; a toast says what is wrong with a bad ID."""
        try:
            start = self.puzzle.parse(text)
        except SquarewiseError as exc:
            self.app.toasts.show(f"Game ID: {exc}", 4, self.app.palette.illegal)
            return False
        self.begin_id(start)
        if not quiet:
            self.app.toasts.show(f"Playing {start.notation()}")
        return True

    def begin_id(self, start) -> None:
        """Hook: start a match from the position a game ID gave."""
        raise NotImplementedError

    def copy_id(self) -> None:
        self.copy_game_id(self.match.game_id)

    def can_save(self) -> bool:
        """Hook: whether Save applies now."""
        return True

    def can_move(self) -> bool:
        """Hook: whether undo / redo / restart apply now."""
        return True

    #: what still applies while paused (nothing that moves on the board)
    WHILE_PAUSED = {"pause", "help", "menu", "copy", "paste", "play_id", "save", "load", "new"}

    def do(self, action: str) -> bool:
        """Run a named action (from a key or a button); False if it does not apply now."""
        if self.paused and action not in self.WHILE_PAUSED:
            return False
        if action == "pause":
            return self.toggle_pause()
        if action == "help":
            self.show_help = not self.show_help
            self.sync_clock()
        elif action == "menu":
            self.app.pop()
        elif action == "copy":
            self.copy_id()
        elif action == "paste":
            pasted = self.app.paste_text().strip()
            if not pasted:
                return False
            self.ask_play_id(pasted)
        elif action == "play_id":
            self.ask_play_id(self.id_entry.get_text())
        elif action == "save" and self.can_save():
            name = datetime.now().strftime(f"{self.puzzle.name}-%Y%m%d-%H%M%S.json")
            self.ask_file("Save the game as", self.save_to, self.app.storage.saves_dir() / name, must_exist=False)
            self.sync_clock()
        elif action == "load":
            self.ask_file("Load a saved game", self.ask_load, self.app.storage.saves_dir())
            self.sync_clock()
        elif action in ("undo", "redo", "restart") and self.can_move():
            getattr(self, action)()
        else:
            return self.do_puzzle(action)
        return True

    def do_puzzle(self, action: str) -> bool:
        """Hook: the puzzle's own actions; False if `action` does not apply now."""
        return False

    # ------------------------------------------------------------------ widget events
    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.cancel_button:
                self.cancel_job()
                return True
            name = pressed_name(event, self.buttons)
            if name is not None:
                self.do(name)
            return name is not None
        if self.handle_menu(event):
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.id_entry:
            self.ask_play_id(event.text)
            return True
        if self.show_help and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_help = False               # any key or click closes the key table ...
            self.sync_clock()
            if keys.action(event) == "help":     # ... and F1 again opens How to play
                self.app.open(f"howto-{self.puzzle.name}")
            return True
        if self.paused:        # the board is hidden: keys act only as buttons would
            name = keys.action(event)
            return self.do(name) if name and name != "back" else False
        return self.handle_input(event)

    def handle_menu(self, event) -> bool:
        """Hook: a drop-down menu's events; True if the event was for one."""
        return False

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.sync_clock()
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None
        self.hint = countdown(self.hint, dt)
        if self.solve_queue and not self.paused:
            self.solve_clock += dt
            if self.solve_clock >= self.SOLVE_STEP or not self.app.settings.get("animations", True):
                self.solve_clock = 0.0
                step = self.solve_queue.pop(0)
                if self.position.check(step) is None:
                    self.play(self.position.place(step))
                else:
                    self.solve_queue = []
        if self.buttons and (self.job is not None) != self.cancel_button.visible:
            self.refresh_buttons()

    def back(self) -> None:
        if self.held:
            self.held = None
        elif self.job is not None:
            self.cancel_job()
        else:
            self.app.pop()
