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
def test_macmahon_positions_and_headers(text):
    from solver.macmahon.position import Board, Position
    position = round_trip(Position.parse, text)
    assert position is None or len(position.cells) == position.board.rows * position.board.cols
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


@fuzz
@given(st.one_of(nasty_text("0123456789-_ ", 24), big_numbers(),
                 st.integers(-2, 2 ** 65).map(str)))
def test_seeds(text):
    import argparse
    from solver.cli_common import seed_number
    tried()
    try:
        seed = seed_number(text)
    except argparse.ArgumentTypeError:          # the CLI shows it as one escaped line (SquarewiseError)
        digits = text.strip().lstrip("-")
        assert not (digits.isascii() and digits.isdigit() and len(digits) <= 20 and int(digits) < 2 ** 64) \
            or text.strip().startswith("-") and int(digits) > 0
        return
    assert 0 <= seed < 2 ** 64 and text.strip().lstrip("-").isascii() and int(text.strip()) == seed
