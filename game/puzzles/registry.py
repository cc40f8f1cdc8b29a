"""The game's list of puzzles (after Tatham's list of games): one entry a puzzle, read by the
storage (its settings), the statistics, the daily puzzles, the title, the guided game, How to
play, the ranked screens, the key table and the screens' registry (game/screens.py).

An entry is the puzzle's record for the mid end (`Puzzle`: game/play/puzzle.py, with the
engine's parse and execute), a new hand (what is held and where: `hand(colour names)`), its
dealer (every board it plays: `dealer(session, services, rng)`), its guided first game, its
part of the key table, its settings and their defaults, its screens (the play screen, on the
title; its How to play; the others it opens, "module:Class" each, so nothing here imports a
screen) and, where it has them, the widgets it adds to Settings, the table it adds to the
statistics and (the puzzle races deal: solver/puzzles.py `racing`) how a racer's board is drawn
in a race's results. The engine's side of the same puzzle (title, levels, daily) is
`engine` (solver/puzzles.py).

A file outside a puzzle's own packages never names a puzzle: it reads this list. A new puzzle is
its packages and one entry here (a test may add one for its own run: `PUZZLES` is read at each
call).
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.play.commands import Open
from game.play.guide import GuideGame
from game.play.key_words import PuzzleKeys, help_lines
from game.play.puzzle import Puzzle
from game.puzzles.genius import guide as genius_guide
from game.puzzles.genius.deal import GeniusDealer
from game.puzzles.genius import words as genius_words
from game.puzzles.genius.hand import Hand as GeniusHand
from game.puzzles.genius.puzzle import GENIUS
from game.puzzles.genius.one_way import tables as genius_tables
from game.puzzles.macmahon import guide as macmahon_guide
from game.puzzles.macmahon.deal import MacMahonDealer
from game.puzzles.macmahon import words as macmahon_words
from game.puzzles.macmahon.hand import Hand as MacMahonHand
from game.puzzles.macmahon.puzzle import MACMAHON
from solver import puzzles as engines
from solver.errors import SquarewiseError


@dataclass(frozen=True)
class Screen:
    """A screen the app opens by key (`App.open(key)`): its title and blurb (the title screen's
    line), and its class as "module:Class", imported only when it is opened."""
    key: str
    title: str
    blurb: str
    target: str          # "package.module:SceneClass"

    @property
    def module(self) -> str:
        return self.target.split(":")[0]

    def available(self) -> bool:
        try:
            return importlib.util.find_spec(self.module) is not None
        except ModuleNotFoundError:
            return False

    def note(self, app) -> str | None:
        """A short line for the title, from the scene class's optional `title_note(app)`."""
        cls = self.scene_class()
        return cls.title_note(app) if hasattr(cls, "title_note") else None

    def scene_class(self) -> type:
        return load(self.target)

    def scene(self, app, **options):
        """A new scene of this screen."""
        return self.scene_class()(app, **options)


@dataclass(frozen=True)
class Way:
    """A way of playing a puzzle, as its screen's mode picker offers it."""
    action: str          # the picker's key ('race')
    label: str           # its label ('Race')
    what: str            # what it puts on the board, in the abandon question's words ('a race')
    target: str          # its mode, "module:Class" (game/modes/), or the key of a screen of its own

    def start(self, table) -> list:
        """Put this way on `table` (game/modes/table.py): its mode on the board (then the mode's
        own start), or its screen opened; the effects for the screen."""
        if ":" not in self.target:
            return [Open(self.target)]
        mode = load(self.target)(table)
        return table.switch(mode) + mode.start()


def load(target: str):
    """The class a "module:Class" names, its module imported now."""
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class Entry:
    """One puzzle as the game sees it."""
    puzzle: Puzzle                          # the mid end's record (name, parse, execute, jobs, ...)
    hand: Callable[[tuple], Any]            # a new hand, given the palette's colour names
    dealer: Callable[..., Any]              # its dealer: dealer(session, services, rng) makes every board it plays
    guide: GuideGame                        # the guided first game
    keys: PuzzleKeys                        # its part of the key table
    screen: Screen                          # its play screen (the title's button: key = the puzzle's name)
    howto: str                              # its How to play screen, "module:Class"
    daily_words: str                        # its daily puzzle in a word or two ('Genius roll')
    screens: tuple[Screen, ...] = ()        # its other screens (`on_title`: those the title lists too)
    on_title: tuple[str, ...] = ()          # the keys of its other screens the title lists
    settings: Mapping[str, object] = field(default_factory=dict)    # its settings and their defaults
    settings_menus: tuple[str, ...] = ()    # widgets it adds to Settings, "module:Class" (scene, rect)
    statistics: Callable[[dict, str | None], list] | None = None    # its own table beside a row's figures (None: all levels)
    kit_target: str = ""                    # its play screen's part, "module:Class" (a ranked run's screen makes one)
    ways: tuple[Way, ...] = ()              # the ways of playing it its screen's mode picker offers, first the default
    rival_view: str = ""                    # a racer's board in a race's results: "module:function", called
                                            # (surface, app, area, board or None, lines beside it)

    @property
    def name(self) -> str:
        return self.puzzle.name

    @property
    def engine(self) -> engines.Engine:
        return engines.get(self.name)

    def kit(self, app, rng, **options):
        """A new kit of its play screen (the widgets, the view, the session and the dealer)."""
        return load(self.kit_target)(app, rng, **options)


