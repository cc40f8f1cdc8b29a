"""`Mode`: a way of playing a board, a part a play screen holds (never a subclass of it).

Solo play, free mode, the hot-seat race, the race against the computer, the online race and a
viewed solution each say which buttons show, which of the mid end's keys apply, the commands
they take before the puzzle does (`intercept`: free mode's blockers, a race's hand-over), their
own actions (`do`), what they add to the picture (`shows`), and the words of a win. A mode is
handed the application's services and the session; it keeps no reference to the screen, and
asks it for what only a screen does through effects (`Ask` a question, `Rebuild` the widgets).
"""
from __future__ import annotations

import time

from game.play import key_words
from game.play import records
from game.play.commands import Open, Unused
from game.play.match import format_time
from game.play.session import Ending

#: what applies while paused (nothing that moves on the board)
WHILE_PAUSED = frozenset({"pause", "help", "menu", "copy", "paste", "play_id", "save", "load", "new"})


class Mode:
    name = "play"
    KIND = "play"                # the kind of the matches it plays (game/play/session.py)
    BUTTONS: tuple = ()
    GAME_MENU: tuple = ()
    WHILE_PAUSED = WHILE_PAUSED
    CLOCK_ALONE = True           # left alone, only the clock changes on the screen (a tick redraws its bar alone)

    def __init__(self, services, session, clock=time.monotonic):
        self.services = services     # the settings, the statistics, the worker, the clipboard (game/play/services.py)
        self.session = session
        self.clock = clock           # the match clock's time source (tests drive it)
        self.effects: list = []      # what came later than a call (a job's answer): the screen takes them

    def take_effects(self) -> list:
        effects, self.effects = self.effects, []
        return effects

    @property
    def match(self):
        return self.session.match

    def allows(self, action: str) -> bool:
        """Whether the mid end's `action` (undo, redo, restart, hint, solve, pause, save) applies now."""
        m = self.match
        if action == "pause":
            return m is not None and not m.finished and not m.ended
        return m is not None

    def start(self) -> list:
        """Once put on the board by the mode picker: what it does first (Solo rolls the dice)."""
        return []

    def do(self, action: str) -> list | None:
        """The effects of this mode's own action, or None if it is not one."""
        return None

    def update(self, dt: float) -> list:
        return []

    def shows(self) -> dict:
        """What this mode adds to the frame (game/play/frame.py Shows's fields)."""
        return {}

    def flags(self) -> dict:
        """Button name -> whether it is enabled now (a name left out is enabled)."""
        return {}

    def pickers(self) -> list:
        """The menu bar's pickers after the Game menu: (name, label, entries, on_choose)."""
        return []

    def keep(self) -> bool:
        """Whether the game in progress is kept for next time."""
        return True

    def in_progress(self) -> bool:
        """Whether replacing the board abandons a game (asked first)."""
        return self.session.in_progress()

    def refuses_ids(self) -> str | None:
        """Why this mode plays no game ID (None: it plays them)."""
        return None

    def clock_always_runs(self) -> bool:
        """True when the clock is not this window's to stop (a race online's is the server's)."""
        return False

    def redraw_in(self) -> float | None:
        """Seconds until the mode has something to do with no event (a network link's watch);
        None: nothing."""
        return None

    def leave(self) -> None:
        """The screen is left (covered for good, popped): a race under way is lost."""

    def back(self) -> list | None:
        """Escape with nothing in hand: the effects, or None to leave the screen."""
        return None

    # ------------------------------------------------------------------ a win
    def won(self, ending: Ending) -> list | None:
        """The effects of a win that this mode tells its own way (a race's banner), or None
        for the celebration with `win_words`."""
        return None

    def win_words(self, ending: Ending) -> tuple[str | None, str, str]:
        """(headline, detail, offer) of a win; headline None to say nothing."""
        t = format_time(ending.seconds)
        if ending.again:
            return f"Solved again in {t}", "the first time is the one that counts", ""
        m = self.match
        number = m.meta.get("daily")
        if number is not None and ending.recorded:
            streak, _ = records.daily_streak(self.services.statistics, self.session.puzzle.name, number)
            help_words = " with help" if ending.assisted else ""
            more = self.win_offer()
            return (f"Daily #{number} solved{help_words} in {t}", f"daily streak {streak}",
                    f"Copy result: {key_words.describe('copy_result')}" + (f" · {more}" if more else ""))
        if ending.assisted:
            return f"Solved with help in {t}", "", self.win_offer()
        return f"Solved in {t}", "a new best time!" if ending.new_best else "", self.win_offer()

    def win_offer(self) -> str:
        """What else there is to do after a win."""
        return ""

    def offers(self) -> tuple[str, ...]:
        """The win's offer buttons that show now (Next puzzle, Harder, Same level)."""
        return ()


class WinOffers:
    """A mode's part that offers the next game after a won board (a Solo mode's): Next puzzle
    (a daily's: the daily puzzles), Harder (below the top level) and Same level when the board
    won has a level, Next puzzle alone when it has none. The mode says the level won
    (`won_level`) and deals the next board (`next_board(level)`: None for Next puzzle)."""
    TOP_LEVEL = 10

    def won_level(self) -> int | None:
        return None

    def next_board(self, level: int | None) -> list:
        raise NotImplementedError

    def offers(self) -> tuple[str, ...]:
        m = self.match
        if m is None or not m.finished or m.meta.get("result") != "won" or m.meta.get("kind", "play") != "play":
            return ()
        level = self.won_level()
        if level is None:
            return ("next_puzzle",)
        return ("next_puzzle",) + (("harder",) if level < self.TOP_LEVEL else ()) + ("same_level",)

    def take_offer(self, action: str) -> list:
        """Next puzzle, Harder or Same level after a win."""
        if action not in self.offers():
            return [Unused(None)]         # (not now: an Unused key would come back here)
        if action == "next_puzzle" and self.match.meta.get("daily") is not None:
            return [Open("daily")]
        level = self.won_level()
        return self.next_board({"next_puzzle": None, "harder": level and level + 1, "same_level": level}[action])
