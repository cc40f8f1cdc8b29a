"""Benchmark `squarewise genius min-pieces` (run on purpose; prints medians, asserts nothing).

    .venv/bin/python benchmarks/min_pieces.py [--repeat 3] [--jobs 2] [--dice default] [--rolls 200]
                                              [--orientations 0] [--skip-all]

1. the whole `min-pieces --all --json` in a fresh process, --repeat times, with the load average
   before and after each run (the machine may be shared: the load says how much);
2. in this process, one roll at a time as a game would deal them: `fewest` of --rolls random rolls
   (the first call also builds the tables), `puzzle` at every number of given pieces, and
   `pinning` of a random solution: medians and maxima in ms;
3. with --orientations N: the states one sweep makes for N classes in each of their 8 images,
   and how close the image min_pieces_all.cheapest picks comes to the best one (the smallest
   mask, census.canonical, for comparison), with the least-squares weights refitted.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.genius import census, min_pieces, min_pieces_all, shares  # noqa: E402
from solver.genius.dice import resolve  # noqa: E402
from solver.genius.numbers import roll_from_number  # noqa: E402
from solver.genius.position import Position  # noqa: E402
from solver.genius.solutions import Solutions  # noqa: E402


def whole(jobs: int, dice: str) -> float:
    before = os.getloadavg()
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "solver.cli", "genius", "min-pieces", "--all", "--dice", dice,
                          "--jobs", str(jobs), "--json"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    doc = json.loads(out)
    print(f"min-pieces --all --dice {dice} --jobs {jobs}: {wall:6.1f} s wall (load {before[0]:.1f} -> "
          f"{os.getloadavg()[0]:.1f}); distribution {doc['distribution']}, the most {doc['maximum']['pieces']}")
    return wall


def ms(times: list[float]) -> str:
    return f"median {1000 * statistics.median(times):.1f} ms, max {1000 * max(times):.1f} ms"


def one_by_one(dice: str, rolls: int) -> None:
    dice_set = resolve(dice)
    rng = random.Random(38)
    boards = [Position.from_blockers(roll_from_number(dice_set, rng.randrange(dice_set.count()))) for _ in range(rolls)]
    start = time.perf_counter()
    min_pieces.fewest(boards[0])
    print(f"first fewest in this process (tables built): {1000 * (time.perf_counter() - start):.0f} ms")
    times, figures = [], []
    for board in boards[1:]:
        start = time.perf_counter()
        figures.append(min_pieces.fewest(board).pieces)
        times.append(time.perf_counter() - start)
    print(f"fewest of {len(times)} rolls, one at a time: {ms(times)} (figures {dict(sorted(Counter(figures).items()))})")
    made, owned = [], []
    for seed, board in enumerate(boards[1:21]):
        least = min_pieces.fewest(board).pieces
        for pieces in range(least, 9):
            start = time.perf_counter()
            min_pieces.puzzle(board, pieces, seed)
            made.append(time.perf_counter() - start)
        solutions = Solutions(board)
        solution = solutions[rng.randrange(len(solutions))]
        start = time.perf_counter()
        min_pieces.pinning(solution)
        owned.append(time.perf_counter() - start)
    print(f"puzzle at each number of given pieces, 20 rolls: {ms(made)}")
    print(f"pinning of a random solution, 20 rolls: {ms(owned)}")


def orientations(dice: str, count: int) -> None:
    _, _, boards = min_pieces_all.classes(resolve(dice))
    reps = np.sort(census.canonical(np.random.default_rng(0).choice(boards, count, replace=False)))
    sizes = []
    real = shares._collect

    def spy(n, layers, *rest):
        sizes.append(np.bincount((np.concatenate([k for k, _ in layers]) >> np.uint64(shares.TAG_AT)).astype(np.int64),
                                 minlength=n))
        return real(n, layers, *rest)
    shares._collect = spy
    images = np.stack([census.image(reps, g) for g in range(8)])
    nodes = []
    for g in range(8):
        sizes.clear()
        shares.forget_dead()
        shares.shares(images[g], np.zeros(count, np.uint64))
        nodes.append(np.concatenate(sizes))
    shares._collect = real
    nodes = np.array(nodes)
    best = nodes.min(axis=0).sum()
    picked = min_pieces_all.cheapest(reps)
    chosen = nodes[np.argmax(images == picked, axis=0), np.arange(count)].sum()
    print(f"states of {count} classes: cheapest image {chosen / best:.3f} x the best, smallest mask "
          f"{nodes[0].sum() / best:.3f} x, mean over the 8 images {nodes.mean(axis=0).sum() / best:.3f} x")
    cells = ((images[..., None] >> np.arange(36, dtype=np.uint64)) & np.uint64(1)).reshape(8 * count, 36)
    weights, *_ = np.linalg.lstsq(np.c_[cells, np.ones(len(cells))].astype(float), np.log(nodes.ravel()), rcond=None)
    print("refitted weights (log states per blocker cell, rows A-F):")
    print(np.array2string(weights[:36].reshape(6, 6), precision=2))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--dice", default="default")
    parser.add_argument("--rolls", type=int, default=200)
    parser.add_argument("--orientations", type=int, default=0)
    parser.add_argument("--skip-all", action="store_true")
    args = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    if not args.skip_all:
        walls = [whole(args.jobs, args.dice) for _ in range(args.repeat)]
        print(f"--all: median {statistics.median(walls):.1f} s, max {max(walls):.1f} s over {len(walls)} runs")
    one_by_one(args.dice, args.rolls)
    if args.orientations:
        orientations(args.dice, args.orientations)


if __name__ == "__main__":
    main()
