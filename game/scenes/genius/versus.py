"""The Genius Square against the computer: the player's board as in play mode, and beside it
the computer's small board, which fills piece by piece at a human pace (game/opponent.py).

A race starts with every new match (a roll, a typed game ID): the engine finds a solution
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
from game.play.match import Match, Timer, format_time
from game.puzzles.genius.opponent import DEFAULT_LEVEL, LEVELS, Opponent, job_plan
from game.scenes.genius.scene import GeniusScene
from game.scenes.genius.versus_view import draw_rival
from game.play.jobs import JobSlot
from game.puzzles.genius.versus_stats import level_record, record_race, summary_lines
from solver.genius.position import Position

SETTING = "versus_level"


def saved_level(settings: dict) -> str:
    level = settings.get(SETTING)
    return level if level in LEVELS else DEFAULT_LEVEL


class VersusScene(GeniusScene):
    caption = "Squarewise - The Genius Square against the computer"

    def __init__(self, app, *, level: str | None = None, rng: random.Random | None = None, clock=time.monotonic):
        self.clock = clock                  # the match clock's time source (tests drive it)
        self.level = level if level in LEVELS else saved_level(app.settings)
        self.next_level = self.level
        self.rival_jobs = JobSlot(app.worker)
        self.opponent: Opponent | None = None
        self.outcome: str | None = None     # None while racing, then "won", "lost" or "none" (no race)
        super().__init__(app, new=True, rng=rng)

    @property
    def BUTTONS(self) -> dict:
        return {**GeniusScene.BUTTONS, "play": [
            ("new", "New race"), ("give_up", "Give up"), ("level", f"Level: {self.next_level}"),
            ("undo", "Undo"), ("redo", "Redo"), ("restart", "Restart"),
            ("help", "Keys (F1)"), ("menu", "Leave (Esc)")]}

    def level_setting(self) -> str:
        """A race rolls any roll (its level is the computer's pace), whatever Genius's own setting."""
        return "any"

    # ------------------------------------------------------------------ the race
    def _begin(self, match: Match) -> None:
        """Every new match is a new race: the one under way (if any) is lost, the computer looks."""
        self.forfeit()
        super()._begin(match)
        t = match.timer
        match.timer = Timer(t.elapsed, running=t.running, clock=self.clock)
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
            self.status = "This board has no solution: no race"
            return
        solution, solutions = plan
        self.opponent = Opponent(start, Position.parse(solution), solutions, self.level, seed)
        self.match.meta["solutions"] = solutions

    def _plan_failed(self, error: BaseException) -> None:
        self.outcome = "none"
        self.status = f"The computer could not play: {error}"

    @property
    def racing(self) -> bool:
        """A race is under way: the computer is in it and nobody has finished or given up."""
        return self.outcome is None and self.opponent is not None and not self.match.finished

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.racing and self.roll is None and self.opponent.finished(self.match.elapsed):
            self.lose(f"The {self.level} finished first")

    def on_win(self) -> None:
        m = self.match
        racing = self.outcome is None and self.opponent is not None
        if racing and self.opponent.finished(m.elapsed):    # its last piece came first, this frame
            self.lose(f"The {self.level} finished first")
            return
        super().on_win()
        if not racing:
            return
        self.outcome = "won"
        record = record_race(self.app.statistics, self.level, True, m.elapsed, self.opponent.finish_time)
        self.app.save_statistics()
        self.announce_win(f"You beat the {self.level} in {format_time(m.elapsed)}",
                          f"{self.opponent.laid(m.elapsed)} of 9 on its board; streak {record['streak']}")

    def lose(self, why: str) -> None:
        """The race is lost: the player's clock stops where it is and the board is frozen."""
        m = self.match
        self.outcome = "lost"
        m.timer.stop()
        self.held = None
        record_race(self.app.statistics, self.level, False, m.elapsed, self.opponent.finish_time)
        self.app.save_statistics()
        self.status = f"{why} ({format_time(self.opponent.finish_time)}); you had {len(m.position.placed)} of 9"
        self.app.toasts.show(self.status, 5)
        self.refresh_buttons()

    def give_up(self) -> None:
        if self.racing:
            self.lose(f"You gave up; the {self.level} would have finished")

    def forfeit(self) -> None:
        """Leaving a race under way (its clock started) loses it."""
        if self.match is not None and self.racing and self.match.elapsed > 0:
            self.lose(f"You left the race; the {self.level} would have finished")

    def choose_level(self) -> None:
        """The next level in turn, for the next race (the one under way keeps its level)."""
        names = list(LEVELS)
        self.next_level = names[(names.index(self.next_level) + 1) % len(names)]
        self.app.settings[SETTING] = self.next_level
        self.status = f"Next race: {self.next_level}. Press New race"
        self.on_resize()

    def computer_board(self) -> Position | None:
        """What the computer's board shows: all of it once the race is lost or over."""
        if self.opponent is None:
            return None
        done = self.outcome == "lost"
        return self.opponent.board(self.opponent.finish_time if done else self.match.elapsed)

    # ------------------------------------------------------------------ what changes from play mode
    def do_puzzle(self, action: str) -> bool:
        if action == "level":
            self.choose_level()
            return True
        if action in ("hint", "solve", "count", "race", "free", "free_clear", "free_play", "free_check"):
            return False
        return super().do_puzzle(action)

    def button_flags(self) -> dict:
        return {**super().button_flags(), "give_up": self.racing and self.roll is None}

    def can_move(self) -> bool:
        return super().can_move() and self.outcome != "lost"

    def hands_off(self) -> bool:
        return super().hands_off() or self.outcome == "lost"

    def take(self, piece: str, *, sticky: bool, grab=None) -> None:
        if self.outcome != "lost":
            super().take(piece, sticky=sticky, grab=grab)

    def can_save(self) -> bool:
        return False

    def autosave(self) -> None:
        """A race is not resumed (and must not replace the solo game kept for next time)."""

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
        buttons_h = 3 * app.px(52)
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
