"""The `squarewise macmahon` subcommands: solve, count, tiles, daily.

    macmahon solve [--position POS] [--rows R --cols C --colours N]
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
from ..cli_common import (add_common, add_jobs, check_writable, counted, emit, progress_for, whole_number,
                          write_output)
from ..errors import SquarewiseError
from . import search
from .daily import macmahon_daily
from .levels import COUNT as LEVEL_COUNT, macmahon_level_board
from .position import MAX_BOARD_COLOURS, Board, Position
from .store import classes_to_bytes
from .symmetry import group
from .tiles import MAX_COLOURS, check_colours, tile_count, tile_set


def default_shape(colours: int) -> tuple[int, int]:
    """4 x 6 for the classic set, else the most nearly square rectangle for all the tiles."""
    if colours == 3:
        return 4, 6
    total = tile_count(colours)
    rows = max(r for r in range(1, int(total ** 0.5) + 1) if total % r == 0)
    return rows, total // rows


def board_from(args) -> Board:
    """The board named by --rows/--cols/--colours (defaults filled in)."""
    colours = 3 if args.colours is None else args.colours
    check_colours(colours)
    rows, cols = args.rows, args.cols
    total = tile_count(colours)
    if rows is None and cols is None:
        rows, cols = default_shape(colours)
    elif rows is None or cols is None:
        given = rows if rows is not None else cols
        if given < 1 or total % given:
            raise SquarewiseError(f"{counted(colours, 'colour')} make{'s' * (colours == 1)} {counted(total, 'tile')}, "
                                  f"which cannot fill rows of {given}")
        rows, cols = (given, total // given) if rows is not None else (total // given, given)
    return Board(rows, cols, colours)


def _add_board(parser) -> None:
    parser.add_argument("--rows", type=whole_number, metavar="R", help="board rows")
    parser.add_argument("--cols", type=whole_number, metavar="C", help="board columns")
    parser.add_argument("--colours", type=whole_number, metavar="N", help=f"colours, 1..{MAX_BOARD_COLOURS} (default 3)")


def _solve(args) -> int:
    if args.position is not None:
        start = Position.parse(args.position)
        if any(v is not None for v in (args.rows, args.cols, args.colours)) and board_from(args) != start.board:
            raise SquarewiseError(f"--rows/--cols/--colours disagree with the position's board {start.board.header}")
    else:
        start = Position.empty(board_from(args))
    board = start.board
    done = search.solve(start)
    doc = {"rows": board.rows, "cols": board.cols, "colours": board.colours,
           "solvable": done is not None, "cells": None if done is None else done.colour_rows(),
           "position": start.notation(), "completed": None if done is None else done.notation()}
    if done is not None:
        text = f"{done.drawing()}\nposition: {done.notation()}"
    else:
        clashes = start.clash_reasons()
        why = "; ".join(clashes[:3]) + (f" and {counted(len(clashes) - 3, 'more clash', 'more clashes')}"
                                        if len(clashes) > 3 else "") if clashes else "no completion exists"
        text = f"{start.drawing()}\nno solution: {why}"
    emit(args, doc, text)
    return 0 if done is not None else 1


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


def register(puzzles) -> None:
    """Add the macmahon subcommands to the top-level parser."""
    sub = puzzles.add_parser("macmahon", help="MacMahon Squares: solve, count, list tiles")
    commands = sub.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    solve = commands.add_parser("solve", help="complete a position (default: the empty 4x6 board)")
    solve.add_argument("--position", metavar="POS", help="a position, e.g. 4x6x3:1a...../....../....../......")
    _add_board(solve)
    add_common(solve)
    solve.set_defaults(handler=_solve)

    count = commands.add_parser("count", help="count all solutions and their symmetry classes")
    _add_board(count)
    add_jobs(count)
    count.add_argument("--classes-out", metavar="FILE", help="also write the class representatives here "
                       "('-': to stdout, the report then goes to stderr)")
    add_common(count)
    count.set_defaults(handler=_count)

    today = commands.add_parser("daily", help="the daily puzzle: tiles given, one completion, the same for everyone")
    today.add_argument("--date", metavar="YYYY-MM-DD", help="the day (default: today)")
    add_common(today)
    today.set_defaults(handler=_daily)

    level = commands.add_parser("level", help=f"a board of level 1..{LEVEL_COUNT}: tiles given, one completion "
                                              f"(level {LEVEL_COUNT}: the empty board)")
    level.add_argument("level", type=int, metavar="N", help=f"the level, 1 (3 cells empty) to {LEVEL_COUNT} (empty)")
    level.add_argument("--seed", type=int, metavar="S", help="the seed (default: a random one, printed)")
    add_common(level)
    level.set_defaults(handler=_level)

    tiles = commands.add_parser("tiles", help="list the tile set")
    tiles.add_argument("--colours", type=whole_number, metavar="N", help=f"colours, 1..{MAX_COLOURS} (default 3)")
    add_common(tiles)
    tiles.set_defaults(handler=_tiles)
