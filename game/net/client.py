"""Race clients: `RaceClient` for asyncio code, `ThreadedClient` for a frame loop.

`RaceClient` sends protocol messages and receives the server's, each checked against the
protocol's schemas. `ThreadedClient` runs one on a background thread with its own event loop:
the game calls `send()` and `poll()` once a frame and never waits on the network. Besides the
server's messages, `poll()` gives two made here: {"type": "connected"} and
{"type": "lost", "reason": "..."} (one printable line saying why the connection ended; for a
wss:// server whose certificate is not trusted, also "fingerprint": its SHA-256, which the
player may choose to trust for that address: `ThreadedClient(url, trust=fingerprint)`; for a
server that refused the connection, nothing listening there, also "refused": true). `ping()`
asks the server for a websocket pong, which comes back as {"type": "pong"}.
"""
from __future__ import annotations

import asyncio
import hashlib
import queue
import ssl
import threading
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from solver.errors import SquarewiseError, excerpt, one_line

from . import protocol
from .protocol import CLIENT, CODE_ALPHABET, CODE_LENGTH, SERVER, ProtocolError

DEFAULT_PORT = 8765
CONNECT_TIMEOUT = 5.0
PING = object()             # in the outbox: a websocket ping, not a message


def parse_target(text: str) -> tuple[str, str | None]:
    """(url, room code or None) from what a player types: `host:port/CODE`, `host/CODE` (the
    default port), `ws://...` or `wss://host/path/CODE` (a server behind a TLS reverse proxy);
    with no code (`host:port`, `wss://host/path/`), a server to create a room on.

    >>> parse_target("192.168.1.20:8765/abc234")
    ('ws://192.168.1.20:8765/', 'ABC234')
    >>> parse_target("wss://race.example.org/squarewise/ABC234")
    ('wss://race.example.org/squarewise/', 'ABC234')
    >>> parse_target("race.example.org")
    ('ws://race.example.org:8765/', None)
    """
    text = text.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "ws", text
    if scheme not in ("ws", "wss"):
        raise SquarewiseError(f"'{text}': the address should start ws:// or wss://, or be host:port/CODE")
    where, slash, code = rest.rpartition("/") if "/" in rest else (rest, "", "")
    code = code.upper() or None
    if code is not None and (len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code)):
        raise SquarewiseError(f"'{text}': a room code is {CODE_LENGTH} letters and digits, like Q7KX2M")
    host = where.partition("/")[0]
    if not host or not host.isprintable() or " " in host:
        raise SquarewiseError(f"'{text}' should be host:port/CODE (the server's address, then the room code)")
    _check_name(host, text)
    has_port = host.rpartition("]")[2].startswith(":") if host.startswith("[") else ":" in host
    if not sep and not has_port:
        where = f"{host}:{DEFAULT_PORT}" + where[len(host):]
    return f"{scheme}://{where}/", code


def _check_name(host: str, text: str) -> None:
    """A host name the network functions can take: its internet (IDNA) form has no empty part
    between dots and none over 63 bytes (`résumé` counts as `xn--rsum-bpad`); SquarewiseError."""
    if host.startswith("["):                    # an IPv6 address
        return
    try:
        host.rpartition(":")[0].encode("idna") if ":" in host else host.encode("idna")
    except UnicodeError:
        shown = one_line(excerpt(text))
        raise SquarewiseError(f"'{shown}' is not a host name (a part between dots is empty or over 63 bytes)") from None


def server_url(text: str) -> str:
    """The URL of the standings server typed as `text` ('' for none): host[:port],
    ws://host:port/ or wss://host/path/, with no room code; SquarewiseError, in one line, when
    it is not a server's address."""
    text = text.strip()
    if not text:
        return ""
    shown = one_line(excerpt(text))
    wrong = SquarewiseError(f"'{shown}' is not a server's address: host:port, like club.example.org:{DEFAULT_PORT}")
    no_code = SquarewiseError(f"'{shown}': a standings server is host:port, with no room code after it")
    if not text.isprintable() or " " in text:
        raise wrong
    try:
        url, code = parse_target(text)
    except SquarewiseError:                     # (its words are the race's: host:port/CODE)
        after_host = text.partition("://")[2] if "://" in text else text
        raise (no_code if "/" in after_host.strip("/") else wrong) from None
    if code is not None:
        raise no_code
    try:
        parts = urlsplit(url)
        port, host = parts.port, parts.hostname or ""
    except ValueError:                          # a port past 65535 or not a number, a bracketed non-address
        raise wrong from None
    labels = host.split(".") if ":" not in host else [host]
    if port == 0 or parts.netloc.endswith(":") or len(host) > 253 or \
            not all(0 < len(label) <= 63 and all(c.isalnum() or c in "-:" for c in label) for label in labels):
        raise wrong
    return url


