"""The `squarewise genius` subcommands about all boards and dice design: census, make-dice, roll-counts.

    genius census [--jobs N] [--checkpoint PATH [--resume]] [--save FILE]
    genius make-dice [--seed N] [--faces 6] [--out FILE] [--cache FILE] [--jobs N]
    genius roll-counts [--dice NAME|FILE] [--jobs N]

All take --json and --progress. Exit codes: 0 success, 2 bad input.
"""
from __future__ import annotations

import json
import os
import random
import time

from ..cli_common import add_common, add_jobs, check_writable, emit, progress_for
from ..errors import SquarewiseError
from . import census, dice, make_dice, roll_counts


def _census_text(report: dict) -> str:
    lines = [f"{'partition':<12} {'boards':>8} {'x':>2} {'total':>10} {'unsolvable':>11} {'thesis':>8}"]
    for row in report["by_partition"]:
        part = "(" + ",".join(map(str, row["partition"])) + ")"
        slip = f"  (thesis total {row['thesis_total_boards']:,})" if "thesis_total_boards" in row else ""
        differs = " *" if row["unsolvable"] != row["thesis_unsolvable"] else ""
        lines.append(f"{part:<12} {row['boards']:>8,} {row['multiple']:>2} {row['total_boards']:>10,} "
                     f"{row['unsolvable']:>11,} {row['thesis_unsolvable']:>8,}{differs}{slip}")
    lines.append(f"{'total':<12} {'':>8} {'':>2} {report['boards']:>10,} {report['unsolvable']:>11,} "
                 f"{report['thesis_unsolvable']:>8,}")
    rows = report["by_partition"]
    moved = sum(row["unsolvable"] != row["thesis_unsolvable"] for row in rows)
    if moved:
        same = sorted(r["unsolvable"] for r in rows) == sorted(r["thesis_unsolvable"] for r in rows)
        lines.append(f"* {moved} rows differ from the thesis" + (
            " (its column holds the same 20 numbers, on other rows)" if same else ""))
    lines.append("")
    lines.append(f"boards {report['boards']:,} in {report['orbits']:,} orbits; unsolvable {report['unsolvable']:,} "
                 f"({report['unsolvable_orbits']:,} orbits); thesis {report['thesis_unsolvable']:,}")
    lines.append("unsolvable boards by reason:")
    for reason, n in report["by_reason"].items():
        lines.append(f"  {n:>8,}  {reason}")
    resumed = f", {report['resumed_chunks']} chunks taken from the checkpoint" if report["resumed_chunks"] else ""
    lines.append(f"{report['seconds']} s on {report['jobs']} process(es){resumed}")
    return "\n".join(lines)


def _census(args) -> int:
    if args.resume and not args.checkpoint:
        raise SquarewiseError("--resume needs --checkpoint PATH")
    for path in (args.save, args.checkpoint):
        if path:
            check_writable(path)
    if args.resume and os.path.lexists(args.checkpoint):
        census.Checkpoint.read(args.checkpoint)     # a broken checkpoint is refused before the work starts
    report = census.census(args.jobs, progress_for(args, "census"), args.checkpoint, args.resume,
                           save=args.save)
    report["jobs"] = args.jobs or census.default_jobs()
    emit(args, report, _census_text(report))
    return 0


def _make_dice(args) -> int:
    make_dice.check_faces(args.faces)
    if args.out:
        check_writable(args.out)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    made = make_dice.make(seed, args.faces, cache=args.cache, jobs=args.jobs,
                          progress=progress_for(args, "verifying every roll"))
    if args.out:
        try:
            dice.save(made.dice_set, args.out)
        except OSError as exc:
            raise SquarewiseError(f"cannot write '{args.out}': {exc.strerror or exc}") from None
    doc = {**made.dice_set.to_json(), **made.stats(seed)}
    if args.json:
        print(json.dumps(doc))
    else:
        lines = [f"die {d}: {' '.join(faces)}" for d, faces in enumerate(doc["dice"], 1)]
        lines.append(made.summary(seed))
        if args.out:
            lines.append(f"saved to {args.out}")
        print("\n".join(lines))
    return 0


def _roll_counts(args) -> int:
    dice_set = dice.resolve(args.dice)
    start = time.perf_counter()
    report = roll_counts.summary(dice_set, args.jobs, progress_for(args, f"counting {dice_set.name}"))
    report["seconds"] = round(time.perf_counter() - start, 1)
    emit(args, report, roll_counts.text(report) + f"\n{report['seconds']} s")
    return 0


def add_census(cmd) -> None:
    cmd.add_argument("--checkpoint", metavar="PATH", help="save finished work to this file as it goes")
    cmd.add_argument("--resume", action="store_true", help="continue the run saved in --checkpoint")
    cmd.add_argument("--save", metavar="FILE",
                     help=f"also write the unsolvable orbit representatives (the cache, e.g. {census.CACHE_NAME})")
    add_jobs(cmd)
    add_common(cmd)
    cmd.set_defaults(handler=_census)


def add_make_dice(cmd) -> None:
    cmd.add_argument("--seed", type=int, metavar="N", help="the seed (default: a random one, printed)")
    cmd.add_argument("--faces", type=int, default=6, metavar="F",
                     help=f"faces per die, {make_dice.MIN_FACES}..{make_dice.MAX_FACES} (default 6)")
    cmd.add_argument("--out", metavar="FILE", help="also save the dice JSON to this file")
    cmd.add_argument("--cache", metavar="FILE", help=f"the census cache (default: {census.CACHE_NAME})")
    add_jobs(cmd)
    add_common(cmd)
    cmd.set_defaults(handler=_make_dice)


def add_roll_counts(cmd) -> None:
    cmd.add_argument("--dice", default="default", metavar="NAME|FILE",
                     help="a built-in set (default, alternative) or a dice JSON file")
    add_jobs(cmd)
    add_common(cmd)
    cmd.set_defaults(handler=_roll_counts)
