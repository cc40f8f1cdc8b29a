"""`PlaceWatch`: a finished ranked run's place, followed while its screen shows.

The server's `done` says the place at the finish ("1st of 1"); a later, faster finisher moves
it down and a slower one adds to the count. While the run's screen shows, the standings are
asked for the player's own row (`limit` 1, with the token), the way every screen asks the
standings server (game/net/desk.py `ask`: in order, on one connection, made again after the
server's idle close): a first look FIRST seconds after the finish, then at gaps doubling up to
MOST, never two questions at once, a failure as quiet as an answer. So one screen left open
for an hour asks 16 times, and the window sleeps between (`due_in`: the loop's next look).
"""
from __future__ import annotations

import time

FIRST = 10.0            # seconds from the finish to the first look
MOST = 300.0            # the longest gap between two looks


class PlaceWatch:
    """The player's place and the count of `daily` of `puzzle` on `desk`'s server, asked now and then."""

    def __init__(self, desk, puzzle: str, daily: int, token: str, clock=time.monotonic):
        self.desk, self.puzzle, self.daily, self.token, self.clock = desk, puzzle, daily, token, clock
        self.gap = FIRST
        self.next = clock() + FIRST
        self.asking = False
        self.place: tuple[int, int] | None = None     # (place, of) the last answer said, not yet taken

    def due_in(self) -> float | None:
        """Seconds until the next look (None while one is asked and not answered)."""
        return None if self.asking else max(0.0, self.next - self.clock())

    def pump(self) -> None:
        """Ask when a look is due."""
        if self.asking or self.clock() < self.next:
            return
        self.asking = True
        self.desk.ask("standings", self._answered, self._failed, puzzle=self.puzzle, daily=self.daily, days=1,
                      group=None, token=self.token, offset=0, limit=1)

    def _answered(self, answer: dict) -> None:
        you = answer.get("you")
        if you and not you["flagged"] and you["place"] is not None:
            self.place = (you["place"], answer["total"])
        self._failed("")

    def _failed(self, reason: str) -> None:
        self.asking = False
        self.next = self.clock() + self.gap
        self.gap = min(2 * self.gap, MOST)

    def take(self) -> tuple[int, int] | None:
        """The (place, of) the last answer said, once."""
        place, self.place = self.place, None
        return place
