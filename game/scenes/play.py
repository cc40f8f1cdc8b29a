"""`PlayScene`: the screen of a puzzle being played (The Genius Square, MacMahon Squares).

It owns a `PlaySession` (game/play/session.py: the match, the clock, hints, jobs, saves and
the one place a match ends) and turns the player's keys and mouse into questions to it: the
held item (a Genius piece, a MacMahon tile, kept by the puzzle's hand) is dragged, or clicked
to carry it until the next click; the wheel and R / Q turn it; the arrows move a keyboard
cursor and Enter / Delete place, pick up or send back at the cursor. It draws what both
puzzles share: the buttons, the game ID entry, the clock, the win banner, the pause cover.
A puzzle's screen fills in the hooks (its hand, its board, its words).
"""
from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path

import pygame
import pygame_gui

from game import keys
from game.draw.theme import font, mix, text_size
from game.draw.widgets import enable_buttons, overlay_panel, pressed_name, text, wrap
from game.play import records
from game.play.hints import HintStep, hint_text
from game.play.match import Match, format_time
from game.play.puzzle import Puzzle, Stuck
from game.play.session import Ending, PlaySession
from game.scenes.action_menu import ActionMenu
from game.scenes.anim import Celebration, banner
from game.scenes.base import Scene
from game.scenes.motion import Motion
from game.synth import SCALE
from game.scenes.daily import copy_result
from game.scenes.guide import GAMES as GUIDE_GAMES
from game.scenes.guide import Guide
from solver.errors import SquarewiseError

CLICK_SLOP = 6             # pixels a press may move and still count as a click
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def fill_note(filled: float) -> str:
    """The sound of a board `filled` (0..1) full: a note of the scale, higher as it fills."""
    return f"note{min(len(SCALE), max(1, round(filled * len(SCALE))))}"


def countdown(mark: tuple | None, dt: float) -> tuple | None:
    """A mark whose last item is the seconds it has left, `dt` later (None once it is over)."""
    if mark is None or mark[-1] <= dt:
        return None
    return (*mark[:-1], mark[-1] - dt)


