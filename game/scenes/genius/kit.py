"""`GeniusKit`: The Genius Square's part of a play screen: the session (with the Genius hand
and interpret), the view, the widgets, and the dealing of boards: the dice of the setting
rolled (at a level: drawn fairly in a child process first) and rolled in on screen, a game ID
or a roll's number, a saved match. The mode on the board (game/scenes/genius/modes.py,
versus.py, game/scenes/online/race.py) is the kit's `mode`; the screen holds the kit.
"""
from __future__ import annotations

import pygame

from game.play import key_words
from game.draw.theme import font
from game.draw.widgets import grid_rects
from game.play.commands import Flip, Hover, Key, Rebuild, Refresh, Release, Toast, Turn
from game.play.match import Match, Timer
from game.play.session import PlaySession
from game.puzzles.genius.hand import Hand
from game.puzzles.genius.puzzle import GENIUS, job_count, job_roll_at_level
from game.scenes.action_menu import menu_row, short_label
from game.scenes.genius.dice_menu import DiceMenu, dice_label
from game.scenes.genius.roll import RollAnimation
from game.scenes.genius.view import GeniusView
from solver.errors import SquarewiseError
from solver.genius import dice, numbers
from solver.genius.levels import ANY, COUNT, LEVELS, check_level, group_of, level_of
from solver.genius.position import Position
from solver.genius.roll_counts import difficulty_label

TOOLTIPS = {"new": "new", "pause": "pause", "undo": "undo", "redo": "redo", "restart": "restart", "hint": "hint",
            "solve": "solve", "count": "count", "save": "save", "load": "load", "help": "help", "menu": "back",
            "solutions": "solutions", "turn": "rotate", "flip": "flip"}


def level_words(level: str) -> str:
    """How a level choice is shown: 'any', 'hard', 'level 9 (hard)'."""
    return f"level {level} ({group_of(int(level))})" if level.isdigit() else level


