"""The puzzles the title screen offers.

Each entry names the scene class as "module:Class". An entry whose module does not exist
yet is shown on the title as "coming", so a new puzzle only needs its scene module (and,
if it is not listed here yet, one line in PUZZLES).
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass


@dataclass(frozen=True)
class PuzzleEntry:
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
        module, name = self.target.split(":")
        return getattr(importlib.import_module(module), name)

    def scene(self, app, **options):
        """A new scene for this puzzle."""
        return self.scene_class()(app, **options)


PUZZLES: tuple[PuzzleEntry, ...] = (
    PuzzleEntry("macmahon", "MacMahon Squares",
                "24 three-colour tiles on a 4 x 6 board, matching edges, white border",
                "game.scenes.macmahon.scene:MacMahonScene"),
    PuzzleEntry("macmahon-browser", "MacMahon solution browser",
                "every solution class of the 4 x 6 board: step, jump, filter, play one",
                "game.scenes.macmahon.browser:BrowserScene"),
    PuzzleEntry("genius", "The Genius Square",
                "seven dice, seven blockers, nine pieces: fill the board",
                "game.scenes.genius.scene:GeniusScene"),
)

# Screens that are not puzzles, offered on the title in a row of smaller buttons.
EXTRAS: tuple[PuzzleEntry, ...] = (
    PuzzleEntry("howto", "How to play",
                "the goal, the rules and the controls of each puzzle, with a demonstration",
                "game.scenes.howto:HowToScene"),
    PuzzleEntry("daily", "Daily puzzles",
                "today's Genius roll and MacMahon board, the same for everyone; your streak; past days",
                "game.scenes.daily:DailyScene"),
    PuzzleEntry("stats", "Statistics",
                "games, wins, best and median times, streaks and charts, per puzzle and level",
                "game.scenes.stats:StatsScene"),
)

# Screens that a scene opens by key (`App.open`) but the title does not list.
INNER: tuple[PuzzleEntry, ...] = (
    PuzzleEntry("online", "Race online",
                "race friends on the local network or a server: the same roll, every move checked",
                "game.scenes.online.lobby:RaceOnlineScene"),
    PuzzleEntry("online-results", "Race results",
                "every player's place, time and final board once a race online is over",
                "game.scenes.online.results:ResultsScene"),
    PuzzleEntry("genius-versus", "Race the computer",
                "the same roll on the computer's board beside yours, at a level's pace",
                "game.scenes.genius.versus:VersusScene"),
    PuzzleEntry("genius-solutions", "Every solution of a roll",
                "step through all the solutions of a Genius roll, the player's own shown first",
                "game.scenes.genius.all_solutions:AllSolutionsScene"),
    PuzzleEntry("howto-genius", "How to play The Genius Square", "the rules and a demonstration",
                "game.scenes.howto:GeniusHowTo"),
    PuzzleEntry("howto-macmahon", "How to play MacMahon Squares", "the rules and a demonstration",
                "game.scenes.howto:MacMahonHowTo"),
    PuzzleEntry("settings", "Settings", "colours, sounds, animations, the dice set and the records",
                "game.scenes.settings:SettingsScene"),
    PuzzleEntry("standings", "Standings",
                "the places on your standings server: today, yesterday, the week; everyone or your groups",
                "game.scenes.ranked.standings:StandingsScene"),
    PuzzleEntry("ranked", "A ranked daily run",
                "today's daily played on the standings server: its clock, every move checked, one ranked run a day",
                "game.scenes.ranked.run:RankedScene"),
    PuzzleEntry("dice-editor", "Dice editor", "make, verify and save a dice set for The Genius Square",
                "game.scenes.genius.dice_editor:DiceEditorScene"),
)


def entry(key: str) -> PuzzleEntry:
    for e in PUZZLES + EXTRAS + INNER:
        if e.key == key:
            return e
    raise KeyError(key)
