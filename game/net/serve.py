"""`squarewise serve [--host ADDR] [--port N] [--certfile F --keyfile F] [--trust-proxy]
[--db PATH] [--keep-days N] [--sync normal|full] [--backup FILE]`: the race server with no window;
`squarewise serve [--db PATH] review [...]`: the operator's review of held and flagged ranked
runs, and decisions on them (game/net/review.py).

It listens on the loopback address unless --host says otherwise (0.0.0.0: every interface),
on wss:// when given a certificate and its key, else ws://. It prints one line per room
event and refusal (docs/server.md). Bad options, an address it cannot listen on or a
certificate it cannot use, a database it cannot use (another server's, damaged, read-only,
locked, not one: each said as such): one line on stderr, exit 2. Ctrl+C or SIGTERM stop it with
one line, exit 0. The standings are kept in the SQLite file --db (default: standings.sqlite3 in
the data folder), which one server at a time serves (it holds the lock file beside it);
--backup FILE copies it consistently, even while another process serves it, and exits.
"""
from __future__ import annotations

import argparse
import asyncio
import signal
import ssl
import sys
import time
from pathlib import Path

from solver.cli_common import PROG, OneLineParser, number
from solver.errors import SquarewiseError, one_line

from .client import DEFAULT_PORT
from .log_lines import LogLines
from .review import add_review, review
from .server import Config, RaceServer, descriptor_limit
from .store import SYNC_MODES, Store, backup_file, lock_database

DB_NAME = "standings.sqlite3"


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
    parser.add_argument("--db", metavar="PATH",
                        help=f"the standings database (SQLite; default: {DB_NAME} in the data folder)")
    parser.add_argument("--keep-days", type=number(1, 100000), metavar="N",
                        help="drop runs of dailies more than N days old, at start and daily (default: keep all)")
    parser.add_argument("--sync", choices=SYNC_MODES, default="normal",
                        help="normal (default): a killed server loses nothing committed; "
                             "full: neither does a power cut, at a cost per write")
    parser.add_argument("--backup", metavar="FILE",
                        help="copy the database consistently to FILE (also while a server runs) and exit")
    add_review(parser.add_subparsers(dest="action", metavar="review", parser_class=OneLineParser))
    return parser


def _db_path(db: str | None) -> Path:
    """The database file: --db, else standings.sqlite3 in the data folder."""
    if db is not None:
        return Path(db)
    from game.storage import data_dir
    return data_dir() / DB_NAME


def _tls(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    """The server's TLS context, or None for ws://; SquarewiseError if the files will not do."""
    if certfile is None and keyfile is None:
        return None
    if certfile is None or keyfile is None:
        raise SquarewiseError("--certfile and --keyfile go together")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)

    def no_passphrase():                # (else OpenSSL asks on the terminal, or fails without one)
        raise SquarewiseError(f"the key {keyfile} has a passphrase, and a server cannot type it: give it the key "
                              f"without one (openssl pkey -in KEY -out PLAIN.pem, kept readable by the server only)")
    try:
        context.load_cert_chain(certfile, keyfile, password=no_passphrase)
    except (OSError, ssl.SSLError) as exc:
        raise SquarewiseError(f"cannot use the certificate {certfile} with the key {keyfile}: "
                              f"{getattr(exc, 'strerror', None) or exc}") from None
    return context


def main(argv: list[str]) -> int:
    try:
        args = build_parser().parse_args(argv)
        db = _db_path(args.db)
        if args.action == "review":                 # beside a running server too: it reads the decisions
            return review(db, args)
        if args.backup is not None:
            backup_file(db, args.backup)
            print(f"{PROG}: copied {one_line(str(db))} to {one_line(args.backup)}", flush=True)
            return 0
        tls = _tls(args.certfile, args.keyfile)
        lock = lock_database(db)
        try:
            store = Store(db, keep_days=args.keep_days, synchronous=args.sync)
            try:
                return asyncio.run(_serve(args.host, args.port, tls, Config(trust_proxy=args.trust_proxy), store))
            finally:
                store.close()
        finally:
            if lock is not None:
                lock.close()
    except SquarewiseError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:             # where signal handlers cannot be set (Windows)
        print(f"{PROG}: race server stopped", flush=True)
        return 0


async def _serve(host: str, port: int, tls: ssl.SSLContext | None, config: Config, store: Store) -> int:
    server = RaceServer(config, store=store)
    limit = descriptor_limit()
    try:
        port = await server.start(host, port, ssl=tls)
    except (OSError, UnicodeError) as exc:          # UnicodeError: a name _host let by that the resolver refuses
        raise SquarewiseError(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    shown = f"[{host}]" if ":" in host else host
    scheme = "wss" if tls is not None else "ws"
    files = f"{limit} file descriptors; " if limit is not None else ""
    print(f"{PROG}: race server on {scheme}://{one_line(shown)}:{port}/ (standings in {one_line(str(store.path))}; "
          f"{files}Ctrl+C stops it)", flush=True)       # (the address alone between spaces: copied as it is)
    server.lines = LogLines(sys.stdout)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, AttributeError, ValueError):
            pass
    try:
        while not stop.is_set():        # retention once a day, just after midnight UTC
            try:
                await asyncio.wait_for(stop.wait(), 86400 - time.time() % 86400 + 60)
            except asyncio.TimeoutError:
                try:
                    await server.desk.keep(time.time())
                except SquarewiseError as exc:
                    server.lines(f"runs past --keep-days not dropped: {one_line(str(exc))}")
    finally:
        await server.close()
        server.lines.close()                # what waits is written first (a few seconds at most)
    print(f"{PROG}: race server stopped", flush=True)
    return 0
