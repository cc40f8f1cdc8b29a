import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from solver.macmahon.position import Board, Move, Position
from solver.macmahon.search import blame, canonical, class_index, hint, solution_classes, solution_table, solve
from solver.macmahon.tiles import rotations
from solver.macmahon.symmetry import group, images, position_codes, position_from_codes
from tests.macmahon.helpers import assert_solution, brute_completions

BOARD = Board()
TABLE = solution_table(BOARD)
CLASSES = solution_classes(BOARD)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def partial(index: int, keep: list[int]) -> Position:
    """The table's solution number `index` with only the cells in `keep` left on."""
    full = position_from_codes(BOARD, TABLE[index % len(TABLE)])
    cells = tuple(v if c in keep else None for c, v in enumerate(full.cells))
    return Position(BOARD, cells)


def table_solvable(position: Position) -> bool:
    codes = position_codes(position)
    placed = codes != 255
    return bool((TABLE[:, placed] == codes[placed]).all(axis=1).any())


@pytest.mark.parametrize("method", ["auto", "table", "dfs"])
def test_empty_board_is_solved(method):
    done = solve(Position.empty(BOARD), method=method)
    assert done is not None and done.is_solved
    assert_solution(done)


def test_the_solution_tables_rows_are_distinct():
    assert len(TABLE) > 0 and len(np.unique(TABLE, axis=0)) == len(TABLE)


