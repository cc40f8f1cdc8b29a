"""`squarewise serve [--host ADDR] [--port N] [--certfile F --keyfile F] [--trust-proxy]`:
the race server with no window.

It listens on the loopback address unless --host says otherwise (0.0.0.0: every interface),
on wss:// when given a certificate and its key, else ws://. It prints one line per room
event and refusal (docs/server.md). Bad options, an address it cannot listen on or a
certificate it cannot use: one line on stderr, exit 2. Ctrl+C or SIGTERM stop it with one
line, exit 0.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import ssl
import sys

from solver.cli_common import PROG, OneLineParser, number
from solver.errors import SquarewiseError, one_line

from .client import DEFAULT_PORT
from .server import Config, RaceServer


def _host(text: str) -> str:
    """An argparse type: a name or address the network functions can take (they encode it as
    UTF-8, and a name by IDNA: at most 63 characters between two dots); one line otherwise."""
    if not text.strip():
        raise argparse.ArgumentTypeError("needs an address, got an empty one")
    try:
        text.encode("utf-8")
        text.encode("idna")
    except UnicodeError as exc:
        why = "not valid UTF-8" if isinstance(exc, UnicodeEncodeError) and "surrogate" in str(exc) else \
            "a part between dots is empty or longer than 63 characters"
        raise argparse.ArgumentTypeError(f"'{text}' is not a host name or address ({why})") from None
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog=f"{PROG} serve", description="The race server for Race online, with no window.")
    parser.add_argument("--host", type=_host, default="127.0.0.1", metavar="ADDR",
                        help="the address to listen on (default 127.0.0.1: this machine only; "
                             "0.0.0.0: every interface)")
    parser.add_argument("--port", type=number(0, 65535), default=DEFAULT_PORT, metavar="N",
                        help=f"the TCP port (default {DEFAULT_PORT}; 0: any free port, printed at start)")
    parser.add_argument("--certfile", metavar="F", help="serve wss:// with this certificate (PEM; with its chain)")
    parser.add_argument("--keyfile", metavar="F", help="the certificate's private key (PEM)")
    parser.add_argument("--trust-proxy", action="store_true",
                        help="take each client's address from X-Forwarded-For (only behind your own reverse proxy)")
    return parser


def _tls(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    """The server's TLS context, or None for ws://; SquarewiseError if the files will not do."""
    if certfile is None and keyfile is None:
        return None
    if certfile is None or keyfile is None:
        raise SquarewiseError("--certfile and --keyfile go together")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (OSError, ssl.SSLError) as exc:
        raise SquarewiseError(f"cannot use the certificate {certfile} with the key {keyfile}: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None
    return context


def main(argv: list[str]) -> int:
    try:
        args = build_parser().parse_args(argv)
        tls = _tls(args.certfile, args.keyfile)
        return asyncio.run(_serve(args.host, args.port, tls, Config(trust_proxy=args.trust_proxy)))
    except SquarewiseError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:             # where signal handlers cannot be set (Windows)
        print(f"{PROG}: race server stopped", flush=True)
        return 0


async def _serve(host: str, port: int, tls: ssl.SSLContext | None, config: Config) -> int:
    server = RaceServer(config)
    try:
        port = await server.start(host, port, ssl=tls)
    except (OSError, UnicodeError) as exc:          # UnicodeError: a name _host let by that the resolver refuses
        raise SquarewiseError(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    shown = f"[{host}]" if ":" in host else host
    scheme = "wss" if tls is not None else "ws"
    print(f"{PROG}: race server on {scheme}://{one_line(shown)}:{port}/ (Ctrl+C stops it)", flush=True)
    lines = logging.StreamHandler(sys.stdout)
    lines.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    events = logging.getLogger("squarewise.server")
    events.addHandler(lines)
    events.setLevel(logging.INFO)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, AttributeError, ValueError):
            pass
    try:
        await stop.wait()
    finally:
        await server.close()
    print(f"{PROG}: race server stopped", flush=True)
    return 0
