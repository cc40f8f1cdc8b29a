"""The headless command line: `squarewise genius ...` and `squarewise macmahon ...`.

Exit codes: 0 success, 1 the answer is "no" (unsolvable, unsolvable rolls, impossible
position), 2 bad input or usage or an output that cannot be written, 130 Ctrl-C, 128 + N
after SIGTERM or SIGHUP (143, 129); always with one line on stderr and never a traceback.
Every subcommand takes --json (one JSON document on stdout) and --progress.

A one-shot command starts fast because only what it uses is built and imported: COMMANDS
names, for every subcommand, its help line and the function that adds its options
("module:function"); the parsers of a puzzle's commands are made when that puzzle is chosen,
and a command's module is imported when that command is parsed or its --help is shown. A new
subcommand is one line here and that function in its module.
"""
from __future__ import annotations

import argparse
import importlib
import signal
import sys
from functools import partial
from typing import Callable, NamedTuple

from . import puzzles
from .cli_common import PROG, OneLineParser, cap_jobs, check_path, guard_stdout
from .errors import SquarewiseError
from .stopping import Stopped, arrived, stop_on_signals


class Command(NamedTuple):
    setup: str     # "module:function"; function(parser) adds the options and the handler
    help: str


# Each puzzle's commands (its title is the engine's list's: solver/puzzles.py).
COMMANDS = {
    "genius": {
        "solve": Command("solver.genius.solve_cli:add_solve", "solve a board given by its 7 blocker cells"),
        "hint": Command("solver.genius.solve_cli:add_hint", "the next move of a position, or the piece to take back"),
        "solutions": Command("solver.genius.solve_cli:add_solutions",
                             "list every solution of a board, one position per line"),
        "roll": Command("solver.genius.cli:add_roll", "roll the dice (reproducibly with --seed)"),
        "daily": Command("solver.genius.cli:add_daily", "the daily puzzle: the same roll for everyone on a date"),
        "verify-dice": Command("solver.genius.cli:add_verify", "check that every roll of a dice set is solvable"),
        "census": Command("solver.genius.census_cli:add_census",
                          "decide all C(36,7) boards (unsolvable count, Table 3, reasons)"),
        "make-dice": Command("solver.genius.census_cli:add_make_dice",
                             "generate a new dice set whose every roll is solvable"),
        "roll-counts": Command("solver.genius.census_cli:add_roll_counts",
                               "count the solutions of every roll of a dice set (long: 6-20 minutes for the "
                               "default dice on 2 cores, with progress on stderr)"),
        "min-pieces": Command("solver.genius.min_pieces_cli:add_min_pieces",
                              "the fewest pieces that leave exactly one way to finish a roll (--all: every roll)"),
    },
    "macmahon": {
        "solve": Command("solver.macmahon.solve_cli:add_solve", "complete a position (default: the empty 4x6 board)"),
        "hint": Command("solver.macmahon.solve_cli:add_hint", "the next move of a position, or the tile to take back"),
        "class": Command("solver.macmahon.solve_cli:add_class", "print solution class N of the 13,328 (4x6)"),
        "count": Command("solver.macmahon.cli:add_count", "count all solutions and their symmetry classes"),
        "daily": Command("solver.macmahon.cli:add_daily",
                         "the daily puzzle: tiles given, one completion, the same for everyone"),
        "level": Command("solver.macmahon.cli:add_level",
                         "a board of level 1..10: tiles given, one completion (level 10: the fewest tiles possible)"),
        "tiles": Command("solver.macmahon.cli:add_tiles", "list the tile set"),
        "min-givens": Command("solver.macmahon.min_givens_cli:add_min_givens",
                              "the fewest tiles that leave one completion, over all 106,624 solutions (5-15 s)"),
    },
}

# Commands beside the puzzles' (`squarewise standings ...`): name -> Command, imported when used.
SERVER_COMMANDS = {
    "standings": Command("game.net.standings_cli:add_standings",
                         "The standings of a daily puzzle on a race server (place, name, time; yours)"),
}


class LazyParser(OneLineParser):
    """A parser whose arguments are added by `setup(parser)` only when it is used (parsed or
    its help shown): a puzzle's commands, a command's options (its module imported then)."""

    setup: Callable[[argparse.ArgumentParser], None] | None = None

    def _ready(self) -> None:
        if self.setup is not None:
            setup, self.setup = self.setup, None
            setup(self)

    def parse_known_args(self, args=None, namespace=None):
        self._ready()
        return super().parse_known_args(args, namespace)

    def format_usage(self):
        self._ready()
        return super().format_usage()

    def format_help(self):
        self._ready()
        return super().format_help()


def _add_commands(puzzle: str, parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=LazyParser)
    commands.required = True
    for name, command in COMMANDS[puzzle].items():
        commands.add_parser(name, help=command.help).setup = partial(_add_options, command.setup)


def _add_options(setup: str, parser: argparse.ArgumentParser) -> None:
    module, function = setup.split(":")
    getattr(importlib.import_module(module), function)(parser)


def build_parser(listed: dict[str, str] | None = None) -> argparse.ArgumentParser:
    """The solver's parser; `listed`: commands run before it (`squarewise serve`), name -> help,
    named in its help beside the others."""
    parser = OneLineParser(prog=PROG, description="Squarewise: MacMahon Squares and The Genius Square.")
    choices = parser.add_subparsers(dest="puzzle", metavar="PUZZLE", parser_class=LazyParser)
    choices.required = True
    for engine in puzzles.PUZZLES:       # the help line names every command, so none is left out
        if engine.name in COMMANDS:
            choices.add_parser(engine.name, help=f"{engine.title}: {', '.join(COMMANDS[engine.name])}").setup = \
                partial(_add_commands, engine.name)
    for name, command in SERVER_COMMANDS.items():
        choices.add_parser(name, help=command.help).setup = partial(_add_options, command.setup)
    for name, help_ in (listed or {}).items():
        choices.add_parser(name, help=help_)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one subcommand; returns the exit code."""
    return guard_stdout(lambda: _run(argv))


def _run(argv: list[str] | None) -> int:
    try:
        with stop_on_signals():         # from the start: a signal while parsing is one line too
            args = build_parser().parse_args(argv)
            if hasattr(args, "jobs"):
                args.jobs = cap_jobs(args.jobs)
            for option in FILE_OPTIONS:
                check_path(getattr(args, option, None), "--" + option.replace("_", "-"))
            return args.handler(args)
    except (SquarewiseError, KeyboardInterrupt, Stopped) as exc:
        return _ended(exc)
    except Exception as exc:
        if arrived() is None:
            raise
        return _ended(exc)      # a signal's exception turned into another by a library (numpy's import)


def _ended(exc: BaseException) -> int:
    """The one line and the exit code of a command ended by bad input or by a signal."""
    signum = exc.signum if isinstance(exc, Stopped) else arrived()
    if isinstance(exc, SquarewiseError) and signum is None:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    if signum is None or signum == signal.SIGINT:
        print(f"{_new_line()}{PROG}: interrupted", file=sys.stderr)
        return 130
    print(f"{_new_line()}{PROG}: stopped by {signal.Signals(signum).name}", file=sys.stderr)
    return 128 + signum


def _new_line() -> str:
    """A line break that ends a progress bar drawn on a terminal."""
    return "\n" if sys.stderr.isatty() else ""


# Options that name a file; an empty name is refused for each.
FILE_OPTIONS = ("save", "checkpoint", "out", "cache", "classes_out", "dice")


if __name__ == "__main__":
    sys.exit(main())
