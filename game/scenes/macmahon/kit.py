"""`MacMahonKit`: MacMahon Squares' part of a play screen: the session (with the MacMahon hand
and interpret), the view, the widgets (the variant, the rules, the level, the buttons), and
the boards: an empty board of a variant, a level's board (tiles given, one completion, made in
a child process), a game ID (its tiles are the puzzle's givens), a solution from the browser,
a saved match. The count of completions of the position on show is looked up after each move.
"""
from __future__ import annotations

import pygame

from game.play import key_words
from game.draw.tiles import tile_colour
from game.draw.widgets import grid_rects
from game.scenes.action_menu import needed_width
from game.play.commands import Rebuild, Refresh, Replace, Toast, Turn
from game.play.match import Match, Timer, format_time
from game.play.puzzle import Yes
from game.play.session import PlaySession
from game.puzzles.macmahon.hand import Hand
from game.puzzles.macmahon.puzzle import MACMAHON, job_check, job_level_board, solution_counts
from game.scenes.macmahon.modes import Solo, Viewed
from game.scenes.macmahon.view import MacMahonView
from solver.errors import SquarewiseError
from solver.macmahon.levels import COUNT as LEVEL_COUNT
from solver.macmahon.position import Board, Position

VARIANTS = (("4x6x3", "4 x 6, 3 colours (classic)"), ("3x8x3", "3 x 8, 3 colours"),
            ("2x12x3", "2 x 12, 3 colours"), ("2x3x2", "2 x 3, 2 colours"),
            ("7x10x4", "7 x 10, 4 colours"), ("5x14x4", "5 x 14, 4 colours"))
RULES = (("rules=strict", "Rules: strict"), ("rules=free", "Rules: free"))
TOOLTIPS = {"new": "new", "undo": "undo", "redo": "redo", "restart": "restart", "hint": "hint",
            "solve": "solve", "check": "count", "save": "save", "load": "load", "help": "help",
            "pause": "pause", "menu": "back", "turn": "rotate"}


def variant_label(header: str) -> str:
    return dict(VARIANTS).get(header, header)


def level_name(level: int) -> str:
    """'Level 4'; the top level says what it is: 'Level 10: smallest'."""
    return f"Level {level}" + (": smallest" if level == LEVEL_COUNT else "")


def level_words(level: int, givens: int) -> str:
    """What a new level board asks of the player; the top level's is a smallest puzzle."""
    if level == LEVEL_COUNT:
        return (f"Level {level}, a smallest puzzle: {givens} tiles given, and take any one away and "
                "it has more than one solution. Fill the board")
    return f"Level {level}: fill the empty cells; the tiles given stay put"


