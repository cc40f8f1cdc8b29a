"""Fuzzing the text parsers: cells, Genius and MacMahon notation, JSON text, class files, arguments.

Every property is the contract: the input is accepted (and then it is well formed) or it is
refused with a SquarewiseError whose message is one printable line. Any other exception fails.
"""
from __future__ import annotations

import io
import json
import lzma
from contextlib import redirect_stderr, redirect_stdout

from hypothesis import given
from hypothesis import strategies as st

from solver.errors import SquarewiseError
from tests.fuzz.strategies import big_numbers, corrupt, fuzz, nasty_text, tried

VALID_CELLS = {f"{r}{c}" for r in "ABCDEF" for c in "123456"}


def accepts(parse, text):
    """parse(text), or None if it was refused with a one-line SquarewiseError."""
    tried()
    try:
        return parse(text)
    except SquarewiseError as exc:
        message = str(exc)
        assert message and message.isprintable(), repr(message)
        return None


@fuzz
@given(st.one_of(nasty_text("ABCDEFGabcdefz0123456789 "),
                 st.tuples(st.sampled_from("ABCDEFGZaf"), nasty_text("0123456789")).map("".join),
                 big_numbers().map(lambda n: "A" + n)))
def test_cell_names(text):
    from solver.grid import cell_name, parse_cell
    cell = accepts(parse_cell, text)
    if cell is not None:
        assert text.strip().upper() in VALID_CELLS and cell_name(cell) == text.strip().upper()


def notations(alphabet: str, samples: list[str]):
    """Text in a notation's own alphabet mixed with troublesome characters, and damaged valid ones."""
    return st.one_of(nasty_text(alphabet, 60), st.sampled_from(samples).flatmap(corrupt))


def round_trip(parse, text):
    """parse(text) (None if refused); an accepted position reads back from its own notation."""
    position = accepts(parse, text)
    if position is not None:
        assert parse(position.notation()) == position
    return position


GENIUS_SAMPLES = ["A1A2A4A6B4D5E1", "A1A2A4A6B4D5E1/1:F6/4-O:C2C3D2D3", "a6e1a1a4a2d5b4/2:B1B2"]
MACMAHON_SAMPLES = ["4x6x3:1a2b5b14c7c20c/3b4b6a15d18a23c/10a22b12a24a19a11d/9b8d16c17b13d21d",
                    "4x6x3:1a...../....../....../......", "4x6x3", "2x3x2-R:1a..../...", "3x8x3"]


@fuzz
@given(notations("ABCDEF123456/:-ILTSOabc ", GENIUS_SAMPLES))
def test_genius_positions(text):
    from solver.genius.position import Position
    position = round_trip(Position.parse, text)
    assert position is None or len(position.blockers) == 7


@fuzz
@given(notations("0123456789x:/.abcdWRB- ", MACMAHON_SAMPLES))
def test_macmahon_positions(text):
    from solver.macmahon.position import Position
    position = round_trip(Position.parse, text)
    assert position is None or len(position.cells) == position.board.rows * position.board.cols


@fuzz
@given(notations("0123456789x:/.abcdWRB- ", MACMAHON_SAMPLES))
def test_macmahon_board_headers(text):
    from solver.macmahon.position import Board
    board = accepts(Board.parse, text.partition(":")[0])
    assert board is None or Board.parse(board.header) == board


@fuzz
@given(st.one_of(nasty_text('{}[]":,0123456789.eE-+tfnul ', 80),
                 corrupt('{"version": 1, "data": {"window": [1100, 760], "name": "x"}}')))
def test_json_text(text):
    from solver.safe_read import parse_json
    doc = accepts(lambda t: parse_json(t, "test"), text)
    json.dumps(doc, allow_nan=False).encode("utf-8")    # finite numbers and valid Unicode only


