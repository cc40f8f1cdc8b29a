"""The race server: rooms of 2..8 players racing on the same Genius Square roll.

The server owns the truth. It draws the roll with the engine (the host's dice set and level,
solver.genius.levels.roll_at_level), applies every player's moves to its own copy of their
board with the engine, refuses illegal, stale and replayed ones, keeps the one clock of the
race, and says who finished, in what order and time: a player has finished when the server's
copy of their board is solved, never because a client says so (no message claims it).

Each connection is a `Link`: its messages are decoded against the protocol's schemas
(game/net/protocol.py), rate-limited, and answered through a bounded queue, so a client that
does not read is dropped instead of holding up its room. Rooms are found by a code made with
`secrets`; failed joins are counted per address and refused past a limit, so codes cannot be
guessed. A dropped player keeps the seat for `seat_grace` seconds and resumes with a token.
Every limit and timeout is in `Config`, so tests can make them short.
"""
from __future__ import annotations

import asyncio
import secrets
import time
from collections import deque
from dataclasses import dataclass

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from solver.errors import SquarewiseError
from solver.genius.dice import builtin
from solver.genius.levels import roll_at_level
from solver.genius.position import Move, Position

from . import protocol
from .protocol import CLIENT, CODE_ALPHABET, CODE_LENGTH, MAX_PLAYERS, MIN_PLAYERS, ProtocolError

POLICY = 1008                   # the close code for a broken rule


@dataclass
class Config:
    """Limits and timeouts (seconds); the defaults suit a real server."""
    max_connections: int = 1000
    max_rooms: int = 500
    hello_timeout: float = 10.0     # a connection not in a room that says nothing for this long is closed
    seat_grace: float = 60.0        # a dropped player's seat is kept this long
    countdown: int = 3
    countdown_step: float = 1.0
    race_limit: float = 3600.0      # a race still running after this ends; the unfinished are unplaced
    rate: float = 20.0              # messages a second from one connection, sustained ...
    burst: int = 40                 # ... and in a burst; past that the connection is closed
    max_errors: int = 10            # refused messages (bad JSON, wrong type) before a connection is closed
    join_failures: int = 10         # failed joins or resumes from one address in join_window ...
    join_window: float = 60.0       # ... before its joins are refused for the rest of the window
    send_queue: int = 256           # messages waiting for a slow reader before it is dropped
    send_timeout: float = 10.0      # one message still not written after this drops the reader
    ping_interval: float = 20.0
    ping_timeout: float = 20.0


class Bucket:
    """A token bucket: `take()` is False when messages come faster than `rate` past `burst`."""

    def __init__(self, rate: float, burst: int):
        self.rate, self.burst = rate, burst
        self.tokens, self.when = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Link:
    """One client connection: its outgoing queue and writer, its rate limit, its seat if any."""

    def __init__(self, ws: ServerConnection, config: Config):
        self.ws, self.config = ws, config
        self.outbox: asyncio.Queue = asyncio.Queue(config.send_queue)
        self.bucket = Bucket(config.rate, config.burst)
        self.errors = 0
        self.player: Player | None = None
        self.writer = asyncio.create_task(self._write())

    def send(self, kind: str, **fields) -> None:
        self.put(protocol.encode(protocol.SERVER, kind, **fields))

    def put(self, text: str) -> None:
        """Queue an encoded message; a reader too slow to keep up is dropped."""
        if self.writer.done():
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.drop()

    def drop(self) -> None:
        """Cut the connection at once (a slow reader gets no closing handshake to wait on)."""
        self.writer.cancel()
        self.ws.transport.abort()

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            try:
                await asyncio.wait_for(self.ws.send(text), self.config.send_timeout)
            except ConnectionClosed:
                return
            except asyncio.TimeoutError:
                self.ws.transport.abort()
                return
            finally:
                self.outbox.task_done()

    async def close(self, code: int, reason: str) -> None:
        """Send what is queued (briefly), then close with `code`."""
        try:
            await asyncio.wait_for(self.outbox.join(), 1.0)
        except asyncio.TimeoutError:
            pass
        self.writer.cancel()
        await self.ws.close(code, reason)


class Player:
    """A seat in a room: the player's name, token, board and progress."""

    def __init__(self, room: "Room", seat: int, name: str):
        self.room, self.seat, self.name = room, seat, name
        self.token = secrets.token_urlsafe(24)
        self.link: Link | None = None
        self.ready = False
        self.left = False
        self.position: Position | None = None
        self.seq = 0
        self.ms: int | None = None
        self.place: int | None = None
        self.expiry: asyncio.TimerHandle | None = None

    def summary(self) -> dict:
        return {"seat": self.seat, "name": self.name, "ready": self.ready, "connected": self.link is not None,
                "left": self.left, "placed": len(self.position.placed) if self.position else 0, "ms": self.ms}

    def send(self, kind: str, **fields) -> None:
        if self.link is not None:
            self.link.send(kind, **fields)