class MacMahonKit:
    caption = "Squarewise - MacMahon Squares"
    TOOLTIPS = TOOLTIPS
    WHILE_PAUSED = frozenset()
    WHILE_DRAWING = frozenset()
    SOLVE_STEP = 0.12
    roll = None                      # (no dice)

    def __init__(self, app, rng):
        self.app = app
        self.rng = rng
        self.session = PlaySession(MACMAHON, app, Hand())
        self.view = MacMahonView(app)
        self.mode = None
        self.completions: tuple[Position, int] | None = None    # the position counted, its completions

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def board(self) -> Board:
        return self.match.start.board

    @property
    def strict(self) -> bool:
        """The rules in force: the setting's, or strict where the mode takes no other (a ranked run)."""
        return getattr(self.mode, "STRICT", False) or self.app.settings.get("macmahon_mode", "strict") == "strict"

    def confetti(self):
        """The tiles' own colours (red, white and blue in the classic set)."""
        return [tile_colour(self.app.palette, letter) for letter in sorted(set("".join(self.board.tiles)))]

    def offers_area(self) -> pygame.Rect:
        """Where the win's offers go: the tray's first row (a won board has placed every tile)."""
        lay = self.view.layout()
        first = lay["slots"][0]
        return pygame.Rect(lay["tray"].x, first.y, lay["tray"].width, first.height)

    # ------------------------------------------------------------------ the widgets
    def build(self, chrome, mode) -> None:
        """The variant and level pickers, then the Game and rules menus and the mode's buttons, two
        a row; the game ID entry in the top bar. A mode that plays no game ID (a ranked run) gets
        the Game menu and its buttons only: the others would only be refused."""
        app, lay = self.app, self.view.layout()
        controls, row, gap = lay["controls"], app.px(44), app.px(8)
        own_board = mode.refuses_ids() is not None
        menus = 1 if own_board else 2
        buttons = list(mode.BUTTONS)
        rows = (len(buttons) + menus + 1) // 2
        top_y = controls.y if own_board else controls.y + row + gap
        area = pygame.Rect(controls.x, top_y, controls.width,
                           min(controls.bottom - top_y - gap, 4 * (row + gap)))   # rows fit in four
        rects = grid_rects(area, 2, rows, gap)
        level_w = needed_width(app, [e[-1] for e in self.level_choices()])    # the variant menu, then the level picker
        if not own_board:
            chrome.add_menu("variant", pygame.Rect(controls.x, controls.y, controls.width - level_w - gap, row),
                            variant_label(self.board.header), [(f"variant={h}", label) for h, label in VARIANTS],
                            chrome.scene.do)
        chrome.add_buttons(buttons, rects[menus:])
        chrome.add_menu("game", rects[0], "Game", list(mode.GAME_MENU), chrome.scene.do)
        if not own_board:
            chrome.add_menu("rules", rects[1], self.rules_label(), list(RULES), chrome.scene.do)
            chrome.add_menu("level", pygame.Rect(controls.right - level_w, controls.y, level_w, row),
                            self.level_label(), self.level_choices(), chrome.scene.do)
            top = lay["top"]
            chrome.add_id_entry(top.centerx - app.px(330) // 2 - app.px(20), (top.height - app.px(36)) // 2,
                                f"copy this position's game ID: {key_words.describe('copy')}",
                                "play the game ID typed on the left (its tiles stay put)")
        status = lay["status"]
        chrome.add_cancel(pygame.Rect(status.right - app.px(90), status.bottom - app.px(34), app.px(90), app.px(32)))

    def flags(self) -> dict:
        m = self.match
        return {"undo": m.can_undo, "redo": m.can_redo, "restart": m.position != m.start,
                "hint": not m.finished, "solve": not m.finished, "check": not m.finished}

    def allows(self, action: str) -> bool:
        return action not in ("hint", "solve") or not self.match.finished

    def shown_id(self) -> str:
        """The current position's notation (MacMahon's game ID is where the game is now); nothing
        while paused (it spells out the board)."""
        return "" if self.session.paused else self.match.position.notation()

    def labels(self) -> dict:
        """The menus' labels: the variant, the rules and the level of the board on show."""
        return {"variant": variant_label(self.board.header), "rules": self.rules_label(), "level": self.level_label()}

    def level(self) -> int | None:
        """The level (1..10) of the board on show, None for free play (or a daily)."""
        level = None if self.match.meta.get("daily") else self.match.meta.get("level")
        return int(level) if level and level.isdigit() else None

    def level_label(self) -> str:
        return level_name(self.level()) if self.level() else "Level: free play"

    def level_choices(self) -> list[tuple[str, str]]:
        """The level picker's entries: free play (an empty board of the variant), then 1..10."""
        return [("level=free", "Level: free play", "Free play")] + \
            [(f"level={n}", level_name(n), f"Level {n}") for n in range(1, LEVEL_COUNT + 1)]

    def chosen_level(self) -> int | None:
        """The level last picked in the Level picker (None: free play): Next puzzle's after a win."""
        choice = self.app.settings.get("macmahon_level", "free")
        return int(choice) if choice.isdigit() and 1 <= int(choice) <= LEVEL_COUNT else None

    def rules_label(self) -> str:
        return dict(RULES)["rules=strict" if self.strict else "rules=free"]

    def facts(self) -> tuple[str, str]:
        """The status panel's two lines of facts: tiles placed, clashes and completions; the best time."""
        m, board = self.match, self.board
        pos = m.position
        facts = [f"{board.size - len(pos.unplaced)} of {board.size} tiles placed"]
        clashes = len(pos.clashes())
        if clashes:
            facts.append(f"{clashes} clash{'es' if clashes != 1 else ''}")
        n = self.completions[1] if self.completions is not None and self.completions[0] == pos else None
        if n is not None and not m.finished:
            if pos == Position.empty(board):
                facts.append(f"{n:,} solution{'s' if n != 1 else ''}" if n else "no solution exists")
            else:
                facts.append(f"{n:,} way{'s' if n != 1 else ''} to finish from here" if n else "no way to finish from here")
        given = " with tiles given" if any(v is not None for v in m.start.cells) else ""
        where = "Best daily time" if m.meta.get("daily") is not None else \
            f"Best time on {board.rows} x {board.cols}{given}"
        best = self.app.statistics.get(MACMAHON.name, {}).get("best", {}).get(MACMAHON.best_key(m.start, m.meta))
        return ", ".join(facts), f"{where}: {format_time(best)}"

    def subtitle(self) -> str:
        daily, level = self.match.meta.get("daily"), self.match.meta.get("level")
        if daily:
            where = f"Daily #{daily}" + (f" · {level}" if level else "")
        else:
            where = variant_label(self.board.header) if not self.level() else \
                f"Level {level}" + (" · a smallest puzzle" if self.level() == LEVEL_COUNT else "")
        return f"{where}, {'strict' if self.strict else 'free'} mode"

    # ------------------------------------------------------------------ the puzzle's own actions
    def do(self, action: str) -> list | None:
        if action == "new":
            return self.ask_level(self.level()) if self.level() else self.ask_new_game(self.board.header)
        if action in ("mode", "rules=strict", "rules=free"):
            if action != ("rules=strict" if self.strict else "rules=free"):
                self.app.settings["macmahon_mode"] = "free" if self.strict else "strict"
                self.app.save_settings()
                self.session.say("Strict: a tile that breaks a rule is refused" if self.strict else
                                 "Free: any tile goes anywhere; clashes are marked")
            return [Rebuild()]
        if action == "variant":                             # the next variant, from the keyboard
            headers = [h for h, _ in VARIANTS]
            here = headers.index(self.board.header) if self.board.header in headers else -1
            return self.ask_new_game(headers[(here + 1) % len(headers)])
        if action.startswith("variant="):
            header = action.partition("=")[2]
            return [Rebuild()] + (self.ask_new_game(header) if header != self.board.header else [])   # (a rebuild closes dialogs: first)
        if action.startswith("level="):
            choice = action.partition("=")[2]
            self.app.settings["macmahon_level"] = choice
            if choice == "free":
                return self.ask_new_game(self.board.header) if self.level() else [Refresh()]
            return self.ask_level(int(choice))
        if action == "browse":
            self.app.open("macmahon-browser")
            return []
        if action in ("check", "count"):
            if self.match.finished:
                return []
            self.session.ask_engine("Is this still solvable?", job_check, self._checked)
            return [Refresh()]
        if action == "turn":
            if self.session.hand.held is None:
                return []
            return self.session.process(Turn(1))
        return None

    def _checked(self, pos: Position, result) -> None:
        if isinstance(result, Yes):
            self.session.say("Yes: a solution keeps every tile where it is")
            self.session.effects.append(Toast(self.session.status, 3))
        else:
            self.session.stuck(result)

    def update(self, dt: float) -> list:
        self.session.hand.strict = self.strict         # the rules in force (the setting)
        return []

    # ------------------------------------------------------------------ boards
    def refuse_board(self, board: Board) -> Toast:
        return Toast(f"A {board.rows}x{board.cols} board does not fit this window: "
                     f"{'keeping this game' if self.match else 'the classic board instead'}", 5, alarm=True)

    def ask_new_game(self, header: str) -> list:
        """A new board of `header`, asking first if that abandons a game in progress."""
        try:
            board = Board.parse(header)
        except SquarewiseError:
            board = None            # new_game says why and starts the classic board
        if board is not None and not self.view.shows(board):
            return [self.refuse_board(board)]
        return [Replace(lambda: self.new_game(header), f"a new {variant_label(header)} board")]

    def new_game(self, header: str) -> list:
        """An empty board of the variant `header` (a board header such as '4x6x3')."""
        effects = []
        try:
            board = Board.parse(header)
        except SquarewiseError as exc:
            effects.append(Toast(str(exc), 4, alarm=True))
            board = Board()
        if not self.view.shows(board):
            effects.append(self.refuse_board(board))
            board = Board()
        self.app.settings["macmahon_variant"] = board.header
        self.play_match(Match(Position.empty(board), puzzle=MACMAHON.name, meta={"assisted": False}, timer=Timer()))
        self.session.say("Drag a tile to the board: R or the wheel turns it")
        return effects

    def ask_level(self, level: int) -> list:
        """A new classic board of `level`, asking first if that abandons a game in progress."""
        return [Refresh(), Replace(lambda: self.start_level(level), f"a level {level} board")]

    def start_level(self, level: int) -> list:
        """Make the board of `level` in the worker (60-90 ms), then play it (tiles given)."""
        def made(notation: str) -> None:
            start = MACMAHON.parse(notation)
            self.begin_id(start, {"level": str(level)})
            self.session.say(level_words(level, sum(v is not None for v in start.cells)))

        self.session.run_job(f"Making a level {level} board", job_level_board, (level, self.rng.getrandbits(31)),
                             made)
        return [Refresh()]

    def parse_id(self, text: str) -> Position:
        """A game ID; one on a board this window cannot show is refused (the game goes on)."""
        start = MACMAHON.parse(text)
        if not self.view.shows(start.board):
            raise SquarewiseError(self.refuse_board(start.board).text)
        return start

    def begin_id(self, start: Position, meta: dict) -> None:
        """A game ID's tiles are the puzzle's givens."""
        self.play_match(Match(start, puzzle=MACMAHON.name, meta={"assisted": False, **meta}, timer=Timer()))

    def play_match(self, match: Match) -> None:
        """`match` on the board, its clock running from now (unless it has ended)."""
        self.mode = Viewed(self) if match.meta.get("kind") == "view" else Solo(self)
        self.session.begin(match)
        self.session.hand.fresh(match.start)
        self.session.hand.strict = self.strict
        self.view.board = match.start.board
        if not match.finished and not match.ended and match.meta.get("kind") != "view":
            match.timer.start()
        self.moved()
        self.session.effects.append(Rebuild())

    def show_solution(self, solution: Position, note: str = "") -> None:
        """A finished board (from the solution browser), only shown."""
        empty = Position.empty(solution.board)
        meta = {"assisted": True, "kind": "view", "source": note}
        self.play_match(Match(empty, puzzle=MACMAHON.name, meta=meta, timer=Timer(), history=[empty, solution],
                              moves=["", "view"]))
        self.session.say(note or "A solution")

    def moved(self) -> None:
        """Count, off the UI thread, the solutions that keep the tiles on show (a look-up in the
        solution table, for boards of up to 3 colours): the status panel says how many ways
        there are to finish from here, never a number that is not about this position."""
        pos = self.match.position
        if pos.board.colours > 3 or self.completions is not None and self.completions[0] == pos:
            return

        def done(job):
            if job.error is not None or job.result is None:
                return
            total, here = job.result
            if pos.board == self.board:
                self.match.meta["solutions"] = total
                self.session.hand.solutions = total
                if total == 0 and not self.session.status.startswith("No"):
                    self.session.say(f"The engine counted every way: the {pos.board.rows} x {pos.board.cols} board "
                                     "has no solution. See how far you get" + (", or try free mode" if self.strict else ""))
            if pos == self.match.position:
                self.completions = (pos, here)

        self.app.worker.submit("Counting solutions", lambda job: solution_counts(pos), done)
