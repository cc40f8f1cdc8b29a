"""The standings database (game/net/store.py): how fast it writes and answers, how big it grows
(not a test; the figures are in docs/server.md).

    .venv/bin/python benchmarks/store.py [--players 1000 10000] [--days 7] [--repeat N] [--sync normal|full]

For each number of players, a fresh database in a temporary folder: each player finishes a
ranked run of today's Genius daily through the Store as the server does (start, 8 moves, the
9th move and the finish together: 10 commits), timed as finished runs a second; the `days` - 1
days before are filled in bulk (70% of the players each day). Then each of these is timed
`--repeat` times (median and p99, ms): a ranking built from the store (`totals`: what the
server does once per standings of some days, on a reader thread), a page of a ranking kept
(what every later standings costs: game/net/ranking.py), a run finished into a kept ranking,
a finished run's place (`place`, on the writer), a group of 50's standings. Size: the file
(checkpointed) per 10,000 runs, their moves included.
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
BOARD = "A1A2A4A6B4D5E1/1:F4/4-O:B1B2C1C2"     # (the board stored with each move: one of that length)


def token(n: int) -> bytes:
    return hashlib.sha256(b"player-%d" % n).digest()


def fill(store: Store, players: int, days: int, rng: random.Random) -> float:
    """Make the players, today's runs through the Store, the earlier days' runs in bulk; returns runs/s today."""
    ids = [store.add_player(f"P{n}", token(n), f"10.0.{n >> 8 & 255}.{n & 255}", 1.0).id
           for n in range(players)]
    started = time.perf_counter()
    for pid in ids:
        run = store.start_run(pid, "genius", DAILY, True, 1000.0 + pid)
        for seq, move in enumerate(MOVES[:-1], 1):
            store.add_move(run.id, seq, move, BOARD)
        store.add_move(run.id, len(MOVES), MOVES[-1], BOARD, (rng.randint(20_000, 600_000), rng.random() < 0.01))
    rate = players / (time.perf_counter() - started)
    db = store.db
    db.execute("BEGIN")
    for daily in range(DAILY - days + 1, DAILY):
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


def bench(players: int, days: int, repeat: int, sync: str) -> None:
    rng = random.Random(players)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "standings.sqlite3", synchronous=sync)
        rate = fill(store, players, days, rng)
        someone = rng.randrange(1, players + 1)
        today, span = store.totals("genius", DAILY, DAILY), store.totals("genius", DAILY - days + 1, DAILY)
        queries = {
            "ranking built: today": lambda: store.totals("genius", DAILY, DAILY),
            f"ranking built: {days} days": lambda: store.totals("genius", DAILY - days + 1, DAILY),
            "kept ranking, today: first 20": lambda: today.page(0, 20),
            "kept ranking, today: halfway": lambda: today.page(players // 2, 20),
            "kept ranking, today: your row": lambda: today.row(someone),
            f"kept ranking, {days} days: first 20": lambda: span.page(0, 20),
            f"kept ranking, {days} days: halfway": lambda: span.page(players // 2, 20),
            f"kept ranking, {days} days: your row": lambda: span.row(someone),
            f"a run finished into {days} days": lambda: span.add(someone, "P", 30_000, 5000.0),
            "place of a finished run": lambda: store.place("genius", DAILY, 300_000),
            f"a group of 50, {days} days": lambda: store.standings("genius", DAILY, days=days, group="GROUPABC",
                                                                   player=someone),
        }
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        counts = store.counts()
        print(f"{players:,} players, {days} days, {counts['runs']:,} runs ({sync}): {rate:,.0f} finished runs/s "
              f"(start, 9 moves, finish); {counts['bytes'] / counts['runs'] * 10_000 / 2**20:.1f} MiB per 10,000 runs")
        for label, query in queries.items():
            median, p99 = timing(repeat, query)
            print(f"  {label:34s} median {median:8.3f} ms  p99 {p99:8.3f} ms")
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--days", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--sync", choices=("normal", "full"), default="normal")
    args = parser.parse_args()
    for players in args.players:
        bench(players, args.days, args.repeat, args.sync)


if __name__ == "__main__":
    main()
