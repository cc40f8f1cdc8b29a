"""The Genius Square: roll, drag pieces, rotate, flip, undo, hint, solve; free mode, race.

Every rule comes from `solver.genius`: legality and its reason from `Position.check`,
shapes from `pieces`, answers from `search` (run on the worker), rolls from `dice`. This
module turns input into match actions; `genius_view` draws, `genius_modes` holds free
mode and race mode, `genius_jobs` the solver calls, `genius_anim` the animations.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

import pygame
import pygame_gui

from game import keys
from game.draw.pieces import shape_size
from game.draw.widgets import grid_rects
from game.match import Match, Timer, format_time
from game.scenes.base import Scene
from game.scenes.dice_menu import DiceMenu
from game.scenes.genius_anim import Celebration, RollAnimation
from game.scenes.genius_jobs import difficulty, job_count, job_hint, job_solve
from game.scenes.genius_modes import FreeMode, RaceMode
from game.scenes.genius_view import GeniusView
from game.storage import read_versioned, record_time, write_versioned
from solver.errors import SquarewiseError
from solver.genius.pieces import PIECES, cells_at, flip, orientation_of, orientations, turn
from solver.genius.position import Position
from solver.grid import cell_name

SIZE = 6
AUTOSAVE = "genius-autosave"
SOLVE_STEP = 0.25          # seconds between pieces of an animated solve
CLICK_SLOP = 6             # pixels a press may move and still count as a click


@dataclass(frozen=True)
class Held:
    """The piece in hand: its orientation, the square of the shape under the pointer, and
    where it came from ('tray' or 'board'). `sticky`: picked up by a click, follows the
    pointer until the next click."""
    piece: str
    orientation: int
    grab: tuple[int, int]
    source: str
    sticky: bool = False


def centre_square(piece: str, orientation: int) -> tuple[int, int]:
    """The square of the shape nearest its middle (what the pointer holds after a turn)."""
    shape = orientations(piece)[orientation]
    rows, cols = shape_size(shape)
    return min(shape, key=lambda rc: ((rc[0] - (rows - 1) / 2) ** 2 + (rc[1] - (cols - 1) / 2) ** 2, rc))


class GeniusScene(FreeMode, RaceMode, GeniusView, Scene):
    caption = "Squarewise - The Genius Square"

    def __init__(self, app, *, new: bool = False, game_id: str | None = None, rng: random.Random | None = None):
        super().__init__(app)
        self.rng = rng or random.Random()
        self.mode = "play"
        self.match: Match | None = None
        self.held: Held | None = None
        self.orient = {p: 0 for p in PIECES}
        self.cursor = (0, 0)
        self.keyboard = False
        self.mouse = (0, 0)
        self.press: tuple[int, int] | None = None
        self.roll: RollAnimation | None = None
        self.celebration: Celebration | None = None
        self.hint: tuple[str, frozenset, float] | None = None
        self.solve_queue: list[tuple[str, frozenset]] = []
        self.solve_clock = 0.0
        self.job = None
        self.status = ""
        self.show_help = False
        self.free_blockers: set[int] = set()
        self.free_verdict: str | None = None
        self.race: dict | None = None
        self.buttons: dict = {}
        self.dice = None
        if game_id:
            self.play_id(game_id, quiet=False)
        elif not new:
            self.resume()
        if self.match is None:
            self.new_roll()

    @staticmethod
    def title_note(app) -> str | None:
        """'continue 1:23' on the title when a game is waiting to be resumed."""
        if not app.storage.exists(AUTOSAVE):
            return None
        elapsed = app.storage.read(AUTOSAVE).get("elapsed")
        return f"continue {format_time(elapsed)}" if isinstance(elapsed, (int, float)) else None

    # ------------------------------------------------------------------ starting games
    def dice_setting(self) -> str:
        return self.app.settings.get("dice", "default")

    def load_dice(self):
        from solver.genius import dice
        setting = self.dice_setting()
        try:
            return setting, dice.resolve(setting)
        except SquarewiseError as exc:
            self.app.toasts.show(f"{exc}; using the default dice", 5, self.app.palette.illegal)
            return "default", dice.builtin("default")

    def new_roll(self, *, race: bool = False) -> None:
        """Roll the dice and start a new match (the clock starts when the roll has landed)."""
        setting, dice_set = self.load_dice()
        seed = self.rng.getrandbits(31)
        faces = tuple(dice_set.roll(seed))
        start = Position.from_blockers(faces)
        meta = {"dice": setting, "dice_name": dice_set.name, "seed": seed, "rolled": list(faces),
                "assisted": False}
        self._begin(Match(start, meta=meta, timer=Timer()))
        self.mode = "race" if race else "play"
        dice_faces = [tuple(d) for d in dice_set.dice]
        self._count_stat("played")
        if race:      # nobody sees the board before their own clock starts
            self.race = {"times": [None, None], "turn": 0, "waiting": True, "dice": dice_faces}
            self.status = "Player 1: press Start"
            self.refresh_buttons()
            return
        self.race = None
        self.roll = RollAnimation(dice_faces, faces, self.rng) if self.app.settings.get("animations", True) else None
        if self.roll is None:
            self._landed()

    def play_id(self, text: str, quiet: bool = True) -> bool:
        """Start the game whose ID is `text`; a toast says what is wrong with a bad ID."""
        try:
            start = Position.parse(text)
        except SquarewiseError as exc:
            self.app.toasts.show(f"Game ID: {exc}", 4, self.app.palette.illegal)
            return False
        changed = self.mode != "play"
        self.race = None
        self._begin(Match(start, meta={"dice": "game ID", "dice_name": "typed game ID", "assisted": False}))
        self._count_stat("played")
        if changed and self.buttons:
            self.on_resize()          # the play mode's buttons
        if not quiet:
            self.app.toasts.show(f"Playing {start.notation()}")
        return True

    def resume(self) -> bool:
        """Continue the game saved when the window last closed, if any."""
        if not self.app.storage.exists(AUTOSAVE):
            return False
        data = self.app.storage.read(AUTOSAVE)
        try:
            match = Match.from_dict(data, Position.parse, puzzle="genius")
        except SquarewiseError as exc:
            self.app.toasts.show(f"Could not continue the last game: {exc}", 4)
            return False
        self._begin(match)
        if not match.finished:
            match.timer.start()       # even if it was saved while the dice were still rolling
        return True

    def _begin(self, match: Match) -> None:
        self.cancel_job()
        self.match = match
        self.held = None
        self.hint = None
        self.solve_queue = []
        self.celebration = None
        self.roll = None
        self.status = ""
        self.mode = "play"
        self.refresh_buttons()

    def _landed(self) -> None:
        """The roll has landed: the clock starts."""
        self.roll = None
        self.match.timer.start()

    def _count_stat(self, key: str) -> None:
        stats = self.app.statistics.setdefault("genius", {"played": 0, "solved": 0, "best": {}})
        stats[key] = stats.get(key, 0) + 1

    # ------------------------------------------------------------------ layout
    BUTTONS = {
        "play": [("new", "New roll"), ("undo", "Undo"), ("redo", "Redo"), ("restart", "Restart"),
                 ("hint", "Hint"), ("solve", "Solve"), ("count", "Solutions?"), ("save", "Save..."),
                 ("load", "Load..."), ("free", "Free mode"), ("race", "Race"), ("help", "Keys (F1)"),
                 ("menu", "Menu (Esc)")],
        "free": [("free_play", "Play this board"), ("free_clear", "Clear"), ("free_check", "Solutions?"),
                 ("new", "Back to dice"), ("help", "Keys (F1)"), ("menu", "Menu (Esc)")],
        "race": [("race_start", "Start turn"), ("undo", "Undo"), ("redo", "Redo"), ("restart", "Restart"),
                 ("give_up", "Give up"), ("race", "New race"), ("new", "Leave race"), ("help", "Keys (F1)"),
                 ("menu", "Menu (Esc)")],
    }
    TOOLTIPS = {"new": "new", "undo": "undo", "redo": "redo", "restart": "restart", "hint": "hint",
                "solve": "solve", "count": "count", "save": "save", "load": "load", "help": "help", "menu": "back"}

    def build_ui(self) -> None:
        app, lay = self.app, self.layout()
        self.buttons = {}
        specs = self.BUTTONS[self.mode]
        rows = (len(specs) + 2) // 3
        rects = grid_rects(pygame.Rect(lay["buttons"].x, lay["buttons"].y, lay["buttons"].width,
                                       min(lay["buttons"].height, rows * app.px(52))), 3, rows, app.px(8))
        for (name, label), rect in zip(specs, rects):
            tip = self.TOOLTIPS.get(name)
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(
                rect, label, app.ui, tool_tip_text=f"{keys.LABELS[tip]}: {keys.describe(tip)}" if tip else None))
        top = lay["top"]
        entry_w = app.px(330)
        x = top.centerx - entry_w // 2 - app.px(40)
        y = (top.height - app.px(36)) // 2
        self.id_entry = self.add(pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x, y, entry_w, app.px(36)), app.ui))
        self.id_entry.set_text(self.match.game_id if self.match else "")
        self.buttons["copy"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(6), y, app.px(70), app.px(36)), "Copy", app.ui,
            tool_tip_text=f"copy the game ID: {keys.describe('copy')}"))
        self.buttons["play_id"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(82), y, app.px(70), app.px(36)), "Play", app.ui,
            tool_tip_text="play the game ID typed on the left"))
        left = x + entry_w + app.px(162)
        width = min(app.px(170), top.right - app.px(130) - left)
        self.dice = DiceMenu(self, pygame.Rect(left, y, width, app.px(36))) if width > app.px(80) else None
        status = lay["status"]
        self.cancel_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(status.right - app.px(100), status.y + app.px(8), app.px(100), app.px(36)), "Cancel", app.ui))
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Enable what makes sense now (and show the game ID)."""
        if not self.buttons:
            return
        m = self.match
        busy = self.roll is not None
        flags = {
            "undo": m is not None and m.can_undo and not busy,
            "redo": m is not None and m.can_redo and not busy,
            "restart": m is not None and m.position != m.start and not busy,
            "hint": m is not None and not m.finished and not busy,
            "solve": m is not None and not m.finished and not busy,
            "free_play": self.free_verdict == "",
            "race_start": bool(self.race and self.race["waiting"] and self.race["turn"] < 2 and not busy),
            "give_up": bool(self.race and not self.race["waiting"]),
        }
        for name, button in self.buttons.items():
            (button.enable if flags.get(name, True) else button.disable)()
        if self.job is not None and not self.job.finished:
            self.cancel_button.show()
        else:
            self.cancel_button.hide()
        if m is not None and not self.id_entry.is_focused:
            self.id_entry.set_text("" if self.roll is not None or self.mode == "free" or self.hidden() else m.game_id)

    # ------------------------------------------------------------------ the match
    @property
    def position(self) -> Position:
        return self.match.position

    def board_position(self) -> Position:
        """What the board shows: the position without the piece in hand."""
        pos = self.position
        if self.held and self.held.source == "board" and self.held.piece in pos.placed:
            return pos.remove(self.held.piece)
        return pos

    def hidden(self) -> bool:
        """In a race, the board is hidden between turns."""
        return bool(self.race and self.race["waiting"])

    def play(self, position: Position) -> None:
        self.hint = None
        won = self.match.play(position)
        if won:
            self.on_win()
        self.refresh_buttons()

    def on_win(self) -> None:
        m = self.match
        lay = self.layout()
        if self.app.settings.get("animations", True):
            self.celebration = Celebration(lay["geo"].rect, self.app.palette, self.rng)
        self.held = None
        if self.race is not None:
            self.race["times"][self.race["turn"]] = m.elapsed
            self._next_racer()
            return
        if m.meta.get("assisted"):
            self.status = f"Solved with help in {format_time(m.elapsed)}"
            return
        key = m.meta.get("dice", "default")
        new_best = record_time(self.app.statistics, "genius", key, m.elapsed)
        self.app.save_statistics()
        self.status = f"Solved in {format_time(m.elapsed)}" + (", a new best time!" if new_best else "")
        self.app.toasts.show(self.status, 4)

    def undo(self) -> None:
        self._interrupt()
        if self.match.undo():
            self.refresh_buttons()

    def redo(self) -> None:
        self._interrupt()
        if self.match.redo():
            self.refresh_buttons()

    def restart(self) -> None:
        self._interrupt()
        if self.match.restart():
            self.refresh_buttons()

    def _interrupt(self) -> None:
        self.held = None
        self.hint = None
        self.solve_queue = []
        self.celebration = None

    # ------------------------------------------------------------------ holding pieces
    def take(self, piece: str, *, sticky: bool, grab: tuple[int, int] | None = None) -> None:
        """Pick up `piece` from the tray or, if placed, from the board."""
        pos = self.position
        if piece in pos.placed:
            cells = pos.placed[piece]
            orientation = orientation_of(piece, cells)
            r0 = min(c // SIZE for c in cells)
            c0 = min(c % SIZE for c in cells)
            if grab is None:
                grab = centre_square(piece, orientation)
            self.held = Held(piece, orientation, grab, "board", sticky)
            self.cursor = (r0 + grab[0], c0 + grab[1])
        else:
            orientation = self.orient[piece]
            self.held = Held(piece, orientation, grab or centre_square(piece, orientation), "tray", sticky)

    def turn_held(self, times: int = 1) -> None:
        if not self.held:
            return
        o = self.held.orientation
        for _ in range(times % 4):
            o = turn(self.held.piece, o)
        self._reorient(o)

    def flip_held(self) -> None:
        if self.held:
            self._reorient(flip(self.held.piece, self.held.orientation))

    def _reorient(self, orientation: int) -> None:
        self.orient[self.held.piece] = orientation
        self.held = replace(self.held, orientation=orientation, grab=centre_square(self.held.piece, orientation))

    def anchor(self) -> tuple[int, int] | None:
        """The board (row, col) the held piece's grabbed square is over, or None off the board."""
        if self.keyboard:
            return self.cursor
        geo = self.layout()["geo"]
        if not geo.rect.inflate(geo.cell, geo.cell).collidepoint(self.mouse):
            return None
        return geo.row_col_at(self.mouse)

    def target(self) -> tuple[tuple[int, ...] | None, str | None] | None:
        """Where the held piece would land and why it may not: (cells, reason); None off the board."""
        at = self.anchor()
        if self.held is None or at is None:
            return None
        h = self.held
        cells = cells_at(h.piece, h.orientation, at[0] - h.grab[0], at[1] - h.grab[1])
        return cells, self.board_position().check(h.piece, cells)

    def drop(self) -> None:
        """Put the held piece down where it is; an illegal spot changes nothing and says why."""
        h, aim = self.held, self.target()
        self.held = None
        if h is None:
            return
        pos = self.position
        if aim is None:
            if h.source == "board":
                self.play(pos.remove(h.piece))
            return
        cells, reason = aim
        if reason is not None:
            self.app.toasts.show(f"{h.piece}: {reason}", 2.5, self.app.palette.illegal)
            return
        base = pos.remove(h.piece) if h.source == "board" else pos
        if base.place(h.piece, cells) != pos:
            self.play(base.place(h.piece, cells))

    # ------------------------------------------------------------------ solver calls
    def run_job(self, label: str, func, notation: str, on_done) -> None:
        """Run a solver job (a module-level function of a notation) in a child process."""
        self.cancel_job()
        self.job = self.app.worker.submit_process(label, func, (notation,),
                                                  lambda job: self._job_done(job, on_done))
        self.status = f"{label}..."
        self.refresh_buttons()

    def _job_done(self, job, on_done) -> None:
        self.job = None
        self.status = ""
        if job.error is not None:
            self.status = f"{job.label} failed: {job.error}"
        else:
            on_done(job.result)
        self.refresh_buttons()

    def cancel_job(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            self.status = "Cancelled"
            self.refresh_buttons()

    def ask_hint(self) -> None:
        pos = self.position
        self.held = None
        self.match.meta["hints"] = self.match.meta.get("hints", 0) + 1
        self.match.meta["assisted"] = True
        self.run_job("Looking for a hint", job_hint, pos.notation(), lambda result: self._show_hint(pos, result))

    def _show_hint(self, pos: Position, result) -> None:
        if pos != self.position:
            return
        if result[0] == "hint":
            _, piece, cells = result
            self.hint = (piece, frozenset(cells), 4.0)
            self.status = f"Hint: {piece} on {' '.join(cell_name(c) for c in sorted(cells))}"
        else:
            self._stuck(result[1], result[2])
        self.app.toasts.show(self.status, 4)

    def _stuck(self, piece: str | None, reason: str) -> None:
        """Say why there is no way on, and which piece to take back if one would do."""
        if piece:
            self.status = f"No solution keeps these pieces: take {piece} back"
            self.hint = (piece, self.position.placed[piece], 4.0)
        elif self.position.placed and reason == "no solution keeps these pieces":
            self.status = "No solution keeps these pieces: take some back"
        else:
            self.status = f"This board has no solution: {reason}"

    def ask_solve(self) -> None:
        pos = self.position
        self.held = None
        self.match.meta["assisted"] = True
        self.run_job("Solving", job_solve, pos.notation(), lambda result: self._start_solve(pos, result))

    def _start_solve(self, pos: Position, result) -> None:
        if pos != self.position:
            return
        if result[0] == "solution":
            done = Position.parse(result[1])
            self.solve_queue = [(p, done.placed[p]) for p in PIECES if p not in pos.placed]
            self.solve_clock = 0.0
            self.status = "Solving..."
        else:
            self._stuck(result[1], result[2])
            self.app.toasts.show(self.status, 4)

    def ask_count(self, blockers) -> None:
        bare = Position.from_blockers(blockers)

        def done(n):
            self.status = f"{n} solution{'s' if n != 1 else ''}: {difficulty(n)}"
            if self.match is not None and self.match.start.blockers == bare.blockers:
                self.match.meta["solutions"] = n

        self.run_job("Counting solutions", job_count, bare.notation(), done)

    # ------------------------------------------------------------------ save and load
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

    def load_from(self, path: Path) -> bool:
        try:
            match = Match.from_dict(read_versioned(path), Position.parse, puzzle="genius")
        except SquarewiseError as exc:
            self.app.toasts.show(str(exc), 5, self.app.palette.illegal)
            return False
        self._begin(match)
        if not match.finished:
            match.timer.start()
        self.race = None
        self.on_resize()
        self.app.toasts.show(f"Loaded {Path(path).name} ({format_time(match.elapsed)} on the clock)")
        return True

    def autosave(self) -> None:
        if self.match is None or self.race is not None:
            return
        if self.match.finished:
            self.app.storage.delete(AUTOSAVE)
        else:
            self.app.storage.write(AUTOSAVE, self.match.to_dict())

    def on_exit(self) -> None:
        super().on_exit()
        self.app.toasts.anchor = None
        self.autosave()

    def on_quit(self) -> None:
        self.autosave()

    # ------------------------------------------------------------------ input
    def copy_id(self) -> None:
        game_id = self.match.game_id
        if self.mode == "free":
            if len(self.free_blockers) != 7:
                self.app.toasts.show("Place seven blockers first")
                return
            game_id = Position.from_blockers(sorted(self.free_blockers)).notation()
        ok = self.app.copy_text(game_id)
        self.app.toasts.show("Game ID copied" if ok else f"No clipboard here; the game ID is {game_id}")

    def do(self, action: str) -> bool:
        """Run a named action (from a key or a button); False if it does not apply now."""
        busy = self.roll is not None
        if action == "help":
            self.show_help = not self.show_help
        elif action == "new":
            self.race = None
            self.new_roll()
            self.on_resize()
        elif action == "race":
            self.new_roll(race=True)
            self.on_resize()
        elif action == "free":
            self.enter_free()
        elif action == "menu":
            self.app.pop()
        elif action == "copy":
            self.copy_id()
        elif action == "paste":
            text_ = self.app.paste_text().strip()
            if text_:
                self.play_id(text_, quiet=False)
        elif action == "play_id":
            self.play_id(self.id_entry.get_text(), quiet=False)
        elif action == "save" and self.mode == "play":
            name = datetime.now().strftime("genius-%Y%m%d-%H%M%S.json")
            self.ask_file("Save the game as", self.save_to, self.app.storage.saves_dir() / name, must_exist=False)
        elif action == "load":
            self.ask_file("Load a saved game", self.load_from, self.app.storage.saves_dir())
        elif action == "free_clear":
            self.enter_free()
        elif action == "free_play":
            self.play_free()
        elif action == "free_check" and len(self.free_blockers) == 7:
            self.ask_count(sorted(self.free_blockers))
        elif self.mode == "free" or busy or (self.hidden() and action != "race_start"):
            return False
        elif action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "restart":
            self.restart()
        elif action == "hint" and not self.match.finished and self.race is None:
            self.ask_hint()
        elif action == "solve" and not self.match.finished and self.race is None:
            self.ask_solve()
        elif action == "count" and self.race is None:
            self.ask_count(sorted(self.match.start.blockers))
        elif action == "race_start":
            self.start_race_turn()
        elif action == "give_up":
            self.give_up()
        else:
            return False
        return True

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.cancel_button:
                self.cancel_job()
                return True
            for name, button in self.buttons.items():
                if event.ui_element is button:
                    self.do(name)
                    return True
            return False
        if self.dice is not None and self.dice.handle(event):
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.id_entry:
            self.play_id(event.text, quiet=False)
            return True
        if self.show_help and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_help = False
            return True
        if self.roll is not None:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and keys.action(event) != "back":
                self.roll.finish()       # any key or click skips the animation
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.keyboard = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.on_press(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == keys.MOUSE_DRAG:
            return self.on_release(event)
        if event.type == pygame.MOUSEWHEEL and self.held and keys.WHEEL_ROTATES:
            self.turn_held(1 if event.y > 0 else 3)
            return True
        return False

    def on_key(self, event) -> bool:
        name = keys.action(event)
        number = keys.piece_number(event)
        if self.job is not None and name == "back":
            self.cancel_job()
            return True
        if self.mode == "free":
            return self.free_key(name)
        if self.hidden():
            if name == "place":
                return self.do("race_start")
            return self.do(name) if name else False
        if number is not None and not self.match.finished:
            self.keyboard = True
            self.take(PIECES[number], sticky=True)
            return True
        if name in ("next_piece", "prev_piece") and not self.match.finished:
            step = 1 if name == "next_piece" else -1
            start = PIECES.index(self.held.piece) + step if self.held else (0 if step > 0 else -1)
            order = [PIECES[(start + i * step) % len(PIECES)] for i in range(len(PIECES))]
            unplaced = [p for p in order if p in self.position.unplaced]
            self.keyboard = True
            self.take((unplaced or order)[0], sticky=True)
            return True
        if name in ("up", "down", "left", "right"):
            dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[name]
            self.cursor = (min(SIZE - 1, max(0, self.cursor[0] + dr)), min(SIZE - 1, max(0, self.cursor[1] + dc)))
            self.keyboard = True
            return True
        if name == "rotate":
            self.turn_held(1)
            return self.held is not None
        if name == "rotate_back":
            self.turn_held(3)
            return self.held is not None
        if name == "flip":
            self.flip_held()
            return self.held is not None
        if name == "place":
            self.keyboard = True
            if self.held:
                self.drop()
            else:
                who = self.position.occupant(self.cursor[0] * SIZE + self.cursor[1])
                if who and who != "#" and not self.match.finished:
                    piece_cells = self.position.placed[who]
                    r0 = min(c // SIZE for c in piece_cells)
                    c0 = min(c % SIZE for c in piece_cells)
                    self.take(who, sticky=True, grab=(self.cursor[0] - r0, self.cursor[1] - c0))
            return True
        if name == "drop":
            if self.held:
                self.held = None
            else:
                who = self.position.occupant(self.cursor[0] * SIZE + self.cursor[1])
                if who and who != "#" and not self.match.finished:
                    self.play(self.position.remove(who))
            return True
        if name == "back" and self.held:
            self.held = None
            return True
        if name and name != "back":
            return self.do(name)
        return False

    def on_press(self, event) -> bool:
        self.mouse = event.pos
        self.keyboard = False
        lay = self.layout()
        geo = lay["geo"]
        cell = geo.cell_at(event.pos)
        if self.mode == "free":
            if event.button == 1 and cell is not None:
                self.toggle_blocker(cell)
                return True
            return False
        if self.hidden():
            if event.button == 1 and geo.rect.collidepoint(event.pos):
                self.do("race_start")
                return True
            return False
        if self.match.finished:
            return False
        if event.button == keys.MOUSE_FLIP:
            if self.held:
                self.flip_held()
                return True
            return False
        if event.button != keys.MOUSE_DRAG:
            return False
        if self.held is not None:
            if self.held.sticky:
                self.drop()
                return True
            return False
        self.press = event.pos
        if cell is not None:
            who = self.position.occupant(cell)
            if who and who != "#":
                cells = self.position.placed[who]
                r0 = min(c // SIZE for c in cells)
                c0 = min(c % SIZE for c in cells)
                self.take(who, sticky=False, grab=(cell // SIZE - r0, cell % SIZE - c0))
                return True
            return False
        for piece, slot in zip(PIECES, lay["slots"]):
            if slot.collidepoint(event.pos) and piece in self.position.unplaced:
                self.take(piece, sticky=False)
                return True
        return False

    def on_release(self, event) -> bool:
        self.mouse = event.pos
        if self.held is None or self.held.sticky:
            return False
        press, self.press = self.press, None
        if press is not None and abs(press[0] - event.pos[0]) + abs(press[1] - event.pos[1]) <= CLICK_SLOP:
            self.held = replace(self.held, sticky=True)      # a click: carry it until the next click
            return True
        self.drop()
        return True

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if self.roll is not None:
            self.roll.update(dt)
            if self.roll.done:
                self._landed()
                self.refresh_buttons()
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None
        if self.hint is not None:
            piece, cells, left = self.hint
            self.hint = (piece, cells, left - dt) if left > dt else None
        if self.solve_queue:
            self.solve_clock += dt
            if self.solve_clock >= SOLVE_STEP or not self.app.settings.get("animations", True):
                self.solve_clock = 0.0
                piece, cells = self.solve_queue.pop(0)
                if self.position.check(piece, cells) is None:
                    self.play(self.position.place(piece, cells))
                else:
                    self.solve_queue = []
        if self.buttons:
            if (self.job is not None) != self.cancel_button.visible:
                self.refresh_buttons()

    def back(self) -> None:
        if self.held:
            self.held = None
        elif self.job is not None:
            self.cancel_job()
        else:
            self.app.pop()