class Room:
    """A room: its players, the host's choices, and the race in it (phase lobby, countdown,
    racing, finished; a rematch goes back to the lobby)."""

    def __init__(self, server: "RaceServer", code: str, dice: str, level: str):
        self.server, self.code, self.dice, self.level = server, code, dice, level
        self.players: dict[int, Player] = {}
        self.next_seat = 1
        self.host = 0
        self.phase = "lobby"
        self.race = 0
        self.blockers: Position | None = None
        self.started = 0.0
        self.task: asyncio.Task | None = None        # the countdown, then the race limit

    # --- seats

    def seat(self, name: str) -> Player:
        player = Player(self, self.next_seat, name)
        self.next_seat += 1
        self.players[player.seat] = player
        if not self.host:
            self.host = player.seat
        return player

    def racing(self) -> list[Player]:
        """The players in the race now: seated and not gone."""
        return [p for p in self.players.values() if not p.left]

    def remove(self, player: Player) -> None:
        """`player` leaves (by choice or when the seat's grace ran out)."""
        if player.expiry is not None:
            player.expiry.cancel()
        if player.link is not None:
            player.link.player = None
            player.link = None
        if self.phase == "racing" and player.position is not None:
            player.left = True                       # stays in the results, unplaced
        else:
            del self.players[player.seat]
        if self.host == player.seat:
            others = [p.seat for p in self.racing()]
            self.host = min(others) if others else 0
        if not self.racing():
            self.server.close_room(self)
            return
        if self.phase == "countdown":
            self.cancel_countdown()
        self.broadcast_room()
        if self.phase == "racing":
            self.end_if_over()

    # --- messages

    def broadcast(self, kind: str, **fields) -> None:
        """Send a message to every connected player (encoded once)."""
        self.send_all(protocol.encode(protocol.SERVER, kind, **fields))

    def send_all(self, text: str, skip: Player | None = None) -> None:
        """Queue an encoded message for every connected player but `skip`."""
        for player in self.players.values():
            if player.link is not None and player is not skip:
                player.link.put(text)

    def broadcast_room(self) -> None:
        self.broadcast("room", room=self.code, phase=self.phase, dice=self.dice, level=self.level,
                       host=self.host, players=[p.summary() for p in self.players.values()])

    def catch_up(self, player: Player) -> None:
        """What a player who (re)joins needs: the room, and the race in it if there is one."""
        self.broadcast_room()
        if self.phase in ("racing", "finished") and player.position is not None:
            self.send_race(player)
            for other in self.players.values():
                if other is not player and other.position is not None:
                    player.send("board", seat=other.seat, position=other.position.notation())
        if self.phase == "finished":
            player.send("results", race=self.race, order=self.order())

    # --- lobby and countdown

    def set_ready(self, player: Player, ready: bool) -> None:
        player.ready = ready
        if self.phase == "countdown" and not ready:
            self.cancel_countdown()
        self.broadcast_room()
        players = list(self.players.values())
        if (self.phase == "lobby" and len(players) >= MIN_PLAYERS
                and all(p.ready and p.link is not None for p in players)):
            self.phase = "countdown"
            self.task = asyncio.create_task(self._count_down())
            self.broadcast_room()

    def cancel_countdown(self) -> None:
        self.task.cancel()
        self.phase = "lobby"

    async def _count_down(self) -> None:
        """3, 2, 1 while the roll is drawn (a look-up in the shipped table of solution counts
        for the built-in dice: milliseconds, on a thread so no move waits), then the race."""
        config = self.server.config
        draw = asyncio.ensure_future(asyncio.to_thread(
            roll_at_level, builtin(self.dice), self.level, secrets.randbits(64)))
        try:
            for n in range(config.countdown, 0, -1):
                self.broadcast("countdown", n=n)
                await asyncio.sleep(config.countdown_step)
            faces = (await draw).faces
        finally:
            draw.cancel()
        self.start(Position.from_blockers(faces))

    def start(self, blockers: Position) -> None:
        self.phase, self.race, self.blockers = "racing", self.race + 1, blockers
        self.started = time.monotonic()
        for player in self.players.values():
            player.position, player.seq, player.ms, player.place = blockers, 0, None, None
        self.broadcast_room()
        for player in self.players.values():
            self.send_race(player)
        self.task = asyncio.create_task(self._race_limit())

    def send_race(self, player: Player) -> None:
        """The race as this player sees it: the roll, their board, the clock, their move count."""
        player.send("race", race=self.race, blockers=self.blockers.notation(),
                    position=player.position.notation(), elapsed_ms=self.elapsed_ms(), seq=player.seq)

    async def _race_limit(self) -> None:
        await asyncio.sleep(self.server.config.race_limit)
        self.finish()

    def elapsed_ms(self) -> int:
        return int((time.monotonic() - self.started) * 1000)

    # --- the race

    def play(self, player: Player, seq: int, change) -> None:
        """Apply one of the player's moves (`change(position)` returns the new position) if the
        race is on, the player is in it, `seq` is the next number and the engine allows it."""
        if self.phase != "racing" or player.left or player.position is None:
            raise ProtocolError("no race is running")
        if player.ms is not None:
            player.send("refused", seq=seq, reason="you have finished", position=player.position.notation())
            return
        if seq != player.seq + 1:
            player.send("refused", seq=seq, reason=f"out of order: the next move is number {player.seq + 1}",
                        position=player.position.notation())
            return
        try:
            position = change(player.position)
        except SquarewiseError as exc:
            player.send("refused", seq=seq, reason=str(exc)[:200], position=player.position.notation())
            return
        player.position, player.seq = position, seq
        player.send("moved", seq=seq, position=position.notation())
        board = protocol.encode(protocol.SERVER, "board", seat=player.seat, position=position.notation())
        self.send_all(board, skip=player)
        if position.is_solved:
            player.ms = self.elapsed_ms()
            player.place = 1 + sum(p.place is not None for p in self.players.values())
            self.broadcast("finished", seat=player.seat, ms=player.ms, place=player.place)
            self.end_if_over()

    def end_if_over(self) -> None:
        if all(p.ms is not None for p in self.racing()):
            self.finish()

    def finish(self) -> None:
        if self.phase != "racing":
            return
        self.phase = "finished"
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.broadcast_room()
        self.broadcast("results", race=self.race, order=self.order())

    def order(self) -> list[dict]:
        ranked = sorted(self.players.values(), key=lambda p: (p.place is None, p.place or 0, p.seat))
        return [{"seat": p.seat, "name": p.name, "place": p.place, "ms": p.ms} for p in ranked]

    def rematch(self) -> None:
        """Back to the lobby for a new roll: everyone un-ready; the seats of players who left
        or are not connected are freed (as a dropped connection in the lobby is)."""
        if self.phase != "finished":
            raise ProtocolError("a rematch comes after a race")
        self.phase = "lobby"
        for player in list(self.players.values()):
            player.ready, player.position, player.seq, player.ms, player.place = False, None, 0, None, None
            if player.left or player.link is None:
                self.remove(player)
        self.broadcast_room()


