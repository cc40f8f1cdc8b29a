"""The race server: rooms of 2..8 players racing on the same Genius Square roll.

The server owns the truth. It draws the roll with the engine (the host's dice set and level,
solver.genius.levels.roll_at_level), applies every player's move strings to its own copy of
their board with the engine's `execute` (solver/genius/moves.py: place, move, turn, flip,
take back), refuses illegal, stale and replayed ones, keeps the one clock of the race, and
says who finished, in what order and time: a player has finished when the server's copy of
their board is solved, never because a client says so (no message claims it). During a race
the others hear a player's progress (pieces placed, cells covered), not the board, unless the
host chose visible boards; every board is in the results.

The server is meant for strangers (docs/server.md says what it does under each attack):
every frame and byte a client sends, pings too, counts against its connection's budget and
against the server's; past the server's, the heaviest sustained senders are cut first, never
one sending what an honest racer does. What waits to be sent to a client is bounded, and a
client past the bound is cut. Connections, rooms and seats are capped per address; silent
connections, idle racers and old rooms time out. Wrong room codes and tokens slow their
sender's address down, and past a budget of the whole server every guesser's; a right token
is never refused. Every socket counts from the moment it is accepted (half-open ones too), and
one that has not finished its handshake within a deadline is closed; when the process runs out
of file descriptors, accepting pauses with one log line. Every limit and timeout is in
`Config`, so tests can make them small.
"""
from __future__ import annotations

import asyncio
import errno
import json
import math
import secrets
import struct
import time
from collections import Counter, deque
from dataclasses import dataclass
from typing import Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import DATA_OPCODES, Frame
from websockets.protocol import State

from solver.cli_common import ordinal
from solver.errors import SquarewiseError
from solver.genius.dice import builtin
from solver.genius.levels import roll_at_level
from solver.genius.moves import execute
from solver.genius.position import Position

from . import names, networks, protocol
from .budget import Bucket
from .protocol import CLIENT, CODE_ALPHABET, CODE_LENGTH, MAX_PLAYERS, MIN_PLAYERS, ProtocolError
from .daily import DESK_TYPES, DailyDesk
from .store import Store

POLICY = 1008                   # the close code for a broken rule
SHED_PAUSE = 0.5                # seconds between looks for a sender to shed that found none
HOLD = 4096                     # bytes of others' progress held back for one client at most
REFUSING = 64                   # sockets over a cap kept at most to be answered 503/429 ...
REFUSAL_GRACE = 1.0             # ... for this many seconds; past either, cut at once
STARVED_QUIET = 60.0            # running out of descriptors is said again only after this long without
ACCEPT_STARVED = "socket.accept() out of system resource"     # asyncio's words (it retries a second later)


@dataclass
class Config:
    """Limits and timeouts (seconds); the defaults suit a server on the internet."""
    max_connections: int = 1000         # sockets, from accept (half-open ones too)
    max_rooms: int = 500
    per_address_connections: int = 16   # sockets from one address (an IPv6 /64), from accept
    per_address_rooms: int = 4          # open rooms made by one address (an IPv6 /64)
    per_network_rooms: int = 16         # open rooms made by one network (an IPv4 /24, an IPv6 /64)
    per_address_seats: int = 16         # seats held by one address (an IPv6 /64), over all rooms
    handshake_timeout: float = 5.0  # a socket that has not finished its websocket handshake by then is closed
    hello_timeout: float = 10.0     # a connection not in a room that says nothing for this long is closed
    seat_silence: float = 600.0     # a seated connection that sends nothing for this long is closed
    seat_grace: float = 60.0        # a dropped player's seat is kept this long during and after a race
    race_idle: float = 300.0        # a racer with no accepted move for this long is out of the race
    race_limit: float = 3600.0      # a race still running after this ends; the unfinished are unplaced
    room_lifetime: float = 6 * 3600.0   # a room is closed this long after it was made
    rooms_every: float = 1.0        # a connection asks for the listed rooms at most once in this long
    countdown: int = 3
    countdown_step: float = 1.0
    rate: float = 20.0              # frames a second from one connection (pings too), sustained ...
    burst: int = 40                 # ... and in a burst; past that the connection is closed
    byte_rate: float = 16384.0      # bytes a second from one connection, sustained ...
    byte_burst: int = 65536         # ... and in a burst
    server_rate: float = 1000.0     # frames a second from all connections together ...
    server_burst: int = 2000        # ... past which the heaviest sustained sender is cut (`shed`) ...
    sustained: float = 5.0          # ... its rate measured over about this many seconds ...
    honest_rate: float = 4.0        # ... and never one sending at most this (a racer's moves, bursts averaged)
    max_errors: int = 10            # refused messages (bad JSON, wrong type) before a connection is closed
    join_failures: int = 5          # failed joins or resumes from one address in join_window without delay ...
    server_join_failures: int = 60  # ... or from all addresses together ...
    join_window: float = 60.0       # ... then each failure is answered after a delay that doubles
    join_delay: float = 0.5         # the first delay ...
    join_delay_most: float = 30.0   # ... and the longest
    max_backlog: int = 262144       # bytes waiting to be sent to one client before it is cut
    progress_delay: float = 0.5     # others' progress waits at most this long to go out with a client's next write
    trust_proxy: bool = False       # take the client's address from X-Forwarded-For (behind a proxy)
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    per_network_registrations: int = 20   # players registered from one network (a /24, a /64) in a day (daily desk)
    standings_rate: float = 2.0     # standings asked a second on one connection, sustained ...
    standings_burst: int = 10       # ... and in a burst (past either, or the address's: refused)
    per_address_standings_rate: float = 5.0
    per_address_standings_burst: int = 30
    clock: Callable[[], float] = time.time  # the daily desk's wall clock (days, runs' times)


