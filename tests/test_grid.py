import pytest

from solver.errors import SquarewiseError
from solver.grid import cell_name, parse_cell, symmetries


def test_cell_names_round_trip_on_6x6():
    names = [cell_name(i) for i in range(36)]
    assert names[0] == "A1" and names[5] == "A6" and names[30] == "F1" and names[35] == "F6"
    assert [parse_cell(n) for n in names] == list(range(36))
    assert parse_cell(" b3 ") == 8


@pytest.mark.parametrize("bad", ["", "A", "11", "AA", "A-1"])
def test_malformed_cell_names_are_refused(bad):
    with pytest.raises(SquarewiseError, match="is not a cell name"):
        parse_cell(bad)


@pytest.mark.parametrize("bad", ["G1", "A7", "A0"])
def test_cells_off_the_board_are_refused(bad):
    with pytest.raises(SquarewiseError, match=rf"cell '{bad}' is off the board \(A1..F6\)"):
        parse_cell(bad)


def test_rectangle_cells_use_their_own_width():
    assert parse_cell("D6", rows=4, cols=6) == 23
    assert cell_name(23, cols=6) == "D6"
    with pytest.raises(SquarewiseError, match=r"cell 'E1' is off the board \(A1..D6\)"):
        parse_cell("E1", rows=4, cols=6)


@pytest.mark.parametrize("rows,cols,order", [(6, 6, 8), (4, 6, 4), (2, 12, 4)])
def test_symmetries_form_a_group(rows, cols, order):
    perms = [p for _, p in symmetries(rows, cols)]
    assert len(perms) == order == len(set(perms))
    assert perms[0] == tuple(range(rows * cols))
    for p in perms:
        assert sorted(p) == list(range(rows * cols))
        for q in perms:
            assert tuple(q[p[i]] for i in range(rows * cols)) in perms


def test_rotate90_turns_the_top_left_corner_to_the_top_right():
    rot = dict(symmetries(6, 6))["rotate90"]
    assert cell_name(rot[parse_cell("A1")]) == "A6"
    assert cell_name(rot[parse_cell("A6")]) == "F6"