@fuzz
@given(st.one_of(st.binary(max_size=300),
                 st.tuples(nasty_text("0123456789x "), st.binary(max_size=50)).map(
                     lambda p: f"squarewise-macmahon-classes 1 {p[0]}\n".encode("utf-8", "surrogatepass") + p[1]),
                 st.binary(max_size=100).map(lambda b: b"squarewise-macmahon-classes 1 4x6x3 2\n" + lzma.compress(b))))
def test_macmahon_class_files(data):
    from solver.macmahon.store import classes_from_bytes
    found = accepts(classes_from_bytes, data)
    if found is not None:
        board, reps = found
        assert reps.shape[1] == board.size


GAME_WORDS = ["--size", "--smoke-test", "--genius", "1280x800", "0x0", "99999x1", "1x1", "x", "nan", "inf", "-1", "0",
              "1e999", "0.5", "--", "--size=--", "--genius=--", "--smoke-test=--", "A1A2A4A6B4D5E1", "٣x٣", "²"]


@fuzz
@given(st.lists(st.one_of(st.sampled_from(GAME_WORDS), nasty_text("0123456789x-", 8)), max_size=4))
def test_game_options(argv):
    from game.options import MAX_SIDE, MAX_SMOKE_SECONDS, parse
    args = accepts(parse, argv)
    if args is not None:
        if args.size is not None:
            assert all(1 <= side <= MAX_SIDE for side in args.size)
        if args.smoke_test is not None:
            assert 0 < args.smoke_test <= MAX_SMOKE_SECONDS


# Quick subcommands only (each call must stay well under a second); the slow ones are fed
# only arguments that fail before any work starts.
CLI_WORDS = ["genius", "macmahon", "solve", "roll", "tiles", "verify-dice", "census", "--position", "--dice", "--seed",
             "--colours", "--rows", "--cols", "--jobs", "--json", "--count", "--save", "--checkpoint", "--resume",
             "A1", "A²", "A٣", "F6", "G7", "A6", "E1", "A4", "A2", "D5", "B4", "--", "=--", "0", "-1", "8", "9" * 5000,
             "100000", "", "x", "4x6x3:1a", "٣x6x3", "/dev/zero", "."]
SLOW = {"verify-dice", "census", "--count"}


@fuzz
@given(st.lists(st.one_of(st.sampled_from(CLI_WORDS), nasty_text(max_size=6)), max_size=6).map(
    lambda words: [w if not w.startswith("=") or not i else words[i - 1] + w for i, w in enumerate(words)]))
def test_cli_arguments(argv):
    from solver.cli import main
    if SLOW & set(argv):
        argv = argv + ["--jobs", "0"]            # stop before the long work: the check comes first
    if "macmahon" in argv and "solve" in argv and "--position" not in argv:
        argv = argv + ["--colours", "99"]         # solving a whole empty board is not what is fuzzed here
    out, err = io.StringIO(), io.StringIO()
    tried()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:               # --help (or an abbreviation of it) prints and exits 0
            code = exc.code
            assert code == 0 and "usage:" in out.getvalue()
    assert code in (0, 1, 2)
    if code == 2:
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith("squarewise: error: ") and lines[0].isprintable()


def _by_the_rule(text: str, hash_sign: bool) -> int | None:
    """The documented rule for typed numbers (docs/cli.md, "Numbers"), written out plainly."""
    body = text[1:] if hash_sign and text[:1] == "#" else text
    if not body or len(body) > 40 or any(c not in "0123456789," for c in body):
        return None
    groups = body.split(",")
    if len(groups) > 1 and not (1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])):
        return None
    return int("".join(groups)) if all(groups) else None


typed_numbers = st.one_of(nasty_text("0123456789,#_ -+.", 24), big_numbers(), st.integers(-2, 2 ** 65).map(str),
                          st.integers(0, 10 ** 25).map(lambda n: f"{n:,}"), st.integers(0, 10 ** 6).map(lambda n: f"#{n:,}"))


