"""Benchmark `squarewise genius census --counts` (run on purpose; prints medians, asserts nothing).

    .venv/bin/python benchmarks/census_counts.py [--repeat 1] [--stages] [--one]

1. with --stages, the parts on one process: the states at the cut, the Below table (all
   overflows, one process), and three units of stage 2 (of 16) with their share of the run;
2. the whole command in a fresh process, --repeat times on 2 processes (and once on 1 with
   --one), with the load average around each run (the machine may be shared);
3. from the last run's saved table: the roll totals of both dice sets and the unsolvable boards,
   to compare with `roll-counts` and `census` (docs/census.md).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.genius import census, counts, dice, roll_counts  # noqa: E402


def timed(func, *args):
    start = time.perf_counter()
    value = func(*args)
    return time.perf_counter() - start, value


def stages() -> None:
    t, found = timed(counts.states)
    print(f"states at the cut: {t:6.1f} s   ({sum(map(len, found.values())):,} states)")
    overflows = np.unique(np.concatenate([s >> np.uint64(9) for s in found.values()]))
    columns = counts.default_columns()
    t, part = timed(counts.below_job, (overflows, columns, False))
    t2, tables = timed(counts.by_state, [part])
    print(f"Below table, 1 process: {t:6.1f} s + {t2:.1f} s sorting   ({len(overflows):,} overflows, "
          f"{sum(len(x[2]) for x in tables.values()):,} entries)")
    counts._shared.update(states=found, columns=columns, tables=tables)
    del part
    for unit in (0, 7, 15):
        t, n = timed(counts.above_job, counts.unit_patterns(unit))
        print(f"stage 2 unit {unit:>2} of {counts.UNITS}: {t:6.1f} s   ({len(n):,} boards)")
    counts._shared.clear()


def whole(jobs: int, save: str) -> float:
    exe = ROOT / ".venv" / "bin" / "squarewise"
    before = os.getloadavg()[0]
    start = time.perf_counter()
    out = subprocess.run([str(exe), "genius", "census", "--counts", "--jobs", str(jobs), "--json", "--save", save],
                         capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    doc = json.loads(out)
    print(f"whole command, {jobs} process(es): {wall:6.1f} s wall (load {before:.1f} -> {os.getloadavg()[0]:.1f}); "
          f"{doc['tilings']:,} tilings, max {doc['max']['solutions']:,}, {len(doc['single'])} single, "
          f"{doc['unsolvable']:,} unsolvable, classes agree: {doc['orbits_agree']}")
    return wall


def checks(save: str) -> None:
    with np.load(save) as table:
        reps, n = table["representatives"], table["counts"].astype(np.int64)
    for name in ("default", "alternative"):
        rolls = roll_counts.roll_masks(dice.builtin(name))
        got = n[np.searchsorted(reps, census.canonical(rolls))]
        print(f"{name} dice: {len(rolls):,} rolls, {got.sum():,} solutions in all, min {got.min()}, max {got.max():,}, "
              f"5/25/75th percentiles {np.percentile(got, (5, 25, 75)).tolist()}")
    bad = census.load_unsolvable()
    print(f"census unsolvable classes: {len(bad):,}, all count 0: {bool((n[np.searchsorted(reps, bad)] == 0).all())}; "
          f"classes with count 0: {(n == 0).sum():,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--stages", action="store_true")
    parser.add_argument("--one", action="store_true")
    args = parser.parse_args()
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')}; load average {os.getloadavg()} (the machine may be shared)")
    if args.stages:
        stages()
    with tempfile.TemporaryDirectory() as folder:
        save = os.path.join(folder, "counts.npz")
        runs = [whole(2, save) for _ in range(args.repeat)]
        print(f"median of {len(runs)} on 2 processes: {statistics.median(runs):.1f} s")
        if args.one:
            whole(1, save)
        checks(save)


if __name__ == "__main__":
    main()
