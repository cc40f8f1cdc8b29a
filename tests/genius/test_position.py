"""Genius positions and moves: the notation, the move checker, immutability."""
import copy
import pickle

import pytest
from hypothesis import given, settings, strategies as st

from solver.errors import IllegalMove, SquarewiseError
from solver.genius.board import CELLS
from solver.genius.pieces import PIECES, placements
from solver.genius.position import BLOCKERS, Move, Position
from solver.grid import parse_cell

BOARD = "A1A2A4A6B4D5E1"


def cells(*names):
    return frozenset(parse_cell(n) for n in names)


@pytest.fixture
def with_square():
    """The board with the square on C2 C3 D2 D3."""
    return Position.parse(BOARD).place(Move.parse("4-O:C2C3D2D3"))


def test_from_blockers_writes_the_blockers_in_board_order():
    p = Position.from_blockers(cells("E1", "A1", "A2", "A4", "A6", "B4", "D5"))
    assert p.notation() == BOARD


def test_a_bare_board_has_every_piece_to_place():
    p = Position.parse(BOARD)
    assert p.unplaced == PIECES and not p.placed and len(p.empty) == 29 and not p.is_complete


@pytest.mark.parametrize(("cell", "occupant"), [("B4", "#"), ("C2", "4-O"), ("B5", None)])
def test_occupant_names_what_covers_a_cell(with_square, cell, occupant):
    assert with_square.occupant(parse_cell(cell)) == occupant


@pytest.mark.parametrize("bad,message", [
    (["A1", "A2", "A3", "A4", "A5", "A6"], "exactly 7 blockers, got 6"),
    (["A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2"], "exactly 7 blockers, got 8"),
    (["A1", "A1", "A2", "A3", "A4", "A5", "A6"], "duplicate blocker A1"),
])
def test_from_blockers_refuses_wrong_blocker_sets(bad, message):
    with pytest.raises(SquarewiseError, match=message):
        Position.from_blockers([parse_cell(n) for n in bad])


def test_from_blockers_refuses_a_cell_off_the_board():
    with pytest.raises(SquarewiseError, match="blocker 36 is not a cell 0..35"):
        Position.from_blockers([0, 1, 2, 3, 4, 5, 36])


def test_place_puts_the_piece_in_the_notation(with_square):
    assert with_square.notation() == BOARD + "/4-O:C2C3D2D3"
    assert "4-O" not in with_square.unplaced


@pytest.mark.parametrize("move,reason", [
    ("4-O:E2E3F2F3", "4-O is already placed"),
    ("4-I:C1C2C3C4", "overlaps 4-O at C2"),
    ("4-I:A1B1C1D1", "on a blocker at A1"),
    ("4-L:C4C5C6D5", "cells do not form piece 4-L"),
    ("2:A6B1", "cells do not form piece 2"),
])
def test_check_names_the_rule_a_move_breaks(with_square, move, reason):
    assert with_square.check(Move.parse(move)) == reason


@pytest.mark.parametrize("move", ["4-L:C4C5C6D4", "4-L:B6C4C5C6"])
def test_check_allows_a_legal_move_in_any_orientation(with_square, move):
    assert with_square.check(Move.parse(move)) is None


@pytest.mark.parametrize("cells_off", [None, (35, 36)])
def test_check_refuses_cells_off_the_board(with_square, cells_off):
    assert with_square.check(Move("2", cells_off)) == "off the board"


def test_place_refuses_an_illegal_move_with_the_reason(with_square):
    with pytest.raises(IllegalMove, match="overlaps 4-O at C2"):
        with_square.place(Move.parse("4-I:C1C2C3C4"))


def test_remove_undoes_place(with_square):
    p = Position.parse(BOARD)
    assert with_square.remove("4-O") == p and hash(with_square.remove("4-O")) == hash(p)


def test_remove_refuses_a_piece_not_placed():
    with pytest.raises(IllegalMove, match="4-O is not placed"):
        Position.parse(BOARD).remove("4-O")


def test_positions_are_immutable():
    with pytest.raises(AttributeError, match="immutable"):
        Position.parse(BOARD).blockers = frozenset()


def test_moves_to_lists_the_missing_pieces_in_piece_order(with_square):
    target = with_square.place(Move.parse("1:F6")).place(Move.parse("2:F4F5"))
    assert [m.notation() for m in Position.parse(BOARD).moves_to(target)] == ["1:F6", "2:F4F5", "4-O:C2C3D2D3"]


def test_move_notation_is_canonical():
    assert Move.parse(" 4-o:d3c2C3d2 ").notation() == "4-O:C2C3D2D3"


def test_move_parse_reads_a_pieces_notation():
    assert Move.parse("4-O:C2C3D2D3") == Move("4-O", cells("C2", "C3", "D2", "D3"))


@pytest.mark.parametrize("text,message", [
    ("4-O", "should be piece:cells"),
    ("4-Q:A1", "unknown piece '4-Q'"),
    ("4-O:", "is not a run of cell names"),
    ("4-O:C2C3D2X", "is not a run of cell names"),
    ("4-O:C2C3D2G3", "cell 'G3' is off the board"),
    (3, "a move is text like 4-O:C2C3D2D3"),
])
def test_bad_move_text_is_refused(text, message):
    with pytest.raises(SquarewiseError, match=message):
        Move.parse(text)


