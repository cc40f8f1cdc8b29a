"""Timings of level draws and of listing every solution of a roll, as medians (not a test).

    .venv/bin/python benchmarks/solutions.py [--repeat N]
"""
from __future__ import annotations

import argparse
import statistics
import time

from solver.genius.dice import builtin
from solver.genius.levels import LEVELS, roll_at_level
from solver.genius.position import Position
from solver.genius.solutions import Solutions
from solver.grid import parse_cell

EASIEST = "A1 A3 A4 A5 A6 E3 E4"   # 22,317 solutions, the most of any default roll


def timed(func, *args):
    started = time.perf_counter()
    result = func(*args)
    return time.perf_counter() - started, result


def report(label: str, times: list[float]) -> None:
    print(f"{label:<52} median {statistics.median(times) * 1000:8.1f} ms   "
          f"max {max(times) * 1000:8.1f} ms   (n={len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (default 5)")
    args = parser.parse_args()
    default = builtin("default")
    for level in LEVELS:
        runs = [timed(roll_at_level, default, level, seed) for seed in range(4 * args.repeat)]
        report(f"roll_at_level(default, {level!r})", [t for t, _ in runs])
        print(f"{'':<52} tries: median {statistics.median(d.tries for _, d in runs)}")
    board = Position.from_blockers(parse_cell(c) for c in EASIEST.split())
    counts, lists, picks = [], [], []
    for _ in range(args.repeat):
        t, solutions = timed(Solutions, board)
        counts.append(t)
        lists.append(timed(list, solutions)[0])
        picks.append(timed(lambda: [solutions[k] for k in range(0, len(solutions), 223)])[0] / 101)
    report("Solutions(easiest roll): count 22,317", counts)
    report("list all 22,317 solutions", lists)
    report("one solution by number, s[k]", picks)


if __name__ == "__main__":
    main()
