"""What a race's link and a ranked daily run's desk share: one board refereed by a server
(docs/protocol.md).

`Refereed` is the client's half of the moves: each move string the session played goes
numbered to the server, `sent` is the board as the server has it, a refusal brings the
server's board back with its reason, and `elapsed()` is the server's clock. `Retry` paces the
tries to get a dropped connection back. The mode's half is `RefereedMode`
(game/modes/refereed.py); the race link (race_link.py) and the desk (desk.py) build on this.
"""
from __future__ import annotations

import time

from solver.errors import SquarewiseError

RETRY_EVERY = 2.0        # seconds between two tries to get a dropped connection back
RETRY_FOR = 60.0         # the server's seat-keeping time (docs/protocol.md): no try after it
ALIVE_EVERY = 60.0       # seconds between two `alive` messages while playing (the server's limit is 600)


class Refereed:
    """A board whose moves the server checks: numbered sends, refusals and the server's clock.
    A subclass says how to `send`, `parse` and `execute` its puzzle's positions and moves, and
    whether it is playing (`playing`). The connection's state (lost, getting back, the last
    error, the board given back, when the server was last told something) is this class's: a
    subclass changes it through the methods below, never by writing it."""

    def __init__(self):
        self.seq = 0                          # the last move number sent
        self.accepted = 0                     # the last move number the server accepted
        self.sent = None                      # the board as the server has it, with the moves sent
        self.refusals = 0                     # moves the server refused (each undone on screen)
        self.error: str | None = None         # the last refusal's reason
        self.clock: tuple[int, float] | None = None     # the server's clock: (ms, when it was said, on ours)
        self.said_at = time.monotonic()       # when the last message went to the server
        self.retry: Retry | None = None       # tries to get the connection back, while it is down
        self.resumed = False                  # the board given back, not yet caught up on screen
        self.lost: str | None = None          # why the connection is lost for good (None: it is not)

    def hear_clock(self, message: dict) -> None:
        ms = message.get("ms", message.get("elapsed_ms"))
        if type(ms) is int:
            self.clock = (ms, time.monotonic())

    def take_board(self, message: dict) -> None:
        """The server's whole board (a start, or given back): the numbering goes on from its count."""
        self.seq = self.accepted = message["seq"]
        self.sent = self.parse(message["position"])

    def _on_moved(self, message: dict) -> None:
        self.accepted = message["seq"]

    def _on_refused(self, message: dict) -> None:
        """A move refused (and any sent after it): the next is numbered after the last accepted,
        and `sent` is the server's board, for the screen to show."""
        self.error = message["reason"]
        self.refusals += 1
        self.seq = self.accepted
        if self.sent is not None:
            self.sent = self.parse(message["position"])

    def send_move(self, move: str) -> None:
        """Send `move` (a move string the session executed: place, move, turn, flip, take back),
        numbered after the last one sent."""
        if self.sent is None or not self.online or not self.playing:
            return
        move = self.outgoing(move)
        self.seq += 1
        self.send("move", seq=self.seq, move=move)
        try:
            self.sent = self.execute(self.sent, move)
        except SquarewiseError:               # the server refuses it too, and sends its board
            pass

    def outgoing(self, move: str) -> str:
        """The move as the server takes it (the session's own string, unless a subclass says)."""
        return move

    def give_up(self, reason: str) -> None:
        """No more tries: the connection is lost, for `reason`."""
        self.lose(reason)
        self.client.close()

    # ------------------------------------------------------------------ the connection's state
    def told(self) -> None:
        """A message has just gone to the server."""
        self.said_at = time.monotonic()

    def hear_error(self, reason: str) -> None:
        self.error = reason

    def lose(self, reason: str | None) -> None:
        """The connection lost for `reason` (no try to get it back); None: a new one may be made."""
        self.retry, self.lost = None, reason

    def try_back(self, retry: "Retry | None") -> None:
        """Getting the connection back with `retry`'s tries; None: back (or no longer trying)."""
        self.retry = retry

    def given_back(self, resumed: bool) -> None:
        """Whether the board just taken was given back after a drop (the screen catches up)."""
        self.resumed = resumed

    def alive_due(self) -> bool:
        return self.playing and self.online and time.monotonic() - self.said_at > ALIVE_EVERY

    def elapsed(self) -> float | None:
        """The server's clock now, in seconds (None before it has said it)."""
        if self.clock is None or not self.started:
            return None
        ms, when = self.clock
        return ms / 1000 + time.monotonic() - when

    @property
    def online(self) -> bool:
        """Connected (or connecting for the first time): neither lost nor getting back."""
        return self.lost is None and self.retry is None


class Retry:
    """Tries to get a dropped connection back: one every RETRY_EVERY seconds (never two at once)
    until RETRY_FOR has passed since the drop."""

    def __init__(self, reason: str, clock=time.monotonic):
        self.reason, self.clock = reason, clock     # why the connection dropped
        self.began = clock()
        self.next = self.began + RETRY_EVERY
        self.tries = 0
        self.waiting = False                        # a try under way (no answer yet)
        self.last = "no try yet"                    # why the last try failed

    def due(self) -> bool:
        """Time for the next try (and count it as under way)."""
        if self.waiting or self.clock() < self.next or self.over():
            return False
        self.tries += 1
        self.waiting = True
        self.next = self.clock() + RETRY_EVERY
        return True

    def over(self) -> bool:
        return self.clock() - self.began >= RETRY_FOR
