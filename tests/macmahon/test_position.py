"""MacMahon positions and moves: the notation, the move checker, free mode."""
import pytest
from hypothesis import given, settings, strategies as st

from solver.errors import IllegalMove, SquarewiseError
from solver.grid import parse_cell
from solver.macmahon.position import Board, Move, Position


@pytest.fixture
def corner():
    """Tile 2 (RWWW) turned once in the top-left corner: its red side faces A2."""
    return Position.empty().place(Move.parse("2b@A1"))


def test_empty_board_notation():
    assert Position.empty().notation() == "4x6x3:....../....../....../......"


@pytest.mark.parametrize("text", ["4x6x3:....../....../....../......", "4x6x3", " 4x6x3 : "])
def test_empty_board_parses_in_every_spelling(text):
    assert Position.parse(text) == Position.empty()


def test_a_tile_on_the_border_must_show_border_colour():
    assert Position.empty().check(Move.parse("2a@A1")) == "border must be white on the top edge at A1"


def test_a_tile_turned_to_fit_is_legal():
    assert Position.empty().check(Move.parse("2b@A1")) is None


@pytest.mark.parametrize("move,reason", [
    ("2a@A2", "tile 2 is already placed"),
    ("3a@A1", "cell A1 is taken"),
    # tile 8 RWBW turned once: WRWB; its left (blue) meets the red right side of A1
    ("8b@A2", "blue meets red with the tile to the left at A2"),
])
def test_check_says_which_rule_breaks_where(corner, move, reason):
    assert corner.check(Move.parse(move)) == reason


def test_place_refuses_an_illegal_move_with_the_reason(corner):
    with pytest.raises(IllegalMove, match="blue meets red"):
        corner.place(Move.parse("8b@A2"))


def test_free_mode_reports_the_clashes_it_allows():
    p = Position.empty().place_unchecked(Move.parse("6a@A1"))  # RRRR in the corner
    assert p.clashes() == {(parse_cell("A1"), "T"), (parse_cell("A1"), "L")}


def test_free_mode_reports_both_sides_of_a_mismatched_edge():
    p = Position.empty().place_unchecked(Move.parse("6a@A1")).place_unchecked(Move.parse("1a@A2"))
    assert {(parse_cell("A1"), "R"), (parse_cell("A2"), "L")} <= p.clashes()


def test_free_mode_still_refuses_a_used_tile():
    p = Position.empty().place_unchecked(Move.parse("1a@A2"))
    with pytest.raises(IllegalMove, match="tile 1 is already placed"):
        p.place_unchecked(Move.parse("1a@A3"))


def test_remove_empties_the_cell():
    p = Position.empty().place_unchecked(Move.parse("6a@A1"))
    assert p.remove(parse_cell("A1")) == Position.empty()


def test_moves_to_lists_the_target_tiles_on_empty_cells_in_cell_order(corner):
    target = corner.place_unchecked(Move.parse("8c@A2")).place_unchecked(Move.parse("3a@B1"))
    assert [m.notation() for m in Position.empty().moves_to(target)] == ["2b@A1", "8c@A2", "3a@B1"]


def test_move_notation_round_trips():
    assert Move.parse("8b@A2") == Move(7, 1, parse_cell("A2")) and Move(7, 1, 1).notation() == "8b@A2"


def test_move_cells_are_named_on_the_board_given():
    tall = Board(6, 4)
    assert Move.parse("8b@B1", tall).cell == 4 and Move(7, 1, 4).notation(tall) == "8b@B1"


@pytest.mark.parametrize("text,message", [
    ("8b", "is not a move"),
    ("8e@A2", "is not a move"),
    ("25a@A1", "unknown tile 25"),
    ("0a@A1", "unknown tile 0"),
    ("8b@E1", "cell 'E1' is off the board"),
    (5, "is not a move"),
])
def test_bad_move_text_is_refused(text, message):
    with pytest.raises(SquarewiseError, match=message):
        Move.parse(text)


@pytest.mark.parametrize("bad,message", [
    ("4x6x3:1a", "the position has 1 row"),
    ("4x6x3:1a...../....../....../.......", "row 4 of the position has 7 cells"),
    ("4x6x3:25a...../....../....../......", "unknown tile 25 at A1"),
    ("4x6x3:1a1b..../....../....../......", r"tile 1 is placed twice \(A1 and A2\)"),
    ("4x6x3:1e...../....../....../......", "'1e' in row 1 of the position is not a tile"),
    ("4x6x3:1...../....../....../......", "'1' in row 1 of the position is not a tile"),
    ("5x6x3", "a 5x6 board has 30 cells but 3 colours make 24 tiles"),
    ("4x6x9", "a board has 1 to 7 colours, not 9"),
    ("4x6x0", "a board has 1 to 7 colours, not 0"),
    ("4x6", "'4x6' is not a board"),
    ("hello", "'hello' is not a board"),
])
def test_malformed_positions_are_refused(bad, message):
    with pytest.raises(SquarewiseError, match=message):
        Position.parse(bad)


def test_board_size_must_match_the_tile_count():
    with pytest.raises(SquarewiseError, match="a 4x5 board has 20 cells but 3 colours make 24 tiles"):
        Board(4, 5, 3)


@pytest.mark.parametrize("rows,cols,colours,size", [(3, 8, 3, 24), (2, 3, 2, 6)])
def test_boards_of_other_shapes(rows, cols, colours, size):
    assert Board(rows, cols, colours).size == size


@settings(max_examples=50, deadline=None)
@given(st.permutations(range(24)), st.lists(st.integers(0, 4), min_size=24, max_size=24))
def test_random_positions_round_trip(order, rots):
    cells = tuple(None if k == 4 else (t, k) for t, k in zip(order, rots))
    p = Position(Board(), cells)
    assert Position.parse(p.notation()) == p
    assert set(p.unplaced) == {t for t, k in zip(order, rots) if k == 4}


def test_a_board_says_one_range_of_colours_however_it_is_named(capsys):
    # issue 36: a board header said "1 and 8", the --colours option "1 to 7" (boards have 1 to 7)
    from solver.cli import main
    for named in ("4x6x9", "4x6x8", "1x1x9:."):
        with pytest.raises(SquarewiseError, match=r"^a board has 1 to 7 colours, not [89]"):
            Position.parse(named)
    with pytest.raises(SquarewiseError, match=r"^a board has 1 to 7 colours, not 8 \(the 1,044 tiles"):
        Board(4, 261, 8)
    for args in (["--colours", "9"], ["--position", "1x1x9:."], ["--position", "4x6x0"]):
        assert main(["macmahon", "solve", *args]) == 2
        assert " 1 to 7" in capsys.readouterr().err
