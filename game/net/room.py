"""A race room as a value: its players, the host's choices and the race in it, with no socket.

A room goes lobby -> countdown -> racing -> finished, and a rematch takes it back to the lobby.
It applies each player's move strings to its own copy of their board with the racing puzzle's
`execute` (solver/puzzles.py `racing`), refusing stale, replayed and illegal ones, keeps the race's
one clock, and places a player when the engine sees their board solved (no message claims a
finish). During a race the others hear a player's progress, not the board, unless the host
chose visible boards; every board is in the results.

The room sees the rest of the server through two small interfaces: its `Server` (the limits,
a loop for the time and the timers, the log, the roll's draw, and where a closed room goes) and
each player's `Line` (bytes or a message to that client). The race server (game/net/server.py)
gives it the event loop and its connections; tests/net/test_room.py gives it a fake loop and
lines that keep what they are sent. Which message each phase takes is the server's table
(game/net/server.py `ROWS`); the room's methods are called in the phases the table says.
"""
from __future__ import annotations

import secrets
from typing import Callable, Mapping, Protocol

from solver.cli_common import ordinal
from solver.errors import SquarewiseError
from solver.puzzles import racing

from . import names, protocol
from .config import Config
from .log_lines import escaped
from .protocol import MAX_PLAYERS, MIN_PLAYERS, ProtocolError

HOST_CHOOSES = "only the host chooses, in the lobby"
HOST_REMOVES = "only the host removes a player, and not during a race"


class Position(Protocol):
    """A board of the racing puzzle, as the room reads it."""
    placed: Mapping                         # piece -> its cells
    is_solved: bool

    def notation(self) -> str: ...


class Timer(Protocol):
    def cancel(self) -> None: ...


class Loop(Protocol):
    """The time and the timers (an asyncio event loop is one)."""
    def time(self) -> float: ...
    def call_later(self, delay: float, callback: Callable, *args) -> Timer: ...
    def call_at(self, when: float, callback: Callable, *args) -> Timer: ...


class Server(Protocol):
    """What a room asks of the server that holds it."""
    config: Config
    loop: Loop
    lines: Callable[[str], None] | None     # the log's writer; None: no log (lines not even made)

    def log(self, room: str | None, seat: int | None, address: str, what: str) -> None: ...

    def draw(self, dice: str, level, done: Callable[[Position], None]) -> Timer:
        """Draw a roll of that dice set and level away from the loop; `done(blockers)` on the
        loop once drawn, unless cancelled first."""

    def closed(self, room: "Room") -> None:
        """The room is closed: forget it."""


class Line(Protocol):
    """A seated player's connection, as the room uses it."""
    address: str
    player: "Player | None"                 # the seat it holds: set and cleared by the room

    def put(self, data: bytes, later: bool = False) -> None:
        """An encoded message to send (`later`: others' progress, which may wait a little)."""

    def send(self, kind: str, **fields) -> None: ...


