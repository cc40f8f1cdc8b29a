"""The race server's transport: its websocket connections, each client's budgets, and the way
messages go out (framed here once, written once per client and turn of the loop).

A `Connection` is counted from the moment its socket is accepted (game/net/admission.py says
whether it may stay), counts every frame and byte its client sends, pings and pongs too,
against the client's budget and the server's, stamps each message with the time its frame was
read, and cuts a client that lets more than `max_backlog` bytes wait unread. A `Link` is one
client as the server serves it: its address, budgets, seat or daily run, and its outbox.
`Writes` writes every client's outbox at the end of the turn of the loop (others' progress
within `progress_delay`), and `text_frame` makes the frames.
"""
from __future__ import annotations

import asyncio
import math
import struct
import time
from collections import deque
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection
from websockets.frames import DATA_OPCODES, Frame
from websockets.protocol import State

from . import networks, protocol
from .admission import Load
from .budget import Bucket

if TYPE_CHECKING:
    from .admission import Admission
    from .room import Player
    from .server import RaceServer

POLICY = 1008                   # the close code for a broken rule
HOLD = 4096                     # bytes of others' progress held back for one client at most


class Connection(ServerConnection):
    """A websocket connection that is counted from the moment its socket is accepted (and cut
    at once past the caps), counts every frame and byte its client sends (pings and pongs too)
    against the client's budget and the server's, and cuts a client that lets more than
    `max_backlog` bytes wait unread (the answers to its pings included)."""
    link: "Link | None" = None
    admission: "Admission"              # what counts it
    peer: str | None = None             # the holder of the peer's address, while counted
    refusal: int | None = None          # 503 or 429: over a cap, answered so once its request comes
    cut_at_accept = False               # cut before websockets saw it

    def connection_made(self, transport) -> None:
        if self.admission.accepted(self, transport):
            super().connection_made(transport)
        else:
            self.cut_at_accept = True

    def connection_lost(self, exc) -> None:
        self.admission.released(self)
        if not self.cut_at_accept:
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        link = self.link
        if link is None or link.cut:
            super().data_received(data)
            return
        if not link.bytes.take(len(data)):
            link.close_now("too much data")
            return
        super().data_received(data)
        if self.transport.get_write_buffer_size() > link.server.config.max_backlog:
            link.abort("not reading")

    def process_event(self, event) -> None:
        link = self.link
        if link is not None and not link.cut and not link.count_frame():
            return
        if link is not None and isinstance(event, Frame) and event.fin and event.opcode in DATA_OPCODES:
            link.arrived.append(link.server.config.clock())     # when a message is read (a daily run's clock)
        super().process_event(event)


