"""The headless command line: `squarewise genius ...` and `squarewise macmahon ...`.

Exit codes: 0 success, 1 the answer is "no" (unsolvable, unsolvable rolls, impossible
position), 2 bad input or usage or an output that cannot be written, 130 Ctrl-C, 128 + N
after SIGTERM or SIGHUP (143, 129); always with one line on stderr and never a traceback.
Every subcommand takes --json (one JSON document on stdout) and --progress.
"""
from __future__ import annotations

import argparse
import sys

from .cli_common import PROG, OneLineParser, cap_jobs, check_path, guard_stdout
from .errors import SquarewiseError
from .parallel import Stopped, stop_on_signals


def build_parser() -> argparse.ArgumentParser:
    from .genius import census_cli, cli as genius_cli
    from .macmahon import cli as macmahon_cli

    parser = OneLineParser(prog=PROG, description="Squarewise: MacMahon Squares and The Genius Square.")
    puzzles = parser.add_subparsers(dest="puzzle", metavar="PUZZLE", parser_class=OneLineParser)
    puzzles.required = True
    genius = genius_cli.register(puzzles)
    census_cli.register(genius)          # census, make-dice, roll-counts
    macmahon_cli.register(puzzles)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; returns the exit code."""
    return guard_stdout(lambda: _run(argv))


def _run(argv: list[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if hasattr(args, "jobs"):
            args.jobs = cap_jobs(args.jobs)
        for option in FILE_OPTIONS:
            check_path(getattr(args, option, None), "--" + option.replace("_", "-"))
        with stop_on_signals():
            return args.handler(args)
    except SquarewiseError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{_new_line()}{PROG}: interrupted", file=sys.stderr)
        return 130
    except Stopped as stop:
        print(f"{_new_line()}{PROG}: stopped by {stop.name}", file=sys.stderr)
        return 128 + stop.signum


def _new_line() -> str:
    """A line break that ends a progress bar drawn on a terminal."""
    return "\n" if sys.stderr.isatty() else ""


# Options that name a file; an empty name is refused for each.
FILE_OPTIONS = ("save", "checkpoint", "out", "cache", "classes_out", "dice")


if __name__ == "__main__":
    sys.exit(main())
