"""What every subcommand module shares: the one-line parser, the common options, output.

`solver.cli` builds the top-level parser and names the subcommand modules (`genius.cli`,
`genius.census_cli`, `macmahon.cli`, ...), importing only the one chosen; they import their
helpers from here, never from `solver.cli`, so no module imports its own caller. This module
stays light (no multiprocessing, no numpy): every command imports it.
"""
from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from pathlib import Path

from .errors import SquarewiseError

PROG = "squarewise"


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line and exit 2."""

    def error(self, message):
        raise SquarewiseError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message, file=None):
        """As argparse, but a failed write (help to `> /dev/full`) is raised, not ignored."""
        if message:
            (file or sys.stderr).write(message)

    def _get_values(self, action, arg_strings):
        """`--opt=--` gives the option the text '--' (argparse would drop it and pass a list)."""
        if action.option_strings and arg_strings == ["--"] and action.nargs in (None, "?"):
            value = self._get_value(action, "--")
            self._check_value(action, value)
            return value
        return super()._get_values(action, arg_strings)


def add_common(parser: argparse.ArgumentParser) -> None:
    """The options every subcommand has."""
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    parser.add_argument("--progress", action="store_true",
                        help="draw progress on stderr even when it is not a terminal")


def add_jobs(parser: argparse.ArgumentParser) -> None:
    """--jobs N: the number of processes (default: all cores; capped by cap_jobs)."""
    from .parallel import default_jobs
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help=f"worker processes, at most the {default_jobs()} cores here (default: all)")


def cap_jobs(jobs: int | None) -> int | None:
    """`jobs` capped at the cores this process may use, with a note on stderr when it was more
    (more processes only slow the work, and thousands exhaust the machine); SquarewiseError below 1."""
    if jobs is None:
        return None
    if jobs < 1:
        raise SquarewiseError(f"--jobs must be at least 1, got {jobs}")
    from .parallel import default_jobs
    cores = default_jobs()
    if jobs > cores:
        print(f"{PROG}: note: --jobs {jobs} is more than the {cores} cores here; using {cores}", file=sys.stderr)
        return cores
    return jobs


def check_path(path: str | None, option: str) -> None:
    """SquarewiseError if a file option was given an empty name (`--save ''` must not be ignored)."""
    if path is not None and not path.strip():
        raise SquarewiseError(f"{option} needs a file name, got an empty one")


def progress_for(args, label: str):
    """A progress callback for long work, or None when progress should not be drawn."""
    if args.progress or sys.stderr.isatty():
        from .parallel import ProgressBar
        return ProgressBar(label)
    return None


def emit(args, document: dict, text: str) -> None:
    """Print `document` as JSON with --json, else the readable `text`."""
    print(json.dumps(document) if args.json else text)


def check_writable(path: str) -> None:
    """Fail before long work, not after it, if the file `path` cannot be written there."""
    if not path:
        raise SquarewiseError("cannot write '': the file name is empty")
    target = Path(path)
    folder = target.parent
    try:
        if target.is_dir():
            raise SquarewiseError(f"cannot write '{path}': it is a folder")
        if not folder.is_dir():
            raise SquarewiseError(f"cannot write '{path}': folder '{folder}' does not exist")
    except OSError as exc:          # a name too long, say
        raise SquarewiseError(f"cannot write '{path}': {exc.strerror or exc}") from None
    if not os.access(folder, os.W_OK):
        raise SquarewiseError(f"cannot write '{path}': folder '{folder}' is not writable")
    if len(target.name) + 24 > 255:  # the temporary file of the atomic write adds up to 24 characters
        raise SquarewiseError(f"cannot write '{path}': the file name is too long")


def guard_stdout(run) -> int:
    """`run()` (which returns an exit code), then stdout flushed while an error can still be
    reported: a stdout that cannot be written (`> /dev/full`) is one line on stderr and exit 2,
    and a reader that went away (a closed pipe, `| head`) is exit 0. Also for --help, which
    argparse ends with SystemExit."""
    try:
        try:
            code = run()
        except SystemExit:
            sys.stdout.flush()
            raise
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except OSError as exc:
        if exc.filename is not None or exc.errno not in (errno.ENOSPC, errno.EIO, errno.EBADF):
            raise                      # a file the command opened: not about stdout
        _drop_stdout()
        print(f"{PROG}: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 2


def _drop_stdout() -> None:
    """Point stdout at the null device so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
