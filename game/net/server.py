"""The race server: rooms of 2..8 players racing on the same roll of the racing puzzle (the
Genius Square: solver/puzzles.py `racing`), and (with a database) the daily desk.

The server owns the truth. It draws the roll with the engine (the host's dice set and level,
the racing engine's `race_deal`); each room (game/net/room.py, a value with no socket)
applies every player's move strings to its own copy of their board with the engine, keeps the
one clock of the race and says who finished (no message claims it). The server is meant for
strangers (docs/server.md says what it does under each attack): game/net/admission.py decides
who gets in and who is cut when it is busy, game/net/transport.py counts and frames what
travels. This module ties them: it listens, serves each connection's messages through one
table of which message each phase takes (`ROWS`), seats players in rooms, and times out silent
connections. Every limit and timeout is in `Config` (game/net/config.py), so tests can make
them small.
"""
from __future__ import annotations

import asyncio
import secrets
import time
from typing import Callable

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from solver.puzzles import racing

from . import names, protocol
from .admission import Admission
from .config import Config
from .daily import DESK_TYPES, DailyDesk
from .log_lines import escaped
from .protocol import CLIENT, CODE_ALPHABET, CODE_LENGTH, ProtocolError
from .room import HOST_CHOOSES, HOST_REMOVES, Position, Room
from .store import Store
from .transport import POLICY, Connection, Link, Writes

# --- the (phase, message) table: what each phase of a connection takes (docs/protocol.md, "Phases")

PHASES = ("outside", "run") + protocol.PHASES   # in no room nor run; in a daily run; a room's phases

NOT_IN_ROOM = "not in a room: create, join or resume first"
IN_A_RUN = "in a daily run: leave it first"
SEATED = "already in a room: leave it first"
IN_A_ROOM = "in a room: leave it first"
NO_RACE = "no race is running"
LOBBY_ONLY = "Ready is for the lobby"
AFTER_A_RACE = "a rematch comes after a race"
NO_STANDINGS = "this server keeps no standings"


def _create(server, link, m): return server.create(link, m)
def _join(server, link, m): return server.join(link, m)                     # a join answered later: a coroutine
def _resume(server, link, m): return server.resume(link, m)
def _rooms(server, link, m): return server.list_rooms(link)
def _desk(server, link, m): return server.desk.handle(link, m)               # a coroutine to await
def _ready(server, link, m): link.player.room.set_ready(link.player, m["ready"])
def _settings(server, link, m): link.player.room.settings(link.player, m["dice"], m["level"], m["boards"])
def _listing(server, link, m): link.player.room.listing(link.player, m["listed"])
def _remove(server, link, m): link.player.room.kick(link.player, m["seat"])
def _move(server, link, m): link.player.room.play(link.player, m["seq"], m["move"])
def _rematch(server, link, m): link.player.room.rematch()
def _leave(server, link, m): link.player.room.remove(link.player)
def _alive(server, link, m): return None


# A cell is the handler (server, link, message), or the words of the `error` that answers.
#                 outside       daily run  lobby         countdown     racing        finished
ROWS = {
    "create":    (_create,      IN_A_RUN,  SEATED,       SEATED,       SEATED,       SEATED),
    "join":      (_join,        IN_A_RUN,  SEATED,       SEATED,       SEATED,       SEATED),
    "resume":    (_resume,      IN_A_RUN,  SEATED,       SEATED,       SEATED,       SEATED),
    "rooms":     (_rooms,       IN_A_RUN,  _rooms,       _rooms,       _rooms,       _rooms),
    "settings":  (NOT_IN_ROOM,  IN_A_RUN,  _settings,    HOST_CHOOSES, HOST_CHOOSES, HOST_CHOOSES),
    "listing":   (NOT_IN_ROOM,  IN_A_RUN,  _listing,     _listing,     _listing,     _listing),
    "ready":     (NOT_IN_ROOM,  IN_A_RUN,  _ready,       _ready,       LOBBY_ONLY,   LOBBY_ONLY),
    "remove":    (NOT_IN_ROOM,  IN_A_RUN,  _remove,      _remove,      HOST_REMOVES, _remove),
    "move":      (NOT_IN_ROOM,  _desk,     NO_RACE,      NO_RACE,      _move,        NO_RACE),
    "rematch":   (NOT_IN_ROOM,  IN_A_RUN,  AFTER_A_RACE, AFTER_A_RACE, AFTER_A_RACE, _rematch),
    "leave":     (NOT_IN_ROOM,  _desk,     _leave,       _leave,       _leave,       _leave),
    "alive":     (NOT_IN_ROOM,  _desk,     _alive,       _alive,       _alive,       _alive),
    **{kind:     (_desk,        _desk,     IN_A_ROOM,    IN_A_ROOM,    IN_A_ROOM,    IN_A_ROOM) for kind in DESK_TYPES},
}


def dispatch_table(standings: bool) -> dict[str, dict[str, Callable | str]]:
    """ROWS by phase: {phase: {message type: handler or refusal}}. A server without standings
    (no database) answers the daily desk's types NO_STANDINGS in every phase."""
    return {phase: {kind: NO_STANDINGS if kind in DESK_TYPES and not standings else row[column]
                    for kind, row in ROWS.items()}
            for column, phase in enumerate(PHASES)}


