"""`PlayScene`: what the two puzzle scenes (The Genius Square, MacMahon Squares) share.

The match and its history (undo, redo, restart), solver jobs in a child process with a
Cancel button, hint and solve from the engine's answers, the game ID entry, save / load /
autosave, the frame update and Escape (the widgets and the overlay are in `play_view.PlayView`,
the base of both views); keys and the mouse (the held item's
drag-or-click, the keyboard cursor) are in `play_input.PlayInput`. A puzzle scene fills in
the hooks (what is held, how a cursor moves on its board, what a hint or a solution looks
like); everything a puzzle decides stays in its own module.
"""
from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

import pygame
import pygame_gui

from game import keys
from game.draw.widgets import enable_buttons, pressed_name
from game.hints import HintStep, escalate, hint_text, hints_note, still_fresh
from game.match import Match, format_time
from game.puzzle import Hint, Puzzle, Solution, Stuck
from game.scenes.base import Scene
from game.scenes.jobs import JobSlot
from game.scenes.anim import Celebration
from game.scenes.play_input import PlayInput
from game.storage import read_versioned, write_versioned
from solver.errors import SquarewiseError


def countdown(mark: tuple | None, dt: float) -> tuple | None:
    """A mark whose last item is the seconds it has left, `dt` later (None once it is over)."""
    if mark is None or mark[-1] <= dt:
        return None
    return (*mark[:-1], mark[-1] - dt)


class PlayScene(PlayInput, Scene):
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

    # ------------------------------------------------------------------ solver calls
    @property
    def job(self):
        """The solver job under way (None when idle): what the status line and Cancel show."""
        return self.jobs.job

    def run_job(self, label: str, func, notation: str, on_done) -> None:
        """Run a solver job (a module-level function of a notation) in a child process."""
        self.cancel_job(quiet=True)
        self.jobs.run(label, func, (notation,), lambda result: self._job_done(on_done, result),
                      lambda error: self._job_done(None, f"{label} failed: {error}"))
        self.refresh_buttons()

    def _job_done(self, on_done, result) -> None:
        """`on_done(result)`; without `on_done`, `result` is the failure to show."""
        self.status = ""
        if on_done is None:
            self.status = result
        else:
            on_done(result)
        self.refresh_buttons()

    def cancel_job(self, quiet: bool = False) -> None:
        if self.jobs.cancel():
            if not quiet:
                self.status = "Cancelled"
            self.refresh_buttons()

    def ask_engine(self, label: str, func, on_result) -> None:
        """Ask the engine about the position on show; `on_result(position, result)` runs only
        if the board has not changed in the meantime."""
        pos = self.position

        def answer(result) -> None:
            if pos == self.position:
                on_result(pos, result)

        self.run_job(label, func, pos.notation(), answer)

    def ask_hint(self) -> None:
        """One more hint (game/hints.py): the first asks the engine which piece or tile comes
        next; asking again on the same position climbs to where, then how it is turned, with
        no engine call. Every rung is a hint used (match.meta["hints"], the clock line)."""
        self.held = None
        self.match.meta["hints"] = self.match.meta.get("hints", 0) + 1
        self.match.meta["assisted"] = True
        notation = self.position.notation()
        if still_fresh(self.hint_step, notation):
            self._climb(notation, None)
        else:
            self.ask_engine("Looking for a hint", self.puzzle.hint_job, self._show_hint)

    def _show_hint(self, pos, result: Hint | Stuck) -> None:
        if isinstance(result, Hint):
            self._climb(pos.notation(), result.move)
        else:
            self.stuck(result)
            self.app.toasts.show(self.status, 4)

    def _climb(self, notation: str, move) -> None:
        self.hint_step = escalate(self.hint_step, notation, move)
        self.app.sounds.play("hint")
        self.show_hint_step(self.hint_step)
        self.app.toasts.show(self.status, 4)

    def show_hint_step(self, hint: HintStep) -> None:
        """Say a rung of the hint ladder; the last one also shows the whole move on the board
        (the `show_hint` hook). A puzzle may override this to mark the earlier rungs too."""
        self.hint = None
        if hint.complete:
            self.show_hint(hint.move)
        board = getattr(self.position, "board", None)
        words = hint_text(hint, getattr(board, "cols", 6))
        self.status = f"Hint {hint.step + 1} of 3: {words}"

    def clock_text(self) -> str:
        """The clock line: the time on the match and the hints used ('1:23 · 2 hints')."""
        return format_time(self.match.elapsed) + hints_note(self.match.meta.get("hints", 0))

    def ask_solve(self) -> None:
        self.held = None
        self.match.meta["assisted"] = True
        self.ask_engine("Solving", self.puzzle.solve_job, self._start_solve)

    def _start_solve(self, pos, result: Solution | Stuck) -> None:
        if isinstance(result, Solution):
            self.solve_queue = list(result.moves)
            self.solve_clock = 0.0
            self.status = "Solving..."
        else:
            self.stuck(result)
            self.app.toasts.show(self.status, 4)

    def show_hint(self, move) -> None:
        """Hook: show the engine's next move on the board and say it in the status."""
        raise NotImplementedError

    def stuck(self, answer: Stuck) -> None:
        """Hook: say there is no way on (the engine's answer), and what to take back."""
        raise NotImplementedError

    # ------------------------------------------------------------------ save and load
    def resume(self) -> bool:
        """Continue the game saved when the window last closed, if any."""
        if not self.app.storage.exists(self.puzzle.autosave):
            return False
        try:
            match = Match.from_dict(self.app.storage.read(self.puzzle.autosave), self.puzzle)
        except SquarewiseError as exc:
            self.app.toasts.show(f"Could not continue the last game: {exc}", 4)
            return False
        self._begin(match)
        self.resumed(match)
        return True

    def resumed(self, match: Match) -> None:
        """Hook: a saved match has just been put on the board."""

    def save_to(self, path: Path) -> None:
        path = Path(path)
        if path.suffix != ".json":
            path = path.with_suffix(".json")
        try:
            write_versioned(path, self.match.to_dict())
        except OSError as exc:
            self.app.toasts.show(f"Could not save: {exc}", 4, self.app.palette.illegal)
            return
        self.app.toasts.show(f"Saved {path.name}")

    def ask_load(self, path: Path) -> None:
        """Load the save at `path`, asking first if that would abandon a game in progress."""
        self.replace_game(lambda: self.load_from(path), Path(path).name)

    def load_from(self, path: Path) -> bool:
        try:
            match = Match.from_dict(read_versioned(path), self.puzzle)
        except SquarewiseError as exc:
            self.app.toasts.show(str(exc), 5, self.app.palette.illegal)
            return False
        self._begin(match)
        self.resumed(match)
        self.app.toasts.show(f"Loaded {Path(path).name} ({format_time(match.elapsed)} on the clock)")
        return True

    def game_in_progress(self) -> bool:
        """A game the player began (at least one move) and has not finished."""
        m = self.match
        return m is not None and len(m.history) > 1 and not m.finished

    def worth_resuming(self) -> bool:
        """Hook: whether the game in progress is kept for next time (a finished one never is)."""
        return not self.match.finished

    def autosave(self) -> None:
        if self.match is None:
            return
        if self.worth_resuming():
            self.app.storage.write(self.puzzle.autosave, self.match.to_dict())
        else:
            self.app.storage.delete(self.puzzle.autosave)

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
