"""`RoomFinder` (no pygame): the open rooms a player can join with one click.

It asks each server it knows for the rooms it lists (`rooms`, docs/protocol.md): the servers
found on the local network (the rooms hosted games advertise over multicast DNS, through a
`RoomBrowser`), the servers the player raced on lately and the standings server of the
Settings. One short connection per ask, one ask at a time per server, again every
`ASK_EVERY` seconds, at most `MAX_SERVERS` servers; `pump` reads the answers once a frame
and never waits. A room advertised on the network shows at once, before its server answers.
"""
from __future__ import annotations

import time
from typing import NamedTuple
from urllib.parse import urlsplit

ASK_EVERY = 5.0          # seconds between two asks of one server
ASK_WAIT = 10.0          # an ask not answered in this long is given up
MAX_SERVERS = 6
OLDER = "unknown message type"      # how an older Squarewise refuses `rooms`


class Listed(NamedTuple):
    """An open room: what Join takes, its host's name, how many are in it, where it is."""
    target: str
    host: str
    players: int | None          # None: advertised on the network, its server not asked yet
    dice: str
    level: str | int
    server: str                  # the server as a player reads it: host:port

    def words(self) -> str:
        """What is said beside its button (the host's name): "2 of 8 · alternative, level 9 ·
        192.168.1.20:8765"."""
        if self.players is None:
            return f"on this network · {self.server}"
        level = f"level {self.level}" if isinstance(self.level, int) else self.level
        return f"{self.players} of 8 · {self.dice}, {level} · {self.server}"


def where(url: str) -> str:
    """A server's url as a player reads it: host:port (and its path, if any)."""
    parts = urlsplit(url)
    return parts.netloc + parts.path.rstrip("/")


class RoomFinder:
    """The rooms the known servers list, kept up to date by `pump`."""

    def __init__(self, servers: list[str], connect, browser=None, clock=time.monotonic):
        """`servers`: urls (ws://host:port/) to ask; `connect(url)`: a new ThreadedClient;
        `browser`: a RoomBrowser (None: nothing is looked for on the network)."""
        self.known = list(dict.fromkeys(servers))
        self.connect, self.browser, self.clock = connect, browser, clock
        self.asking: dict[str, tuple] = {}            # url -> (client, when asked)
        self.due: dict[str, float] = {}               # url -> when to ask next
        self.answers: dict[str, list[dict]] = {}      # url -> its last `rooms`
        self.notes: dict[str, str] = {}               # url -> why it lists nothing

    def advertised(self) -> list:
        return self.browser.rooms() if self.browser is not None else []

    def servers(self) -> list[str]:
        """The servers asked: the known ones, then those found on the network (at most MAX_SERVERS)."""
        found = [f"ws://{room.address}:{room.port}/" for room in self.advertised()]
        return list(dict.fromkeys(self.known + found))[:MAX_SERVERS]

    def pump(self) -> None:
        """Read the answers that came; ask the servers whose time has come."""
        now = self.clock()
        for url in self.servers():
            if url in self.asking:
                self.hear(url, now)
            elif now >= self.due.get(url, 0.0):
                client = self.connect(url)
                client.send("rooms")
                self.asking[url] = (client, now)

    def hear(self, url: str, now: float) -> None:
        client, asked = self.asking[url]
        for message in client.poll():
            kind = message["type"]
            if kind == "rooms":
                self.answers[url] = message["rooms"]
                self.notes.pop(url, None)
            elif kind == "error":
                self.notes[url] = "lists no rooms (an older Squarewise)" if OLDER in message["reason"] else \
                    message["reason"]
            elif kind == "lost":
                self.notes[url] = "not answering"
            if kind in ("rooms", "error", "lost"):
                self.done(url, now)
                return
        if now - asked >= ASK_WAIT:
            self.notes[url] = "not answering"
            self.done(url, now)

    def done(self, url: str, now: float) -> None:
        client, _ = self.asking.pop(url)
        client.close(timeout=0)
        self.due[url] = now + ASK_EVERY
        if url in self.notes:
            self.answers.pop(url, None)

    def rooms(self) -> list[Listed]:
        """Every room listed now: each server's answer, then the rooms advertised on the network
        whose server has not listed them (yet)."""
        out = [Listed(f"{url}{r['room']}", r["host"], r["players"], r["dice"], r["level"], where(url))
               for url in self.servers() for r in self.answers.get(url, ())]
        seen = {room.target for room in out}
        for room in self.advertised():
            target = f"ws://{room.address}:{room.port}/{room.code}"
            if target not in seen and f"ws://{room.address}:{room.port}/" not in self.answers:
                out.append(Listed(target, room.host_name, None, "", "", f"{room.address}:{room.port}"))
        return out

    def silent(self) -> list[str]:
        """One line per server that lists nothing now: "club.example.org:8765: not answering"."""
        return [f"{where(url)}: {self.notes[url]}" for url in self.servers() if url in self.notes] + \
            [f"{where(url)}: no open rooms listed" for url in self.servers()
             if url in self.answers and not self.answers[url]]

    def due_in(self) -> float:
        """Seconds until `pump` has something to do with no answer (an ask due, one given up)."""
        now = self.clock()
        times = [asked + ASK_WAIT for _, asked in self.asking.values()] + \
            [self.due.get(url, now) for url in self.servers() if url not in self.asking]
        return max(0.0, min(times, default=now + ASK_EVERY) - now)

    def close(self) -> None:
        for client, _ in self.asking.values():
            client.close(timeout=0)
        self.asking = {}
