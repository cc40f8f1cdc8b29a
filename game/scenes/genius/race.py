"""Race mode of the Genius scene (two players, hot seat): both get the same roll; player 1
plays with their clock while player 2 looks away, then the board is hidden and handed over
and player 2 plays the same roll on an empty board with their own clock; the faster full
board wins (giving up counts as no time)."""
from __future__ import annotations

from game.match import Match, Timer, format_time
from game.scenes.genius.roll import RollAnimation


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