class Load:
    """A sender's sustained rate: its frames, each weighing 1 when it comes and less by a factor
    e every `horizon` seconds after; `rate` is that sum over the horizon (frames a second, an
    average that forgets slowly). A burst of n frames then quiet reads n / horizon at most; a
    steady r a second reads r once the horizon has passed."""

    def __init__(self, horizon: float, now: float):
        self.horizon, self.frames, self.when = horizon, 0.0, now

    def add(self, now: float) -> None:
        self.frames = self.frames * math.exp((self.when - now) / self.horizon) + 1
        self.when = now

    def rate(self, now: float) -> float:
        return self.frames * math.exp((self.when - now) / self.horizon) / self.horizon


def heaviest(loads: dict, now: float, floor: float):
    """The key of the load with the highest rate over `floor` (None if no rate is over it)."""
    key, top = None, floor
    for k, load in loads.items():
        rate = load.rate(now)
        if rate > top:
            key, top = k, rate
    return key


class Connection(ServerConnection):
    """A websocket connection that is counted from the moment its socket is accepted (and cut
    at once past the caps), counts every frame and byte its client sends (pings and pongs too)
    against the client's budget and the server's, and cuts a client that lets more than
    `max_backlog` bytes wait unread (the answers to its pings included)."""
    link: "Link | None" = None
    race: "RaceServer"                  # the server that counts it
    peer: str | None = None             # the holder of the peer's address, while counted
    refusal: int | None = None          # 503 or 429: over a cap, answered so once its request comes
    cut_at_accept = False               # cut before websockets saw it

    def connection_made(self, transport) -> None:
        if self.race.accepted(self, transport):
            super().connection_made(transport)
        else:
            self.cut_at_accept = True

    def connection_lost(self, exc) -> None:
        self.race.released(self)
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
        if not self.server.budget.take():
            self.server.shed()
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
        self.server.flush_soon(self, later and self.waiting < HOLD)

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


class Player:
    """A seat in a room: the player's name, address, token, board and progress."""

    def __init__(self, room: "Room", seat: int, name: str, address: str):
        self.room, self.seat, self.name, self.address = room, seat, name, address
        self.token = secrets.token_urlsafe(24)
        self.link: Link | None = None
        self.ready = False
        self.left = False
        self.idle = False                       # out of this race: no move for race_idle seconds
        self.position: Position | None = None
        self.seq = 0
        self.ms: int | None = None
        self.place: int | None = None
        self.expiry: asyncio.TimerHandle | None = None    # the seat's grace after a drop
        self.waking: asyncio.TimerHandle | None = None    # race_idle from the last accepted move ...
        self.moved = 0.0                                  # ... made at this time of the loop

    def summary(self) -> dict:
        return {"seat": self.seat, "name": self.name, "ready": self.ready, "connected": self.link is not None,
                "left": self.left, "idle": self.idle, "placed": len(self.position.placed) if self.position else 0,
                "ms": self.ms}

    def send(self, kind: str, **fields) -> None:
        if self.link is not None:
            self.link.send(kind, **fields)

    def stop_timers(self) -> None:
        for handle in (self.expiry, self.waking):
            if handle is not None:
                handle.cancel()
        self.expiry = self.waking = None


