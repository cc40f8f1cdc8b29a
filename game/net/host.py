"""Hosting from the game: the race server on a background thread, and its room advertised.

The game's Host button starts a `HostedServer` (the same `RaceServer` as `squarewise serve`,
on its own thread and event loop, listening on the local network), connects to it like any
player (`ThreadedClient` on 127.0.0.1), creates the room, then calls `advertise` with the
room's code so that Join on other computers of the network finds it. Nothing here blocks
the frame for long: `close` stops both (a second or so).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import threading

from .discovery import Advertiser
from .server import Config, RaceServer

START_TIMEOUT = 10.0


class HostedServer:
    """A RaceServer running on a thread of its own; `port` is where it listens."""

    def __init__(self, host: str = "0.0.0.0", port: int = 0, config: Config | None = None):
        self.server = RaceServer(config)
        self.advertiser: Advertiser | None = None
        self._advertising: concurrent.futures.Future | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="race-server", daemon=True)
        self._thread.start()
        try:
            started = asyncio.run_coroutine_threadsafe(self.server.start(host, port), self._loop)
            self.port = started.result(START_TIMEOUT)
        except BaseException:
            self._stop_loop()
            raise

    @property
    def url(self) -> str:
        """Where a player on this computer connects."""
        return f"ws://127.0.0.1:{self.port}/"

    def advertise(self, code: str, host_name: str, addresses: list[str] | None = None,
                  interfaces=None) -> concurrent.futures.Future:
        """Start announcing room `code` on the local network (zeroconf's interfaces: all unless
        given). Registering takes a second or two, so it runs on a worker thread, after any
        announce or `hide` asked before: the returned future is done when the room is announced
        (its exception says why not)."""
        options = {} if interfaces is None else {"interfaces": interfaces}

        async def register() -> None:
            if self.advertiser is None:
                self.advertiser = await asyncio.to_thread(Advertiser, code, host_name, self.port, addresses, **options)
        return self._then(register)

    def hide(self) -> concurrent.futures.Future:
        """Stop announcing the room (a private room), on a worker thread, after what was asked before."""
        async def unregister() -> None:
            advertiser, self.advertiser = self.advertiser, None
            if advertiser is not None:
                await asyncio.to_thread(advertiser.close)
        return self._then(unregister)

    def _then(self, step) -> concurrent.futures.Future:
        """Run the coroutine function `step` on the server's loop once the last one has ended."""
        before = self._advertising

        async def after() -> None:
            if before is not None:
                await asyncio.gather(asyncio.wrap_future(before), return_exceptions=True)
            await step()
        self._advertising = asyncio.run_coroutine_threadsafe(after(), self._loop)
        return self._advertising

    def close(self) -> None:
        """Stop advertising, close every connection (clients hear that the server shut down), stop."""
        if self._advertising is not None:
            concurrent.futures.wait([self._advertising], START_TIMEOUT)
            self._advertising = None
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None
        if not self._loop.is_closed():
            asyncio.run_coroutine_threadsafe(self.server.close(), self._loop).result(START_TIMEOUT)
            self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(START_TIMEOUT)
        self._loop.close()
