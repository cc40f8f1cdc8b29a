"""The Genius Square against the computer: the player's board as in play mode, and beside it
the computer's small board, which fills piece by piece at a human pace (game/opponent.py).

The screen is a `GeniusBoard` with its own session, whose matches are of the kind "versus":
the session records each race once it ends, won or lost (in the Genius statistics as "vs
computer", and per level in game/puzzles/genius/versus_stats.py). A race starts with every
new match (a roll, a typed game ID): the engine finds a solution
and counts the board's solutions in the worker (its own job slot, so the player's Cancel
never stops the computer), and the `Opponent` then says what the computer has laid at any
time of the player's match clock: whatever stops that clock (a finished board, a pause)
stops the computer too. The first full board wins; giving up, a new race or leaving the
screen mid-race is a loss. Results go to the statistics per level (game/versus_stats.py).
Hints and Solve are not offered, and a race is neither saved nor resumed.
"""
from __future__ import annotations

import random
import time

from game.draw.widgets import grid_rects
from game.play.jobs import JobSlot
from game.play.match import Match, Timer, format_time
from game.play.session import Ending
from game.puzzles.genius.opponent import DEFAULT_LEVEL, LEVELS, Opponent, job_plan
from game.puzzles.genius.versus_stats import level_record, record_race, summary_lines
from game.scenes.genius.board import GeniusBoard
from game.scenes.genius.versus_view import draw_rival
from solver.genius.position import Position

SETTING = "versus_level"


def saved_level(settings: dict) -> str:
    level = settings.get(SETTING)
    return level if level in LEVELS else DEFAULT_LEVEL


