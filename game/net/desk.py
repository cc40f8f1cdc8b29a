"""`Desk`: one connection to a standings server, as the screens see it (no pygame).

Requests (`register`, `standings`, `groups`, `group_create`, `group_join`, `group_leave`,
`daily`) are answered in order on one connection, so each is sent with its callbacks
(`ask`) and the next answer (or `error`) goes to the oldest request still waiting; the
callbacks run in `pump`, on the frame's thread. A connection that fails says so to every
request waiting, in one line. A daily run (`start_run`) keeps what the server said of it:
the run, the board as the server has it with the moves sent (`sent`), the refusals, the
server's clock and `done`. A connection that drops while a run is unfinished is tried again
(game/net/refereed.py's `Retry`): `daily` sent again gives the run back (`resumed`); during a run the
Desk says `alive` every ALIVE_EVERY seconds (the server closes a run's connection silent for 10
minutes). Out of a run the server closes a connection silent for 10 seconds: that close is quiet,
the next request makes a new connection, and requests it cut short are sent again on a new one
(the server read none of them).
"""
from __future__ import annotations


from game.net.client import DEFAULT_PORT, ThreadedClient, server_url
from game.puzzles import registry
from game.net.refereed import Refereed, Retry
from solver.errors import SquarewiseError

SETTING = "standings_server"
ANSWERS = ("registered", "standings", "group", "groups", "run", "error")
OLDER = "this server keeps no standings (it is an older Squarewise)"
IDLE = "said nothing"         # the server's reason when it closes a silent connection (game/net/server.py)


def configured(settings: dict) -> str | None:
    """The URL of the standings server the settings name, or None (none set, or not an address)."""
    try:
        return server_url(str(settings.get(SETTING, ""))) or None
    except SquarewiseError:
        return None


def host_of(url: str) -> str:
    """The server as a player names it: 'club.example.org', '127.0.0.1:9000' (the default port left out)."""
    where = url.split("://", 1)[-1].rstrip("/")
    return where.removesuffix(f":{DEFAULT_PORT}")


def said(reason: str) -> str:
    """The server's refusal in the player's words (an older server knows none of these messages)."""
    return OLDER if reason.startswith("unknown message type") or "unknown type" in reason else reason


