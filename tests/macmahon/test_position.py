import pytest
from hypothesis import given, settings, strategies as st

from solver.errors import IllegalMove, SquarewiseError
from solver.macmahon.position import Board, Move, Position


def test_empty_board_notation_round_trips():
    p = Position.empty()
    assert p.notation() == "4x6x3:....../....../....../......"
    assert Position.parse(p.notation()) == p
    assert Position.parse("4x6x3") == p == Position.parse(" 4x6x3 : ")


def test_move_checker_names_rule_and_place():
    p = Position.empty()
    assert p.check(Move.parse("2a@A1")) == "border must be white on the top edge at A1"
    assert p.check(Move.parse("2b@A1")) is None  # RWWW turned once: WRWW, fits the top-left corner
    p = p.place(Move.parse("2b@A1"))
    assert p.check(Move.parse("2a@A2")) == "tile 2 is already placed"
    assert p.check(Move.parse("3a@A1")) == "cell A1 is taken"
    # tile 8 RWBW turned once: WRWB; its left (blue) meets the red right side of A1
    assert p.check(Move.parse("8b@A2")) == "blue meets red with the tile to the left at A2"
    with pytest.raises(IllegalMove, match="blue meets red"):
        p.place(Move.parse("8b@A2"))


def test_free_mode_allows_clashes_and_reports_them():
    p = Position.empty().place_unchecked(Move.parse("6a@A1"))  # RRRR in the corner
    assert p.clashes() == {(0, "T"), (0, "L")}
    p = p.place_unchecked(Move.parse("1a@A2"))  # WWWW to its right: the red right side meets white
    assert (0, "R") in p.clashes() and (1, "L") in p.clashes()
    with pytest.raises(IllegalMove, match="tile 1 is already placed"):
        p.place_unchecked(Move.parse("1a@A3"))
    assert p.remove(0).clashes() == frozenset()


@pytest.mark.parametrize("bad", [
    "4x6x3:1a", "4x6x3:1a...../....../....../.......", "4x6x3:25a...../....../....../......",
    "4x6x3:1a1b..../....../....../......", "4x6x3:1e...../....../....../......", "5x6x3",
    "4x6x9", "4x6x0", "4x6", "hello", "4x6x3:1...../....../....../......",
])
def test_malformed_positions_are_refused(bad):
    with pytest.raises(SquarewiseError):
        Position.parse(bad)


def test_board_size_must_match_tiles():
    with pytest.raises(SquarewiseError):
        Board(4, 5, 3)
    assert Board(3, 8, 3).size == 24 and Board(2, 3, 2).size == 6


@settings(max_examples=50, deadline=None)
@given(st.permutations(range(24)), st.lists(st.integers(0, 4), min_size=24, max_size=24))
def test_random_positions_round_trip(order, rots):
    cells = tuple(None if k == 4 else (t, k) for t, k in zip(order, rots))
    p = Position(Board(), cells)
    assert Position.parse(p.notation()) == p
    assert set(p.unplaced) == {t for t, k in zip(order, rots) if k == 4}