@pytest.mark.parametrize("text,message", [
    ("", "empty position notation"),
    ("A1A2", "exactly 7 blockers, got 2"),
    ("A1A2A4A6B4D5E1Z", "is not a run of cell names"),
    ("A1A2A4A6B4D5G1", "cell 'G1' is off the board"),
    ("A1A1A4A6B4D5E1", "duplicate blocker A1"),
    (BOARD + "/4-O", "should be piece:cells"),
    (BOARD + "/5-X:C2", "unknown piece '5-X'"),
    (BOARD + "/4-O:C2C3D2", "cells do not form piece 4-O"),
    (BOARD + "/4-O:A1A2B1B2", "on a blocker at A1"),
    (BOARD + "/1:C2/1:C3", "1 is already placed"),
    (BOARD + "/2=D1D3", "cells do not form piece 2"),               # a given piece (issue 38), as any other
    (BOARD + "/2=A1B1", "on a blocker at A1"),
    (BOARD + "/2=C2C3/2:D3D4", "2 is already placed"),
    (BOARD + "/9=C2C3", "unknown piece '9'"),
])
def test_bad_notation_is_refused(text, message):
    with pytest.raises(SquarewiseError, match=message):
        Position.parse(text)


def test_a_long_paste_is_quoted_short_in_the_refusal():
    junk = "A1B2<>\"'\t%s{}\n\u2603" * 150                 # a playtest's paste into the game ID box
    with pytest.raises(SquarewiseError) as refused:
        Position.parse(junk)
    message = str(refused.value)
    assert "is not a run of cell names" in message and len(message) < 120 and message.isprintable()


@pytest.mark.parametrize("duplicate", [lambda p: pickle.loads(pickle.dumps(p)), copy.copy, copy.deepcopy],
                         ids=["pickle", "copy", "deepcopy"])
def test_a_duplicated_position_keeps_its_pieces(with_square, duplicate):
    q = duplicate(with_square)
    assert q == with_square and q.occupant(parse_cell("C2")) == "4-O"


def test_parse_forgives_case_order_spacing():
    p = Position.parse("  e1d5b4a6a4a2a1/4-o:d3d2c3c2 ")
    assert p.notation() == BOARD + "/4-O:C2C3D2D3"


@st.composite
def positions(draw):
    blockers = draw(st.sets(st.integers(0, CELLS - 1), min_size=BLOCKERS, max_size=BLOCKERS))
    p = Position.from_blockers(sorted(blockers))
    for piece in draw(st.lists(st.sampled_from(PIECES), max_size=9)):
        options = [c for c in placements(piece) if p.check(Move(piece, c)) is None]
        if options:
            p = p.place(Move(piece, draw(st.sampled_from(options))))
    return p


@settings(max_examples=200, deadline=None)
@given(positions())
def test_notation_round_trips(p):
    text = p.notation()
    q = Position.parse(text)
    assert q == p and q.notation() == text and hash(q) == hash(p)
    assert Position.parse(text.lower()) == p


@settings(max_examples=100, deadline=None)
@given(positions())
def test_every_cell_is_a_blocker_a_piece_or_empty(p):
    assert len(p.empty) + BLOCKERS + sum(len(c) for c in p.placed.values()) == CELLS


def test_clashes_are_only_the_cells_already_taken():
    pos = Position.parse("A1A2A4A6B4D5E1")
    blockers = sorted(pos.blockers)
    some = next(m for m in search_moves(pos, "4-I") if len(set(m.cells) & pos.blockers) == 1)
    assert pos.clashes(some) == set(some.cells) & pos.blockers
    free = next(m for m in search_moves(pos, "2") if not set(m.cells) & pos.blockers)
    assert pos.clashes(free) == frozenset()
    after = pos.place(free)
    over = next(m for m in search_moves(after, "3-I") if set(m.cells) & set(free.cells))
    assert after.clashes(over) == (set(over.cells) & (set(free.cells) | set(blockers)))


def search_moves(pos, piece):
    """Every placement of `piece` on the board, as moves (legal or not)."""
    return [Move(piece, cells) for cells in placements(piece)]


@settings(max_examples=150, deadline=None)
@given(positions(), st.sampled_from(PIECES), st.frozensets(st.integers(0, CELLS - 1), min_size=1, max_size=4))
def test_a_moves_cells_as_a_set_or_a_list_get_the_same_verdict(p, piece, cells):
    """`check` answers a Move's frozenset of cells with two set look-ups; the full check on the
    same cells as a list (no quick answer) says the same."""
    assert p.check(Move(piece, cells)) == p.check(Move(piece, sorted(cells)))


def placed_two() -> Position:
    return Position.parse(BOARD).place(Move.parse("4-O:C2C3D2D3")).place(Move.parse("1:F6"))


def test_place_gives_the_position_the_notation_would_build():
    p = placed_two()
    assert p == Position.parse(BOARD + "/1:F6/4-O:C2C3D2D3") and list(p.placed) == ["1", "4-O"]
    assert p.empty == frozenset(range(CELLS)) - p.blockers - cells("C2", "C3", "D2", "D3", "F6")


def test_remove_frees_the_pieces_cells_keeping_the_others_order():
    p = placed_two()
    q = p.remove("1")
    assert list(q.placed) == ["4-O"] and q.empty == p.empty | cells("F6")
