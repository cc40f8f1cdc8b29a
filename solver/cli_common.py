"""What every subcommand module shares: the one-line parser, the common options, output.

`solver.cli` builds the top-level parser and registers the subcommand modules
(`genius.cli`, `genius.census_cli`, `macmahon.cli`); they import their helpers from here,
never from `solver.cli`, so no module imports its own caller.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

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


def check_writable(path: str) -> None:
    """Fail before long work, not after it, if the file `path` cannot be written there."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise SquarewiseError(f"cannot write '{path}': it is a folder")
    if not folder.is_dir():
        raise SquarewiseError(f"cannot write '{path}': folder '{folder}' does not exist")
    if not os.access(folder, os.W_OK):
        raise SquarewiseError(f"cannot write '{path}': folder '{folder}' is not writable")
