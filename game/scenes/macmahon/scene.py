"""MacMahon Squares: drag the tiles onto the board so touching edges match and the border is white.

Every rule comes from `solver.macmahon`: legality and its reason from `Position.check`,
clashes from `Position.clashes`, answers (hint, still solvable?, solve) from `search`, run
in a child process by the worker (game/puzzles/macmahon/puzzle.py). This screen turns input
into moves for its session, through the pure `Hand` (game/puzzles/macmahon/hand.py);
`view.py` lays the screen out and draws it.

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
from game.play.match import Match, Timer
from game.play.puzzle import Stuck, Yes
from game.puzzles.macmahon.hand import (Hand, Held, drop, next_empty, next_tile, turn_in_place, turn_text,
                                        without_held)
from game.puzzles.macmahon.puzzle import MACMAHON, job_check, job_level_board, solution_counts
from game.scenes.macmahon.view import VARIANTS, MacMahonView, variant_label
from game.scenes.play import PlayScene, countdown
from solver.errors import SquarewiseError
from solver.grid import is_ascii_number
from solver.macmahon.levels import COUNT as LEVEL_COUNT
from solver.macmahon.position import Board, Move, Position


class MacMahonScene(MacMahonView, PlayScene):
    caption = "Squarewise - MacMahon Squares"
    puzzle = MACMAHON
    SOLVE_STEP = 0.12

    def __init__(self, app, *, new: bool = False, game_id: str | None = None, variant: str | None = None,
                 solution: Position | None = None, remove: int = 0, note: str = "", daily: int | None = None,
                 level: str | None = None, rng: random.Random | None = None):
        super().__init__(app, rng)
        self.hand = Hand()
        self.hint: tuple[int, int, int, int, float] | None = None     # tile, rotation, cell, step, seconds left
        self.blamed: tuple[int, float] | None = None              # cell, seconds left
        self.completions: tuple[Position, int] | None = None    # the position counted, its completions
        if not new:
            self.resume()
        if solution is not None:
            self.receive(solution=solution, remove=remove, note=note)
        elif game_id:
            self.ask_play_id(game_id, **({"daily": daily, "level": level} if daily else {}))
        elif variant:
            self.ask_new_game(variant)
        if self.match is None and self.pending is None:
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
        if not self.shows(board):
            self.refuse_board(board)
            board = Board()
        self.app.settings["macmahon_variant"] = board.header
        self.begin(Match(Position.empty(board), puzzle=MACMAHON.name, meta={"assisted": False}, timer=Timer()))
        self.say("Drag a tile to the board: R or the wheel turns it")

    def begin_id(self, start: Position, meta: dict) -> None:
        """A game ID's tiles are the puzzle's givens."""
        self.begin(Match(start, puzzle=MACMAHON.name, meta={"assisted": False, **meta}, timer=Timer()))

    def receive(self, *, solution: Position, remove: int = 0, note: str = "") -> None:
        """A solution from the browser: shown whole (`remove` 0: a finished board, nothing to
        play, nothing recorded), or to play with `remove` tiles taken off it (the rest given),
        both only once the player agrees to abandon a game in progress."""
        if remove:
            start = solution
            for cell in range(solution.board.size)[-remove:]:       # the last cells in reading order
                start = start.remove(cell)
            self.replace_game(lambda: self.begin_id(start, {"source": note}), "a solution to finish")
        else:
            self.replace_game(lambda: self.show_solution(solution, note), "a solution to view")

    def show_solution(self, solution: Position, note: str = "") -> None:
        """A finished board (from the solution browser), only shown: undo takes it back to empty."""
        empty = Position.empty(solution.board)
        meta = {"assisted": True, "kind": "view", "source": note}
        self.begin(Match(empty, puzzle=MACMAHON.name, meta=meta, timer=Timer(), history=[empty, solution],
                         moves=["", "view"]))
        self.say(note or "A solution")

    def begin(self, match: Match) -> None:
        super().begin(match)
        self.hand.fresh(match.start.board.size)
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

    def after_move(self) -> None:
        self.ask_count()

    def best_time(self) -> float | None:
        """The best time of the board's kind (best_key: the board, a board with tiles given, the daily)."""
        key = MACMAHON.best_key(self.match.start, self.match.meta)
        return self.app.statistics.get(MACMAHON.name, {}).get("best", {}).get(key)

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
                    self.say(f"The engine counted every way: the {pos.board.rows} x {pos.board.cols} board "
                             "has no solution. See how far you get" + (", or try free mode" if self.strict else ""))
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
        self.hint = (tile, rotation, cell, 2, 5.0)

    def show_hint_step(self, hint) -> None:
        """The rungs on the board too: the tile's tray slot lights, then its cell is ringed,
        then its ghost shows turned as it goes (`show_hint`)."""
        super().show_hint_step(hint)
        if not hint.complete:
            tile, rotation, cell = hint.move
            self.hint = (tile, rotation, cell, hint.step, 6.0)

    def ask_check(self) -> None:
        self.session.ask_engine("Is this still solvable?", job_check, self._show_check)

    def _show_check(self, pos: Position, result: Yes | Stuck) -> None:
        if isinstance(result, Yes):
            self.say("Yes: a solution keeps every tile where it is")
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
            self.say(f"No: no solution keeps these tiles. Take back tile {pos.cells[cell][0] + 1} "
                           f"on {self.board.cell_name(cell)}")
            self.blamed = (cell, 6.0)
        elif not placed or set(placed) <= self.givens() and self.match.meta.get("solutions") == 0:
            self.say(f"No: the {self.board.rows} x {self.board.cols} board has no solution at all")
        else:
            self.say("No: no solution keeps these tiles, and no single tile taken back will do")

    # ------------------------------------------------------------------ save and load
    def can_save(self) -> bool:
        return self.session.kind != "view"

    def worth_resuming(self) -> bool:
        """An untouched board is not worth resuming."""
        return not self.match.finished and self.position != self.match.start

    def button_flags(self) -> dict:
        m = self.match
        return {"undo": m.can_undo, "redo": m.can_redo, "restart": m.position != m.start,
                "hint": not m.finished, "solve": not m.finished, "check": not m.finished}

    def level(self) -> int | None:
        """The level (1..10) of the board on show, None for free play (or a daily)."""
        level = None if self.match.meta.get("daily") else self.match.meta.get("level")
        return int(level) if level and level.isdigit() else None

    def level_label(self) -> str:
        return f"Level {self.level()}" if self.level() else "Level: free play"

    def level_choices(self) -> list[tuple[str, str]]:
        """The level picker's entries: free play (an empty board of the variant), then 1..10."""
        return [("free", "Level: free play")] + [(str(n), f"Level {n}") for n in range(1, LEVEL_COUNT + 1)]

    def choose_level(self, choice: str) -> None:
        """The level picker: a new board of that level, or free play's empty board."""
        if choice == "free":
            if self.level():
                self.ask_new_game(self.board.header)
        else:
            self.ask_level(int(choice))

    def ask_level(self, level: int) -> None:
        """A new classic board of `level`, asking first if that abandons a game in progress."""
        self.refresh_buttons()           # the picker shows this game's level until the new one starts
        self.replace_game(lambda: self.start_level(level), f"a level {level} board")

    def start_level(self, level: int) -> None:
        """Make the board of `level` in the worker (60-90 ms), then play it (tiles given)."""
        seed = self.rng.getrandbits(31)
        self.session.run_job(f"Making a level {level} board", job_level_board, (level, seed),
                             lambda notation: self.begin_level(level, notation))
        self.refresh_buttons()

    def begin_level(self, level: int, notation: str) -> None:
        self.begin_id(Position.parse(notation), {"level": str(level)})
        self.say(f"Level {level}: fill the empty cells; the tiles given stay put")

    def rules_label(self) -> str:
        return dict(self.RULES)["strict" if self.strict else "free"]

    def choose_rules(self, rules: str) -> None:
        """The rules picker: strict or free (M toggles)."""
        if rules != ("strict" if self.strict else "free"):
            self.toggle_mode()

    def refresh_buttons(self) -> None:
        """Also show the rules on their picker."""
        super().refresh_buttons()
        if "mode" in self.menus:
            self.menus["mode"].show(self.rules_label())
        if "level" in self.menus and self.match is not None:
            self.menus["level"].show(self.level_label())

    def shown_id(self) -> str:
        """The current position's notation (MacMahon's game ID is where the game is now); nothing
        while paused (it spells out the board)."""
        return "" if self.paused else self.position.notation()

    # ------------------------------------------------------------------ actions
    def copy_id(self) -> None:
        self.copy_game_id(self.position.notation())

    def toggle_mode(self) -> None:
        self.app.settings["macmahon_mode"] = "free" if self.strict else "strict"
        self.app.save_settings()
        self.say("Strict: a tile that breaks a rule is refused" if self.strict else
                       "Free: any tile goes anywhere; clashes are marked")
        self.refresh_buttons()

    def open_browser(self) -> None:
        self.app.open("macmahon-browser")

    def ask_new_game(self, header: str) -> None:
        """A new board of `header`, asking first if that abandons a game in progress."""
        try:
            board = Board.parse(header)
        except SquarewiseError:
            board = None            # new_game says why and starts the classic board
        if board is not None and not self.shows(board):
            self.refuse_board(board)
            return
        self.replace_game(lambda: self.new_game(header), f"a new {variant_label(header)} board")

    def ask_play_id(self, text: str, **meta) -> bool:
        """A game ID on a board this window cannot show is refused at once: the game goes on."""
        try:
            board = self.puzzle.parse(text).board
        except SquarewiseError:
            board = None            # the shared check says why
        if board is not None and not self.shows(board):
            self.refuse_board(board)
            if self.buttons:
                self.id_entry.set_text(self.shown_id() or "")
            return False
        return super().ask_play_id(text, **meta)

    def refuse_board(self, board: Board) -> None:
        self.app.toasts.show(f"A {board.rows}x{board.cols} board does not fit this window: "
                             f"{'keeping this game' if self.match else 'the classic board instead'}", 5,
                             self.app.palette.illegal)

    def do_puzzle(self, action: str) -> bool:
        m = self.match
        if action == "new" and self.level():
            self.ask_level(self.level())              # another board of the same level
        elif action == "new":
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
        elif action == "turn" and self.held is not None:
            self.turn_held(1)             # the Turn button, for a trackpad
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
        return bool(self.session.solve_queue)

    def puzzle_key(self, event, name: str | None) -> bool | None:
        typed = getattr(event, "unicode", "") or ""
        if name is None and is_ascii_number(typed, 1) and not keys.modifiers(getattr(event, "mod", 0)) & keys.CTRL:
            return self.type_digit(typed)
        self.hand.number.end()
        if name == "mode":
            self.toggle_mode()
            return True
        if name == "variant":                             # the next variant, from the keyboard
            headers = [h for h, _ in VARIANTS]
            here = headers.index(self.board.header) if self.board.header in headers else -1
            self.ask_new_game(headers[(here + 1) % len(headers)])
            return True
        if name == "browse":
            self.open_browser()
            return True
        return None

    # ------------------------------------------------------------------ the hand
    def take(self, tile: int, *, sticky: bool) -> bool:
        """Pick up `tile` from the tray or, if it is placed (and not a given), from the board."""
        cell = self.position.placed_tiles.get(tile)
        if cell is not None:
            return self.take_from(cell, sticky=sticky)
        self.hand.hold(Held(tile, self.hand.orient.get(tile, 0), None, sticky))
        self.app.sounds.play("pickup")
        return True

    def take_from(self, cell: int, *, sticky: bool) -> bool:
        value = self.position.cells[cell]
        if value is None:
            return False
        if cell in self.givens():
            self.app.toasts.show(f"Tile {value[0] + 1} is part of this puzzle and stays put", 2.5)
            return False
        self.hand.hold(Held(value[0], value[1], cell, sticky))
        self.app.sounds.play("pickup")
        return True

    def turn_held(self, times: int) -> None:
        if self.held is not None:
            self.hand.turn(times)
            self.motion.turned(times)
            self.app.sounds.play("turn")

    def turn_placed(self, cell: int, times: int = 1) -> bool:
        """Turn the tile on `cell` where it lies (a click, the right button; R / Q at the keyboard cursor).
        Free mode turns it a quarter; strict mode turns it on to the next way round that fits,
        or says why none does."""
        value = self.position.cells[cell]
        if value is None or cell in self.givens() or self.session.solve_queue:
            return False
        move, reason = turn_in_place(self.position, cell, times, self.strict)
        if move is not None:
            self.hand.orient[move.tile] = move.rotation
            self.app.sounds.play("turn")
            self.session.move(turn_text(self.position, move))
            return True
        message = f"Tile {value[0] + 1} fits no other way round here" + (f" ({reason})" if reason else "")
        self.app.toasts.show(message, 3, self.app.palette.illegal)
        return True

    def target_cell(self) -> int | None:
        """The cell the held tile is over (the keyboard cursor in keyboard play)."""
        if self.keyboard:
            return self.hand.cursor
        return self.layout()["geo"].cell_at(self.mouse)

    def verdict(self, cell: int) -> str | None:
        """Why the held tile may not go on `cell` under the rules (None: it fits)."""
        h = self.held
        return self.board_position().check(Move(h.tile, h.rotation, cell))

    def drop(self) -> None:
        """Put the held tile down where it is. Strict mode refuses a rule break with the
        engine's reason; free mode allows it (a taken cell is refused in both)."""
        h, cell = self.held, self.target_cell()
        if h is None:
            return
        image = self.held_image(self.layout()["geo"].cell) if not self.keyboard else None
        self.hand.let_go()
        found = drop(self.position, h, cell, self.strict)
        if found.reason is not None:
            self.refuse(f"Tile {h.tile + 1}", found.reason, 3)
            if image is not None:
                self.motion.refused(image, self.mouse, self.home_of(h))
            return
        if found.move is not None and cell is not None:
            self.hand.cursor = cell
        self.play_move(found.move, f"Tile {h.tile + 1}")
        if cell is not None and self.position.cells[cell] is not None:
            self.motion.settled(cell)

    def right_press(self, pos) -> bool:
        """The right button turns the held tile, or a placed one where it lies, anticlockwise."""
        if self.held:
            self.turn_held(3)
            return True
        cell = self.layout()["geo"].cell_at(pos)
        return cell is not None and self.turn_placed(cell, 3)

    def click_placed(self, pos) -> bool:
        cell = self.held.source
        if cell is None:
            return False
        self.hand.let_go()
        return self.turn_placed(cell)

    def pick_up_at(self, pos) -> bool:
        lay = self.layout()
        cell = lay["geo"].cell_at(pos)
        if cell is not None:
            return self.take_from(cell, sticky=False)
        unplaced = set(self.position.unplaced)
        for tile, slot in enumerate(lay["slots"]):
            if slot.collidepoint(pos) and tile in unplaced:
                return self.take(tile, sticky=False)
        return False

    def move_cursor(self, dr: int, dc: int) -> None:
        r, c = divmod(self.hand.cursor, self.board.cols)
        r = min(self.board.rows - 1, max(0, r + dr))
        c = min(self.board.cols - 1, max(0, c + dc))
        self.hand.cursor = r * self.board.cols + c

    def turn_at_cursor(self, times: int) -> bool:
        return self.keyboard and self.turn_placed(self.hand.cursor, times)

    def take_at_cursor(self) -> None:
        if not self.session.solve_queue:
            self.take_from(self.hand.cursor, sticky=True)

    def remove_at_cursor(self) -> None:
        cell = self.hand.cursor
        if self.position.cells[cell] is not None and cell not in self.givens():
            self.session.move(f"-{self.board.cell_name(cell)}")

    def cursor_to_empty(self) -> None:
        """A tile taken up from the keyboard: if the cursor's cell is filled, move the cursor on
        (row by row) to the next empty cell, where the tile can go."""
        self.hand.cursor = next_empty(self.board_position().cells, self.hand.cursor)

    def select_next(self, step: int) -> bool:
        """Tab / Shift+Tab: hold the next (previous) tile of the tray, by number."""
        unplaced = list(self.position.unplaced)
        if not unplaced or self.session.solve_queue:
            return True
        self.use_keyboard()
        self.take(next_tile(unplaced, self.held.tile if self.held else None, step, len(self.board.tiles)),
                  sticky=True)
        self.cursor_to_empty()
        return True

    def type_digit(self, digit: str) -> bool:
        """Digits pick a tile by its number (two digits typed quickly make 10..)."""
        if self.session.solve_queue:
            return False
        number = self.hand.number.type(digit, len(self.board.tiles))
        if number < 1:
            return False
        if number - 1 in self.position.placed_tiles and self.position.placed_tiles[number - 1] in self.givens():
            return False
        self.use_keyboard()
        taken = self.take(number - 1, sticky=True)
        self.cursor_to_empty()
        return taken

    # ------------------------------------------------------------------ frame
    def tick_marks(self, dt: float) -> None:
        self.hand.number.tick(dt)
        self.hint = countdown(self.hint, dt)
        self.blamed = countdown(self.blamed, dt)
