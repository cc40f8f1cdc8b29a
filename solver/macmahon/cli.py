"""The `squarewise macmahon` subcommands: count, tiles, daily (solve, hint and class are in
macmahon.solve_cli).

    macmahon count [--rows R --cols C --colours N] [--jobs N] [--classes-out FILE]
    macmahon tiles [--colours N]
    macmahon daily [--date YYYY-MM-DD]
    macmahon level N [--seed S]

Without --rows/--cols the board is 4 x 6 for 3 colours, otherwise the most nearly square
rectangle with one cell per tile. Exit codes: 0 solved / answered, 1 no solution, 2 bad input.
"""
from __future__ import annotations

import random
import time

from .. import daily as solver_daily
from ..cli_common import SEED, add_common, add_jobs, check_writable, counted, emit, number, progress_for, write_output
from . import search
from .daily import macmahon_daily
from .levels import COUNT as LEVEL_COUNT, macmahon_level_board
from .solve_cli import add_board, board_from, default_shape  # noqa: F401 (default_shape: callers find it here)
from .store import classes_to_bytes
from .symmetry import group
from .tiles import MAX_COLOURS, tile_set


def _count(args) -> int:
    board = board_from(args)
    if args.classes_out:
        check_writable(args.classes_out, "--classes-out", binary=True)
    started = time.monotonic()
    result = search.census(board, jobs=args.jobs, progress=progress_for(args, f"counting {board.header}"))
    seconds = round(time.monotonic() - started, 2)
    names = [name for name, _, _ in group(board)]
    doc = {"rows": board.rows, "cols": board.cols, "colours": board.colours,
           "solutions": result["solutions"], "classes": result["classes"],
           "class_sizes": {str(k): v for k, v in sorted(result["class_sizes"].items())},
           "group": names, "seconds": seconds}
    if args.classes_out:
        write_output(args.classes_out, classes_to_bytes(board, result["representatives"]))
    sizes = ", ".join(f"{v} of size {k}" for k, v in sorted(result["class_sizes"].items())) or "none"
    text = (f"{board.header}: {counted(result['solutions'], 'solution')}, "
            f"{counted(result['classes'], 'class', 'classes')} "
            f"under a group of order {len(names)} (classes: {sizes}); {seconds} s")
    emit(args, doc, text)
    return 0


def _tiles(args) -> int:
    colours = 3 if args.colours is None else args.colours
    tiles = tile_set(colours)
    doc = {"colours": colours, "tiles": list(tiles), "count": len(tiles)}
    lines = []
    for start in range(0, len(tiles), 8):
        lines.append("  ".join(f"{k + 1:>3} {tiles[k]}" for k in range(start, min(start + 8, len(tiles)))))
    emit(args, doc, "\n".join(lines) + f"\n{counted(len(tiles), 'tile')} with {counted(colours, 'colour')}")
    return 0


def _daily(args) -> int:
    """`daily [--date YYYY-MM-DD]`: the day's 4x6 puzzle with a unique completion (daily.py)."""
    puzzle = macmahon_daily(solver_daily.parse_date(args.date))
    doc = {"date": puzzle.date.isoformat(), "number": puzzle.number, "level": puzzle.level,
           "position": puzzle.puzzle.notation(), "givens": puzzle.givens,
           "completions": puzzle.completions}
    text = (f"{puzzle.puzzle.drawing()}\nSquarewise MacMahon #{puzzle.number} ({doc['date']}), {puzzle.level}: "
            f"{puzzle.givens} tiles given, {puzzle.completions} completion{'s' * (puzzle.completions != 1)}\n"
            f"position: {doc['position']}")
    emit(args, doc, text)
    return 0


def _level(args) -> int:
    """`level N [--seed S]`: a 4x6 board of level N, tiles given and one completion (levels.py)."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    board = macmahon_level_board(args.level, seed)
    doc = {"level": board.level, "seed": seed, "position": board.puzzle.notation(), "givens": board.givens,
           "empty": board.empty, "completions": board.completions}
    text = (f"{board.puzzle.drawing()}\nMacMahon level {board.level} (seed {seed}): {board.givens} tiles given, "
            f"{board.empty} cells empty, {board.completions:,} completion{'s' * (board.completions != 1)}\n"
            f"position: {doc['position']}")
    emit(args, doc, text)
    return 0


def add_count(count) -> None:
    add_board(count)
    add_jobs(count)
    count.add_argument("--classes-out", metavar="FILE", help="also write the class representatives here "
                       "('-': to stdout, the report then goes to stderr)")
    add_common(count)
    count.set_defaults(handler=_count)


def add_daily(today) -> None:
    today.add_argument("--date", metavar="YYYY-MM-DD", help="the day (default: today)")
    add_common(today)
    today.set_defaults(handler=_daily)


def add_level(level) -> None:
    level.add_argument("level", type=number(1, LEVEL_COUNT), metavar="N", help=f"the level, 1 (3 cells empty) to {LEVEL_COUNT} (the fewest tiles)")
    level.add_argument("--seed", type=SEED, metavar="S", help="the seed (default: a random one, printed)")
    add_common(level)
    level.set_defaults(handler=_level)


def add_tiles(tiles) -> None:
    tiles.add_argument("--colours", type=number(1, MAX_COLOURS), metavar="N", help=f"colours, 1..{MAX_COLOURS} (default 3)")
    add_common(tiles)
    tiles.set_defaults(handler=_tiles)
