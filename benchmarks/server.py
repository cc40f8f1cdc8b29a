"""Benchmark the race server under load (prints figures, asserts nothing).

    .venv/bin/python benchmarks/server.py [--rooms 50] [--players 4] [--races 2] [--think 0.25 0.75]

Starts `squarewise serve --port 0` as its own process on 127.0.0.1 (nothing else is ever
contacted), fills `rooms` rooms of `players` headless clients in this process, and has every
room race `races` times (a rematch between): each client plays the engine's solution, one
move every `think` seconds (drawn uniformly; a person takes seconds). It prints the round-trip
latency of a move (sent -> the server's `moved`, under the whole load: every move also goes
to the room's other boards) as median and 99th percentile, and the server process's CPU time
over the run (from /proc: Linux). The clients share the machine with the server, so the
latency includes their own scheduling delays too.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.net.client import RaceClient  # noqa: E402
from solver.genius.position import Position  # noqa: E402
from solver.genius.search import solve  # noqa: E402


def cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of process `pid`."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def fill_room(url: str, players: int) -> list[RaceClient]:
    host = await RaceClient.connect(url)
    await host.send("create", name="P1", dice="default", level="any")
    code = (await host.until("joined"))["room"]
    clients = [host]
    for i in range(2, players + 1):
        client = await RaceClient.connect(url)
        await client.send("join", name=f"P{i}", room=code)
        await client.until("joined")
        clients.append(client)
    return clients


async def play(client: RaceClient, think: tuple[float, float], rng: random.Random, rtts: list[float]) -> None:
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


async def room_races(clients: list[RaceClient], races: int, think, seed: int, rtts: list[float]) -> None:
    rng = random.Random(seed)
    for race in range(races):
        if race:
            await clients[0].send("rematch")
        for client in clients:
            await client.send("ready", ready=True)
        await asyncio.gather(*(play(c, think, random.Random(rng.random()), rtts) for c in clients))


async def load(url: str, server_pid: int, args):
    """The races: (round trips, wall seconds, server CPU seconds, this process's CPU seconds)."""
    rooms = [await fill_room(url, args.players) for _ in range(args.rooms)]
    rtts: list[float] = []
    started, server_before, own_before = time.perf_counter(), cpu_seconds(server_pid), time.process_time()
    await asyncio.gather(*(room_races(r, args.races, tuple(args.think), i, rtts) for i, r in enumerate(rooms)))
    wall = time.perf_counter() - started
    server_cpu = cpu_seconds(server_pid) - server_before
    own_cpu = time.process_time() - own_before
    for clients in rooms:
        for client in clients:
            await client.close()
    return rtts, wall, server_cpu, own_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--races", type=int, default=2)
    parser.add_argument("--think", type=float, nargs=2, default=[0.25, 0.75], metavar=("MIN", "MAX"))
    args = parser.parse_args()
    server = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0"], cwd=ROOT,
                              stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = "ws://" + line.split("ws://", 1)[1].split()[0]
        load_before = os.getloadavg()[0]
        rtts, wall, server_cpu, own_cpu = asyncio.run(load(url, server.pid, args))
    finally:
        server.terminate()
        server.wait(15)
    ordered = sorted(rtts)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"{args.rooms} rooms x {args.players} clients, {args.races} races each, one move per "
          f"{args.think[0]}..{args.think[1]} s per client: {len(rtts)} moves in {wall:.1f} s "
          f"({len(rtts) / wall:.0f} moves/s)")
    print(f"move round trip: median {statistics.median(ordered) * 1000:.2f} ms, "
          f"p99 {p99 * 1000:.2f} ms, max {ordered[-1] * 1000:.2f} ms")
    print(f"server CPU: {server_cpu:.2f} s over {wall:.1f} s ({100 * server_cpu / wall:.0f}% of one core); "
          f"the clients' process: {own_cpu:.2f} s")
    print(f"{os.cpu_count()} cores, shared: load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
