"""Benchmark what a race against the computer costs before it starts (prints medians, asserts nothing).

    .venv/bin/python benchmarks/opponent.py [--rolls N]

For N seeded rolls of the default dice: the worker's job (`game.puzzles.genius.opponent.job_plan`: one
solution and the solution count), and on the UI thread, building the `Opponent` from its
answer (the order of the pieces and the schedule) and looking up its board at a time.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.puzzles.genius.opponent import LEVELS, Opponent, job_plan  # noqa: E402
from solver.genius import dice  # noqa: E402
from solver.genius.position import Position  # noqa: E402


def ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    return f"median {statistics.median(ordered) * 1000:.2f} ms, max {ordered[-1] * 1000:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=200)
    args = parser.parse_args()
    default = dice.builtin("default")
    plans, builds, lookups = [], [], []
    for seed in range(args.rolls):
        start = Position.from_blockers(default.roll(seed))
        t = time.perf_counter()
        solution, solutions = job_plan(start.notation())
        plans.append(time.perf_counter() - t)
        for level in LEVELS:
            t = time.perf_counter()
            opponent = Opponent(start, Position.parse(solution), solutions, level, seed)
            builds.append(time.perf_counter() - t)
            t = time.perf_counter()
            opponent.board(opponent.finish_time / 2)
            lookups.append(time.perf_counter() - t)
    print(f"{args.rolls} default rolls")
    print(f"  job_plan (worker: solve + count):        {ms(plans)}")
    print(f"  Opponent(...) (UI: order + schedule):    {ms(builds)}")
    print(f"  Opponent.board(t) (UI, once a frame):    {ms(lookups)}")


if __name__ == "__main__":
    main()
