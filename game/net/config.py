"""The race server's limits and timeouts, one dataclass: `squarewise serve` uses the defaults,
tests make them small. docs/server.md, "Limits and defaults", says what happens past each."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable


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