class PlayScene(Scene):
    """A puzzle being played. Subclasses set `puzzle` (game/play/puzzle.py) and `hand` (what is
    held), build their widgets and draw their board, and fill in the hooks below."""

    puzzle: Puzzle
    SOLVE_STEP = 0.25        # seconds between the moves of an animated solve
    TOOLTIPS: dict = {}      # button name -> keys action whose binding the tooltip names
    #: what still applies while paused (nothing that moves on the board)
    WHILE_PAUSED = {"pause", "help", "menu", "copy", "paste", "play_id", "save", "load", "new"}

    def __init__(self, app, rng: random.Random | None = None):
        super().__init__(app)
        self.rng = rng or random.Random()
        self.session = PlaySession(self.puzzle, app, self)
        self.keyboard = False
        self.mouse = (0, 0)
        self.press: tuple[int, int] | None = None
        self.celebration: Celebration | None = None
        self.motion = Motion(lambda: app.settings.get("animations", True))
        self.win_lines: list[str] = []
        self.show_help = False
        self.covered = False         # another screen is on top of this one
        self.pending: tuple | None = None    # a replacement asked for before the screen was shown
        self.restore_id = False      # a typed game ID waits on a question: the box shows the game's again after
        self.buttons: dict = {}
        self.menus: dict = {}        # name -> ActionMenu of the menu bar ("game", "mode", "level")
        self.result_button = None    # Copy result, under the banner of a won daily
        self.guide: Guide | None = None      # the guided first game, while it runs

    # ------------------------------------------------------------------ what the session holds
    @property
    def match(self) -> Match | None:
        return self.session.match

    @property
    def position(self):
        return self.session.match.position

    @property
    def held(self):
        return self.hand.held

    @property
    def paused(self) -> bool:
        return self.session.paused

    @property
    def status(self) -> str:
        return self.session.status

    @property
    def job(self):
        return self.session.job

    def say(self, words: str) -> None:
        self.session.say(words)

    def play(self, position) -> None:
        """Make `position`, one move from the one on show, the current one."""
        if position != self.position:
            self.session.play(position, self.puzzle.describe(self.position, position))

    def begin(self, match: Match) -> None:
        """Put `match` on the board: nothing in hand, no marks, no banner."""
        self.session.begin(match)
        self.guide = None
        self.hand.let_go()
        self.clear_marks()
        self.celebration = None
        self.motion.stop()
        self.win_lines = []
        self.sync_clock()
        self.refresh_buttons()

    # ------------------------------------------------------------------ the session's news
    def session_changed(self) -> None:
        self.clear_marks()
        self.after_move()
        self.refresh_buttons()

    def session_won(self, ending: Ending) -> None:
        self.hand.let_go()
        self.announce(ending)

    def session_hint(self, step: HintStep) -> None:
        """A hint is said on the status line only (no message that outlives the position it is about)."""
        self.app.sounds.play("hint")
        self.show_hint_step(step)

    def session_stuck(self, answer: Stuck) -> None:
        self.stuck(answer)
        self.app.toasts.show(self.status, 4, self.app.palette.illegal)

    def after_move(self) -> None:
        """Hook: the position has changed (a move, undo, redo, restart)."""

    def announce(self, ending: Ending) -> None:
        """Say a win once: a banner over the board with the confetti (or the status line without
        them). A race or a viewed solution says its own words (`win_words`)."""
        headline, detail, offer = self.win_words(ending)
        if headline is None:
            return
        self.app.sounds.play("win")
        if self.app.settings.get("animations", True):
            best = ending.new_best and not ending.again and not ending.assisted
            self.celebration = Celebration(self.layout()["geo"].rect, self.confetti_colours(), self.rng,
                                           seconds=ending.seconds, best=best)
        self.say(headline + (f", {detail}" if detail else ""))     # (the offers: the banner, the keys)
        self.win_lines = [headline] + ([detail] if detail else []) + ([offer] if offer else []) + \
            [f"New game: {keys.describe('new')}"]

    def mourn(self, headline: str, detail: str) -> None:
        """Say a loss (to the computer): a softer sound and a banner over the board, no confetti."""
        self.show_result([headline] + ([detail] if detail else []) + [f"New game: {keys.describe('new')}"], "lose")

    def show_result(self, lines: list[str], sound: str) -> None:
        """A banner of `lines` over the board for a moment (no confetti), with `sound`."""
        self.app.sounds.play(sound)
        self.celebration = Celebration(self.layout()["geo"].rect, (), self.rng, confetti=False)
        self.win_lines = lines

    def confetti_colours(self):
        """Hook: the colours of the win's confetti (the puzzle's own; the pieces' by default)."""
        return self.app.palette.pieces

    def sync_result_button(self) -> None:
        """Copy result beside the status line (Cancel's place) while a won daily is on show."""
        m = self.match
        wanted = bool(self.buttons) and m is not None and m.finished and m.meta.get("daily") is not None \
            and m.meta.get("result") == "won" and m.meta.get("kind", "play") == "play"
        shown = self.result_button is not None and self.result_button.alive()
        if wanted and not shown:
            rect = self.cancel_button.rect.copy()    # where Cancel shows while a job runs (none runs now)
            rect.width = max(rect.width, self.app.px(140))
            rect.right = self.cancel_button.rect.right
            self.result_button = self.add(pygame_gui.elements.UIButton(
                rect, "Copy result", self.app.ui, tool_tip_text=f"the line to share: {keys.describe('copy_result')}"))
        elif shown and not wanted:
            self.result_button.kill()

    def win_words(self, ending: Ending) -> tuple[str | None, str, str]:
        """(headline, detail, offer) of a win; headline None to say nothing."""
        t = format_time(ending.seconds)
        if ending.again:
            return f"Solved again in {t}", "the first time is the one that counts", ""
        number = self.match.meta.get("daily")
        if number is not None and ending.recorded:
            streak, _ = records.daily_streak(self.app.statistics, self.puzzle.name, number)
            help_words = " with help" if ending.assisted else ""
            more = self.win_offer()
            return (f"Daily #{number} solved{help_words} in {t}", f"daily streak {streak}",
                    f"Copy result: {keys.describe('copy_result')}" + (f" · {more}" if more else ""))
        if ending.assisted:
            return f"Solved with help in {t}", "", self.win_offer()
        return f"Solved in {t}", "a new best time!" if ending.new_best else "", self.win_offer()

    def win_offer(self) -> str:
        """Hook: what else there is to do after a win."""
        return ""

    def status_line(self) -> str:
        """The status line's text: empty while the win banner says it."""
        return "" if self.win_banner() else self.status

    def win_banner(self) -> list[str]:
        """The lines of the win banner while it shows (it shows with the confetti), else []."""
        c = self.celebration
        if c is None or c.t >= Celebration.BANNER or not self.win_lines:
            return []
        lines = list(self.win_lines)
        final = format_time(c.seconds) if c.seconds is not None else None
        if final and final in lines[0]:                   # the time counts up to the result
            lines[0] = lines[0].replace(final, format_time(c.counted()), 1)
        return lines

    # ------------------------------------------------------------------ the clock and pause
    def clock_held(self) -> bool:
        """Whether the player cannot see and play the board now: another screen covers it, a
        dialog or the help is open, or the window is unfocused or minimised."""
        return self.covered or self.show_help or self.dialog_open or not self.app.active

    def sync_clock(self) -> None:
        self.session.hold(self.clock_held())

    def on_focus(self, active: bool) -> None:
        self.sync_clock()

    def can_pause(self) -> bool:
        """Hook: whether Pause applies now."""
        return True

    def toggle_pause(self) -> bool:
        if not self.paused and not self.can_pause():
            return False
        if not self.session.toggle_pause():
            return False
        self.hand.let_go()
        self.press = None
        self.refresh_buttons()
        return True

    # ------------------------------------------------------------------ replacing the game
    def replace_game(self, start_fn, what: str = "a new game") -> None:
        """Run `start_fn()` (which puts another game on the board) now, or, if a game is in
        progress, once the player has agreed to abandon it (it then counts as lost). Every
        replacement goes through here: New, variant, level, game ID, Load, browser, daily."""
        if not self.session.in_progress():
            start_fn()
            return
        if self.app.top is not self:           # not shown yet: ask when it is
            self.pending = (start_fn, what)
            return

        def abandon() -> None:
            self.session.abandon()
            start_fn()

        self.ask_abandon(what, abandon)

    def ask_abandon(self, what: str, on_yes, note: str = "It counts as lost.") -> None:
        """The one question before a game in progress goes for `what` (`note`: what that costs)."""
        self.confirm(f"Abandon this game for {what}? {note}", on_yes, title="Abandon this game?", action="Abandon")
        self.sync_clock()

    def game_in_progress(self) -> bool:
        return self.session.in_progress()

    # ------------------------------------------------------------------ history
    def undo(self) -> None:
        self._through_history(self.session.undo)

    def redo(self) -> None:
        self._through_history(self.session.redo)

    def restart(self) -> None:
        self._through_history(self.session.restart)

    def _through_history(self, step) -> None:
        self.hand.let_go()
        self.clear_marks()
        self.celebration = None
        step()

    def clear_marks(self) -> None:
        """Hook: forget the engine's marks on the board (the hint, ...)."""

    def tick_marks(self, dt: float) -> None:
        """Hook: the marks fade."""

    # ------------------------------------------------------------------ hints and solve
    def ask_hint(self) -> None:
        self.hand.let_go()
        self.session.ask_hint()

    def ask_solve(self) -> None:
        self.hand.let_go()
        self.session.ask_solve()

    def show_hint_step(self, hint: HintStep) -> None:
        """Say a rung of the hint ladder; the last one also shows the whole move (`show_hint`)."""
        self.clear_marks()
        if hint.complete:
            self.show_hint(hint.move)
        self.say(f"Hint {hint.step + 1} of 3: {self.hint_words(hint)}")

    def hint_words(self, hint: HintStep) -> str:
        """Hook: a hint's words (game/play/hints.py)."""
        board = getattr(self.position, "board", None)
        return hint_text(hint, getattr(board, "cols", 6))

    def show_hint(self, move) -> None:
        """Hook: mark the engine's next move on the board."""

    def stuck(self, answer: Stuck) -> None:
        """Hook: say there is no way on (the engine's answer), and what to take back."""
        raise NotImplementedError

    def run_job(self, label: str, func, notation: str, on_done) -> None:
        """A solver job on a notation, with the Cancel button while it runs."""
        self.session.run_job(label, func, (notation,), lambda result: (on_done(result), self.refresh_buttons()))
        self.refresh_buttons()

    def cancel_job(self, quiet: bool = False) -> None:
        if self.session.cancel_job():
            if not quiet:
                self.say("Cancelled")
            self.refresh_buttons()

    # ------------------------------------------------------------------ life cycle and saves
    def on_enter(self) -> None:
        self.covered = False
        super().on_enter()
        self.sync_clock()
        if self.pending is not None:
            start_fn, what = self.pending
            self.pending = None
            self.replace_game(start_fn, what)

    def on_exit(self) -> None:
        super().on_exit()
        self.covered = True                  # popped or covered: nobody plays it now
        self.sync_clock()
        self.cancel_job(quiet=True)          # an answer about a board no longer on show is no use
        self.app.toasts.anchor = None
        self.autosave()

    def on_quit(self) -> None:
        self.autosave()

    def autosave(self) -> None:
        self.session.autosave(self.worth_resuming())

    def worth_resuming(self) -> bool:
        """Hook: whether the game in progress is kept for next time."""
        return True

    def resume(self) -> bool:
        """Continue the game kept when the window last closed, if any."""
        try:
            match = self.session.resume()
        except SquarewiseError as exc:
            self.app.toasts.show(str(exc).capitalize(), 5)
            return False
        if match is None:
            return False
        self.begin(match)
        self.resumed(match)
        return True

    def resumed(self, match: Match) -> None:
        """Hook: a saved match has just been put on the board."""

    def save_to(self, path: Path) -> None:
        try:
            path = self.session.save_to(path)
        except OSError as exc:
            self.app.toasts.show(f"Could not save: {exc}", 4, self.app.palette.illegal)
            return
        self.app.toasts.show(f"Saved {path.name}")

    def ask_load(self, path: Path) -> bool:
        """Load the save at `path`, asking first if that would abandon a game in progress;
        False (and a toast saying why) if it cannot be played."""
        try:
            match = self.session.load(path)
        except SquarewiseError as exc:
            self.app.toasts.show(str(exc), 5, self.app.palette.illegal)
            return False

        def load() -> None:
            self.begin(match)
            self.resumed(match)
            self.on_resize()
            self.app.toasts.show(f"Loaded {Path(path).name} ({format_time(match.elapsed)} on the clock)")

        self.replace_game(load, Path(path).name)
        return True

    # ------------------------------------------------------------------ game IDs
    def ask_play_id(self, text: str, **meta) -> bool:
        """Play the game whose ID is `text` (typed, pasted or handed over, with `meta` such as
        the daily's number), asking first if that would abandon a game in progress; False
        (and a toast) for a bad ID."""
        try:
            start = self.parse_id(text)
        except SquarewiseError as exc:
            self.app.toasts.show(f"Game ID: {exc}", 4, self.app.palette.illegal)
            if self.buttons:
                self.id_entry.set_text(self.shown_id() or "")     # the box shows the real game's ID again
            return False
        def play() -> None:
            self.begin_id(start, meta)
            self.app.toasts.show(f"Playing {self.id_words(start, meta) if meta.get('daily') else start.notation()}")

        self.replace_game(play, self.id_words(start, meta))
        self.restore_id = self.dialog_open
        return True

    def parse_id(self, text: str):
        """Hook: the start position a typed or pasted game ID names (SquarewiseError if none)."""
        return self.puzzle.parse(text)

    def id_words(self, start, meta: dict) -> str:
        daily = meta.get("daily")
        return f"daily #{daily}" if daily else "the game ID's game"

    def begin_id(self, start, meta: dict) -> None:
        """Hook: start a match from the position a game ID gave (`meta`: the daily's number, ...)."""
        raise NotImplementedError

    def copy_id(self) -> None:
        self.copy_game_id(self.match.game_id)

    # ------------------------------------------------------------------ actions
    def can_save(self) -> bool:
        """Hook: whether Save applies now."""
        return True

    def can_move(self) -> bool:
        """Hook: whether undo / redo / restart apply now."""
        return True

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
        elif action == "copy_result":
            return self.copy_result()
        else:
            return self.do_puzzle(action)
        return True

    def copy_result(self) -> bool:
        """Copy the share line of the daily on the board, once it is won."""
        number = self.match.meta.get("daily") if self.match else None
        return number is not None and copy_result(self.app, self.puzzle.name, number)

    def do_puzzle(self, action: str) -> bool:
        """Hook: the puzzle's own actions; False if `action` does not apply now."""
        return False

    # ------------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.cancel_button:
                self.cancel_job()
                return True
            if event.ui_element is self.result_button:
                return self.copy_result()
            name = pressed_name(event, self.buttons)
            if name is not None:
                self.do(name)
            return name is not None
        if any(menu.handle(event) for menu in list(self.menus.values())) or self.handle_menu(event):
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

    def handle_input(self, event) -> bool:
        """Keys, the mouse and the wheel."""
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.keyboard = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.on_press(event)
        if event.type == pygame.MOUSEBUTTONUP:      # every release reaches the scene, over a button too
            self.keyboard = False                   # the mouse is in use: no keyboard cursor
            if event.button == keys.MOUSE_DRAG:
                return self.on_release(event)
            return False
        if event.type == pygame.MOUSEWHEEL and self.held and keys.WHEEL_ROTATES:
            self.turn_held(1 if event.y > 0 else 3)
            return True
        return False

    def on_key(self, event) -> bool:
        name = keys.action(event)
        if self.job is not None and name == "back":
            self.cancel_job()
            return True
        used = self.puzzle_key(event, name)
        if used is not None:
            return used
        if name in ("next_piece", "prev_piece"):
            return self.select_next(1 if name == "next_piece" else -1)
        if self.cursor_key(name):
            return True
        if name in ("rotate", "rotate_back"):
            times = 1 if name == "rotate" else 3
            if self.held is None:
                return self.turn_at_cursor(times)
            self.turn_held(times)
            return True
        if name == "place":
            self.keyboard = True
            if self.held:
                self.drop()
            else:
                self.take_at_cursor()
            return True
        if name == "drop":
            if self.held:
                self.hand.let_go()
            else:
                self.remove_at_cursor()
            return True
        if name == "back" and self.held:
            self.hand.let_go()
            return True
        if name and name != "back":
            return self.do(name)
        return False

    def cursor_key(self, name: str | None) -> bool:
        """The arrows (or WASD) move the keyboard cursor; True if `name` was one of them."""
        if name not in DIRECTIONS:
            return False
        self.move_cursor(*DIRECTIONS[name])
        self.use_keyboard()
        return True

    def use_keyboard(self) -> None:
        """The keys are in use: the held item follows the keyboard cursor, not the pointer."""
        self.keyboard = True

    def on_press(self, event) -> bool:
        self.mouse = event.pos
        self.keyboard = False
        if self.guide is not None and self.guide.press(event.pos):
            return True
        special = self.board_press(event)
        if special is not None:
            return special
        if self.hands_off():
            return False
        if event.button == keys.MOUSE_FLIP:
            return self.right_press(event.pos)
        if event.button != keys.MOUSE_DRAG:
            return False
        if self.held is not None:
            if self.held.sticky:
                self.drop()
                return True
            return False
        self.press = event.pos
        return self.pick_up_at(event.pos)

    def on_release(self, event) -> bool:
        self.mouse = event.pos
        if self.held is None or self.held.sticky:
            return False
        press, self.press = self.press, None
        if press is not None and abs(press[0] - event.pos[0]) + abs(press[1] - event.pos[1]) <= CLICK_SLOP:
            if not self.click_placed(press):
                self.hand.stick()       # a click on the tray: carry it until the next click
            return True
        self.drop()
        return True

    def play_move(self, move: str | None, piece_words: str) -> None:
        """Hand the session a move from the hand (None: nothing changes); a refused one sounds
        and says the rules' reason."""
        self.app.sounds.play(self.drop_sound(move))
        if move is None:
            return
        after = self.session.move(move)
        if isinstance(after, str):
            self.refuse(piece_words, after)
        elif not self.match.finished:
            self.app.sounds.play(fill_note(self.filled()))

    def drop_sound(self, move: str | None) -> str:
        """Hook: the sound of the held item put down by `move` ("drop"; a Genius piece's is
        pitched by its size)."""
        return "drop"

    def filled(self) -> float:
        """Hook: how full the board is now, 0..1 (its note rises with it)."""
        return 0.0

    def refuse(self, piece_words: str, reason: str, seconds: float = 2.5) -> None:
        """The rules refused a drop: the sound, their reason on a toast, and the guide told."""
        self.app.sounds.play("illegal")
        self.app.toasts.show(f"{piece_words}: {reason}", seconds, self.app.palette.illegal)
        if self.guide is not None:
            self.guide.refused(reason)

    # the guided first game (game/scenes/guide.py)
    def start_guide(self) -> None:
        """Play the guided first game (asking first if that abandons a game in progress)."""
        game = GUIDE_GAMES[self.puzzle.name]

        def start() -> None:
            self.begin_id(self.puzzle.parse(game.game_id), {})
            self.guide = Guide(game)

        self.replace_game(start, "the guided first game")

    def tick_guide(self, dt: float) -> None:
        if self.guide is not None and self.match is not None:
            self.guide.observe(self.position, self.held, self.match.meta.get("hints", 0), dt)
            if self.guide.over:
                self.guide = None

    # the puzzle's hooks of holding, turning and the cursor
    def board_press(self, event) -> bool | None:
        """Hook: a press that a mode of the board takes itself (whether it was used), or None
        for the held item's pick-up and drop."""
        return None

    def puzzle_key(self, event, name: str | None) -> bool | None:
        """Hook: a key only this puzzle knows: whether it was used, or None to carry on."""
        return None

    def hands_off(self) -> bool:
        """Hook: True while the board takes nothing from the mouse."""
        return False

    def right_press(self, pos) -> bool:
        return False

    def click_placed(self, pos) -> bool:
        """Hook: a click at `pos` picked up a placed item: turn it a quarter clockwise where it
        lies instead (True), or False to carry it."""
        return False

    def pick_up_at(self, pos) -> bool:
        raise NotImplementedError

    def select_next(self, step: int) -> bool:
        raise NotImplementedError

    def move_cursor(self, dr: int, dc: int) -> None:
        raise NotImplementedError

    def turn_held(self, times: int = 1) -> None:
        raise NotImplementedError

    def turn_at_cursor(self, times: int) -> bool:
        return False

    def take_at_cursor(self) -> None:
        """Hook: Enter with nothing in hand: pick up what is at the cursor."""

    def remove_at_cursor(self) -> None:
        """Hook: Delete with nothing in hand: send what is at the cursor back to the tray."""

    def drop(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ widgets
    def tooltip(self, name: str) -> str | None:
        """A button's tooltip: what it does and its key."""
        action = self.TOOLTIPS.get(name)
        return f"{keys.LABELS[action]}: {keys.describe(action)}" if action else None

    def add_buttons(self, specs, rects) -> None:
        """One button per (name, label) of `specs`, in `rects`, replacing the buttons and menus there were."""
        self.buttons.clear()
        self.menus.clear()
        for (name, label), rect in zip(specs, rects):
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(rect, label, self.app.ui,
                                                                       tool_tip_text=self.tooltip(name)))

    def add_menu(self, name: str, rect: pygame.Rect, label: str, entries, on_choose=None) -> None:
        """A drop-down of the menu bar: choosing an entry runs `on_choose(key)` (by default the
        named action, `self.do(key)`, as the button that had that name did, its key named
        beside it when there is room)."""
        shortcuts = {n: keys.describe(self.TOOLTIPS[n]) for n, _ in entries if n in self.TOOLTIPS} \
            if on_choose is None else {}
        self.menus[name] = ActionMenu(self, rect, label, entries, on_choose or self.do, shortcuts)

    def add_id_entry(self, x: int, y: int, copy_tip: str, play_tip: str, width: int = 330) -> int:
        """The game ID entry at (x, y), `width` (unscaled) wide, with its Copy and Play buttons;
        the x where they end."""
        app = self.app
        entry_w = app.px(width)
        self.id_entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, entry_w, app.px(36)), app.ui))
        self.buttons["copy"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(6), y, app.px(70), app.px(36)), "Copy", app.ui, tool_tip_text=copy_tip))
        self.buttons["play_id"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(82), y, app.px(70), app.px(36)), "Play", app.ui, tool_tip_text=play_tip))
        return x + entry_w + app.px(152)

    def add_cancel_button(self, rect: pygame.Rect) -> None:
        self.cancel_button = self.add(pygame_gui.elements.UIButton(rect, "Cancel", self.app.ui))

    def refresh_buttons(self) -> None:
        """Enable what makes sense now, show Cancel while a job runs and show the game ID."""
        if not self.buttons:
            return
        enable_buttons(self.buttons, {"pause": self.paused or self.can_pause(), **self.button_flags()})
        if "pause" in self.buttons:
            self.buttons["pause"].set_text("Resume" if self.paused else "Pause")
        if self.session.jobs.running:
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

    # ------------------------------------------------------------------ frame
    def redraw_in(self) -> float | None:
        """0 while something moves (the win, a solve, a held piece's motion); else the time to
        the clock's next shown second while it runs; else None."""
        if self.celebration is not None or self.session.solve_queue or self.motion.moving:
            return 0.0
        due = []
        timer = self.match.timer if self.match is not None else None
        if timer is not None and timer.running and not timer.held:
            due.append(1.0 - self.match.elapsed % 1.0 + 0.01)
        if self.guide is not None and self.guide.step is None:      # the guide's last card goes
            due.append(max(0.0, self.guide.left))
        return min(due) if due else None

    def update(self, dt: float) -> None:
        self.sync_clock()
        if self.restore_id and not self.dialog_open:       # answered (or cancelled): the box shows the real ID
            self.restore_id = False
            self.refresh_buttons()
        self.motion.hold(self.held is not None and not self.keyboard)
        self.motion.update(dt)
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None
        self.sync_result_button()
        self.tick_guide(dt)
        self.tick_marks(dt)
        every = self.SOLVE_STEP if self.app.settings.get("animations", True) else 0.0
        self.session.step_solve(dt, every)
        if self.buttons and (self.job is not None) != self.cancel_button.visible:
            self.refresh_buttons()

    def back(self) -> None:
        if self.held:
            self.hand.let_go()
        elif self.job is not None:
            self.cancel_job()
        else:
            self.app.pop()

    # ------------------------------------------------------------------ drawing what both share
    def top_and_body(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The top bar (title, game ID, clock) and the area under it inside the margin."""
        app = self.app
        w, h = app.size
        top = app.px(70)
        margin = app.px(14)
        return pygame.Rect(0, 0, w, top), pygame.Rect(margin, top + margin, w - 2 * margin, h - top - 2 * margin)

    def draw_clock(self, surface: pygame.Surface, top: pygame.Rect) -> None:
        """The clock at the right of the top bar; with hints used, a little smaller, the hints under it."""
        app, pal = self.app, self.app.palette
        colour = pal.accent if self.match.finished else pal.text
        clock, note = self.session.clock_text().partition(" · ")[::2]     # the time, the hints used
        right = top.right - app.px(20)
        if note:
            text(surface, clock, (right, top.centery - app.px(9)), app.px(28), colour, anchor="midright", style="mono")
            text(surface, note, (right, top.centery + app.px(19)), text_size("small", app.scale), pal.dim_text,
                 anchor="midright")
        else:
            text(surface, clock, (right, top.centery), app.px(34), colour, anchor="midright", style="mono")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Over the widgets: the held item off the board, the win, the pause cover and the key table."""
        geo = self.layout()["geo"]
        if self.paused:
            self.draw_paused(surface)
        elif self.held is not None and not self.keyboard:
            self.draw_in_hand(surface, geo)
        self.motion.draw_flight(surface, self.app.scale)
        if self.celebration is not None:
            self.celebration.draw(surface, self.app.scale)
            lines = self.win_banner()
            if lines:                      # over the confetti, so it can be read
                panel = banner(surface, geo.rect, lines, self.app.palette, self.app.scale)
                self.celebration.draw_stamp(surface, panel, self.app.palette, self.app.scale)
        if self.guide is not None and not self.paused:
            lay = self.layout()
            self.guide.draw(surface, self.app, lay["messages"], lay["geo"])
        if self.show_help:
            self.draw_help(surface)

    def hidden_when_paused(self) -> list[pygame.Rect]:
        """What a pause hides: the board (with its row and column labels), the tray and the dice."""
        lay = self.layout()
        r, cell = lay["geo"].rect, lay["geo"].cell
        label, frame = cell * 3 // 5, cell // 6          # the labels left and above, the frame round it
        board = pygame.Rect(r.x - label, r.y - label, r.w + label + frame, r.h + label + frame)
        return [board] + [lay[k] for k in ("tray", "dice") if k in lay]

    def draw_paused(self, surface: pygame.Surface) -> None:
        """The board, tray and dice covered, and a panel saying how to resume."""
        pal = self.app.palette
        for area in self.hidden_when_paused():
            pygame.draw.rect(surface, mix(pal.background, pal.panel, 0.5), area, border_radius=self.app.px(8))
        banner(surface, self.layout()["geo"].rect, [f"Paused: {keys.describe('pause')} to resume"],
               pal, self.app.scale)

    def layout(self) -> dict:
        """Hook: the screen's areas, with a "geo" board geometry."""
        raise NotImplementedError

    def draw_in_hand(self, surface: pygame.Surface, geo) -> None:
        """Hook: the held item under the pointer."""

    def draw_help(self, surface: pygame.Surface) -> None:
        """The puzzle's key table (game/keys.py `help_lines`) in two columns on a panel: one
        text size for every row, a long description wrapped rather than shrunk."""
        app, pal = self.app, self.app.palette
        w, h = surface.get_size()
        lines = keys.help_lines(self.puzzle.name)
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
        text(surface, f"Keys (any key or click closes; {keys.describe('help')} again: How to play)",
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
