"""Half-open sockets against `squarewise serve` (prints figures, asserts nothing).

    .venv/bin/python benchmarks/half_open.py [--sockets 6000] [--honest 25] [--before DIR]

Starts `squarewise serve --port 0` as its own process on 127.0.0.1 (nothing else is ever
contacted), then opens `sockets` TCP connections from 127.0.0.1 that never send their HTTP
request, as fast as it can, and keeps them open; meanwhile `honest` players connect one after
another from other loopback addresses (127.0.0.2, ...; Linux routes all of 127/8 to this
machine), each a full websocket handshake and a `create` answered `joined`. It prints how many
half-open sockets the server kept, the honest connects' time (median and slowest; none that
failed or took over 5 s), the server's resident memory before and after (from /proc: Linux),
and how many lines and bytes it wrote to stderr (tracebacks) and stdout. It raises its own
RLIMIT_NOFILE soft limit to the hard one, and starts the server with a soft limit of 1024 (a
common default; --server-soft), which the server may raise itself. With --before DIR (another checkout, e.g. a worktree
of main) the same runs first against that checkout's server.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
FLOOD_SECONDS = 60


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def honest(port: int, host: str) -> float:
    """One player from `host`: connect, create a room, `joined`: seconds taken (inf if it failed)."""
    from websockets.asyncio.client import connect
    started = time.perf_counter()
    try:
        async with connect(f"ws://127.0.0.1:{port}/", open_timeout=5, local_addr=(host, 0), proxy=None) as ws:
            await ws.send(json.dumps({"v": 2, "type": "create", "name": "Honest", "dice": "default", "level": "any"}))
            while json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] != "joined":
                pass
    except Exception:                   # refused, timed out, reset: a failure, counted
        return float("inf")
    return time.perf_counter() - started


async def flood(port: int, sockets: int) -> None:
    """(Its own process, so the honest players' loop is not the attacker's.) Open `sockets`
    connections that never send a request, for at most FLOOD_SECONDS, each connect at most 1 s;
    keep them until stdin closes; print how many opened and how many are still open."""
    held = []
    deadline = time.monotonic() + FLOOD_SECONDS
    for _ in range(sockets):
        if time.monotonic() > deadline:
            break
        try:
            held.append(await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 1))
        except (OSError, asyncio.TimeoutError):
            pass
    print(len(held), flush=True)
    await asyncio.to_thread(sys.stdin.read)
    print(sum(not (reader.at_eof() or reader.exception()) for reader, _ in held), flush=True)


async def players(port: int, count: int, attacker: subprocess.Popen) -> tuple[list[float], int]:
    """Honest players one after another (at least `count`, every 0.25 s) until the attacker
    has opened its sockets: their times, and how many sockets it opened."""
    opened = asyncio.ensure_future(asyncio.to_thread(attacker.stdout.readline))
    times: list[float] = []
    while len(times) < count or not opened.done():
        times.append(await honest(port, f"127.0.0.{2 + len(times) % 250}"))
        await asyncio.sleep(0.25)
    return times, int(await opened)


def measure(checkout: Path, sockets: int, honest_count: int, soft: int, hard: int) -> None:
    """One run against `checkout`'s server, started with the soft limit of descriptors `soft`."""
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        server = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--db", f"{data}/s.db"],
                                  cwd=checkout, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard)))
        first = server.stdout.readline()
        port = int(first.split("ws://", 1)[1].split("/")[0].rsplit(":", 1)[1])
        before = rss_kb(server.pid)
        attacker = subprocess.Popen([sys.executable, __file__, "--flood", str(port), str(sockets)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        times, opened = asyncio.run(players(port, honest_count, attacker))
        after = rss_kb(server.pid)
        attacker.stdin.close()
        kept = int(attacker.stdout.readline())
        attacker.wait(30)
        server.terminate()
        out, err = server.communicate(timeout=60)
    ok = [t for t in times if t < 5]
    print(f"{checkout}: {first.strip()}")
    print(f"  half-open sockets opened {opened} of {sockets} (still open at the end: {kept}); honest connects {len(ok)} of {len(times)} "
          f"within 5 s: median {statistics.median(ok) * 1000:.1f} ms, slowest {max(ok) * 1000:.1f} ms" if ok else
          f"  honest connects: none within 5 s")
    print(f"  server memory {before / 1024:.1f} -> {after / 1024:.1f} MB; stderr {err.count(chr(10))} lines "
          f"({len(err) / 1e6:.2f} MB, tracebacks {err.count('Traceback')}); stdout {out.count(chr(10))} lines")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=6000)
    parser.add_argument("--flood", nargs=2, type=int, help=argparse.SUPPRESS)     # PORT SOCKETS: the attacker
    parser.add_argument("--honest", type=int, default=25)
    parser.add_argument("--before", type=Path, help="another checkout whose server runs first")
    parser.add_argument("--server-soft", type=int, default=1024,
                        help="the server's soft limit of descriptors at its start (default 1024, a common default)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.flood:
        asyncio.run(flood(*args.flood))
        return
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}; this process's descriptors: {hard}")
    for checkout in ([args.before] if args.before else []) + [HERE]:
        measure(checkout, args.sockets, args.honest, min(args.server_soft, hard), hard)


if __name__ == "__main__":
    main()