class Room:
    """A room: its players, the host's choices, and the race in it (phase lobby, countdown,
    racing, finished; a rematch goes back to the lobby)."""

    def __init__(self, server: "RaceServer", code: str, dice: str, level, maker: Link):
        self.server, self.code, self.dice, self.level = server, code, dice, level
        self.address, self.network = maker.holder, maker.network      # who made it, as the caps count
        self.boards = "hidden"
        self.listed = False                          # in the server's `rooms` answer (the host chooses)
        self.players: dict[int, Player] = {}
        self.next_seat = 1
        self.host = 0
        self.phase = "lobby"
        self.race = 0
        self.blockers: Position | None = None
        self.started = 0.0
        self.task: asyncio.Task | None = None        # the countdown, then the race limit
        self.expiry = asyncio.get_running_loop().call_later(server.config.room_lifetime, server.expire, self)

    def event(self, what: str, player: Player | None = None) -> None:
        address = player.link.address if player is not None and player.link is not None else "-"
        self.server.log(self.code, player.seat if player else None, address, what)

    # --- seats

    def seat(self, name: str, address: str) -> Player:
        player = Player(self, self.next_seat, name, address)
        self.next_seat += 1
        self.players[player.seat] = player
        if not self.host:
            self.host = player.seat
        return player

    def racing(self) -> list[Player]:
        """The players in the room's race now: seated and not gone."""
        return [p for p in self.players.values() if not p.left]

    def remove(self, player: Player, why: str = "left") -> None:
        """`player` leaves (by choice, removed by the host, or when the seat's grace ran out)."""
        player.stop_timers()
        if player.link is not None:
            player.link.player = None
        self.event(why, player)
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
        """Send a message to every connected player (encoded once for all)."""
        self.send_all(protocol.encode(protocol.SERVER, kind, **fields).encode())

    def send_all(self, data: bytes, skip: Player | None = None, later: bool = False) -> None:
        for player in self.players.values():
            if player.link is not None and player is not skip:
                player.link.put(data, later)

    def broadcast_room(self) -> None:
        self.broadcast("room", room=self.code, phase=self.phase, dice=self.dice, level=self.level,
                       boards=self.boards, host=self.host, players=[p.summary() for p in self.players.values()])

    def progress(self, player: Player, shown: bool) -> dict:
        """A player's progress as the others see it: the board only when `shown`."""
        position = player.position
        return {"seat": player.seat, "placed": len(position.placed),
                "cells": sum(len(cells) for cells in position.placed.values()),
                "ms": player.ms if player.ms is not None else self.elapsed_ms(),
                "position": position.notation() if shown else None}

    def catch_up(self, player: Player) -> None:
        """What a player who (re)joins needs: the room, and the race in it if there is one."""
        self.broadcast_room()
        if self.phase in ("racing", "finished") and player.position is not None:
            self.send_race(player)
            shown = self.boards == "visible" or self.phase == "finished"
            for other in self.players.values():
                if other is not player and other.position is not None:
                    player.send("progress", **self.progress(other, shown))
        if self.phase == "finished":
            player.send("results", race=self.race, order=self.order())

    # --- lobby and countdown

    def settings(self, player: Player, message: dict) -> None:
        if player.seat != self.host or self.phase != "lobby":
            raise ProtocolError("only the host chooses, in the lobby")
        self.dice, self.level, self.boards = message["dice"], message["level"], message["boards"]
        self.broadcast_room()

    def listing(self, player: Player, listed: bool) -> None:
        """The host lists the room (anyone asking the server for rooms sees it while it is in
        the lobby with a seat free) or makes it private (joined by its code alone)."""
        if player.seat != self.host:
            raise ProtocolError("only the host lists the room")
        if listed != self.listed:
            self.listed = listed
            self.event("listed" if listed else "private")

    def listed_entry(self) -> dict | None:
        """The room as the `rooms` answer shows it, if it is listed and can be joined now."""
        host = self.players.get(self.host)
        if not self.listed or self.phase != "lobby" or host is None or len(self.players) >= MAX_PLAYERS:
            return None
        return {"room": self.code, "host": host.name, "players": len(self.players), "dice": self.dice,
                "level": self.level}

    def set_ready(self, player: Player, ready: bool) -> None:
        if self.phase not in ("lobby", "countdown"):
            raise ProtocolError("Ready is for the lobby")
        player.ready = ready
        if self.phase == "countdown" and not ready:
            self.cancel_countdown()
        self.broadcast_room()
        players = list(self.players.values())
        if (self.phase == "lobby" and len(players) >= MIN_PLAYERS
                and all(p.ready and p.link is not None for p in players)):
            self.phase = "countdown"
            self.task = self.server.spawn(self._count_down())
            self.event("countdown")
            self.broadcast_room()

    def kick(self, player: Player, seat: int) -> None:
        """The host removes the player of `seat` (in the lobby or between races)."""
        if player.seat != self.host or self.phase == "racing":
            raise ProtocolError("only the host removes a player, and not during a race")
        other = self.players.get(seat)
        if other is None or other is player:
            raise ProtocolError("no other player has that seat")
        other.send("removed", reason="the host removed you from the room")
        self.remove(other, "removed by the host")

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
            player.position, player.seq, player.ms, player.place, player.idle = blockers, 0, None, None, False
            self.wake(player)
        if self.server.lines is not None:
            self.event(f"race {self.race} starts: {blockers.notation()}")
        self.broadcast_room()
        for player in self.players.values():
            self.send_race(player)
        self.task = self.server.spawn(self._race_limit())

    def send_race(self, player: Player) -> None:
        """The race as this player sees it: the roll, their board, the clock, their move count."""
        player.send("race", race=self.race, blockers=self.blockers.notation(),
                    position=player.position.notation(), elapsed_ms=self.elapsed_ms(), seq=player.seq)

    async def _race_limit(self) -> None:
        await asyncio.sleep(self.server.config.race_limit)
        self.event("the race's time is up")
        self.finish()

    def elapsed_ms(self) -> int:
        return int((time.monotonic() - self.started) * 1000)

    # --- the race

    def wake(self, player: Player) -> None:
        """(Re)start the player's idle clock: race_idle seconds to the next accepted move (one
        timer, moved on only when it rings)."""
        loop = asyncio.get_running_loop()
        player.moved = loop.time()
        if player.waking is None:
            player.waking = loop.call_later(self.server.config.race_idle, self.doze, player)

    def doze(self, player: Player) -> None:
        """The player made no move for race_idle seconds: out of this race, unplaced."""
        loop = asyncio.get_running_loop()
        player.waking = None
        if self.phase != "racing" or player.ms is not None or player.left:
            return
        due = player.moved + self.server.config.race_idle
        if loop.time() < due:
            player.waking = loop.call_at(due, self.doze, player)
            return
        player.idle = True
        self.event("out of the race: no move", player)
        self.broadcast_room()
        self.end_if_over()

    def play(self, player: Player, seq: int, move: str) -> None:
        """Apply one of the player's move strings with the engine if the race is on, the player
        is in it, `seq` is the next number and the rules allow it; otherwise `refused`, with the
        reason and the player's board as the server has it."""
        if self.phase != "racing" or player.left or player.position is None:
            raise ProtocolError("no race is running")
        if player.ms is not None:
            return self.refuse(player, seq, "you have finished")
        if player.idle:
            return self.refuse(player, seq, "you are out of this race: no move for too long")
        if seq != player.seq + 1:
            return self.refuse(player, seq, f"out of order: the next move is number {player.seq + 1}")
        try:
            position = execute(player.position, move)
        except SquarewiseError as exc:
            return self.refuse(player, seq, str(exc))
        player.position, player.seq = position, seq
        ms = self.elapsed_ms()
        if position.is_solved:
            player.ms = ms
        player.send("moved", seq=seq, ms=ms)
        self.wake(player)
        shown = self.boards == "visible"
        self.send_all(protocol.encode(protocol.SERVER, "progress", **self.progress(player, shown)).encode(),
                      skip=player, later=True)
        if position.is_solved:
            player.place = 1 + sum(p.place is not None for p in self.players.values())
            player.stop_timers()
            self.event(f"finished {ordinal(player.place)} in {ms} ms", player)
            self.broadcast("finished", seat=player.seat, name=player.name, place=player.place, ms=ms)
            self.end_if_over()

    def refuse(self, player: Player, seq: int, reason: str) -> None:
        self.event(f"move {seq} refused: {_escaped(reason)}", player)
        player.send("refused", seq=seq, reason=reason[:200], position=player.position.notation(),
                    ms=self.elapsed_ms())

    def end_if_over(self) -> None:
        if all(p.ms is not None or p.idle for p in self.racing()):
            self.finish()

    def finish(self) -> None:
        if self.phase != "racing":
            return
        self.phase = "finished"
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        for player in self.players.values():
            if player.waking is not None:
                player.waking.cancel()
                player.waking = None
        order = self.order()
        if self.server.lines is not None:                   # the line is made only to be written
            self.event(f"race {self.race} over: " + ", ".join(f"{p['seat']}:{p['place'] or '-'}" for p in order))
        self.broadcast_room()
        self.broadcast("results", race=self.race, order=order)

    def order(self) -> list[dict]:
        ranked = sorted(self.players.values(), key=lambda p: (p.place is None, p.place or 0, p.seat))
        return [{"seat": p.seat, "name": p.name, "place": p.place, "ms": p.ms,
                 "position": p.position.notation() if p.position is not None else None} for p in ranked]

    def rematch(self) -> None:
        """Back to the lobby for a new roll: everyone un-ready; the seats of players who left
        or are not connected are freed (as a dropped connection in the lobby is)."""
        if self.phase != "finished":
            raise ProtocolError("a rematch comes after a race")
        self.phase = "lobby"
        self.event("rematch")
        for player in list(self.players.values()):
            player.ready, player.position, player.seq, player.ms, player.place = False, None, 0, None, None
            player.idle = False
            if player.left or player.link is None:
                self.remove(player, "seat freed at the rematch")
        if self.server.rooms.get(self.code) is self:
            self.broadcast_room()


