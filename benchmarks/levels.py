"""Roll numbers and levels: timings as medians (not a test).

    .venv/bin/python benchmarks/levels.py [--repeat N] [--cpu] [--macmahon]

- the first use of the shipped count table in a fresh process (imports, reading, the cuts);
- level_of for a default roll (a table lookup) and for a roll of a custom set (a count);
- roll_at_level at each of the ten levels, default dice (lookups) and a custom set (counts);
- a MacMahon level board at each level, the solution table already in memory.

--cpu times each call by the process's CPU time (less moved by other work on a shared machine
than the wall clock); --macmahon times the MacMahon boards only.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from solver.genius import levels
from solver.genius.dice import DiceSet, builtin
from solver.genius.numbers import roll_from_number
from solver.macmahon.levels import COUNT as MACMAHON_LEVELS, macmahon_level_board


CLOCK = [time.perf_counter]     # or time.process_time (--cpu)


def timed(func, *args) -> float:
    started = CLOCK[0]()
    func(*args)
    return CLOCK[0]() - started


def report(label: str, times: list[float]) -> None:
    print(f"{label:<58} median {statistics.median(times) * 1000:8.2f} ms   "
          f"max {max(times) * 1000:8.2f} ms   (n={len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="runs of each figure (default 10)")
    parser.add_argument("--cpu", action="store_true", help="the process's CPU time, not the wall clock")
    parser.add_argument("--macmahon", action="store_true", help="the MacMahon level boards only")
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    if not args.macmahon:
        genius(args)
    macmahon_level_board(1, 0)                             # the solution table, once per process
    for level in range(1, MACMAHON_LEVELS + 1):
        report(f"macmahon_level_board({level}, seed)",
               [timed(macmahon_level_board, level, seed) for seed in range(args.repeat)])


def genius(args) -> None:
    """The Genius figures."""
    code = ("import time;t=time.perf_counter();from solver.genius import levels, dice;"
            "levels.thresholds(dice.builtin('default'));print(time.perf_counter()-t)")
    fresh = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
             for _ in range(min(args.repeat, 5))]
    report("first cuts of a fresh process (imports + table)", fresh)
    default = builtin("default")
    custom = DiceSet("reordered", default.dice[::-1])      # the real dice in another order: no table
    levels.thresholds(custom)                              # its estimate, once per process
    rolls = [roll_from_number(default, n) for n in range(0, 62_208, 62_208 // args.repeat)]
    report("level_of, default roll (table)", [timed(levels.level_of, default, r) for r in rolls])
    report("level_of, custom set's roll (counted)", [timed(levels.level_of, custom, r) for r in rolls])
    for level in range(1, levels.COUNT + 1):
        report(f"roll_at_level(default, {level})",
               [timed(levels.roll_at_level, default, level, seed) for seed in range(args.repeat)])
    for level in (1, 5, 10):
        report(f"roll_at_level(custom, {level})",
               [timed(levels.roll_at_level, custom, level, seed) for seed in range(args.repeat)])


if __name__ == "__main__":
    main()
