"""Benchmark the daily desk: 1,000 players finish the day's Genius daily within a minute against
one server process with a real database (prints figures, asserts nothing).

    .venv/bin/python benchmarks/standings.py [--players 1000] [--per-task 5] [--arrive 40] [--think 0.45 0.85]
                                             [--standings-rate 20] [--db FILE]

Starts one server process on 127.0.0.1 (the RaceServer of `squarewise serve`, with a Store at
--db, default a new file in a temporary folder, and a Config raising the per-address caps:
every client here comes from 127.0.0.1), and runs the players in this process: asyncio tasks
of `per-task` players each, started evenly over `arrive` seconds; each player connects,
registers, asks for today's ranked Genius run and plays the engine's solution at a person's
pace (`think` seconds between moves, drawn uniformly: over the human floor), together with
the task's other players. Meanwhile standings are asked `standings-rate` times a second (four
connections, with a player's token so `you` is computed too). It prints the runs finished
(`done` received) and lost (finished by a `done` but not finished in the database, counted
there after the server stopped), the flagged ones, the standings' round trip p50/p99, a
move's round trip p50/p99, the server process's CPU, and the database's size.
"""
from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import random
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.net.client import RaceClient  # noqa: E402
from solver import daily  # noqa: E402
from solver.genius.daily import genius_daily  # noqa: E402
from solver.genius.search import solve  # noqa: E402

SERVE = """
import asyncio, sys
from game.net.server import Config, RaceServer
from game.net.store import Store

async def main():
    store = Store(sys.argv[1])
    server = RaceServer(Config(max_connections=3000, per_address_connections=3000, per_network_registrations=10**6,
                               server_rate=5000, server_burst=10000), store=store)
    port = await server.start("127.0.0.1", 0)
    print(port, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)   # until the benchmark closes it
    await server.close()
    store.close()

asyncio.run(main())
"""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


class Tally:
    def __init__(self):
        self.done, self.flagged, self.failed = 0, 0, []
        self.moves: list[float] = []
        self.standings: list[float] = []
        self.token: str | None = None


async def players(url: str, first: int, count: int, number: int, moves: list[str], think, tally: Tally) -> None:
    """`count` players together: connect, register, begin the run, then each move of the
    solution by all of them, a think apart; each awaits its `done`."""
    clients = []
    try:
        for i in range(first, first + count):
            client = await RaceClient.connect(url, 30)
            clients.append(client)
            await client.send("register", name=f"Player {i:04d}")
            token = (await client.until("registered", 30))["token"]
            tally.token = tally.token or token
            await client.send("daily", token=token, puzzle="genius", daily=number, ranked=True)
            await client.until("run", 30)
        for seq, move in enumerate(moves, 1):
            await asyncio.sleep(random.uniform(*think))
            for client in clients:
                sent = time.perf_counter()
                await client.send("move", seq=seq, move=move)
                answer = await client.recv(30)
                tally.moves.append(time.perf_counter() - sent)
                if answer["type"] != "moved":
                    raise RuntimeError(f"move {seq}: {answer}")
        for client in clients:
            done = await client.until("done", 30)
            tally.done += 1
            tally.flagged += done["flagged"]
    except Exception as exc:                   # counted and shown: a benchmark asserts nothing
        tally.failed.append(f"{type(exc).__name__}: {exc}")
    finally:
        for client in clients:
            await client.close()


async def asker(url: str, number: int, rate: float, stop: asyncio.Event, tally: Tally) -> None:
    client = await RaceClient.connect(url, 30)
    try:
        while not stop.is_set():
            sent = time.perf_counter()
            await client.send("standings", puzzle="genius", daily=number, days=1, group=None, token=tally.token,
                              offset=0, limit=20)
            await client.until("standings", 30)
            tally.standings.append(time.perf_counter() - sent)
            await asyncio.sleep(max(0.0, 1 / rate - (time.perf_counter() - sent)))
    finally:
        await client.close()


