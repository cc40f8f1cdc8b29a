"""The tiles the MacMahon dailies give, per level, over a span of days: the figures of
docs/macmahon.md ("The daily puzzle"), computed from the code rather than typed.

    .venv/bin/python scripts/daily_givens.py [--from YYYY-MM-DD] [--days N]

Default: the 730 days from daily #1 (2026-01-01). About a minute (a Sunday is a smallest
puzzle, chosen among eight by their search).
"""
from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver import daily  # noqa: E402
from solver.macmahon.daily import given_ranges  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="first", type=dt.date.fromisoformat, default=daily.EPOCH)
    parser.add_argument("--days", type=int, default=730)
    args = parser.parse_args()
    ranges = given_ranges(args.first, args.days)
    last = args.first + dt.timedelta(days=args.days - 1)
    spans = ", ".join(f"{level} {ranges[level][0]}-{ranges[level][1]}" for level in ("easy", "medium", "hard", "very hard")
                      if level in ranges)
    print(f"Over the {args.days} days from {args.first} to {last}: givens by level: {spans}; the minimal puzzles "
          f"under the easy, medium and hard days {ranges['minimal'][0]}-{ranges['minimal'][1]}.")


if __name__ == "__main__":
    main()
