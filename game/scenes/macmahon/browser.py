"""The MacMahon solution browser: every solution class of the 4 x 6 board, one at a time.

A class is a solution together with its images under the board's symmetries (the half
turn and the two mirrors) and with red and blue swapped; the engine's exact count finds
13,328 of them (106,624 solutions). The list comes from the class file the engine ships
(assets/macmahon/4x6x3.classes, read in a few milliseconds); if it is missing, the engine
lists every solution once in a child process and the result is cached in the user data
folder, so the browser opens at once from then on.

Step with the arrows (Up/Down jump by 100), type a number to jump, filter by where the
all-white tile sits (click a cell of the map; a class counts for a cell when one of its
mirror images has the white tile there, and is shown in that image), and play a solution
(Enter), which opens it in the play scene.
"""
from __future__ import annotations

import numpy as np
import pygame
import pygame_gui

from game import keys
from game.draw.boards import BoardGeometry
from game.draw.theme import contrast_text, mix
from game.draw.tiles import draw_board, draw_tile, empty_colour
from game.draw.widgets import enable_buttons, text, text_block, title_bar
from game.scenes.base import Scene
from game.play.jobs import JobSlot
from solver.atomic import write_bytes_atomic
from solver.grid import is_ascii_number
from solver.macmahon.classes import Classes, cache_file, cached_classes, compute_classes
from solver.macmahon.position import Board, Position
from solver.macmahon.store import classes_from_bytes

STEP = 100
TO_PLACE = 8               # tiles taken off a solution to play it
PLAY_PART_UP = 152         # design pixels from the foot of the right column up to the "Play it" button


