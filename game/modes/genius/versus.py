"""`Versus`: The Genius Square against the computer (the screen is game/scenes/genius/versus.py):
the player's board as in play mode, and beside it the computer's small board, which fills piece
by piece at a human pace (game/puzzles/genius/ opponent.py).

Its matches are of the kind "versus": the session records each race once it ends, won or lost
(in the Genius statistics as "vs computer", and per level in
game/puzzles/genius/versus_stats.py). A race starts with every new match (a roll, a typed game
ID): the engine finds a solution and counts the board's solutions in the worker (its own job
slot, so the player's Cancel never stops the computer), and the `Opponent` then says what the
computer has laid at any time of the player's match clock: whatever stops that clock (a finished
board, a pause) stops the computer too. The first full board wins; giving up, a new race or
leaving the screen mid-race is a loss. Hints and Solve are not offered, and a race is neither
saved nor resumed.
"""
from __future__ import annotations

from game.modes.genius.play import roll_subtitle
from game.modes.mode import Mode
from game.play.commands import Ask, Banner, Cursor, Flip, Hover, Key, Rebuild, Refresh, Turn
from game.play.jobs import JobSlot
from game.play.match import Match, format_time
from game.play.session import Ending
from game.puzzles.genius.opponent import DEFAULT_LEVEL, LEVELS, Opponent, job_plan
from game.puzzles.genius.versus_stats import level_record, record_race, summary_lines
from solver.genius.position import Position


SETTING = "versus_level"
TAKING = ("place", "drop", "next_piece", "prev_piece")     # keys that take or put down a piece


def saved_level(settings: dict) -> str:
    level = settings.get(SETTING)
    return level if level in LEVELS else DEFAULT_LEVEL


