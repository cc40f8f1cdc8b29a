"""MacMahon Squares timings, printed as medians (run on purpose; not a test).

    .venv/bin/python benchmarks/macmahon.py [--repeat N] [--count-runs N]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

from solver.macmahon import search
from solver.macmahon.position import Board, Move, Position
from solver.macmahon.symmetry import position_from_codes


def timed(func, *args, **kwargs):
    start = time.perf_counter()
    result = func(*args, **kwargs)
    return time.perf_counter() - start, result


def report(label: str, times: list[float]) -> None:
    print(f"{label:<52} median {statistics.median(times) * 1000:9.1f} ms   "
          f"max {max(times) * 1000:9.1f} ms   (n={len(times)})")


def random_positions(table, count: int, rng: random.Random) -> list[Position]:
    """Prefixes of real solutions, half of them spoiled by one changed tile."""
    board = Board()
    out = []
    for _ in range(count):
        full = position_from_codes(board, table[rng.randrange(len(table))])
        keep = set(rng.sample(range(24), rng.randrange(0, 23)))
        p = Position(board, tuple(v if c in keep else None for c, v in enumerate(full.cells)))
        if keep and rng.random() < 0.5:
            cell = rng.choice(sorted(keep))
            p = p.remove(cell)
            tile = rng.randrange(24)
            if tile not in p.placed_tiles:
                p = p.place_unchecked(Move(tile, rng.randrange(4), cell))
        out.append(p)
    return out


def search_tail(board: Board, rng: random.Random, count: int, cap: float) -> list[float]:
    """Times of the depth-first search on prefixes of a solution with one legal wrong tile."""
    full = search.solve(Position.empty(board))
    times = []
    for _ in range(count):
        keep = set(rng.sample(range(board.size), rng.randrange(5, board.size - 5)))
        p = Position(board, tuple(v if c in keep else None for c, v in enumerate(full.cells)))
        for _ in range(200):
            cell, tile = rng.randrange(board.size), rng.choice(p.unplaced)
            turn = rng.randrange(4)
            move = Move(tile, turn, cell)
            if p.check(move) is None:
                p = p.place(move)
                break
        start = time.perf_counter()
        search.solve(p, lambda: time.perf_counter() > start + cap)
        times.append(min(time.perf_counter() - start, cap))
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--count-runs", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(1)
    board = Board()

    loads = []
    for _ in range(args.repeat):
        search._tables.clear()
        loads.append(timed(search.solution_table, board)[0])
    report("load the 4x6 solution table (shipped classes)", loads)
    table = search.solution_table(board)

    empty = Position.empty(board)
    report("first solution, empty 4x6, table", [timed(search.solve, empty)[0] for _ in range(args.repeat)])
    report("first solution, empty 4x6, depth-first search",
           [timed(search.solve, empty, method="dfs")[0] for _ in range(args.repeat)])
    search._tables.clear()
    cold = timed(search.solve, empty)[0]
    print(f"{'first solution, empty 4x6, table loaded cold':<52} {cold * 1000:9.1f} ms")

    positions = random_positions(table, 200, rng)
    report("still solvable? random positions", [timed(search.is_solvable, p)[0] for p in positions])
    report("hint, random positions", [timed(search.hint, p)[0] for p in positions])
    report("blame, random positions", [timed(search.blame, p)[0] for p in positions])
    report("solve 7x10, 4 colours, depth-first search",
           [timed(search.solve, Position.empty(Board(7, 10, 4)))[0] for _ in range(3)])

    capped = search_tail(Board(7, 10, 4), rng, 30, cap=2.0)
    report("solvable? by search, 30 spoiled 7x10x4 prefixes (2 s cap)", capped)
    print(f"  -> {sum(t >= 2.0 for t in capped)} of 30 hit the cap")

    for rows, cols, colours in [(3, 8, 3), (2, 12, 3), (2, 3, 2)]:
        runs = [timed(search.census, Board(rows, cols, colours), jobs=2)[0] for _ in range(3)]
        report(f"count {rows}x{cols}x{colours} (2 jobs)", runs)

    runs, doc = [], None
    for _ in range(args.count_runs):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "solver.cli", "macmahon", "count", "--json", "--jobs", "2"],
                              capture_output=True, text=True, check=True)
        runs.append(time.perf_counter() - start)
        doc = json.loads(proc.stdout)
    report("squarewise macmahon count (4x6, 2 jobs, end to end)", runs)
    print(f"  -> {doc['solutions']} solutions, {doc['classes']} classes, class sizes {doc['class_sizes']}")
    one = [timed(search.census, board, jobs=1)[0] for _ in range(max(1, args.count_runs - 2))]
    report("count 4x6 in process, 1 job", one)


if __name__ == "__main__":
    main()