class BrowserScene(Scene):
    caption = "Squarewise - MacMahon solutions"

    def __init__(self, app, board: Board | None = None):
        super().__init__(app)
        self.board = board or Board()
        self.classes: Classes | None = None
        self.filter: int | None = None
        self.order = np.arange(0)
        self.index = 0
        self.jobs = JobSlot(app.worker)
        self.buttons: dict = {}
        reps = cached_classes(app.storage.folder, self.board)
        if reps is not None:
            self._use(reps)
        else:
            self.jobs.run("Listing every solution", compute_classes, (self.board.header,), self._computed,
                          self._failed)

    @property
    def job(self):
        """The listing under way (None once the classes are there)."""
        return self.jobs.job

    def _use(self, reps: np.ndarray) -> None:
        self.classes = Classes(self.board, reps)
        self.set_filter(None)

    def _failed(self, error: BaseException) -> None:
        self.app.toasts.show(f"Could not list the solutions: {error}", 6, self.app.palette.illegal)

    def _computed(self, data: bytes) -> None:
        path = cache_file(self.app.storage.folder, self.board)
        try:
            write_bytes_atomic(path, data)
        except OSError as exc:
            self.app.toasts.show(f"Could not cache the solutions: {exc}", 4)
        self._use(classes_from_bytes(data)[1])
        if self.app.top is self:
            self.on_resize()

    # ------------------------------------------------------------------ browsing
    @property
    def current(self) -> int | None:
        """The class number (0-based) on show, or None if there is none."""
        return int(self.order[self.index]) if len(self.order) else None

    def position(self) -> Position | None:
        k = self.current
        return None if k is None else self.classes.position(k, self.filter)

    def step(self, delta: int) -> None:
        if len(self.order):
            self.index = max(0, min(len(self.order) - 1, self.index + delta))
            self.refresh()

    def jump(self, number: int) -> bool:
        """Show class `number` (1-based). With a filter on, the filter is dropped if the class
        does not match it."""
        if self.classes is None or not 1 <= number <= len(self.classes):
            self.app.toasts.show(f"There are solutions 1 to {len(self.classes) if self.classes else 0:,}", 3,
                                 self.app.palette.illegal)
            return False
        hits = np.flatnonzero(self.order == number - 1)
        if not len(hits):
            self.set_filter(None)
            hits = [number - 1]
        self.index = int(hits[0])
        self.refresh()
        return True

    def set_filter(self, cell: int | None) -> None:
        """Show only the classes that can have the all-white tile on `cell` (None: all)."""
        keep = self.current
        self.filter = cell
        self.order = self.classes.matching(cell)
        hits = np.flatnonzero(self.order == keep) if keep is not None else []
        self.index = int(hits[0]) if len(hits) else 0
        self.refresh()

    def cycle_filter(self, step: int) -> None:
        cells = [c for c in range(self.board.size) if self.classes.counts()[c]]
        if self.filter is None:
            self.set_filter(cells[0] if step > 0 else cells[-1])
            return
        i = cells.index(self.filter) + step
        self.set_filter(cells[i] if 0 <= i < len(cells) else None)

    def play(self, remove: int = 0) -> None:
        """Hand the solution on show to the MacMahon play screen (the one below, or a new one):
        to view (`remove` 0: nothing to play, nothing recorded) or to play with `remove` tiles
        taken off. That screen asks before it abandons a game in progress."""
        position = self.position()
        if position is None:
            return
        note = f"Solution {self.current + 1:,} of {len(self.classes):,} from the browser"
        self.app.hand_back("macmahon", solution=position, remove=remove, note=note)

    def layout(self) -> dict:
        app = self.app
        w, h = app.size
        top = app.px(70)
        margin = app.px(16)
        left_w = int((w - 2 * margin) * 0.64)
        main = pygame.Rect(margin, top + margin, left_w, h - top - 2 * margin - app.px(110))
        geo = BoardGeometry.fit(main, self.board.rows, self.board.cols, label_room=0.7)
        nav = pygame.Rect(margin, main.bottom + app.px(46), left_w, app.px(44))
        right = pygame.Rect(main.right + app.px(24), top + margin, w - main.right - app.px(24) - margin,
                            h - top - 2 * margin)
        map_cell = min((right.width - app.px(20)) // (self.board.cols + 0.3), app.px(62))
        mini = BoardGeometry(right.x + app.px(10) + int(map_cell * 0.3), right.y + app.px(64), int(map_cell),
                             self.board.rows, self.board.cols)
        return {"top": pygame.Rect(0, 0, w, top), "geo": geo, "info": main.bottom + app.px(8), "nav": nav,
                "right": right, "mini": mini}

    def build_ui(self) -> None:
        app, lay = self.app, self.layout()
        self.buttons = {}
        nav = lay["nav"]
        gap = app.px(8)
        specs = (("first", "|<"), ("back100", "-100"), ("prev", "< Prev"), ("next", "Next >"),
                 ("fwd100", "+100"), ("last", ">|"))
        bw = (nav.width - app.px(190) - gap * len(specs)) // len(specs)
        x = nav.x
        for name, label in specs:
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, nav.y, bw, nav.height), label, app.ui))
            x += bw + gap
        self.jump_entry = self.add(pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x + gap, nav.y, app.px(120), nav.height), app.ui, placeholder_text="number"))
        self.jump_entry.set_allowed_characters("numbers")
        self.buttons["go"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(x + gap + app.px(126), nav.y, nav.right - x - gap - app.px(126), nav.height), "Go", app.ui,
            tool_tip_text="jump to the solution with this number"))
        right, mini = lay["right"], lay["mini"]
        y = mini.rect.bottom + app.px(16)
        self.buttons["any"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(right.x, y, right.width, app.px(40)), "White tile anywhere", app.ui,
            tool_tip_text="drop the filter (Tab / Shift+Tab step through the cells)"))
        self.buttons["play_part"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(right.x, right.bottom - app.px(PLAY_PART_UP), right.width, app.px(44)),
            f"Play it: {TO_PLACE} tiles to place (P)", app.ui,
            tool_tip_text=f"the solution with its last {TO_PLACE} tiles taken off, the rest given: a game"))
        self.buttons["play"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(right.x, right.bottom - app.px(100), right.width, app.px(44)), "View on the board (Enter)",
            app.ui, tool_tip_text="show it in the play screen, nothing to play: undo takes it apart"))
        self.buttons["menu"] = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(right.x, right.bottom - app.px(48), right.width, app.px(44)), "Back (Esc)", app.ui))
        self.refresh()

    def refresh(self) -> None:
        if not self.buttons:
            return
        ready = self.classes is not None and len(self.order) > 0
        at_start = not ready or self.index == 0
        at_end = not ready or self.index == len(self.order) - 1
        flags = {"first": not at_start, "back100": not at_start, "prev": not at_start, "next": not at_end,
                 "fwd100": not at_end, "last": not at_end, "play": ready, "play_part": ready,
                 "go": self.classes is not None,
                 "any": self.filter is not None}
        enable_buttons(self.buttons, flags)

    # ------------------------------------------------------------------ input
    def do(self, action: str) -> bool:
        if action == "menu":
            self.app.pop()
            return True
        if self.classes is None:
            return False
        moves = {"first": -len(self.order), "back100": -STEP, "prev": -1, "next": 1, "fwd100": STEP,
                 "last": len(self.order)}
        if action in moves:
            self.step(moves[action])
        elif action == "go":
            digits = self.jump_entry.get_text().strip()
            if not is_ascii_number(digits):
                return False
            self.jump(int(digits))
        elif action == "any":
            self.set_filter(None)
        elif action == "play":
            self.play()
        elif action == "play_part":
            self.play(TO_PLACE)
        else:
            return False
        return True

    def handle_event(self, event) -> bool:
        if self.run_pressed(event):
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.jump_entry:
            self.do("go")
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.classes is not None:
            cell = self.layout()["mini"].cell_at(event.pos)
            if cell is not None and self.classes.counts()[cell]:
                self.set_filter(None if cell == self.filter else cell)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL and self.classes is not None:
            self.step(-1 if event.y > 0 else 1)
            return True
        if self.type_into_jump(event):
            return True
        name = keys.action(event)
        if name == "copy" and self.classes is not None:
            self.copy_game_id(self.position().notation())
            return True
        action = {"left": "prev", "right": "next", "up": "back100", "down": "fwd100", "place": "play",
                  "pause": "play_part"}.get(name)
        if action:
            return self.do(action)
        if name in ("next_piece", "prev_piece") and self.classes is not None:
            self.cycle_filter(1 if name == "next_piece" else -1)
            return True
        return False

    def type_into_jump(self, event) -> bool:
        """A digit typed on the browser starts a number in the jump box (which takes the keys
        from then on, its own text input included): type a number, Enter, and it is on show."""
        typed = getattr(event, "unicode", "") or ""
        if event.type != pygame.KEYDOWN or not is_ascii_number(typed, 1) or keys.modifiers(event.mod) & keys.CTRL:
            return False
        self.jump_entry.set_text("")
        self.app.ui.set_focus_set(self.jump_entry)
        return True

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, pal = self.app, self.app.palette
        surface.fill(pal.background)
        lay = self.layout()
        title_bar(surface, app, lay["top"], "MacMahon Squares: every solution",
                  "one solution per class: a class holds a solution, its mirror images and red/blue swapped")
        geo = lay["geo"]
        if self.classes is None:
            draw_board(surface, geo, pal)
            line = "Listing every solution once (it is cached for next time)..."
            if self.job is not None:
                line += f" {self.job.age:.0f} s"
                if self.job.fraction is not None:
                    line += f", {self.job.fraction:.0%}"
            text(surface, line, (geo.rect.centerx, lay["info"]), app.px(18), pal.text, anchor="midtop")
            return
        position = self.position()
        highlight = {}
        draw_board(surface, geo, pal, self.board.border, highlight=highlight)
        if position is not None:
            for cell in range(self.board.size):
                draw_tile(surface, position.colours_at(cell), geo.cell_rect(cell), pal)
            white = position.cells.index((0, 0)) if (0, 0) in position.cells else None
            if white is not None:
                pygame.draw.rect(surface, pal.accent, geo.cell_rect(white), max(2, geo.cell // 24))
        self.draw_facts(surface, lay)
        text(surface, self.info_line(), (geo.rect.centerx, lay["info"]), app.px(18), pal.text, anchor="midtop",
             style="bold")
        self.draw_map(surface, lay)

    def info_line(self) -> str:
        if not len(self.order):
            return "No solution has the white tile there"
        total = f"{self.current + 1:,} of {len(self.classes):,}"
        if self.filter is None:
            return f"Solution {total}"
        where = self.board.cell_name(self.filter)
        return f"{self.index + 1:,} of {len(self.order):,} with the white tile on {where}  (solution {total})"

    def draw_facts(self, surface, lay) -> None:
        app, pal = self.app, self.app.palette
        right = lay["right"]
        y = lay["mini"].rect.bottom + app.px(76)
        lines = (f"{len(self.classes):,} classes hold all {self.classes.solutions:,} solutions of the "
                 f"{self.board.rows}\u00d7{self.board.cols} board: each is one of these, turned, mirrored "
                 "or with red and blue swapped.", "Arrows step (Up/Down by 100), the wheel too; "
                 "type a number and Enter to jump there; Tab steps through the cells of the map; Ctrl+C copies the solution's game ID.")
        room = right.bottom - app.px(PLAY_PART_UP + 8) - y        # down to the Play it button
        text_block(surface, lines, pygame.Rect(right.x, y, right.width, room), app.px(14), pal.dim_text)

    def draw_map(self, surface, lay) -> None:
        """Where the all-white tile sits: a small board with the number of classes per cell."""
        app, pal = self.app, self.app.palette
        right, mini = lay["right"], lay["mini"]
        text(surface, "Where the all-white tile sits", (right.x, right.y), app.px(18), pal.text, style="bold")
        text(surface, "click a cell to show only those", (right.x, right.y + app.px(26)), app.px(14), pal.dim_text)
        counts = self.classes.counts()
        most = max(1, int(counts.max()))
        for cell in range(self.board.size):
            rect = mini.cell_rect(cell).inflate(-2, -2)
            n = int(counts[cell])
            colour = mix(empty_colour(pal), pal.accent, 0.15 + 0.6 * n / most) if n else empty_colour(pal)
            pygame.draw.rect(surface, colour, rect, border_radius=app.px(4))
            if cell == self.filter:
                pygame.draw.rect(surface, pal.text, rect, max(2, app.px(3)), border_radius=app.px(4))
            text(surface, f"{n:,}" if n else "-", rect.center, max(9, mini.cell // 4), contrast_text(colour),
                 anchor="center", max_width=rect.width - 4)
