"""The `squarewise genius` subcommands about dice: roll, daily, verify-dice (solve, hint and
solutions are in genius.solve_cli).

    genius roll [--dice NAME|FILE] [--seed N] [--level LEVEL]
    genius daily [--date YYYY-MM-DD]
    genius verify-dice [NAME|FILE] [--jobs N]

Exit codes: 0 yes (solved, all rolls solvable), 1 no, 2 bad input.
"""
from __future__ import annotations

import random

from ..cli_common import add_common, add_jobs, emit, progress_for
from ..grid import cell_name, parse_cell
from .. import daily
from . import dice, levels, search
from .daily import DICE as DAILY_DICE, genius_daily
from .position import Position
from .solve_cli import names


def _roll(args) -> int:
    dice_set = dice.resolve(args.dice)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    faces = dice_set.roll(seed)
    board = Position.from_blockers(faces)
    doc = {"dice": dice_set.name, "seed": seed, "blockers": [cell_name(c) for c in faces],
           "position": board.notation()}
    text = f"{board.board_text()}\ndice {dice_set.name}, seed {seed}: {' '.join(doc['blockers'])}"
    emit(args, doc, text)
    return 0


def _verify(args) -> int:
    dice_set = dice.resolve(args.dice)
    bad = dice.verify(dice_set, jobs=args.jobs, progress=progress_for(args, f"verifying {dice_set.name}"))
    bad_rolls = sorted(names(roll) for roll in bad)
    reasons = [search.unsolvable_reason(Position.from_blockers(parse_cell(c) for c in roll)) for roll in bad_rolls]
    doc = {"dice": dice_set.name, "rolls": dice_set.count(), "unsolvable": len(bad_rolls),
           "unsolvable_rolls": bad_rolls, "reasons": reasons}
    if not bad_rolls:
        text = f"{dice_set.name}: all {dice_set.count()} rolls are solvable"
    else:
        lines = [f"{dice_set.name}: {len(bad_rolls)} of {dice_set.count()} rolls are unsolvable"]
        lines += [f"  {' '.join(roll)}: {reason}" for roll, reason in zip(bad_rolls, reasons)]
        text = "\n".join(lines)
    emit(args, doc, text)
    return 0 if not bad_rolls else 1


def _roll_level(args) -> int:
    """`roll --level LEVEL`: a fair draw among the rolls of that level (levels.roll_at_level)."""
    if args.level is None:
        return _roll(args)
    dice_set = dice.resolve(args.dice)
    level = levels.check_level(args.level)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    draw = levels.roll_at_level(dice_set, level, seed)
    board = Position.from_blockers(draw.faces)
    doc = {"dice": dice_set.name, "seed": seed, "blockers": [cell_name(c) for c in draw.faces],
           "position": board.notation(), "level": draw.level, "solutions": draw.solutions,
           "tries": draw.tries}
    text = (f"{board.board_text()}\ndice {dice_set.name}, seed {seed}: {' '.join(doc['blockers'])}\n"
            f"level {draw.level}: {draw.solutions} solutions")
    emit(args, doc, text)
    return 0


def _daily(args) -> int:
    """`daily [--date YYYY-MM-DD]`: the day's roll, the same for everyone (solver.daily)."""
    puzzle = genius_daily(daily.parse_date(args.date))
    board = puzzle.position
    doc = {"date": puzzle.date.isoformat(), "number": puzzle.number, "level": puzzle.level,
           "dice": DAILY_DICE, "blockers": names(board.blockers), "position": board.notation(),
           "solutions": puzzle.solutions}
    text = (f"{board.board_text()}\nSquarewise Genius #{puzzle.number} ({doc['date']}), {puzzle.level}: "
            f"{' '.join(doc['blockers'])} ({puzzle.solutions} solutions)")
    emit(args, doc, text)
    return 0


def add_roll(roll) -> None:
    roll.add_argument("--dice", default="default", metavar="NAME|FILE",
                      help="a built-in set (default, alternative) or a dice JSON file")
    roll.add_argument("--seed", type=int, metavar="N", help="the seed (default: a random one, printed)")
    roll.add_argument("--level", metavar="LEVEL", help="draw among the rolls of one level: " + ", ".join(levels.CHOICES))
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