async def load(url: str, args, number: int, moves: list[str], tally: Tally) -> float:
    tasks, groups = [], range(0, args.players, args.per_task)
    stop = asyncio.Event()
    started = time.perf_counter()
    askers = [asyncio.create_task(asker(url, number, args.standings_rate / 4, stop, tally)) for _ in range(4)]
    for k, first in enumerate(groups):
        await asyncio.sleep(max(0.0, started + k * args.arrive / len(groups) - time.perf_counter()))
        count = min(args.per_task, args.players - first)
        tasks.append(asyncio.create_task(players(url, first, count, number, moves, args.think, tally)))
    await asyncio.gather(*tasks)
    took = time.perf_counter() - started
    stop.set()
    await asyncio.gather(*askers)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--per-task", type=int, default=5)
    parser.add_argument("--arrive", type=float, default=40.0)
    parser.add_argument("--think", type=float, nargs=2, default=(0.45, 0.85))
    parser.add_argument("--standings-rate", type=float, default=20.0)
    parser.add_argument("--db", type=Path)
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory(prefix="squarewise-standings-")
    db = args.db or Path(folder.name) / "standings.sqlite3"
    number = daily.number(dt.datetime.now(dt.timezone.utc).date())
    board = genius_daily(daily.date_of(number)).position
    moves = [m.notation() for m in board.moves_to(solve(board))]
    server = subprocess.Popen([sys.executable, "-c", SERVE, str(db)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, cwd=ROOT, env={**os.environ, "SQUAREWISE_DATA_DIR": folder.name})
    try:
        url = f"ws://127.0.0.1:{server.stdout.readline().strip()}/"
        cpu0 = cpu_seconds(server.pid)
        tally = Tally()
        took = asyncio.run(load(url, args, number, moves, tally))
        cpu = cpu_seconds(server.pid) - cpu0
    finally:
        server.stdin.close()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.send_signal(signal.SIGKILL)
            server.wait(10)
    with sqlite3.connect(db) as con:
        recorded = con.execute("SELECT COUNT(*) FROM runs WHERE ms IS NOT NULL AND ranked").fetchone()[0]
        flagged = con.execute("SELECT COUNT(*) FROM runs WHERE ms IS NOT NULL AND flagged").fetchone()[0]
    size = sum(p.stat().st_size for p in (db, Path(f"{db}-wal")) if p.exists())
    print(f"players {args.players} ({args.per_task} per task, arriving over {args.arrive:.0f} s, "
          f"{len(moves)} moves each, {args.think[0]}-{args.think[1]} s apart): all finished in {took:.1f} s")
    print(f"runs finished (done received) {tally.done}, in the database {recorded}, "
          f"lost {max(0, tally.done - recorded)}, flagged {flagged}, failed players {len(tally.failed)}"
          + (f" (first: {tally.failed[0]})" if tally.failed else ""))
    print(f"standings round trip (limit 20, with `you`): {len(tally.standings)} asked, "
          f"p50 {1000 * statistics.median(tally.standings):.1f} ms, "
          f"p99 {1000 * percentile(tally.standings, 99):.1f} ms")
    print(f"move round trip: {len(tally.moves)} moves, p50 {1000 * statistics.median(tally.moves):.1f} ms, "
          f"p99 {1000 * percentile(tally.moves, 99):.1f} ms")
    print(f"server CPU {cpu:.1f} s over {took:.1f} s ({100 * cpu / took:.0f}% of a core), "
          f"{1000 * cpu / max(1, len(tally.moves)):.2f} ms a move")
    print(f"database {size / 1e6:.2f} MB for {recorded} runs ({size / max(1, recorded) / 1e3:.1f} kB a run)")
    print(f"load average {Path('/proc/loadavg').read_text().strip()}")
    folder.cleanup()


if __name__ == "__main__":
    main()
