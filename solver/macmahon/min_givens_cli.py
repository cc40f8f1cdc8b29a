"""`squarewise macmahon min-givens [--no-rotation] [--jobs N]`: the fewest tiles that fix a
solution of the 4 x 6 board, with the distribution over all solutions and classes and one
proper puzzle of the minimum size per class that reaches it (min_givens.py)."""
from __future__ import annotations

import time

from ..cli_common import add_common, add_jobs, counted, emit, progress_for
from .min_givens import min_givens

SHOWN = 8                    # examples drawn in the text report (the JSON has them all)


def _min_givens(args) -> int:
    rotation = not args.no_rotation
    started = time.monotonic()
    what = "tile, cell and turn" if rotation else "tile and cell (any turn)"
    result = min_givens(rotation=rotation, jobs=args.jobs, progress=progress_for(args, "fewest givens"))
    seconds = round(time.monotonic() - started, 2)
    by_solutions, by_classes = result.distribution(), result.distribution(over_classes=True)
    doc = {"rotation": rotation, "minimum": result.minimum,
           "distribution": {str(k): v for k, v in by_solutions.items()},
           "classes_distribution": {str(k): v for k, v in by_classes.items()},
           "solutions": sum(by_solutions.values()), "classes": sum(by_classes.values()),
           "examples": [p.notation() for p in result.examples], "seconds": seconds, "jobs": args.jobs}
    lines = [f"a given fixes the {what}; the fewest givens that leave exactly one completion:",
             f"minimum {result.minimum} "
             f"({by_solutions.get(result.minimum, 0):,} of {doc['solutions']:,} solutions, "
             f"{by_classes.get(result.minimum, 0):,} of {doc['classes']:,} classes)"]
    lines += [f"  m = {k}: {v:>7,} solutions, {by_classes[k]:>6,} classes"
              + (" (no set of givens fixes them)" if k == 0 else "") for k, v in by_solutions.items()]
    lines.append(f"{counted(len(result.examples), 'example')} of {result.minimum} givens"
                 + (f" (the first {SHOWN}; --json lists all)" if len(result.examples) > SHOWN else "") + ":")
    lines += [f"  {p.notation()}" for p in result.examples[:SHOWN]]
    lines.append(f"{seconds} s")
    emit(args, doc, "\n".join(lines))
    return 0


def add_min_givens(parser) -> None:
    parser.add_argument("--no-rotation", action="store_true",
                        help="a given fixes the tile and its cell, not its turn")
    add_jobs(parser)
    add_common(parser)
    parser.set_defaults(handler=_min_givens)