class VersusScene(GeniusBoard):
    caption = "Squarewise - The Genius Square against the computer"
    BUTTONS = {"play": [("new", "New race"), ("give_up", "Give up..."), ("undo", "Undo"), ("redo", "Redo")]}
    GAME_MENU = {"play": [("restart", "Restart"), ("help", "Keys"), ("menu", "Leave")]}

    def __init__(self, app, *, level: str | None = None, rng: random.Random | None = None, clock=time.monotonic):
        super().__init__(app, rng)
        self.clock = clock                  # the match clock's time source (tests drive it)
        self.level = level if level in LEVELS else saved_level(app.settings)
        self.next_level = self.level
        self.rival_jobs = JobSlot(app.worker)
        self.opponent: Opponent | None = None
        self.outcome: str | None = None     # None while racing, then "won", "lost" or "none" (no race)
        self.new_race()

    # ------------------------------------------------------------------ the race
    def new_race(self) -> None:
        setting, dice_set = self.load_dice()
        seed = self.rng.getrandbits(31)
        self.start_roll(setting, dice_set, seed, tuple(dice_set.roll(seed)), kind="versus")

    def begin_id(self, start: Position, meta: dict) -> None:
        self.begin(Match(start, meta={"dice": "game ID", "dice_name": "typed game ID", "assisted": False,
                                      "kind": "versus"}))

    def begin(self, match: Match) -> None:
        """Every new match is a new race: the one under way (if any) is lost, the computer looks."""
        self.forfeit()
        t = match.timer
        match.timer = Timer(t.elapsed, running=t.running, clock=self.clock)
        match.meta["kind"] = "versus"
        super().begin(match)
        self.level = self.next_level
        self.opponent = None
        self.outcome = None
        seed = self.rng.getrandbits(31)
        start = match.start
        self.rival_jobs.run("The computer reads the board", job_plan, (start.notation(),),
                            lambda plan: self._planned(match, start, plan, seed), self._plan_failed)

    def _planned(self, match: Match, start: Position, plan, seed: int) -> None:
        if match is not self.match:
            return
        if plan is None:
            self.outcome = "none"
            self.say("This board has no solution: no race")
            return
        solution, solutions = plan
        self.opponent = Opponent(start, Position.parse(solution), solutions, self.level, seed)
        self.match.meta["solutions"] = solutions

    def _plan_failed(self, error: BaseException) -> None:
        self.outcome = "none"
        self.say(f"The computer could not play: {error}")

    @property
    def racing(self) -> bool:
        """A race is under way: the computer is in it and nobody has finished or given up."""
        return self.outcome is None and self.opponent is not None and not self.match.finished

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.racing and self.roll is None and self.opponent.finished(self.match.elapsed):
            self.lose(f"The {self.level} finished first")

    def announce(self, ending: Ending) -> None:
        """The player's board is full first: the race is won (and kept per level)."""
        if not ending.again and self.outcome is None and self.opponent is not None:
            self.outcome = "won"
            record_race(self.app.statistics, self.level, True, ending.seconds, self.opponent.finish_time)
            self.app.save_statistics()
        super().announce(ending)

    def win_words(self, ending: Ending):
        if ending.again or self.opponent is None:
            return super().win_words(ending)
        streak = level_record(self.app.statistics, self.level)["streak"]
        return (f"You beat the {self.level} in {format_time(ending.seconds)}",
                f"{self.opponent.laid(ending.seconds)} of 9 on its board; streak {streak}", "")

    def play_move(self, move, piece_words: str) -> None:
        if self.racing and self.opponent.finished(self.match.elapsed):    # its last piece came first
            self.lose(f"The {self.level} finished first")
            return
        super().play_move(move, piece_words)

    def lose(self, why: str) -> None:
        """The race is lost: the player's clock stops where it is, the board is frozen, and the
        session records the loss."""
        m = self.match
        self.outcome = "lost"
        self.hand.let_go()
        self.session.end(won=False)
        record_race(self.app.statistics, self.level, False, m.elapsed, self.opponent.finish_time)
        self.app.save_statistics()
        self.say(f"{why} ({format_time(self.opponent.finish_time)}); you had {len(m.position.placed)} of 9")
        self.mourn(why, f"{format_time(self.opponent.finish_time)}; you had {len(m.position.placed)} of 9")
        self.refresh_buttons()

    def give_up(self) -> None:
        if self.racing:
            self.lose(f"You gave up; the {self.level} would have finished")

    def forfeit(self) -> None:
        """Leaving a race under way (its clock started) loses it."""
        if self.match is not None and self.racing and self.match.elapsed > 0:
            self.lose(f"You left the race; the {self.level} would have finished")

    def choose_level(self, level: str | None = None) -> None:
        """The computer's level for the next race (None: the next in turn); the one under way keeps its level."""
        names = list(LEVELS)
        self.next_level = level or names[(names.index(self.next_level) + 1) % len(names)]
        self.app.settings[SETTING] = self.next_level
        self.say(f"Next race: {self.next_level}. Press New race")
        self.on_resize()

    def pickers(self) -> list[tuple]:
        """The computer's level, for the next race."""
        return [("level", f"Level: {self.next_level}", [(n, f"Level: {n}") for n in LEVELS], self.choose_level)]

    def computer_board(self) -> Position | None:
        """What the computer's board shows: all of it once the race is lost or over."""
        if self.opponent is None:
            return None
        done = self.outcome == "lost"
        return self.opponent.board(self.opponent.finish_time if done else self.match.elapsed)

    # ------------------------------------------------------------------ buttons and keys
    def button_flags(self) -> dict:
        m = self.match
        ended = m is None or m.ended or self.roll is not None
        return {"undo": not ended and m.can_undo, "redo": not ended and m.can_redo,
                "restart": not ended and m.position != m.start, "give_up": self.racing and self.roll is None}

    def do_puzzle(self, action: str) -> bool:
        if action == "level":
            self.choose_level()
        elif action == "new":
            self.new_race()
            self.on_resize()
        elif action == "give_up" and self.racing:
            self.confirm("Give up this race? It counts as lost.", self.give_up, title="Give up?", action="Give up")
            self.sync_clock()
        else:
            return False
        return True

    def can_move(self) -> bool:
        return self.roll is None and not self.match.ended

    def can_pause(self) -> bool:
        return self.racing

    def hands_off(self) -> bool:
        return super().hands_off() or self.match.ended

    def take(self, piece: str, *, sticky: bool, grab=None) -> None:
        if not self.match.ended:
            super().take(piece, sticky=sticky, grab=grab)

    def can_save(self) -> bool:
        return False

    def on_exit(self) -> None:
        self.forfeit()
        self.rival_jobs.cancel()
        super().on_exit()

    # ------------------------------------------------------------------ drawing
    def _compute_layout(self) -> dict:
        """Play mode's layout with the right column re-cut: the computer's board on top, then
        the tray, the status line and the buttons (three rows)."""
        lay = super()._compute_layout()
        app = self.app
        column = lay["tray"].union(lay["buttons"])
        gap = app.px(6)
        buttons_h = 2 * app.px(52)
        status_h = app.px(52)
        free = column.height - buttons_h - status_h - 3 * gap
        rival = column.copy()
        rival.height = int(free * 0.45)
        tray = column.copy()
        tray.y, tray.height = rival.bottom + gap, free - rival.height
        status = column.copy()
        status.y, status.height = tray.bottom + gap, status_h
        buttons = column.copy()
        buttons.y, buttons.height = status.bottom + gap, column.bottom - status.bottom - gap
        return {**lay, "rival": rival, "tray": tray, "status": status, "buttons": buttons,
                "slots": grid_rects(tray, 3, 3, app.px(8))}

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_rival(surface, self.app, self.layout()["rival"], self.computer_board(), self.rival_lines())

    def rival_lines(self) -> list[str]:
        record = level_record(self.app.statistics, self.level)
        lines = [f"Computer: {self.level}"]
        if self.opponent is None:
            lines.append("no race" if self.outcome == "none" else "reading the board...")
        else:
            shown = self.computer_board()
            lines.append(f"{len(shown.placed)} of 9 pieces")
            if self.outcome == "lost":
                lines.append(f"finished in {format_time(self.opponent.finish_time)}")
        lines += summary_lines(record)
        if self.next_level != self.level:
            lines.append(f"next race: {self.next_level}")
        return lines
