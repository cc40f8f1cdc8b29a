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

from .atomic import NotARegularFile, existing_mode, write_bytes_atomic
from .errors import SquarewiseError
from .rng import MASK64
from .user_number import read_number

PROG = "squarewise"
STDOUT_OPTIONS = ("out", "classes_out")     # the output options that take '-' for standard output


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


def number(low: int, high: int):
    """An argparse type: a whole number low..high, read by the one rule for typed numbers
    (user_number: ASCII digits, commas between thousands allowed); one line with the range
    otherwise."""
    def read(text: str) -> int:
        try:
            return read_number(text, low, high, "")
        except SquarewiseError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return read


SEED = number(0, MASK64)    # --seed: the dice's generator has 64 bits; a larger seed would repeat a smaller one
MOST = 10 ** 12             # the largest --limit and --offset
MOST_JOBS = 10 ** 6         # the largest --jobs (more than the cores is capped with a note: cap_jobs)


def add_jobs(parser: argparse.ArgumentParser) -> None:
    """--jobs N: the number of processes (default: all cores; capped by cap_jobs)."""
    from .parallel import default_jobs
    parser.add_argument("--jobs", type=number(1, MOST_JOBS), default=None, metavar="N",
                        help=f"worker processes, at most the {default_jobs()} cores here (default: all)")


def cap_jobs(jobs: int | None) -> int | None:
    """`jobs` capped at the cores this process may use, with a note on stderr when it was more
    (more processes only slow the work, and thousands exhaust the machine)."""
    if jobs is None:
        return None
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


def progress_for(args, label: str, always: bool = False):
    """A progress callback for long work, or None when progress should not be drawn: drawn on a
    terminal, with --progress, or `always` (work long enough that silence looks like a hang;
    off a terminal the bar is a line now and then, parallel.ProgressBar)."""
    if always or args.progress or sys.stderr.isatty():
        from .parallel import ProgressBar
        return ProgressBar(label)
    return None


def report_stream(args):
    """Where the readable report goes: stdout, or stderr when an output option is '-' (stdout
    then carries the file)."""
    if any(getattr(args, option, None) == "-" for option in STDOUT_OPTIONS):
        return sys.stderr
    return sys.stdout


def counted(n: int, one: str, many: str | None = None) -> str:
    """'1 tile', '2 tiles', '1 class', '3 classes' (`many` for plurals not made with an 's')."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def ordinal(n: int) -> str:
    """A place in words: 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd', '111th']
    """
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def emit(args, document: dict, text: str) -> None:
    """Print `document` as JSON with --json, else the readable `text` (on report_stream)."""
    print(json.dumps(document) if args.json else text, file=report_stream(args))


def write_output(path: str, data: bytes) -> None:
    """`data` into the file `path` atomically, or on standard output for '-'; SquarewiseError
    (one line) if the file cannot be written."""
    if path == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        write_bytes_atomic(path, data)
    except OSError as exc:
        raise SquarewiseError(f"cannot write '{path}': {exc.strerror or exc}") from None


def check_writable(path: str, option: str = "", binary: bool = False) -> None:
    """Fail before long work, not after it, if the file `path` cannot be written there: no
    folder, no permission, a name too long, or something there that is not a regular file (a
    FIFO, a device) and must not be replaced. '-' is standard output where `option` takes it
    (STDOUT_OPTIONS), and not a terminal for `binary` data."""
    if not path:
        raise SquarewiseError("cannot write '': the file name is empty")
    if path == "-" and option:
        if option.lstrip("-").replace("-", "_") not in STDOUT_OPTIONS:
            raise SquarewiseError(f"{option} needs a file name; '-' (standard output) is taken by "
                                  + " and ".join("--" + o.replace("_", "-") for o in STDOUT_OPTIONS) + " only")
        if binary and sys.stdout is not None and sys.stdout.isatty():
            raise SquarewiseError(f"{option} -: not writing binary data to a terminal (redirect it: > FILE)")
        return
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
    try:
        existing_mode(target)
    except NotARegularFile as exc:
        raise SquarewiseError(f"cannot write '{path}': {exc.strerror}") from None


def guard_stdout(run, needs_stdout: bool = True) -> int:
    """`run()` (which returns an exit code) with streams that cannot break it, then stdout
    flushed while an error can still be reported:

    - a stdout that cannot be written (`> /dev/full`) is one line on stderr and exit 2, and
      a reader that went away (a closed pipe, `| head`) is exit 0;
    - a closed stdout (`>&-`) is the same line and exit 2 before any work when `needs_stdout`
      (the game window does not need one: a windowed Windows executable has none);
    - stderr never raises (SafeStderr): a message or progress bar that cannot be written is
      dropped and the work and its exit code go on; a closed stderr (`2>&-`) is the null
      device, so an error never lands on stdout among the data.

    Also for --help, which argparse ends with SystemExit."""
    saved = sys.stderr
    if not isinstance(saved, SafeStderr):
        sys.stderr = SafeStderr(saved if saved is not None else _null_stream(2))
    try:
        if sys.stdout is None:
            _fill_closed_fd(1)          # so no file the command opens becomes fd 1
            if needs_stdout:
                print(f"{PROG}: error: cannot write the output: standard output is closed", file=sys.stderr)
                return 2
        return _run_and_flush(run)
    finally:
        sys.stderr = saved


def _run_and_flush(run) -> int:
    try:
        try:
            code = run()
        except SystemExit:
            _flush_stdout()
            raise
        _flush_stdout()
        return code
    except BrokenPipeError:
        _drop(sys.stdout)
        return 0
    except OSError as exc:
        if exc.filename is not None or exc.errno not in (errno.ENOSPC, errno.EIO, errno.EBADF):
            raise                      # a file the command opened: not about stdout
        _drop(sys.stdout)
        print(f"{PROG}: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 2


def _flush_stdout() -> None:
    if sys.stdout is not None:
        sys.stdout.flush()


class SafeStderr:
    """Standard error that never raises: the first write or flush that fails (`2>/dev/full`, a
    terminal that went away) points the stream at the null device, so what could not be
    shown is dropped and nothing else changes."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except (OSError, ValueError):
            self._give_up()
            return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except (OSError, ValueError):
            self._give_up()

    def __getattr__(self, name):
        return getattr(self._stream, name)

    def _give_up(self) -> None:
        _drop(self._stream)            # its file descriptor now leads to the null device
        self._stream = _null_stream()


def _null_stream(fd: int | None = None):
    """A text stream on the null device; with `fd` (a closed standard descriptor) on that number."""
    if fd is not None:
        _fill_closed_fd(fd)
    return open(os.devnull, "w", encoding="utf-8")


def _fill_closed_fd(fd: int) -> None:
    """Open the null device as descriptor `fd` if it is closed (POSIX), so that no file opened
    later gets that number and receives what a library writes to it."""
    try:
        os.fstat(fd)
        return
    except OSError:
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
    except OSError:
        pass


def _drop(stream) -> None:
    """Point `stream`'s file descriptor at the null device, so the interpreter's final flush of
    what it still holds cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
