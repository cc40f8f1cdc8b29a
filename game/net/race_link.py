"""`RaceLink`: one player's seat in a race room, as the online screens see it (no pygame).

It owns the `ThreadedClient` (and, for the player who hosts, the `HostedServer`), reads the
server's messages once a frame (`pump`) into what the screens draw: the room, the countdown,
the race's roll, each opponent's board, the finishers and the results, and the one line that
says the server is gone. A connection that drops during a race (not a server that shut down)
is resumed with the seat's token: a new connection every `RETRY_EVERY` seconds for at most
`RETRY_FOR` seconds (the server's seat-keeping time), then the line says it failed. A server
that says nothing for `PING_AFTER` seconds is pinged; silent for `SILENT_FOR` (no message, no
pong), its connection counts as dropped. A try that finds nothing listening (the connection
refused) means the server stopped: no more tries (`STOPPED`).
`send_move` sends one move string as the session executed it (numbered as docs/protocol.md
says); `sent` is the player's board as the server has it once it answers (a refused move's
answer carries the server's board, to undo the move on screen). While seated it tells the
server it is still there every `ALIVE_EVERY` seconds (the server closes silent seats).
`departures()` gives, once each, the line that says an opponent left; `invite` is the room's
invite (game/net/invite.py); `list_room` lists the room on the server or makes it private.
"""
from __future__ import annotations

import time

from game.net.client import ThreadedClient
from game.net.invite import invite
from game.net.protocol import NAME, ProtocolError
from game.net.refereed import Refereed, Retry
from solver import puzzles as engines

RACED = engines.racing()             # the puzzle the race server deals (the engine's list says which)

