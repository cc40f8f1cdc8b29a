"""`squarewise standings --server URL [--puzzle genius|macmahon] [--daily N] [--days N]
[--group CODE] [--limit N] [--json]`: a race server's standings of a daily puzzle.

It asks the server (docs/protocol.md, `standings`) and prints place, name and time, and the
player's own place ("You: 12th of 41") when the data folder keeps a name for that server
(game/net/identity.py; read only). An unreachable server, an older one that keeps no
standings, a bad or refused group code: one line on stderr, exit 1.
"""
from __future__ import annotations

import argparse
import asyncio
import sys

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from solver import __version__, daily
from solver.cli_common import PROG, add_common, emit, number, ordinal, progress_for
from solver.errors import SquarewiseError, one_line

from . import protocol
from .client import RaceClient, UntrustedCertificate, lost_reason, server_url
from .protocol import MAX_ROWS, ProtocolError

TIMEOUT = 10.0          # seconds for the connection and for each answer
LEFT_OUT = {"held": "under review: faster than a person's hands, held for the server's operator",
            "disqualified": "disqualified by the server's operator", "barred": "your name is barred from these standings"}


class Unavailable(SquarewiseError):
    """The standings cannot be had (server, group); exit 1."""


def _server(text: str) -> str:
    """An argparse type: the URL of a standings server (game/net/client.py `server_url`)."""
    try:
        url = server_url(text)
    except SquarewiseError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not url:
        raise argparse.ArgumentTypeError("needs a server's address, got an empty one")
    return url


def add_standings(parser) -> None:
    parser.add_argument("--server", type=_server, required=True, metavar="URL",
                        help="the race server: host[:port], ws://host:port/ or wss://host/path/")
    first = next(iter(daily.GAMES))         # the engine's list's first puzzle
    parser.add_argument("--puzzle", choices=tuple(daily.GAMES), default=first, help=f"the puzzle (default {first})")
    parser.add_argument("--daily", type=number(1, 100_000), metavar="N",
                        help="the daily's number (default: today's here)")
    parser.add_argument("--days", type=number(1, 31), default=1, metavar="N",
                        help="the N days ending with that daily: players by runs finished, then total time")
    parser.add_argument("--group", metavar="CODE", help="only that group's members (you must be one)")
    parser.add_argument("--limit", type=number(1, MAX_ROWS), default=20, metavar="N",
                        help=f"the first N places (default 20, at most {MAX_ROWS})")
    add_common(parser)
    parser.set_defaults(handler=_standings)


def _standings(args) -> int:
    try:
        doc = fetch(args)
    except Unavailable as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    emit(args, doc, text(doc))
    return 0


def fetch(args) -> dict:
    """The standings document (the JSON output); Unavailable in one line if they cannot be had."""
    url = args.server
    group = args.group.strip().upper() if args.group is not None else None
    if group is not None:
        try:
            protocol.GROUP.check(group, "--group")
        except ProtocolError:
            raise Unavailable(f"'{one_line(args.group)}' is not a group code (8 letters and digits, "
                              f"like Q7KX2MAB)") from None
    me = _identity(url)
    if group is not None and me is None:
        raise Unavailable(f"a group's standings are for its members, and this machine has no name on {url}")
    number_ = args.daily if args.daily is not None else daily.number(daily.local_date())
    days = min(args.days, number_)                  # none before daily #1
    request = dict(puzzle=args.puzzle, daily=number_, days=days, group=group,
                   token=me.token if me else None)
    answer = asyncio.run(_ask(url, request, args.limit, progress_for(args, f"standings from {url}")))
    return {"server": url, "puzzle": args.puzzle, "daily": number_, "date": daily.date_of(number_).isoformat(),
            "days": days, "group": group, "total": answer["total"], "rows": answer["rows"],
            "name": me.name if me else None, "you": answer["you"]}


def _identity(url: str):
    """The name and token kept for `url` in the data folder, or None."""
    from game.net.identity import load
    from game.storage import data_dir
    try:
        return load(data_dir()).get(url)
    except SquarewiseError:
        return None


async def _ask(url: str, request: dict, limit: int, progress=None) -> dict:
    """Ask for the first `limit` rows (in as many answers as the frame size needs); `progress(done,
    total)` hears the rows come (`--progress`, or stderr a terminal)."""
    try:
        client = await RaceClient.connect(url, TIMEOUT)
    except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI, UntrustedCertificate, UnicodeError) as exc:
        raise Unavailable(lost_reason(exc, url)) from None
    try:
        rows: list[dict] = []
        while True:
            await client.send("standings", offset=len(rows), limit=limit - len(rows), **request)
            answer = await client.recv(TIMEOUT)
            if answer["type"] == "error":
                raise Unavailable(_refusal(url, answer["reason"]))
            if answer["type"] != "standings":
                raise Unavailable(one_line(f"{url} answered the standings with a '{answer['type']}' message; "
                                           f"this is not the answer Squarewise {__version__} expects"))
            rows += answer["rows"]
            done = not answer["rows"] or len(rows) >= min(limit, answer["total"])
            if progress is not None:
                want = max(len(rows), min(limit, answer["total"]))
                progress(want if done else len(rows), want)
            if done:
                return {**answer, "rows": rows}
    except (ConnectionClosed, ProtocolError, asyncio.TimeoutError) as exc:
        raise Unavailable(lost_reason(exc, url)) from None
    finally:
        await client.close()


def _refusal(url: str, reason: str) -> str:
    if reason.startswith("unknown message type") or "keeps no standings" in reason:
        return f"{url} keeps no standings (it is an older Squarewise, or runs with none)"
    return one_line(f"{url} refused: {reason}")


def text(doc: dict) -> str:
    title, n = daily.GAMES[doc["puzzle"]], doc["daily"]
    days = f"#{n - doc['days'] + 1} to #{n} ({doc['days']} days)" if doc["days"] > 1 else f"#{n} ({doc['date']})"
    among = f", group {doc['group']}" if doc["group"] else ""
    placed = f"{doc['total']} placed" if doc["total"] else "no ranked run finished yet"
    lines = [f"{title} {days} on {doc['server']}{among}: {placed}"]
    width = max((len(r["name"]) for r in doc["rows"]), default=4)
    for r in doc["rows"]:
        runs = f"  {r['runs']} run{'s' * (r['runs'] != 1)}" if doc["days"] > 1 else ""
        lines.append(f"{r['place']:>5}  {r['name']:<{width}}  {daily.standing_time(r['ms']):>9}{runs}")
    you = doc["you"]
    if doc["name"] is not None:
        if you is None:
            lines.append(f"You: no ranked run finished ({doc['name']})")
        elif you["flagged"]:
            lines.append(f"You: {LEFT_OUT.get(you.get('status'), LEFT_OUT['held'])} ({doc['name']}, "
                         f"{daily.standing_time(you['ms'])})")
        elif you["place"] is None or you["ms"] is None:
            lines.append(f"You: not placed ({doc['name']})")
        else:
            lines.append(f"You: {ordinal(you['place'])} of {doc['total']} ({doc['name']}, {daily.standing_time(you['ms'])})")
    return "\n".join(lines)