class RaceServer:
    """The rooms and connections of one server; `start` listens, `close` stops."""

    def __init__(self, config: Config | None = None):
        self.config = config or Config()
        self.rooms: dict[str, Room] = {}
        self.links: set[Link] = set()
        self.failures: dict[str, deque] = {}
        self._ws_server = None

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on host:port (0: any free port); returns the port."""
        config = self.config
        self._ws_server = await serve(
            self._handle, host, port, max_size=protocol.MAX_MESSAGE_BYTES, compression=None,
            open_timeout=config.hello_timeout, ping_interval=config.ping_interval,
            ping_timeout=config.ping_timeout, close_timeout=2, process_request=self._admit,
            server_header=None)
        return self._ws_server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._ws_server is not None:
            self._ws_server.close()
            await self._ws_server.wait_closed()
        for room in list(self.rooms.values()):
            self.close_room(room)

    def _admit(self, connection: ServerConnection, request):
        """Refuse the handshake when the server is full."""
        if len(self.links) >= self.config.max_connections:
            return connection.respond(503, "The race server is full.\n")
        return None

    def close_room(self, room: Room) -> None:
        if room.task is not None:
            room.task.cancel()
        for player in room.players.values():
            if player.expiry is not None:
                player.expiry.cancel()
        self.rooms.pop(room.code, None)

    async def _handle(self, ws: ServerConnection) -> None:
        link = Link(ws, self.config)
        self.links.add(link)
        try:
            await self._serve_link(link)
        finally:
            self.links.discard(link)
            link.writer.cancel()
            if link.player is not None:
                self._dropped(link.player)

    async def _serve_link(self, link: Link) -> None:
        config = self.config
        while True:
            try:
                text = await asyncio.wait_for(link.ws.recv(), None if link.player else config.hello_timeout)
            except asyncio.TimeoutError:
                await link.close(POLICY, "said nothing")
                return
            except ConnectionClosed:
                return
            if not link.bucket.take():
                link.send("error", reason="too many messages: closing")
                await link.close(POLICY, "too many messages")
                return
            try:
                self._dispatch(link, protocol.decode(text, CLIENT))
            except ProtocolError as exc:
                link.errors += 1
                link.send("error", reason=str(exc)[:200])
                if link.errors >= config.max_errors:
                    await link.close(POLICY, "too many bad messages")
                    return

    def _dispatch(self, link: Link, message: dict) -> None:
        kind = message["type"]
        player = link.player
        if kind in ("create", "join", "resume"):
            if player is not None:
                raise ProtocolError("already in a room: leave it first")
            getattr(self, "_" + kind)(link, message)
            return
        if player is None:
            raise ProtocolError("not in a room: create, join or resume first")
        room = player.room
        if kind == "ready":
            if room.phase not in ("lobby", "countdown"):
                raise ProtocolError("Ready is for the lobby")
            room.set_ready(player, message["ready"])
        elif kind == "settings":
            if player.seat != room.host or room.phase != "lobby":
                raise ProtocolError("only the host chooses, in the lobby")
            room.dice, room.level = message["dice"], message["level"]
            room.broadcast_room()
        elif kind == "move":
            room.play(player, message["seq"], lambda position: position.place(Move.parse(message["move"])))
        elif kind == "take":
            room.play(player, message["seq"], lambda position: position.remove(message["piece"]))
        elif kind == "rematch":
            room.rematch()
        elif kind == "leave":
            room.remove(player)

    # --- entering a room

    def _create(self, link: Link, message: dict) -> None:
        if len(self.rooms) >= self.config.max_rooms:
            raise ProtocolError("the server has no room for another room; try later")
        code = self._new_code()
        room = self.rooms[code] = Room(self, code, message["dice"], message["level"])
        self._sit(link, room, room.seat(message["name"]))

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    def _join(self, link: Link, message: dict) -> None:
        room = self._guarded_room(link, message["room"])
        if room.phase != "lobby":
            raise ProtocolError("that room is racing; join when it is back in the lobby")
        if len(room.players) >= MAX_PLAYERS:
            raise ProtocolError(f"that room is full ({MAX_PLAYERS} players)")
        if any(p.name == message["name"] for p in room.players.values()):
            raise ProtocolError("that name is taken in this room")
        self._sit(link, room, room.seat(message["name"]))

    def _resume(self, link: Link, message: dict) -> None:
        room = self._guarded_room(link, message["room"])
        player = next((p for p in room.players.values() if not p.left
                       and secrets.compare_digest(p.token, message["token"])), None)
        if player is None:
            self._failed(link)
            raise ProtocolError("no seat with that token in that room")
        if player.link is not None:              # the old connection is half-open: this one takes over
            old, player.link, old.player = player.link, None, None
            old.drop()
        self._sit(link, room, player)

    def _sit(self, link: Link, room: Room, player: Player) -> None:
        if player.expiry is not None:
            player.expiry.cancel()
            player.expiry = None
        player.link, link.player = link, player
        link.send("joined", room=room.code, seat=player.seat, token=player.token)
        room.catch_up(player)

    def _guarded_room(self, link: Link, code: str) -> Room:
        """The room with this code, unless this address has failed too often (guessing)."""
        address = _address(link)
        recent = self.failures.get(address)
        now = time.monotonic()
        while recent and now - recent[0] > self.config.join_window:
            recent.popleft()
        if recent is not None and len(recent) >= self.config.join_failures:
            raise ProtocolError("too many failed joins from this address: wait a minute")
        room = self.rooms.get(code)
        if room is None:
            self._failed(link)
            raise ProtocolError("no room with that code")
        return room

    def _failed(self, link: Link) -> None:
        if len(self.failures) > 10_000:          # bounded memory: forget the oldest addresses
            for address in list(self.failures)[:5_000]:
                del self.failures[address]
        self.failures.setdefault(_address(link), deque()).append(time.monotonic())

    # --- leaving

    def _dropped(self, player: Player) -> None:
        """The player's connection is gone: in the lobby the seat is freed (joining again is
        as quick), in a race it is kept for seat_grace seconds for a resume."""
        player.link = None
        room = player.room
        if room.phase in ("lobby", "countdown"):
            room.remove(player)
            return
        player.expiry = asyncio.get_running_loop().call_later(self.config.seat_grace, room.remove, player)
        room.broadcast_room()

def _address(link: Link) -> str:
    remote = link.ws.remote_address
    return str(remote[0]) if remote else "?"
