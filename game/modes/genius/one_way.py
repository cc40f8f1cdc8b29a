"""One way, a way of playing The Genius Square: a roll with some pieces given (pinned, they stay
put) and exactly one way to place the rest; ten levels, from seven pieces given (level 1) to the
fewest the roll allows (level 10). The puzzle is dealt by solver/genius/one_way.py in a child
process (game/puzzles/genius/one_way.py: the job, the setting, the records) and put on the board
through the Genius dealer; the engine refuses any move of a given piece, so undo, hints, Solve,
saves and game IDs need nothing more. The mode picker offers it (one `Way` in the game's list).
"""
from __future__ import annotations

from game.modes.genius.play import GeniusMode, Solo
from game.modes.mode import WinOffers
from game.play.commands import Refresh, Replace, Toast, Unused
from game.play.match import Match, format_time
from game.puzzles.genius import one_way
from game.puzzles.genius.puzzle import GENIUS
from solver.genius.dice import builtin
from solver.genius.one_way import LEVELS


class OneWay(WinOffers, GeniusMode):
    """A One way puzzle played alone: New deals one at the Level picker's level; after a win,
    Next puzzle, Harder and Same level."""
    name = "oneway"
    TOP_LEVEL = LEVELS
    BUTTONS = (("new", "New puzzle"), ("undo", "Undo"), ("redo", "Redo"), ("hint", "Hint"),
               ("restart", "Restart"), ("pause", "Pause"))
    GAME_MENU = (("save", "Save..."), ("load", "Load..."), ("solve", "Solve"), ("help", "Keys"),
                 ("menu", "Main menu"))

    def start(self) -> list:
        return self.deal()

    def pickers(self) -> list:
        level = one_way.level_setting(self.services.settings)
        return super().pickers() + [("level", f"Level {level}", one_way.level_choices(), None)]

    def do(self, action: str) -> list | None:
        if action.startswith("level="):
            self.services.settings[one_way.SETTING] = action.partition("=")[2]
            self.services.save_settings()
            level = one_way.level_setting(self.services.settings)
            return [Toast(f"Next One way puzzle: level {level} of {LEVELS}"), Refresh()]
        if action == "new":
            return [Replace(self.deal, "a new One way puzzle")]
        if action == "oneway":
            return []
        if action in ("next_puzzle", "harder", "same_level"):
            return self.take_offer(action)
        if action in ("count", "solutions"):
            return [Unused(None)]
        return super().do(action)

    def deal(self, level: int | None = None) -> list:
        """Deal a puzzle at `level` (None: the setting's) in a child process, then play it: the
        dice roll in, the given pieces stand on the board, the clock starts when the dice land."""
        dealer = self.table.dealer
        level = one_way.level_setting(self.services.settings) if level is None else level
        seed = dealer.rng.getrandbits(63)

        def dealt(made: dict) -> None:
            self.session.begin(dealer.make(GENIUS.parse(made["start"]), dice="default", dice_name=one_way.TITLE,
                                           seed=seed, rolled=made["rolled"], number=made["number"],
                                           kind="play", level=one_way.ROW, oneway=level))
            self.session.say(f"Level {level}: {made['givens']} pieces given, one way to place the rest")
            self.effects.extend(dealer.roll_in(tuple(tuple(d) for d in builtin("default").dice)) + [Refresh()])

        self.session.run_job(f"Dealing a One way puzzle, level {level}", one_way.job_deal, (level, seed), dealt)
        if self.match is not None:
            self.match.timer.stop()     # (the old board's clock stands while the new one is dealt)
        return []

    def shows(self) -> dict:
        m = self.match
        if m is None or m.meta.get("oneway") is None:
            return {"subtitle": one_way.TITLE}
        return {"subtitle": one_way.subtitle(m.meta, len(m.start.givens))}

    def won_level(self) -> int | None:
        m = self.match
        return m.meta.get("oneway") if m is not None else None

    def next_board(self, level: int | None) -> list:
        return [Replace(lambda: self.deal(level), "a new One way puzzle")]

    def win_words(self, ending):
        headline, detail, offer = super().win_words(ending)
        m = self.match
        if ending.again or m.meta.get("oneway") is None or m.meta.get("daily") is not None:
            return headline, detail, offer
        helped = " with help" if ending.assisted else ""
        return f"Level {m.meta['oneway']}: the one way found{helped} in {format_time(ending.seconds)}", detail, offer


def mode_for(table, match: Match):
    """The mode a match on the Genius screen is played in: One way for a One way puzzle, Solo
    for any other game played alone (a mode that is neither keeps the board)."""
    if table.mode is None or table.mode.name not in ("play", "oneway"):
        return table.mode
    wanted = OneWay if match.meta.get("oneway") is not None and match.meta.get("daily") is None else Solo
    return table.mode if isinstance(table.mode, wanted) else wanted(table)
