"""What a race and a ranked daily run share: one board refereed by a server (docs/protocol.md).

`Refereed` is the client's half of the moves (no pygame): each move string the session played
goes numbered to the server, `sent` is the board as the server has it, a refusal brings the
server's board back with its reason, and `elapsed()` is the server's clock. `Retry` paces the
tries to get a dropped connection back. `RefereedMode` is the screen's half: the session is
refereed, the clock shown follows the server's, a refused move is undone on screen, and one
line of news at a time is said. The race (online/) and the ranked run (ranked/) build on both.
"""
from __future__ import annotations

import time

from game.play.commands import Refresh, Sound, Toast, Withdraw
from game.play.match import Match, Timer
from game.scenes.mode import Mode
from solver.errors import SquarewiseError

RETRY_EVERY = 2.0        # seconds between two tries to get a dropped connection back
RETRY_FOR = 60.0         # the server's seat-keeping time (docs/protocol.md): no try after it
ALIVE_EVERY = 60.0       # seconds between two `alive` messages while playing (the server's limit is 600)


class Refereed:
    """A board whose moves the server checks: numbered sends, refusals and the server's clock.
    A subclass says how to `send`, `parse` and `execute` its puzzle's positions and moves, and
    whether it is `online` and playing (`playing`)."""

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
        self.retry, self.lost = None, reason
        self.client.close()

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


class RefereedMode(Mode):
    """A mode whose session the server referees through `link` (a Refereed)."""
    DRIFT = 0.25             # seconds the shown clock may differ from the server's before it is set again

    def __init__(self, kit, link: Refereed):
        super().__init__(kit.app, kit.session)
        self.kit = kit
        self.link = link
        self.said: str | None = None           # the last news already said
        self.refusals = link.refusals          # the server's refusals already undone on screen
        self.told_full = False                 # the full board said, waiting for the server's word
        kit.session.refereed = True            # the server says how it ends
        kit.session.watchers.append(link.send_move)

    def follow_clock(self, m: Match) -> list:
        """The clock shown is the server's: set again when it drifts (not once the board is full)."""
        server = self.link.elapsed()
        if server is None or m.finished or m.ended or abs(server - m.elapsed) <= self.DRIFT:
            return []
        m.timer = Timer(server, running=True, clock=self.clock)
        return []

    def follow_refusals(self) -> list:
        """A move the server refused is undone: the board shown is the server's, with its reason."""
        if self.link.refusals == self.refusals:
            return []
        self.refusals = self.link.refusals
        if self.link.sent is not None and self.link.sent != self.session.position:
            self.session.align(self.link.sent)
        reason = f"The server refused the move: {self.link.error}"
        self.session.say(reason)
        return [Sound("illegal"), Toast(reason, 4, alarm=True), Refresh()]

    def take_back(self, elapsed_ms: int, words: str) -> list:
        """The board came back after a drop: the server's board and clock are the truth (moves
        it never got are dropped)."""
        self.link.resumed = False
        self.session.align(self.link.sent)
        m = self.match
        if not m.finished and not m.ended:
            m.timer = Timer(elapsed_ms / 1000, running=True, clock=self.clock)
        self.said = None
        self.session.say(words)
        return [Toast(words, 3), Refresh()]

    def tell(self, news: str | None) -> list:
        """Say a new line of news once (a toast and the status line); the line said before,
        if still on show, is taken down (no longer true: "finish your board" once it is)."""
        if news == self.said:
            return []
        gone = [Withdraw(self.said)] if self.said is not None else []
        self.said = news
        if news is None:
            return gone
        self.session.say(news)
        return gone + [Toast(news, 4), Refresh()]

    def clock_always_runs(self) -> bool:
        """The server's clock runs for everyone: this one never stops for a covered or
        unfocused window."""
        return True

    def in_progress(self) -> bool:
        return False