class UntrustedCertificate(SquarewiseError):
    """A wss:// server whose certificate the system does not trust (self-signed, say) or whose
    certificate is not the one the player chose to trust; `fingerprint` is the one it showed."""

    def __init__(self, message: str, fingerprint: str | None):
        super().__init__(message)
        self.fingerprint = fingerprint


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256, as browsers show it: 'AB:12:...'."""
    return ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())


async def server_fingerprint(url: str, timeout: float = CONNECT_TIMEOUT) -> str:
    """The SHA-256 fingerprint of the certificate a wss:// server shows (unchecked: to show the
    player, who decides whether to trust it for that address)."""
    parts = urlsplit(url)
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    _, writer = await asyncio.wait_for(asyncio.open_connection(
        parts.hostname, parts.port or 443, ssl=context, server_hostname=parts.hostname), timeout)
    try:
        return fingerprint(writer.get_extra_info("ssl_object").getpeercert(binary_form=True))
    finally:
        writer.close()


class RaceClient:
    """One connection to a race server."""

    def __init__(self, ws: ClientConnection):
        self.ws = ws

    @classmethod
    async def connect(cls, url: str, timeout: float = CONNECT_TIMEOUT, trust: str | None = None,
                      **options) -> "RaceClient":
        """Connect to the server at `url` (ws://host:port/ or wss://...); `options` go to
        websockets.connect. A wss:// server's certificate is checked with the system's store,
        unless `trust` is the fingerprint of the certificate the player chose to trust for this
        address (a self-signed one): then it must be exactly that certificate, checked before
        any message is sent. UntrustedCertificate (with the server's fingerprint) otherwise."""
        if url.startswith("wss://"):
            options.setdefault("ssl", _tls_context(trust))
        try:
            ws = await connect(url, max_size=protocol.MAX_MESSAGE_BYTES, compression=None, open_timeout=timeout,
                               proxy=None, **options)
        except ssl.SSLCertVerificationError as exc:
            shown = await server_fingerprint(url, timeout)
            raise UntrustedCertificate(one_line(f"the certificate of {url} is not trusted "
                                                f"({exc.verify_message}); its SHA-256 is {shown}"), shown) from None
        if trust is not None:
            shown = fingerprint(ws.transport.get_extra_info("ssl_object").getpeercert(binary_form=True))
            if shown != trust.upper():
                await ws.close()
                raise UntrustedCertificate(f"the certificate of {url} is not the one trusted for it "
                                           f"(it shows {shown})", shown)
        return cls(ws)

    async def send(self, kind: str, **fields) -> None:
        await self.ws.send(protocol.encode(CLIENT, kind, **fields))

    async def recv(self, timeout: float | None = None) -> dict:
        """The next message from the server that this game knows (ProtocolError if it is not
        one of the protocol's): a tolerant reader, as docs/protocol.md "Versions" says, skips
        message types it does not know and drops fields it does not know."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            wait = None if deadline is None else max(0.0, deadline - loop.time())
            message = protocol.decode(await asyncio.wait_for(self.ws.recv(), wait), SERVER, strict=False)
            if message is not None:
                return message

    async def until(self, kind: str, timeout: float = 10.0, **match) -> dict:
        """The next message of type `kind` whose fields equal `match`, skipping the others."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            message = await self.recv(max(0.0, deadline - asyncio.get_running_loop().time()))
            if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                return message

    async def close(self) -> None:
        await self.ws.close()


def _tls_context(trust: str | None) -> ssl.SSLContext:
    context = ssl.create_default_context()
    if trust is not None:                  # the fingerprint is checked instead of the chain
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    return context


def lost_reason(exc: BaseException, url: str) -> str:
    """One line saying why the connection to `url` ended or never began."""
    if isinstance(exc, UntrustedCertificate):
        return str(exc)
    if isinstance(exc, ConnectionClosed):
        if exc.sent is not None and exc.sent.code == 1009:
            return f"the race server sent a message over {protocol.MAX_MESSAGE_BYTES} bytes, more than this game takes"
        if exc.rcvd is None:
            return "the connection to the race server was lost (the server stopped or the network is down)"
        if exc.rcvd.code == 1001:
            return "the race server shut down"
        return one_line(f"the race server closed the connection: {exc.rcvd.reason or exc.rcvd.code}")
    if isinstance(exc, ProtocolError):
        return one_line(f"the race server sent a message this game does not understand: {exc}")
    if isinstance(exc, asyncio.TimeoutError):
        return f"no answer from {url}"
    if isinstance(exc, (InvalidHandshake, InvalidURI)):
        return one_line(f"{url} is not a race server: {exc}")
    return one_line(f"cannot reach {url}: {getattr(exc, 'strerror', None) or exc}")


class ThreadedClient:
    """A RaceClient on a background thread: `send` queues a message, `poll` returns what came;
    `wake()` (a game's `App.wake`, safe from any thread) is called as each message comes, so a
    waiting frame loop reads it at once."""

    def __init__(self, url: str, timeout: float = CONNECT_TIMEOUT, trust: str | None = None, wake=None):
        self.url, self.timeout, self.trust, self.wake = url, timeout, trust, wake
        self._inbox: queue.Queue = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue | None = None
        self._task: asyncio.Task | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="race-client", daemon=True)
        self._thread.start()
        self._ready.wait()

    def send(self, kind: str, **fields) -> None:
        """Queue a message for the server (checked now: a bad one raises here, in the caller)."""
        text = protocol.encode(CLIENT, kind, **fields)
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._outbox.put_nowait, text)

    def ping(self) -> None:
        """Ask the server for a pong (a websocket ping): {"type": "pong"} comes when it answers."""
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._outbox.put_nowait, PING)

    def poll(self) -> list[dict]:
        """Every message received since the last poll, oldest first; never blocks."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self, timeout: float = 3.0) -> None:
        """Close the connection and stop the thread."""
        if not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._task.cancel)
            except RuntimeError:          # the loop closed meanwhile
                pass
        self._thread.join(timeout)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._outbox = asyncio.Queue()
        self._task = self._loop.create_task(self._main())
        self._ready.set()
        try:
            self._loop.run_until_complete(self._task)
        except asyncio.CancelledError:
            pass
        finally:
            self._loop.close()

    async def _main(self) -> None:
        try:
            client = await RaceClient.connect(self.url, self.timeout, self.trust)
        except UntrustedCertificate as exc:
            self._put({"type": "lost", "reason": lost_reason(exc, self.url), "fingerprint": exc.fingerprint})
            return
        except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI, UnicodeError) as exc:
            refused = {"refused": True} if isinstance(exc, ConnectionRefusedError) else {}
            self._put({"type": "lost", "reason": lost_reason(exc, self.url), **refused})
            return
        self._put({"type": "connected"})
        sender = asyncio.create_task(self._send_all(client))
        try:
            while True:
                self._put(await client.recv())
        except (ConnectionClosed, ProtocolError) as exc:
            self._put({"type": "lost", "reason": lost_reason(exc, self.url)})
        finally:
            sender.cancel()
            await asyncio.shield(client.close())

    def _put(self, message: dict) -> None:
        self._inbox.put(message)
        if self.wake is not None:
            self.wake()

    def _ponged(self, pong: asyncio.Future) -> None:
        if not pong.cancelled() and pong.exception() is None:
            self._put({"type": "pong"})

    async def _send_all(self, client: RaceClient) -> None:
        try:
            while True:
                text = await self._outbox.get()
                if text is PING:
                    (await client.ws.ping()).add_done_callback(self._ponged)
                else:
                    await client.ws.send(text)
        except ConnectionClosed:
            pass
