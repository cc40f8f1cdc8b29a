"""`MacMahonKit`: MacMahon Squares' part of a play screen: the table (game/modes/table.py: the
session with the MacMahon hand and interpret, its dealer, game/puzzles/macmahon/deal.py: every
board it plays and what the engine says of it, and the mode on the board), the view and the
widgets (the variant, the rules, the level, the buttons).
"""
from __future__ import annotations

import pygame

from game.play import key_words
from game.draw.tiles import tile_colour
from game.draw.widgets import grid_rects
from game.scenes.action_menu import needed_width
from game.play.commands import Rebuild, Turn
from game.play.match import Match
from game.play.session import PlaySession
from game.puzzles.macmahon.deal import VARIANTS, MacMahonDealer, variant_label
from game.puzzles.macmahon.hand import Hand
from game.puzzles.macmahon.puzzle import MACMAHON
from game.modes.macmahon.play import mode_for, strict
from game.modes.table import Table
from game.scenes.macmahon.view import MacMahonView
from solver.macmahon.position import Board, Position

RULES = (("rules=strict", "Rules: strict"), ("rules=free", "Rules: free"))
TOOLTIPS = {"new": "new", "undo": "undo", "redo": "redo", "restart": "restart", "hint": "hint",
            "solve": "solve", "check": "count", "save": "save", "load": "load", "help": "help",
            "pause": "pause", "menu": "back", "turn": "rotate"}


class MacMahonKit:
    caption = "Squarewise - MacMahon Squares"
    TOOLTIPS = TOOLTIPS
    WHILE_PAUSED = frozenset()
    WHILE_DRAWING = frozenset()
    SOLVE_STEP = 0.12
    roll = None                      # (no dice)
    RUN_BUTTONS = (("turn", "Turn (R)"),)    # a ranked run's buttons of its own

    def __init__(self, app, rng):
        self.app = app
        self.rng = rng
        self.session = PlaySession(MACMAHON, app, Hand())
        self.view = MacMahonView(app)
        self.dealer = MacMahonDealer(self.session, app, rng, self.view.shows, self.on_play)
        self.table = Table(self.session, self.dealer, app, mode_for)

    @property
    def mode(self):
        return self.table.mode

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def board(self) -> Board:
        return self.dealer.board

    @property
    def strict(self) -> bool:
        """The rules in force: the setting's, or strict where the mode takes no other (a ranked run)."""
        return strict(self.table)

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
        level_w = needed_width(app, [e[-1] for e in self.dealer.level_choices()])    # the variant menu, then the level picker
        if not own_board:
            chrome.add_menu("variant", pygame.Rect(controls.x, controls.y, controls.width - level_w - gap, row),
                            variant_label(self.board.header), [(f"variant={h}", label) for h, label in VARIANTS],
                            chrome.scene.do)
        chrome.add_buttons(buttons, rects[menus:])
        chrome.add_menu("game", rects[0], "Game", list(mode.GAME_MENU), chrome.scene.do)
        if not own_board:
            chrome.add_menu("rules", rects[1], self.rules_label(), list(RULES), chrome.scene.do)
            chrome.add_menu("level", pygame.Rect(controls.right - level_w, controls.y, level_w, row),
                            self.dealer.level_label(), self.dealer.level_choices(), chrome.scene.do)
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
        return {"variant": variant_label(self.board.header), "rules": self.rules_label(),
                "level": self.dealer.level_label()}

    def rules_label(self) -> str:
        return dict(RULES)["rules=strict" if self.strict else "rules=free"]

    # ------------------------------------------------------------------ the puzzle's own actions
    def do(self, action: str) -> list | None:
        dealer = self.dealer
        if action == "new":
            return dealer.ask_level(dealer.level()) if dealer.level() else dealer.ask_new_game(self.board.header)
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
            return dealer.ask_new_game(headers[(here + 1) % len(headers)])
        if action.startswith("variant="):
            header = action.partition("=")[2]
            return [Rebuild()] + (dealer.ask_new_game(header) if header != self.board.header else [])   # (a rebuild closes dialogs: first)
        if action.startswith("level="):
            return dealer.choose_level(action.partition("=")[2])
        if action == "browse":
            self.app.open("macmahon-browser")
            return []
        if action in ("check", "count"):
            return dealer.check()
        if action == "turn":
            if self.session.hand.held is None:
                return []
            return self.session.process(Turn(1))
        return None

    def update(self, dt: float) -> list:
        self.session.hand.strict = self.strict         # the rules in force (the setting)
        return self.dealer.take_effects()

    def perform(self, effect) -> None:
        """No effects of its own."""

    # ------------------------------------------------------------------ boards
    def on_play(self, match: Match) -> None:
        """A match put on the board (the dealer's `on_play`): the mode it is played in (a viewed
        solution's or solo play: game/modes/macmahon/play.py `mode_for`), the rules in force, the
        view on its board."""
        self.table.picked(match)
        self.session.hand.strict = self.strict
        self.view.board = match.start.board

    def begin_id(self, start: Position, meta: dict) -> list:
        """A game ID's board (its tiles are the puzzle's givens)."""
        return self.dealer.play_id(start, meta)
