"""The headless command line: `squarewise genius ...` and `squarewise macmahon ...`.

Exit codes: 0 success, 1 the answer is "no" (unsolvable, unsolvable rolls, impossible
position), 2 bad input or usage, always with one line on stderr and never a traceback.
Every subcommand takes --json (one JSON document on stdout) and --progress.
"""
from __future__ import annotations

import argparse
import json
import sys

from .errors import SquarewiseError
from .parallel import ProgressBar

PROG = "squarewise"


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line and exit 2."""

    def error(self, message):
        raise SquarewiseError(f"{message} (see '{self.prog} --help')")


def add_common(parser: argparse.ArgumentParser) -> None:
    """The options every subcommand has."""
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    parser.add_argument("--progress", action="store_true",
                        help="draw progress on stderr even when it is not a terminal")


def add_jobs(parser: argparse.ArgumentParser) -> None:
    """--jobs N: the number of processes (default: all cores; main() refuses N < 1)."""
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="worker processes (default: all cores)")


def progress_for(args, label: str):
    """A progress callback for long work, or None when progress should not be drawn."""
    if args.progress or sys.stderr.isatty():
        return ProgressBar(label)
    return None


def emit(args, document: dict, text: str) -> None:
    """Print `document` as JSON with --json, else the readable `text`."""
    print(json.dumps(document) if args.json else text)


def build_parser() -> argparse.ArgumentParser:
    from .genius.cli import register as register_genius
    from .macmahon.cli import register as register_macmahon

    parser = OneLineParser(prog=PROG, description="Squarewise: MacMahon Squares and The Genius Square.")
    puzzles = parser.add_subparsers(dest="puzzle", metavar="PUZZLE", parser_class=OneLineParser)
    puzzles.required = True
    register_genius(puzzles)
    register_macmahon(puzzles)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; returns the exit code."""
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "jobs", None) is not None and args.jobs < 1:
            raise SquarewiseError(f"--jobs must be at least 1, got {args.jobs}")
        return args.handler(args)
    except SquarewiseError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
