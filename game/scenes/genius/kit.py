"""`GeniusKit`: The Genius Square's part of a play screen: the table (game/modes/table.py: the
session with the Genius hand and interpret, its dealer, game/puzzles/genius/deal.py, and the mode
on the board), the view, the widgets, and the dice rolling in on screen. The screen holds the kit.
"""
from __future__ import annotations

import pygame

from game.play import key_words
from game.draw.theme import font
from game.draw.widgets import grid_rects
from game.play.commands import Flip, Hover, Key, Refresh, Release, Toast, Turn
from game.play.match import Match
from game.play.session import PlaySession
from game.modes.genius.one_way import mode_for
from game.modes.genius.play import Solo
from game.modes.table import Table
from game.puzzles.genius.deal import GeniusDealer, RollIn
from game.puzzles.genius.hand import Hand
from game.puzzles.genius.puzzle import GENIUS
from game.scenes.action_menu import menu_row, short_label
from game.scenes.genius.dice_menu import DiceMenu, dice_label
from game.scenes.genius.roll import RollAnimation
from game.scenes.genius.view import GeniusView
from solver.genius.position import Position

TOOLTIPS = {"new": "new", "pause": "pause", "undo": "undo", "redo": "redo", "restart": "restart", "hint": "hint",
            "solve": "solve", "count": "count", "save": "save", "load": "load", "help": "help", "menu": "back",
            "solutions": "solutions", "turn": "rotate", "flip": "flip"}


