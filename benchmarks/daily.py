"""Daily puzzles, level draws and all solutions of a roll: timings as medians (not a test).

    .venv/bin/python benchmarks/daily.py [--days N] [--repeat N]

The MacMahon figure is the issue's target: a unique-completion puzzle in < 1 s (median). It
is timed with the solution table already in memory and, separately, the first puzzle of a
fresh process (which rebuilds the table from the shipped classes).
"""
from __future__ import annotations

import argparse
import datetime as dt
import statistics
import subprocess
import sys
import time

from solver.genius.daily import genius_daily
from solver.genius.dice import builtin
from solver.genius.levels import LEVELS, roll_at_level
from solver.genius.position import Position
from solver.genius.solutions import Solutions
from solver.grid import parse_cell
from solver.macmahon.daily import macmahon_daily

START = dt.date(2026, 11, 23)
EASIEST = "A1 A3 A4 A5 A6 E3 E4"   # 22,317 solutions, the most of any default roll


def timed(func, *args):
    started = time.perf_counter()
    result = func(*args)
    return time.perf_counter() - started, result


def timings(make, days: int) -> list[float]:
    return [timed(make, START + dt.timedelta(days=k))[0] for k in range(days)]


def report(label: str, times: list[float]) -> None:
    print(f"{label:<58} median {statistics.median(times) * 1000:8.1f} ms   "
          f"max {max(times) * 1000:8.1f} ms   (n={len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=28, help="consecutive days timed (default 28)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of the other figures (default 5)")
    args = parser.parse_args()
    macmahon_daily(START)  # the solution table, once per process
    report("MacMahon daily (unique completion), table in memory", timings(macmahon_daily, args.days))
    code = "import time,datetime as d;t=time.perf_counter();from solver.macmahon.daily import macmahon_daily as m;" \
           "m(d.date(2026,11,23));print(time.perf_counter()-t)"
    fresh = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
             for _ in range(5)]
    report("MacMahon daily, first of a fresh process (imports + table)", fresh)
    report("Genius daily (a roll at the day's level)", timings(genius_daily, args.days))
    levels_and_solutions(args.repeat)


def levels_and_solutions(repeat: int) -> None:
    default = builtin("default")
    for level in LEVELS:
        runs = [timed(roll_at_level, default, level, seed) for seed in range(4 * repeat)]
        report(f"roll_at_level(default, {level!r})", [t for t, _ in runs])
        print(f"{'':<58} tries: median {statistics.median(d.tries for _, d in runs)}")
    board = Position.from_blockers(parse_cell(c) for c in EASIEST.split())
    counts, lists, picks = [], [], []
    for _ in range(repeat):
        t, solutions = timed(Solutions, board)
        counts.append(t)
        lists.append(timed(list, solutions)[0])
        picks.append(timed(lambda: [solutions[k] for k in range(0, len(solutions), 223)])[0] / 101)
    report("Solutions(easiest roll): count 22,317", counts)
    report("list all 22,317 solutions", lists)
    report("one solution by number, s[k]", picks)


if __name__ == "__main__":
    main()