@fuzz
@given(typed_numbers, st.integers(0, 2 ** 64), st.integers(0, 2 ** 64), st.booleans())
def test_typed_numbers_follow_the_one_rule(text, low, high, hash_sign):
    from solver.user_number import read_number, span
    low, high = min(low, high), max(low, high)
    value = accepts(lambda t: read_number(t, low, high, "the number", hash_sign), text)
    expected = _by_the_rule(text, hash_sign)
    if expected is not None and low <= expected <= high:
        assert value == expected
    else:
        assert value is None


@fuzz
@given(typed_numbers)
def test_seeds(text):
    import argparse
    from solver.cli_common import SEED
    tried()
    try:
        seed = SEED(text)
    except argparse.ArgumentTypeError as exc:   # the CLI shows it as one escaped line (SquarewiseError)
        assert "from 0 to 18,446,744,073,709,551,615" in str(exc)
        expected = _by_the_rule(text, False)
        assert expected is None or expected >= 2 ** 64
        return
    assert 0 <= seed < 2 ** 64 and seed == _by_the_rule(text, False)


NUMBER_OPTIONS = (
    ["genius", "roll", "--number"], ["genius", "roll", "--seed"], ["genius", "roll", "--level"],
    ["genius", "solutions", "--position", "A1A2A4A6B4D5E1/1:A3A5B5/2:B1B2B3/3:C1D1/4-O:C2C3D2D3", "--offset"],
    ["genius", "solutions", "--position", "A1A2A4A6B4D5E1/1:A3A5B5/2:B1B2B3/3:C1D1/4-O:C2C3D2D3", "--limit"],
    ["genius", "verify-dice", "--jobs"], ["genius", "make-dice", "--faces"],
    ["macmahon", "class"], ["macmahon", "level"], ["macmahon", "level", "1", "--seed"],
    ["macmahon", "tiles", "--colours"], ["macmahon", "solve", "--rows"], ["macmahon", "solve", "--cols"],
)


@fuzz
@given(st.sampled_from(NUMBER_OPTIONS), typed_numbers)
def test_every_number_option_is_a_result_or_one_line_naming_the_range(argv, text):
    """Only texts the rule refuses, or numbers out of range, are tried where a valid one would run
    long (--jobs, --faces): those commands are not run here."""
    from solver.cli import main
    expected = _by_the_rule(text, argv[-1] == "--number")
    if argv[-1] in ("--jobs", "--faces") and expected is not None:
        return
    tried()
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*argv, text] if not text.startswith("-") else [*argv[:-1], f"{argv[-1]}={text}"]
                    if argv[-1].startswith("--") else [*argv, "--", text])
    lines = err.getvalue().splitlines()
    assert code in (0, 1, 2), (argv, text, err.getvalue())
    if expected is None and argv[-1] != "--level":
        assert code == 2 and len(lines) == 1 and lines[0].isprintable(), (argv, text, err.getvalue())
        assert " from " in lines[0] and " to " in lines[0], lines[0]
    if code == 2:
        assert len(lines) == 1 and lines[0].startswith("squarewise: error: ") and lines[0].isprintable()


@fuzz
@given(st.one_of(nasty_text("abc.-:019", 80), st.text(st.sampled_from("ab."), max_size=300),
                 st.integers(0, 400).map(lambda n: "a" * n), st.sampled_from(["::1", "0.0.0.0", "localhost", "[::1]"])),
       st.one_of(typed_numbers, st.integers(-1, 70000).map(str)))
def test_serve_options(host, port):
    """`serve`'s options: parsed into a host the network functions can encode and a port
    0..65535, or one line; the parser is tried, never a real server."""
    from game.net.serve import build_parser
    tried()
    try:
        args = build_parser().parse_args(["--host", host, "--port", port])
    except SquarewiseError as exc:
        assert str(exc).isprintable() and "\n" not in str(exc)
        return
    assert 0 <= args.port <= 65535 and args.port == _by_the_rule(port, False)
    args.host.encode("utf-8")
    args.host.encode("idna")                    # what getaddrinfo does to it: it must not raise
    assert args.host.strip()
