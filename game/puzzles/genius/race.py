"""The hot-seat race (no pygame): two players, one roll, one screen. Player 1 plays with their
clock while player 2 looks away, then the board is hidden and handed over and player 2 plays
the same roll on an empty board with their own clock; the faster full board wins (giving up
counts as no time). Nothing of a race goes into the statistics."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.play.match import format_time

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

    def winner(self) -> int | None:
        """0 or 1 (the player who won), or None (a tie, or nobody filled the board)."""
        a, b = self.times
        if a is None and b is None or a == b:
            return None
        return 0 if b is None or (a is not None and a < b) else 1

    def headline(self) -> str:
        w = self.winner()
        if w is not None:
            return f"Player {w + 1} wins"
        return "Nobody filled the board" if self.times[0] is None else "A tie"

    def player_time(self, n: int) -> str:
        """Player n's result in words: their time, or that they gave up."""
        t = self.times[n]
        return "gave up" if t is None else format_time(t)

    def verdict(self) -> str:
        """The result as a sentence that names each player with their own time."""
        w = self.winner()
        if w is not None:
            won, lost = format_time(self.times[w]), self.times[1 - w]
            if lost is None:
                return f"Player {w + 1} wins: {won}; player {2 - w} gave up"
            return f"Player {w + 1} wins: {won} against player {2 - w}'s {format_time(lost)}"
        if self.times[0] is None:
            return "Nobody filled the board: both players gave up"
        return f"A tie: both filled the board in {format_time(self.times[0])}"
