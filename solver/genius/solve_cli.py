"""The `squarewise genius` subcommands about one position: solve, hint, solutions.

    genius solve CELL... [--count] [--dice NAME|FILE]   7 blocker cells, e.g. A6 E1 A1 A4 A2 D5 B4
    genius solve --position NOTATION        complete a partial position (extension)
    genius hint POSITION                    the next move, or the piece to take back
    genius solutions CELL... [--position NOTATION] [--offset K] [--limit N]

Kept apart from genius.cli (levels, numpy, pools) so that these one-shot commands import only
the search (and the dice, to name a roll's number). Exit codes: 0 yes, 1 no (unsolvable, no way on), 2 bad input.
"""
from __future__ import annotations

import json
import sys
from itertools import islice

from ..cli_common import MOST, PROG, add_common, emit, number, progress_for
from ..errors import SquarewiseError
from ..grid import cell_name, parse_cell
from . import dice, numbers, search
from .pieces import PIECES, orientation_of
from .position import LABELS, Position


def names(cells) -> list[str]:
    """Cell names in board order."""
    return [cell_name(c) for c in sorted(cells)]


def _legend() -> str:
    return "legend: # blocker, " + ", ".join(f"{LABELS[p]} = {p}" for p in PIECES)


def _start(args) -> Position:
    """The position named by the CELL arguments or by --position (not both)."""
    if args.position is not None:
        if args.cells:
            raise SquarewiseError("give either blocker cells or --position, not both")
        return Position.parse(args.position)
    return Position.from_blockers([parse_cell(c) for c in args.cells])


def _solve(args) -> int:
    start = _start(args)
    dice_set = dice.resolve(args.dice)
    done = search.solve(start)
    reason = None if done is not None else search.unsolvable_reason(start)
    number = numbers.number_or_none(dice_set, start.blockers)
    doc = {"blockers": names(start.blockers), "solvable": done is not None,
           "solution": None if done is None else {p: names(done.placed[p]) for p in PIECES},
           "reason": reason, "number": number}
    if args.position is not None:
        doc["position"] = start.notation()
        doc["completed"] = None if done is None else done.notation()
    text = [(done or start).board_text()]
    if number is not None:
        text.append(f"roll {numbers.label(number)} of the {dice_set.label} dice")
    if done is not None:
        text.append(_legend())
        text.append(f"position: {done.notation()}")
    else:
        text.append(f"unsolvable: {reason}")
    if args.count:
        doc["solutions"] = search.count(start, progress=progress_for(args, "counting"))
        text.append(f"solutions: {doc['solutions']}")
    emit(args, doc, "\n".join(text))
    return 0 if done is not None else 1


def _hint(args) -> int:
    """The engine's hint, with the game's three steps as keys; the piece to take back when
    no solution keeps the pieces placed."""
    start = Position.parse(args.position)
    move = search.hint(start)
    doc = {"position": start.notation(), "complete": start.is_complete, "solvable": True,
           "piece": None, "cell": None, "cells": None, "orientation": None, "move": None,
           "take_back": None, "reason": None}
    if move is not None:
        cells = sorted(move.cells)
        doc.update(piece=move.piece, cell=cell_name(cells[0]), cells=names(cells),
                   orientation=orientation_of(move.piece, cells), move=move.notation())
        text = move.notation()
    elif start.is_complete:
        text = "solved: every piece is placed"
    else:
        doc["solvable"] = False
        doc["reason"] = search.unsolvable_reason(start)
        doc["take_back"] = search.blame(start) if start.placed else None
        if doc["take_back"]:
            text = f"no way on: {doc['reason']}; take {doc['take_back']} back"
        elif start.placed:
            text = f"no way on: {doc['reason']}, and taking back any one piece is not enough"
        else:
            text = f"no way on: {doc['reason']}"
    emit(args, doc, text)
    return 1 if not doc["solvable"] else 0


def _solutions(args) -> int:
    """Every solution of the position, one notation per line (or one JSON document)."""
    from .solutions import Solutions
    start = _start(args)
    solutions = Solutions(start)
    total = len(solutions)
    if args.offset and args.offset >= total:
        raise SquarewiseError(f"--offset {args.offset:,} is past the last solution: this position has {total:,} "
                              f"solution{'s' * (total != 1)}" + (f" (--offset 0 to {total - 1:,})" if total else ""))
    listed = solutions.notations(args.offset)
    if args.limit is not None:
        listed = islice(listed, args.limit)
    if args.json:
        print(json.dumps({"position": start.notation(), "blockers": names(start.blockers),
                          "total": len(solutions), "offset": args.offset, "limit": args.limit,
                          "solutions": list(listed)}))
    else:
        write = sys.stdout.write
        for text in listed:
            write(text + "\n")
    if not len(solutions):
        print(f"{PROG}: no solutions: {search.unsolvable_reason(start)}", file=sys.stderr)
        return 1
    return 0


def _add_start(parser, what: str) -> None:
    parser.add_argument("cells", nargs="*", metavar="CELL", help="the 7 blocker cells, e.g. A6 E1 A1 A4 A2 D5 B4")
    parser.add_argument("--position", metavar="NOTATION",
                        help=f"{what} a partial position instead, e.g. A1A2A4A6B4D5E1/4-O:C2C3D2D3")


def add_solve(solve) -> None:
    _add_start(solve, "complete")
    solve.add_argument("--count", action="store_true", help="also count all solutions")
    solve.add_argument("--dice", default="default", metavar="NAME|FILE",
                       help="the dice set whose roll number to report (default: default)")
    add_common(solve)
    solve.set_defaults(handler=_solve)


def add_hint(hint) -> None:
    hint.add_argument("position", metavar="POSITION",
                      help="a position in the notation, e.g. A1A2A4A6B4D5E1/4-O:C2C3D2D3")
    add_common(hint)
    hint.set_defaults(handler=_hint)


def add_solutions(solutions) -> None:
    _add_start(solutions, "list the completions of")
    solutions.add_argument("--offset", type=number(0, MOST), default=0, metavar="K",
                           help="skip the first K solutions (default 0)")
    solutions.add_argument("--limit", type=number(0, MOST), metavar="N", help="list at most N solutions (default: all)")
    add_common(solutions)
    solutions.set_defaults(handler=_solutions)