class RaceServer:
    """The rooms and connections of one server; `start` listens, `close` stops."""

    def __init__(self, config: Config | None = None, store: Store | None = None):
        self.config = config or Config()
        self.store = store              # the standings database (game/net/store.py), None: no standings
        self.desk = DailyDesk(self, store) if store is not None else None
        self.table = dispatch_table(self.desk is not None)
        self.rooms: dict[str, Room] = {}
        self.links: set[Link] = set()
        self.admission = Admission(self.config, self.log)
        self.writes = Writes(self.config.progress_delay)
        self.tasks: set[asyncio.Task] = set()
        self.loop: asyncio.AbstractEventLoop | None = None    # the rooms' time and timers, once started
        self._ws_server = None
        self.lines: Callable[[str], None] | None = None   # writes one log line (`squarewise serve`), None: no log

    async def start(self, host: str = "127.0.0.1", port: int = 0, ssl=None) -> int:
        """Listen on host:port (0: any free port), with TLS when `ssl` is an SSLContext; returns the port."""
        config = self.config
        self.loop = asyncio.get_running_loop()
        names.key("")                           # Unicode's look-alike data read now, not at the first name
        self.admission.watch(self.loop)
        self._ws_server = await serve(
            self._handle, host, port, max_size=protocol.MAX_MESSAGE_BYTES, compression=None,
            open_timeout=config.handshake_timeout, ping_interval=config.ping_interval,
            ping_timeout=config.ping_timeout, close_timeout=2, process_request=self.admission.answer,
            server_header=None, create_connection=self._connection, ssl=ssl, backlog=1024)
        if self.desk is not None:
            await self.desk.start()             # an operator's decisions looked for from now on
        return self._ws_server.sockets[0].getsockname()[1]

    def _connection(self, *args, **kwargs) -> Connection:
        connection = Connection(*args, **kwargs)
        connection.admission = self.admission
        return connection

    async def close(self) -> None:
        """Close every connection (clients hear 1001) and room, and wait for every task."""
        if self._ws_server is not None:
            self._ws_server.close()
            await self._ws_server.wait_closed()
        for room in list(self.rooms.values()):
            room.close()
        if self.desk is not None:
            self.desk.close()
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)
        if self._ws_server is not None:
            self.admission.unwatch(self.loop)

    def spawn(self, coroutine) -> asyncio.Task:
        """A task the server keeps until it is done (and waits for on close)."""
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # --- what the rooms ask of the server (game/net/room.py `Server`)

    def draw(self, dice: str, level, done: Callable[[Position], None]) -> asyncio.Task:
        """Draw a roll on a thread (a look-up in the shipped table of solution counts for the
        built-in dice: milliseconds, off the loop so no move waits); `done(blockers)` after."""
        return self.spawn(self._draw(dice, level, done))

    async def _draw(self, dice: str, level, done: Callable[[Position], None]) -> None:
        done(await asyncio.to_thread(racing().race_deal, dice, level, secrets.randbits(64)))

    def closed(self, room: Room) -> None:
        self.rooms.pop(room.code, None)

    def log(self, room: str | None, seat: int | None, address: str, what: str) -> None:
        """One line per room event and refusal: room, seat, address, what (player text escaped)."""
        if self.lines is not None:
            self.lines(f"room={room or '-'} seat={seat or '-'} addr={escaped(address)} {what}")

    def refusal(self, link: Link, what: str) -> None:
        player = link.player
        self.log(player.room.code if player else None, player.seat if player else None, link.address, what)

    # --- connections

    async def _handle(self, ws: Connection) -> None:
        link = Link(self, ws, ws.address)
        self.links.add(link)
        self.admission.entered(link)
        try:
            await self._serve_link(link)
        finally:
            self.links.discard(link)
            self.admission.left(link)
            if link.player is not None:
                link.player.room.dropped(link.player)
            if link.run is not None:
                self.desk.dropped(link)

    async def _serve_link(self, link: Link) -> None:
        config, loop = self.config, self.loop
        link.heard = loop.time()
        link.watch = loop.call_later(config.hello_timeout, self._silence, link)
        try:
            while True:
                try:
                    text = await link.ws.recv()
                except ConnectionClosed:
                    return
                link.heard = loop.time()
                link.read_at = link.arrived.popleft() if link.arrived else config.clock()
                later = None
                try:
                    self.writes.answering = True
                    later = self._dispatch(link, protocol.decode(text, CLIENT))
                    if later is None:
                        continue
                except ProtocolError as exc:
                    error = exc
                finally:
                    self.writes.answering = False
                    self.writes.flush(False)            # the answers, one write per client
                if later is not None:                   # the daily desk's work may wait (a board being made)
                    try:
                        await later
                        continue
                    except ProtocolError as exc:
                        error = exc
                said = getattr(error, "said", None)     # the server's own trouble: its line, not the client's fault
                link.errors += said is None
                delay = getattr(error, "delay", 0.0)
                self.refusal(link, said or f"error: {escaped(str(error))}" + (f" (answered in {delay:g} s)" if delay else ""))
                await self._pause(link, delay)
                link.send("error", reason=str(error)[:200])
                if link.errors >= config.max_errors:
                    self.refusal(link, "connection closed: too many bad messages")
                    link.flush()
                    await link.ws.close(POLICY, "too many bad messages")
                    return
        finally:
            link.watch.cancel()

    def _silence(self, link: Link) -> None:
        """The watch on a connection's silence (one timer, moved on only when it rings): past
        hello_timeout before a seat, or seat_silence seated, with no message, it is closed."""
        config, loop = self.config, self.loop
        due = link.heard + (config.seat_silence if link.player or link.run else config.hello_timeout)
        if loop.time() < due:
            link.watch = loop.call_at(due, self._silence, link)
            return
        self.refusal(link, "connection closed: said nothing")
        link.flush()
        self.spawn(link.ws.close(POLICY, "said nothing"))

    def _dispatch(self, link: Link, message: dict):
        """Handle a message by the table; what must be awaited (the daily desk's work, a join
        answered later) comes back as a coroutine."""
        player = link.player
        phase = player.room.phase if player is not None else "run" if link.run is not None else "outside"
        cell = self.table[phase][message["type"]]
        if cell.__class__ is str:
            raise ProtocolError(cell)
        return cell(self, link, message)

    def list_rooms(self, link: Link) -> None:
        """The listed rooms that can be joined now, oldest first: at most MAX_LISTED, and fewer
        when more would pass a frame; a connection asks at most once every rooms_every seconds."""
        now = self.loop.time()
        if now - link.asked_rooms < self.config.rooms_every:
            raise ProtocolError(f"ask for the rooms at most once every {self.config.rooms_every:g} s")
        link.asked_rooms = now
        shown = []
        for room in self.rooms.values():
            entry = room.listed_entry()
            if entry is not None:
                shown.append(entry)
                if len(shown) == protocol.MAX_LISTED:
                    break
        data = protocol.encode(protocol.SERVER, "rooms", rooms=shown).encode()
        while len(data) > protocol.MAX_MESSAGE_BYTES:
            shown.pop()
            data = protocol.encode(protocol.SERVER, "rooms", rooms=shown).encode()
        link.put(data)

    # --- entering a room

    def create(self, link: Link, message: dict) -> None:
        name = names.normalise(message["name"])
        self.admission.check_room(link, self.rooms)
        self.admission.check_seats(link.holder, self.rooms)
        code = self._new_code()
        room = self.rooms[code] = Room(self, code, message["dice"], message["level"], link.holder, link.network)
        room.sit(room.seat(name, link.holder), link, "created the room as " + escaped(name))

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    def join(self, link: Link, message: dict, waited: bool = False):
        """Seat the sender in the room of that code. A right code from an address that has
        failed lately is answered after the delay a wrong one would get: else a guesser would
        learn a right code by its quick answer."""
        room = self.rooms.get(message["room"])
        if room is None:
            raise self._failed(link, "no room with that code")
        delay = 0.0 if waited else self.admission.delay(link.holder, time.monotonic(), failed=False)
        if delay:
            return self._join_later(link, message, delay)
        name = names.normalise(message["name"])
        room.admit(name)
        self.admission.check_seats(link.holder, self.rooms)
        room.sit(room.seat(name, link.holder), link, "joined as " + escaped(name))

    async def _join_later(self, link: Link, message: dict, delay: float) -> None:
        await self._pause(link, delay)
        if link.cut is None and link.ws.protocol.state is State.OPEN:
            self.join(link, message, waited=True)

    async def _pause(self, link: Link, delay: float) -> None:
        """Wait `delay` seconds before answering `link` (less if it closes meanwhile); its
        silence counts from the answer."""
        if delay:
            link.heard = self.loop.time() + delay
            await asyncio.wait([link.ws.connection_lost_waiter], timeout=delay)

    def resume(self, link: Link, message: dict) -> None:
        room = self.rooms.get(message["room"])
        player = None if room is None else room.holder_of(message["token"])
        if player is None:
            raise self._failed(link, "no seat with that token in that room")
        if player.link is not None:              # the old connection is half-open: this one takes over
            old, player.link, old.player = player.link, None, None
            old.abort("replaced by a resumed connection")
        room.sit(player, link, "resumed")

    def _failed(self, link: Link, reason: str) -> ProtocolError:
        """A failed join or resume (the daily desk's wrong tokens and codes too): the error to
        raise, answered after the delay of game/net/admission.py `Admission.failed`."""
        return self.admission.failed(link.holder, reason)


def descriptor_limit() -> int | None:
    """Raise this process's limit of open files to its hard limit (where the system has one:
    not on Windows), so sockets, not the default soft limit, meet the caps; the limit now."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    for wanted in (hard, 10240):            # (macOS: no hard limit, but at most OPEN_MAX)
        if soft < wanted or wanted == resource.RLIM_INFINITY:
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
                break
            except (ValueError, OSError):
                continue
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