class RaceServer:
    """The rooms and connections of one server; `start` listens, `close` stops."""

    def __init__(self, config: Config | None = None, store: Store | None = None):
        self.config = config or Config()
        self.store = store              # the standings database (game/net/store.py), None: no standings
        self.desk = DailyDesk(self, store) if store is not None else None
        self.rooms: dict[str, Room] = {}
        self.links: set[Link] = set()
        self.connections_from: Counter = Counter()   # open websockets per address (behind a proxy: its header's)
        self.sockets = 0                             # sockets accepted and not yet closed ...
        self.sockets_from: Counter = Counter()       # ... per peer address (an IPv6 /64)
        self.refusing = 0                            # sockets kept to be answered 503/429
        self.cut = 0                                 # sockets cut at accept, not yet said in the log
        self.starved_until = 0.0                     # out of descriptors was said; again only after this
        self.failures: dict[str, deque] = {}         # per address (an IPv6 /64): times of recent failed joins
        self.all_failures: deque = deque()           # every address's, for the server's budget
        self.budget = Bucket(self.config.server_rate, self.config.server_burst)
        self.calm_until = 0.0                        # `shed` looks for no one before this
        self.unsent = {False: set(), True: set()}    # links with messages to write soon, or within progress_delay
        self.flushing = {False: None, True: None}    # the call that writes them
        self.answering = False                       # a client's message is being dispatched: write after it
        self.tasks: set[asyncio.Task] = set()
        self._ws_server = None
        self.lines: Callable[[str], None] | None = None   # writes one log line (`squarewise serve`), None: no log

    async def start(self, host: str = "127.0.0.1", port: int = 0, ssl=None) -> int:
        """Listen on host:port (0: any free port), with TLS when `ssl` is an SSLContext; returns the port."""
        config, loop = self.config, asyncio.get_running_loop()
        names.key("")                           # Unicode's look-alike data read now, not at the first name
        self._loop_errors = loop.get_exception_handler()
        loop.set_exception_handler(self._loop_error)
        self._ws_server = await serve(
            self._handle, host, port, max_size=protocol.MAX_MESSAGE_BYTES, compression=None,
            open_timeout=config.handshake_timeout, ping_interval=config.ping_interval,
            ping_timeout=config.ping_timeout, close_timeout=2, process_request=self._admit,
            server_header=None, create_connection=self._connection, ssl=ssl, backlog=1024)
        if self.desk is not None:
            await self.desk.start()             # an operator's decisions looked for from now on
        return self._ws_server.sockets[0].getsockname()[1]

    def _connection(self, *args, **kwargs) -> Connection:
        connection = Connection(*args, **kwargs)
        connection.race = self
        return connection

    async def close(self) -> None:
        """Close every connection (clients hear 1001) and room, and wait for every task."""
        if self._ws_server is not None:
            self._ws_server.close()
            await self._ws_server.wait_closed()
        for room in list(self.rooms.values()):
            self.close_room(room)
        if self.desk is not None:
            self.desk.close()
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)
        if self._ws_server is not None:
            asyncio.get_running_loop().set_exception_handler(self._loop_errors)

    def spawn(self, coroutine) -> asyncio.Task:
        """A task the server keeps until it is done (and waits for on close)."""
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # --- writing

    def flush_soon(self, link: Link, later: bool) -> None:
        """Have `link`'s messages written at the end of this turn of the loop, or, `later`,
        within progress_delay seconds (one call for every link, whatever their number)."""
        self.unsent[later].add(link)
        if self.flushing[later] is None and (later or not self.answering):
            loop = link.ws.loop
            self.flushing[later] = (loop.call_later(self.config.progress_delay, self._flush, later) if later
                                    else loop.call_soon(self._flush, later))

    def _flush(self, later: bool) -> None:
        if self.flushing[later] is not None:
            self.flushing[later].cancel()
        links, self.unsent[later], self.flushing[later] = self.unsent[later], set(), None
        for link in links:
            link.flush()

    # --- the log

    def log(self, room: str | None, seat: int | None, address: str, what: str) -> None:
        """One line per room event and refusal: room, seat, address, what (player text escaped)."""
        if self.lines is not None:
            self.lines(f"room={room or '-'} seat={seat or '-'} addr={_escaped(address)} {what}")

    def refusal(self, link: Link, what: str) -> None:
        player = link.player
        self.log(player.room.code if player else None, player.seat if player else None, link.address, what)

    # --- admission and budgets

    def accepted(self, connection: Connection, transport) -> bool:
        """Count a socket just accepted (before its handshake). Past the server's cap, or its
        address's (not behind a proxy: there every socket is the proxy's), it is kept a moment
        to be answered 503 or 429 when its request comes, while fewer than REFUSING wait so;
        past that it is cut at once (False)."""
        config = self.config
        peer = transport.get_extra_info("peername")
        connection.peer = networks.holder(str(peer[0])) if peer else "?"
        self.sockets += 1
        self.sockets_from[connection.peer] += 1
        if self.sockets > config.max_connections:
            connection.refusal = 503
        elif not config.trust_proxy and self.sockets_from[connection.peer] > config.per_address_connections:
            connection.refusal = 429
        if connection.refusal is None:
            return True
        if self.refusing < REFUSING:
            self.refusing += 1
            connection.loop.call_later(REFUSAL_GRACE, transport.abort)
            return True
        connection.refusal = None               # (not one of the REFUSING)
        transport.abort()
        if not self.cut:                        # one log line a second at most, however many
            connection.loop.call_later(1.0, self._say_cut)
        self.cut += 1
        return False

    def released(self, connection: Connection) -> None:
        """A counted socket is closed."""
        if connection.peer is None:
            return
        self.sockets -= 1
        self.sockets_from[connection.peer] -= 1
        if not self.sockets_from[connection.peer]:
            del self.sockets_from[connection.peer]
        if connection.refusal is not None:
            self.refusing -= 1
        connection.peer = None

    def _say_cut(self) -> None:
        self.log(None, None, "-", f"{self.cut} socket{'s' * (self.cut != 1)} cut at accept: "
                                  f"the server or their address was full ({self.sockets} open)")
        self.cut = 0

    def _loop_error(self, loop, context: dict) -> None:
        """The loop's exception handler: out of file descriptors at accept (asyncio pauses
        accepting a second, then tries again) is one log line, said again only after
        STARVED_QUIET seconds without; anything else goes where it went before."""
        exc = context.get("exception")
        if context.get("message") == ACCEPT_STARVED and isinstance(exc, OSError):
            now = time.monotonic()
            if now >= self.starved_until:
                self.log(None, None, "-", f"out of file descriptors ({errno.errorcode.get(exc.errno, exc.errno)}): "
                                          f"accepting paused, retried every second; {self.sockets} sockets open")
            self.starved_until = now + STARVED_QUIET
            return
        if self._loop_errors is not None:
            self._loop_errors(loop, context)
        else:
            loop.default_exception_handler(context)

    def _admit(self, connection: Connection, request):
        """Answer the handshake of a socket counted over a cap (503: the server is full; 429:
        its address is); behind a proxy, the address in the header has the per-address cap."""
        config = self.config
        address = _address(connection, request, config.trust_proxy)
        connection.address = address
        full = connection.refusal == 503
        if connection.refusal is None and config.trust_proxy and \
                self.connections_from[networks.holder(address)] >= config.per_address_connections:
            connection.refusal = 429
            self.refusing += 1
        if connection.refusal is None:
            return None
        self.log(None, None, address, "refused: " + ("the server is full" if full else
                                                     "too many connections from this address"))
        return connection.respond(connection.refusal, "The race server is full.\n" if full else
                                  "Too many connections from this address.\n")

    def shed(self) -> None:
        """The server's budget is spent: cut the sender with the highest sustained rate if that
        rate is over both an honest racer's and its fair share (server_rate over the open
        connections); else nobody is cut and the frame is served (a burst the server absorbs),
        and nobody is looked for again for SHED_PAUSE seconds."""
        config, now = self.config, time.monotonic()
        if now < self.calm_until:
            return
        live = {k: k.load for k in self.links if not k.cut}
        worst = heaviest(live, now, max(config.honest_rate, config.server_rate / max(1, len(live))))
        if worst is None:
            self.calm_until = now + SHED_PAUSE
        else:
            worst.close_now("the server is busy")

    # --- connections

    async def _handle(self, ws: Connection) -> None:
        link = Link(self, ws, ws.address)
        self.links.add(link)
        self.connections_from[link.holder] += 1
        try:
            await self._serve_link(link)
        finally:
            self.links.discard(link)
            self.connections_from[link.holder] -= 1
            if not self.connections_from[link.holder]:
                del self.connections_from[link.holder]
            if link.player is not None:
                self._dropped(link.player)
            if link.run is not None:
                self.desk.dropped(link)

    async def _serve_link(self, link: Link) -> None:
        config, loop = self.config, asyncio.get_running_loop()
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
                desk = None
                try:
                    self.answering = True
                    desk = self._dispatch(link, protocol.decode(text, CLIENT))
                    if desk is None:
                        continue
                except ProtocolError as exc:
                    error = exc
                finally:
                    self.answering = False
                    self._flush(False)                  # the answers, one write per client
                if desk is not None:                    # the daily desk's work may wait (a board being made)
                    try:
                        await desk
                        continue
                    except ProtocolError as exc:
                        error = exc
                said = getattr(error, "said", None)     # the server's own trouble: its line, not the client's fault
                link.errors += said is None
                delay = getattr(error, "delay", 0.0)
                self.refusal(link, said or f"error: {_escaped(str(error))}" + (f" (answered in {delay:g} s)" if delay else ""))
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
        config, loop = self.config, asyncio.get_running_loop()
        due = link.heard + (config.seat_silence if link.player or link.run else config.hello_timeout)
        if loop.time() < due:
            link.watch = loop.call_at(due, self._silence, link)
            return
        self.refusal(link, "connection closed: said nothing")
        link.flush()
        self.spawn(link.ws.close(POLICY, "said nothing"))

    def _dispatch(self, link: Link, message: dict):
        """Handle a message; the daily desk's come back as a coroutine to await."""
        kind = message["type"]
        player = link.player
        if kind in DESK_TYPES or link.run is not None:
            if self.desk is None:
                raise ProtocolError("this server keeps no standings")
            if player is not None:
                raise ProtocolError("in a room: leave it first")
            if kind not in DESK_TYPES and kind not in ("move", "leave", "alive"):
                raise ProtocolError("in a daily run: leave it first")
            return self.desk.handle(link, message)
        if kind == "rooms":
            return self._list_rooms(link)
        if kind in ("create", "join", "resume"):
            if player is not None:
                raise ProtocolError("already in a room: leave it first")
            return getattr(self, "_" + kind)(link, message)      # a join answered later: a coroutine
        if player is None:
            raise ProtocolError("not in a room: create, join or resume first")
        room = player.room
        if kind == "move":
            room.play(player, message["seq"], message["move"])
        elif kind == "ready":
            room.set_ready(player, message["ready"])
        elif kind == "settings":
            room.settings(player, message)
        elif kind == "remove":
            room.kick(player, message["seat"])
        elif kind == "rematch":
            room.rematch()
        elif kind == "listing":
            room.listing(player, message["listed"])
        elif kind == "leave":
            room.remove(player)

    def _list_rooms(self, link: Link) -> None:
        """The listed rooms that can be joined now, oldest first: at most MAX_LISTED, and fewer
        when more would pass a frame; a connection asks at most once every rooms_every seconds."""
        now = asyncio.get_running_loop().time()
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

    def _create(self, link: Link, message: dict) -> None:
        config = self.config
        name = names.normalise(message["name"])
        if len(self.rooms) >= config.max_rooms:
            raise ProtocolError("the server has no room for another room; try later")
        if sum(room.address == link.holder for room in self.rooms.values()) >= config.per_address_rooms:
            raise ProtocolError(f"your address has {config.per_address_rooms} rooms open already")
        if sum(room.network == link.network for room in self.rooms.values()) >= config.per_network_rooms:
            raise ProtocolError(f"your network has {config.per_network_rooms} rooms open already")
        self._check_seats(link.holder)
        code = self._new_code()
        room = self.rooms[code] = Room(self, code, message["dice"], message["level"], link)
        player = room.seat(name, link.holder)
        self._sit(link, room, player, "created the room as " + _escaped(name))

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms:
                return code

    def _join(self, link: Link, message: dict, waited: bool = False):
        """Seat the sender in the room of that code. A right code from an address that has
        failed lately is answered after the delay a wrong one would get: else a guesser would
        learn a right code by its quick answer."""
        room = self.rooms.get(message["room"])
        if room is None:
            raise self._failed(link, "no room with that code")
        delay = 0.0 if waited else self._delay(link.holder, time.monotonic(), failed=False)
        if delay:
            return self._join_later(link, message, delay)
        name = names.normalise(message["name"])
        if room.phase != "lobby":
            raise ProtocolError("that room is racing; join when it is back in the lobby")
        if len(room.players) >= MAX_PLAYERS:
            raise ProtocolError(f"that room is full ({MAX_PLAYERS} players)")
        if any(names.same(name, p.name) for p in room.players.values()):
            raise ProtocolError("that name (or one that looks like it) is taken in this room")
        self._check_seats(link.holder)
        self._sit(link, room, room.seat(name, link.holder), "joined as " + _escaped(name))

    async def _join_later(self, link: Link, message: dict, delay: float) -> None:
        await self._pause(link, delay)
        if link.cut is None and link.ws.protocol.state is State.OPEN:
            self._join(link, message, waited=True)

    async def _pause(self, link: Link, delay: float) -> None:
        """Wait `delay` seconds before answering `link` (less if it closes meanwhile); its
        silence counts from the answer."""
        if delay:
            link.heard = asyncio.get_running_loop().time() + delay
            await asyncio.wait([link.ws.connection_lost_waiter], timeout=delay)

    def _resume(self, link: Link, message: dict) -> None:
        room = self.rooms.get(message["room"])
        player = None if room is None else next(
            (p for p in room.players.values() if not p.left and secrets.compare_digest(p.token, message["token"])),
            None)
        if player is None:
            raise self._failed(link, "no seat with that token in that room")
        if player.link is not None:              # the old connection is half-open: this one takes over
            old, player.link, old.player = player.link, None, None
            old.abort("replaced by a resumed connection")
        self._sit(link, room, player, "resumed")

    def _check_seats(self, address: str) -> None:
        held = sum(p.address == address and not p.left for room in self.rooms.values() for p in room.players.values())
        if held >= self.config.per_address_seats:
            raise ProtocolError(f"your address holds {self.config.per_address_seats} seats already")

    def _sit(self, link: Link, room: Room, player: Player, what: str) -> None:
        if player.expiry is not None:
            player.expiry.cancel()
            player.expiry = None
        player.link, link.player = link, player
        room.event(what, player)
        link.send("joined", room=room.code, seat=player.seat, token=player.token)
        room.catch_up(player)

    def _failed(self, link: Link, reason: str) -> ProtocolError:
        """A failed join or resume: the error to raise, answered after a delay that doubles with
        each failure past join_failures in join_window from the address, or past
        server_join_failures from all addresses together (guessing slows down, across many
        addresses too; no one at an address is locked out, and a right token is answered at
        once)."""
        now = time.monotonic()
        if len(self.failures) > 10_000:          # bounded memory: forget the oldest addresses
            for address in list(self.failures)[:5_000]:
                del self.failures[address]
        self.failures.setdefault(link.holder, deque()).append(now)
        self.all_failures.append(now)
        error = ProtocolError(reason)
        error.delay = self._delay(link.holder, now, failed=True)
        return error

    def _delay(self, holder: str, now: float, failed: bool) -> float:
        """How long an answer to a join from `holder` waits: by its own failures in the window
        past join_failures, and (if this one failed or it has failed lately) by the server's
        past server_join_failures; 0.5 s doubling to 30 s by default."""
        config = self.config
        mine = self.failures.get(holder, ())
        for times in (mine, self.all_failures):
            while times and now - times[0] >= config.join_window:
                times.popleft()
        over = len(mine) - config.join_failures
        if failed or mine:
            over = max(over, len(self.all_failures) - config.server_join_failures)
        return 0.0 if over <= 0 else min(config.join_delay_most, config.join_delay * 2.0 ** min(over - 1, 30))

    # --- leaving

    def _dropped(self, player: Player) -> None:
        """The player's connection is gone: in the lobby the seat is freed (joining again is
        as quick), in a race it is kept for seat_grace seconds for a resume."""
        room = player.room
        if room.phase in ("lobby", "countdown"):
            room.remove(player, "dropped: seat freed")
            return
        player.link = None
        room.event("dropped: seat kept", player)
        player.expiry = asyncio.get_running_loop().call_later(
            self.config.seat_grace, room.remove, player, "seat's grace over")
        room.broadcast_room()

    def expire(self, room: Room) -> None:
        """The room's lifetime is over: everyone in it is told, and it closes."""
        room.event("closed: the room's time is up")
        for player in list(room.players.values()):
            if player.link is not None:
                player.send("removed", reason="this room's time is up: make a new one")
                player.link.player = None
                player.link = None
        self.close_room(room)

    def close_room(self, room: Room) -> None:
        if room.task is not None:
            room.task.cancel()
        room.expiry.cancel()
        for player in room.players.values():
            player.stop_timers()
        if self.rooms.pop(room.code, None) is not None:
            room.event("room closed")


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


def text_frame(data: bytes) -> bytes:
    """A server's websocket text frame of `data` (UTF-8): final, unmasked, no extension (RFC
    6455 5.2), made here so a message framed once can go to each recipient as it is."""
    n = len(data)
    if n < 126:
        return bytes((0x81, n)) + data
    if n < 65536:
        return struct.pack("!BBH", 0x81, 126, n) + data
    return struct.pack("!BBQ", 0x81, 127, n) + data


def _address(connection: ServerConnection, request, trust_proxy: bool) -> str:
    """The client's address: the peer's, or (behind a trusted proxy) the last X-Forwarded-For."""
    if trust_proxy:
        forwarded = request.headers.get("X-Forwarded-For", "").rpartition(",")[2].strip()
        if forwarded:
            return forwarded[:64]
    remote = connection.remote_address
    return str(remote[0]) if remote else "?"


def _escaped(text: str) -> str:
    """Player text made safe for a log line: quoted, with anything not plain ASCII escaped."""
    return json.dumps(text, ensure_ascii=True)

