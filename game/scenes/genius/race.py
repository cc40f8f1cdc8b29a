"""Race mode of the Genius scene (two players, hot seat): both get the same roll; player 1
plays with their clock while player 2 looks away, then the board is hidden and handed over
and player 2 plays the same roll on an empty board with their own clock; the faster full
board wins (giving up counts as no time).

`Race` is the state and its rules (pygame-free); `RaceMode` is the scene's part that starts
turns, shows the roll and says the verdict.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.match import Match, Timer, format_time
from game.scenes.genius.roll import RollAnimation

PLAYERS = 2


@dataclass
class Race:
    """Whose turn it is, whether the board is hidden for the hand-over, and each player's time
    (None: gave up, or not played yet). `dice`: the set's faces, for the roll each turn."""
    dice: list
    times: list = field(default_factory=lambda: [None] * PLAYERS)
    turn: int = 0
    waiting: bool = True

    @property
    def over(self) -> bool:
        return self.turn >= PLAYERS

    @property
    def can_start(self) -> bool:
        return self.waiting and not self.over

    def finish_turn(self, elapsed: float | None) -> None:
        """The player on turn filled the board in `elapsed` seconds (None: gave up)."""
        self.times[self.turn] = elapsed
        self.turn += 1
        self.waiting = True

    def verdict(self) -> str:
        a, b = self.times
        if a is None and b is None:
            return "Nobody filled the board"
        if b is None or (a is not None and a < b):
            return "Player 1 wins"
        if a is None or b < a:
            return "Player 2 wins"
        return "A tie!"


class RaceMode:
    """The Genius scene's race: two players, one roll, one screen."""

    def start_race_turn(self) -> None:
        if not self.race or not self.race.waiting or self.roll is not None:
            return
        turn_ = self.race.turn
        start = self.match.start
        self.match = Match(start, meta=dict(self.match.meta, player=turn_ + 1), timer=Timer())
        self.race.waiting = False
        self.held = None
        self.celebration = None
        self.status = f"Player {turn_ + 1} is playing"
        # The board is first seen now: the dice roll in, and the clock starts when they land.
        if self.app.settings.get("animations", True):
            self.roll = RollAnimation(self.race.dice, tuple(self.match.meta["rolled"]), self.rng)
        else:
            self._landed()
        self.refresh_buttons()

    def give_up(self) -> None:
        if self.race and not self.race.waiting:
            self._next_racer(None)

    def _next_racer(self, elapsed: float | None) -> None:
        self.match.timer.stop()
        self.race.finish_turn(elapsed)
        self.held = None
        if self.race.over:
            a, b = self.race.times
            self.status = f"{self.race.verdict()}: {format_time(a)} against {format_time(b)}"
            self.app.toasts.show(self.status, 6)
        else:
            self.status = "Player 2: same board, your clock. Press Start"
        self.refresh_buttons()
