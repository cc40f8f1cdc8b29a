"""Who gets into the race server, and who is cut when it is busy.

Every socket counts from the moment it is accepted (half-open ones too), against the server's
cap and its address's (an IPv6 client by its /64); past either it is answered 503 or 429 when
its request comes, or cut at once when too many wait so. Running out of file descriptors is
one log line. Rooms are capped per address and per network, seats per address. Every frame
takes one from the server's budget; past it the heaviest sustained sender is cut (`shed`),
never one sending what an honest racer does. Failed joins and resumes (wrong codes, tokens)
slow their address down, and past a budget of the whole server every guesser's. Every limit
is in `Config` (game/net/config.py); docs/server.md says what happens past each.
"""
from __future__ import annotations

import errno
import math
import time
from collections import Counter, deque
from typing import TYPE_CHECKING, Callable

from . import networks
from .budget import Bucket
from .config import Config
from .protocol import ProtocolError

if TYPE_CHECKING:
    from .room import Room
    from .transport import Connection, Link

SHED_PAUSE = 0.5                # seconds between looks for a sender to shed that found none
REFUSING = 64                   # sockets over a cap kept at most to be answered 503/429 ...
REFUSAL_GRACE = 1.0             # ... for this many seconds; past either, cut at once
STARVED_QUIET = 60.0            # running out of descriptors is said again only after this long without
ACCEPT_STARVED = "socket.accept() out of system resource"     # asyncio's words (it retries a second later)


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


class Admission:
    """The counts and budgets that decide who gets in and who is cut; `log` writes one log line
    (room, seat, address, what)."""

    def __init__(self, config: Config, log: Callable[[str | None, int | None, str, str], None]):
        self.config, self.log = config, log
        self.connections_from: Counter = Counter()   # open websockets per address (behind a proxy: its header's)
        self.sockets = 0                             # sockets accepted and not yet closed ...
        self.sockets_from: Counter = Counter()       # ... per peer address (an IPv6 /64)
        self.refusing = 0                            # sockets kept to be answered 503/429
        self.cut = 0                                 # sockets cut at accept, not yet said in the log
        self.starved_until = 0.0                     # out of descriptors was said; again only after this
        self.earlier = None                          # the loop's exception handler before `watch`
        self.failures: dict[str, deque] = {}         # per address (an IPv6 /64): times of recent failed joins
        self.all_failures: deque = deque()           # every address's, for the server's budget
        self.budget = Bucket(config.server_rate, config.server_burst)
        self.calm_until = 0.0                        # `shed` looks for no one before this

    # --- sockets

    def accepted(self, connection: "Connection", transport) -> bool:
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

    def released(self, connection: "Connection") -> None:
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

    def answer(self, connection: "Connection", request):
        """Answer the handshake of a socket counted over a cap (503: the server is full; 429:
        its address is); behind a proxy, the address in the header has the per-address cap.
        None: the handshake goes on."""
        config = self.config
        address = client_address(connection, request, config.trust_proxy)
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

    def entered(self, link: "Link") -> None:
        self.connections_from[link.holder] += 1

    def left(self, link: "Link") -> None:
        self.connections_from[link.holder] -= 1
        if not self.connections_from[link.holder]:
            del self.connections_from[link.holder]

    def watch(self, loop) -> None:
        """Take the loop's exception handler: out of file descriptors at accept (asyncio pauses
        accepting a second, then tries again) is one log line, said again only after
        STARVED_QUIET seconds without; anything else goes where it went before."""
        self.earlier = loop.get_exception_handler()
        loop.set_exception_handler(self._loop_error)

    def unwatch(self, loop) -> None:
        loop.set_exception_handler(self.earlier)

    def _loop_error(self, loop, context: dict) -> None:
        exc = context.get("exception")
        if context.get("message") == ACCEPT_STARVED and isinstance(exc, OSError):
            now = time.monotonic()
            if now >= self.starved_until:
                self.log(None, None, "-", f"out of file descriptors ({errno.errorcode.get(exc.errno, exc.errno)}): "
                                          f"accepting paused, retried every second; {self.sockets} sockets open")
            self.starved_until = now + STARVED_QUIET
            return
        if self.earlier is not None:
            self.earlier(loop, context)
        else:
            loop.default_exception_handler(context)

    # --- rooms and seats

    def check_room(self, link: "Link", rooms: dict[str, "Room"]) -> None:
        """Refuse a new room past the server's cap, or its maker's address's or network's."""
        config = self.config
        if len(rooms) >= config.max_rooms:
            raise ProtocolError("the server has no room for another room; try later")
        if sum(room.address == link.holder for room in rooms.values()) >= config.per_address_rooms:
            raise ProtocolError(f"your address has {config.per_address_rooms} rooms open already")
        if sum(room.network == link.network for room in rooms.values()) >= config.per_network_rooms:
            raise ProtocolError(f"your network has {config.per_network_rooms} rooms open already")

    def check_seats(self, holder: str, rooms: dict[str, "Room"]) -> None:
        held = sum(p.address == holder and not p.left for room in rooms.values() for p in room.players.values())
        if held >= self.config.per_address_seats:
            raise ProtocolError(f"your address holds {self.config.per_address_seats} seats already")

    # --- the server's budget

    def shed(self, links) -> None:
        """The server's budget is spent: cut the sender with the highest sustained rate if that
        rate is over both an honest racer's and its fair share (server_rate over the open
        connections); else nobody is cut and the frame is served (a burst the server absorbs),
        and nobody is looked for again for SHED_PAUSE seconds."""
        config, now = self.config, time.monotonic()
        if now < self.calm_until:
            return
        live = {k: k.load for k in links if not k.cut}
        worst = heaviest(live, now, max(config.honest_rate, config.server_rate / max(1, len(live))))
        if worst is None:
            self.calm_until = now + SHED_PAUSE
        else:
            worst.close_now("the server is busy")

    # --- failed joins

    def failed(self, holder: str, reason: str) -> ProtocolError:
        """A failed join or resume: the error to raise, answered after a delay that doubles with
        each failure past join_failures in join_window from the address, or past
        server_join_failures from all addresses together (guessing slows down, across many
        addresses too; no one at an address is locked out, and a right token is answered at
        once)."""
        now = time.monotonic()
        if len(self.failures) > 10_000:          # bounded memory: forget the oldest addresses
            for address in list(self.failures)[:5_000]:
                del self.failures[address]
        self.failures.setdefault(holder, deque()).append(now)
        self.all_failures.append(now)
        error = ProtocolError(reason)
        error.delay = self.delay(holder, now, failed=True)
        return error

    def delay(self, holder: str, now: float, failed: bool) -> float:
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


def client_address(connection, request, trust_proxy: bool) -> str:
    """The client's address: the peer's, or (behind a trusted proxy) the last X-Forwarded-For."""
    if trust_proxy:
        forwarded = request.headers.get("X-Forwarded-For", "").rpartition(",")[2].strip()
        if forwarded:
            return forwarded[:64]
    remote = connection.remote_address
    return str(remote[0]) if remote else "?"
