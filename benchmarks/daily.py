"""Daily-puzzle timings, printed as medians (run on purpose; not a test).

    .venv/bin/python benchmarks/daily.py [--days N]

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
from solver.macmahon.daily import macmahon_daily

START = dt.date(2026, 11, 23)


def timings(make, days: int) -> list[float]:
    out = []
    for k in range(days):
        day = START + dt.timedelta(days=k)
        started = time.perf_counter()
        make(day)
        out.append(time.perf_counter() - started)
    return out


def report(label: str, times: list[float]) -> None:
    print(f"{label:<58} median {statistics.median(times) * 1000:8.1f} ms   "
          f"max {max(times) * 1000:8.1f} ms   (n={len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=28, help="consecutive days timed (default 28)")
    args = parser.parse_args()
    macmahon_daily(START)  # the solution table, once per process
    report("MacMahon daily (unique completion), table in memory", timings(macmahon_daily, args.days))
    code = "import time,datetime as d;t=time.perf_counter();from solver.macmahon.daily import macmahon_daily as m;" \
           "m(d.date(2026,11,23));print(time.perf_counter()-t)"
    fresh = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
             for _ in range(5)]
    report("MacMahon daily, first of a fresh process (imports + table)", fresh)
    report("Genius daily (a roll at the day's level)", timings(genius_daily, args.days))


if __name__ == "__main__":
    main()