def test_the_solution_tables_rows_are_solutions():
    for row in TABLE[:: max(1, len(TABLE) // 500)]:
        assert_solution(position_from_codes(BOARD, row))


@SETTINGS
@given(st.integers(0, 10 ** 9), st.sets(st.integers(0, 23), min_size=15, max_size=18))
def test_completions_agree_with_an_independent_brute_force(index, keep):
    """The listed solutions that agree with a random solution on 15..18 cells are exactly the
    completions a plain rule-only search finds: nothing is missing from the enumeration."""
    start = partial(index, sorted(keep))
    found = brute_completions(start.colour_rows(), 3)
    codes = position_codes(start)
    placed = codes != 255
    rows = TABLE[(TABLE[:, placed] == codes[placed]).all(axis=1)]
    listed = {tuple(position_from_codes(BOARD, r).colours_at(c) for c in range(24)) for r in rows}
    assert listed == found


@SETTINGS
@given(st.integers(0, 10 ** 9), st.sets(st.integers(0, 23), min_size=10, max_size=20),
       st.integers(0, 23), st.integers(0, 95))
def test_depth_first_search_agrees_with_the_table(index, keep, cell, swap):
    """From a random prefix, possibly spoiled by one changed tile, the DFS and the table give
    the same verdict, and any completion is a real solution extending the prefix."""
    start = partial(index, sorted(keep))
    if start.cells[cell] is not None:
        start = start.remove(cell)
        tile, rot = divmod(swap, 4)
        if tile not in start.placed_tiles:
            start = start.place_unchecked(Move(tile, rot, cell))
    expected = table_solvable(start)
    for method in ("dfs", "table"):
        done = solve(start, method=method)
        assert (done is not None) == expected
        if done is not None:
            assert_solution(done)
            assert all(done.colours_at(c) == start.colours_at(c) for c, v in enumerate(start.cells) if v)


@SETTINGS
@given(st.integers(0, 10 ** 9), st.sets(st.integers(0, 23), max_size=20))
def test_hint_belongs_to_a_completion(index, keep):
    start = partial(index, sorted(keep))
    if start.is_complete:
        return
    tip = hint(start)
    assert start.cells[tip.cell] is None and start.check(tip) is None
    assert table_solvable(start.place(tip))


@SETTINGS
@given(st.integers(0, 10 ** 9), st.sets(st.integers(0, 23), min_size=6, max_size=20), st.integers(0, 95))
def test_blame_names_a_cell_that_makes_the_position_solvable(index, keep, swap):
    start = partial(index, sorted(keep))
    cell = sorted(keep)[swap % len(keep)]
    tile, rot = divmod(swap, 4)
    spoiled = start.remove(cell)
    if tile in spoiled.placed_tiles:
        return
    spoiled = spoiled.place_unchecked(Move(tile, rot, cell))
    culprit = blame(spoiled)
    if table_solvable(spoiled):
        assert culprit is None
    elif culprit is not None:
        assert spoiled.cells[culprit] is not None and table_solvable(spoiled.remove(culprit))
    else:  # no single cell will do: check that claim
        assert not any(table_solvable(spoiled.remove(c)) for c, v in enumerate(spoiled.cells) if v)


WHITE_CENTRE = "1a@B3"  # WWWW in the centre (Feldman's theorem 5)


def test_white_square_in_the_centre_is_hopeless():
    bad = Position.empty(BOARD).place(Move.parse(WHITE_CENTRE))
    assert solve(bad) is None and hint(bad) is None


def test_white_square_in_the_centre_is_blamed():
    bad = Position.empty(BOARD).place(Move.parse(WHITE_CENTRE))
    assert BOARD.cell_name(blame(bad)) == "B3"


def test_depth_first_search_can_be_cancelled():
    # a stopper (one white triangle) in the centre is hopeless (Feldman's theorem 8), but the
    # search needs a long time to prove it
    bad = Position.parse("4x6x3:....../..16d.../....../......")
    assert solve(bad) is None
    deadline = time.monotonic() + 0.3
    assert solve(bad, lambda: time.monotonic() > deadline, method="dfs") is None
    assert time.monotonic() < deadline + 1.0


def test_counting_argument_proves_the_white_square_off_the_centre_at_once():
    bad = Position.empty(BOARD).place(Move.parse("1a@B3"))
    started = time.monotonic()
    assert solve(bad, lambda: time.monotonic() > started + 5, method="dfs") is None
    assert time.monotonic() < started + 1.0


@SETTINGS
@given(st.integers(0, 10 ** 9), st.integers(0, 7))
def test_canonical_form_is_shared_by_the_whole_orbit(index, g):
    row = TABLE[index % len(TABLE)]
    image = list(images(BOARD, row[None, :]))[g][0]
    a = canonical(position_from_codes(BOARD, row))
    b = canonical(position_from_codes(BOARD, image))
    assert a == b and a.is_solved


def test_group_of_the_classic_board_has_order_8():
    assert len(group(BOARD)) == 8


def test_group_of_the_classic_board_is_closed():
    elements = group(BOARD)
    keys = {(tuple(p), tuple(m)) for _, p, m in elements}
    for _, p1, m1 in elements:
        for _, p2, m2 in elements:
            perm = p2[p1]          # first g1 then g2
            codes = m2[m1]
            assert (tuple(perm), tuple(codes)) in keys


def test_larger_colour_sets_are_solved_by_search():
    done = solve(Position.empty(Board(7, 10, 4)))
    assert done is not None
    assert_solution(done)


@SETTINGS
@given(st.integers(0, 10 ** 9))
def test_class_index_finds_the_class_in_the_browser_list(index):
    position = position_from_codes(BOARD, TABLE[index % len(TABLE)])
    k = class_index(position)
    assert CLASSES[k] == canonical(position)
    assert class_index(Position.empty(BOARD)) is None


def test_blame_by_search_on_a_four_colour_board():
    board = Board(7, 10, 4)
    done = solve(Position.empty(board))
    start = Position(board, tuple(v if c < 30 else None for c, v in enumerate(done.cells)))
    cell = next(c for c in range(11, 30) if len(set(rotations(board.tiles[start.cells[c][0]]))) == 4)
    tile, rot = start.cells[cell]
    spoiled = start.remove(cell).place_unchecked(Move(tile, (rot + 1) % 4, cell))
    assert spoiled.clashes()
    assert blame(start) is None
    culprit = blame(spoiled)
    assert culprit is not None and solve(spoiled.remove(culprit)) is not None


def test_the_solve_steps_lead_from_the_position_to_its_solution():
    p = Position.empty(BOARD).place(Move.parse("3b@A1"))
    done = solve(p)
    for move in p.moves_to(done):
        p = p.place(move)
    assert p == done
