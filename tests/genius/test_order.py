import pytest

from solver.genius import search
from solver.genius.order import STYLES, placing_order
from solver.genius.position import Position
from tests.validate_genius import check_solution

BOARD = "A1A2A4A6B4D5E1"


def laid(start, order):
    """The board after laying `order` on `start`, each step checked by the rules."""
    position = start
    for move in order:
        position = position.place(move)
    return position


@pytest.mark.parametrize("style", STYLES)
def test_an_order_lays_exactly_the_solution(style):
    start = Position.parse(BOARD)
    solution = search.solve(start)
    order = placing_order(start, solution, style)
    assert len(order) == 9 and laid(start, order) == solution
    check_solution(start.blockers, dict(order))


def test_reading_order_always_covers_the_lowest_empty_cell():
    start = Position.parse(BOARD)
    position = start
    for move in placing_order(start, search.solve(start), "reading"):
        assert min(position.empty) in move.cells
        position = position.place(move)


def test_tightest_starts_in_a_pocket_the_blockers_make():
    # A3 and A5 each sit between two blockers on the top edge, with one empty neighbour (B3, B5):
    # only a piece reaching down or the monomino can take them, so a person settles one first.
    start = Position.parse(BOARD)
    piece, cells = placing_order(start, search.solve(start), "tightest")[0]
    assert {2, 4} & cells  # A3, A5


def test_a_partly_laid_start_orders_only_the_missing_pieces():
    start = Position.parse(BOARD + "/1:F6")
    solution = search.solve(start)
    order = placing_order(start, solution)
    assert "1" not in [m.piece for m in order] and laid(start, order) == solution


def test_refuses_a_solution_of_another_board():
    other = search.solve(Position.parse("A1A2A4A6B4D5E2"))
    with pytest.raises(ValueError, match="does not complete"):
        placing_order(Position.parse(BOARD), other)


def test_refuses_an_unknown_style():
    start = Position.parse(BOARD)
    with pytest.raises(ValueError, match="unknown placing order 'sideways'"):
        placing_order(start, search.solve(start), "sideways")
