"""The standings database (game/net/store.py): how fast it writes and answers, how big it grows
(not a test; the figures are in docs/server.md).

    .venv/bin/python benchmarks/store.py [--players 1000 10000] [--repeat N] [--sync normal|full]

For each number of players, a fresh database in a temporary folder: each player finishes a
ranked run of today's Genius daily through the Store (start, 9 moves, finish: 11 commits),
timed as finished runs a second; six earlier days are filled in bulk for the week's figure.
Then standings() is timed `--repeat` times per query (median and p99, ms): today's first page,
a player's own row, a page deep in the list, the week with the player's row, a group of 50.
Size: the file (checkpointed) per 10,000 runs, their moves included.
"""
from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import tempfile
import time
from pathlib import Path

from game.net.store import Store

DAILY = 329
MOVES = ("P1 A1", "P2 B3 r", "L3 C1", "L4 D4 f", "Z4 E2", "O4 A5", "T4 F1 rr", "S4 B6", "I4 A2")


def token(n: int) -> bytes:
    return hashlib.sha256(b"player-%d" % n).digest()


def fill(store: Store, players: int, rng: random.Random) -> float:
    """Make the players, today's runs through the Store, the week's earlier runs in bulk; returns runs/s today."""
    ids = [store.add_player(f"P{n}", f"p{n}", token(n), f"10.0.{n >> 8 & 255}.{n & 255}", 1.0).id
           for n in range(players)]
    started = time.perf_counter()
    for pid in ids:
        run = store.start_run(pid, "genius", DAILY, True, 1000.0 + pid)
        for move in MOVES:
            store.add_move(run.id, move)
        store.finish_run(run.id, rng.randint(20_000, 600_000), rng.random() < 0.01)
    rate = players / (time.perf_counter() - started)
    db = store.db
    db.execute("BEGIN")
    for daily in range(DAILY - 6, DAILY):
        for pid in ids:
            if rng.random() < 0.7:
                run = db.execute("INSERT INTO runs (player, puzzle, daily, ranked, started, ms, flagged) "
                                 "VALUES (?, 'genius', ?, 1, ?, ?, 0)",
                                 (pid, daily, 1000.0 + pid, rng.randint(20_000, 600_000))).lastrowid
                db.executemany("INSERT INTO moves (run, seq, move) VALUES (?, ?, ?)",
                               [(run, k, m) for k, m in enumerate(MOVES)])
    db.execute("COMMIT")
    group = rng.sample(ids, 50)
    store.create_group(group[0], "GROUPABC", "Club")
    for pid in group[1:]:
        store.join_group(pid, "GROUPABC")
    return rate


def timing(repeat: int, query) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        query()
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]


def bench(players: int, repeat: int, sync: str) -> None:
    rng = random.Random(players)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "standings.sqlite3", synchronous=sync)
        rate = fill(store, players, rng)
        someone = rng.randrange(1, players + 1)
        queries = {
            "today, first 20": lambda: store.standings("genius", DAILY),
            "today, with your row": lambda: store.standings("genius", DAILY, player=someone),
            "today, a page halfway": lambda: store.standings("genius", DAILY, offset=players // 2),
            "the week, with your row": lambda: store.standings("genius", DAILY, days=7, player=someone),
            "today, a group of 50": lambda: store.standings("genius", DAILY, group="GROUPABC", player=someone),
        }
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        counts = store.counts()
        print(f"{players:,} players, {counts['runs']:,} runs ({sync}): {rate:,.0f} finished runs/s "
              f"(start, 9 moves, finish); {counts['bytes'] / counts['runs'] * 10_000 / 2**20:.1f} MiB per 10,000 runs")
        for label, query in queries.items():
            median, p99 = timing(repeat, query)
            print(f"  standings {label:26s} median {median:6.2f} ms  p99 {p99:6.2f} ms")
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--sync", choices=("normal", "full"), default="normal")
    args = parser.parse_args()
    for players in args.players:
        bench(players, args.repeat, args.sync)


if __name__ == "__main__":
    main()
