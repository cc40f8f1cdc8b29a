"""Benchmark the race server under load (prints figures, asserts nothing).

    .venv/bin/python benchmarks/server.py [--rooms 50] [--players 4] [--races 2] [--think 0.25 0.75]
                                          [--before DIR] [--runs N] [--profile FILE]

Starts `squarewise serve --port 0` as its own process on 127.0.0.1 (nothing else is ever
contacted), fills `rooms` rooms of `players` headless clients in this process, and has every
room race `races` times (a rematch between): each client plays the engine's solution, one
move every `think` seconds (drawn uniformly; a person takes seconds). It prints the round-trip
latency of a move (sent -> the server's `moved`, under the whole load: every move also goes
to the room's other boards) as median and 99th percentile, and the server process's CPU time
over the run (from /proc: Linux) and per move. The clients share the machine with the
server, so the latency includes their own scheduling delays too. With --before DIR (another
checkout, e.g. a worktree of main) the same load runs first against that checkout's server,
so one run gives before and after. With --runs N it measures N times (before and after taking
turns) and prints the medians of each figure over the runs, and after/before as a ratio.
--profile FILE runs this checkout's server under cProfile, timed by CPU time, and writes its
statistics to FILE (read them with `python -m pstats FILE`; with --runs, the last run's). The clients speak the few messages both protocol
versions share (create, join, ready, move, rematch), as plain JSON with the server's version
number.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
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

from solver.genius.position import Position  # noqa: E402
from solver.genius.search import solve  # noqa: E402


# `squarewise serve` under cProfile timed by CPU time (its wall clock would count the waits).
PROFILED = """import cProfile, sys, time
from game.__main__ import main
profile = cProfile.Profile(time.process_time)
try:
    profile.runcall(main, sys.argv[2:])
finally:
    profile.dump_stats(sys.argv[1])
"""


def cpu_seconds(pid: int) -> tuple[float, float]:
    """User and system CPU time so far of process `pid`."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / os.sysconf("SC_CLK_TCK"), int(fields[12]) / os.sysconf("SC_CLK_TCK")


class Client:
    """A bare client: JSON out with the server's protocol version, JSON in, unchecked."""

    def __init__(self, ws, version: int):
        self.ws, self.version = ws, version

    @classmethod
    async def connect(cls, url: str, version: int, address: str) -> "Client":
        """`address`: the client's as a trusted proxy would say (each room its own household)."""
        headers = {"X-Forwarded-For": address}
        return cls(await connect(url, compression=None, proxy=None, additional_headers=headers), version)

    async def send(self, kind: str, **fields) -> None:
        await self.ws.send(json.dumps({"v": self.version, "type": kind, **fields}))

    async def until(self, kind: str, timeout: float = 10.0, **match) -> dict:
        async with asyncio.timeout(timeout):
            while True:
                message = json.loads(await self.ws.recv())
                if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                    return message

    async def close(self) -> None:
        await self.ws.close()


async def fill_room(url: str, players: int, version: int, address: str) -> list[Client]:
    host = await Client.connect(url, version, address)
    await host.send("create", name="P1", dice="default", level="any")
    code = (await host.until("joined"))["room"]
    clients = [host]
    for i in range(2, players + 1):
        client = await Client.connect(url, version, address)
        await client.send("join", name=f"P{i}", room=code)
        await client.until("joined")
        clients.append(client)
    return clients


async def play(client: Client, think: tuple[float, float], rng: random.Random, rtts: list[float]) -> None:
    """One race for one client: wait for the roll, play the solution, wait for the results."""
    blockers = Position.parse((await client.until("race", timeout=60))["blockers"])
    solution = await asyncio.to_thread(solve, blockers)
    for seq, move in enumerate(blockers.moves_to(solution), 1):
        await asyncio.sleep(rng.uniform(*think))
        sent = time.perf_counter()
        await client.send("move", seq=seq, move=move.notation())
        await client.until("moved", seq=seq)
        rtts.append(time.perf_counter() - sent)
    await client.until("results", timeout=60)


async def room_races(clients: list[Client], races: int, think, seed: int, rtts: list[float]) -> None:
    rng = random.Random(seed)
    for race in range(races):
        if race:        # the others ready once they hear the lobby (messages on two connections have no order)
            await clients[0].send("rematch")
            await asyncio.gather(*(c.until("room", phase="lobby") for c in clients))
        for client in clients:
            await client.send("ready", ready=True)
        await asyncio.gather(*(play(c, think, random.Random(rng.random()), rtts) for c in clients))


