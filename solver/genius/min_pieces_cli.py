"""`squarewise genius min-pieces`: the fewest pieces, placed as in one solution, that leave exactly
one way to finish (min_pieces.py), for one roll or position, or over every roll of a dice set.

    genius min-pieces CELL... | --number N | --position P [--dice NAME|FILE]
    genius min-pieces --all [--dice NAME|FILE] [--jobs N] [--checkpoint PATH [--resume]]

A finished position (all nine pieces) asks for the fewest of its own pieces that pin it down.
Exit codes: 0 answered, 1 the position has no solution, 2 bad input.
"""
from __future__ import annotations

import os

from ..cli_common import add_common, add_jobs, check_writable, counted, emit, progress_for
from ..errors import SquarewiseError
from ..grid import parse_cell
from ..user_number import read_number
from . import dice, numbers
from .min_pieces import fewest, pinning
from .position import Position
from .solve_cli import names

SHOWN = 12                   # examples in the text of --all (the JSON has them all)


def _start(args, dice_set) -> Position:
    """The roll or position asked about: CELL..., --number or --position (one of them)."""
    given = [bool(args.cells), args.number is not None, args.position is not None]
    if sum(given) != 1:
        raise SquarewiseError("give one of: 7 blocker cells, --number N, --position P, or --all")
    if args.position is not None:
        return Position.parse(args.position)
    if args.number is not None:
        number = read_number(args.number, 0, dice_set.count() - 1, f"a roll number of dice set '{dice_set.name}'",
                             hash_sign=True)
        return Position.from_blockers(numbers.roll_from_number(dice_set, number))
    return Position.from_blockers([parse_cell(c) for c in args.cells])


def _solutions(n: int) -> str:
    return f"{n:,} solution{'s' * (n != 1)}"


def _why(answer, own: bool) -> str:
    """Why no fewer pieces do, in words (what the search counted)."""
    k, n = answer.pieces, answer.solutions
    if k == 0:
        return "it has one finish with no piece given"
    if k == 1:
        alone = "of its pieces" if own else "placements"
        return f"{_solutions(n)} with none given; {answer.singles} {alone} each leave one alone"
    if k == 2:
        each = "each of its pieces lies in two or more" if own else "each placement lies in none or in two or more"
        return f"no single piece leaves one finish: {each} of the {_solutions(n)}"
    return (f"no set of {k - 1} {'of its pieces' if own else 'pieces'} leaves one finish: each lies in none or "
            f"in two or more of the {_solutions(n)}")


def _one(args) -> int:
    dice_set = dice.resolve(args.dice)
    start = _start(args, dice_set)
    own = start.is_complete
    answer = pinning(start) if own else fewest(start)
    number = numbers.number_or_none(dice_set, start.blockers)
    doc = {"position": start.notation(), "blockers": names(start.blockers), "dice": dice_set.name,
           "number": number, "own": own, "solutions": answer.solutions, "pieces": answer.pieces,
           "given": [m.notation() for m in answer.given], "singles": answer.singles,
           "puzzle": answer.puzzle and answer.puzzle.notation(), "finish": answer.finish and answer.finish.notation()}
    roll = f"roll {numbers.label(number)} of the {dice_set.label} dice, " if number is not None else ""
    if answer.pieces is None:
        emit(args, doc, f"{start.board_text()}\n{roll}no solution: no set of pieces leaves one finish")
        return 1
    what = "of its own pieces that pin it down" if own else "pieces to give for exactly one finish"
    text = [answer.puzzle.board_text(),
            f"{roll}{_solutions(answer.solutions)}" + (" of its board" if own else ""),
            f"fewest {what}: {answer.pieces} ({_why(answer, own)})",
            f"given: {' '.join(doc['given']) or '(none)'}",
            f"puzzle: {doc['puzzle']}",
            "its one finish:", answer.finish.board_text(), f"finish: {doc['finish']}"]
    emit(args, doc, "\n".join(text))
    return 0


