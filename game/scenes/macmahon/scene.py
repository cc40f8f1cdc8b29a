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

import pygame_gui

from game import keys
from game.play.match import Match, Timer, format_time
from game.play.puzzle import Stuck, Yes
from game.scenes.macmahon.hand import MacMahonHand
from game.puzzles.macmahon.puzzle import MACMAHON, job_check, solution_counts
from game.puzzles.macmahon.hand import Held, TileNumber, without_held
from game.scenes.macmahon.view import VARIANTS, MacMahonView, variant_label
from game.scenes.play import PlayScene, countdown
from game.play.records import record_game
from solver.errors import SquarewiseError
from solver.grid import is_ascii_number
from solver.macmahon.position import Board, Move, Position

class MacMahonScene(MacMahonHand, MacMahonView, PlayScene):
    caption = "Squarewise - MacMahon Squares"
    puzzle = MACMAHON
    SOLVE_STEP = 0.12

    def __init__(self, app, *, new: bool = False, game_id: str | None = None, variant: str | None = None,
                 solution: Position | None = None, note: str = "", rng: random.Random | None = None):
        super().__init__(app, rng)
        self.held: Held | None = None
        self.orient: dict[int, int] = {}
        self.cursor = 0
        self.hint: tuple[int, int, int, float] | None = None     # tile, rotation, cell, seconds left
        self.blamed: tuple[int, float] | None = None              # cell, seconds left
        self.solve_queue: list[Move] = []
        self.number = TileNumber()
        self.completions: tuple[Position, int] | None = None    # the position counted, its completions
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
        self._begin(Match(Position.empty(board), puzzle=MACMAHON.name, meta={"assisted": False}, timer=Timer()))
        self.status = "Drag a tile to the board: R or the wheel turns it"

    def begin_id(self, start: Position) -> None:
        """A game ID's tiles are the puzzle's givens."""
        self._begin(Match(start, puzzle=MACMAHON.name, meta={"assisted": False}, timer=Timer()))

    def show_solution(self, solution: Position, note: str = "") -> None:
        """A finished board (from the solution browser): undo takes it back to empty."""
        empty = Position.empty(solution.board)
        meta = {"assisted": True, "recorded": True, "source": note}
        self._begin(Match(empty, puzzle=MACMAHON.name, meta=meta, timer=Timer(), history=[empty, solution]))
        self.status = note or "A solution"

    def _begin(self, match: Match) -> None:
        super()._begin(match)
        self.orient = {}
        self.cursor = min(self.cursor, self.board.size - 1)
        self.ask_count()
        if self.app.top is self:
            self.on_resize()

    # ------------------------------------------------------------------ the match
    @property
    def board(self) -> Board:
        return self.match.start.board

    def givens(self) -> set[int]:
        """Cells filled by the game ID: they cannot be picked up."""
        return {c for c, v in enumerate(self.match.start.cells) if v is not None}

    def board_position(self) -> Position:
        """What the board shows: the position without the tile in hand."""
        return without_held(self.position, self.held)

    def play(self, position: Position) -> None:
        """Make `position` the current one (one undoable move; nothing if it is no change)."""
        m = self.match
        if position == m.position:
            return
        self.hint = self.blamed = None
        if not m.timer.running and not m.finished:
            m.timer.start()
        if self.make_move(position):
            self.on_win()
        else:
            self.ask_count()
        self.refresh_buttons()

    def on_win(self) -> None:
        """One message (game/scenes/play.py `announce_win`): the time, and a new best if it is one."""
        m = self.match
        self.held = None
        if m.meta.get("assisted"):
            self.announce_win(f"Solved with help in {format_time(m.elapsed)}")
            return
        if m.meta.get("recorded"):
            self.announce_win(f"Solved again in {format_time(m.elapsed)}", "the first time is the one that counts")
            return
        m.meta["recorded"] = True
        new_best = record_game(self.app.statistics, MACMAHON.name, self.board.header, m.elapsed, True,
                               level=m.meta.get("level"), daily=m.meta.get("daily"))
        self.app.save_statistics()
        self.announce_win(f"Solved in {format_time(m.elapsed)}", "a new best time!" if new_best else "")

    def abandoned(self) -> None:
        """An abandoned game counts as lost on its board."""
        m = self.match
        record_game(self.app.statistics, MACMAHON.name, self.board.header, m.elapsed, False,
                    level=m.meta.get("level"), daily=m.meta.get("daily"))
        self.app.save_statistics()

    def after_history(self) -> None:
        self.ask_count()

    def best_time(self) -> float | None:
        return self.app.statistics.get(MACMAHON.name, {}).get("best", {}).get(self.board.header)

    def clear_marks(self) -> None:
        self.hint = self.blamed = None

    # ------------------------------------------------------------------ solver calls
    def ask_count(self) -> None:
        """Count, off the UI thread, the solutions that keep the tiles on show (a look-up in the
        solution table, for boards of up to 3 colours): the status panel says how many ways
        there are to finish from here, never a number that is not about this position."""
        pos = self.position
        if pos.board.colours > 3 or self.completions is not None and self.completions[0] == pos:
            return

        def done(job):
            if job.error is not None or job.result is None:
                return
            total, here = job.result
            if pos.board == self.board:
                self.match.meta["solutions"] = total
                if total == 0 and not self.status.startswith("No"):
                    self.status = (f"The engine counted every way: the {pos.board.rows} x {pos.board.cols} board "
                                   "has no solution. See how far you get, or try free mode")
            if pos == self.position:
                self.completions = (pos, here)

        self.app.worker.submit("Counting solutions", lambda job: solution_counts(pos), done)

    def counted(self) -> int | None:
        """The solutions that keep the tiles on show, when counted (None: not known)."""
        if self.completions is not None and self.completions[0] == self.position:
            return self.completions[1]
        return None

    def show_hint(self, move: Move) -> None:
        tile, rotation, cell = move
        self.hint = (tile, rotation, cell, 5.0)
        turned = "" if rotation == 0 else f", turned {rotation} quarter turn{'s' if rotation > 1 else ''}"
        self.status = f"Hint: tile {tile + 1} on {self.board.cell_name(cell)}{turned}"

    def ask_check(self) -> None:
        self.ask_engine("Is this still solvable?", job_check, self._show_check)

    def _show_check(self, pos: Position, result: Yes | Stuck) -> None:
        if isinstance(result, Yes):
            self.status = "Yes: a solution keeps every tile where it is"
            self.app.toasts.show(self.status, 3, self.app.palette.legal)
        else:
            self.stuck(result)
            self.app.toasts.show(self.status, 4, self.app.palette.illegal)

    def stuck(self, answer: Stuck) -> None:
        """Say there is no way on, and which tile to take back if one will do."""
        cell = answer.blame
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

    # ------------------------------------------------------------------ save and load
    def worth_resuming(self) -> bool:
        """An untouched board is not worth resuming."""
        return not self.match.finished and self.position != self.match.start

    def button_flags(self) -> dict:
        m = self.match
        return {"undo": m.can_undo, "redo": m.can_redo, "restart": m.position != m.start,
                "hint": not m.finished, "solve": not m.finished, "check": not m.finished}

    def refresh_buttons(self) -> None:
        """Also label the mode button."""
        super().refresh_buttons()
        if self.buttons:
            self.buttons["mode"].set_text("Mode: strict" if self.strict else "Mode: free")

    def shown_id(self) -> str:
        """The current position's notation (MacMahon's game ID is where the game is now)."""
        return self.position.notation()

    # ------------------------------------------------------------------ actions
    def copy_id(self) -> None:
        self.copy_game_id(self.position.notation())

    def toggle_mode(self) -> None:
        self.app.settings["macmahon_mode"] = "free" if self.strict else "strict"
        self.app.save_settings()
        self.status = ("Strict: a tile that breaks a rule is refused" if self.strict else
                       "Free: any tile goes anywhere; clashes are marked")
        self.refresh_buttons()

    def open_browser(self) -> None:
        self.app.open("macmahon-browser")

    def receive(self, *, solution: Position, note: str = "") -> None:
        """The browser hands back the solution to play (it has asked before abandoning a game)."""
        self.show_solution(solution, note)

    def ask_new_game(self, header: str) -> None:
        """A new board of `header`, asking first if that abandons a game in progress."""
        self.replace_game(lambda: self.new_game(header), f"a new {variant_label(header)} board")

    def do_puzzle(self, action: str) -> bool:
        m = self.match
        if action == "new":
            self.ask_new_game(self.board.header)
        elif action == "mode":
            self.toggle_mode()
        elif action == "browse":
            self.open_browser()
        elif action == "hint" and not m.finished:
            self.ask_hint()
        elif action in ("check", "count") and not m.finished:
            self.ask_check()
        elif action == "solve" and not m.finished:
            self.ask_solve()
        else:
            return False
        return True

    def handle_menu(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.variant_menu:
            header = next(h for h, label in VARIANTS if label == event.text)
            if header != self.board.header:
                self.on_resize()            # the menu shows this board's variant until the new one starts
                self.ask_new_game(header)
            return True
        return False

    def hands_off(self) -> bool:
        return bool(self.solve_queue)

    def puzzle_key(self, event, name: str | None) -> bool | None:
        typed = getattr(event, "unicode", "") or ""
        if name is None and is_ascii_number(typed, 1) and not keys.modifiers(getattr(event, "mod", 0)) & keys.CTRL:
            return self.type_digit(typed)
        self.number.end()
        if name is None and typed.lower() == "m":
            self.toggle_mode()
            return True
        if name is None and typed.lower() == "v":          # the next variant, from the keyboard
            headers = [h for h, _ in VARIANTS]
            here = headers.index(self.board.header) if self.board.header in headers else -1
            self.ask_new_game(headers[(here + 1) % len(headers)])
            return True
        if name is None and typed.lower() == "b":
            self.open_browser()
            return True
        return None

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.number.tick(dt)
        self.blamed = countdown(self.blamed, dt)
        super().update(dt)
