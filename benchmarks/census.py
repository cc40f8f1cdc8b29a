"""Benchmark the census, make-dice and the roll counter (run on purpose; prints medians, asserts nothing).

    .venv/bin/python benchmarks/census.py [--repeat 3] [--share 8] [--full] [--seeds 3] [--boards 200]

1. enumeration: all C(36,7) boards, their D4 orbits, the simple reasons (numpy);
2. deciding the orbit representatives on 1 and on 2 processes: a 1/--share slice of the work
   (--share contiguous blocks spread over the whole range, so neighbouring boards still share
   their states), --repeat times each, and the speed-up; with --full, also one whole
   `squarewise genius census` run per process count (a fresh process, the real command);
3. make-dice: --seeds seeds, search time, candidates, rejections and the verification time;
4. solution counts: --boards default rolls counted by roll_counts' memoised counter (one table
   across the boards, in numeric order as roll-counts does) and by the engine's search.count.
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
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.genius import census, dice, make_dice, roll_counts, search  # noqa: E402
from solver.genius.position import Position  # noqa: E402


def timed(func, *args, **kwargs):
    start = time.perf_counter()
    value = func(*args, **kwargs)
    return time.perf_counter() - start, value


def median_line(label: str, seconds: list[float], extra: str = "") -> float:
    med = statistics.median(seconds)
    print(f"{label:<46} median {med:8.2f} s   runs {', '.join(f'{s:.2f}' for s in seconds)}{extra}")
    return med


def enumeration(repeat: int) -> np.ndarray:
    runs = {"all boards": [], "orbits": [], "reasons of all boards": []}
    for _ in range(repeat):
        t, boards = timed(census.all_boards)
        runs["all boards"].append(t)
        t, (reps, sizes) = timed(census.orbits, boards)
        runs["orbits"].append(t)
        runs["reasons of all boards"].append(timed(census.reasons, boards)[0])
    for label, seconds in runs.items():
        median_line(label, seconds)
    print(f"  {len(boards):,} boards, {len(reps):,} orbits (sizes: {dict(zip(*np.unique(sizes, return_counts=True)))})")
    return reps


def deciding(reps: np.ndarray, repeat: int, share: int) -> None:
    blocks = np.array_split(reps, share * 8)[::8]
    work = np.concatenate(blocks)
    print(f"deciding a 1/{share} slice: {len(work):,} representatives in {len(blocks)} blocks")
    medians = {}
    for jobs in (1, 2):
        runs = []
        for _ in range(repeat):
            census.forget_states()  # else the table of decided states carries over, also into forked workers
            runs.append(timed(census.decide, work, jobs=jobs)[0])
        medians[jobs] = median_line(f"  {jobs} process(es)", runs, f"   -> whole census ~{statistics.median(runs) * share:.0f} s")
    print(f"  speed-up 1 -> 2 processes: {medians[1] / medians[2]:.2f}x")


def full_runs() -> None:
    exe = ROOT / ".venv" / "bin" / "squarewise"
    for jobs in (1, 2):
        start = time.perf_counter()
        out = subprocess.run([str(exe), "genius", "census", "--jobs", str(jobs), "--json"],
                             capture_output=True, text=True, check=True).stdout
        doc = json.loads(out)
        print(f"full census, {jobs} process(es): {time.perf_counter() - start:.1f} s wall "
              f"(reported {doc['seconds']} s), unsolvable {doc['unsolvable']:,}")


def making(seeds: int) -> None:
    found = []
    for seed in range(1, seeds + 1):
        t, made = timed(make_dice.make, seed, jobs=2)
        found.append((t, made))
        print(f"  {made.summary(seed)}")
    median_line("make-dice (2 processes)", [t for t, _ in found])
    median_line("  of which the search", [m.search_seconds for _, m in found])
    median_line("  of which verifying every roll", [m.verify_seconds for _, m in found])
    print(f"  candidates looked up: median {statistics.median(m.candidates for _, m in found)}, "
          f"rejected: median {statistics.median(m.rejected for _, m in found)}")


def counting(boards: int) -> None:
    masks = roll_counts.roll_masks(dice.builtin("default"))
    start = random.Random(1).randrange(len(masks) - boards)
    sample = masks[start:start + boards]
    t_memo, mine = timed(roll_counts.count_chunk, sample)
    few = sample[: max(1, boards // 10)]
    t_engine, theirs = timed(lambda: [search.count(Position.from_blockers(
        [c for c in range(36) if int(m) >> c & 1])) for m in few])
    assert mine[: len(few)] == theirs
    per_memo, per_engine = t_memo / boards * 1e3, t_engine / len(few) * 1e3
    print(f"counting {boards} consecutive default rolls: memoised counter {per_memo:.1f} ms/board, "
          f"engine count {per_engine:.1f} ms/board ({len(few)} boards): {per_engine / per_memo:.1f}x;"
          f" all 62,208 rolls ~{per_memo * len(masks) / 1e3:.0f} s on one process")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--share", type=int, default=8)
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--boards", type=int, default=200)
    args = parser.parse_args()
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')}; load average {os.getloadavg()} (the machine may be shared)")
    reps = enumeration(args.repeat)
    deciding(reps, args.repeat, args.share)
    if args.full:
        full_runs()
    making(args.seeds)
    counting(args.boards)


if __name__ == "__main__":
    main()
