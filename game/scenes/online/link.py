"""`RaceLink`: one player's seat in a race room, as the online screens see it (no pygame).

It owns the `ThreadedClient` (and, for the player who hosts, the `HostedServer`), reads the
server's messages once a frame (`pump`) into what the screens draw: the room, the countdown,
the race's roll, each opponent's board, the finishers and the results, and the one line that
says the server is gone. A connection that drops during a race (not a server that shut down)
is resumed with the seat's token: a new connection every `RETRY_EVERY` seconds for at most
`RETRY_FOR` seconds (the server's seat-keeping time), then the line says it failed.
`send_move` sends one move string as the session executed it (numbered as docs/protocol.md
says); `sent` is the player's board as the server has it once it answers (a refused move's
answer carries the server's board, to undo the move on screen). While seated it tells the
server it is still there every `ALIVE_EVERY` seconds (the server closes silent seats).
"""
from __future__ import annotations

import time

from game.net.client import ThreadedClient
from game.net.protocol import NAME, ProtocolError
from game.scenes.refereed import Refereed, Retry
from solver.genius.moves import execute
from solver.genius.position import Position

NAME_SETTING = "race_name"
DEFAULT_NAME = "Player"
SHUT_DOWN = "the race server shut down"


def clean_name(text: str) -> str:
    """A name the protocol takes: printable, 1..24 characters (else the default)."""
    name = "".join(c for c in text if c.isprintable()).strip()[:24].strip()
    try:
        NAME.check(name, "name")
    except ProtocolError:
        return DEFAULT_NAME
    return name


class RaceLink(Refereed):
    """What the server has said about the room and the race, and the way to talk to it."""
    parse = staticmethod(Position.parse)
    execute = staticmethod(execute)

    def __init__(self, client: ThreadedClient, hello: tuple[str, dict], hosted=None, advertise: bool = True):
        super().__init__()
        self.client, self.hosted, self.advertise = client, hosted, advertise
        self.hello = hello                    # the first message once connected: create or join
        self.room: dict | None = None
        self.seat: int | None = None
        self.countdown: int | None = None
        self.race: dict | None = None         # the last `race` message: a new race to show
        self.fresh = False                    # a race the screens have not put on a board yet
        self.boards: dict[int, Position] = {}     # opponents' boards: visible races, and in the results
        self.progress: dict[int, dict] = {}       # opponents' last `progress` (placed, cells, ms)
        self.finished: dict[int, dict] = {}
        self.results: list[dict] | None = None
        self.lost: str | None = None
        self.token: str | None = None         # the seat's secret, to resume it
        self.fingerprint: str | None = None   # the certificate a wss:// server showed that nobody trusts

    def pump(self) -> None:
        """Read what came since the last frame (and try to resume when it is time)."""
        for message in self.client.poll():
            if message["type"] != "finished":       # (another player's time, not the clock now)
                self.hear_clock(message)
            getattr(self, "_on_" + message["type"], lambda m: None)(message)
        if self.alive_due():
            self.send("alive")
        if self.retry is not None and self.retry.due():
            self.client.close()
            self.client = ThreadedClient(self.client.url, trust=self.client.trust, wake=self.client.wake)
        elif self.retry is not None and self.retry.over() and not self.retry.waiting:
            self.give_up(f"{self.retry.reason}; resuming the seat failed: {self.retry.last}")

    @property
    def playing(self) -> bool:
        """Seated in the room (moves only once a race has dealt the board)."""
        return self.seat is not None

    @property
    def started(self) -> bool:
        return self.race is not None

    def _on_connected(self, message: dict) -> None:
        if self.retry is not None:
            self.client.send("resume", room=self.code, token=self.token)
            return
        kind, fields = self.hello
        self.client.send(kind, **fields)

    def _on_lost(self, message: dict) -> None:
        reason = message["reason"]
        self.fingerprint = message.get("fingerprint")     # a wss:// certificate the system does not trust
        if self.retry is None and self.token is not None and self.race is not None and reason != SHUT_DOWN:
            self.retry = Retry(reason)
        elif self.retry is None:
            self.lost = reason
        else:
            self.retry.waiting, self.retry.last = False, reason

    def _on_error(self, message: dict) -> None:
        if self.retry is not None:             # the server refused the resume: no seat to go back to
            self.give_up(f"{self.retry.reason}; the server did not give the seat back: {message['reason']}")
            return
        self.error = message["reason"]

    def _on_joined(self, message: dict) -> None:
        self.token = message["token"]
        if self.retry is not None:             # resumed: the room, the race and the boards follow
            self.retry = None
            return
        self.seat = message["seat"]
        if self.hosted is not None and self.advertise:
            self.hosted.advertise(message["room"], self.hello[1]["name"])

    def _on_room(self, message: dict) -> None:
        self.room = message
        if message["phase"] != "countdown":
            self.countdown = None

    def _on_countdown(self, message: dict) -> None:
        self.countdown = message["n"]

    def _on_race(self, message: dict) -> None:
        if self.race is not None and message["race"] == self.race["race"]:   # the same race, resumed
            self.race, self.resumed = message, True
            self.take_board(message)
            return
        self.race, self.fresh, self.countdown = message, True, None
        self.take_board(message)
        self.boards, self.progress, self.finished, self.results = {}, {}, {}, None

    def _on_progress(self, message: dict) -> None:
        self.progress[message["seat"]] = message
        if message["position"] is not None:
            self.boards[message["seat"]] = Position.parse(message["position"])

    def _on_finished(self, message: dict) -> None:
        self.finished[message["seat"]] = message

    def _on_results(self, message: dict) -> None:
        self.results = message["order"]
        for entry in self.results:
            if entry["position"] is not None and entry["seat"] != self.seat:
                self.boards[entry["seat"]] = Position.parse(entry["position"])

    def _on_removed(self, message: dict) -> None:
        """The host removed this player, or the room's time was up: no seat any more."""
        self.lost, self.retry, self.token = message["reason"], None, None

    # ------------------------------------------------------------------ what the screens ask
    @property
    def code(self) -> str | None:
        return self.room["room"] if self.room else None

    def players(self) -> list[dict]:
        return self.room["players"] if self.room else []

    def rivals(self) -> list[dict]:
        return [p for p in self.players() if p["seat"] != self.seat]

    def me(self) -> dict | None:
        return next((p for p in self.players() if p["seat"] == self.seat), None)

    def send(self, kind: str, **fields) -> None:
        if self.online:
            self.client.send(kind, **fields)
            self.said_at = time.monotonic()

    def close(self) -> None:
        """Give the seat up and stop the connection (and the server, for the host)."""
        self.send("leave")
        self.client.close()
        if self.hosted is not None:
            self.hosted.close()
            self.hosted = None
