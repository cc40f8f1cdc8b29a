"""`squarewise macmahon min-givens` as a whole process: medians (not a test).

    .venv/bin/python benchmarks/min_givens.py [--repeat N] [--jobs N]

Times the command with and without --no-rotation and prints its minimum each time.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    for extra in ([], ["--no-rotation"]):
        times, minimum = [], None
        for _ in range(args.repeat):
            started = time.perf_counter()
            out = subprocess.run([sys.executable, "-m", "solver.cli", "macmahon", "min-givens", "--json",
                                  "--jobs", str(args.jobs), *extra], capture_output=True, text=True, check=True)
            times.append(time.perf_counter() - started)
            minimum = json.loads(out.stdout)["minimum"]
        print(f"min-givens {' '.join(extra) or '(turns given)'} --jobs {args.jobs}: minimum {minimum}; "
              f"median {statistics.median(times):.1f} s, max {max(times):.1f} s over {args.repeat} runs")


if __name__ == "__main__":
    main()