class Desk(Refereed):
    """A standings server's answers, and the way to ask it (`connect(url)` makes the client:
    a ThreadedClient in the game, a fake in tests)."""

    def __init__(self, url: str, connect=None, wake=None):
        super().__init__()
        self.url = url
        self.connect = connect or (lambda u: ThreadedClient(u, wake=wake))
        self.client = self.connect(url)
        self.waiting: list[tuple] = []        # (kind, on_answer, on_error, fields), oldest first
        self.run: dict | None = None          # the last `run` message: the run on (or given back)
        self.asked: dict | None = None        # the `daily` fields of the run, to ask for it again
        self.done: dict | None = None
        self.on_over = None                   # on_over(run): a ranked run ended (done, or given up here)

    @property
    def host(self) -> str:
        return host_of(self.url)

    # ------------------------------------------------------------------ asking
    def ask(self, kind: str, on_answer, on_error=None, **fields) -> None:
        """Send a request; `on_answer(message)` or `on_error(one line)` runs in a later `pump`."""
        if self.lost is not None:
            self.lose(None)                   # asked again after a failure: a new connection
            self.client.close()
            self.client = self.connect(self.url)
        try:
            self.send(kind, **fields)
        except SquarewiseError as exc:        # (a value the protocol refuses: said like the server's word)
            if on_error is not None:
                on_error(str(exc))
            return
        self.waiting.append((kind, on_answer, on_error, fields))

    def send(self, kind: str, **fields) -> None:
        self.client.send(kind, **fields)
        self.told()

    def start_run(self, token: str, puzzle: str, number: int, ranked: bool, on_error=None) -> None:
        """Ask for a run of daily `number` of `puzzle` (a ranked one given back if unfinished)."""
        self.asked = {"token": token, "puzzle": puzzle, "daily": number, "ranked": ranked}
        self.run = self.done = None
        self.ask("daily", self._on_run, on_error, **self.asked)

    # ------------------------------------------------------------------ the server's word
    def pump(self) -> None:
        """Read what came since the last frame (and try to get a dropped run back when it is time)."""
        for message in self.client.poll():
            self.hear_clock(message)
            kind = message["type"]
            if kind in ANSWERS and self.waiting:
                _, on_answer, on_error, _ = self.waiting.pop(0)
                if kind == "error":
                    on_error and on_error(said(message["reason"]))
                else:
                    on_answer and on_answer(message)
            elif kind == "error":
                self.hear_error(said(message["reason"]))
            else:
                getattr(self, "_on_" + kind, lambda m: None)(message)
        if self.alive_due():
            self.send("alive")
        if self.retry is not None and self.retry.due():
            self.client.close()
            self.client = self.connect(self.url)
        elif self.retry is not None and self.retry.over() and not self.retry.waiting:
            self.give_up(f"{self.retry.reason}; the run did not come back: {self.retry.last}")

    def _on_connected(self, message: dict) -> None:
        if self.retry is not None:
            self.ask("daily", self._on_run, self._refused_back, **self.asked)

    def _refused_back(self, reason: str) -> None:
        self.give_up(f"{self.retry.reason}; the server did not give the run back: {reason}")

    def _on_lost(self, message: dict) -> None:
        reason = message["reason"]
        waiting, self.waiting = self.waiting, []
        if reason.endswith(IDLE) and not self.unfinished:
            self.lose(reason)                 # quiet: the next request connects again
            for kind, on_answer, on_error, fields in waiting:
                self.ask(kind, on_answer, on_error, **fields)
            return
        if self.unfinished:
            if self.retry is None:
                self.try_back(Retry(reason))
            else:
                self.retry.waiting, self.retry.last = False, reason
            return
        self.lose(reason)
        for _, _, on_error, _ in waiting:
            on_error and on_error(f"{self.host} is not answering" if "cannot reach" in reason or
                                  "no answer" in reason else reason)

    def _on_run(self, message: dict) -> None:
        given_back = self.retry is not None or (self.run is not None and self.run["daily"] == message["daily"])
        self.run = message
        self.try_back(None)
        self.take_board(message)
        self.given_back(given_back)

    def _on_done(self, message: dict) -> None:
        self.done = message
        self._over()

    def _over(self) -> None:
        if self.on_over is not None and self.run is not None and self.run["ranked"]:
            self.on_over(self.run)

    # ------------------------------------------------------------------ what the screens ask
    @property
    def unfinished(self) -> bool:
        """A run is on and not over."""
        return self.run is not None and self.done is None

    playing = unfinished

    @property
    def started(self) -> bool:
        return self.run is not None

    def parse(self, text: str):
        return registry.get(self.run["puzzle"]).puzzle.parse(text)

    def execute(self, position, move: str):
        return registry.get(self.run["puzzle"]).puzzle.execute(position, move)

    def outgoing(self, move: str) -> str:
        """A move written for free rules (a MacMahon undo, a turn in place: `describe` writes
        them so) goes as the strict move it is (the engine's `strict`): a ranked run takes strict
        moves only."""
        return registry.get(self.run["puzzle"]).engine.strict(move)

    def set_aside(self) -> None:
        """Leave the run on the server, not given up (it waits there as after a closed window: asked
        for again, it is given back), and take a new connection for what is asked next (the server
        holds one run a connection)."""
        if self.unfinished:
            self.run = self.asked = None
            self.try_back(None)
            self.client.close()
            self.client = self.connect(self.url)

    def leave(self) -> None:
        """Give the run up (a ranked one is over, unplaced)."""
        if self.unfinished and self.online:
            self.send("leave")
            self._over()
        self.run = self.asked = None
        self.try_back(None)

    def close(self) -> None:
        self.client.close()
