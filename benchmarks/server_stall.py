"""Can a stranger stall the server? (issue 34; prints figures, asserts nothing)

    .venv/bin/python benchmarks/server_stall.py [--tree DIR] [--seconds 30] [--drain-log]
                                                [--players 3000] [--days 31] [--long 200000]

Builds a standings database of `players` players, each with a finished ranked Genius run on
each of the `days` days up to today, and one open ranked run of today's Genius with `long`
moves (a piece put down and taken back), then starts `squarewise serve --db` on it (127.0.0.1,
its own process, the default limits), has today's board made (one resume of the long run, as a
server running for a while has it) and, for `seconds`:

- four connections from 127.0.0.2 ask the 31-day standings as fast as they are allowed (the
  next as soon as the last is answered, 60 ms apart at least; refused, they wait a second);
- a connection from 127.0.0.3 resumes the long run every 3 s (asks for it, hears `run`, closes);
- the server's stdout is a pipe nobody reads (--drain-log: read);
- 20 honest racers (10 rooms of 2) and 20 ranked runs move every 0.25 s, each from its own
  loopback address (127.0.0.10-29 and .40-59: other loopback addresses work on Linux); the
  ranked runs begin 0.1 s apart.

It prints the honest racers' move round trip (sent -> `moved`) as median, p99 and max, and for
the ranked runs how far the server's recorded time of each move is from the time its client
measured (the run's `elapsed_ms` when it heard `run`, plus the time from then to sending the
move): median, p99, max. Target: racers' p99 under
50 ms and every ranked time within 50 ms. With --tree DIR (another checkout, e.g. main's code
unpacked with `git archive main | tar -x -C DIR`) the same load runs first against that
checkout's server (its own database, built the same way), so one run gives before and after.
--no-strangers runs the racers and ranked runs alone: the floor the machine's own noise sets.
The clients share the machine with the server; say the load (printed) with the figures.
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from solver.daily import date_of, utc_number  # noqa: E402
from solver.genius.daily import genius_daily  # noqa: E402
from solver.genius.position import Position  # noqa: E402
from solver.grid import cell_name  # noqa: E402

STEP = 0.25             # seconds between a racer's (or ranked runner's) moves
RESUME_EVERY = 3.0
ASK_GAP = 0.06          # the standings askers' shortest gap (the server closes past 20 frames a second)
TIMEOUT = 10.0          # any answer awaited longer counts as lost


def token(kind: str, n: int) -> str:
    return f"bench-{kind}-{n:06d}-token"


def digest(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def free_cell(blockers: str) -> str:
    """A cell of the board without a blocker (where piece 1 goes and comes back from)."""
    position = Position.parse(blockers)
    return cell_name(min(set(range(36)) - set(position.blockers)))


def build(root: Path, db: Path, args, today: int) -> None:
    """The database, made by the checkout at `root` (its schema) and filled in bulk."""
    subprocess.run([sys.executable, "-c", f"from game.net.store import Store; Store({str(db)!r}).close()"],
                   cwd=root, check=True)
    cell = free_cell(genius_daily(date_of(today)).position.notation())
    raw = sqlite3.connect(db, isolation_level=None)
    raw.execute("BEGIN")
    players = [(n, f"P{n}", f"p{n}", digest(token("p", n)), "10.0.0.1", 1.0) for n in range(1, args.players + 1)]
    extra = [(args.players + 1, "Long", "long", digest(token("long", 0)), "10.0.0.2", 1.0)] + \
        [(args.players + 2 + i, f"R{i}", f"r{i}", digest(token("ranked", i)), "10.0.0.2", 1.0) for i in range(20)]
    raw.executemany("INSERT INTO players (id, name, key, token_hash, address, created) VALUES (?, ?, ?, ?, ?, ?)",
                    players + extra)
    raw.executemany("INSERT INTO runs (player, puzzle, daily, ranked, started, ms, flagged) "
                    "VALUES (?, 'genius', ?, 1, ?, ?, 0)",
                    [(n, daily, 1000.0 + n, 20_000 + (n * 7919 + daily * 104729) % 580_000)
                     for daily in range(today - args.days + 1, today + 1) for n in range(1, args.players + 1)])
    long_run = raw.execute("INSERT INTO runs (player, puzzle, daily, ranked, started) VALUES (?, 'genius', ?, 1, ?)",
                           (args.players + 1, today, time.time())).lastrowid
    raw.executemany("INSERT INTO moves (run, seq, move) VALUES (?, ?, ?)",
                    ((long_run, k, "-1" if k % 2 else f"1:{cell}") for k in range(args.long)))
    columns = {c[1] for c in raw.execute("PRAGMA table_info(runs)")}
    if "position" in columns:           # a server that keeps a run's board: as its own moves would have left it
        raw.execute("UPDATE runs SET seq = ?, position = ? WHERE id = ?",
                    (args.long, genius_daily(date_of(today)).position.notation() + ("" if args.long % 2 == 0 else
                                                                                   f"/1:{cell}"), long_run))
    raw.execute("COMMIT")
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()


class Client:
    """JSON out with protocol version 2, JSON in, from a loopback address of its own."""

    def __init__(self, ws):
        self.ws = ws

    @classmethod
    async def connect(cls, url: str, address: str) -> "Client":
        return cls(await connect(url, compression=None, proxy=None, local_addr=(address, 0), open_timeout=TIMEOUT))

    async def send(self, kind: str, **fields) -> None:
        await self.ws.send(json.dumps({"v": 2, "type": kind, **fields}))

    async def until(self, *kinds: str, timeout: float = TIMEOUT, **match) -> dict:
        async with asyncio.timeout(timeout):
            while True:
                message = json.loads(await self.ws.recv())
                if message["type"] in kinds and all(message.get(k) == v for k, v in match.items()):
                    return message


class Figures:
    def __init__(self):
        self.rtt, self.ranked_rtt, self.drift, self.asked, self.resumes = [], [], [], [], []
        self.lost = {"racer": 0, "ranked": 0, "standings": 0, "resume": 0}     # no answer within TIMEOUT
        self.refused = self.cut = 0


async def racer_pair(url: str, n: int, stop: float, figures: Figures) -> None:
    host = await Client.connect(url, f"127.0.0.{10 + 2 * n}")
    await host.send("create", name="Host", dice="default", level="any")
    code = (await host.until("joined"))["room"]
    guest = await Client.connect(url, f"127.0.0.{11 + 2 * n}")
    await guest.send("join", name="Guest", room=code)
    await guest.until("joined")
    for client in (host, guest):
        await client.send("ready", ready=True)
    await asyncio.gather(*(moving(c, stop, figures) for c in (host, guest)))


async def moving(client: Client, stop: float, figures: Figures, ranked: bool = False) -> None:
    """Move every STEP seconds until `stop`: piece 1 put down and taken back."""
    start = await client.until("run" if ranked else "race", "error", timeout=30)
    assert start["type"] != "error", start
    heard = time.monotonic() - start["elapsed_ms"] / 1000     # the run's clock as its client shows it
    cell = free_cell(start["start"] if ranked else start["blockers"])
    seq = start["seq"]
    while time.monotonic() < stop:
        await asyncio.sleep(STEP)
        seq += 1
        sent = time.monotonic()
        try:
            await client.send("move", seq=seq, move="-1" if seq % 2 == 0 else f"1:{cell}")
            moved = await client.until("moved", "refused", seq=seq)
        except (TimeoutError, ConnectionClosed):
            figures.lost["ranked" if ranked else "racer"] += 1
            return
        (figures.ranked_rtt if ranked else figures.rtt).append(time.monotonic() - sent)
        if ranked:
            figures.drift.append(moved["ms"] / 1000 - (sent - heard))


async def ranked_runner(url: str, n: int, stop: float, figures: Figures, today: int) -> None:
    await asyncio.sleep(0.1 * n)                        # players begin their runs at different moments
    client = await Client.connect(url, f"127.0.0.{40 + n}")
    await client.send("daily", token=token("ranked", n), puzzle="genius", daily=today, ranked=True)
    await moving(client, stop, figures, ranked=True)


async def asker(url: str, stop: float, figures: Figures, today: int) -> None:
    client = None
    while time.monotonic() < stop:
        try:
            if client is None:
                client = await Client.connect(url, "127.0.0.2")
            sent = time.monotonic()
            await client.send("standings", puzzle="genius", daily=today, days=31, group=None, token=None,
                              offset=0, limit=20)
            answer = await client.until("standings", "error")
        except TimeoutError:
            figures.lost["standings"] += 1
            client = None
            continue
        except ConnectionClosed:            # closed by the server (too many refused): ask again on a new one
            figures.cut += 1
            client = None
            continue
        if answer["type"] == "error":
            figures.refused += 1
            await asyncio.sleep(1.0)
            continue
        figures.asked.append(time.monotonic() - sent)
        await asyncio.sleep(max(0.0, ASK_GAP - (time.monotonic() - sent)))


async def resumer(url: str, stop: float, figures: Figures, today: int) -> None:
    while time.monotonic() + RESUME_EVERY < stop:
        await asyncio.sleep(RESUME_EVERY)
        sent = time.monotonic()
        try:
            client = await Client.connect(url, "127.0.0.3")
            await client.send("daily", token=token("long", 0), puzzle="genius", daily=today, ranked=True)
            answer = await client.until("run", "error")
            await client.ws.close()
        except (TimeoutError, ConnectionClosed, OSError):
            figures.lost["resume"] += 1
            continue
        figures.resumes.append((time.monotonic() - sent, answer["type"]))


async def load(url: str, args, today: int) -> Figures:
    figures = Figures()
    warm = await Client.connect(url, "127.0.0.3")        # today's board made first, as a running server has it
    await warm.send("daily", token=token("long", 0), puzzle="genius", daily=today, ranked=True)
    await warm.until("run", "error", timeout=60)
    await warm.ws.close()
    stop = time.monotonic() + args.seconds + 5          # (the races' countdown comes first)
    strangers = [] if args.no_strangers else [*(asker(url, stop, figures, today) for _ in range(4)),
                                              resumer(url, stop, figures, today)]
    await asyncio.gather(*(racer_pair(url, n, stop, figures) for n in range(10)),
                         *(ranked_runner(url, n, stop, figures, today) for n in range(20)), *strangers)
    return figures


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"median {statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {ordered[-1] * 1000:.1f} ms ({len(ordered)})")


def measure(root: Path, args, label: str) -> None:
    today = utc_number(time.time())
    with tempfile.TemporaryDirectory(prefix="squarewise-stall-") as folder:
        db = Path(folder) / "standings.sqlite3"
        built = time.perf_counter()
        build(root, db, args, today)
        built = time.perf_counter() - built
        errors = open(Path(folder) / "stderr", "w+")
        server = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--db", str(db)], cwd=root,
                                  stdout=subprocess.PIPE, stderr=errors, text=True)
        try:
            line = server.stdout.readline()
            if args.drain_log:
                threading.Thread(target=server.stdout.read, daemon=True).start()
            url = "ws://" + line.split("ws://", 1)[1].split()[0]
            load_before = os.getloadavg()[0]
            figures = asyncio.run(load(url, args, today))
            load_after = os.getloadavg()[0]
        finally:
            server.kill()
            server.wait(15)
            server.stdout.close()
        errors.seek(0)
        tracebacks = errors.read().count("Traceback")
        errors.close()
    drift = [abs(d) for d in figures.drift]
    print(f"{label} ({root}), stdout {'read' if args.drain_log else 'a pipe nobody reads'}"
          f"{', no strangers' if args.no_strangers else ''}:")
    print(f"  database: {args.players:,} players x {args.days} days, a run of {args.long:,} moves (built in "
          f"{built:.1f} s)")
    print(f"  honest racers' move round trip: {spread(figures.rtt)}; lost {figures.lost['racer']}")
    print(f"  ranked runs: recorded - measured time: {spread(drift)}; move round trip {spread(figures.ranked_rtt)}; "
          f"lost {figures.lost['ranked']}")
    print(f"  31-day standings answered: {spread(figures.asked)}; refused {figures.refused}, "
          f"connections cut {figures.cut}, lost {figures.lost['standings']}")
    kinds = sorted({kind for _, kind in figures.resumes})
    print(f"  resumes of the long run: {spread([t for t, _ in figures.resumes])} (answers: {', '.join(kinds)}); "
          f"lost {figures.lost['resume']}")
    print(f"  tracebacks on the server's stderr: {tracebacks}")
    print(f"  {os.cpu_count()} cores, shared: load average {load_before:.1f} before, {load_after:.1f} after",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, metavar="DIR", help="first the same load on this checkout's server")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--drain-log", action="store_true", help="read the server's stdout (default: nobody does)")
    parser.add_argument("--no-strangers", action="store_true",
                        help="the racers and ranked runs alone (no standings asked, no resumes): the machine's noise")
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--days", type=int, default=31)
    parser.add_argument("--long", type=int, default=200_000, help="moves of the run resumed every few seconds")
    args = parser.parse_args()
    if args.tree is not None:
        measure(args.tree.resolve(), args, "before")
    measure(ROOT, args, "after" if args.tree is not None else "this checkout")


if __name__ == "__main__":
    main()