def _all_text(report: dict) -> str:
    lines = [f"{dice.shown_name(report['dice'])}: {report['rolls']:,} rolls in {report['classes']:,} symmetry classes"
             + (f", {report['unsolvable']:,} without a solution" if report["unsolvable"] else ""),
             "fewest pieces to give for exactly one finish:"]
    for k, rolls in report["distribution"].items():
        spread = report["solutions"][k]
        lines.append(f"  {counted(int(k), 'piece'):>9}: {rolls:>7,} rolls ({report['classes_distribution'][k]:,} classes),"
                     f" {spread['min']:,} to {spread['max']:,} solutions (median {spread['median']:,.0f})")
    top = report["maximum"]
    if top:
        lines.append(f"the most: {counted(top['pieces'], 'piece')}, for {top['rolls']:,} rolls (--json lists them)")
    lines.append("examples (roll, its solutions, the pieces given, the puzzle):")
    for ex in report["examples"][:SHOWN]:
        lines.append(f"  {numbers.label(ex['number'])} {' '.join(ex['blockers'])} ({ex['solutions']:,}): "
                     f"{' '.join(ex['given']) or '(none)'} -> {ex['puzzle']}")
    resumed = f", {report['resumed_chunks']} chunks taken from the checkpoint" if report["resumed_chunks"] else ""
    lines.append(f"{report['seconds']} s on {report['jobs']} process(es){resumed}")
    return "\n".join(lines)


def _all(args) -> int:
    from .min_pieces_all import Checkpoint, survey     # only --all pays for the pool and the census
    if args.cells or args.number is not None or args.position is not None:
        raise SquarewiseError("--all takes no roll: give --all alone, or a roll without --all")
    if args.resume and not args.checkpoint:
        raise SquarewiseError("--resume needs --checkpoint PATH")
    if args.checkpoint:
        check_writable(args.checkpoint, "--checkpoint")
        if args.resume and os.path.lexists(args.checkpoint):
            Checkpoint.read(args.checkpoint)         # a broken checkpoint is refused before the work starts
    dice_set = dice.resolve(args.dice)
    report = survey(dice_set, args.jobs, progress_for(args, f"fewest pieces, {dice_set.label}", always=True),
                    args.checkpoint, args.resume)
    emit(args, report, _all_text(report))
    return 0


def _min_pieces(args) -> int:
    if args.all:
        return _all(args)
    if args.checkpoint or args.resume:
        raise SquarewiseError("--checkpoint and --resume go with --all")
    return _one(args)


def add_min_pieces(parser) -> None:
    parser.description = ("The fewest pieces, placed as in one of its solutions, that leave exactly one way to "
                          "finish a roll or position (for a finished position: the fewest of its own pieces that pin "
                          "it down), proved by counting; with --all, over every roll of a dice set.")
    parser.add_argument("cells", nargs="*", metavar="CELL", help="the 7 blocker cells of a roll, e.g. A6 E1 A1 A4 A2 D5 B4")
    parser.add_argument("--number", metavar="N", help="the roll with this number of --dice ('41,233' and '#41,233' too)")
    parser.add_argument("--position", metavar="NOTATION", help="a position, e.g. A1A2A4A6B4D5E1/4-O:C2C3D2D3")
    parser.add_argument("--dice", default="default", metavar="NAME|FILE",
                        help="a built-in set (default, alternative) or a dice JSON file (default: default)")
    parser.add_argument("--all", action="store_true", help="every roll of --dice: the distribution and the most")
    parser.add_argument("--checkpoint", metavar="PATH", help="with --all: save finished work to this file as it goes")
    parser.add_argument("--resume", action="store_true", help="with --all: continue the run saved in --checkpoint")
    add_jobs(parser)
    add_common(parser)
    parser.set_defaults(handler=_min_pieces)