class GeniusKit:
    caption = "Squarewise - The Genius Square"
    TOOLTIPS = TOOLTIPS
    WHILE_PAUSED = frozenset({"race", "versus", "free", "edit_dice"})
    #: what applies while the screen's first roll is still being drawn at a level (no match yet)
    WHILE_DRAWING = frozenset({"menu", "help", "new", "load", "paste", "play_id", "edit_dice", "back", "cancel"})
    SOLVE_STEP = 0.25          # seconds between the moves of an animated solve
    ID_WIDTH = 220             # a Genius game ID is 14 characters
    HAND_BUTTONS = [("turn", "Turn (R)"), ("flip", "Flip (F)")]   # under the tray, for a trackpad
    RUN_BUTTONS = ()           # a ranked run's buttons of its own (Turn and Flip are under the tray)

    def __init__(self, app, rng, column: str = "", clock=None):
        self.app = app
        self.rng = rng
        self.session = PlaySession(GENIUS, app, Hand(tuple(app.palette.colour_names or ())))
        self.dealer = GeniusDealer(self.session, app, rng, clock, on_play=self.on_play)
        self.table = Table(self.session, self.dealer, app, mode_for)
        self.view = GeniusView(app, column)
        self.roll: RollAnimation | None = None
        self.dice_menu: DiceMenu | None = None

    @property
    def mode(self):
        return self.table.mode

    @property
    def match(self) -> Match | None:
        return self.session.match

    def confetti(self):
        return self.app.palette.pieces

    # ------------------------------------------------------------------ the widgets
    def build(self, chrome, mode) -> None:
        """The menu bar (Game, and the mode's pickers) and the buttons in sight, three a row;
        Turn and Flip under the tray; the game ID and the dice menu in the top bar, unless the
        mode plays no game ID (a ranked run, a race online: they would only be refused)."""
        app, lay = self.app, self.view.layout()
        self.session.hand.colours = tuple(app.palette.colour_names or ())      # (the palette may have changed)
        menus = [("game", "Game", list(mode.GAME_MENU), None)] + mode.pickers()
        specs = list(mode.BUTTONS)
        rows = (len(menus) + len(specs) + 2) // 3
        area = lay["buttons"]
        rects = grid_rects(pygame.Rect(area.x, area.y, area.width, min(area.height, rows * app.px(52))), 3, rows,
                           app.px(8))
        tools = lay["tools"]
        hand = [] if mode.name == "free" else self.HAND_BUTTONS
        first = menu_row(app, rects[0].union(rects[2]),                      # each as wide as its labels need
                         [[short_label(label, entries)] + [e[-1] for e in entries] for _, label, entries, _ in menus] +
                         [[label] for _, label in specs[:3 - len(menus)]], app.px(8))
        chrome.add_buttons(specs + hand, first[len(menus):] + rects[3:3 + len(specs) - (3 - len(menus))] + grid_rects(
            pygame.Rect(tools.x, tools.y, min(tools.width, app.px(250)), tools.height), 2, 1, app.px(8)))
        for (name, label, entries, on_choose), rect in zip(menus, first):
            chrome.add_menu(name, rect, label, entries, on_choose or chrome.scene.do)
        self.dice_menu = None
        if mode.refuses_ids() is None:        # (a ranked run, a race: their own board, no game ID, no dice)
            self.build_id_and_dice(chrome, lay["top"])
        chrome.others = [self.dice_menu] if self.dice_menu is not None else []
        status = lay["status"]
        chrome.add_cancel(pygame.Rect(status.right - app.px(100), status.y + app.px(8), app.px(100), app.px(36)))

    def build_id_and_dice(self, chrome, top: pygame.Rect) -> None:
        """The game ID entry (Copy, Play) and the dice menu in the top bar."""
        app = self.app
        y = (top.height - app.px(36)) // 2
        left = chrome.add_id_entry(top.centerx - app.px(self.ID_WIDTH) // 2 - app.px(60), y,
                                   f"copy the game ID: {key_words.describe('copy')}",
                                   "play the game ID typed on the left", self.ID_WIDTH) + app.px(10)
        label = dice_label(app.settings.get("dice", "default"))
        width = min(max(app.px(150), font(max(9, round(16 * app.scale))).size(label)[0] + app.px(56)),
                    top.right - app.px(130) - left)
        if width > app.px(80):
            self.dice_menu = DiceMenu(chrome.scene, pygame.Rect(left, y, width, app.px(36)))

    def offers_area(self) -> pygame.Rect:
        """The strip under the board: where the win's offers go (it covers no cell)."""
        lay = self.view.layout()
        return pygame.Rect(lay["geo"].rect.x, lay["dice"].y, lay["geo"].rect.width, lay["dice"].height)

    def flags(self) -> dict:
        m, busy = self.match, self.roll is not None
        return {"undo": m is not None and m.can_undo and not busy, "redo": m is not None and m.can_redo and not busy,
                "restart": m is not None and m.position != m.start and not busy,
                "hint": m is not None and not m.finished and not busy,
                "solve": m is not None and not m.finished and not busy}

    def allows(self, action: str) -> bool:
        """Nothing moves on the board while the dice roll in."""
        return self.roll is None and self.match is not None

    def shown_id(self) -> str | None:
        """The game ID, except while it would give the board away (rolling, a hidden board, a pause)."""
        if self.match is None:
            return None
        hidden = self.roll is not None or self.mode.name == "free" or self.mode.shows().get("cover") \
            or self.session.paused
        return "" if hidden else self.match.game_id

    def labels(self) -> dict:
        """The menus' labels that are the kit's own (none: the mode's pickers say theirs)."""
        return {}

    # ------------------------------------------------------------------ the puzzle's own actions
    def do(self, action: str) -> list | None:
        """Turn and Flip (the buttons) act on the piece in hand; the dice editor; counting."""
        if action in ("turn", "flip"):
            if self.session.hand.held is None:
                return [Toast("Pick up a piece first: Turn and Flip act on the piece in hand", 2.5)]
            return self.session.process(Turn() if action == "turn" else Flip())
        if action == "edit_dice":
            self.app.open("dice-editor")
            return []
        if action == "count" and self.match is not None:
            self.dealer.count(sorted(self.match.start.blockers))
            return []
        return None

    # ------------------------------------------------------------------ the dice rolling in
    def perform(self, effect) -> None:
        """The puzzle's own effects: the dice roll in (the clock starts when they have landed)."""
        if isinstance(effect, RollIn):
            faces = tuple(self.match.meta["rolled"])
            self.roll = RollAnimation(list(effect.dice), faces, self.rng) \
                if self.app.settings.get("animations", True) else None
            self.app.sounds.play("dice")
            if self.roll is None:
                self.landed()

    def landed(self) -> None:
        self.roll = None
        self.dealer.landed()
        self.app.sounds.play("blockers")

    def intercept(self, command) -> list | None:
        """While the dice roll in, any key or click (but Escape) shows them landed; the pointer
        moves and nothing else happens."""
        if self.roll is None or command == Key("back"):
            return None
        if not isinstance(command, (Hover, Release)):
            self.roll.finish()
        return []

    def update(self, dt: float) -> list:
        if self.roll is not None and not self.session.paused:
            self.roll.update(dt)
            if self.roll.done:
                self.landed()
                return [Refresh()] + self.dealer.take_effects()
        return self.dealer.take_effects()

    def begin_id(self, start: Position, meta: dict) -> list:
        """A game ID's board: it leaves free mode, a race on one screen and One way for solo play."""
        if self.mode.name in ("free", "race", "view", "oneway"):
            self.table.switch(Solo(self.table))
        self.roll = None
        return self.dealer.play_id(start, meta, self.mode.KIND)

    def on_play(self, match) -> None:
        """A match put on the board (the dealer's `on_play`): no dice roll in over it; it is played
        in One way if it is one of its puzzles, else alone (unless the mode is a race's or free
        mode's own: game/modes/genius/one_way.py `mode_for`)."""
        self.roll = None
        self.table.picked(match)


