"""The dice editor: assign the 36 cells to seven dice, generate, verify and save a dice set.

The board shows which die each cell is on (its colour and number). Keys 1-7 or a click on a
die's row choose the current die; a click on a cell puts it on that die (taking it off any
other), a second click takes it off. A die with fewer than six cells repeats them in turn
to fill six faces (two cells: a b a b a b), as the real dice do; a set loaded from a file
keeps its own faces until one of its dice is edited. The engine judges the set
(`dice.from_json`): a malformed one is refused with its one-line reason, shown on screen.
Verify and Generate run in a child process through the worker, with a bar and Cancel.
"""
from __future__ import annotations

import random
from pathlib import Path

import pygame
import pygame_gui

from game import keys
from game.play import key_words
from game.draw.boards import BoardGeometry
from game.scenes.base import Scene
from game.scenes.genius.dice_editor_view import DiceEditorView
from game.puzzles.genius.dice_draft import DICE, DiceDraft, engine_reason, generate_job, verify_job
from game.play.jobs import JobSlot
from solver.errors import SquarewiseError

START_OPTIONS = ("Default", "Alternative", "File...", "Empty")


class DiceEditorScene(DiceEditorView, Scene):
    caption = "Squarewise - dice editor"

    def __init__(self, app, start: str | None = None, rng: random.Random | None = None):
        super().__init__(app)
        self.draft = DiceDraft("custom")
        self.current = 0           # the die clicks assign to
        self.cursor = 14           # keyboard cursor cell (C3), drawn once the keyboard is used
        self.show_cursor = False
        self.jobs = JobSlot(app.worker)
        self.job_kind = ""
        self.status = ""           # one line under the dice (results, the engine's reasons)
        self.status_colour = None
        self.details: list[str] = []   # the first unsolvable rolls after a verify
        self.detail_total = 0
        self.saved_path: Path | None = None
        self.unsaved = False       # edits (or a generated set) not yet saved: Escape asks first
        self.rng = rng or random.Random()
        self.start_from(start or app.settings.get("dice", "default"))

    # --- the set ----------------------------------------------------------------------
    def start_from(self, choice: str | Path) -> None:
        """Begin from 'default', 'alternative', 'empty' or a dice file (a bad file keeps the current set)."""
        from solver.genius import dice
        self.cancel_job(quiet=True)
        if choice == "empty":
            self.draft = DiceDraft("custom")
            self.saved_path = None
            self.refresh_buttons()
            self.say("An empty set: choose a die (1-7) and click cells.")
            return
        try:
            dice_set = dice.resolve(str(choice))
        except SquarewiseError as exc:
            self.say(engine_reason(exc), bad=True)
            return
        self.draft = DiceDraft.from_set(dice_set)
        self.saved_path = None
        self.unsaved = False
        self.refresh_buttons()
        self.say(f"Editing '{dice_set.name}': {dice_set.count():,} distinct rolls.")

    def say(self, line: str, bad: bool = False, details=(), total: int | None = None) -> None:
        """The status line; `details` lists the first of `total` items (unsolvable rolls)."""
        self.status = line
        self.status_colour = self.app.palette.illegal if bad else None
        self.details = list(details)
        self.detail_total = len(self.details) if total is None else total

    def edited(self) -> None:
        """The set changed: earlier results no longer hold (and a built-in set gets a new name)."""
        if self.draft.name in ("default", "alternative"):
            self.draft.name = f"{self.draft.name}-edited"
        if self.job is not None:
            self.cancel_job(quiet=True)
        self.saved_path = None
        self.unsaved = True
        self.refresh_buttons()
        empty = [str(i + 1) for i, faces in enumerate(self.draft.faces) if not faces]
        if empty:       # still being built: a hint now, the engine's reason on Verify or Save
            self.say(f"No cells yet on die {', '.join(empty)}.")
            return
        dice_set = self.checked_set()
        if dice_set is not None:
            self.say(f"{dice_set.count():,} distinct rolls; not verified yet.")

    def checked_set(self):
        """The DiceSet, or None after showing the engine's reason."""
        try:
            return self.draft.to_set()
        except SquarewiseError as exc:
            self.say(engine_reason(exc, self.draft.name), bad=True)
            return None

    def assign(self, cell: int) -> None:
        self.draft.toggle(cell, self.current)
        self.edited()

    # --- jobs -------------------------------------------------------------------------
    def verify(self) -> None:
        dice_set = self.checked_set()
        if dice_set is None:
            return
        self.run("verify", f"Verifying {dice_set.count():,} rolls", verify_job, (self.draft.document(),))

    def generate(self) -> None:
        seed = self.rng.randrange(1 << 32)
        self.run("generate", f"Generating an always-solvable set (seed {seed})", generate_job, (seed,))

    @property
    def job(self):
        """The verify or generate job under way (None when idle)."""
        return self.jobs.job

    def run(self, kind: str, label: str, func, args) -> None:
        self.cancel_job(quiet=True)
        self.job_kind = kind
        self.jobs.run(label, func, args, self.job_done, self.job_failed)
        self.say(f"{label}...")
        self.refresh_buttons()

    def job_failed(self, error: BaseException) -> None:
        self.refresh_buttons()
        self.say(engine_reason(error), bad=True)

    def job_done(self, result) -> None:
        self.refresh_buttons()
        if self.job_kind == "verify":
            if not result["bad"]:
                self.say(f"All {result['rolls']:,} rolls solvable.")
            else:
                self.say(f"{result['bad']:,} of {result['rolls']:,} rolls cannot be solved.", bad=True,
                         details=[f"{name}: {reason}" for name, reason in result["first"]], total=result["bad"])
        else:
            from solver.genius import dice
            self.draft = DiceDraft.from_set(dice.from_json(result["document"], "generated"))
            self.saved_path = None
            self.unsaved = True
            self.say(f"New set '{self.draft.name}': all {result['rolls']:,} rolls verified solvable "
                     f"({result['candidates']} candidates, {result['seconds']:.1f} s). Save it to use it for new games.")
            self.refresh_buttons()

    def cancel_job(self, quiet: bool = False) -> None:
        if self.jobs.cancel():
            if not quiet:
                self.say("Cancelled.")
            self.refresh_buttons()

    # --- files ------------------------------------------------------------------------
    def dice_dir(self) -> Path:
        folder = self.app.storage.folder / "dice"
        folder.mkdir(parents=True, exist_ok=True)
        return folder

    def ask_save(self) -> None:
        if self.checked_set() is None:
            return
        self.ask_file("Save the dice set as", self.save_to, self.dice_dir() / f"{self.draft.name}.json",
                      must_exist=False)

    def save_to(self, path: Path) -> bool:
        from solver.genius import dice
        path = Path(path)
        if path.suffix.lower() != ".json":
            path = path.with_name(path.name + ".json")
        if not path.stem.strip():
            self.say("A dice set needs a name: a file name of more than spaces", bad=True)
            return False
        path = path.with_name(path.stem.strip() + path.suffix)
        self.draft.name = path.stem
        dice_set = self.checked_set()
        if dice_set is None:
            return False
        try:
            dice.save(dice_set, path)
        except OSError as exc:
            self.say(f"cannot save '{path}': {exc.strerror or exc}", bad=True)
            return False
        self.saved_path = path
        self.unsaved = False
        self.say(f"Saved as {path.name}.")
        self.refresh_buttons()
        self.confirm(f"Use {path.name} for new games?", self.use_saved, title="Saved", action="Use")
        return True

    def use_saved(self) -> None:
        if self.saved_path is None:
            return
        self.app.settings["dice"] = str(self.saved_path)
        self.app.save_settings()
        self.say(f"New games now roll {self.saved_path.name}.")

    def ask_open(self) -> None:
        self.ask_file("Start from a dice file", lambda path: self.keep_or_discard(lambda: self.start_from(path)),
                      self.dice_dir())

    # --- layout and widgets -----------------------------------------------------------
    def layout(self) -> dict:
        app = self.app
        w, h = app.size
        px = app.px
        bar_h = px(44)
        buttons = pygame.Rect(px(20), h - px(20) - bar_h, w - px(40), bar_h)
        board_side = min(px(520), buttons.top - px(90), w // 2)
        geo = BoardGeometry.fit(pygame.Rect(px(20), px(76), board_side, board_side))
        right = geo.rect.right + px(50)
        width = w - right - px(24)
        row_h = px(50)
        rows = [pygame.Rect(right, px(76) + i * (row_h + px(6)), width, row_h) for i in range(DICE)]
        info = pygame.Rect(right, rows[-1].bottom + px(12), width, buttons.top - rows[-1].bottom - px(24))
        menu = pygame.Rect(w - px(24) - px(190), px(18), px(190), px(36))
        return {"geo": geo, "rows": rows, "info": info, "buttons": buttons, "menu": menu}

    def build_ui(self) -> None:
        app, lay = self.app, self.layout()
        b = lay["buttons"]
        specs = [("generate", "Generate", "a new always-solvable set (every roll verified)"),
                 ("verify", "Verify", "decide every roll of this set"),
                 ("save", "Save...", f"save the set as a file ({key_words.describe('save')})"),
                 ("use", "Use for new games", "roll the saved set in new games (save the set first)"),
                 ("back", "Back (Esc)", "back to where you came from")]
        gap = app.px(8)
        each = (b.width - gap * (len(specs) - 1)) // len(specs)
        self.start_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            list(START_OPTIONS), "Start from...", lay["menu"], app.ui, expansion_height_limit=app.px(200)))
        self.buttons = {}
        x = b.x
        for name, label, tip in specs:
            self.buttons[name] = self.add(pygame_gui.elements.UIButton(
                pygame.Rect(x, b.y, each, b.height), label, app.ui, tool_tip_text=tip))
            x += each + gap
        info = lay["info"]
        self.cancel_button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(info.right - app.px(100), info.y, app.px(100), app.px(34)), "Cancel", app.ui))
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        if not getattr(self, "buttons", None) or not self.widgets:
            return
        busy = self.job is not None
        for name in ("generate", "verify", "save"):
            (self.buttons[name].disable if busy else self.buttons[name].enable)()
        (self.buttons["use"].enable if self.saved_path and not busy else self.buttons["use"].disable)()
        (self.cancel_button.show if busy else self.cancel_button.hide)()

    # --- input ------------------------------------------------------------------------
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
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.start_menu:
            self.on_resize()          # the menu goes back to "Start from..."
            if event.text == "File...":
                self.ask_open()
            elif event.text in START_OPTIONS:
                self.keep_or_discard(lambda: self.start_from(event.text.lower()))
            return True
        if self.dialog_open:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        return False

    def click(self, pos) -> bool:
        lay = self.layout()
        cell = lay["geo"].cell_at(pos)
        if cell is not None:
            self.cursor = cell
            self.show_cursor = False
            self.assign(cell)
            return True
        for i, row in enumerate(lay["rows"]):
            if row.collidepoint(pos):
                self.current = i
                return True
        return False

    def on_key(self, event) -> bool:
        number = keys.piece_number(event)
        if number is not None and number < DICE:
            self.current = number
            return True
        action = keys.action(event)
        moves = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
        if action in moves or action in ("place", "drop"):
            self.show_cursor = True
        if action in moves:
            dr, dc = moves[action]
            r, c = divmod(self.cursor, 6)
            self.cursor = (r + dr) % 6 * 6 + (c + dc) % 6
        elif action == "place":
            self.assign(self.cursor)
        elif action == "drop":
            self.draft.remove(self.cursor)
            self.edited()
        elif action == "save":
            self.do("save")
        elif action == "load":
            self.ask_open()
        elif action in ("next_piece", "prev_piece"):
            self.current = (self.current + (1 if action == "next_piece" else -1)) % DICE
        else:
            return False
        return True

    def do(self, name: str) -> None:
        if name == "generate":
            self.generate()
        elif name == "verify":
            self.verify()
        elif name == "save":
            self.ask_save()
        elif name == "use":
            self.use_saved()
        elif name == "back":
            self.back()

    def back(self) -> None:
        if self.job is not None:
            self.cancel_job()
        else:
            self.keep_or_discard(self.app.pop)

    def keep_or_discard(self, then) -> None:
        """Run `then()` (which throws the set being edited away) now, or, with unsaved edits,
        once the player has answered "Discard your changes?"."""
        if not self.unsaved:
            then()
            return
        self.confirm(f"Discard your changes to '{self.draft.name}'? They are not saved.", then,
                     title="Discard your changes?", action="Discard", destructive=True)

    def on_enter(self) -> None:
        super().on_enter()
        self.place_toasts()

    def on_resize(self) -> None:
        super().on_resize()
        self.place_toasts()

    def place_toasts(self) -> None:
        """Messages appear above the buttons, under the board, not over the buttons."""
        lay = self.layout()
        self.app.toasts.anchor = (lay["geo"].rect.centerx, lay["buttons"].top - self.app.px(8))

    def on_exit(self) -> None:
        self.cancel_job(quiet=True)
        self.app.toasts.anchor = None
        super().on_exit()