class GeniusKit:
    caption = "Squarewise - The Genius Square"
    TOOLTIPS = TOOLTIPS
    WHILE_PAUSED = frozenset({"race", "versus", "free", "edit_dice"})
    #: what applies while the screen's first roll is still being drawn at a level (no match yet)
    WHILE_DRAWING = frozenset({"menu", "help", "new", "load", "paste", "play_id", "edit_dice", "back", "cancel"})
    SOLVE_STEP = 0.25          # seconds between the moves of an animated solve
    ID_WIDTH = 220             # a Genius game ID is 14 characters
    HAND_BUTTONS = [("turn", "Turn (R)"), ("flip", "Flip (F)")]   # under the tray, for a trackpad

    def __init__(self, app, rng, column: str = ""):
        self.app = app
        self.rng = rng
        self.session = PlaySession(GENIUS, app, Hand(tuple(app.palette.colour_names or ())))
        self.view = GeniusView(app, column)
        self.roll: RollAnimation | None = None
        self.mode = None                 # the mode on the board (set by the screen)
        self.dice_menu: DiceMenu | None = None

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

    def level_label(self, level: str | None = None) -> str:
        """The level picker's label of `level` (the setting's by default): 'Level: hard', 'Level 9 · hard'."""
        level = self.level_setting() if level is None else level
        return f"Level {level} · {group_of(int(level))}" if level.isdigit() else f"Level: {level}"

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
            self.ask_count(sorted(self.match.start.blockers))
            return []
        return None

    def ask_count(self, blockers) -> None:
        bare = Position.from_blockers(blockers)

        def done(n):
            self.session.say(f"{n:,} solution{'s' if n != 1 else ''}: {difficulty_label(n)}")
            if self.match is not None and self.match.start.blockers == bare.blockers:
                self.match.meta["solutions"] = n

        self.session.run_job("Counting solutions", job_count, (bare.notation(),), done)

    # ------------------------------------------------------------------ dealing
    def load_dice(self):
        setting = self.app.settings.get("dice", "default")
        try:
            return setting, dice.resolve(setting)
        except SquarewiseError as exc:
            self.app.toasts.show(f"{exc}; using the default dice", 5, self.app.palette.illegal)
            return "default", dice.builtin("default")

    def level_setting(self) -> str:
        """The level of a new roll (settings' `genius_level`): one of the ten ('1'..'10'), a
        group's word ('very-hard' or 'very hard'), or 'any' if it is none of these."""
        try:
            return str(check_level(self.app.settings.get("genius_level", ANY)))
        except SquarewiseError:
            return ANY

    def level_choices(self) -> list[tuple[str, str, str]]:
        """The level picker's entries, (key, label, short label): any, the four groups, then the
        ten levels ('Level: hard', 'Hard'; 'Level 9 · hard', 'Level 9'), no two alike."""
        return [(f"level={choice}", self.level_label(choice), f"Level {choice}" if choice.isdigit() else
                 "Any level" if choice == ANY else choice.capitalize())
                for choice in ((ANY,) + LEVELS + tuple(str(n) for n in range(1, COUNT + 1)))]

    def choose_level(self, level: str) -> None:
        """The level of new rolls from now on, remembered in the settings."""
        self.app.settings["genius_level"] = level
        self.app.save_settings()
        self.app.toasts.show(f"New rolls: {level_words(self.level_setting())} ({key_words.describe('new')} rolls one)")

    def new_roll(self, *, kind: str = "play", level: str | None = None, on_rolled=None) -> list:
        """Roll the dice and start a new match of `kind`; at a chosen level (`level`, else the
        setting) the roll is drawn fairly from that level's rolls in a child process first (the
        old game's clock stands meanwhile). `on_rolled()` runs once the match is on the board."""
        setting, dice_set = self.load_dice()
        seed = self.rng.getrandbits(31)
        level = self.level_setting() if level is None else level
        if kind != "play" or level == ANY:
            self.start_roll(setting, dice_set, seed, tuple(dice_set.roll(seed)), kind=kind)
            return (on_rolled() if on_rolled else []) + [Rebuild()]
        words = level_words(level)

        def drawn(draw) -> None:
            self.start_roll(setting, dice_set, seed, draw.faces, level=draw.group, solutions=draw.solutions)
            self.session.effects.append(Rebuild())

        def not_drawn(error) -> None:       # a custom dice set may have no roll of that level
            if self.match is None:
                self.start_roll(setting, dice_set, seed, tuple(dice_set.roll(seed)))
            self.session.say(f"No {words} roll: {error}")
            self.session.effects.append(Rebuild())

        self.session.run_job(f"Drawing a {words} roll", job_roll_at_level, (dice_set, level, seed), drawn, not_drawn)
        if self.match is not None:
            self.match.timer.stop()     # (a hold would be let go by the screen's next clock sync)
        return []

    def start_roll(self, setting: str, dice_set, seed: int, faces: tuple, *, kind: str = "play", **known) -> None:
        """Start the match of the rolled `faces` (`known`: the level and solution count of a
        draw); the dice roll in, and the clock starts when they land (a hot-seat race's board
        waits for its player)."""
        start = Position.from_blockers(faces)
        meta = {"dice": setting, "dice_name": dice_set.name, "seed": seed, "rolled": list(faces),
                "number": numbers.number_or_none(dice_set, faces), "assisted": False, "kind": kind, **known}
        self.session.begin(Match(start, meta=meta, timer=Timer(clock=self.mode.clock)))
        self.roll = None
        if kind != "race":
            self.roll_in([tuple(d) for d in dice_set.dice])

    def roll_in(self, dice_faces: list) -> None:
        """The dice roll and the blockers drop in; the clock starts when they have landed."""
        faces = tuple(self.match.meta["rolled"])
        self.roll = RollAnimation(dice_faces, faces, self.rng) if self.app.settings.get("animations", True) else None
        self.app.sounds.play("dice")
        if self.roll is None:
            self.landed()

    def landed(self) -> None:
        self.roll = None
        self.match.timer.start()
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
                return [Refresh()]
        return []

    def parse_id(self, text: str) -> Position:
        """A game ID, or a roll's number of the dice set in use ('41233', '#41,233')."""
        try:
            number = numbers.parse_number(text)
        except SquarewiseError:
            return Position.parse(text)
        dice_set = self.load_dice()[1]
        return Position.from_blockers(numbers.roll_from_number(dice_set, numbers.check_number(dice_set, number)))

    def begin_id(self, start: Position, meta: dict) -> None:
        """Start a match from the position a game ID gave (`meta`: the daily's number, ...)."""
        if self.mode.name in ("free", "race", "view"):     # a game ID leaves free mode and a race on one screen
            from game.scenes.genius.modes import Solo
            self.mode = Solo(self)
        daily = meta.get("daily")
        number = None if start.placed else numbers.number_or_none(self.load_dice()[1], start.blockers)
        name = f"Daily #{daily}" if daily else "Game ID"
        self.session.begin(Match(start, meta={"dice": "game ID", "dice_name": name, "number": number,
                                              "assisted": False, "kind": self.mode.KIND, **meta},
                                 timer=Timer(clock=self.mode.clock)))
        self.roll = None
        self.match.timer.start()
        self.session.effects.append(Rebuild())

    def play_match(self, match: Match) -> None:
        """A saved match on the board: its clock starts now unless it has ended."""
        self.roll = None
        self.session.begin(match)
        if not match.finished and not match.ended:
            match.timer.start()
        self.session.effects.append(Rebuild())

    def won_level(self) -> int | None:
        """The level (1..10) of the board on show among its dice set's rolls (a game ID's
        board: the default dice's), None if it has none."""
        name = self.match.meta.get("dice", "default")
        try:
            dice_set = dice.resolve("default" if name == "game ID" else name)
            return level_of(dice_set, self.match.start.blockers, self.match.meta.get("solutions"))
        except SquarewiseError:
            return None

    def switch(self, mode) -> list:
        """Another mode on the board (its buttons with it)."""
        self.mode = mode
        return [Rebuild()]

    def moved(self) -> None:
        """After a move: nothing more for Genius."""