PUZZLES: tuple[Entry, ...] = (
    Entry(MACMAHON, lambda colours: MacMahonHand(), MacMahonDealer, macmahon_guide.GAME, macmahon_words.KEYS,
          Screen("macmahon", "MacMahon Squares", "24 three-colour tiles on a 4 x 6 board, matching edges, white border",
                 "game.scenes.macmahon.scene:MacMahonScene"),
          "game.scenes.macmahon.howto:MacMahonHowTo", "MacMahon board",
          (Screen("macmahon-browser", "MacMahon solution browser",
                  "every solution class of the 4 x 6 board: step, jump, filter, play one",
                  "game.scenes.macmahon.browser:BrowserScene"),),
          on_title=("macmahon-browser",),
          kit_target="game.scenes.macmahon.kit:MacMahonKit",
          settings={"macmahon_variant": "4x6x3",   # the board header of the last MacMahon game
                    "macmahon_mode": "strict",     # "strict" or "free"
                    "macmahon_level": "free"}),    # the Level picker's last choice: "free" or "1".."10" (Next puzzle's)
    Entry(GENIUS, GeniusHand, GeniusDealer, genius_guide.GAME, genius_words.KEYS,
          Screen("genius", "The Genius Square", "seven dice, seven blockers, nine pieces: fill the board",
                 "game.scenes.genius.scene:GeniusScene"),
          "game.scenes.genius.howto:GeniusHowTo", "Genius roll",
          (Screen("genius-versus", "Race the computer",
                  "the same roll on the computer's board beside yours, at a level's pace",
                  "game.scenes.genius.versus:VersusScene"),
           Screen("genius-solutions", "Every solution of a roll",
                  "step through all the solutions of a Genius roll, the player's own shown first",
                  "game.scenes.genius.all_solutions:AllSolutionsScene"),
           Screen("dice-editor", "Dice editor", "make, verify and save a dice set for The Genius Square",
                  "game.scenes.genius.dice_editor:DiceEditorScene")),
          kit_target="game.scenes.genius.kit:GeniusKit",
          ways=(Way("play", "Play", "a new roll", "game.modes.genius.play:Solo"),
                Way("oneway", "One way", "a One way puzzle", "game.modes.genius.one_way:OneWay"),
                Way("race", "Race", "a race", "game.modes.genius.play:HotSeat"),
                Way("versus", "vs computer", "", "genius-versus"),
                Way("free", "Free mode", "free mode", "game.modes.genius.play:Free")),
          settings={"dice": "default",             # "default", "alternative" or the path of a dice file
                    "genius_level": "any",         # a new roll's level: easy, medium, hard, very hard, any or 1..10
                    "oneway_level": "1"},          # the next One way puzzle's level, 1..10
          settings_menus=("game.scenes.genius.dice_menu:DiceMenu",),
          statistics=genius_tables,
          rival_view="game.scenes.genius.versus_view:draw_rival"),
)


def get(name: str) -> Entry:
    """The puzzle called `name`; SquarewiseError if the list has none."""
    for entry in PUZZLES:
        if entry.name == name:
            return entry
    raise SquarewiseError(f"no puzzle '{name}' in the game")


def names() -> tuple[str, ...]:
    return tuple(e.name for e in PUZZLES)


def ordered() -> tuple[str, ...]:
    """The game's puzzles in the engine's list's order: the order of the Today cards, the daily
    puzzles, the statistics and the standings (the title's buttons keep this list's)."""
    return tuple(name for name in engines.names() if name in names())


def settings() -> dict:
    """Every puzzle's settings and their defaults."""
    return {key: value for entry in PUZZLES for key, value in entry.settings.items()}


def key_table(name: str) -> list[tuple[str, str]]:
    """(keys, what they do) of the puzzle's key table: its own actions, none only others have."""
    others = frozenset().union(*(e.keys.only for e in PUZZLES if e.name != name))
    return help_lines(get(name).keys, others)