class Player:
    """A seat in a room: the player's name, address, token, board and progress."""

    def __init__(self, room: "Room", seat: int, name: str, address: str):
        self.room, self.seat, self.name, self.address = room, seat, name, address
        self.token = secrets.token_urlsafe(24)
        self.link: Line | None = None
        self.ready = False
        self.left = False
        self.idle = False                       # out of this race: no move for race_idle seconds
        self.position: Position | None = None
        self.seq = 0
        self.ms: int | None = None
        self.place: int | None = None
        self.expiry: Timer | None = None        # the seat's grace after a drop
        self.waking: Timer | None = None        # race_idle from the last accepted move ...
        self.moved = 0.0                        # ... made at this time of the loop

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
    racing, finished; a rematch goes back to the lobby). `address` and `network`: its maker's,
    as the server's caps count them."""

    def __init__(self, server: Server, code: str, dice: str, level, address: str, network: str):
        self.server, self.loop, self.config = server, server.loop, server.config
        self.code, self.dice, self.level = code, dice, level
        self.address, self.network = address, network
        self.boards = "hidden"
        self.listed = False                          # in the server's `rooms` answer (the host chooses)
        self.players: dict[int, Player] = {}
        self.next_seat = 1
        self.host = 0
        self.phase = "lobby"
        self.race = 0
        self.blockers: Position | None = None
        self.started = 0.0
        self.counting = 0                            # countdown steps still to say
        self.roll: Position | None = None            # the roll drawn for the coming race
        self.drawing: Timer | None = None            # the draw of that roll, while under way
        self.timer: Timer | None = None              # the countdown's next step, then the race's limit
        self.shut = False
        self.expiry = self.loop.call_later(self.config.room_lifetime, self.expire)

    def event(self, what: str, player: Player | None = None) -> None:
        address = player.link.address if player is not None and player.link is not None else "-"
        self.server.log(self.code, player.seat if player else None, address, what)

    # --- seats

    def admit(self, name: str) -> None:
        """Refuse a newcomer of that (normalised) name unless the room can seat them now."""
        if self.phase != "lobby":
            raise ProtocolError("that room is racing; join when it is back in the lobby")
        if len(self.players) >= MAX_PLAYERS:
            raise ProtocolError(f"that room is full ({MAX_PLAYERS} players)")
        if any(names.same(name, p.name) for p in self.players.values()):
            raise ProtocolError("that name (or one that looks like it) is taken in this room")

    def seat(self, name: str, address: str) -> Player:
        player = Player(self, self.next_seat, name, address)
        self.next_seat += 1
        self.players[player.seat] = player
        if not self.host:
            self.host = player.seat
        return player

    def holder_of(self, token: str) -> Player | None:
        """The player still in the room whose token that is (compared in constant time)."""
        return next((p for p in self.players.values() if not p.left and secrets.compare_digest(p.token, token)),
                    None)

    def sit(self, player: Player, link: Line, what: str) -> None:
        """`link` takes `player`'s seat (new, or resumed): `joined`, then what the player needs."""
        if player.expiry is not None:
            player.expiry.cancel()
            player.expiry = None
        player.link, link.player = link, player
        self.event(what, player)
        link.send("joined", room=self.code, seat=player.seat, token=player.token)
        self.catch_up(player)

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
            self.close()
            return
        if self.phase == "countdown":
            self.cancel_countdown()
        self.broadcast_room()
        if self.phase == "racing":
            self.end_if_over()

    def dropped(self, player: Player) -> None:
        """The player's connection is gone: in the lobby the seat is freed (joining again is
        as quick), in a race it is kept for seat_grace seconds for a resume."""
        if self.phase in ("lobby", "countdown"):
            self.remove(player, "dropped: seat freed")
            return
        player.link = None
        self.event("dropped: seat kept", player)
        player.expiry = self.loop.call_later(self.config.seat_grace, self.remove, player, "seat's grace over")
        self.broadcast_room()

    def expire(self) -> None:
        """The room's lifetime is over: everyone in it is told, and it closes."""
        self.event("closed: the room's time is up")
        for player in list(self.players.values()):
            if player.link is not None:
                player.send("removed", reason="this room's time is up: make a new one")
                player.link.player = None
                player.link = None
        self.close()

    def close(self) -> None:
        """Stop every timer of the room and its players; the server forgets it."""
        if self.shut:
            return
        self.shut = True
        for handle in (self.timer, self.drawing, self.expiry):
            if handle is not None:
                handle.cancel()
        for player in self.players.values():
            player.stop_timers()
        self.server.closed(self)
        self.event("room closed")

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

    def settings(self, player: Player, dice: str, level, boards: str) -> None:
        """The host's choices for the next roll (in the lobby)."""
        if player.seat != self.host:
            raise ProtocolError(HOST_CHOOSES)
        self.dice, self.level, self.boards = dice, level, boards
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
        """Ready or not (in the lobby or the countdown): when every player, at least two, is
        ready and connected, the countdown starts; un-ready during it stops it."""
        player.ready = ready
        if self.phase == "countdown" and not ready:
            self.cancel_countdown()
        self.broadcast_room()
        players = list(self.players.values())
        if (self.phase == "lobby" and len(players) >= MIN_PLAYERS
                and all(p.ready and p.link is not None for p in players)):
            self.phase, self.roll, self.counting = "countdown", None, self.config.countdown
            self.event("countdown")
            self.broadcast_room()
            self._count()
            self.drawing = self.server.draw(self.dice, self.level, self._drawn)

    def kick(self, player: Player, seat: int) -> None:
        """The host removes the player of `seat` (in the lobby or between races)."""
        if player.seat != self.host:
            raise ProtocolError(HOST_REMOVES)
        other = self.players.get(seat)
        if other is None or other is player:
            raise ProtocolError("no other player has that seat")
        other.send("removed", reason="the host removed you from the room")
        self.remove(other, "removed by the host")

    def cancel_countdown(self) -> None:
        for handle in (self.timer, self.drawing):
            if handle is not None:
                handle.cancel()
        self.timer = self.drawing = None
        self.phase = "lobby"

    def _count(self) -> None:
        """3, 2, 1 a countdown_step apart while the roll is drawn, then the race (once the roll
        is there: a look-up in the shipped table of solution counts, milliseconds)."""
        if self.counting:
            self.broadcast("countdown", n=self.counting)
            self.counting -= 1
            self.timer = self.loop.call_later(self.config.countdown_step, self._count)
            return
        self.timer = None
        if self.roll is not None:
            self.start(self.roll)

    def _drawn(self, blockers: Position) -> None:
        self.drawing, self.roll = None, blockers
        if self.timer is None and not self.counting:
            self.start(blockers)

    def start(self, blockers: Position) -> None:
        self.phase, self.race, self.blockers, self.roll = "racing", self.race + 1, blockers, None
        self.started = self.loop.time()
        for player in self.players.values():
            player.position, player.seq, player.ms, player.place, player.idle = blockers, 0, None, None, False
            self.wake(player)
        if self.server.lines is not None:
            self.event(f"race {self.race} starts: {blockers.notation()}")
        self.broadcast_room()
        for player in self.players.values():
            self.send_race(player)
        self.timer = self.loop.call_later(self.config.race_limit, self._time_up)

    def send_race(self, player: Player) -> None:
        """The race as this player sees it: the roll, their board, the clock, their move count."""
        player.send("race", race=self.race, blockers=self.blockers.notation(),
                    position=player.position.notation(), elapsed_ms=self.elapsed_ms(), seq=player.seq)

    def _time_up(self) -> None:
        self.timer = None
        self.event("the race's time is up")
        self.finish()

    def elapsed_ms(self) -> int:
        return int((self.loop.time() - self.started) * 1000)

    # --- the race

    def wake(self, player: Player) -> None:
        """(Re)start the player's idle clock: race_idle seconds to the next accepted move (one
        timer, moved on only when it rings)."""
        player.moved = self.loop.time()
        if player.waking is None:
            player.waking = self.loop.call_later(self.config.race_idle, self.doze, player)

    def doze(self, player: Player) -> None:
        """The player made no move for race_idle seconds: out of this race, unplaced."""
        player.waking = None
        if self.phase != "racing" or player.ms is not None or player.left:
            return
        due = player.moved + self.config.race_idle
        if self.loop.time() < due:
            player.waking = self.loop.call_at(due, self.doze, player)
            return
        player.idle = True
        self.event("out of the race: no move", player)
        self.broadcast_room()
        self.end_if_over()

    def play(self, player: Player, seq: int, move: str) -> None:
        """Apply one of the player's move strings with the engine (during the race) if the
        player is in it, `seq` is the next number and the rules allow it; otherwise `refused`,
        with the reason and the player's board as the server has it."""
        if player.ms is not None:
            return self.refuse(player, seq, "you have finished")
        if player.idle:
            return self.refuse(player, seq, "you are out of this race: no move for too long")
        if seq != player.seq + 1:
            return self.refuse(player, seq, f"out of order: the next move is number {player.seq + 1}")
        try:
            position = racing().execute(player.position, move)
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
        self.event(f"move {seq} refused: {escaped(reason)}", player)
        player.send("refused", seq=seq, reason=reason[:200], position=player.position.notation(),
                    ms=self.elapsed_ms())

    def end_if_over(self) -> None:
        if all(p.ms is not None or p.idle for p in self.racing()):
            self.finish()

    def finish(self) -> None:
        if self.phase != "racing":
            return
        self.phase = "finished"
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
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
        """Back to the lobby for a new roll (after a race): everyone un-ready; the seats of
        players who left or are not connected are freed (as a dropped connection in the lobby is)."""
        self.phase = "lobby"
        self.event("rematch")
        for player in list(self.players.values()):
            player.ready, player.position, player.seq, player.ms, player.place = False, None, 0, None, None
            player.idle = False
            if player.left or player.link is None:
                self.remove(player, "seat freed at the rematch")
        if not self.shut:
            self.broadcast_room()