NAME_SETTING = "race_name"
DEFAULT_NAME = "Player"
SHUT_DOWN = "the race server shut down"
STOPPED = "the race server stopped"          # a try to get back found nothing listening
NOT_ANSWERING = "the race server is not answering"
SEAT_GONE = "the race server did not give the seat back"
PING_AFTER = 2.0         # seconds of silence from the server before it is pinged (and between pings)
SILENT_FOR = 6.0         # seconds of silence, pings unanswered, that mean the connection is gone


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
    parse = staticmethod(RACED.parse)
    execute = staticmethod(RACED.execute)

    def __init__(self, client: ThreadedClient, hello: tuple[str, dict], hosted=None, advertise: bool = True,
                 clock=time.monotonic, address: str | None = None):
        """`address`: where others reach a hosted server (this computer's address on the
        network), for the invite; `clock`: the watch's and the tries' (tests give a fake one)."""
        super().__init__()
        self.client, self.hosted, self.advertise, self.now = client, hosted, advertise, clock
        self.address = address
        self.heard = self.pinged = clock()    # the last word from the server, the last ping sent
        self.connected = False                # the connection is open (the watch runs)
        self.listed = hosted is not None      # the room in the server's list (a hosted room starts listed)
        self.gone: list[str] = []             # opponents who left, not said yet
        self.said_gone: set[int] = set()
        self.hello = hello                    # the first message once connected: create or join
        self.room: dict | None = None
        self.seat: int | None = None
        self.countdown: int | None = None
        self.race: dict | None = None         # the last `race` message: a new race to show
        self.fresh = False                    # a race the screens have not put on a board yet
        self.boards: dict[int, object] = {}       # opponents' boards: visible races, and in the results
        self.progress: dict[int, dict] = {}       # opponents' last `progress` (placed, cells, ms)
        self.finished: dict[int, dict] = {}
        self.results: list[dict] | None = None
        self.token: str | None = None         # the seat's secret, to resume it
        self.left = False                     # the seat given up (`leave`): nothing more is sent
        self.fingerprint: str | None = None   # the certificate a wss:// server showed that nobody trusts

    def pump(self) -> None:
        """Read what came since the last frame (and try to resume when it is time)."""
        for message in self.client.poll():
            self.heard = self.now()
            if message["type"] != "finished":       # (another player's time, not the clock now)
                self.hear_clock(message)
            getattr(self, "_on_" + message["type"], lambda m: None)(message)
        self.watch()
        if self.alive_due():
            self.send("alive")
        if self.retry is not None and self.retry.due():
            self.client.close()
            self.client = self.reconnect()
        elif self.retry is not None and self.retry.over() and not self.retry.waiting:
            self.give_up(NOT_ANSWERING)

    def reconnect(self) -> ThreadedClient:
        """A new connection to the same server (to resume the seat)."""
        return ThreadedClient(self.client.url, trust=self.client.trust, wake=self.client.wake)

    def watch(self) -> None:
        """Ping a server silent for PING_AFTER seconds; silent for SILENT_FOR, the connection is
        gone (cut at once, never waited on: a dead peer would hold a close for seconds)."""
        now = self.now()
        if not self.connected or not self.online:
            return
        if now - self.heard >= SILENT_FOR:
            self.client.close(timeout=0)
            self._on_lost({"type": "lost", "reason": "the race server stopped answering"})
        elif now - self.heard >= PING_AFTER and now - self.pinged >= PING_AFTER:
            self.pinged = now
            self.client.ping()
    @property
    def playing(self) -> bool:
        """Seated in the room (moves only once a race has dealt the board)."""
        return self.seat is not None and not self.left

    @property
    def started(self) -> bool:
        return self.race is not None

    def _on_connected(self, message: dict) -> None:
        self.connected = True
        if self.retry is not None:
            self.client.send("resume", room=self.code, token=self.token)
            return
        kind, fields = self.hello
        self.client.send(kind, **fields)

    def _on_lost(self, message: dict) -> None:
        reason = message["reason"]
        self.connected = False
        self.fingerprint = message.get("fingerprint")     # a wss:// certificate the system does not trust
        stopped = reason == SHUT_DOWN or message.get("refused")
        if self.retry is not None and stopped:            # nothing listens there now: no seat to go back to
            self.give_up(STOPPED)
        elif self.retry is None and self.token is not None and self.race is not None and not stopped:
            self.try_back(Retry(reason, clock=self.now))
        elif self.retry is None:
            self.lose(STOPPED if self.race is not None and stopped else
                      f"cannot reach {self.client.url}: no race server is running there" if message.get("refused")
                      else reason)
        else:
            self.retry.waiting, self.retry.last = False, reason

    def _on_error(self, message: dict) -> None:
        if self.retry is not None:             # the server refused the resume: no seat to go back to
            self.give_up(SEAT_GONE)
            return
        self.hear_error(message["reason"])

    def _on_joined(self, message: dict) -> None:
        self.token = message["token"]
        if self.retry is not None:             # resumed: the room, the race and the boards follow
            self.try_back(None)
            return
        self.seat = message["seat"]
        if self.listed:
            self.list_room(True, message["room"])

    def _on_room(self, message: dict) -> None:
        before, self.room = self.players(), message
        if message["phase"] != "countdown":
            self.countdown = None
        now = {p["seat"]: p for p in message["players"]}
        where = "the race" if message["phase"] == "racing" else "the room"
        for player in before:
            seat = player["seat"]
            if seat != self.seat and seat not in self.said_gone and (seat not in now or now[seat]["left"]):
                self.said_gone.add(seat)
                self.gone.append(f"{player['name']} left {where}")

    def _on_countdown(self, message: dict) -> None:
        self.countdown = message["n"]

    def _on_race(self, message: dict) -> None:
        if self.race is not None and message["race"] == self.race["race"]:   # the same race, resumed
            self.race = message
            self.given_back(True)
            self.take_board(message)
            return
        self.race, self.fresh, self.countdown = message, True, None
        self.take_board(message)
        self.boards, self.progress, self.finished, self.results = {}, {}, {}, None

    def _on_progress(self, message: dict) -> None:
        self.progress[message["seat"]] = message
        if message["position"] is not None:
            self.boards[message["seat"]] = self.parse(message["position"])

    def _on_finished(self, message: dict) -> None:
        self.finished[message["seat"]] = message

    def _on_results(self, message: dict) -> None:
        self.results = message["order"]
        for entry in self.results:
            if entry["position"] is not None and entry["seat"] != self.seat:
                self.boards[entry["seat"]] = self.parse(entry["position"])

    def _on_removed(self, message: dict) -> None:
        """The host removed this player, or the room's time was up: no seat any more."""
        self.lose(message["reason"])
        self.token = None

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

    def due_in(self) -> float | None:
        """Seconds until `pump` has something to do with no message (a ping, the silence that
        ends the connection, a try to get back); None while it waits on the network alone."""
        now = self.now()
        if self.retry is not None:
            return None if self.retry.waiting else max(0.0, self.retry.next - now)
        if not self.connected or not self.online:
            return None
        return max(0.0, min(self.heard + SILENT_FOR, max(self.heard, self.pinged) + PING_AFTER) - now)

    def departures(self) -> list[str]:
        """The lines that say who left since the last call (each said once)."""
        gone, self.gone = self.gone, []
        return gone

    @property
    def invite(self) -> str | None:
        """The room's invite: a hosted room at this computer's address on the network."""
        if self.code is None:
            return None
        url = self.client.url if self.hosted is None else f"ws://{self.address or '127.0.0.1'}:{self.hosted.port}/"
        return invite(url, self.code)

    def list_room(self, listed: bool, code: str | None = None) -> None:
        """The host lists the room on its server (and a hosted one on the local network) or
        makes it private: joined by its invite alone."""
        self.listed = listed
        self.send("listing", listed=listed)
        if self.hosted is not None and self.advertise:
            self.hosted.advertise(code or self.code, self.hello[1]["name"]) if listed else self.hosted.hide()

    def send(self, kind: str, **fields) -> None:
        if self.online and not self.left:
            self.client.send(kind, **fields)
            self.told()

    def leave(self) -> None:
        """Give the seat up, once: the server is sent `leave` (if it seated the player), and
        nothing after it (a message out of a room is one it answers with an error)."""
        if not self.left and self.seat is not None:
            self.send("leave")
        self.left = True

    def close(self) -> None:
        """Give the seat up and stop the connection (and the server, for the host)."""
        self.leave()
        self.client.close()
        if self.hosted is not None:
            self.hosted.close()
            self.hosted = None
