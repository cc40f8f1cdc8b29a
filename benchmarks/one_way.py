"""Benchmark One way's deal (solver/genius/one_way.py), as the game runs it in a child process
(run on purpose; prints medians, asserts nothing).

    .venv/bin/python benchmarks/one_way.py [--deals 30]

For each level, --deals puzzles from seeds 0.. (each a roll of the default dice, `fewest`, the
pinning pieces and a `solve`) in one process, after one deal that builds the tables: the median
and the slowest in ms, the given pieces dealt, and the load average before and after.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.genius.one_way import LEVELS, deal  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    deal(1, 10 ** 6)                      # the tables of the first call
    every = []
    for level in range(1, LEVELS + 1):
        times, givens = [], Counter()
        for seed in range(args.deals):
            t = time.perf_counter()
            p = deal(level, seed)
            times.append((time.perf_counter() - t) * 1000)
            givens[p.givens] += 1
        every += times
        print(f"level {level:2}: median {statistics.median(times):6.1f} ms, slowest {max(times):6.1f} ms; "
              f"given pieces {dict(sorted(givens.items(), reverse=True))}")
    print(f"all levels: median {statistics.median(every):.1f} ms, slowest {max(every):.1f} ms "
          f"over {len(every)} deals; load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
