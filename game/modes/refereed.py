"""`RefereedMode`: the mode's half of a board refereed by a server (the link's half is
`Refereed`, game/net/refereed.py): the session is refereed, the clock shown follows the
server's, a refused move is undone on screen, and one line of news at a time is said. The race
online (Online) and the ranked run (Ranked) build on it.
"""
from __future__ import annotations

from game.modes.mode import Mode
from game.net.refereed import Refereed
from game.play.commands import Refresh, Sound, Toast, Withdraw
from game.play.match import Match, Timer, format_time


class RefereedMode(Mode):
    """A mode whose session the server referees through `link` (a Refereed)."""
    DRIFT = 0.25             # seconds the shown clock may differ from the server's before it is set again

    def __init__(self, table, link: Refereed):
        super().__init__(table.services, table.session)
        self.table = table
        self.link = link
        self.said: str | None = None           # the last news already said
        self.refusals = link.refusals          # the server's refusals already undone on screen
        self.told_full = False                 # the full board said, waiting for the server's word
        table.session.refereed = True            # the server says how it ends
        table.session.watchers.append(link.send_move)

    def new_board(self) -> None:
        """A board of the server's on screen: its refusals so far are done with, its fullness untold."""
        self.refusals = self.link.refusals
        self.told_full = False

    def tell_full(self, m: Match, words: str) -> None:
        """Say once that the board is full (`words` after its time), waiting for the server's word."""
        if m.finished and not m.ended and not self.told_full:
            self.told_full = True
            self.session.say(f"Board full in {format_time(m.elapsed)}: {words}")

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
