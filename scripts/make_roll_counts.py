"""Count every roll of the built-in dice sets and write assets/census/roll_counts.npz.

    .venv/bin/python scripts/make_roll_counts.py [--dice NAME ...] [--jobs N] [--out FILE]

Each set's array holds the solution count of roll number n at index n (numbers.py), counted
afresh by the engine (solver/genius/roll_counts.py). The sets not named keep the arrays
already in FILE (read when a set is written), so the sets can be counted in separate runs at
once. About 6 minutes for the default dice and 40 for the alternative on one process. Run it
after changing the engine's piece set or a built-in set's dice, and commit the file;
tests/genius/test_count_table.py checks a sample.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.genius.count_table import save  # noqa: E402
from solver.genius.dice import BUILTIN, DiceSet, builtin  # noqa: E402
from solver.genius.numbers import masks_by_number  # noqa: E402
from solver.genius.roll_counts import counts  # noqa: E402
from solver.parallel import ProgressBar  # noqa: E402


def count_by_number(dice_set: DiceSet, jobs: int | None, progress) -> np.ndarray:
    """The solution count of every roll of the set, indexed by roll number."""
    masks, n = counts(dice_set, jobs, progress)         # masks in numeric order
    return n[np.searchsorted(masks, masks_by_number(dice_set))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dice", nargs="+", choices=BUILTIN, default=list(BUILTIN), help="the sets to count")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "census" / "roll_counts.npz")
    args = parser.parse_args()
    for name in args.dice:
        start = time.perf_counter()
        table = count_by_number(builtin(name), args.jobs, ProgressBar(f"counting {name}"))
        print(f"{name}: {table.size:,} rolls, {int(table.sum()):,} solutions, min {int(table.min())}, "
              f"max {int(table.max())}, {time.perf_counter() - start:.0f} s", flush=True)
        tables = {}
        if args.out.exists():                  # read now: another run may have written its set meanwhile
            with np.load(args.out, allow_pickle=False) as old:
                tables = {other: old[other] for other in old.files}
        save({**tables, name: table}, args.out)


if __name__ == "__main__":
    main()