async def load(url: str, server_pid: int, args, version: int):
    """The races: (round trips, wall seconds, server CPU seconds (user, system), this process's CPU seconds)."""
    rooms = [await fill_room(url, args.players, version, f"10.{i // 250}.{i % 250}.1")     # each its own /24:
             for i in range(args.rooms)]                                                   # rooms are capped per network
    rtts: list[float] = []
    started, server_before, own_before = time.perf_counter(), cpu_seconds(server_pid), time.process_time()
    await asyncio.gather(*(room_races(r, args.races, tuple(args.think), i, rtts) for i, r in enumerate(rooms)))
    wall = time.perf_counter() - started
    server_cpu = tuple(now - then for now, then in zip(cpu_seconds(server_pid), server_before))
    own_cpu = time.process_time() - own_before
    for clients in rooms:
        for client in clients:
            await client.close()
    return rtts, wall, server_cpu, own_cpu


def measure(root: Path, args, label: str, profile: Path | None = None) -> dict:
    """Run the load against the server of the checkout at `root`, print its figures and return
    them: round trip median and p99 (ms), server CPU per move (ms)."""
    version = int(subprocess.run([sys.executable, "-c", "from game.net.protocol import VERSION; print(VERSION)"],
                                 cwd=root, capture_output=True, text=True, check=True).stdout)
    trust = ["--trust-proxy"] if version >= 2 else []          # version 1 had no caps per address
    serve = ["-m", "game"] if profile is None else ["-c", PROFILED, str(profile.resolve())]
    data = tempfile.TemporaryDirectory(prefix="squarewise-bench-")      # its standings database, not the user's
    server = subprocess.Popen([sys.executable, *serve, "serve", "--port", "0", *trust], cwd=root,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env={**os.environ, "SQUAREWISE_DATA_DIR": data.name})
    try:
        line = server.stdout.readline()
        threading.Thread(target=server.stdout.read, daemon=True).start()      # the log lines, unread
        url = "ws://" + line.split("ws://", 1)[1].split()[0]
        load_before = os.getloadavg()[0]
        rtts, wall, server_cpu, own_cpu = asyncio.run(load(url, server.pid, args, version))
    finally:
        server.terminate()
        server.wait(15)
        data.cleanup()
    ordered = sorted(rtts)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    user, system = server_cpu
    server_cpu = user + system
    figures = {"median": statistics.median(ordered) * 1000, "p99": p99 * 1000, "cpu": 1000 * server_cpu / len(rtts)}
    print(f"{label} ({root}):")
    print(f"  {args.rooms} rooms x {args.players} clients, {args.races} races each, one move per "
          f"{args.think[0]}..{args.think[1]} s per client: {len(rtts)} moves in {wall:.1f} s "
          f"({len(rtts) / wall:.0f} moves/s)")
    print(f"  move round trip: median {figures['median']:.2f} ms, "
          f"p99 {figures['p99']:.2f} ms, max {ordered[-1] * 1000:.2f} ms")
    print(f"  server CPU: {server_cpu:.2f} s over {wall:.1f} s ({100 * server_cpu / wall:.0f}% of one core), "
          f"{figures['cpu']:.3f} ms a move (user {user:.2f} s, system {system:.2f} s); "
          f"the clients' process: {own_cpu:.2f} s")
    print(f"  {os.cpu_count()} cores, shared: load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after",
          flush=True)
    return figures


def summary(runs: dict[str, list[dict]]) -> None:
    """The median of each figure over the runs, per server, and after/before."""
    medians = {label: {k: statistics.median(r[k] for r in results) for k in results[0]}
               for label, results in runs.items()}
    print(f"medians over {len(next(iter(runs.values())))} runs:")
    for label, m in medians.items():
        print(f"  {label}: round trip median {m['median']:.2f} ms, p99 {m['p99']:.2f} ms, "
              f"server CPU {m['cpu']:.3f} ms a move")
    if "before" in medians:
        before, after = medians["before"], medians["after"]
        print("  after/before: " + ", ".join(f"{k} {after[k] / before[k]:.2f}" for k in ("median", "p99", "cpu")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--races", type=int, default=2)
    parser.add_argument("--think", type=float, nargs=2, default=[0.25, 0.75], metavar=("MIN", "MAX"))
    parser.add_argument("--before", type=Path, metavar="DIR", help="first the same load on this checkout's server")
    parser.add_argument("--runs", type=int, default=1, help="measure this many times; print the medians")
    parser.add_argument("--profile", type=Path, metavar="FILE", help="cProfile this checkout's server into FILE")
    args = parser.parse_args()
    runs: dict[str, list[dict]] = {"before": [], "after": []} if args.before is not None else {"server": []}
    for _ in range(args.runs):
        if args.before is not None:
            runs["before"].append(measure(args.before.resolve(), args, "before"))
        label = "after" if args.before is not None else "server"
        runs[label].append(measure(ROOT, args, label, args.profile))
    if args.runs > 1:
        summary(runs)


if __name__ == "__main__":
    main()
