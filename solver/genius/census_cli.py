"""The `squarewise genius` subcommands about all boards and dice design: census, make-dice, roll-counts.

    genius census [--jobs N] [--checkpoint PATH [--resume]] [--save [FILE]]
    genius census --counts [--jobs N] [--checkpoint PATH [--resume]] [--save [FILE]]
    genius make-dice [--seed N] [--faces 6] [--out FILE|-] [--cache FILE] [--jobs N]
    genius roll-counts [--dice NAME|FILE] [--jobs N]

`census --save` with no FILE writes the census cache to the user's cache folder
(user_cache_file), where `make-dice` looks first, then at the cache shipped with Squarewise:
never into the source checkout, which a pipx or executable install does not have. With
`--counts`, `--save` alone writes COUNTS_NAME there.

All take --json and --progress. Exit codes: 0 success, 2 bad input.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path

from ..cli_common import (SEED, add_common, add_jobs, check_writable, emit, number, progress_for, report_stream,
                          write_output)
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


def user_cache_file(name: str = Path(census.CACHE_NAME).name) -> Path:
    """The census cache (or another file `name`) in the user's cache folder (~/.cache/squarewise/
    on Linux; platformdirs, imported only here so the solver stays light)."""
    from platformdirs import user_cache_path
    return user_cache_path("squarewise", appauthor=False) / name


class _UserCache(str):
    """The path of user_cache_file(), given by `--save` alone; its folder is made by the command."""


class _SaveToUserCache(argparse.Action):
    """`--save` alone: the user cache file."""

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, _UserCache(user_cache_file()) if values is None else values)


def _make_folder_of(path: str) -> None:
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SquarewiseError(f"cannot make the cache folder '{Path(path).parent}': {exc.strerror or exc}") from None


def _default_cache() -> str | None:
    """The cache make-dice reads without --cache: the user's (`census --save`) if there is one,
    else None, the one shipped with Squarewise."""
    path = user_cache_file()
    return str(path) if os.path.lexists(path) else None


COUNTS_NAME = "counts.npz"   # the table `census --counts --save` writes to the user's cache folder
COUNT_BANDS = (0, 1, 2, 10, 100, 1_000, 10_000, 100_000)
SHOWN_SINGLES = 10


def _counts_text(report: dict) -> str:
    n = {int(k): v for k, v in report["distribution"].items()}
    lines = [f"boards {report['boards']:,}; tilings {report['tilings']:,} "
             f"(mean {report['mean']:,} per board, median {report['median']:,.0f})",
             "percentiles: " + ", ".join(f"{p}% {q:,.0f}" for p, q in report["percentiles"].items()),
             "boards by number of solutions:"]
    for lo, hi in zip(COUNT_BANDS, COUNT_BANDS[1:] + (None,)):
        boards = sum(b for c, b in n.items() if c >= lo and (hi is None or c < hi))
        span = f"{lo:,}" if hi == lo + 1 else f"{lo:,}.." + (f"{hi - 1:,}" if hi else "")
        lines.append(f"  {span:>16} {boards:>10,}")
    top = report["max"]
    lines.append(f"most solutions: {top['solutions']:,}, on {len(top['boards'])} boards:")
    lines += [f"  {' '.join(b)}" for b in top["boards"]]
    single = report["single"]
    lines.append(f"boards with exactly one solution: {len(single):,}"
                 + (f" (the first {SHOWN_SINGLES}; all with --json):" if len(single) > SHOWN_SINGLES else ":"))
    lines += [f"  {' '.join(b)}" for b in single[:SHOWN_SINGLES]]
    agree = "agree" if report["orbits_agree"] else "DISAGREE (a bug: please report it)"
    lines.append(f"the boards of each of the {report['orbits']:,} symmetry classes {agree} on their count")
    resumed = f", {report['resumed_units']} units taken from the checkpoint" if report["resumed_units"] else ""
    lines.append(f"{report['seconds']} s on {report['jobs']} process(es){resumed}")
    return "\n".join(lines)


def _counts(args) -> int:
    from . import counts   # only this command pays for the import
    if args.resume and os.path.lexists(args.checkpoint):
        counts.Checkpoint.read(args.checkpoint)     # a broken checkpoint is refused before the work starts
    report = counts.run(args.jobs, progress_for(args, "counting", always=True), args.checkpoint, args.resume,
                        save_to=args.save)
    report["jobs"] = args.jobs or census.default_jobs()
    emit(args, report, _counts_text(report))
    return 0


def _census(args) -> int:
    if args.resume and not args.checkpoint:
        raise SquarewiseError("--resume needs --checkpoint PATH")
    if isinstance(args.save, _UserCache):
        if args.counts:
            args.save = _UserCache(user_cache_file(COUNTS_NAME))
        _make_folder_of(args.save)
    for path, option in ((args.save, "--save"), (args.checkpoint, "--checkpoint")):
        if path:
            check_writable(path, option)
    if args.counts:
        return _counts(args)
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
        check_writable(args.out, "--out")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    made = make_dice.make(seed, args.faces, cache=args.cache or _default_cache(), jobs=args.jobs,
                          progress=progress_for(args, "verifying every roll"))
    if args.out:
        write_output(args.out, dice.dumps(made.dice_set).encode("utf-8"))
    doc = {**made.dice_set.to_json(), **made.stats(seed)}
    if args.json:
        print(json.dumps(doc), file=report_stream(args))
    else:
        lines = [f"die {d}: {' '.join(faces)}" for d, faces in enumerate(doc["dice"], 1)]
        lines.append(made.summary(seed))
        if args.out and args.out != "-":
            lines.append(f"saved to {args.out}")
        print("\n".join(lines), file=report_stream(args))
    return 0


def _roll_counts(args) -> int:
    dice_set = dice.resolve(args.dice)
    start = time.perf_counter()
    report = roll_counts.summary(dice_set, args.jobs, progress_for(args, f"counting {dice_set.label}", always=True))
    report["seconds"] = round(time.perf_counter() - start, 1)
    emit(args, report, roll_counts.text(report) + f"\n{report['seconds']} s")
    return 0


def add_census(cmd) -> None:
    cmd.add_argument("--counts", action="store_true",
                     help="count the solutions of every board instead (distribution, maximum, single-solution boards)")
    cmd.add_argument("--checkpoint", metavar="PATH", help="save finished work to this file as it goes")
    cmd.add_argument("--resume", action="store_true", help="continue the run saved in --checkpoint")
    cmd.add_argument("--save", metavar="FILE", nargs="?", action=_SaveToUserCache,
                     help="also write the unsolvable orbit representatives (the census cache) to FILE; "
                          "with no FILE to the user's cache folder, where make-dice finds it; with --counts, "
                          f"one solution count per symmetry class (.npz; with no FILE {COUNTS_NAME} there)")
    add_jobs(cmd)
    add_common(cmd)
    cmd.set_defaults(handler=_census)


def add_make_dice(cmd) -> None:
    cmd.add_argument("--seed", type=SEED, metavar="N", help="the seed (default: a random one, printed)")
    cmd.add_argument("--faces", type=number(make_dice.MIN_FACES, make_dice.MAX_FACES), default=6, metavar="F",
                     help=f"faces per die, {make_dice.MIN_FACES}..{make_dice.MAX_FACES} (default 6)")
    cmd.add_argument("--out", metavar="FILE",
                     help="also save the dice JSON to this file ('-': to stdout, the report then goes to stderr)")
    cmd.add_argument("--cache", metavar="FILE", help="the census cache (default: the one `census --save` wrote to "
                                                      "the user's cache folder, else the one shipped with Squarewise)")
    add_jobs(cmd)
    add_common(cmd)
    cmd.set_defaults(handler=_make_dice)


def add_roll_counts(cmd) -> None:
    cmd.description = ("Count the solutions of every distinct roll of a dice set. This is long: 6 to 20 "
                       "minutes for the default dice (62,208 rolls) on 2 cores, depending on the load, longer "
                       "for sets with more rolls; progress with the time left is shown on stderr, a line every "
                       "30 s when it is not a terminal.")
    cmd.add_argument("--dice", default="default", metavar="NAME|FILE",
                     help="a built-in set (default, alternative) or a dice JSON file")
    add_jobs(cmd)
    add_common(cmd)
    cmd.set_defaults(handler=_roll_counts)
