import pytest

from solver.errors import SquarewiseError
from solver.genius.pieces import (PIECES, cells_at, flip, orientation_of, orientations, placements,
                                  turn)
from tests.validate_genius import LEGAL

EXPECTED_ORIENTATIONS = {"1": 1, "2": 2, "3-I": 2, "3-L": 4, "4-I": 2, "4-L": 8, "4-T": 4,
                         "4-S": 4, "4-O": 1}


def test_nine_pieces_cover_29_cells():
    assert len(PIECES) == 9
    assert sum(len(orientations(p)[0]) for p in PIECES) == 29


@pytest.mark.parametrize("piece", PIECES)
def test_orientations_match_the_independent_list(piece):
    shapes = orientations(piece)
    assert len(shapes) == EXPECTED_ORIENTATIONS[piece] == len(set(shapes))
    assert {frozenset(s) for s in shapes} == LEGAL[piece]
    for s in shapes:
        assert list(s) == sorted(s) and min(r for r, _ in s) == 0 and min(c for _, c in s) == 0


@pytest.mark.parametrize("piece", PIECES)
def test_turns_with_flips_form_the_symmetry_group(piece):
    n = len(orientations(piece))
    for o in range(n):
        t = o
        for _ in range(4):
            t = turn(piece, t)
        assert t == o
        assert flip(piece, flip(piece, o)) == o
        # turning then mirroring equals mirroring then turning the other way (three turns)
        assert flip(piece, turn(piece, o)) == turn(piece, turn(piece, turn(piece, flip(piece, o))))
    reach = {0}
    for _ in range(8):
        reach |= {turn(piece, o) for o in reach} | {flip(piece, o) for o in reach}
    assert reach == set(range(n))


def test_turn_is_clockwise():
    # 4-I home is horizontal; a clockwise turn makes it vertical
    assert orientations("4-I")[turn("4-I", 0)] == ((0, 0), (1, 0), (2, 0), (3, 0))
    # 3-L home: X. / XX ; clockwise: XX / X.
    assert orientations("3-L")[turn("3-L", 0)] == ((0, 0), (0, 1), (1, 0))


def test_cells_at_a_place_on_the_board():
    assert cells_at("4-O", 0, 4, 4) == (28, 29, 34, 35)
    assert cells_at("4-S", 0, 0, 0) == (1, 2, 6, 7)


def test_cells_off_the_board_are_none():
    assert cells_at("4-O", 0, 5, 4) is None
    assert cells_at("4-I", 0, 0, 3) is None


def test_orientation_of_recognises_shapes():
    assert orientation_of("4-L", cells_at("4-L", 5, 2, 1)) == 5
    assert orientation_of("4-L", (0, 1, 2, 3)) is None
    assert orientation_of("2", (5, 6)) is None  # A6 and B1 are not neighbours


def test_placement_counts():
    # on a 6 x 6 board: an a x b box fits (7-a)(7-b) times
    assert len(placements("1")) == 36
    assert len(placements("4-O")) == 25
    assert len(placements("4-L")) == 8 * 5 * 4


def test_unknown_piece_is_refused():
    with pytest.raises(SquarewiseError, match="unknown piece '5-X'"):
        orientations("5-X")


def test_unknown_orientation_is_refused():
    with pytest.raises(SquarewiseError, match=r"piece 4-O has no orientation 1 \(0..0\)"):
        turn("4-O", 1)
