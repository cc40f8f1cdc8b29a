"""MacMahon Squares: drag the tiles onto the board so touching edges match and the border is white.

Every rule comes from `solver.macmahon`: legality and its reason from `Position.check`,
clashes from `Position.clashes`, answers (hint, still solvable?, solve) from `search`, run
in a child process by the worker (macmahon_jobs.py). This module turns input into match
actions; macmahon_view.py lays the scene out and draws it.

- strict mode refuses a drop that breaks a rule and shows the engine's reason; free mode
  allows it and marks every clashing edge and every border triangle that is not white.
- A game ID is a position's notation; tiles it places are the puzzle's givens and stay put.
- Variants: the 24 tiles on 4 x 6, 3 x 8 or 2 x 12, the 2-colour set on 2 x 3, the 4-colour
  set on 7 x 10 or 5 x 14 (the engine says which have solutions at all).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

import pygame
import pygame_gui

from game import keys
from game.draw.widgets import grid_rects
from game.match import Match, Timer, format_time
from game.scenes.base import Scene
from game.scenes.genius_anim import Celebration
from game.scenes.macmahon_jobs import job_check, job_hint, job_solve, solution_count
from game.scenes.macmahon_view import VARIANTS, MacMahonView, variant_label
from game.storage import read_versioned, record_time, write_versioned
from solver.errors import IllegalMove, SquarewiseError
from solver.macmahon.position import Board, Position
from solver.macmahon.tiles import rotate

PUZZLE = "macmahon"
AUTOSAVE = "macmahon-autosave"
SOLVE_STEP = 0.12          # seconds between tiles of an animated solve
CLICK_SLOP = 6             # pixels a press may move and still count as a click
DIGIT_WAIT = 0.9           # seconds to type the second digit of a tile number


@dataclass(frozen=True)
class Held:
    """The tile in hand, its rotation, the cell it came from (None: the tray) and whether it
    was picked up by a click (it then follows the pointer until the next click)."""
    tile: int
    rotation: int
    source: int | None
    sticky: bool = False


class MacMahonScene(MacMahonView, Scene):
    caption = "Squarewise - MacMahon Squares"

    def __init__(self, app, *, new: bool = False, game_id: str | None = None, variant: str | None = None,
                 solution: Position | None = None, note: str = "", rng: random.Random | None = None):
        super().__init__(app)
        self.rng = rng or random.Random()
        self.match: Match | None = None
        self.held: Held | None = None
        self.orient: dict[int, int] = {}
        self.cursor = 0
        self.keyboard = False
        self.mouse = (0, 0)
        self.press: tuple[int, int] | None = None
        self.hint: tuple[int, int, int, float] | None = None     # tile, rotation, cell, seconds left
        self.blamed: tuple[int, float] | None = None              # cell, seconds left
        self.solve_queue: list[tuple[int, int, int]] = []
        self.solve_clock = 0.0
        self.celebration: Celebration | None = None
        self.job = None
        self.status = ""
        self.show_help = False
        self.digits = ""
        self.digit_clock = 0.0
        self.buttons: dict = {}
        if solution is not None:
            self.show_solution(solution, note)
        elif game_id:
            self.play_id(game_id, quiet=False)
        elif variant:
            self.new_game(variant)
        elif not new:
            self.resume()
        if self.match is None:
            self.new_game(self.app.settings.get("macmahon_variant", "4x6x3"))

    # ------------------------------------------------------------------ starting games
    @property
    def strict(self) -> bool:
        return self.app.settings.get("macmahon_mode", "strict") == "strict"

    def new_game(self, header: str) -> None:
        """An empty board of the variant `header` (a board header such as '4x6x3')."""
        try:
            board = Board.parse(header)
        except SquarewiseError as exc:
            self.app.toasts.show(str(exc), 4, self.app.palette.illegal)
            board = Board()
        self.app.settings["macmahon_variant"] = board.header
        self._begin(Match(Position.empty(board), puzzle=PUZZLE, meta={"assisted": False}, timer=Timer()))
        self._count_stat("played")
        self.status = "Drag a tile to the board: R or the wheel turns it"
        self.ask_count()

    def play_id(self, text_: str, quiet: bool = True) -> bool:
        """Play the position whose notation is `text_`: its tiles are the puzzle's givens."""
        try:
            start = Position.parse(text_)
        except SquarewiseError as exc:
            self.app.toasts.show(f"Game ID: {exc}", 4, self.app.palette.illegal)
            return False
        self._begin(Match(start, puzzle=PUZZLE, meta={"assisted": False}, timer=Timer()))
        self._count_stat("played")
        if not quiet:
            self.app.toasts.show(f"Playing {start.notation()}")
        self.ask_count()
        return True

    def show_solution(self, solution: Position, note: str = "") -> None:
        """A finished board (from the solution browser): undo takes it back to empty."""
        empty = Position.empty(solution.board)
        meta = {"assisted": True, "recorded": True, "source": note}
        self._begin(Match(empty, puzzle=PUZZLE, meta=meta, timer=Timer(), history=[empty, solution]))
        self.status = note or "A solution"

    def resume(self) -> bool:
        """Continue the game saved when the window last closed, if any."""
        if not self.app.storage.exists(AUTOSAVE):
            return False
        try:
            match = Match.from_dict(self.app.storage.read(AUTOSAVE), Position.parse, puzzle=PUZZLE)
        except SquarewiseError as exc:
            self.app.toasts.show(f"Could not continue the last game: {exc}", 4)
            return False
        self._begin(match)
        return True

    def _begin(self, match: Match) -> None:
        self.cancel_job(quiet=True)
        self.match = match
        self.held = None
        self.hint = self.blamed = None
        self.solve_queue = []
        self.celebration = None
        self.status = ""
        self.orient = {}
        self.cursor = min(self.cursor, self.board.size - 1)
        self._settle()
        if self.app.top is self:
            self.on_resize()

    def _count_stat(self, key: str) -> None:
        stats = self.app.statistics.setdefault(PUZZLE, {"played": 0, "solved": 0, "best": {}})
        stats[key] = stats.get(key, 0) + 1

    # ------------------------------------------------------------------ the match
    @property
    def position(self) -> Position:
        return self.match.position

    @property
    def board(self) -> Board:
        return self.match.start.board

    def givens(self) -> set[int]:
        """Cells filled by the game ID: they cannot be picked up."""
        return {c for c, v in enumerate(self.match.start.cells) if v is not None}

    def board_position(self) -> Position:
        """What the board shows: the position without the tile in hand."""
        if self.held is not None and self.held.source is not None:
            return self.position.remove(self.held.source)
        return self.position

    def _settle(self) -> None:
        """A full board that still clashes is not finished: the clock runs on."""
        m = self.match
        if m.finished and not m.position.is_solved:
            m.finished = False
            m.timer.start()

    def play(self, position: Position) -> None:
        """Make `position` the current one (one undoable move; nothing if it is no change)."""
        m = self.match
        if position == m.position:
            return
        self.hint = self.blamed = None
        if not m.timer.running and not m.finished:
            m.timer.start()
        m.play(position)
        self._settle()
        if m.finished:
            self.on_win()
        self.refresh_buttons()

    def on_win(self) -> None:
        m = self.match
        self.held = None
        if self.app.settings.get("animations", True):
            self.celebration = Celebration(self.layout()["geo"].rect, self.app.palette, self.rng)
        if m.meta.get("assisted"):
            self.status = f"Solved with help in {format_time(m.elapsed)}"
            return
        if m.meta.get("recorded"):
            self.status = f"Solved again ({format_time(m.elapsed)}; the first time is the one that counts)"
            return
        m.meta["recorded"] = True
        new_best = record_time(self.app.statistics, PUZZLE, self.board.header, m.elapsed)
        self.app.save_statistics()
        self.status = f"Solved in {format_time(m.elapsed)}" + ("  - a new best!" if new_best else "")
        self.app.toasts.show(self.status, 4)

    def best_time(self) -> float | None:
        return self.app.statistics.get(PUZZLE, {}).get("best", {}).get(self.board.header)

    def undo(self) -> None:
        self._interrupt()
        if self.match.undo():
            self._settle()
            self.refresh_buttons()

    def redo(self) -> None:
        self._interrupt()
        if self.match.redo():
            self._settle()
            self.refresh_buttons()

    def restart(self) -> None:
        self._interrupt()
        if self.match.restart():
            self._settle()
            self.refresh_buttons()

    def _interrupt(self) -> None:
        self.held = None
        self.hint = self.blamed = None
        self.solve_queue = []
        self.celebration = None

    # ------------------------------------------------------------------ holding tiles
    def take(self, tile: int, *, sticky: bool) -> bool:
        """Pick up `tile` from the tray or, if it is placed (and not a given), from the board."""
        cell = self.position.placed_tiles.get(tile)
        if cell is not None:
            return self.take_from(cell, sticky=sticky)
        self.held = Held(tile, self.orient.get(tile, 0), None, sticky)
        return True

    def take_from(self, cell: int, *, sticky: bool) -> bool:
        value = self.position.cells[cell]
        if value is None:
            return False
        if cell in self.givens():
            self.app.toasts.show(f"Tile {value[0] + 1} is part of this puzzle and stays put", 2.5)
            return False
        self.held = Held(value[0], value[1], cell, sticky)
        self.cursor = cell
        return True

    def turn_held(self, times: int) -> None:
        if self.held is not None:
            rotation = (self.held.rotation + times) % 4
            self.orient[self.held.tile] = rotation
            self.held = replace(self.held, rotation=rotation)

    def turn_placed(self, cell: int, times: int = 1) -> bool:
        """Turn the tile on `cell` where it lies (the right button; R / Q at the keyboard cursor).
        Free mode turns it a quarter; strict mode turns it on to the next way round that fits,
        or says why none does."""
        value = self.position.cells[cell]
        if value is None or cell in self.givens() or self.solve_queue:
            return False
        tile, base = value[0], self.position.remove(cell)
        colours = rotate(self.board.tiles[tile], value[1])
        reason = None
        for k in range(1, 4):
            rotation = (value[1] + k * times) % 4
            if rotate(self.board.tiles[tile], rotation) == colours:
                continue                       # a symmetric tile looks the same this way round
            reason = base.check(tile, rotation, cell)
            if reason is None or not self.strict:
                self.orient[tile] = rotation
                self.play(base.place_unchecked(tile, rotation, cell))
                return True
        message = f"Tile {tile + 1} fits no other way round here" + (f" ({reason})" if reason else "")
        self.app.toasts.show(message, 3, self.app.palette.illegal)
        return True

    def target_cell(self) -> int | None:
        """The cell the held tile is over (the keyboard cursor in keyboard play)."""
        if self.keyboard:
            return self.cursor
        return self.layout()["geo"].cell_at(self.mouse)

    def verdict(self, cell: int) -> str | None:
        """Why the held tile may not go on `cell` under the rules (None: it fits)."""
        h = self.held
        return self.board_position().check(h.tile, h.rotation, cell)

    def drop(self) -> None:
        """Put the held tile down where it is. Strict mode refuses a rule break with the
        engine's reason; free mode allows it (a taken cell is refused in both)."""
        h, cell = self.held, self.target_cell()
        self.held = None
        if h is None:
            return
        if cell is None:
            if h.source is not None:
                self.play(self.position.remove(h.source))
            return
        if cell == h.source and self.position.cells[cell] == (h.tile, h.rotation):
            return
        base = self.board_position()
        try:
            after = base.place(h.tile, h.rotation, cell) if self.strict else \
                base.place_unchecked(h.tile, h.rotation, cell)
        except IllegalMove as exc:
            self.app.toasts.show(f"Tile {h.tile + 1}: {exc}", 3, self.app.palette.illegal)
            return
        self.cursor = cell
        self.play(after)

    # ------------------------------------------------------------------ solver calls
    def run_job(self, label: str, func, arg: str, on_done) -> None:
        """Run a solver job (a module-level function of a notation) in a child process."""
        self.cancel_job(quiet=True)
        self.job = self.app.worker.submit_process(label, func, (arg,), lambda job: self._job_done(job, on_done))
        self.refresh_buttons()

    def _job_done(self, job, on_done) -> None:
        self.job = None
        if job.error is not None:
            self.status = f"{job.label} failed: {job.error}"
        else:
            on_done(job.result)
        self.refresh_buttons()

    def cancel_job(self, quiet: bool = False) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None
            if not quiet:
                self.status = "Cancelled"
            self.refresh_buttons()

    def ask_count(self) -> None:
        board = self.board
        if board.colours > 3 or "solutions" in self.match.meta:
            return

        def done(job):
            if job.error is None and self.board == board:
                self.match.meta["solutions"] = job.result
                if job.result == 0 and not self.status.startswith("No"):
                    self.status = (f"The engine counted every way: the {board.rows} x {board.cols} board has no "
                                   "solution. See how far you get, or try free mode")

        # a quick table look-up (the classic board's classes ship), so a thread will do
        self.app.worker.submit("Counting solutions", lambda job: solution_count(board.header), done)

    def ask_hint(self) -> None:
        pos = self.position
        self.held = None
        self.match.meta["assisted"] = True
        self.match.meta["hints"] = self.match.meta.get("hints", 0) + 1
        self.run_job("Looking for a hint", job_hint, pos.notation(), lambda r: self._show_hint(pos, r))

    def _show_hint(self, pos: Position, result) -> None:
        if pos != self.position:
            return
        if result[0] == "hint":
            _, tile, rotation, cell = result
            self.hint = (tile, rotation, cell, 5.0)
            turned = "" if rotation == 0 else f", turned {rotation} quarter turn{'s' if rotation > 1 else ''}"
            self.status = f"Hint: tile {tile + 1} on {self.board.cell_name(cell)}{turned}"
        else:
            self._stuck(result[1])
        self.app.toasts.show(self.status, 4)

    def ask_check(self) -> None:
        pos = self.position
        self.run_job("Is this still solvable?", job_check, pos.notation(), lambda r: self._show_check(pos, r))

    def _show_check(self, pos: Position, result) -> None:
        if pos != self.position:
            return
        if result[0] == "yes":
            self.status = "Yes: a solution keeps every tile where it is"
            self.app.toasts.show(self.status, 3, self.app.palette.legal)
        else:
            self._stuck(result[1])
            self.app.toasts.show(self.status, 4, self.app.palette.illegal)

    def _stuck(self, cell: int | None) -> None:
        """Say there is no way on, and which tile to take back if one will do."""
        pos = self.position
        placed = [c for c, v in enumerate(pos.cells) if v is not None]
        if cell is not None:
            self.status = (f"No: no solution keeps these tiles. Take back tile {pos.cells[cell][0] + 1} "
                           f"on {self.board.cell_name(cell)}")
            self.blamed = (cell, 6.0)
        elif not placed or set(placed) <= self.givens() and self.match.meta.get("solutions") == 0:
            self.status = f"No: the {self.board.rows} x {self.board.cols} board has no solution at all"
        else:
            self.status = "No: no solution keeps these tiles, and no single tile taken back will do"

    def ask_solve(self) -> None:
        pos = self.position
        self.held = None
        self.match.meta["assisted"] = True
        self.run_job("Solving", job_solve, pos.notation(), lambda r: self._start_solve(pos, r))

    def _start_solve(self, pos: Position, result) -> None:
        if pos != self.position:
            return
        if result[0] == "solution":
            done = Position.parse(result[1])
            self.solve_queue = [(*done.cells[c], c) for c in range(self.board.size) if pos.cells[c] is None]
            self.solve_clock = 0.0
            self.status = "Solving..."
        else:
            self._stuck(result[1])
            self.app.toasts.show(self.status, 4)

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
            match = Match.from_dict(read_versioned(path), Position.parse, puzzle=PUZZLE)
        except SquarewiseError as exc:
            self.app.toasts.show(str(exc), 5, self.app.palette.illegal)
            return False
        self._begin(match)
        self.app.toasts.show(f"Loaded {Path(path).name} ({format_time(match.elapsed)} on the clock)")
        return True

    def autosave(self) -> None:
        if self.match is None:
            return
        if self.match.finished or self.position == self.match.start:
            self.app.storage.delete(AUTOSAVE)
        else:
            self.app.storage.write(AUTOSAVE, self.match.to_dict())

    def on_exit(self) -> None:
        super().on_exit()
        self.cancel_job(quiet=True)          # an answer about a board no longer on show is no use
        self.app.toasts.anchor = None
        self.autosave()

    def on_quit(self) -> None:
        self.autosave()

    # ------------------------------------------------------------------ widgets
    BUTTONS = (("new", "New game"), ("restart", "Restart"), ("undo", "Undo"), ("redo", "Redo"),
               ("hint", "Hint"), ("check", "Solvable?"), ("solve", "Solve from here"), ("mode", "Mode"),
               ("browse", "Solution browser"), ("help", "Keys (F1)"), ("save", "Save..."), ("load", "Load..."),
               ("menu", "Menu (Esc)"))
    TOOLTIPS = {"new": "new", "undo": "undo", "redo": "redo", "restart": "restart", "hint": "hint",
                "solve": "solve", "check": "count", "save": "save", "load": "load", "help": "help",
                "menu": "back"}

    def build_ui(self) -> None:
        app, lay = self.app, self.layout()
        controls = lay["controls"]
        row = app.px(44)
        gap = app.px(8)
        self.variant_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            [label for _, label in VARIANTS], variant_label(self.board.header),
            pygame.Rect(controls.x, controls.y, controls.width, row), app.ui))
        rows = (len(self.BUTTONS) + 1) // 2
        area = pygame.Rect(controls.x, controls.y + row + gap, controls.width,
                           min(controls.height - row - gap, rows * (row + gap)))
        self.buttons = {}
        for (name, label), rect in zip(self.BUTTONS, grid_rects(area, 2, rows, gap)):
            tip = self.TOOLTIPS.get(name)
            tip_text = f"{keys.LABELS[tip]}: {keys.describe(tip)}" if tip else None
            if name == "check":
                tip_text = f"is this still solvable? {keys.describe('count')}"
            elif name == "mode":
                tip_text = "strict refuses a tile that breaks a rule; free allows it and marks the clash (M)"
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(rect, label, app.ui, tool_tip_text=tip_text))
        top = lay["top"]
        entry_w = app.px(330)
        x = top.centerx - entry_w // 2 - app.px(20)
        y = (top.height - app.px(36)) // 2
        self.id_entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, entry_w, app.px(36)), app.ui))
        self.buttons["copy"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(6), y, app.px(70), app.px(36)), "Copy", app.ui,
            tool_tip_text=f"copy this position's game ID: {keys.describe('copy')}"))
        self.buttons["play_id"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + entry_w + app.px(82), y, app.px(70), app.px(36)), "Play", app.ui,
            tool_tip_text="play the game ID typed on the left (its tiles stay put)"))
        status = lay["status"]
        self.cancel_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(status.right - app.px(90), status.bottom - app.px(34), app.px(90), app.px(32)), "Cancel",
            app.ui))
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        """Enable what makes sense now, label the mode button and show the game ID."""
        if not self.buttons:
            return
        m = self.match
        flags = {"undo": m.can_undo, "redo": m.can_redo, "restart": m.position != m.start,
                 "hint": not m.finished, "solve": not m.finished, "check": not m.finished}
        for name, button in self.buttons.items():
            (button.enable if flags.get(name, True) else button.disable)()
        self.buttons["mode"].set_text("Mode: strict" if self.strict else "Mode: free")
        if self.job is not None and not self.job.finished:
            self.cancel_button.show()
        else:
            self.cancel_button.hide()
        if not self.id_entry.is_focused:
            self.id_entry.set_text(self.position.notation())

    # ------------------------------------------------------------------ actions
    def copy_id(self) -> None:
        game_id = self.position.notation()
        ok = self.app.copy_text(game_id)
        self.app.toasts.show("Game ID copied" if ok else f"No clipboard here; the game ID is {game_id}")

    def toggle_mode(self) -> None:
        self.app.settings["macmahon_mode"] = "free" if self.strict else "strict"
        self.app.save_settings()
        self.status = ("Strict: a tile that breaks a rule is refused" if self.strict else
                       "Free: any tile goes anywhere; clashes are marked")
        self.refresh_buttons()

    def open_browser(self) -> None:
        from game.scenes.browser import BrowserScene
        self.app.push(BrowserScene(self.app))

    def do(self, action: str) -> bool:
        """Run a named action (from a key or a button); False if it does not apply now."""
        m = self.match
        if action == "help":
            self.show_help = not self.show_help
        elif action == "new":
            self.new_game(self.board.header)
        elif action == "menu":
            self.app.pop()
        elif action == "copy":
            self.copy_id()
        elif action == "paste":
            pasted = self.app.paste_text().strip()
            if not pasted:
                return False
            self.play_id(pasted, quiet=False)
        elif action == "play_id":
            self.play_id(self.id_entry.get_text(), quiet=False)
        elif action == "save":
            name = datetime.now().strftime("macmahon-%Y%m%d-%H%M%S.json")
            self.ask_file("Save the game as", self.save_to, self.app.storage.saves_dir() / name, must_exist=False)
        elif action == "load":
            self.ask_file("Load a saved game", self.load_from, self.app.storage.saves_dir())
        elif action == "mode":
            self.toggle_mode()
        elif action == "browse":
            self.open_browser()
        elif action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "restart":
            self.restart()
        elif action == "hint" and not m.finished:
            self.ask_hint()
        elif action in ("check", "count") and not m.finished:
            self.ask_check()
        elif action == "solve" and not m.finished:
            self.ask_solve()
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
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.variant_menu:
            header = next(h for h, label in VARIANTS if label == event.text)
            if header != self.board.header:
                self.new_game(header)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.id_entry:
            self.play_id(event.text, quiet=False)
            return True
        if self.show_help and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_help = False
            return True
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

    def on_press(self, event) -> bool:
        self.mouse = event.pos
        self.keyboard = False
        if self.solve_queue:
            return False
        if event.button == keys.MOUSE_FLIP:
            if self.held:
                self.held = None        # the right button puts the tile back
                return True
            cell = self.layout()["geo"].cell_at(event.pos)
            return cell is not None and self.turn_placed(cell)
        if event.button != keys.MOUSE_DRAG:
            return False
        if self.held is not None:
            if self.held.sticky:
                self.drop()
                return True
            return False
        lay = self.layout()
        self.press = event.pos
        cell = lay["geo"].cell_at(event.pos)
        if cell is not None:
            return self.take_from(cell, sticky=False)
        unplaced = set(self.position.unplaced)
        for tile, slot in enumerate(lay["slots"]):
            if slot.collidepoint(event.pos) and tile in unplaced:
                return self.take(tile, sticky=False)
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

    def on_key(self, event) -> bool:
        name = keys.action(event)
        if self.job is not None and name == "back":
            self.cancel_job()
            return True
        typed = getattr(event, "unicode", "") or ""
        if name is None and typed.isdigit() and not keys.modifiers(getattr(event, "mod", 0)) & keys.CTRL:
            return self.type_digit(typed)
        self.digit_clock = 0.0          # any other key ends a tile number
        if name is None and typed.lower() == "m":
            self.toggle_mode()
            return True
        if name is None and typed.lower() == "v":          # the next variant, from the keyboard
            headers = [h for h, _ in VARIANTS]
            here = headers.index(self.board.header) if self.board.header in headers else -1
            self.new_game(headers[(here + 1) % len(headers)])
            return True
        if name is None and typed.lower() == "b":
            self.open_browser()
            return True
        if name in ("next_piece", "prev_piece"):
            self.select_next(1 if name == "next_piece" else -1)
            return True
        if name in ("up", "down", "left", "right"):
            dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[name]
            r, c = divmod(self.cursor, self.board.cols)
            r = min(self.board.rows - 1, max(0, r + dr))
            c = min(self.board.cols - 1, max(0, c + dc))
            self.cursor = r * self.board.cols + c
            self.keyboard = True
            return True
        if name in ("rotate", "rotate_back"):
            times = 1 if name == "rotate" else 3
            if self.held is None:
                return self.keyboard and self.turn_placed(self.cursor, times)
            self.turn_held(times)
            return True
        if name == "place":
            self.keyboard = True
            if self.held:
                self.drop()
            elif not self.solve_queue:
                self.take_from(self.cursor, sticky=True)
            return True
        if name == "drop":
            if self.held:
                self.held = None
            elif self.position.cells[self.cursor] is not None and self.cursor not in self.givens():
                self.play(self.position.remove(self.cursor))
            return True
        if name == "back" and self.held:
            self.held = None
            return True
        if name and name != "back":
            return self.do(name)
        return False

    def cursor_to_empty(self) -> None:
        """A tile taken up from the keyboard: if the cursor's cell is filled, move the cursor on
        (row by row) to the next empty cell, where the tile can go."""
        cells = self.board_position().cells
        if cells[self.cursor] is None:
            return
        size = len(cells)
        self.cursor = next((c % size for c in range(self.cursor + 1, self.cursor + size)
                            if cells[c % size] is None), self.cursor)

    def select_next(self, step: int) -> None:
        """Tab / Shift+Tab: hold the next (previous) tile of the tray, by number."""
        unplaced = list(self.position.unplaced)
        if not unplaced or self.solve_queue:
            return
        now = self.held.tile if self.held else (-1 if step > 0 else len(self.board.tiles))
        later = [t for t in unplaced if (t - now) * step > 0]
        tile = (later[0] if step > 0 else later[-1]) if later else (unplaced[0] if step > 0 else unplaced[-1])
        self.keyboard = True
        self.take(tile, sticky=True)
        self.cursor_to_empty()

    def type_digit(self, digit: str) -> bool:
        """Digits pick a tile by its number (two digits typed quickly make 10..)."""
        if self.solve_queue:
            return False
        self.digits = (self.digits + digit)[-2:] if self.digit_clock > 0 else digit
        self.digit_clock = DIGIT_WAIT
        number = int(self.digits)
        if not 1 <= number <= len(self.board.tiles):
            number = int(digit)
            self.digits = digit
        if number < 1:
            return False
        if number - 1 in self.position.placed_tiles and self.position.placed_tiles[number - 1] in self.givens():
            return False
        self.keyboard = True
        taken = self.take(number - 1, sticky=True)
        self.cursor_to_empty()
        return taken

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.digit_clock = max(0.0, self.digit_clock - dt)
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self.celebration = None
        if self.hint is not None:
            tile, rotation, cell, left = self.hint
            self.hint = (tile, rotation, cell, left - dt) if left > dt else None
        if self.blamed is not None:
            cell, left = self.blamed
            self.blamed = (cell, left - dt) if left > dt else None
        if self.solve_queue:
            self.solve_clock += dt
            if self.solve_clock >= SOLVE_STEP or not self.app.settings.get("animations", True):
                self.solve_clock = 0.0
                tile, rotation, cell = self.solve_queue.pop(0)
                if self.position.check(tile, rotation, cell) is None:
                    self.play(self.position.place(tile, rotation, cell))
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
