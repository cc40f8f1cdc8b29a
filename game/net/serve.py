"""`squarewise serve [--host ADDR] [--port N]`: the race server with no window.

It listens on the loopback address unless --host says otherwise (0.0.0.0: every interface).
Bad options or an address it cannot listen on: one line on stderr, exit 2. Ctrl+C or SIGTERM
stop it with one line, exit 0.
"""
from __future__ import annotations

import argparse
import asyncio
import signal
import sys

from solver.cli_common import PROG, OneLineParser, number
from solver.errors import SquarewiseError, one_line

from .client import DEFAULT_PORT
from .server import RaceServer


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
    return parser


def main(argv: list[str]) -> int:
    try:
        args = build_parser().parse_args(argv)
        return asyncio.run(_serve(args.host, args.port))
    except SquarewiseError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:             # where signal handlers cannot be set (Windows)
        print(f"{PROG}: race server stopped", flush=True)
        return 0


async def _serve(host: str, port: int) -> int:
    server = RaceServer()
    try:
        port = await server.start(host, port)
    except (OSError, UnicodeError) as exc:          # UnicodeError: a name _host let by that the resolver refuses
        raise SquarewiseError(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    shown = f"[{host}]" if ":" in host else host
    print(f"{PROG}: race server on ws://{one_line(shown)}:{port}/ (Ctrl+C stops it)", flush=True)
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