class Link:
    """One client connection: its budgets, its address, its seat if any, and the way to send."""

    def __init__(self, server: "RaceServer", ws: Connection, address: str):
        config = server.config
        self.server, self.ws, self.address = server, ws, address
        self.holder, self.network = networks.holder(address), networks.network(address)
        self.frames = Bucket(config.rate, config.burst)
        self.bytes = Bucket(config.byte_rate, config.byte_burst)
        self.load = Load(config.sustained, time.monotonic())
        self.errors = 0
        self.cut: str | None = None             # why the server cut this connection, once it has
        self.player: Player | None = None
        self.run = None                         # a daily run (game/net/daily.py: Live) if it plays one
        self.arrived: deque[float] = deque()    # config.clock() as each message not yet handled was read ...
        self.read_at = 0.0                      # ... and as the one being handled was
        self.heard = 0.0                        # the loop's time of the last message (or of the answer's delay)
        self.watch: asyncio.TimerHandle | None = None   # rings when the connection may have been silent too long
        self.asked_rooms = -math.inf            # the loop's time of the last `rooms` answered
        self.outbox: list[bytes] = []           # framed messages waiting for `flush` ...
        self.waiting = 0                        # ... and their bytes
        ws.link = self

    def count_frame(self) -> bool:
        """Count one incoming frame; False (and the connection cut) past a budget."""
        now = time.monotonic()
        self.load.add(now)
        if not self.frames.take():
            self.close_now("too many messages")
            return False
        admission = self.server.admission
        if not admission.budget.take():
            admission.shed(self.server.links)
            return self.cut is None
        return True

    def send(self, kind: str, **fields) -> None:
        self.put(protocol.encode(protocol.SERVER, kind, **fields).encode())

    def put(self, data: bytes, later: bool = False) -> None:
        """Frame an encoded message for this client; it goes out with everything else waiting
        for the client in one write (one system call): at the end of this turn of the loop, or,
        `later` (others' progress), within progress_delay seconds or with the next message (or
        once HOLD bytes wait)."""
        if self.cut or self.ws.protocol.state is not State.OPEN:
            return
        frame = text_frame(data)
        self.outbox.append(frame)
        self.waiting += len(frame)
        self.server.writes.soon(self, later and self.waiting < HOLD)

    def flush(self) -> None:
        """Write what waits for this client; a client that lets more than max_backlog bytes
        wait unread is cut."""
        if not self.outbox:
            return
        data, self.outbox, self.waiting = b"".join(self.outbox), [], 0
        ws = self.ws
        if not data or self.cut or ws.protocol.state is not State.OPEN:
            return
        ws.transport.write(data)
        if ws.transport.get_write_buffer_size() > self.server.config.max_backlog:
            self.abort("not reading")

    def close_now(self, reason: str) -> None:
        """Close with 1008 and `reason` (the client is told, after what waits for it), and stop
        counting its frames."""
        self.server.refusal(self, f"connection cut: {reason}")
        self.flush()
        if self.cut:                            # the flush found it not reading
            return
        self.cut = reason
        if self.ws.protocol.state is State.OPEN:
            self.ws.protocol.fail(POLICY, reason)
            for chunk in self.ws.protocol.data_to_send():
                if chunk:
                    self.ws.transport.write(chunk)
        self.ws.loop.call_later(2.0, self.ws.transport.abort)

    def abort(self, reason: str) -> None:
        """Cut the connection at once (a client that does not read gets no closing handshake)."""
        if not self.cut:
            self.server.refusal(self, f"connection cut: {reason}")
            self.cut = reason
        self.outbox, self.waiting = [], 0
        self.ws.transport.abort()


class Writes:
    """When the clients' outboxes are written: at the end of this turn of the loop (after the
    message being answered, if one is), or, for others' progress, within `delay` seconds; one
    call for every link, whatever their number."""

    def __init__(self, delay: float):
        self.delay = delay
        self.unsent = {False: set(), True: set()}    # links with messages to write soon, or within delay
        self.flushing = {False: None, True: None}    # the call that writes them
        self.answering = False                       # a client's message is being dispatched: write after it

    def soon(self, link: Link, later: bool) -> None:
        """Have `link`'s messages written at the end of this turn of the loop, or, `later`,
        within `delay` seconds."""
        self.unsent[later].add(link)
        if self.flushing[later] is None and (later or not self.answering):
            loop = link.ws.loop
            self.flushing[later] = (loop.call_later(self.delay, self.flush, later) if later
                                    else loop.call_soon(self.flush, later))

    def flush(self, later: bool) -> None:
        if self.flushing[later] is not None:
            self.flushing[later].cancel()
        links, self.unsent[later], self.flushing[later] = self.unsent[later], set(), None
        for link in links:
            link.flush()


def text_frame(data: bytes) -> bytes:
    """A server's websocket text frame of `data` (UTF-8): final, unmasked, no extension (RFC
    6455 5.2), made here so a message framed once can go to each recipient as it is."""
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 65536:
        return struct.pack("!BBH", 0x81, 126, n) + data
    return struct.pack("!BBQ", 0x81, 127, n) + data