class Versus(Mode):
    name = "versus"
    KIND = "versus"
    CLOCK_ALONE = False          # the computer's board moves with the clock
    BUTTONS = (("new", "New race"), ("give_up", "Give up..."), ("undo", "Undo"), ("redo", "Redo"))
    GAME_MENU = (("restart", "Restart"), ("help", "Keys"), ("menu", "Leave"))

    def __init__(self, table, level: str | None, clock):
        super().__init__(table.services, table.session, clock)
        self.table = table
        self.level = level if level in LEVELS else saved_level(table.services.settings)
        self.next_level = self.level
        self.rival_jobs = JobSlot(table.services.worker)
        self.raced: Match | None = None          # the match the race is about
        self.opponent: Opponent | None = None
        self.outcome: str | None = None     # None while racing, then "won", "lost" or "none" (no race)

    # ------------------------------------------------------------------ the race
    def new_race(self) -> list:
        self.forfeit()
        return self.table.dealer.new_roll(kind="versus")

    def begin_race(self) -> None:
        """A new match on the board is a new race: the computer reads the board."""
        match = self.raced = self.match
        self.level = self.next_level
        self.opponent = None
        self.outcome = None
        seed = self.table.dealer.rng.getrandbits(31)
        start = match.start
        self.rival_jobs.run("The computer reads the board", job_plan, (start.notation(),),
                            lambda plan: self._planned(match, start, plan, seed), self._plan_failed)

    def _planned(self, match: Match, start: Position, plan, seed: int) -> None:
        if match is not self.match:
            return
        if plan is None:
            self.outcome = "none"
            self.session.say("This board has no solution: no race")
            return
        solution, solutions = plan
        self.opponent = Opponent(start, Position.parse(solution), solutions, self.level, seed)
        self.match.meta["solutions"] = solutions

    def _plan_failed(self, error: BaseException) -> None:
        self.outcome = "none"
        self.session.say(f"The computer could not play: {error}")

    @property
    def racing(self) -> bool:
        """A race is under way: the computer is in it and nobody has finished or given up."""
        return self.outcome is None and self.opponent is not None and not self.match.finished

    def beaten(self) -> bool:
        return self.racing and not self.table.dealer.rolling and self.opponent.finished(self.match.elapsed)

    def update(self, dt: float) -> list:
        if self.match is not None and self.match is not self.raced:
            self.begin_race()
        if self.beaten():
            return self.lose(f"The {self.level} finished first")
        return []

    def intercept(self, command) -> list | None:
        """A lost board takes nothing; a move after the computer's last piece comes too late."""
        if self.match is None:
            return None
        if self.match.ended and not self.match.finished:
            frozen = isinstance(command, Key) and command.action in TAKING or \
                not isinstance(command, (Hover, Cursor, Turn, Flip, Key))
            return [] if frozen else None
        return self.lose(f"The {self.level} finished first") if self.beaten() else None

    def won(self, ending: Ending) -> None:
        """The player's board is full first: the race is won (and kept per level)."""
        if not ending.again and self.outcome is None and self.opponent is not None:
            self.outcome = "won"
            record_race(self.services.statistics, self.level, True, ending.seconds, self.opponent.finish_time)
            self.services.save_statistics()
        return None

    def win_words(self, ending: Ending):
        if ending.again or self.opponent is None:
            return super().win_words(ending)
        streak = level_record(self.services.statistics, self.level)["streak"]
        return (f"You beat the {self.level} in {format_time(ending.seconds)}",
                f"{self.opponent.laid(ending.seconds)} of 9 on its board; streak {streak}", "")

    def lose(self, why: str) -> list:
        """The race is lost: the player's clock stops where it is, the board is frozen, and the
        session records the loss."""
        m = self.match
        self.outcome = "lost"
        self.session.hand.let_go()
        self.session.end(won=False)
        if self.session.moved:             # a game: a move made (docs/records.md), in the races' figures too
            record_race(self.services.statistics, self.level, False, m.elapsed, self.opponent.finish_time)
            self.services.save_statistics()
        finish = format_time(self.opponent.finish_time)
        self.session.say(f"{why} ({finish}); you had {len(m.position.placed)} of 9")
        return [Banner((why, f"{finish}; you had {len(m.position.placed)} of 9"), "lose"), Refresh()]

    def give_up(self) -> list:
        return self.lose(f"You gave up; the {self.level} would have finished") if self.racing else []

    def forfeit(self) -> None:
        """Leaving a race under way (its clock started) loses it."""
        if self.match is not None and self.racing and self.match.elapsed > 0:
            self.effects.extend(self.lose(f"You left the race; the {self.level} would have finished"))

    def leave(self) -> None:
        self.forfeit()
        self.rival_jobs.cancel()

    def in_progress(self) -> bool:
        return False         # a new race, a game ID: the race under way is lost, without a question

    def keep(self) -> bool:
        return False

    # ------------------------------------------------------------------ buttons and keys
    def allows(self, action: str) -> bool:
        m = self.match
        if action in ("hint", "solve", "save") or m is None:
            return False
        if action == "pause":
            return self.racing
        return not self.table.dealer.rolling and not m.ended

    def flags(self) -> dict:
        m = self.match
        ended = m is None or m.ended or self.table.dealer.rolling
        return {"undo": not ended and m.can_undo, "redo": not ended and m.can_redo,
                "restart": not ended and m.position != m.start, "give_up": self.racing and not self.table.dealer.rolling}

    def pickers(self) -> list:
        """The computer's level, for the next race."""
        return [("level", f"Level: {self.next_level}", [(f"level={n}", f"Level: {n}", n.capitalize()) for n in LEVELS], None)]

    def do(self, action: str) -> list | None:
        if action == "level" or action.startswith("level="):
            names = list(LEVELS)
            picked = action.partition("=")[2]
            self.next_level = picked or names[(names.index(self.next_level) + 1) % len(names)]
            self.services.settings[SETTING] = self.next_level
            self.session.say(f"Next race: {self.next_level}. Press New race")
            return [Rebuild()]
        if action == "new":
            return self.new_race()
        if action == "give_up" and self.racing:
            return [Ask("Give up this race? It counts as lost.", self.give_up, "Give up?", "Give up")]
        if action in ("hint", "solve", "count", "solutions", "race", "free", "versus", "play"):
            return []
        return None

    # ------------------------------------------------------------------ what it shows
    def computer_board(self) -> Position | None:
        """What the computer's board shows: all of it once the race is lost or over."""
        if self.opponent is None:
            return None
        done = self.outcome == "lost"
        return self.opponent.board(self.opponent.finish_time if done else self.match.elapsed)

    def shows(self) -> dict:
        return {"subtitle": roll_subtitle(self.match), "rivals": ((tuple(self.rival_lines()), self.computer_board()),)}

    def rival_lines(self) -> list[str]:
        record = level_record(self.services.statistics, self.level)
        lines = [f"Computer: {self.level}"]
        if self.opponent is None:
            lines.append("no race" if self.outcome == "none" else "reading the board...")
        else:
            lines.append(f"{len(self.computer_board().placed)} of 9 pieces")
            if self.outcome == "lost":
                lines.append(f"finished in {format_time(self.opponent.finish_time)}")
        lines += summary_lines(record)
        if self.next_level != self.level:
            lines.append(f"next race: {self.next_level}")
        return lines
