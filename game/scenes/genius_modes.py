"""The Genius scene's two extra modes, as mixins of GeniusScene.

Free mode: click seven cells for the blockers; the engine says at once whether the board
can be solved and why not; then play it.

Race mode (two players, hot seat): both get the same roll; player 1 plays with their clock
while player 2 looks away, then the board is hidden and handed over and player 2 plays the
same roll on an empty board with their own clock; the faster full board wins (giving up
counts as no time).
"""
from __future__ import annotations

from game.match import Match, Timer, format_time
from game.scenes.genius_anim import RollAnimation
from game.scenes.genius_jobs import job_reason
from solver.genius.position import Position

SIZE = 6


class FreeMode:
    """Placing blockers by hand."""

    def enter_free(self) -> None:
        self.cancel_job()
        self.mode = "free"
        self.free_blockers = set()
        self.free_verdict = None
        self.held = None
        self.race = None
        self.status = "Click seven cells for the blockers"
        self.on_resize()

    def toggle_blocker(self, cell: int) -> None:
        if cell in self.free_blockers:
            self.free_blockers.discard(cell)
        elif len(self.free_blockers) < 7:
            self.free_blockers.add(cell)
        else:
            self.app.toasts.show("Seven blockers already: click one to take it away", 2.5)
            return
        self.free_verdict = None
        if len(self.free_blockers) == 7:
            self.check_free()
        else:
            self.status = f"{len(self.free_blockers)} of 7 blockers"
        self.refresh_buttons()

    def check_free(self) -> None:
        board = Position.from_blockers(sorted(self.free_blockers))

        def done(reason):
            if board.blockers != frozenset(self.free_blockers):
                return
            self.free_verdict = reason or ""
            self.status = "Solvable: press Play" if not reason else f"Unsolvable: {reason}"
            if reason:
                self.app.toasts.show(self.status, 4, self.app.palette.illegal)

        self.run_job("Checking the board", job_reason, board.notation(), done)

    def play_free(self) -> None:
        if len(self.free_blockers) != 7:
            return
        start = Position.from_blockers(sorted(self.free_blockers))
        self._begin(Match(start, meta={"dice": "free", "dice_name": "free", "assisted": False}))
        self._count_stat("played")
        self.on_resize()

    def free_key(self, name: str | None) -> bool:
        if self.cursor_key(name):
            return True
        if name == "place":
            self.toggle_blocker(self.cursor[0] * SIZE + self.cursor[1])
            return True
        if name in ("help", "new", "copy", "load"):
            return self.do(name)
        return False


class RaceMode:
    """Two players, one roll, one screen."""

    def start_race_turn(self) -> None:
        if not self.race or not self.race["waiting"] or self.roll is not None:
            return
        turn_ = self.race["turn"]
        start = self.match.start
        self.match = Match(start, meta=dict(self.match.meta, player=turn_ + 1), timer=Timer())
        self.race["waiting"] = False
        self.held = None
        self.celebration = None
        self.status = f"Player {turn_ + 1} is playing"
        # The board is first seen now: the dice roll in, and the clock starts when they land.
        if self.app.settings.get("animations", True):
            self.roll = RollAnimation(self.race["dice"], tuple(self.match.meta["rolled"]), self.rng)
        else:
            self._landed()
        self.refresh_buttons()

    def give_up(self) -> None:
        if self.race and not self.race["waiting"]:
            self.race["times"][self.race["turn"]] = None
            self._next_racer()

    def _next_racer(self) -> None:
        self.match.timer.stop()
        self.race["turn"] += 1
        self.race["waiting"] = True
        self.held = None
        if self.race["turn"] >= 2:
            a, b = self.race["times"]
            if a is None and b is None:
                verdict = "Nobody filled the board"
            elif b is None or (a is not None and a < b):
                verdict = "Player 1 wins"
            elif a is None or b < a:
                verdict = "Player 2 wins"
            else:
                verdict = "A tie!"
            self.status = f"{verdict}: {format_time(a)} against {format_time(b)}"
            self.app.toasts.show(self.status, 6)
        else:
            self.status = "Player 2: same board, your clock. Press Start"
        self.refresh_buttons()
