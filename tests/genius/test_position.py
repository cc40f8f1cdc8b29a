import pytest
from hypothesis import given, settings, strategies as st

from solver.errors import IllegalMove, SquarewiseError
from solver.genius.pieces import PIECES, placements
from solver.genius.position import Move, Position
from solver.grid import parse_cell

BOARD = "A1A2A4A6B4D5E1"


def cells(*names):
    return tuple(parse_cell(n) for n in names)


def test_from_blockers_and_fields():
    p = Position.from_blockers(cells("E1", "A1", "A2", "A4", "A6", "B4", "D5"))
    assert p.notation() == BOARD
    assert p.unplaced == PIECES and not p.placed and len(p.empty) == 29 and not p.is_complete
    assert p.occupant(parse_cell("B4")) == "#" and p.occupant(parse_cell("B5")) is None


@pytest.mark.parametrize("bad", [list(range(6)), list(range(8)), [0, 0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5, 36]])
def test_from_blockers_refuses(bad):
    with pytest.raises(SquarewiseError):
        Position.from_blockers(bad)


def test_place_remove_and_reasons():
    p = Position.parse(BOARD)
    q = p.place(Move("4-O", cells("C2", "C3", "D2", "D3")))
    assert q.occupant(parse_cell("C2")) == "4-O" and "4-O" not in q.unplaced
    assert q.notation() == BOARD + "/4-O:C2C3D2D3"
    assert q.check(Move("4-O", cells("E2", "E3", "F2", "F3"))) == "4-O is already placed"
    assert q.check(Move("4-I", cells("C1", "C2", "C3", "C4"))) == "overlaps 4-O at C2"
    assert q.check(Move("4-I", cells("A1", "B1", "C1", "D1"))) == "on a blocker at A1"
    assert q.check(Move("4-L", cells("C4", "C5", "C6", "D4"))) is None
    assert q.check(Move("4-L", cells("C4", "C5", "C6", "B6"))) is None
    assert q.check(Move("4-L", cells("C4", "C5", "C6", "D5"))) == "cells do not form piece 4-L"
    assert q.check(Move("2", cells("A6", "B1"))) == "cells do not form piece 2"
    assert q.check(Move("2", None)) == "off the board"
    assert q.check(Move("2", (35, 36))) == "off the board"
    with pytest.raises(IllegalMove, match="overlaps 4-O at C2"):
        q.place(Move("4-I", cells("C1", "C2", "C3", "C4")))
    assert q.remove("4-O") == p and hash(q.remove("4-O")) == hash(p)
    with pytest.raises(IllegalMove):
        p.remove("4-O")
    with pytest.raises(AttributeError):
        p.blockers = frozenset()


@pytest.mark.parametrize("text", ["", "A1A2", "A1A2A4A6B4D5E1Z", "A1A2A4A6B4D5G1", "A1A1A4A6B4D5E1",
                                  BOARD + "/4-O", BOARD + "/5-X:C2", BOARD + "/4-O:C2C3D2",
                                  BOARD + "/4-O:A1A2B1B2", BOARD + "/1:C2/1:C3"])
def test_bad_notation_is_refused(text):
    with pytest.raises(SquarewiseError):
        Position.parse(text)


def test_pickle_and_copy():
    import copy
    import pickle

    p = Position.parse(BOARD + "/4-O:C2C3D2D3")
    for q in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
        assert q == p and q.notation() == p.notation() and q.occupant(parse_cell("C2")) == "4-O"


def test_parse_is_tolerant():
    p = Position.parse("  e1d5b4a6a4a2a1/4-o:d3d2c3c2 ")
    assert p.notation() == BOARD + "/4-O:C2C3D2D3"


@st.composite
def positions(draw):
    blockers = draw(st.sets(st.integers(0, 35), min_size=7, max_size=7))
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
    assert len(p.empty) + 7 + sum(len(c) for c in p.placed.values()) == 36
