"""The `squarewise genius` subcommands about dice: roll, daily, verify-dice (solve, hint and
solutions are in genius.solve_cli).

    genius roll [--dice NAME|FILE] [--seed N] [--level LEVEL] | [--number N]
    genius daily [--date YYYY-MM-DD]
    genius verify-dice [NAME|FILE] [--jobs N]

Exit codes: 0 yes (solved, all rolls solvable), 1 no, 2 bad input.
"""
from __future__ import annotations

import random

from ..cli_common import SEED, add_common, add_jobs, emit, progress_for
from ..errors import SquarewiseError
from ..grid import cell_name, parse_cell
from ..user_number import read_number
from .. import daily
from . import dice, levels, numbers, search
from .daily import DICE as DAILY_DICE, genius_daily
from .pieces import PIECES
from .position import Position
from .solve_cli import names


def _roll(args) -> int:
    """`roll`: the dice rolled from a seed (random unless given), or the roll of `--number`."""
    dice_set = dice.resolve(args.dice)
    if args.number is not None:
        if args.seed is not None or args.level is not None:
            raise SquarewiseError("give --number alone: it names the roll (no --seed or --level)")
        number = read_number(args.number, 0, dice_set.count() - 1, f"a roll number of dice set '{dice_set.name}'",
                             hash_sign=True)
        seed, faces = None, numbers.roll_from_number(dice_set, number)
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
        faces = dice_set.roll(seed)
        number = numbers.roll_number(dice_set, faces)
    emit(args, *_roll_doc(dice_set, seed, faces, number))
    return 0


def _roll_doc(dice_set, seed, faces, number, extra=None) -> tuple[dict, str]:
    """The JSON document and the text of a roll (`extra`: more keys, already in the text)."""
    board = Position.from_blockers(faces)
    doc = {"dice": dice_set.name, "seed": seed, "blockers": [cell_name(c) for c in faces],
           "position": board.notation(), "number": number, **(extra or {})}
    source = "" if seed is None else f", seed {seed}"
    cells = " ".join(doc["blockers"])
    return doc, f"{board.board_text()}\ndice {dice_set.label}{source}, roll {numbers.label(number)}: {cells}"


def _verify(args) -> int:
    dice_set = dice.resolve(args.dice)
    bad = dice.verify(dice_set, jobs=args.jobs, progress=progress_for(args, f"verifying {dice_set.label}"))
    bad_rolls = sorted(names(roll) for roll in bad)
    reasons = [search.unsolvable_reason(Position.from_blockers(parse_cell(c) for c in roll)) for roll in bad_rolls]
    doc = {"dice": dice_set.name, "rolls": dice_set.count(), "unsolvable": len(bad_rolls),
           "unsolvable_rolls": bad_rolls, "reasons": reasons}
    if not bad_rolls:
        text = f"{dice_set.label}: all {dice_set.count()} rolls are solvable"
    else:
        lines = [f"{dice_set.label}: {len(bad_rolls)} of {dice_set.count()} rolls are unsolvable"]
        lines += [f"  {' '.join(roll)}: {reason}" for roll, reason in zip(bad_rolls, reasons)]
        text = "\n".join(lines)
    emit(args, doc, text)
    return 0 if not bad_rolls else 1


def _roll_level(args) -> int:
    """`roll --level LEVEL`: a fair draw among the rolls of that level (levels.roll_at_level)."""
    if args.level is None or args.number is not None:
        return _roll(args)
    dice_set = dice.resolve(args.dice)
    level = levels.check_level(args.level)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    draw = levels.roll_at_level(dice_set, level, seed)
    doc, text = _roll_doc(dice_set, seed, draw.faces, draw.number,
                          {"level": draw.level, "group": draw.group, "solutions": draw.solutions, "tries": draw.tries})
    emit(args, doc, f"{text}\nlevel {draw.level} ({draw.group}): {draw.solutions} solutions")
    return 0


def _daily(args) -> int:
    """`daily [--date YYYY-MM-DD]`: the day's roll, the same for everyone (solver.daily)."""
    puzzle = genius_daily(daily.parse_date(args.date))
    board = puzzle.position
    default = dice.builtin(DAILY_DICE)
    roll = numbers.roll_number(default, board.blockers)
    doc = {"date": puzzle.date.isoformat(), "number": puzzle.number, "level": puzzle.level,
           "dice": DAILY_DICE, "blockers": names(board.blockers), "position": board.notation(),
           "solutions": puzzle.solutions, "roll_number": roll,
           "roll_level": levels.level_of(default, board.blockers, puzzle.solutions),
           "given": sorted(board.givens, key=PIECES.index)}
    text = (f"{board.board_text()}\nSquarewise Genius #{puzzle.number} ({doc['date']}), {puzzle.level}: "
            f"{' '.join(doc['blockers'])} ({puzzle.solutions} solutions)\n"
            f"roll {numbers.label(roll)} of the {DAILY_DICE} dice, level {doc['roll_level']}")
    if puzzle.one_way:
        text += f"\nOne way (Sunday): {' '.join(doc['given'])} given, one way to place the rest: {board.notation()}"
    emit(args, doc, text)
    return 0


def add_roll(roll) -> None:
    roll.add_argument("--dice", default="default", metavar="NAME|FILE",
                      help="a built-in set (default, alternative) or a dice JSON file")
    roll.add_argument("--seed", type=SEED, metavar="N", help="the seed (default: a random one, printed)")
    roll.add_argument("--level", metavar="LEVEL", help=f"draw among the rolls of one level: 1..{levels.COUNT} "
                      f"(1 has the most solutions) or a group of them: {', '.join(levels.CHOICES)}")
    roll.add_argument("--number", metavar="N", help="the roll with this number (0 .. rolls - 1; '41,233' and '#41,233' work too)")
    add_common(roll)
    roll.set_defaults(handler=_roll_level)


def add_daily(today) -> None:
    today.add_argument("--date", metavar="YYYY-MM-DD", help="the day (default: today)")
    add_common(today)
    today.set_defaults(handler=_daily)


def add_verify(verify) -> None:
    verify.add_argument("dice", nargs="?", default="default", metavar="NAME|FILE",
                        help="a built-in set (default, alternative) or a dice JSON file")
    add_jobs(verify)
    add_common(verify)
    verify.set_defaults(handler=_verify)
